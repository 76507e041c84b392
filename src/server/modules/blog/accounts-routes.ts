// The blog team's accounts (issue 17): sign-in (public, rate-limited like the provider admins'),
// the 24-hour session, invitations (public to follow, rate-limited per IP), the authors page
// ('blog-editor') and the provider admin area's way to the first blog admin ('admin').
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BlogAcceptBody, BlogAuthorPatch, BlogInviteBody, BlogLoginBody } from '../../../shared/api/blog';
import { BLOG_MESSAGES } from '../../../shared/rules/blog';
import type { ServerContext } from '../../context';
import { unauthorized } from '../../errors';
import { linkScheme, parse } from '../../http';
import { currentAdmin } from '../admin/session';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter } from '../auth/limiter';
import { perAddress, perIp, type RateLimit } from '../auth/rate-limit';
import * as accounts from './accounts-service';
import { BLOG_COOKIE, currentBlogAdmin, type BlogAdminSession } from './session';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const TokenParams = z.object({ token: z.string().min(1).max(200) });

function setBlogCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number) {
  reply.setCookie(BLOG_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/', maxAge });
}

/** The signed-in blog admin of a 'blog-admin' or 'blog-editor' route (its rule let only them through). */
export async function signedInBlogAdmin(ctx: ServerContext, request: FastifyRequest): Promise<BlogAdminSession> {
  const found = await currentBlogAdmin(ctx, request);
  if (!found) throw unauthorized(BLOG_MESSAGES.signIn);
  return found;
}

const baseOf = (ctx: ServerContext, request: FastifyRequest) => `${linkScheme(ctx.config, request)}://${ctx.config.baseHost}`;

export function blogAccountRoutes(app: FastifyInstance, ctx: ServerContext) {
  // In memory, per server, like /api/admin/login: per (address, IP) pair and per address, and per
  // IP across addresses; a failing client slows down.
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'blog.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const logins = perAddress(new LoginLimiter(ctx.counters, 'blog.logins'), (request) => parse(BlogLoginBody, request.body).email.trim().toLowerCase(), { device: false });
  const refusal = () => BLOG_MESSAGES.tooManyAttempts;
  const loginLimit: RateLimit = {
    body: BlogLoginBody,
    check: [logins, ipFailures],
    refusal,
    slowDown: [logins, ipFailures],
    count: [{ when: { status: 401 }, budgets: [logins, ipFailures] }],
    clearOnSuccess: [logins],
  };
  // Invitation tokens are 256 random bits; the budget still stops one client from hammering them
  // (and from spending scrypt time on passwords) with wrong or used links.
  const invitationFailures = perIp(new IpLimiter(ctx.counters, 'blog.invitationFailures', LOGIN_MAX_FAILURES_PER_IP));
  const invitationLimit = (body?: z.ZodType): RateLimit => ({
    ...(body ? { body } : {}),
    check: [invitationFailures],
    refusal,
    slowDown: [invitationFailures],
    count: [
      { when: { status: 404 }, budgets: [invitationFailures] },
      { when: { status: 400 }, budgets: [invitationFailures] },
    ],
  });

  app.post('/api/blog-admin/login', { config: { access: 'public', rateLimit: loginLimit } }, async (request, reply) => {
    const body = parse(BlogLoginBody, request.body);
    const { token, maxAge, response } = await accounts.login(ctx, body.email, body.password);
    setBlogCookie(request, reply, token, maxAge);
    return response;
  });

  app.get('/api/blog-admin/session', { config: { access: 'blog-admin' } }, async (request) => {
    const { response } = await accounts.sessionResponse(ctx, await signedInBlogAdmin(ctx, request));
    return response;
  });

  app.post('/api/blog-admin/logout', { config: { access: 'public' } }, async (request, reply) => {
    await accounts.logout(ctx, request.cookies[BLOG_COOKIE]);
    reply.clearCookie(BLOG_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/blog-admin/invitations/:token', { config: { access: 'public', rateLimit: invitationLimit() } }, async (request) => {
    const { token } = parse(TokenParams, request.params);
    return accounts.invitation(ctx, token);
  });

  app.post('/api/blog-admin/invitations/accept', { config: { access: 'public', rateLimit: invitationLimit(BlogAcceptBody) } }, async (request, reply) => {
    const body = parse(BlogAcceptBody, request.body);
    const { token, maxAge, response } = await accounts.accept(ctx, body.token, body.password);
    setBlogCookie(request, reply, token, maxAge);
    return response;
  });

  app.get('/api/blog-admin/authors', { config: { access: 'blog-editor' } }, async () => ({ authors: await accounts.list(ctx) }));

  app.post('/api/blog-admin/authors', { config: { access: 'blog-editor' } }, async (request, reply) => {
    const body = parse(BlogInviteBody, request.body);
    const who = await signedInBlogAdmin(ctx, request);
    return reply.status(201).send(await accounts.invite(ctx, { kind: 'blog', who }, body, baseOf(ctx, request)));
  });

  app.post('/api/blog-admin/authors/:id/resend', { config: { access: 'blog-editor' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    const who = await signedInBlogAdmin(ctx, request);
    return accounts.resend(ctx, { kind: 'blog', who }, id, baseOf(ctx, request));
  });

  app.get('/api/blog-admin/authors/:id', { config: { access: 'blog-editor' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    return { author: await accounts.get(ctx, id) };
  });

  app.patch('/api/blog-admin/authors/:id', { config: { access: 'blog-editor' } }, async (request) => {
    const { id } = parse(IdParams, request.params);
    const body = parse(BlogAuthorPatch, request.body ?? {});
    return { author: await accounts.update(ctx, await signedInBlogAdmin(ctx, request), id, body) };
  });

  app.delete('/api/blog-admin/authors/:id', { config: { access: 'blog-editor' } }, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    await accounts.remove(ctx, await signedInBlogAdmin(ctx, request), id);
    return reply.status(204).send();
  });

  // The provider admin area: the first blog admin (and any later one), the same invitation mail.
  app.get('/api/admin/blog-admins', { config: { access: 'admin' } }, async () => ({ authors: await accounts.list(ctx) }));

  app.post('/api/admin/blog-admins', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parse(BlogInviteBody, request.body);
    const admin = await currentAdmin(ctx, request);
    if (!admin) throw unauthorized();
    return reply.status(201).send(await accounts.invite(ctx, { kind: 'provider', name: admin.name }, body, baseOf(ctx, request)));
  });
}
