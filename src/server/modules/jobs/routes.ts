// The notices of operations a stopped server interrupted (service.ts): the signed-in owner's own.
import { NoticesResponse } from '../../../shared/api/notices';
import { ShortIdParams } from '../../../shared/api/params';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { signedInUser } from '../../access/enforce';
import { notFound } from '../../errors';
import { dismissNotice, noticesOf } from './service';

export function jobRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Workspace';
  app.get('/api/notices', { config: { access: 'signed-in', api: { tag, summary: 'Operations of yours a server stop interrupted (nothing of them was changed)', response: NoticesResponse } } }, async (request) => ({
    notices: await noticesOf(ctx, signedInUser(request).id),
  }));

  app.delete('/api/notices/:id', { schema: { params: ShortIdParams }, config: { access: 'signed-in', api: { tag, summary: 'Dismiss a notice', status: 204 } } }, async (request, reply) => {
    if (!(await dismissNotice(ctx, signedInUser(request).id, request.params.id))) throw notFound('Notice not found');
    return reply.status(204).send();
  });
}
