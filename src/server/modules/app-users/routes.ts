import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppAuthQuery,
  AppForgotPasswordBody,
  APP_USER_MESSAGES,
  AppLoginBody,
  AppRegisterBody,
  AppSetPasswordBody,
  CreateAppUserBody,
  DeleteAppUserBody,
  UpdateAppUserBody,
} from '../../../shared/api/app-users';
import { AppUserAppParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { HttpError } from '../../errors';
import { linkScheme, parse } from '../../http';
import type { AppView } from '../apps/record';
import { resolvedApp, signedInUser } from '../access/enforce';
import { appInBody, appParam, requestApp } from '../access/resources';
import { DEVICE_COOKIE, deviceOf, INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS, IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter, MAILS_PER_IP, pause, tooManyAttempts } from '../auth/limiter';
import * as service from './service';
import { appSessionCookie, signedInAppUser } from './session';

/** Reset e-mails per (address, IP) and per address across IPs in the limiter's 15-minute window. */
export const RESET_MAILS_PER_EMAIL_AND_IP = 5;
export const RESET_MAILS_PER_EMAIL = 10;
/** Registrations one IP may make per window (each one is a new account of the app). */
export const REGISTRATIONS_PER_IP = 20;

/** The address as typed (trimmed, case kept), for the spec's invalid-address message. */
function typedEmail(body: unknown): string {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim() : '';
}

function setAppSessionCookie(request: FastifyRequest, reply: FastifyReply, app: AppView, session: service.AppSession) {
  reply.setCookie(appSessionCookie(app.id), session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: session.maxAge,
  });
}

const isHttp = (e: unknown, status: number, code?: string) => e instanceof HttpError && e.status === status && (code === undefined || e.code === code);

export function appUserRoutes(app: FastifyInstance, ctx: ServerContext) {
  // ---- The owner's API (shell §7), owner of the app only ----

  // Keyed by the owner's account id (an IpLimiter counts any key).
  const invitations = new IpLimiter(INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS);
  /** Refuses (429, nothing changed) an owner who has sent the hour's invitations. */
  const checkInvitations = (ownerId: string | undefined, reply: FastifyReply) => {
    const wait = ownerId ? invitations.retryAfter(ownerId) : 0;
    if (wait > 0) throw tooManyAttempts(reply, wait, (w) => `Too many invitations sent. Please wait ${w} and try again.`);
  };

  app.get('/api/mutipageapp_users/:appId', { config: { access: 'owner', resource: appParam(AppUserAppParams, (p) => p.appId) } }, async (request) => ({
    app_users: await service.listAppUsers(ctx, resolvedApp(request)),
  }));

  app.post('/api/mutipageapp_users', { config: { access: 'owner', resource: appInBody(CreateAppUserBody, (b) => b.appId) } }, async (request, reply) => {
    const body = parse(CreateAppUserBody, request.body);
    const owner = signedInUser(request);
    checkInvitations(owner.id, reply);
    const { user, invitationSent } = await service.createAppUser(ctx, resolvedApp(request), { ...body, typedEmail: typedEmail(request.body) }, { scheme: linkScheme(ctx.config, request) });
    invitations.fail(owner.id);
    return reply.status(201).send({ new_app_user: user, invitation_sent: invitationSent });
  });

  app.put('/api/mutipageapp_users', { config: { access: 'owner', resource: appInBody(UpdateAppUserBody, (b) => b.appId) } }, async (request, reply) => {
    const body = parse(UpdateAppUserBody, request.body);
    const owner = signedInUser(request);
    // A changed address of a user without a password is invited again: only then does the limit apply.
    const mail = { scheme: linkScheme(ctx.config, request), mayInvite: () => checkInvitations(owner.id, reply) };
    const { user, invitationSent } = await service.updateAppUser(ctx, resolvedApp(request), { ...body, typedEmail: typedEmail(request.body) }, mail);
    if (invitationSent !== undefined) invitations.fail(owner.id);
    return { updated_user: user, ...(invitationSent === undefined ? {} : { invitation_sent: invitationSent }) };
  });

  app.delete('/api/mutipageapp_users', { config: { access: 'owner', resource: appInBody(DeleteAppUserBody, (b) => b.appId) } }, async (request, reply) => {
    const body = parse(DeleteAppUserBody, request.body);
    await service.deleteAppUser(ctx, resolvedApp(request), body);
    return reply.status(204).send();
  });

  // ---- The app users' own endpoints: they only ever sign in to the app the request names ----

  // In memory, per process, like the owners' limiter (auth/limiter.ts). E-mail keys carry the
  // app: the same address in two apps is two users.
  const logins = new LoginLimiter();
  /** Failed logins (any address), bad links and taken addresses at sign-up, per IP. */
  const failures = new IpLimiter(LOGIN_MAX_FAILURES_PER_IP);
  const resetMails = new LoginLimiter(RESET_MAILS_PER_EMAIL_AND_IP, RESET_MAILS_PER_EMAIL);
  const mailsPerIp = new IpLimiter(MAILS_PER_IP);
  const registrations = new IpLimiter(REGISTRATIONS_PER_IP);
  const emailKey = (target: AppView, email: string) => `${target.id}/${email}`;

  /** The app the request names (Host, then `app`, then `board`): they only ever sign in to it. */
  const namedApp = requestApp(AppAuthQuery, APP_USER_MESSAGES.appNotFound);
  /** Refuses an IP over its budget (429); slows down one that has been failing. */
  const refuseFailingIp = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = failures.retryAfter(request.ip);
    if (wait > 0) throw tooManyAttempts(reply, wait, (w) => `Too many failed attempts. Please wait ${w} and try again.`);
    await pause(failures.delay(request.ip, ctx.config.authSlowdownMs));
  };

  app.get('/api/app-auth/me', { config: { access: 'app-auth', resource: namedApp } }, async (request) => {
    const target = resolvedApp(request);
    return { app_user: await signedInAppUser(ctx, request, target.id) };
  });

  app.post('/api/app-auth/login', { config: { access: 'app-auth', resource: namedApp } }, async (request, reply) => {
    const target = resolvedApp(request);
    const body = parse(AppLoginBody, request.body);
    const key = emailKey(target, body.email);
    const wait = Math.max(logins.retryAfter(key, request.ip, request.cookies[DEVICE_COOKIE]), failures.retryAfter(request.ip));
    if (wait > 0)
      throw tooManyAttempts(reply, wait, (w) => `Too many failed sign-in attempts. Please wait ${w} and try again, or reset your password.`);
    await pause(Math.max(logins.delay(key, request.ip, ctx.config.authSlowdownMs), failures.delay(request.ip, ctx.config.authSlowdownMs)));
    let result;
    try {
      result = await service.login(ctx, target, body.email, body.password);
    } catch (e) {
      if (isHttp(e, 401)) {
        logins.fail(key, request.ip);
        failures.fail(request.ip);
      }
      throw e;
    }
    logins.succeed(key, request.ip, deviceOf(request, reply));
    setAppSessionCookie(request, reply, target, result.session);
    return { app_user: result.user };
  });

  app.post('/api/app-auth/logout', { config: { access: 'app-auth', resource: namedApp } }, async (request, reply) => {
    const target = resolvedApp(request);
    await service.logout(ctx, target, request.cookies[appSessionCookie(target.id)]);
    reply.clearCookie(appSessionCookie(target.id), { path: '/' });
    return reply.status(204).send();
  });

  app.post('/api/app-auth/register', { config: { access: 'app-auth', resource: namedApp } }, async (request, reply) => {
    const target = resolvedApp(request);
    const body = parse(AppRegisterBody, request.body);
    const wait = Math.max(failures.retryAfter(request.ip), registrations.retryAfter(request.ip));
    if (wait > 0) throw tooManyAttempts(reply, wait, (w) => `Too many sign-up attempts. Please wait ${w} and try again.`);
    await pause(failures.delay(request.ip, ctx.config.authSlowdownMs));
    let result;
    try {
      result = await service.register(ctx, target, body);
    } catch (e) {
      // A taken address tells who is a user: such answers count as failures.
      if (isHttp(e, 409)) {
        failures.fail(request.ip);
        registrations.fail(request.ip);
      }
      throw e;
    }
    registrations.fail(request.ip);
    setAppSessionCookie(request, reply, target, result.session);
    return reply.status(201).send({ app_user: result.user });
  });

  const withToken = (run: typeof service.acceptInvitation) => async (request: FastifyRequest, reply: FastifyReply) => {
    const target = resolvedApp(request);
    const body = parse(AppSetPasswordBody, request.body);
    await refuseFailingIp(request, reply);
    let result;
    try {
      result = await run(ctx, target, body.token, body.password);
    } catch (e) {
      if (isHttp(e, 400, 'invalid_token')) failures.fail(request.ip);
      throw e;
    }
    setAppSessionCookie(request, reply, target, result.session);
    return { app_user: result.user };
  };
  app.post('/api/app-auth/accept-invitation', { config: { access: 'app-auth', resource: namedApp } }, withToken(service.acceptInvitation));
  app.post('/api/app-auth/reset-password', { config: { access: 'app-auth', resource: namedApp } }, withToken(service.resetPassword));

  app.post('/api/app-auth/forgot-password', { config: { access: 'app-auth', resource: namedApp } }, async (request, reply) => {
    const target = resolvedApp(request);
    const body = parse(AppForgotPasswordBody, request.body);
    const key = emailKey(target, body.email);
    // Every request counts, sent or not (answers must not differ for users and strangers).
    const wait = Math.max(resetMails.retryAfter(key, request.ip), mailsPerIp.retryAfter(request.ip));
    if (wait > 0) throw tooManyAttempts(reply, wait, (w) => `Too many password reset requests. Please wait ${w} and try again.`);
    resetMails.fail(key, request.ip);
    mailsPerIp.fail(request.ip);
    await service.sendPasswordReset(ctx, target, body.email, { scheme: linkScheme(ctx.config, request) });
    return { ok: true };
  });
}
