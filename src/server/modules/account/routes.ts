// Owner accounts (issue 18). Public: asking for a reset link, choosing a new password with it, and
// following a verification link (signed in or not). Signed in: the account page's routes. Thin:
// the input is parsed by the route's schema; call the service, answer. Budgets (in memory, per process) are declared beside each route.
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  AccountResponse,
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteAccountBody,
  ForgotPasswordBody,
  MessageResponse,
  ResetLinkCheckBody,
  ResetPasswordBody,
  SessionParams,
  SessionsResponse,
  SignOutOthersResponse,
  UpdateAccountBody,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '../../../shared/api/account';
import type { ServerContext } from '../../platform/context';
import { linkScheme, sha256 } from '../../http';
import type { ApiServer } from '../../routing/input';
import { signedInUser } from '../../access/enforce';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP, MAILS_PER_IP } from '../../platform/limits/limiter';
import { perAccount, perIp, type RateLimit } from '../../platform/limits/rate-limit';
import { SESSION_COOKIE } from '../../identity/owner-session';
import * as account from './service';
import { clearPrivateCookie } from '../../platform/net/cookies';

/** Verification and address-change links one account may have sent per hour. */
export const ACCOUNT_MAILS_PER_HOUR = 5;
/** Wrong current passwords (password change, address change, deletion) one account may type per 15 minutes. */
export const ACCOUNT_PASSWORD_FAILURES = 10;

const currentSession = (request: FastifyRequest) => {
  const token = request.cookies[SESSION_COOKIE];
  return token ? sha256(token) : null;
};

export function accountRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Sign-in and account';
  /** The links e-mailed answer 202 Accepted (the document's status can only say 200). */
  const accepted = 'Answers 202 Accepted.';
  // Like POST /api/auth/magic-link: each mail counts against the client's IP (and each address
  // has its own cap in the service); the answer is the same whether or not the address exists.
  const ipMails = perIp(new IpLimiter(ctx.counters, 'account.ipMails', MAILS_PER_IP));
  const resetMailLimit: RateLimit = {
    check: [ipMails],
    refusal: (w) => `Too many password reset requests. Please wait ${w} and try again.`,
    count: [{ when: 'attempt', budgets: [ipMails] }],
  };
  app.post('/api/auth/forgot-password', { schema: { body: ForgotPasswordBody }, config: { access: 'public', rateLimit: resetMailLimit, api: { tag, summary: 'E-mail a link to choose a new password', description: `${accepted} The same answer whether or not the address has an account.`, response: MessageResponse } } }, async (request, reply) => {
    await account.requestPasswordReset(ctx, request.body.email, linkScheme(ctx.config, request));
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetSent });
  });

  // Guessing links: a bad one counts against the IP, which then slows down and is refused.
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'account.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const linkLimit: RateLimit = {
    check: [ipFailures],
    refusal: (w) => `Too many failed attempts from your network. Please wait ${w} and try again.`,
    slowDown: [ipFailures],
    count: [{ when: { status: 400, code: 'invalid_token' }, budgets: [ipFailures] }],
  };
  app.post('/api/auth/reset-password', { schema: { body: ResetPasswordBody }, config: { access: 'public', rateLimit: linkLimit, api: { tag, summary: "Choose a new password with a reset link's token", response: MessageResponse } } }, async (request) => {
    await account.resetPassword(ctx, request.body.token, request.body.password);
    return { message: ACCOUNT_MESSAGES.resetDone };
  });

  // Asked when the link's page opens; a bad token counts as the reset's own would.
  app.post('/api/auth/reset-password/check', { schema: { body: ResetLinkCheckBody }, config: { access: 'public', rateLimit: linkLimit, api: { tag, summary: 'Whether a link to choose a new password still works (it is not spent)', response: MessageResponse } } }, async (request) => {
    await account.checkResetLink(ctx, request.body.token);
    return { message: ACCOUNT_MESSAGES.resetLinkWorks };
  });

  app.post('/api/auth/verify-email', { schema: { body: VerifyEmailBody }, config: { access: 'public', rateLimit: linkLimit, api: { tag, summary: "Verify an e-mail address with its link's token", response: VerifyEmailResponse } } }, async (request) => {
    return account.verifyEmail(ctx, request.body.token, currentSession(request));
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

  app.get('/api/account', { config: { ...signedIn, api: { tag, summary: 'Your account', response: AccountResponse } } }, async (request) => ({ account: await account.accountOf(ctx, signedInUser(request)) }));

  app.put('/api/account', { schema: { body: UpdateAccountBody }, config: { ...signedIn, api: { tag, summary: 'Change your name', response: AccountResponse } } }, async (request) => {
    return { account: await account.rename(ctx, signedInUser(request), request.body.name) };
  });

  app.post('/api/account/verification', { config: { ...signedIn, rateLimit: mailLimit, api: { tag, summary: 'E-mail a new verification link', description: accepted, response: MessageResponse } } }, async (request, reply) => {
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
  app.post('/api/account/email', { schema: { body: ChangeEmailBody }, config: { ...signedIn, rateLimit: emailLimit, api: { tag, summary: 'Change your e-mail address (a link to the new one confirms it)', description: accepted, response: MessageResponse } } }, async (request, reply) => {
    const message = await account.requestEmailChange(ctx, signedInUser(request), request.body, linkScheme(ctx.config, request));
    return reply.status(202).send({ message });
  });

  app.put('/api/account/password', { schema: { body: ChangePasswordBody }, config: { ...signedIn, rateLimit: passwordLimit('wrong_password'), api: { tag, summary: 'Change your password (your other sessions, API tokens and pending editor invitations end)', response: MessageResponse } } }, async (request) => {
    await account.changePassword(ctx, signedInUser(request), currentSession(request), request.body);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  });

  app.get('/api/account/sessions', { config: { ...signedIn, api: { tag, summary: 'Your sign-in sessions (the current one marked)', response: SessionsResponse } } }, async (request) => ({
    sessions: await account.sessionsOf(ctx, signedInUser(request), currentSession(request)),
  }));

  app.post('/api/account/sessions/sign-out-others', { config: { ...signedIn, api: { tag, summary: 'Sign out every other session (your API tokens, open e-mailed links and pending editor invitations end too)', response: SignOutOthersResponse } } }, async (request) => {
    const ended = await account.endOtherSessions(ctx, signedInUser(request), currentSession(request));
    return { ended: ended.sessions, tokens: ended.tokens, invitations: ended.invitations };
  });

  app.delete('/api/account/sessions/:id', { schema: { params: SessionParams }, config: { ...signedIn, api: { tag, summary: 'End one of your sessions', status: 204 } } }, async (request, reply) => {
    await account.endSession(ctx, signedInUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.delete('/api/account', { schema: { body: DeleteAccountBody }, config: { ...signedIn, rateLimit: passwordLimit('wrong_password'), api: { tag, summary: 'Delete your account and its workspaces (confirm with your current password)', status: 204 } } }, async (request, reply) => {
    await account.deleteAccount(ctx, signedInUser(request), request.body.password);
    clearPrivateCookie(reply, SESSION_COOKIE);
    return reply.status(204).send();
  });
}
