// Connecting a workspace's Google account (issue 16). Thin: parse, call the service, answer.
// 'owner' + decidedInService: a session is required (401), and the service allows only the
// workspace's owner and editors (workspaceFor; anyone else's workspace is 404).
import type { FastifyInstance } from 'fastify';
import { GoogleCallbackQuery, GoogleConnectBody, GoogleConnectionQuery, GOOGLE_MESSAGES as M } from '../../../shared/api/google';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { signedInUser } from '../access/enforce';
import { decidedInService } from '../access/resources';
import { IpLimiter } from '../auth/limiter';
import { perAccount, perIp, type RateLimit } from '../auth/rate-limit';
import { connectionStatus, disconnect, finishConnect, startConnect } from './service';

/** Consent links one account may open per hour (each stores a state row). */
export const CONNECTS_PER_HOUR = 30;
/** Callbacks one client IP may send per hour (each may cost a call to Google's token endpoint). */
export const CALLBACKS_PER_HOUR = 60;

const workspaceWhy = 'the workspace named (or the caller’s own): its owner or an editor (gsheets/service.ts workspaceFor)';

export function googleRoutes(app: FastifyInstance, ctx: ServerContext) {
  const connects = perAccount(new IpLimiter(CONNECTS_PER_HOUR, 3600_000));
  const connectLimit: RateLimit = { body: GoogleConnectBody, check: [connects], refusal: M.tooManyConnects, count: [{ when: 'attempt', budgets: [connects] }] };
  const callbacks = perIp(new IpLimiter(CALLBACKS_PER_HOUR, 3600_000));
  const callbackLimit: RateLimit = { check: [callbacks], refusal: M.tooManyConnects, count: [{ when: 'attempt', budgets: [callbacks] }] };

  app.post('/api/google/connect', { config: { access: 'owner', resource: decidedInService(workspaceWhy), rateLimit: connectLimit } }, async (request) => {
    const { mode, workspace_id } = parse(GoogleConnectBody, request.body);
    return startConnect(ctx, signedInUser(request), mode, workspace_id);
  });

  // Google sends the owner's browser here (a top-level GET: the session cookie comes along).
  // Every outcome goes back to the dashboard, in words there.
  app.get('/api/google/callback', { config: { access: 'owner', resource: decidedInService('the consent state names the workspace and the user who started it'), rateLimit: callbackLimit } }, async (request, reply) => {
    const query = parse(GoogleCallbackQuery, request.query);
    const outcome = await finishConnect(ctx, signedInUser(request), query);
    const params = new URLSearchParams({ google: outcome.google, ...(outcome.message ? { message: outcome.message } : {}) });
    return reply.redirect(`/dashboard?${params.toString()}`, 303);
  });

  app.get('/api/google/connection', { config: { access: 'owner', resource: decidedInService(workspaceWhy) } }, async (request) => {
    const { workspace_id } = parse(GoogleConnectionQuery, request.query);
    return connectionStatus(ctx, signedInUser(request), workspace_id);
  });

  app.delete('/api/google/connection', { config: { access: 'owner', resource: decidedInService(workspaceWhy) } }, async (request, reply) => {
    const { workspace_id } = parse(GoogleConnectionQuery, request.query);
    await disconnect(ctx, signedInUser(request), workspace_id);
    return reply.status(204).send();
  });
}
