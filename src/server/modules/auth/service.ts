import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, HttpError } from '../../errors';
import { issueToken, newId, nowIso, sha256 } from '../../http';
import { escapeHtml } from '../../platform/mail/mailer';
import { blogAccountsRepo } from '../../data/blog/accounts-repo';
import { adminsRepo } from '../../data/admin/repo';
import { appUsersRepo } from '../../data/app-users/repo';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/password/password';
import { authRepo } from '../../data/auth/repo';
import type { SessionUser } from '../../identity/owner-session';
import { ownershipProved, SIGN_UP_PASSWORD_ENDED, tellOwner } from '../account/ownership';
import { accountRepo } from '../../data/account/repo';

export const MAX_EMAIL_LENGTH = 320;
const EMAIL_TOO_LONG = `Email must be at most ${MAX_EMAIL_LENGTH} characters`;
/** The longest password sign-up accepts (SignupBody in shared/api). */
export const MAX_PASSWORD_LENGTH = 200;
export const LOGIN_TOKEN_MINUTES = 15;
/** Links one address may receive per 15 minutes: enough for typos and slow mail, not for spam. */
export const MAX_LINKS_PER_WINDOW = 5;

/**
 * Sets up a new account's workspace inside the sign-up transaction (ctx.db is the transaction).
 * Passed in by the route so that sign-in does not import the workspace, apps and blocks services.
 */
export type SeedWorkspace = (ctx: ServerContext, user: SessionUser, attempt: number) => Promise<unknown>;

export async function signup(ctx: ServerContext, input: { name: string; email: string; password: string }, seed: SeedWorkspace, userAgent?: string) {
  // The users.email column (and RFC 5321) stop at 320 characters; PostgreSQL would throw.
  if (input.email.length > MAX_EMAIL_LENGTH)
    throw badRequest(EMAIL_TOO_LONG, [{ path: 'email', message: EMAIL_TOO_LONG }]);
  const repo = authRepo(ctx.db);
  if (await repo.findUserByEmail(input.email)) throw conflict('An account with this email already exists');
  const user = { id: newId(), name: input.name, email: input.email };
  const password_hash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      // One transaction: a user never exists without a workspace, sample and example board.
      await ctx.db.transaction().execute(async (trx) => {
        // Unverified until the e-mailed link is followed (account module): building is open, publishing waits.
        await authRepo(trx).insertUser({ ...user, password_hash, created_at: nowIso(), email_verified_at: null });
        await seed({ ...ctx, db: trx }, user, attempt);
      });
      break;
    } catch (e) {
      // Two sign-ups racing with the same e-mail: the unique index decides.
      if (await repo.findUserByEmail(input.email)) throw conflict('An account with this email already exists');
      // Sign-ups racing for the example board's subdomain (PostgreSQL runs them at once): the
      // loser's transaction is gone, so run it again; the next attempt picks another subdomain.
      if (isUniqueViolation(e) && attempt < 5) continue;
      throw e;
    }
  }
  return { user, session: await createSession(ctx, user.id, userAgent) };
}

export async function login(ctx: ServerContext, email: string, password: string, userAgent?: string) {
  const row = await authRepo(ctx.db).findUserByEmail(email);
  // Sign-up caps passwords at MAX_PASSWORD_LENGTH, so a longer one cannot match: refuse it
  // without spending scrypt time on megabytes of input.
  const ok = password.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(password, row?.password_hash ?? DUMMY_HASH));
  if (!row || !ok) throw new HttpError(401, 'Invalid email or password', undefined, 'invalid_credentials');
  return { user: { id: row.id, name: row.name, email: row.email }, session: await createSession(ctx, row.id, userAgent) };
}

export async function createSession(ctx: ServerContext, userId: string, userAgent?: string): Promise<{ token: string; maxAge: number }> {
  const maxAge = Math.round(ctx.config.sessionDays * 86400);
  const { token, row } = issueToken(maxAge * 1000);
  await authRepo(ctx.db).insertSession({ ...row, user_id: userId, user_agent: userAgent ? userAgent.slice(0, 500) : null });
  return { token, maxAge };
}

/** Drops expired sessions and sign-in tokens, the owners', the app users' and the provider admins' (at start-up and then hourly). */
export async function purgeExpired(ctx: ServerContext) {
  const now = nowIso();
  await authRepo(ctx.db).deleteExpired(now);
  await appUsersRepo(ctx.db).deleteExpired(now);
  await adminsRepo(ctx.db).deleteExpiredSessions(now);
  await blogAccountsRepo(ctx.db).deleteExpired(now);
}

export async function logout(ctx: ServerContext, token: string | undefined) {
  if (token) await authRepo(ctx.db).deleteSession(sha256(token));
}

/** Sends a one-time sign-in link. Silent about unknown addresses (no account enumeration). */
export async function sendMagicLink(ctx: ServerContext, email: string, scheme: string) {
  const row = await authRepo(ctx.db).findUserByEmail(email);
  if (!row) {
    ctx.log.info({ email }, 'magic link asked for an unknown address');
    return;
  }
  const now = Date.now();
  const since = new Date(now - LOGIN_TOKEN_MINUTES * 60_000).toISOString();
  if ((await authRepo(ctx.db).recentLoginTokens(row.id, since)) >= MAX_LINKS_PER_WINDOW) {
    ctx.log.warn({ email }, 'magic link throttled');
    return;
  }
  const { token, row: tokenRow } = issueToken(LOGIN_TOKEN_MINUTES * 60_000, now);
  await authRepo(ctx.db).insertLoginToken({ ...tokenRow, user_id: row.id });
  const link = `${scheme}://${ctx.config.baseHost}/dashboard/auth?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: row.email,
    subject: 'Your Sheetboard sign-in link',
    text: `Hello ${row.name},\n\nSign in to Sheetboard with this link (valid for ${LOGIN_TOKEN_MINUTES} minutes, once):\n\n${link}\n\nIf you did not ask for it, ignore this e-mail.\n`,
    html: `<p>Hello ${escapeHtml(row.name)},</p><p><a href="${link}">Sign in to Sheetboard</a> (valid for ${LOGIN_TOKEN_MINUTES} minutes, once).</p><p>If you did not ask for it, ignore this e-mail.</p>`,
  });
}

export async function loginWithToken(ctx: ServerContext, token: string, userAgent?: string) {
  const now = nowIso();
  const userId = await authRepo(ctx.db).consumeLoginToken(sha256(token), now);
  const row = userId ? await authRepo(ctx.db).findUserById(userId) : undefined;
  if (!row) throw new HttpError(401, 'This sign-in link is invalid or has expired', undefined, 'invalid_token');
  const { session, ended } = await ctx.db.transaction().execute(async (trx) => {
    const session = await createSession({ ...ctx, db: trx }, row.id, userAgent);
    // The link reached the address: it is the owner's (publishing opens). An address proved only
    // now proves the account's ownership: whoever signed up with it before loses their sessions
    // and tokens (account/ownership.ts); this new session stays.
    if (!(await authRepo(trx).markVerified(row.id, row.email, now))) return { session, ended: null };
    // Whoever signed up chose the password, and nothing says it was this person (they came by a
    // link, not by the password): the password ends too, or its chooser would simply sign in again.
    await accountRepo(trx).clearPassword(row.id);
    return { session, ended: await ownershipProved(trx, row.id, sha256(session.token), now) };
  });
  if (ended) await tellOwner(ctx, row, 'verified', ended, [SIGN_UP_PASSWORD_ENDED]);
  return { user: { id: row.id, name: row.name, email: row.email }, session };
}

