// Owner accounts (issue 18). Public: asking for a reset link, choosing a new password with it, and
// following a verification link (signed in or not). Signed in: the account page's routes. Thin:
// parse, call the service, answer. Budgets (in memory, per process) are declared beside each route.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteAccountBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  SessionParams,
  UpdateAccountBody,
  VerifyEmailBody,
} from '../../../shared/api/account';
import type { ServerContext } from '../../context';
import { linkScheme, parse, sha256 } from '../../http';
import { signedInUser } from '../access/enforce';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP, MAILS_PER_IP } from '../auth/limiter';
import { perAccount, perIp, type RateLimit } from '../auth/rate-limit';
import { SESSION_COOKIE } from '../auth/session';
import * as account from './service';

/** Verification and address-change links one account may have sent per hour. */
export const ACCOUNT_MAILS_PER_HOUR = 5;
/** Wrong current passwords (password change, address change, deletion) one account may type per 15 minutes. */
export const ACCOUNT_PASSWORD_FAILURES = 10;

const currentSession = (request: FastifyRequest) => {
  const token = request.cookies[SESSION_COOKIE];
  return token ? sha256(token) : null;
};

export function accountRoutes(app: FastifyInstance, ctx: ServerContext) {
  // Like POST /api/auth/magic-link: each mail counts against the client's IP (and each address
  // has its own cap in the service); the answer is the same whether or not the address exists.
  const ipMails = perIp(new IpLimiter(ctx.counters, 'account.ipMails', MAILS_PER_IP));
  const resetMailLimit: RateLimit = {
    body: ForgotPasswordBody,
    check: [ipMails],
    refusal: (w) => `Too many password reset requests. Please wait ${w} and try again.`,
    count: [{ when: 'attempt', budgets: [ipMails] }],
  };
  app.post('/api/auth/forgot-password', { config: { access: 'public', rateLimit: resetMailLimit } }, async (request, reply) => {
    const body = parse(ForgotPasswordBody, request.body);
    await account.requestPasswordReset(ctx, body.email, linkScheme(ctx.config, request));
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetSent });
  });

  // Guessing links: a bad one counts against the IP, which then slows down and is refused.
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'account.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const linkLimit = (body: RateLimit['body']): RateLimit => ({
    body,
    check: [ipFailures],
    refusal: (w) => `Too many failed attempts from your network. Please wait ${w} and try again.`,
    slowDown: [ipFailures],
    count: [{ when: { status: 400, code: 'invalid_token' }, budgets: [ipFailures] }],
  });
  app.post('/api/auth/reset-password', { config: { access: 'public', rateLimit: linkLimit(ResetPasswordBody) } }, async (request) => {
    const body = parse(ResetPasswordBody, request.body);
    await account.resetPassword(ctx, body.token, body.password);
    return { message: ACCOUNT_MESSAGES.resetDone };
  });

  app.post('/api/auth/verify-email', { config: { access: 'public', rateLimit: linkLimit(VerifyEmailBody) } }, async (request) => {
    const body = parse(VerifyEmailBody, request.body);
    return account.verifyEmail(ctx, body.token);
  });

  const signedIn = { access: 'signed-in' } as const;
  const accountMails = perAccount(new IpLimiter(ctx.counters, 'account.accountMails', ACCOUNT_MAILS_PER_HOUR, 60 * 60_000));
  const mailLimit: RateLimit = {
    check: [accountMails],
    refusal: (w) => `You asked for several links already. Check your inbox (and spam folder), or wait ${w} and try again.`,
    count: [{ when: 'success', budgets: [accountMails] }],
  };
  const passwordFailures = perAccount(new IpLimiter(ctx.counters, 'account.passwordFailures', ACCOUNT_PASSWORD_FAILURES));
  const passwordLimit = (code: string): RateLimit => ({
    check: [passwordFailures],
    refusal: (w) => `Too many wrong passwords. Please wait ${w} and try again.`,
    count: [{ when: { status: 400, code }, budgets: [passwordFailures] }],
  });

  app.get('/api/account', { config: signedIn }, async (request) => ({ account: await account.accountOf(ctx, signedInUser(request)) }));

  app.put('/api/account', { config: signedIn }, async (request) => {
    const body = parse(UpdateAccountBody, request.body);
    return { account: await account.rename(ctx, signedInUser(request), body.name) };
  });

  app.post('/api/account/verification', { config: { ...signedIn, rateLimit: mailLimit } }, async (request, reply) => {
    const message = await account.resendVerification(ctx, signedInUser(request), linkScheme(ctx.config, request));
    return reply.status(202).send({ message });
  });

  const emailLimit: RateLimit = {
    check: [accountMails, passwordFailures],
    refusal: (w) => `Too many attempts. Please wait ${w} and try again.`,
    count: [
      { when: 'success', budgets: [accountMails] },
      { when: { status: 400, code: 'wrong_password' }, budgets: [passwordFailures] },
    ],
  };
  app.post('/api/account/email', { config: { ...signedIn, rateLimit: emailLimit } }, async (request, reply) => {
    const body = parse(ChangeEmailBody, request.body);
    const message = await account.requestEmailChange(ctx, signedInUser(request), body, linkScheme(ctx.config, request));
    return reply.status(202).send({ message });
  });

  app.put('/api/account/password', { config: { ...signedIn, rateLimit: passwordLimit('wrong_password') } }, async (request) => {
    const body = parse(ChangePasswordBody, request.body);
    await account.changePassword(ctx, signedInUser(request), currentSession(request), body);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  });

  app.get('/api/account/sessions', { config: signedIn }, async (request) => ({
    sessions: await account.sessionsOf(ctx, signedInUser(request), currentSession(request)),
  }));

  app.post('/api/account/sessions/sign-out-others', { config: signedIn }, async (request) => ({
    ended: await account.endOtherSessions(ctx, signedInUser(request), currentSession(request)),
  }));

  app.delete('/api/account/sessions/:id', { config: signedIn }, async (request, reply) => {
    const { id } = parse(SessionParams, request.params);
    await account.endSession(ctx, signedInUser(request), id);
    return reply.status(204).send();
  });

  app.delete('/api/account', { config: { ...signedIn, rateLimit: passwordLimit('bad_confirmation') } }, async (request, reply: FastifyReply) => {
    const body = parse(DeleteAccountBody, request.body);
    await account.deleteAccount(ctx, signedInUser(request), body.confirm);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });
}
