import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { requireUser } from '../auth/service';
import { workspacePlan } from './service';

export function workspaceRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/workspace', { config: { access: 'signed-in' } }, async (request) => {
    const user = await requireUser(ctx, request);
    return workspacePlan(ctx, user.id);
  });
}
