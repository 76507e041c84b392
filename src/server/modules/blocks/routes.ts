import { resolvedApp, resolvedBlock, resolvedPage, resolvedViewer } from '../../access/enforce';
import { blockParam, pageInBody, pageParam } from '../../access/resources';
import { BlockOrderBody, BlockResponse, CatalogueResponse, CreateBlockBody, UpdateBlockBody } from '../../../shared/api';
import { IdParams } from '../../../shared/api/params';
import { z } from 'zod';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import * as service from './service';

const BlocksResponse = z.object({ blocks: z.array(BlockResponse.shape.block) });

export function blockRoutes(app: ApiServer, ctx: ServerContext) {
  app.get('/api/blocks', { config: { access: 'public', tokens: 'read', api: { tag: 'Blocks', summary: 'The catalogue of block kinds and their settings', response: CatalogueResponse } } }, async () => ({ blocks: service.catalogue() }));

  app.get('/api/blocks/:id', { schema: { params: IdParams }, config: { access: 'app-viewer', resource: blockParam(), tokens: 'read', api: { tag: 'Blocks', summary: 'Get a block', response: BlockResponse } } }, async (request) => ({
    block: service.readBlock(resolvedBlock(request), resolvedViewer(request).owner),
  }));

  app.post('/api/blocks', { schema: { body: CreateBlockBody }, config: { access: 'owner', resource: pageInBody(CreateBlockBody, (b) => b.pageId), tokens: 'read-write', api: { tag: 'Blocks', summary: 'Add a block to a page (settings are checked against its kind)', response: BlockResponse, status: 201 } } }, async (request, reply) => {
    const block = await service.createBlock(ctx, resolvedPage(request), resolvedApp(request), request.body);
    return reply.status(201).send({ block });
  });

  app.put('/api/blocks/:id', { schema: { params: IdParams, body: UpdateBlockBody }, config: { access: 'owner', resource: blockParam(), tokens: 'read-write', api: { tag: 'Blocks', summary: "Change a block's settings", response: BlockResponse } } }, async (request) => {
    return { block: await service.updateBlock(ctx, resolvedBlock(request), request.body) };
  });

  app.delete('/api/blocks/:id', { schema: { params: IdParams }, config: { access: 'owner', resource: blockParam(), tokens: 'read-write', api: { tag: 'Blocks', summary: 'Delete a block', status: 204 } } }, async (request, reply) => {
    await service.deleteBlock(ctx, resolvedBlock(request));
    return reply.status(204).send();
  });

  app.put('/api/pages/:id/blocks/order', { schema: { params: IdParams, body: BlockOrderBody }, config: { access: 'owner', resource: pageParam(), tokens: 'read-write', api: { tag: 'Blocks', summary: "Reorder a page's blocks", response: BlocksResponse } } }, async (request) => {
    return { blocks: await service.reorderBlocks(ctx, resolvedPage(request), request.body.order) };
  });
}
