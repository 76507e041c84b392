// Owner accounts (issue 18): e-mailed one-time links (a new password, proving the address, a new
// address), the account page's changes (name, address, password, sessions) and deleting the
// account with everything in its workspaces. Publishing waits for a proved address (publishing.ts).
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { issueToken, nowIso, sha256 } from '../../http';
import { ACCOUNT_MESSAGES, type Account, type AccountSession } from '../../../shared/api/account';
import { hashPassword, verifyPassword } from '../../platform/password/password';
import type { SessionUser } from '../../identity/owner-session';
import { escapeHtml } from '../../platform/mail/mailer';
import { storefrontRepo } from '../../data/storefront/repo';
import { dropVersionCopies } from '../templates/freeze';
import { uploadFilesToRemove } from '../templates/copy';
import { describeDevice } from './device';
import { accountRepo, type TokenPurpose } from '../../data/account/repo';
import { sheetChanged } from '../../platform/cluster/sheet-changes';
import { ownershipProved, tellOwner, UNPROVED_PASSWORD_NOTE, type Ended } from './ownership';

/** A link to choose a new password works this long, once. */
export const RESET_TOKEN_MINUTES = 60;
/** Links proving an address (the account's, or a new one) work this long, once. */
export const VERIFY_TOKEN_HOURS = 24;
/** Reset links one address may receive per RESET_TOKEN_MINUTES (the rest are dropped silently). */
export const RESETS_PER_WINDOW = 5;
/** The longest password sign-up accepts: a longer one cannot be right (no scrypt time spent on it). */
const MAX_PASSWORD_LENGTH = 200;

const invalidLink = (message: string) => new HttpError(400, message, undefined, 'invalid_token');
const wrongPassword = (path: string) => new HttpError(400, ACCOUNT_MESSAGES.wrongPassword, [{ path, message: ACCOUNT_MESSAGES.wrongPassword }], 'wrong_password');

async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  return password.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(password, hash));
}

async function issueLinkToken(ctx: ServerContext, userId: string, purpose: TokenPurpose, email: string, minutes: number): Promise<string> {
  const { token, row } = issueToken(minutes * 60_000);
  await accountRepo(ctx.db).insertToken({ ...row, user_id: userId, purpose, email });
  return token;
}

const link = (ctx: ServerContext, scheme: string, page: string, token: string) => `${scheme}://${ctx.config.baseHost}/dashboard/${page}?token=${encodeURIComponent(token)}`;

/** Sends the link that proves `email` is the account's (sign-up, "resend"). */
export async function sendVerification(ctx: ServerContext, user: SessionUser, scheme: string): Promise<void> {
  const token = await issueLinkToken(ctx, user.id, 'verify', user.email, VERIFY_TOKEN_HOURS * 60);
  const url = link(ctx, scheme, 'emailVerify', token);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Verify your Sheetboard e-mail address',
    text: `Hello ${user.name},\n\nConfirm that this is your address with this link (valid for ${VERIFY_TOKEN_HOURS} hours, once):\n\n${url}\n\nUntil then you can build boards and apps, but not publish them, make API tokens, invite editors or buy.\n\nIf you did not sign up for Sheetboard, ignore this e-mail.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p><a href="${url}">Verify your e-mail address</a> (valid for ${VERIFY_TOKEN_HOURS} hours, once).</p><p>Until then you can build boards and apps, but not publish them, make API tokens, invite editors or buy.</p><p>If you did not sign up for Sheetboard, ignore this e-mail.</p>`,
  });
}

/** Sign-up's verification mail: a mail server that is down must not undo the sign-up (the owner can ask again). */
export async function sendVerificationAfterSignup(ctx: ServerContext, user: SessionUser, scheme: string): Promise<void> {
  // Without SMTP_URL no mail can prove an address (the link would only reach the server log), so a
  // self-hosted server without mail does not hold publishing back: the address counts as verified.
  if (!ctx.config.smtpUrl) {
    await accountRepo(ctx.db).markVerified(user.id, user.email, nowIso());
    return;
  }
  try {
    await sendVerification(ctx, user, scheme);
  } catch (e) {
    ctx.log.error({ err: e, user: user.id }, 'the verification e-mail could not be sent');
  }
}

/** "Resend": a new link, unless the address is proved already. */
export async function resendVerification(ctx: ServerContext, user: SessionUser, scheme: string): Promise<string> {
  const row = await accountRepo(ctx.db).user(user.id);
  if (!row) throw notFound('Account not found');
  if (row.email_verified_at) return ACCOUNT_MESSAGES.alreadyVerified;
  await sendVerification(ctx, { id: row.id, name: row.name, email: row.email }, scheme);
  return ACCOUNT_MESSAGES.verificationSent(row.email);
}

/**
 * Follows a verification or address-change link (signed in or not): an address becoming verified
 * or changed proves the account's ownership, so every other session, token, link and pending
 * invitation ends (ownership.ts). `currentSession`: the caller's session hash, kept when it is the
 * account's (the browser that followed the link).
 */
export async function verifyEmail(ctx: ServerContext, token: string, currentSession: string | null): Promise<{ email: string; changed: boolean }> {
  const now = nowIso();
  const repo = accountRepo(ctx.db);
  const used = await repo.consumeToken(sha256(token), ['verify', 'email'], now);
  const row = used && (await repo.user(used.user_id));
  if (!used || !row) throw invalidLink(ACCOUNT_MESSAGES.badVerifyLink);
  if (used.purpose === 'verify') {
    // A link to an address the account no longer has proves nothing about the current one.
    if (row.email !== used.email) throw invalidLink(ACCOUNT_MESSAGES.badVerifyLink);
    const ended = await ctx.db.transaction().execute(async (trx) => {
      // Already verified (a second link of a resend): nothing changes hands.
      if (!(await accountRepo(trx).markVerified(row.id, row.email, now))) return null;
      return ownershipProved(trx, row.id, currentSession, now);
    });
    if (ended) await tellOwner(ctx, row, 'verified', ended, [UNPROVED_PASSWORD_NOTE]);
    return { email: row.email, changed: false };
  }
  if (row.email === used.email) return { email: row.email, changed: false };
  const holder = await repo.userByEmail(used.email);
  if (holder && holder.id !== row.id) throw conflict(ACCOUNT_MESSAGES.emailTaken);
  let ended: Ended;
  try {
    ended = await ctx.db.transaction().execute(async (trx) => {
      await accountRepo(trx).setEmail(row.id, used.email, now);
      // Older links to other new addresses stop working with every other link: the newest followed one decided.
      return ownershipProved(trx, row.id, currentSession, now);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ACCOUNT_MESSAGES.emailTaken);
    throw e;
  }
  // The old address is told (it may be the one someone took the account from), the new one too.
  await tellOwner(ctx, row, 'email', ended, [`The account's address is now ${used.email}. Sign in with that address from now on.`]);
  await tellOwner(ctx, { name: row.name, email: used.email }, 'email', ended, [`This is now the account's address (it was ${row.email}).`]);
  return { email: used.email, changed: true };
}

/** Sends a link to choose a new password. Silent about unknown addresses (no account enumeration). */
export async function requestPasswordReset(ctx: ServerContext, email: string, scheme: string): Promise<void> {
  const repo = accountRepo(ctx.db);
  const row = await repo.userByEmail(email);
  if (!row) {
    ctx.log.info({ email }, 'password reset asked for an unknown address');
    return;
  }
  const since = new Date(Date.now() - RESET_TOKEN_MINUTES * 60_000).toISOString();
  if ((await repo.recentTokens(row.id, 'reset', since)) >= RESETS_PER_WINDOW) {
    ctx.log.warn({ email }, 'password reset throttled');
    return;
  }
  const token = await issueLinkToken(ctx, row.id, 'reset', row.email, RESET_TOKEN_MINUTES);
  const url = link(ctx, scheme, 'forgetPassword', token);
  await ctx.mailer.send({
    to: row.email,
    subject: 'Choose a new Sheetboard password',
    text: `Hello ${row.name},\n\nChoose a new password with this link (valid for 1 hour, once):\n\n${url}\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
    html: `<p>Hello ${escapeHtml(row.name)},</p><p><a href="${url}">Choose a new password</a> (valid for 1 hour, once).</p><p>If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
  });
}

/**
 * Sets a new password from a reset link. The link proves the account's ownership: every session
 * (the caller signs in again), token, other link and pending invitation of the account ends.
 */
/**
 * Whether a reset link still works, asked when its page opens (issue 33: a spent link said so
 * only after the new password was typed). 400 invalid_token, in the same words as the reset.
 */
export async function checkResetLink(ctx: ServerContext, token: string): Promise<void> {
  if (!(await accountRepo(ctx.db).tokenWorks(sha256(token), ['reset'], nowIso()))) throw invalidLink(ACCOUNT_MESSAGES.badResetLink);
}

export async function resetPassword(ctx: ServerContext, token: string, password: string): Promise<void> {
  // The password's own checks first, so a refused one does not spend the link.
  const hash = await hashPassword(password);
  const now = nowIso();
  const repo = accountRepo(ctx.db);
  const used = await repo.consumeToken(sha256(token), ['reset'], now);
  const row = used && (await repo.user(used.user_id));
  if (!used || !row || row.email !== used.email) throw invalidLink(ACCOUNT_MESSAGES.badResetLink);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const r = accountRepo(trx);
    await r.setPassword(row.id, hash);
    // The link reached this address: it is the owner's.
    await r.markVerified(row.id, row.email, now);
    return ownershipProved(trx, row.id, null, now);
  });
  await tellOwner(ctx, row, 'reset', ended);
}

export async function accountOf(ctx: ServerContext, user: SessionUser): Promise<Account> {
  const repo = accountRepo(ctx.db);
  const row = await repo.user(user.id);
  if (!row) throw notFound('Account not found');
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    email_verified: row.email_verified_at != null,
    pending_email: await repo.pendingEmail(row.id, nowIso()),
    created_at: row.created_at,
  };
}

export async function rename(ctx: ServerContext, user: SessionUser, name: string): Promise<Account> {
  await accountRepo(ctx.db).setName(user.id, name);
  return accountOf(ctx, user);
}

/** A new address takes effect when the link sent to it is followed (verifyEmail). */
export async function requestEmailChange(ctx: ServerContext, user: SessionUser, input: { email: string; password: string }, scheme: string): Promise<string> {
  const repo = accountRepo(ctx.db);
  const row = await repo.user(user.id);
  if (!row) throw notFound('Account not found');
  if (!(await passwordMatches(input.password, row.password_hash))) throw wrongPassword('password');
  if (input.email === row.email) throw badRequest(ACCOUNT_MESSAGES.sameEmail, [{ path: 'email', message: ACCOUNT_MESSAGES.sameEmail }]);
  if (await repo.userByEmail(input.email)) throw conflict(ACCOUNT_MESSAGES.emailTaken);
  const token = await issueLinkToken(ctx, row.id, 'email', input.email, VERIFY_TOKEN_HOURS * 60);
  const url = link(ctx, scheme, 'emailVerify', token);
  await ctx.mailer.send({
    to: input.email,
    subject: 'Confirm your new Sheetboard e-mail address',
    text: `Hello ${row.name},\n\nYou asked to use this address for your Sheetboard account. Confirm it with this link (valid for ${VERIFY_TOKEN_HOURS} hours, once):\n\n${url}\n\nUntil then your account keeps ${row.email}. If you did not ask for this, ignore this e-mail.\n`,
    html: `<p>Hello ${escapeHtml(row.name)},</p><p>You asked to use this address for your Sheetboard account. <a href="${url}">Confirm your new address</a> (valid for ${VERIFY_TOKEN_HOURS} hours, once).</p><p>Until then your account keeps ${escapeHtml(row.email)}. If you did not ask for this, ignore this e-mail.</p>`,
  });
  return ACCOUNT_MESSAGES.emailChangeSent(input.email);
}

/** A new password (the current one required): ownership proved, so every other session, token, link and pending invitation ends. */
export async function changePassword(ctx: ServerContext, user: SessionUser, currentSession: string | null, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const repo = accountRepo(ctx.db);
  const row = await repo.user(user.id);
  if (!row) throw notFound('Account not found');
  if (!(await passwordMatches(input.currentPassword, row.password_hash))) throw wrongPassword('currentPassword');
  const hash = await hashPassword(input.newPassword).catch((e: unknown) => {
    // The common-password refusal names `password`; on this form the field is newPassword.
    if (e instanceof HttpError) throw new HttpError(e.status, e.message, e.issues?.map((i) => ({ ...i, path: 'newPassword' })), e.code);
    throw e;
  });
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await accountRepo(trx).setPassword(row.id, hash);
    return ownershipProved(trx, row.id, currentSession, nowIso());
  });
  await tellOwner(ctx, row, 'password', ended);
}

/** What names a session to its owner: derived from the stored hash, so the list never hands out what the database keys on. */
const publicSessionId = (hash: string) => sha256(`session:${hash}`).slice(0, 16);

export async function sessionsOf(ctx: ServerContext, user: SessionUser, currentSession: string | null): Promise<AccountSession[]> {
  const rows = await accountRepo(ctx.db).sessions(user.id, nowIso());
  return rows.map((s) => ({
    id: publicSessionId(s.id),
    device: describeDevice(s.user_agent),
    created_at: s.created_at,
    last_seen_at: s.last_seen_at ?? null,
    current: s.id === currentSession,
  }));
}

export async function endSession(ctx: ServerContext, user: SessionUser, id: string): Promise<void> {
  const repo = accountRepo(ctx.db);
  const hit = (await repo.sessions(user.id, nowIso())).find((s) => publicSessionId(s.id) === id);
  if (!hit || !(await repo.endSession(user.id, hit.id))) throw notFound('Session not found');
}

/** "Sign out everywhere else": every other session, the API tokens, open links and pending invitations end. */
export async function endOtherSessions(ctx: ServerContext, user: SessionUser, currentSession: string | null): Promise<Ended> {
  const ended = await ctx.db.transaction().execute((trx) => ownershipProved(trx, user.id, currentSession, nowIso()));
  await tellOwner(ctx, user, 'sign-out', ended);
  return ended;
}

/**
 * Deletes the account after it typed its current password (a session alone is not enough: one
 * stolen must not delete everything for good): every workspace it owns with
 * their spreadsheets, apps (and their marketplace requests, frozen versions and listings), app
 * users, editors and uploaded files, on disk too. Buyers' copies of its templates are theirs and stay.
 */
export async function deleteAccount(ctx: ServerContext, user: SessionUser, password: string): Promise<void> {
  const repo = accountRepo(ctx.db);
  const row = await repo.user(user.id);
  if (!row) throw notFound('Account not found');
  if (!(await passwordMatches(password, row.password_hash))) throw wrongPassword('password');
  const { removeFiles, sheets } = await ctx.db.transaction().execute(async (trx) => {
    const r = accountRepo(trx);
    const workspaceIds = (await r.workspacesOwnedBy(row.id)).map((w) => w.id);
    const copies: string[] = [];
    for (const app of await r.appsOf(workspaceIds)) {
      const requestId = await storefrontRepo(trx).requestOfApp(app.id);
      if (requestId) copies.push(...(await dropVersionCopies(trx, requestId)));
    }
    const uploads = (await r.uploadsOf(workspaceIds)).map((u) => u.id);
    const sheetIds = (await r.sheetsOf(workspaceIds)).map((s) => s.id);
    await r.deleteAccount(row.id, workspaceIds);
    // Recorded in the transaction: a stop before they are removed leaves them to the sweep.
    return { removeFiles: await uploadFilesToRemove(ctx, trx, [...copies, ...uploads]), sheets: sheetIds };
  });
  // After the commit: the records are gone, so nothing serves these files any more.
  await removeFiles();
  for (const id of sheets) sheetChanged(ctx, id);
}
