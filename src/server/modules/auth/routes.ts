import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody, MagicLinkBody, SignupBody, TokenLoginBody } from '../../../shared/api';
import type { ServerContext } from '../../context';
import { HttpError } from '../../errors';
import { parse } from '../../http';
import { LoginLimiter } from './limiter';
import * as auth from './service';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: { token: string; maxAge: number }) {
  reply.setCookie(auth.SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: session.maxAge,
  });
}

export function authRoutes(app: FastifyInstance, ctx: ServerContext) {
  const limiter = new LoginLimiter();

  app.post('/api/auth/signup', async (request, reply) => {
    const body = parse(SignupBody, request.body);
    const { user, session } = await auth.signup(ctx, body);
    setSessionCookie(request, reply, session);
    return reply.status(201).send({ user: auth.publicUser(user) });
  });

  app.post('/api/auth/login', async (request, reply) => {
    const body = parse(LoginBody, request.body);
    const wait = limiter.retryAfter(body.email, request.ip);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new HttpError(
        429,
        `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or sign in with an e-mail link.`,
        undefined,
        'too_many_attempts',
      );
    }
    let result;
    try {
      result = await auth.login(ctx, body.email, body.password);
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) limiter.fail(body.email, request.ip);
      throw e;
    }
    limiter.succeed(body.email, request.ip);
    const { user, session } = result;
    setSessionCookie(request, reply, session);
    return { user: auth.publicUser(user) };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(ctx, request.cookies[auth.SESSION_COOKIE]);
    reply.clearCookie(auth.SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/auth', async (request) => {
    const user = await auth.requireUser(ctx, request);
    return { user: auth.publicUser(user) };
  });

  app.post('/api/auth/magic-link', async (request, reply) => {
    const body = parse(MagicLinkBody, request.body);
    // X-Forwarded-Proto is trusted (TRUST_PROXY) but is whatever the caller sent: only ever
    // 'http' or 'https' goes into the link, or 'https://evil.example/#' would carry the token
    // off in a genuine e-mail.
    const scheme = request.protocol === 'https' || ctx.config.publicScheme === 'https' ? 'https' : 'http';
    await auth.sendMagicLink(ctx, body.email, scheme);
    // Same answer whether or not the address has an account.
    return reply.status(202).send({ message: 'If an account exists for this email, a sign-in link is on its way.' });
  });

  app.post('/api/auth', async (request, reply) => {
    const body = parse(TokenLoginBody, request.body);
    const { user, session } = await auth.loginWithToken(ctx, body.token);
    setSessionCookie(request, reply, session);
    return { token: session.token, user: auth.publicUser(user) };
  });
}
