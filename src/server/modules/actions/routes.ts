import { MetadataQuery, RunActionBody, RunActionResponse } from '../../../shared/api';
import { RunActionParams } from '../../../shared/api/params';
import { resolvedApp, resolvedBlock, resolvedViewer } from '../../access/enforce';
import { blockIn } from '../../access/resources';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { ACTION_MESSAGES, RateLimited, runAction } from './service';

export function actionRoutes(app: ApiServer, ctx: ServerContext) {
  app.post(
    '/api/blocks/:blockId/actions/:index/run',
    {
      // The web request layer puts `board` (and `referer`) in every call's query string.
      schema: { params: RunActionParams, querystring: MetadataQuery, body: RunActionBody },
      config: {
        access: 'app-viewer',
        resource: blockIn(RunActionParams, (p) => p.blockId, ACTION_MESSAGES.blockNotFound),
        api: { tag: 'Blocks', summary: "Run one of a block's action buttons on a row (duplicate, delete, API call, e-mail)", response: RunActionResponse },
      },
    },
    async (request, reply) => {
      const { blockId, index } = request.params;
      const body = request.body;
      try {
        const found = { row: resolvedBlock(request), app: resolvedApp(request), viewer: resolvedViewer(request) };
        return await runAction(ctx, request.access.caller, found, {
          blockId,
          index,
          rowId: body.rowId,
          board: body.board ?? request.query.board,
          host: request.host,
          ip: request.ip,
        });
      } catch (err) {
        if (err instanceof RateLimited) reply.header('Retry-After', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );
}
