// App users (shell §2.4, §3, §5, §7): the owner adds, edits and removes the people of one app,
// who get an invitation e-mail to set a password; the app users sign in, register (when the app
// has a register block), reset their password and sign out. Their sessions belong to one app.
import {
  APP_USER_MESSAGES,
  BASIC_EMAIL,
  FILL_BOTH_MESSAGE,
  INVITATION_DAYS,
  RESET_MINUTES,
  appUserPermission,
  INVALID_EMAIL_MESSAGE,
  type AppUser,
  type SignedInAppUser,
} from '../../../shared/api/app-users';
import type { ServerContext } from '../../platform/context';
import { kindsThat } from '../../../blocks/schemas';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, forbidden, HttpError, notFound, type Issue } from '../../errors';
import { issueToken, newId, nowIso, sha256 } from '../../http';
import { escapeHtml, type Mail } from '../../platform/mail/mailer';
import { refuseSnapshotWrite } from '../../access/viewer';
import type { AppView } from '../../data/apps/record';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/password/password';
import { MAX_PASSWORD_LENGTH } from '../auth/service';
import { appUsersRepo, type AppUserRow, type TokenPurpose } from '../../data/app-users/repo';
import { appUserIdentity } from '../../identity/app-user-session';

const M = APP_USER_MESSAGES;
/** The block whose presence on a page of the app opens sign-up (blocks-and-data §3). */
export const REGISTER_BLOCK = kindsThat((needs) => needs.appAuth?.signUp === true)[0] ?? '';

export function appUserOut(r: AppUserRow): AppUser {
  const { groups } = appUserIdentity(r);
  return { id: r.id, name: r.name, email: r.email, permissions: appUserPermission(r.permissions), groups, created_at: Number(r.created_at) };
}

function signedIn(r: AppUserRow): SignedInAppUser {
  return appUserIdentity(r);
}

interface UserFields {
  name: string;
  email: string;
  permissions: 'read' | 'read-write';
  /** Absent: unchanged (none for a new user). */
  groups?: string[];
}

/** Groups as stored: each name once (compared without case), in the order given. */
function storedGroups(groups: readonly string[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const g of groups) {
    const key = g.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(g);
  }
  return JSON.stringify(out);
}

/** The spec's form rules (§5): both fields required after trimming, then a basic address. */
function checkFields(f: UserFields) {
  if (!f.name || !f.email) {
    const issues: Issue[] = [];
    if (!f.name) issues.push({ path: 'name', message: FILL_BOTH_MESSAGE });
    if (!f.email) issues.push({ path: 'email', message: FILL_BOTH_MESSAGE });
    throw badRequest(FILL_BOTH_MESSAGE, issues);
  }
  if (!BASIC_EMAIL.test(f.email)) {
    throw badRequest(INVALID_EMAIL_MESSAGE, [{ path: 'email', message: INVALID_EMAIL_MESSAGE }]);
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---- The owner's API ----

// The 'owner' rule of each route resolved the app and let only its owner and editors through.

export async function listAppUsers(ctx: ServerContext, app: AppView): Promise<AppUser[]> {
  return (await appUsersRepo(ctx.db).listByApp(app.id)).map(appUserOut);
}

export interface MailContext {
  /** 'http' or 'https', never anything else (routes.ts linkScheme). */
  scheme: 'http' | 'https';
  /** Called before a change that mails an invitation; throws (nothing changed) when the owner may not send more now. */
  mayInvite?: () => Promise<void>;
}

export async function createAppUser(
  ctx: ServerContext,
  app: AppView,
  input: UserFields,
  mail: MailContext,
): Promise<{ user: AppUser; invitation: InvitationResult }> {
  checkFields(input);
  const repo = appUsersRepo(ctx.db);
  if (await repo.findByEmail(app.id, input.email)) throw conflict(M.duplicateEmail);
  const row = await insertUser(repo, app, { name: input.name, email: input.email, permissions: input.permissions, password_hash: null, groups: storedGroups(input.groups ?? []) });
  return { user: appUserOut(row), invitation: await sendInvitation(ctx, app, row, mail) };
}

/** A new app user of `app`; 409 when the address is taken (two adds at once: the unique index (app_id, email) decides). */
async function insertUser(repo: ReturnType<typeof appUsersRepo>, app: AppView, fields: Pick<AppUserRow, 'name' | 'email' | 'permissions' | 'password_hash' | 'groups'>): Promise<AppUserRow> {
  const row: AppUserRow = { id: newId(), app_id: app.id, ...fields, created_at: nowSeconds(), updated_at: nowIso() };
  try {
    await repo.insert(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(M.duplicateEmail);
    throw e;
  }
  return row;
}

export async function updateAppUser(
  ctx: ServerContext,
  app: AppView,
  input: UserFields & { userId: string },
  mail: MailContext,
): Promise<{ user: AppUser; invitation?: InvitationResult }> {
  const repo = appUsersRepo(ctx.db);
  const before = await repo.findById(app.id, input.userId);
  if (!before) throw notFound(M.userNotFound);
  checkFields(input);
  const emailChanged = before.email !== input.email;
  if (emailChanged) {
    const other = await repo.findByEmail(app.id, input.email);
    if (other && other.id !== before.id) throw conflict(M.duplicateEmail);
    if (before.password_hash === null) await mail.mayInvite?.();
  }
  const patch = { name: input.name, email: input.email, permissions: input.permissions, groups: input.groups ? storedGroups(input.groups) : before.groups, updated_at: nowIso() };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await appUsersRepo(trx).update(app.id, before.id, patch);
      // Links already mailed went to the old address: they must not work any more.
      if (emailChanged) await appUsersRepo(trx).deleteUnusedTokens(before.id);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(M.duplicateEmail);
    throw e;
  }
  const after: AppUserRow = { ...before, ...patch };
  // Someone who has not set a password yet is invited again at the new address.
  if (emailChanged && before.password_hash === null) return { user: appUserOut(after), invitation: await sendInvitation(ctx, app, after, mail) };
  return { user: appUserOut(after) };
}

export async function deleteAppUser(ctx: ServerContext, app: AppView, input: { userId: string }) {
  if (!(await appUsersRepo(ctx.db).delete(app.id, input.userId))) throw notFound(M.userNotFound);
}

// ---- E-mails ----


/** One line of text for a header (an app name may hold anything). */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** `{scheme}://{subdomain}.{BASE_HOST}{path}?token=…`: the page of the app that takes the token. */
export function appLink(ctx: ServerContext, app: Pick<AppView, 'subdomain'>, scheme: string, path: string, token: string): string {
  return `${scheme}://${app.subdomain}.${ctx.config.baseHost}${path}?token=${encodeURIComponent(token)}`;
}

async function newToken(ctx: ServerContext, userId: string, purpose: TokenPurpose, lifetimeMs: number): Promise<string> {
  const { token, row } = issueToken(lifetimeMs);
  await appUsersRepo(ctx.db).insertToken({ ...row, app_user_id: userId, purpose });
  return token;
}

/** Whether an invitation went out; when not (no SMTP_URL, or refused), the link for the inviter to pass on. */
export interface InvitationResult {
  sent: boolean;
  link?: string;
}

/**
 * Mails a 7-day, one-time link to set a first password. Not sent when no mail server is set
 * (SMTP_URL) or it refused: then the link comes back for the owner's eyes only.
 */
async function sendInvitation(ctx: ServerContext, app: AppView, user: AppUserRow, mail: MailContext): Promise<InvitationResult> {
  const { sent, link } = await mailLink(ctx, app, user, mail, { purpose: 'invite', lifetimeMs: INVITATION_DAYS * 86400_000, path: '/accept-invitation', failure: 'invitation e-mail could not be sent' }, (link, appName) => ({
    subject: `You're invited to ${appName}`,
    text: `Hello ${user.name},\n\nYou have been invited to ${appName}. Set your password with this link (valid for ${INVITATION_DAYS} days, once):\n\n${link}\n\nThen sign in with ${user.email} and that password.\n\nIf you did not expect this invitation, ignore this e-mail.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>You have been invited to ${escapeHtml(appName)}.</p><p><a href="${escapeHtml(link)}">Set your password</a> (valid for ${INVITATION_DAYS} days, once), then sign in with ${escapeHtml(user.email)} and that password.</p><p>If you did not expect this invitation, ignore this e-mail.</p>`,
  }));
  return sent ? { sent: true } : { sent: false, link };
}

/**
 * Mails an app user a one-time link (a new token of `purpose` at `path` of the app) written by
 * `compose` from the link and the app's name. A refusal is logged, never thrown: `sent` says
 * whether the mail went (false too when no mail server is set), and the link is the caller's.
 */
async function mailLink(
  ctx: ServerContext,
  app: AppView,
  user: AppUserRow,
  mail: MailContext,
  kind: { purpose: TokenPurpose; lifetimeMs: number; path: string; failure: string },
  compose: (link: string, appName: string) => Omit<Mail, 'to'>,
): Promise<{ sent: boolean; link: string }> {
  const token = await newToken(ctx, user.id, kind.purpose, kind.lifetimeMs);
  const link = appLink(ctx, app, mail.scheme, kind.path, token);
  try {
    await ctx.mailer.send({ to: user.email, ...compose(link, oneLine(app.name) || app.subdomain) });
    return { sent: ctx.mailer.delivers, link };
  } catch (err) {
    ctx.log.error({ err, appId: app.id, appUserId: user.id }, kind.failure);
    return { sent: false, link };
  }
}

// ---- The app users' own endpoints ----

export interface AppSession {
  token: string;
  maxAge: number;
}

async function startSession(ctx: ServerContext, app: AppView, userId: string): Promise<AppSession> {
  const maxAge = Math.round(ctx.config.sessionDays * 86400);
  const { token, row } = issueToken(maxAge * 1000);
  await appUsersRepo(ctx.db).insertSession({ ...row, app_user_id: userId, app_id: app.id });
  return { token, maxAge };
}

export async function login(ctx: ServerContext, app: AppView, email: string, password: string) {
  const row = await appUsersRepo(ctx.db).findByEmail(app.id, email);
  // Unknown addresses and users who never set a password still cost one hash, so timing does
  // not tell who is a user; a password longer than any we store cannot match.
  const ok = password.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(password, row?.password_hash ?? DUMMY_HASH));
  if (!row || !row.password_hash || !ok) throw new HttpError(401, M.invalidCredentials, undefined, 'invalid_credentials');
  return { user: signedIn(row), session: await startSession(ctx, app, row.id) };
}

export async function logout(ctx: ServerContext, app: AppView, token: string | undefined) {
  if (token) await appUsersRepo(ctx.db).deleteSession(sha256(token), app.id);
}

/** Adds a 'read' app user and signs them in, when a page of the app holds a register block. */
export async function register(ctx: ServerContext, app: AppView, input: { name: string; email: string; password: string }) {
  // A template's frozen copy takes no new app users (issue 14).
  await refuseSnapshotWrite(ctx, app);
  const repo = appUsersRepo(ctx.db);
  if (!(await repo.hasBlockOfType(app.id, REGISTER_BLOCK))) throw forbidden(M.signUpClosed);
  // An invited address too: registering must not take over an invitation without its e-mail.
  if (await repo.findByEmail(app.id, input.email)) throw conflict(M.duplicateEmail);
  const row = await insertUser(repo, app, { name: input.name, email: input.email, permissions: 'read', password_hash: await hashPassword(input.password), groups: '[]' });
  return { user: signedIn(row), session: await startSession(ctx, app, row.id) };
}

/**
 * Sets the password of the user an invitation or reset token names, uses up the token (once,
 * even under races), drops their other unused links and signs them in. A reset also ends the
 * user's other sessions: whoever knew the old password is out.
 */
async function setPasswordWithToken(ctx: ServerContext, app: AppView, token: string, password: string, purpose: TokenPurpose) {
  const invalid = () => badRequestToken(purpose === 'invite' ? M.invalidInvitation : M.invalidReset);
  const hash = sha256(token);
  // The app is checked before the token is used, so a link opened on the wrong app still works later.
  const userId = await appUsersRepo(ctx.db).findUsableToken(hash, purpose, app.id, nowIso());
  if (!userId) throw invalid();
  const password_hash = await hashPassword(password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const repo = appUsersRepo(trx);
    const now = nowIso();
    if (!(await repo.consumeToken(hash, now))) return null;
    await repo.update(app.id, userId, { password_hash, updated_at: now });
    await repo.deleteUnusedTokens(userId);
    if (purpose === 'reset') await repo.deleteSessionsOf(userId);
    return repo.findById(app.id, userId);
  });
  if (!user) throw invalid();
  return { user: signedIn(user), session: await startSession(ctx, app, user.id) };
}

function badRequestToken(message: string) {
  return new HttpError(400, message, undefined, 'invalid_token');
}

export function acceptInvitation(ctx: ServerContext, app: AppView, token: string, password: string) {
  return setPasswordWithToken(ctx, app, token, password, 'invite');
}

export function resetPassword(ctx: ServerContext, app: AppView, token: string, password: string) {
  return setPasswordWithToken(ctx, app, token, password, 'reset');
}

/** Mails a one-hour reset link when the address is a user of the app; silent otherwise. */
export async function sendPasswordReset(ctx: ServerContext, app: AppView, email: string, mail: MailContext) {
  const row = await appUsersRepo(ctx.db).findByEmail(app.id, email);
  if (!row) {
    ctx.log.info({ appId: app.id }, 'password reset asked for an address that is not a user of the app');
    return;
  }
  // A mail that could not go changes nothing in the answer (it must not tell which addresses are users).
  await mailLink(ctx, app, row, mail, { purpose: 'reset', lifetimeMs: RESET_MINUTES * 60_000, path: '/reset-password', failure: 'password reset e-mail could not be sent' }, (link, appName) => ({
    subject: `Reset your password for ${appName}`,
    text: `Hello ${row.name},\n\nChoose a new password for ${appName} with this link (valid for ${RESET_MINUTES} minutes, once):\n\n${link}\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
    html: `<p>Hello ${escapeHtml(row.name)},</p><p><a href="${escapeHtml(link)}">Choose a new password for ${escapeHtml(appName)}</a> (valid for ${RESET_MINUTES} minutes, once).</p><p>If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
  }));
}
