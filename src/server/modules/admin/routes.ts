// The provider's admin area (issue 14). Sign-in is public and rate-limited like the owners'; every
// other route is the 'admin' rule's (an `sb_admin` session; owners and app users get 401).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AdminLoginBody, AdminUsersQuery, QueueQuery, RejectBody } from '../../../shared/api/admin';
import { ADMIN_MESSAGES } from '../../../shared/rules/marketplace';
import type { ServerContext } from '../../context';
import { unauthorized } from '../../errors';
import { linkScheme, parse } from '../../http';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter } from '../auth/limiter';
import { perAddress, perIp, type RateLimit } from '../auth/rate-limit';
import * as admin from './service';
import { ADMIN_COOKIE, currentAdmin, type AdminSession } from './session';

const RequestParams = z.object({ id: z.string().min(1).max(64) });

function setAdminCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number) {
  reply.setCookie(ADMIN_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/', maxAge });
}

/** The signed-in admin of an 'admin' route (its rule let only them through). */
async function signedInAdmin(ctx: ServerContext, request: FastifyRequest): Promise<AdminSession> {
  const found = await currentAdmin(ctx, request);
  if (!found) throw unauthorized(ADMIN_MESSAGES.signIn);
  return found;
}

export function adminRoutes(app: FastifyInstance, ctx: ServerContext) {
  // The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, once the server is ready (tests and main.ts alike).
  app.addHook('onReady', async () => {
    await admin.bootstrapAdmin(ctx);
  });

  // In memory, per server, like the owners' sign-in (auth/limiter.ts): per (address, IP) pair and
  // per address, and per IP across addresses; a failing client slows down.
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'admin.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const logins = perAddress(new LoginLimiter(ctx.counters, 'admin.logins'), (request) => parse(AdminLoginBody, request.body).email.trim().toLowerCase(), { device: false });
  const loginLimit: RateLimit = {
    body: AdminLoginBody,
    check: [logins, ipFailures],
    refusal: ADMIN_MESSAGES.tooManyAttempts,
    slowDown: [logins, ipFailures],
    count: [{ when: { status: 401 }, budgets: [logins, ipFailures] }],
    clearOnSuccess: [logins],
  };

  app.post('/api/admin/login', { config: { access: 'public', rateLimit: loginLimit } }, async (request, reply) => {
    const body = parse(AdminLoginBody, request.body);
    const { token, maxAge, response } = await admin.login(ctx, body.email, body.password);
    setAdminCookie(request, reply, token, maxAge);
    return response;
  });

  app.get('/api/admin/session', { config: { access: 'admin' } }, async (request) => admin.sessionResponse(await signedInAdmin(ctx, request)));

  app.post('/api/admin/logout', { config: { access: 'public' } }, async (request, reply) => {
    await admin.logout(ctx, request.cookies[ADMIN_COOKIE]);
    reply.clearCookie(ADMIN_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/admin/review-requests', { config: { access: 'admin' } }, async (request) => {
    const { status, page } = parse(QueueQuery, request.query);
    return admin.queue(ctx, status, page);
  });

  app.get('/api/admin/review-requests/:id', { config: { access: 'admin' } }, async (request) => {
    const { id } = parse(RequestParams, request.params);
    return { request: await admin.queueEntry(ctx, id) };
  });

  app.post('/api/admin/review-requests/:id/approve', { config: { access: 'admin' } }, async (request) => {
    const { id } = parse(RequestParams, request.params);
    return { request: await admin.decide(ctx, await signedInAdmin(ctx, request), id, { kind: 'approve' }, linkScheme(ctx.config, request)) };
  });

  app.post('/api/admin/review-requests/:id/reject', { config: { access: 'admin' } }, async (request) => {
    const { id } = parse(RequestParams, request.params);
    // The reason's own words for a missing or malformed one (the service checks empty and too long).
    const body = RejectBody.safeParse(request.body ?? {});
    const raw = (request.body as { reason?: unknown } | undefined)?.reason;
    const reason = body.success ? body.data.reason : typeof raw === 'string' ? raw : '';
    return { request: await admin.decide(ctx, await signedInAdmin(ctx, request), id, { kind: 'reject', reason }, linkScheme(ctx.config, request)) };
  });

  app.get('/api/admin/decisions', { config: { access: 'admin' } }, async () => ({ decisions: await admin.decisionHistory(ctx) }));

  app.get('/api/admin/users', { config: { access: 'admin' } }, async (request) => {
    const q = parse(AdminUsersQuery, request.query);
    return admin.owners(ctx, q.search, q.page);
  });
}
