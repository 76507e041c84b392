// The provider's admin area (issue 14). Sign-in is public and rate-limited like the owners'; every
// other route is the 'admin' rule's (an `sb_admin` session; owners and app users get 401).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminLoginBody,
  AdminSessionResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  DecisionHistoryResponse,
  QueueItemResponse,
  QueueQuery,
  QueueResponse,
  RejectBody,
} from '../../../shared/api/admin';
import { ADMIN_MESSAGES } from '../../../shared/rules/marketplace';
import type { ServerContext } from '../../platform/context';
import { unauthorized } from '../../errors';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter } from '../../platform/limits/limiter';
import { limitedBody, perAddress, perIp, type RateLimit } from '../../platform/limits/rate-limit';
import * as admin from './service';
import { ADMIN_COOKIE, currentAdmin, type AdminSession } from '../../identity/admin-session';
import { clearPrivateCookie, setPrivateCookie } from '../../platform/net/cookies';

const RequestParams = z.object({ id: z.string().min(1).max(64) });
/**
 * A rejection's body: the reason reaches the service whatever it is (missing or not text: empty),
 * so a missing, blank or too long one is answered in the reviewer's words (service.decide), not
 * with the schema's.
 */
const RejectInput = z.object({ reason: RejectBody.shape.reason.catch((c) => (typeof c.input === 'string' ? c.input : '')) });

/** The signed-in admin of an 'admin' route (its rule let only them through). */
async function signedInAdmin(ctx: ServerContext, request: FastifyRequest): Promise<AdminSession> {
  const found = await currentAdmin(ctx, request);
  if (!found) throw unauthorized(ADMIN_MESSAGES.signIn);
  return found;
}

export function adminRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Admin';
  // The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, once the server is ready (tests and main.ts alike).
  app.addHook('onReady', async () => {
    await admin.bootstrapAdmin(ctx);
  });

  // In memory, per server, like the owners' sign-in (platform/limits/limiter.ts): per (address, IP) pair and
  // per address, and per IP across addresses; a failing client slows down.
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'admin.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const logins = perAddress(new LoginLimiter(ctx.counters, 'admin.logins'), (request) => limitedBody<z.output<typeof AdminLoginBody>>(request).email.trim().toLowerCase(), { device: false });
  const loginLimit: RateLimit = {
    check: [logins, ipFailures],
    refusal: ADMIN_MESSAGES.tooManyAttempts,
    slowDown: [logins, ipFailures],
    count: [{ when: { status: 401 }, budgets: [logins, ipFailures] }],
    clearOnSuccess: [logins],
  };

  app.post('/api/admin/login', { schema: { body: AdminLoginBody }, config: { access: 'public', rateLimit: loginLimit, api: { tag, summary: 'Sign in to the admin area (its own session cookie)', response: AdminSessionResponse } } }, async (request, reply) => {
    const { token, maxAge, response } = await admin.login(ctx, request.body.email, request.body.password);
    setPrivateCookie(request, reply, ADMIN_COOKIE, token, maxAge);
    return response;
  });

  app.get('/api/admin/session', { config: { access: 'admin', api: { tag, summary: 'The signed-in admin and when the session ends', response: AdminSessionResponse } } }, async (request) => admin.sessionResponse(await signedInAdmin(ctx, request)));

  app.post('/api/admin/logout', { config: { access: 'public', api: { tag, summary: 'Sign out of the admin area', status: 204 } } }, async (request, reply) => {
    await admin.logout(ctx, request.cookies[ADMIN_COOKIE]);
    clearPrivateCookie(reply, ADMIN_COOKIE);
    return reply.status(204).send();
  });

  app.get('/api/admin/review-requests', { schema: { querystring: QueueQuery }, config: { access: 'admin', api: { tag, summary: 'The review queue: pending requests first, then the decided, a page at a time', response: QueueResponse } } }, async (request) => {
    const { status, page } = request.query;
    return admin.queue(ctx, status, page);
  });

  app.get('/api/admin/review-requests/:id', { schema: { params: RequestParams }, config: { access: 'admin', api: { tag, summary: 'One review request, with what a reviewer needs to decide', response: QueueItemResponse } } }, async (request) => {
    const { id } = request.params;
    return { request: await admin.queueEntry(ctx, id) };
  });

  app.post('/api/admin/review-requests/:id/approve', { schema: { params: RequestParams }, config: { access: 'admin', api: { tag, summary: 'Approve a pending request: its version is published', response: QueueItemResponse } } }, async (request) => {
    const { id } = request.params;
    return { request: await admin.decide(ctx, await signedInAdmin(ctx, request), id, { kind: 'approve' }, linkScheme(ctx.config, request)) };
  });

  app.post('/api/admin/review-requests/:id/reject', { schema: { params: RequestParams, body: RejectInput }, config: { access: 'admin', api: { tag, summary: 'Reject a pending request, with the reason the owner reads', response: QueueItemResponse } } }, async (request) => {
    const { id } = request.params;
    const { reason } = request.body;
    return { request: await admin.decide(ctx, await signedInAdmin(ctx, request), id, { kind: 'reject', reason }, linkScheme(ctx.config, request)) };
  });

  app.get('/api/admin/decisions', { config: { access: 'admin', api: { tag, summary: 'Every review decision ever taken, newest first', response: DecisionHistoryResponse } } }, async () => ({ decisions: await admin.decisionHistory(ctx) }));

  app.get('/api/admin/users', { schema: { querystring: AdminUsersQuery }, config: { access: 'admin', api: { tag, summary: "The product's owners, newest first, searched, a page at a time", response: AdminUsersResponse } } }, async (request) => {
    const q = request.query;
    return admin.owners(ctx, q.search, q.page);
  });
}
