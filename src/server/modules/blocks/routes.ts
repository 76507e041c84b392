import type { FastifyInstance } from 'fastify';
import { callerOf } from '../access/viewer';
import { BlockOrderBody, CreateBlockBody, UpdateBlockBody } from '../../../shared/api';
import { IdParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { currentUser } from '../auth/session';
import * as service from './service';

export function blockRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/blocks', { config: { access: 'public' } }, async () => ({ blocks: service.catalogue() }));

  app.get('/api/blocks/:id', { config: { access: 'app-viewer' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    return { block: await service.readBlock(ctx, await callerOf(ctx, request), id) };
  });

  app.post('/api/blocks', { config: { access: 'owner' } }, async (request, reply) => {
    const body = parse(CreateBlockBody, request.body);
    const block = await service.createBlock(ctx, await currentUser(ctx, request), body);
    return reply.status(201).send({ block });
  });

  app.put('/api/blocks/:id', { config: { access: 'owner' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(UpdateBlockBody, request.body);
    return { block: await service.updateBlock(ctx, await currentUser(ctx, request), id, body) };
  });

  app.delete('/api/blocks/:id', { config: { access: 'owner' } }, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    await service.deleteBlock(ctx, await currentUser(ctx, request), id);
    return reply.status(204).send();
  });

  app.put('/api/pages/:id/blocks/order', { config: { access: 'owner' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    const { order } = parse(BlockOrderBody, request.body);
    return { blocks: await service.reorderBlocks(ctx, await currentUser(ctx, request), id, order) };
  });
}
