import type { FastifyInstance } from 'fastify';
import { callerOf } from '../access/viewer';
import { z } from 'zod';
import { AppInfoBody, BoardMetadataBody, CreateAppBody, MetadataQuery, PageMetadataBody, PageMetadataQuery, UpdateAppBody } from '../../../shared/api';
import { IdParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { currentUser, requireUser } from '../auth/session';
import { workspaceOf } from '../workspace/service';
import { boardMetadata, pageMetadata } from './metadata';
import * as service from './service';

const BoardQuery = MetadataQuery.extend({ app: z.string().optional() });

export function appRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/apps', { config: { access: 'signed-in' } }, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = parse(CreateAppBody, request.body);
    const ws = await workspaceOf(ctx, user.id);
    const { app: created } = await service.createApp(ctx, { workspaceId: ws.id }, body);
    return reply.status(201).send({ app: service.appOut(created) });
  });

  app.get('/api/apps', { config: { access: 'signed-in' } }, async (request) => {
    const user = await requireUser(ctx, request);
    return { apps: (await service.listApps(ctx, user)).map(service.appOut) };
  });

  app.get('/api/apps/:id', { config: { access: 'app-viewer' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    const { app: found } = await service.readableApp(ctx, await callerOf(ctx, request), id);
    return { app: service.appOut(found) };
  });

  app.post('/api/app/app-info', { config: { access: 'app-viewer' } }, async (request) => {
    const { appName } = parse(AppInfoBody, request.body ?? {});
    return { app: service.appOut(await service.appInfo(ctx, await callerOf(ctx, request), appName)) };
  });

  app.put('/api/apps/:id', { config: { access: 'owner' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(UpdateAppBody, request.body);
    return { app: service.appOut(await service.updateApp(ctx, await currentUser(ctx, request), id, body)) };
  });

  app.delete('/api/apps/:id', { config: { access: 'owner' } }, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    await service.deleteApp(ctx, await currentUser(ctx, request), id);
    return reply.status(204).send();
  });

  app.post('/api/board/update-metadata', { config: { access: 'app-viewer' } }, async (request) => {
    const q = parse(BoardQuery, request.query);
    const body = parse(BoardMetadataBody, request.body ?? {});
    return boardMetadata(ctx, await callerOf(ctx, request), { board: q.board, app: q.app, host: request.host }, body);
  });

  app.post('/api/page/update-metadata', { config: { access: 'app-viewer' } }, async (request) => {
    const q = parse(PageMetadataQuery, request.query);
    const body = parse(PageMetadataBody, request.body ?? {});
    return pageMetadata(ctx, await callerOf(ctx, request), { board: q.board, app: q.app, page: q.page, host: request.host }, body);
  });
}
