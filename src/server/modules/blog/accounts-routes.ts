// The blog team's accounts (issue 17): sign-in (public, rate-limited like the provider admins'),
// the 24-hour session, invitations (public to follow, rate-limited per IP), the authors page
// ('blog-editor') and the provider admin area's way to the first blog admin ('admin').
import { signedInBlogAdmin } from '../../identity/blog-session';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BlogAcceptBody,
  BlogAuthorPatch,
  BlogAuthorResponse,
  BlogAuthorsResponse,
  BlogInvitationResponse,
  BlogInviteBody,
  BlogInviteResponse,
  BlogLoginBody,
  BlogSessionResponse,
} from '../../../shared/api/blog';
import { BLOG_MESSAGES } from '../../../shared/rules/blog';
import type { ServerContext } from '../../platform/context';
import { unauthorized } from '../../errors';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import { currentAdmin } from '../../identity/admin-session';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter } from '../../platform/limits/limiter';
import { perAddress, perIp, type RateLimit } from '../../platform/limits/rate-limit';
import * as accounts from './accounts-service';
import { BLOG_COOKIE } from '../../identity/blog-session';
import { clearPrivateCookie, setPrivateCookie } from '../../platform/net/cookies';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const TokenParams = z.object({ token: z.string().min(1).max(200) });

const baseOf = (ctx: ServerContext, request: FastifyRequest) => `${linkScheme(ctx.config, request)}://${ctx.config.baseHost}`;

/**
 * The address a sign-in counts under. The budgets read it only once the rate limit has checked the
 * body with the route's schema (BlogLoginBody, which transforms nothing): before the handler the
 * body is the sent one, after it the parsed one, the same fields either way.
 */
const loginAddress = (request: FastifyRequest) => (request.body as z.output<typeof BlogLoginBody>).email.trim().toLowerCase();

export function blogAccountRoutes(app: ApiServer, ctx: ServerContext) {
  // In memory, per server, like /api/admin/login: per (address, IP) pair and per address, and per
  // IP across addresses; a failing client slows down.
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'blog.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const logins = perAddress(new LoginLimiter(ctx.counters, 'blog.logins'), loginAddress, { device: false });
  const refusal = () => BLOG_MESSAGES.tooManyAttempts;
  const loginLimit: RateLimit = {
    check: [logins, ipFailures],
    refusal,
    slowDown: [logins, ipFailures],
    count: [{ when: { status: 401 }, budgets: [logins, ipFailures] }],
    clearOnSuccess: [logins],
  };
  // Invitation tokens are 256 random bits; the budget still stops one client from hammering them
  // (and from spending scrypt time on passwords) with wrong or used links.
  const invitationFailures = perIp(new IpLimiter(ctx.counters, 'blog.invitationFailures', LOGIN_MAX_FAILURES_PER_IP));
  const invitationLimit: RateLimit = {
    check: [invitationFailures],
    refusal,
    slowDown: [invitationFailures],
    count: [
      { when: { status: 404 }, budgets: [invitationFailures] },
      { when: { status: 400 }, budgets: [invitationFailures] },
    ],
  };

  app.post('/api/blog-admin/login', { schema: { body: BlogLoginBody }, config: { access: 'public', rateLimit: loginLimit, api: { tag: 'Blog admin', summary: 'Sign in to the blog administration (sets the blog session cookie)', response: BlogSessionResponse } } }, async (request, reply) => {
    const { token, maxAge, response } = await accounts.login(ctx, request.body.email, request.body.password);
    setPrivateCookie(request, reply, BLOG_COOKIE, token, maxAge);
    return response;
  });

  app.get('/api/blog-admin/session', { config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'The signed-in blog admin and when their session ends', response: BlogSessionResponse } } }, async (request) => {
    const { response } = await accounts.sessionResponse(ctx, await signedInBlogAdmin(ctx, request));
    return response;
  });

  app.post('/api/blog-admin/logout', { config: { access: 'public', api: { tag: 'Blog admin', summary: 'Sign out of the blog administration', status: 204 } } }, async (request, reply) => {
    await accounts.logout(ctx, request.cookies[BLOG_COOKIE]);
    clearPrivateCookie(reply, BLOG_COOKIE);
    return reply.status(204).send();
  });

  app.get('/api/blog-admin/invitations/:token', { schema: { params: TokenParams }, config: { access: 'public', rateLimit: invitationLimit, api: { tag: 'Blog admin', summary: 'Who an invitation link invites', response: BlogInvitationResponse } } }, async (request) => {
    return accounts.invitation(ctx, request.params.token);
  });

  app.post('/api/blog-admin/invitations/accept', { schema: { body: BlogAcceptBody }, config: { access: 'public', rateLimit: invitationLimit, api: { tag: 'Blog admin', summary: 'Accept an invitation: set a password and sign in', response: BlogSessionResponse } } }, async (request, reply) => {
    const { token, maxAge, response } = await accounts.accept(ctx, request.body.token, request.body.password);
    setPrivateCookie(request, reply, BLOG_COOKIE, token, maxAge);
    return response;
  });

  app.get('/api/blog-admin/authors', { config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: "List the blog team's accounts, newest first", response: BlogAuthorsResponse } } }, async () => ({ authors: await accounts.list(ctx) }));

  app.post('/api/blog-admin/authors', { schema: { body: BlogInviteBody }, config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: 'Invite someone to the blog team (by e-mail, or a link to pass on)', response: BlogInviteResponse, status: 201 } } }, async (request, reply) => {
    const who = await signedInBlogAdmin(ctx, request);
    return reply.status(201).send(await accounts.invite(ctx, { kind: 'blog', who }, request.body, baseOf(ctx, request)));
  });

  app.post('/api/blog-admin/authors/:id/resend', { schema: { params: IdParams }, config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: 'Send an invitation again, with a fresh link', response: BlogInviteResponse } } }, async (request) => {
    const who = await signedInBlogAdmin(ctx, request);
    return accounts.resend(ctx, { kind: 'blog', who }, request.params.id, baseOf(ctx, request));
  });

  app.get('/api/blog-admin/authors/:id', { schema: { params: IdParams }, config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: "Get a blog team member's account", response: BlogAuthorResponse } } }, async (request) => {
    return { author: await accounts.get(ctx, request.params.id) };
  });

  app.patch('/api/blog-admin/authors/:id', { schema: { params: IdParams, body: BlogAuthorPatch }, config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: "Change a blog team member's name, role, bio or avatar", response: BlogAuthorResponse } } }, async (request) => {
    return { author: await accounts.update(ctx, await signedInBlogAdmin(ctx, request), request.params.id, request.body) };
  });

  app.delete('/api/blog-admin/authors/:id', { schema: { params: IdParams }, config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: 'Remove someone from the blog team (their posts move to you)', status: 204 } } }, async (request, reply) => {
    await accounts.remove(ctx, await signedInBlogAdmin(ctx, request), request.params.id);
    return reply.status(204).send();
  });

  // The provider admin area: the first blog admin (and any later one), the same invitation mail.
  app.get('/api/admin/blog-admins', { config: { access: 'admin', api: { tag: 'Admin', summary: "List the blog team's accounts", response: BlogAuthorsResponse } } }, async () => ({ authors: await accounts.list(ctx) }));

  app.post('/api/admin/blog-admins', { schema: { body: BlogInviteBody }, config: { access: 'admin', api: { tag: 'Admin', summary: 'Invite a blog admin (the first one, or any later one)', response: BlogInviteResponse, status: 201 } } }, async (request, reply) => {
    const admin = await currentAdmin(ctx, request);
    if (!admin) throw unauthorized();
    return reply.status(201).send(await accounts.invite(ctx, { kind: 'provider', name: admin.name }, request.body, baseOf(ctx, request)));
  });
}
