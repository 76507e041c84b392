import type { FastifyInstance } from 'fastify';
import { resolvedApp, resolvedBlock, resolvedPage, resolvedViewer } from '../access/enforce';
import { blockParam, pageInBody, pageParam } from '../access/resources';
import { BlockOrderBody, CreateBlockBody, UpdateBlockBody } from '../../../shared/api';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import * as service from './service';

export function blockRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/blocks', { config: { access: 'public' } }, async () => ({ blocks: service.catalogue() }));

  app.get('/api/blocks/:id', { config: { access: 'app-viewer', resource: blockParam() } }, async (request) => ({
    block: service.readBlock(resolvedBlock(request), resolvedViewer(request).owner),
  }));

  app.post('/api/blocks', { config: { access: 'owner', resource: pageInBody(CreateBlockBody, (b) => b.pageId) } }, async (request, reply) => {
    const body = parse(CreateBlockBody, request.body);
    const block = await service.createBlock(ctx, resolvedPage(request), resolvedApp(request), body);
    return reply.status(201).send({ block });
  });

  app.put('/api/blocks/:id', { config: { access: 'owner', resource: blockParam() } }, async (request) => {
    const body = parse(UpdateBlockBody, request.body);
    return { block: await service.updateBlock(ctx, resolvedBlock(request), body) };
  });

  app.delete('/api/blocks/:id', { config: { access: 'owner', resource: blockParam() } }, async (request, reply) => {
    await service.deleteBlock(ctx, resolvedBlock(request));
    return reply.status(204).send();
  });

  app.put('/api/pages/:id/blocks/order', { config: { access: 'owner', resource: pageParam() } }, async (request) => {
    const { order } = parse(BlockOrderBody, request.body);
    return { blocks: await service.reorderBlocks(ctx, resolvedPage(request), order) };
  });
}
