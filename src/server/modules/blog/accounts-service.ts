// Blog admin accounts (issue 17): sign-in with a 24-hour session that is never extended (shell §4),
// e-mailed invitations (72 hours, one live link per account) that set the first password, and
// the authors page's rules: editors manage authors and editors, only an administrator makes,
// unmakes or removes an administrator, nobody removes themselves, and one administrator is kept.
import { z } from 'zod';
import type { BlogAuthorAdmin, BlogSessionResponse } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES, BLOG_ROLE_LABELS, BLOG_SESSION_MS, type BlogRole } from '../../../shared/rules/blog';
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors';
import { issueToken, newId, nowIso, sha256 } from '../../http';
import { newPasswordHash } from '../admin/service';
import { DUMMY_HASH, verifyPassword } from '../../platform/password/password';
import { escapeHtml } from '../../platform/mail/mailer';
import { blogAccountsRepo, type BlogAdminListRow, type BlogAdminRow } from '../../data/blog/accounts-repo';
import type { BlogAdminSession } from '../../identity/blog-session';

/** Who invites or changes an account: a signed-in blog admin, or a provider admin (the first blog admin comes from there). */
export type BlogActor = { kind: 'blog'; who: BlogAdminSession } | { kind: 'provider'; name: string };

const EMAIL = z.string().trim().toLowerCase().max(320).email();

export function mediaUrl(id: string): string {
  return `/api/blog/media/${encodeURIComponent(id)}`;
}

export function authorOut(row: BlogAdminListRow): BlogAuthorAdmin {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as BlogRole,
    avatar: row.avatar_media_id ? mediaUrl(row.avatar_media_id) : null,
    bio: row.bio,
    active: row.password_hash !== null,
    post_count: Number(row.post_count ?? 0),
    last_login_at: row.last_login_at,
    created_at: row.created_at,
  };
}

function accountOf(row: BlogAdminRow): BlogSessionResponse['user'] {
  return { id: row.id, name: row.name, email: row.email, role: row.role as BlogRole, avatar: row.avatar_media_id ? mediaUrl(row.avatar_media_id) : null, bio: row.bio };
}

function cleanName(name: string): string {
  // One line: it goes into mail subjects and author cards.
  const clean = name.replace(/[\r\n\t]+/g, ' ').trim();
  if (!clean) throw badRequest(BLOG_MESSAGES.nameRequired, [{ path: 'name', message: BLOG_MESSAGES.nameRequired }]);
  return clean.slice(0, BLOG_LIMITS.authorName);
}

function cleanEmail(email: string): string {
  const r = EMAIL.safeParse(email);
  if (!r.success) throw badRequest(BLOG_MESSAGES.emailInvalid, [{ path: 'email', message: BLOG_MESSAGES.emailInvalid }]);
  return r.data;
}

const isAdmin = (actor: BlogActor) => actor.kind === 'provider' || actor.who.role === 'admin';

// ---- Sign-in and sessions ----

export interface BlogLogin {
  token: string;
  /** Seconds the cookie lives: what is left of the 24 hours. */
  maxAge: number;
  response: BlogSessionResponse;
}

async function startSession(ctx: ServerContext, row: BlogAdminRow): Promise<BlogLogin> {
  const { token, row: session } = issueToken(BLOG_SESSION_MS);
  const repo = blogAccountsRepo(ctx.db);
  await repo.insertSession({ ...session, blog_admin_id: row.id });
  await repo.touchLogin(row.id, session.created_at);
  return { token, maxAge: Math.floor(BLOG_SESSION_MS / 1000), response: { user: accountOf(row), login_time: session.created_at, expires_at: session.expires_at } };
}

/** Signs a blog admin in. An unknown address, a wrong password and an invitation not accepted yet answer alike, after the same scrypt time. */
export async function login(ctx: ServerContext, emailInput: string, password: string): Promise<BlogLogin> {
  const row = await blogAccountsRepo(ctx.db).byEmail(emailInput.trim().toLowerCase());
  const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !row.password_hash || !ok) throw new HttpError(401, BLOG_MESSAGES.invalidLogin, undefined, 'invalid_credentials');
  return startSession(ctx, row);
}

export async function sessionResponse(ctx: ServerContext, session: BlogAdminSession): Promise<{ response: BlogSessionResponse; maxAge: number }> {
  const row = await blogAccountsRepo(ctx.db).byId(session.id);
  if (!row) throw new HttpError(401, BLOG_MESSAGES.signIn, undefined, 'unauthorized');
  const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
  return { response: { user: accountOf(row), login_time: session.loginTime, expires_at: session.expiresAt }, maxAge };
}

export async function logout(ctx: ServerContext, token: string | undefined): Promise<void> {
  if (token) await blogAccountsRepo(ctx.db).deleteSession(sha256(token));
}

// ---- Invitations ----

export interface InviteResult {
  author: BlogAuthorAdmin;
  sent: boolean;
  link: string | null;
}

/** A fresh invitation link for an account that has not accepted yet, mailed to it (older links stop working). */
async function sendInvitation(ctx: ServerContext, row: BlogAdminListRow, inviter: string, base: string): Promise<InviteResult> {
  const { token, row: invitation } = issueToken(BLOG_LIMITS.invitationHours * 3_600_000);
  await blogAccountsRepo(ctx.db).replaceInvitation({ ...invitation, blog_admin_id: row.id });
  const link = `${base}/blog-admin/login?invite=${encodeURIComponent(token)}`;
  const role = BLOG_ROLE_LABELS[row.role as BlogRole] ?? row.role;
  const who = inviter.replace(/\s+/g, ' ').trim() || 'The Sheetboard team';
  let sent = ctx.mailer.delivers;
  try {
    await ctx.mailer.send({
      to: row.email,
      subject: `${who} invited you to write for the Sheetboard blog`,
      text: `Hello ${row.name},\n\n${who} invited you to the Sheetboard blog team as ${role}. Open this link to choose your password and sign in; it works once, for ${BLOG_LIMITS.invitationHours} hours:\n\n${link}\n\nIf you did not expect this invitation, ignore this e-mail.\n`,
      html: `<p>Hello ${escapeHtml(row.name)},</p><p>${escapeHtml(who)} invited you to the Sheetboard blog team as ${escapeHtml(role)}.</p><p><a href="${escapeHtml(link)}">Choose your password and sign in</a>. The link works once, for ${BLOG_LIMITS.invitationHours} hours.</p><p>If you did not expect this invitation, ignore this e-mail.</p>`,
    });
  } catch (err) {
    ctx.log.error({ err, blogAdminId: row.id }, 'blog invitation e-mail could not be sent');
    sent = false;
  }
  // Not mailed: the link goes back only to the one who invited, to pass on by hand.
  return { author: authorOut(row), sent, link: sent ? null : link };
}

const inviterName = (actor: BlogActor) => (actor.kind === 'blog' ? actor.who.name : actor.name);

export async function invite(ctx: ServerContext, actor: BlogActor, input: { name: string; email: string; role: BlogRole }, base: string): Promise<InviteResult> {
  const name = cleanName(input.name);
  const email = cleanEmail(input.email);
  if (input.role === 'admin' && !isAdmin(actor)) throw forbidden(BLOG_MESSAGES.adminsOnly);
  const repo = blogAccountsRepo(ctx.db);
  if (await repo.byEmail(email)) throw conflict(BLOG_MESSAGES.emailTaken);
  const id = newId();
  try {
    await repo.insert({ id, name, email, role: input.role, created_at: nowIso() });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(BLOG_MESSAGES.emailTaken);
    throw e;
  }
  return sendInvitation(ctx, (await repo.byId(id))!, inviterName(actor), base);
}

export async function resend(ctx: ServerContext, actor: BlogActor, id: string, base: string): Promise<InviteResult> {
  const row = await blogAccountsRepo(ctx.db).byId(id);
  if (!row) throw notFound(BLOG_MESSAGES.authorNotFound);
  // Without mail the link comes back to the sender: an editor holding an administrator's link could accept it themselves.
  if (row.role === 'admin' && !isAdmin(actor)) throw forbidden(BLOG_MESSAGES.adminsOnly);
  if (row.password_hash !== null) throw conflict(BLOG_MESSAGES.alreadyActive);
  return sendInvitation(ctx, row, inviterName(actor), base);
}

async function liveInvitation(ctx: ServerContext, token: string) {
  const found = token ? await blogAccountsRepo(ctx.db).invitation(sha256(token), nowIso()) : undefined;
  if (!found || found.password_hash !== null) throw notFound(BLOG_MESSAGES.invitationInvalid);
  return found;
}

export async function invitation(ctx: ServerContext, token: string): Promise<{ name: string; email: string; role: BlogRole }> {
  const found = await liveInvitation(ctx, token);
  return { name: found.name, email: found.email, role: found.role as BlogRole };
}

/** Sets the first password (the owners' rules), uses the invitation up and signs the new blog admin in. */
export async function accept(ctx: ServerContext, token: string, password: string): Promise<BlogLogin> {
  const found = await liveInvitation(ctx, token);
  const hash = await newPasswordHash(password);
  const taken = await ctx.db.transaction().execute(async (trx) => {
    const repo = blogAccountsRepo(trx);
    if (!(await repo.takeInvitation(found.invitation_id))) return false;
    return repo.setFirstPassword(found.id, hash);
  });
  if (!taken) throw notFound(BLOG_MESSAGES.invitationInvalid);
  const row = await blogAccountsRepo(ctx.db).byId(found.id);
  if (!row) throw notFound(BLOG_MESSAGES.invitationInvalid);
  return startSession(ctx, row);
}

// ---- The authors page ----

export async function list(ctx: ServerContext): Promise<BlogAuthorAdmin[]> {
  return (await blogAccountsRepo(ctx.db).list()).map(authorOut);
}

export async function get(ctx: ServerContext, id: string): Promise<BlogAuthorAdmin> {
  const row = await blogAccountsRepo(ctx.db).byId(id);
  if (!row) throw notFound(BLOG_MESSAGES.authorNotFound);
  return authorOut(row);
}

export interface AuthorPatch {
  name?: string;
  role?: BlogRole;
  bio?: string;
  avatar_media_id?: string | null;
}

export async function update(ctx: ServerContext, who: BlogAdminSession, id: string, patch: AuthorPatch): Promise<BlogAuthorAdmin> {
  const set: Parameters<ReturnType<typeof blogAccountsRepo>['update']>[1] = {};
  if (patch.name !== undefined) set.name = cleanName(patch.name);
  if (patch.bio !== undefined) set.bio = patch.bio.trim();
  if (patch.avatar_media_id !== undefined) {
    if (patch.avatar_media_id !== null && !(await blogAccountsRepo(ctx.db).mediaExists(patch.avatar_media_id)))
      throw badRequest(BLOG_MESSAGES.mediaNotFound, [{ path: 'avatar_media_id', message: BLOG_MESSAGES.mediaNotFound }]);
    set.avatar_media_id = patch.avatar_media_id;
  }
  await ctx.db.transaction().execute(async (trx) => {
    const repo = blogAccountsRepo(trx);
    const row = await repo.byId(id);
    if (!row) throw notFound(BLOG_MESSAGES.authorNotFound);
    if (patch.role !== undefined && patch.role !== row.role) {
      if ((patch.role === 'admin' || row.role === 'admin') && who.role !== 'admin') throw forbidden(BLOG_MESSAGES.adminsOnly);
      if (row.role === 'admin' && (await repo.countAdmins()) <= 1) throw conflict(BLOG_MESSAGES.lastAdmin);
      set.role = patch.role;
    }
    await repo.update(id, set);
  });
  return get(ctx, id);
}

/** Removes an account; its posts move to the one who removed it, in the same transaction. */
export async function remove(ctx: ServerContext, who: BlogAdminSession, id: string): Promise<void> {
  if (id === who.id) throw conflict(BLOG_MESSAGES.notYourself);
  await ctx.db.transaction().execute(async (trx) => {
    const repo = blogAccountsRepo(trx);
    const row = await repo.byId(id);
    if (!row) throw notFound(BLOG_MESSAGES.authorNotFound);
    if (row.role === 'admin') {
      if (who.role !== 'admin') throw forbidden(BLOG_MESSAGES.adminsOnly);
      if ((await repo.countAdmins()) <= 1) throw conflict(BLOG_MESSAGES.lastAdmin);
    }
    await repo.movePosts(id, who.id);
    await repo.delete(id);
  });
}
