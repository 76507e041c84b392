import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody, MagicLinkBody, SignupBody, TokenLoginBody } from '../../../shared/api';
import type { ServerContext } from '../../context';
import { HttpError } from '../../errors';
import { linkScheme, parse } from '../../http';
import { DEVICE_COOKIE, deviceOf, IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter, MAILS_PER_IP, pause, tooManyAttempts } from './limiter';
import { setupWorkspace } from '../workspace/service';
import * as auth from './service';
import { signedInUser } from '../access/enforce';
import { publicUser, SESSION_COOKIE } from './session';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: { token: string; maxAge: number }) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: session.maxAge,
  });
}

export function authRoutes(app: FastifyInstance, ctx: ServerContext) {
  const limiter = new LoginLimiter();
  // One client trying many addresses or tokens, or probing which addresses have accounts.
  const ipFailures = new IpLimiter(LOGIN_MAX_FAILURES_PER_IP);
  // Sign-in links one client may have sent (each address also has its own cap in the service).
  const ipMails = new IpLimiter(MAILS_PER_IP);
  /** Refuses an IP over its budget (429); slows down one that has been failing. */
  const checkIp = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = ipFailures.retryAfter(request.ip);
    if (wait > 0) throw tooManyAttempts(reply, wait, (w) => `Too many failed attempts from your network. Please wait ${w} and try again.`);
    await pause(ipFailures.delay(request.ip, ctx.config.authSlowdownMs));
  };
  /** Runs `work`, counting an answer of `status` against the caller's IP. */
  const counting = async <T>(request: FastifyRequest, status: number, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof HttpError && e.status === status) ipFailures.fail(request.ip);
      throw e;
    }
  };

  app.post('/api/auth/signup', { config: { access: 'public' } }, async (request, reply) => {
    const body = parse(SignupBody, request.body);
    await checkIp(request, reply);
    // A taken address (409) tells which e-mails have accounts: count those.
    const { user, session } = await counting(request, 409, () => auth.signup(ctx, body, setupWorkspace));
    setSessionCookie(request, reply, session);
    return reply.status(201).send({ user: publicUser(user) });
  });

  app.post('/api/auth/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parse(LoginBody, request.body);
    const wait = Math.max(limiter.retryAfter(body.email, request.ip, request.cookies[DEVICE_COOKIE]), ipFailures.retryAfter(request.ip));
    if (wait > 0)
      throw tooManyAttempts(reply, wait, (w) => `Too many failed sign-in attempts. Please wait ${w} and try again, or sign in with an e-mail link.`);
    await pause(Math.max(limiter.delay(body.email, request.ip, ctx.config.authSlowdownMs), ipFailures.delay(request.ip, ctx.config.authSlowdownMs)));
    let result;
    try {
      result = await auth.login(ctx, body.email, body.password);
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) {
        limiter.fail(body.email, request.ip);
        ipFailures.fail(request.ip);
      }
      throw e;
    }
    limiter.succeed(body.email, request.ip, deviceOf(request, reply));
    const { user, session } = result;
    setSessionCookie(request, reply, session);
    return { user: publicUser(user) };
  });

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/auth', { config: { access: 'signed-in' } }, async (request) => ({ user: publicUser(signedInUser(request)) }));

  app.post('/api/auth/magic-link', { config: { access: 'public' } }, async (request, reply) => {
    const body = parse(MagicLinkBody, request.body);
    const wait = ipMails.retryAfter(request.ip);
    if (wait > 0) throw tooManyAttempts(reply, wait, (w) => `Too many sign-in link requests. Please wait ${w} and try again.`);
    ipMails.fail(request.ip);
    await auth.sendMagicLink(ctx, body.email, linkScheme(ctx.config, request));
    // Same answer whether or not the address has an account.
    return reply.status(202).send({ message: 'If an account exists for this email, a sign-in link is on its way.' });
  });

  app.post('/api/auth', { config: { access: 'public' } }, async (request, reply) => {
    const body = parse(TokenLoginBody, request.body);
    await checkIp(request, reply);
    const { user, session } = await counting(request, 401, () => auth.loginWithToken(ctx, body.token));
    setSessionCookie(request, reply, session);
    return { token: session.token, user: publicUser(user) };
  });
}
