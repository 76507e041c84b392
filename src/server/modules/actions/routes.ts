import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MetadataQuery, RunActionBody } from '../../../shared/api';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { callerOf } from '../access/viewer';
import { RateLimited, runAction } from './service';

const RunParams = z.object({ blockId: z.string().min(1).max(64), index: z.coerce.number().int().min(0).max(99) });

export function actionRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/blocks/:blockId/actions/:index/run', { config: { access: 'app-viewer' } }, async (request, reply) => {
    const { blockId, index } = parse(RunParams, request.params);
    const body = parse(RunActionBody, request.body);
    // The web request layer puts `board` (and `referer`) in every call's query string.
    const query = parse(MetadataQuery, request.query);
    try {
      return await runAction(ctx, await callerOf(ctx, request), {
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
