import type { z } from 'zod';
import { LoginBody, MagicLinkBody, SessionResponse, SignupBody, TokenLoginBody, UserResponse } from '../../../shared/api';
import { MessageResponse } from '../../../shared/api/account';
import type { ServerContext } from '../../platform/context';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter, MAILS_PER_IP } from '../../platform/limits/limiter';
import { limitedBody, perAddress, perIp, type RateLimit } from '../../platform/limits/rate-limit';
import { setupWorkspace } from '../workspace/service';
import * as auth from './service';
import { signedInUser } from '../../access/enforce';
import { publicUser, SESSION_COOKIE, setSessionCookie } from '../../identity/owner-session';
import { sendVerificationAfterSignup } from '../account/service';
import { clearPrivateCookie } from '../../platform/net/cookies';

export function authRoutes(app: ApiServer, ctx: ServerContext) {
  // In memory, per process (limiter.ts). One client trying many addresses or tokens, or probing
  // which addresses have accounts, fails against its IP's budget.
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'auth.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const logins = perAddress(new LoginLimiter(ctx.counters, 'auth.logins'), (request) => limitedBody<z.output<typeof LoginBody>>(request).email, { device: true });
  // Sign-in links one client may have sent (each address also has its own cap in the service).
  const ipMails = perIp(new IpLimiter(ctx.counters, 'auth.ipMails', MAILS_PER_IP));
  /** An IP over its failure budget is refused; one that has been failing slows down; `status` answers count. */
  const failingIp = (status: number): RateLimit => ({
    check: [ipFailures],
    refusal: (w) => `Too many failed attempts from your network. Please wait ${w} and try again.`,
    slowDown: [ipFailures],
    count: [{ when: { status }, budgets: [ipFailures] }],
  });

  // A taken address (409) tells which e-mails have accounts: those count.
  const tag = 'Sign-in and account';
  app.post('/api/auth/signup', { schema: { body: SignupBody }, config: { access: 'public', rateLimit: failingIp(409), api: { tag, summary: 'Sign up: a new owner account, signed in (the session cookie)', response: UserResponse, status: 201 } } }, async (request, reply) => {
    const { user, session } = await auth.signup(ctx, request.body, setupWorkspace, request.headers['user-agent']);
    await sendVerificationAfterSignup(ctx, user, linkScheme(ctx.config, request));
    setSessionCookie(request, reply, session);
    return reply.status(201).send({ user: publicUser(user) });
  });

  const loginLimit: RateLimit = {
    check: [logins, ipFailures],
    refusal: (w) => `Too many failed sign-in attempts. Please wait ${w} and try again, or sign in with an e-mail link.`,
    slowDown: [logins, ipFailures],
    count: [{ when: { status: 401 }, budgets: [logins, ipFailures] }],
    clearOnSuccess: [logins],
  };
  app.post('/api/auth/login', { schema: { body: LoginBody }, config: { access: 'public', rateLimit: loginLimit, api: { tag, summary: 'Sign in with e-mail and password (the session cookie)', response: UserResponse } } }, async (request, reply) => {
    const { user, session } = await auth.login(ctx, request.body.email, request.body.password, request.headers['user-agent']);
    setSessionCookie(request, reply, session);
    return { user: publicUser(user) };
  });

  app.post('/api/auth/logout', { config: { access: 'public', api: { tag, summary: 'Sign out (ends the session)', status: 204 } } }, async (request, reply) => {
    await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
    clearPrivateCookie(reply, SESSION_COOKIE);
    return reply.status(204).send();
  });

  app.get('/api/auth', { config: { access: 'signed-in', api: { tag, summary: 'The signed-in owner', response: UserResponse } } }, async (request) => ({ user: publicUser(signedInUser(request)) }));
  app.get('/api/auth/session', { config: { access: 'public', api: { tag, summary: 'The signed-in owner, or null for a visitor (never a 401)', response: SessionResponse } } }, async (request) => {
    const user = request.access.user;
    return { user: user ? publicUser(user) : null };
  });

  const mailLimit: RateLimit = {
    check: [ipMails],
    refusal: (w) => `Too many sign-in link requests. Please wait ${w} and try again.`,
    count: [{ when: 'attempt', budgets: [ipMails] }],
  };
  app.post('/api/auth/magic-link', { schema: { body: MagicLinkBody }, config: { access: 'public', rateLimit: mailLimit, api: { tag, summary: 'E-mail a sign-in link', description: 'Answers 202 Accepted, the same whether or not the address has an account.', response: MessageResponse } } }, async (request, reply) => {
    await auth.sendMagicLink(ctx, request.body.email, linkScheme(ctx.config, request));
    // Same answer whether or not the address has an account.
    return reply.status(202).send({ message: 'If an account exists for this email, a sign-in link is on its way.' });
  });

  app.post('/api/auth', { schema: { body: TokenLoginBody }, config: { access: 'public', rateLimit: failingIp(401), api: { tag, summary: "Sign in with an e-mailed link's token (the session cookie)", response: UserResponse } } }, async (request, reply) => {
    const { user, session } = await auth.loginWithToken(ctx, request.body.token, request.headers['user-agent']);
    // The session travels only in its HttpOnly cookie: a token in the body would hand it to any
    // script on the page.
    setSessionCookie(request, reply, session);
    return { user: publicUser(user) };
  });
}
