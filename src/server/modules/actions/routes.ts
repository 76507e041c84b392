import type { FastifyInstance } from 'fastify';
import { MetadataQuery, RunActionBody } from '../../../shared/api';
import { RunActionParams } from '../../../shared/api/params';
import { resolvedApp, resolvedBlock, resolvedViewer } from '../access/enforce';
import { blockIn } from '../access/resources';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { ACTION_MESSAGES, RateLimited, runAction } from './service';

export function actionRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/blocks/:blockId/actions/:index/run', { config: { access: 'app-viewer', resource: blockIn(RunActionParams, (p) => p.blockId, ACTION_MESSAGES.blockNotFound) } }, async (request, reply) => {
    const { blockId, index } = parse(RunActionParams, request.params);
    const body = parse(RunActionBody, request.body);
    // The web request layer puts `board` (and `referer`) in every call's query string.
    const query = parse(MetadataQuery, request.query);
    try {
      const found = { row: resolvedBlock(request), app: resolvedApp(request), viewer: resolvedViewer(request) };
      return await runAction(ctx, request.access.caller, found, {
        blockId,
        index,
        rowId: body.rowId,
        board: body.board ?? query.board,
        host: request.host,
        ip: request.ip,
      });
    } catch (err) {
      if (err instanceof RateLimited) reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  });
}
