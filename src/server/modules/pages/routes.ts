import type { FastifyInstance } from 'fastify';
import { callerOf } from '../access/viewer';
import { z } from 'zod';
import { CreatePageBody, PageOrderBody, UpdatePageBody } from '../../../shared/api';
import { AppIdParams, IdParams, SlugParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { currentUser } from '../auth/session';
import * as service from './service';

const PageQuery = z.object({ app: z.string().optional(), board: z.string().optional(), referer: z.string().optional() });

export function pageRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/pages/:appId', { config: { access: 'app-viewer' } }, async (request) => {
    const { appId } = parse(AppIdParams, request.params);
    return { pages: await service.listPages(ctx, await callerOf(ctx, request), appId) };
  });

  app.get('/api/page/:slug', { config: { access: 'app-viewer' } }, async (request) => {
    const { slug } = parse(SlugParams, request.params);
    const q = parse(PageQuery, request.query);
    // `board` is the page path here, not the app: only the host or `app` name the app, unless
    // the path itself starts with the board slug (/{board_slug}/...).
    const page = await service.pageBySlug(ctx, await callerOf(ctx, request), slug, { app: q.app, board: q.app ? undefined : q.board, host: request.host });
    return { page };
  });

  app.post('/api/pages', { config: { access: 'owner' } }, async (request, reply) => {
    const body = parse(CreatePageBody, request.body);
    const page = await service.createPage(ctx, await currentUser(ctx, request), body);
    return reply.status(201).send({ page });
  });

  app.put('/api/pages/:id', { config: { access: 'owner' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(UpdatePageBody, request.body);
    return { page: await service.renamePage(ctx, await currentUser(ctx, request), id, body) };
  });

  app.delete('/api/pages/:id', { config: { access: 'owner' } }, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    await service.deletePage(ctx, await currentUser(ctx, request), id);
    return reply.status(204).send();
  });

  app.put('/api/apps/:appId/pages/order', { config: { access: 'owner' } }, async (request) => {
    const { appId } = parse(AppIdParams, request.params);
    const { order } = parse(PageOrderBody, request.body);
    return { pages: await service.reorderPages(ctx, await currentUser(ctx, request), appId, order) };
  });
}
