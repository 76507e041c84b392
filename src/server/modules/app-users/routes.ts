import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppAuthQuery,
  AppForgotPasswordBody,
  APP_USER_MESSAGES,
  AppLoginBody,
  AppRegisterBody,
  AppSetPasswordBody,
  AppUserSessionResponse,
  AppUsersResponse,
  CreateAppUserBody,
  CreateAppUserResponse,
  DeleteAppUserBody,
  UpdateAppUserBody,
  UpdateAppUserResponse,
} from '../../../shared/api/app-users';
import { AppUserAppParams } from '../../../shared/api/params';
import type { ServerContext } from '../../platform/context';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import type { AppView } from '../../data/apps/record';
import { resolvedApp } from '../../access/enforce';
import { appInBody, appParam, requestApp } from '../../access/resources';
import { INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS, IpLimiter, LOGIN_MAX_FAILURES_PER_IP, LoginLimiter, MAILS_PER_IP, tooManyAttempts } from '../../platform/limits/limiter';
import { perAccount, perAddress, perIp, type RateLimit } from '../../platform/limits/rate-limit';
import * as service from './service';
import { appSessionCookie, signedInAppUser } from '../../identity/app-user-session';
import { clearPrivateCookie, setPrivateCookie } from '../../platform/net/cookies';

/** Reset e-mails per (address, IP) and per address across IPs in the limiter's 15-minute window. */
export const RESET_MAILS_PER_EMAIL_AND_IP = 5;
export const RESET_MAILS_PER_EMAIL = 10;
/** Registrations one IP may make per window (each one is a new account of the app). */
export const REGISTRATIONS_PER_IP = 20;

function setAppSessionCookie(request: FastifyRequest, reply: FastifyReply, app: AppView, session: service.AppSession) {
  setPrivateCookie(request, reply, appSessionCookie(app.id), session.token, session.maxAge);
}

/** POST /api/app-auth/forgot-password: always the same answer (no account discovery). */
const ForgotPasswordResponse = z.object({ ok: z.literal(true) });

/** The owner's answer about an invitation: the link only when it was not mailed, for them to pass on. */
function invitationFields(invitation: service.InvitationResult): { invitation_sent: boolean; invitation_link?: string } {
  return { invitation_sent: invitation.sent, ...(invitation.sent || !invitation.link ? {} : { invitation_link: invitation.link }) };
}

export function appUserRoutes(app: ApiServer, ctx: ServerContext) {
  // ---- The owner's API (shell §7), owner of the app only ----

  // Per owner account, in memory, per process.
  const invitations = perAccount(new IpLimiter(ctx.counters, 'app-users.invitations', INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS));
  const tooManyInvitations = (w: string) => `Too many invitations sent. Please wait ${w} and try again.`;
  /** Adding a user mails an invitation: refused (429, nothing added) past the hour's budget. */
  const invitationLimit: RateLimit = { check: [invitations], refusal: tooManyInvitations, count: [{ when: 'success', budgets: [invitations] }] };

  const tag = 'App users';

  app.get(
    '/api/mutipageapp_users/:appId',
    {
      schema: { params: AppUserAppParams },
      config: { access: 'owner', resource: appParam(AppUserAppParams, (p) => p.appId), api: { tag, summary: "List an app's users (oldest first)", response: AppUsersResponse } },
    },
    async (request) => ({ app_users: await service.listAppUsers(ctx, resolvedApp(request)) }),
  );

  app.post(
    '/api/mutipageapp_users',
    {
      schema: { body: CreateAppUserBody },
      config: {
        access: 'owner',
        resource: appInBody(CreateAppUserBody, (b) => b.appId),
        rateLimit: invitationLimit,
        api: { tag, summary: 'Add a user to an app and mail them an invitation', response: CreateAppUserResponse, status: 201 },
      },
    },
    async (request, reply) => {
      const { user, invitation } = await service.createAppUser(ctx, resolvedApp(request), request.body, { scheme: linkScheme(ctx.config, request) });
      return reply.status(201).send({ new_app_user: user, ...invitationFields(invitation) });
    },
  );

  app.put(
    '/api/mutipageapp_users',
    {
      schema: { body: UpdateAppUserBody },
      config: { access: 'owner', resource: appInBody(UpdateAppUserBody, (b) => b.appId), api: { tag, summary: "Change an app user's name, e-mail address or permission", response: UpdateAppUserResponse } },
    },
    async (request, reply) => {
      // A changed address of a user without a password is invited again: only then, as the service
      // decides, does the invitation budget apply, so this route checks it through the service.
      const mayInvite = async () => {
        const wait = await invitations.retryAfter(request);
        if (wait > 0) throw tooManyAttempts(reply, wait, tooManyInvitations);
      };
      const mail = { scheme: linkScheme(ctx.config, request), mayInvite };
      const { user, invitation } = await service.updateAppUser(ctx, resolvedApp(request), request.body, mail);
      if (invitation) await invitations.fail(request);
      return { updated_user: user, ...(invitation ? invitationFields(invitation) : {}) };
    },
  );

  app.delete(
    '/api/mutipageapp_users',
    { schema: { body: DeleteAppUserBody }, config: { access: 'owner', resource: appInBody(DeleteAppUserBody, (b) => b.appId), api: { tag, summary: 'Remove a user from an app (the body names it)', status: 204 } } },
    async (request, reply) => {
      await service.deleteAppUser(ctx, resolvedApp(request), request.body);
      return reply.status(204).send();
    },
  );

  // ---- The app users' own endpoints: they only ever sign in to the app the request names ----

  // In memory, per process, like the owners' limiter (platform/limits/limiter.ts). E-mail keys carry the
  // app: the same address in two apps is two users.
  /**
   * The address of the app the request names (the rule resolved it), from the route's body. The
   * limit first reads the body before Fastify's validation (the limit has checked it with the
   * route's schema by then, but the body is still as sent), and again once it is parsed: the
   * address is keyed as the schemas read it, trimmed and in lower case, either way.
   */
  const appAddress = (request: FastifyRequest) => `${resolvedApp(request).id}/${String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`;
  const logins = perAddress(new LoginLimiter(ctx.counters, 'app-users.logins'), appAddress, { device: true });
  /** Failed logins (any address), bad links and taken addresses at sign-up, per IP. */
  const failures = perIp(new IpLimiter(ctx.counters, 'app-users.failures', LOGIN_MAX_FAILURES_PER_IP));
  const resetMails = perAddress(new LoginLimiter(ctx.counters, 'app-users.resetMails', RESET_MAILS_PER_EMAIL_AND_IP, RESET_MAILS_PER_EMAIL), appAddress, { device: false });
  const mailsPerIp = perIp(new IpLimiter(ctx.counters, 'app-users.mailsPerIp', MAILS_PER_IP));
  const registrations = perIp(new IpLimiter(ctx.counters, 'app-users.registrations', REGISTRATIONS_PER_IP));

  /** The app the request names (Host, then `app`, then `board`): they only ever sign in to it. */
  const namedApp = requestApp(AppAuthQuery, APP_USER_MESSAGES.appNotFound);
  const appAuth = { access: 'app-auth', resource: namedApp } as const;

  app.get(
    '/api/app-auth/me',
    { schema: { querystring: AppAuthQuery }, config: { ...appAuth, api: { tag, summary: 'The app user signed in to the app (null: none)', response: AppUserSessionResponse } } },
    async (request) => {
      const target = resolvedApp(request);
      return { app_user: await signedInAppUser(ctx, request, target.id) };
    },
  );

  const loginLimit: RateLimit = {
    check: [logins, failures],
    refusal: (w) => `Too many failed sign-in attempts. Please wait ${w} and try again, or reset your password.`,
    slowDown: [logins, failures],
    count: [{ when: { status: 401 }, budgets: [logins, failures] }],
    clearOnSuccess: [logins],
  };
  app.post(
    '/api/app-auth/login',
    {
      schema: { querystring: AppAuthQuery, body: AppLoginBody },
      config: { ...appAuth, rateLimit: loginLimit, api: { tag, summary: 'Sign in to the app as one of its users (sets the session cookie)', response: AppUserSessionResponse } },
    },
    async (request, reply) => {
      const target = resolvedApp(request);
      const result = await service.login(ctx, target, request.body.email, request.body.password);
      setAppSessionCookie(request, reply, target, result.session);
      return { app_user: result.user };
    },
  );

  // The body, if any, is not read (the web app sends `{}`).
  app.post(
    '/api/app-auth/logout',
    { schema: { querystring: AppAuthQuery }, config: { ...appAuth, api: { tag, summary: 'Sign the app user out of the app', status: 204 } } },
    async (request, reply) => {
      const target = resolvedApp(request);
      await service.logout(ctx, target, request.cookies[appSessionCookie(target.id)]);
      clearPrivateCookie(reply, appSessionCookie(target.id));
      return reply.status(204).send();
    },
  );

  const registerLimit: RateLimit = {
    check: [failures, registrations],
    refusal: (w) => `Too many sign-up attempts. Please wait ${w} and try again.`,
    slowDown: [failures],
    count: [
      // A taken address tells who is a user: such answers count as failures.
      { when: { status: 409 }, budgets: [failures, registrations] },
      { when: 'success', budgets: [registrations] },
    ],
  };
  app.post(
    '/api/app-auth/register',
    {
      schema: { querystring: AppAuthQuery, body: AppRegisterBody },
      config: { ...appAuth, rateLimit: registerLimit, api: { tag, summary: 'Sign up to the app (when its register block allows it) and sign in', response: AppUserSessionResponse, status: 201 } },
    },
    async (request, reply) => {
      const target = resolvedApp(request);
      const result = await service.register(ctx, target, request.body);
      setAppSessionCookie(request, reply, target, result.session);
      return reply.status(201).send({ app_user: result.user });
    },
  );

  /** Sets the password with a mailed link's token (`run`: invitation or reset) and signs in. */
  const withToken = async (run: typeof service.acceptInvitation, request: FastifyRequest, reply: FastifyReply, body: z.output<typeof AppSetPasswordBody>) => {
    const target = resolvedApp(request);
    const result = await run(ctx, target, body.token, body.password);
    setAppSessionCookie(request, reply, target, result.session);
    return { app_user: result.user };
  };
  /** Links that did not work count against the IP, which slows down and then stops. */
  const tokenLimit: RateLimit = {
    check: [failures],
    refusal: (w) => `Too many failed attempts. Please wait ${w} and try again.`,
    slowDown: [failures],
    count: [{ when: { status: 400, code: 'invalid_token' }, budgets: [failures] }],
  };
  // Both routes share the limit, and each declares the body it checks.
  app.post(
    '/api/app-auth/accept-invitation',
    {
      schema: { querystring: AppAuthQuery, body: AppSetPasswordBody },
      config: { ...appAuth, rateLimit: tokenLimit, api: { tag, summary: "Accept an invitation: set a first password with the link's token and sign in", response: AppUserSessionResponse } },
    },
    (request, reply) => withToken(service.acceptInvitation, request, reply, request.body),
  );
  app.post(
    '/api/app-auth/reset-password',
    {
      schema: { querystring: AppAuthQuery, body: AppSetPasswordBody },
      config: { ...appAuth, rateLimit: tokenLimit, api: { tag, summary: "Set a new password with a reset link's token and sign in", response: AppUserSessionResponse } },
    },
    (request, reply) => withToken(service.resetPassword, request, reply, request.body),
  );

  // Every request counts, sent or not (answers must not differ for users and strangers).
  const resetLimit: RateLimit = {
    check: [resetMails, mailsPerIp],
    refusal: (w) => `Too many password reset requests. Please wait ${w} and try again.`,
    count: [{ when: 'attempt', budgets: [resetMails, mailsPerIp] }],
  };
  app.post(
    '/api/app-auth/forgot-password',
    {
      schema: { querystring: AppAuthQuery, body: AppForgotPasswordBody },
      config: { ...appAuth, rateLimit: resetLimit, api: { tag, summary: 'Mail a password reset link to an app user (always answers ok)', response: ForgotPasswordResponse } },
    },
    async (request) => {
      const target = resolvedApp(request);
      await service.sendPasswordReset(ctx, target, request.body.email, { scheme: linkScheme(ctx.config, request) });
      return { ok: true };
    },
  );
}
