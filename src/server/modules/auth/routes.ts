import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody, MagicLinkBody, SignupBody, TokenLoginBody } from '../../../shared/api';
import type { ServerContext } from '../../context';
import { linkScheme, parse } from '../../http';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter, MAILS_PER_IP } from './limiter';
import { perAddress, perIp, type RateLimit } from './rate-limit';
import { setupWorkspace } from '../workspace/service';
import * as auth from './service';
import { signedInUser } from '../access/enforce';
import { publicUser, SESSION_COOKIE } from './session';
import { sendVerificationAfterSignup } from '../account/service';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: { token: string; maxAge: number }) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: session.maxAge,
  });
}

export function authRoutes(app: FastifyInstance, ctx: ServerContext) {
  // In memory, per process (limiter.ts). One client trying many addresses or tokens, or probing
  // which addresses have accounts, fails against its IP's budget.
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'auth.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const logins = perAddress(new LoginLimiter(ctx.counters, 'auth.logins'), (request) => parse(LoginBody, request.body).email, { device: true });
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
  app.post('/api/auth/signup', { config: { access: 'public', rateLimit: { body: SignupBody, ...failingIp(409) } } }, async (request, reply) => {
    const body = parse(SignupBody, request.body);
    const { user, session } = await auth.signup(ctx, body, setupWorkspace, request.headers['user-agent']);
    await sendVerificationAfterSignup(ctx, user, linkScheme(ctx.config, request));
    setSessionCookie(request, reply, session);
    return reply.status(201).send({ user: publicUser(user) });
  });

  const loginLimit: RateLimit = {
    body: LoginBody,
    check: [logins, ipFailures],
    refusal: (w) => `Too many failed sign-in attempts. Please wait ${w} and try again, or sign in with an e-mail link.`,
    slowDown: [logins, ipFailures],
    count: [{ when: { status: 401 }, budgets: [logins, ipFailures] }],
    clearOnSuccess: [logins],
  };
  app.post('/api/auth/login', { config: { access: 'public', rateLimit: loginLimit } }, async (request, reply) => {
    const body = parse(LoginBody, request.body);
    const { user, session } = await auth.login(ctx, body.email, body.password, request.headers['user-agent']);
    setSessionCookie(request, reply, session);
    return { user: publicUser(user) };
  });

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/auth', { config: { access: 'signed-in' } }, async (request) => ({ user: publicUser(signedInUser(request)) }));

  const mailLimit: RateLimit = {
    body: MagicLinkBody,
    check: [ipMails],
    refusal: (w) => `Too many sign-in link requests. Please wait ${w} and try again.`,
    count: [{ when: 'attempt', budgets: [ipMails] }],
  };
  app.post('/api/auth/magic-link', { config: { access: 'public', rateLimit: mailLimit } }, async (request, reply) => {
    const body = parse(MagicLinkBody, request.body);
    await auth.sendMagicLink(ctx, body.email, linkScheme(ctx.config, request));
    // Same answer whether or not the address has an account.
    return reply.status(202).send({ message: 'If an account exists for this email, a sign-in link is on its way.' });
  });

  app.post('/api/auth', { config: { access: 'public', rateLimit: { body: TokenLoginBody, ...failingIp(401) } } }, async (request, reply) => {
    const body = parse(TokenLoginBody, request.body);
    const { user, session } = await auth.loginWithToken(ctx, body.token, request.headers['user-agent']);
    // The session travels only in its HttpOnly cookie: a token in the body would hand it to any
    // script on the page.
    setSessionCookie(request, reply, session);
    return { user: publicUser(user) };
  });
}
