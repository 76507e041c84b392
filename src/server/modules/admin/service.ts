// The provider's admin area (issue 14): admin accounts (created from the environment at start-up or
// by the CLI, never by a route), their sessions, the review of marketplace submissions and the
// owners' list. Admins are not owners: their own table, cookie and session.
import { z } from 'zod';
import type { AdminSessionResponse, AdminUsersResponse, DecisionHistoryItem, QueueItem } from '../../../shared/api/admin';
import { SignupBody } from '../../../shared/api/auth';
import { ADMIN_MESSAGES, MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES, REVIEW_STATUS_DESCRIPTIONS, REVIEW_STATUS_TEXT } from '../../../shared/rules/marketplace';
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { issueToken, newId, nowIso, sha256 } from '../../http';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/password/password';
import { escapeHtml } from '../../platform/mail/mailer';
import { decisionOut } from '../../data/marketplace/record';
import { publishApproved } from '../storefront/service';
import { storefrontRepo } from '../../data/storefront/repo';
import { queueItem } from '../../data/admin/record';
import { adminsRepo, ownersRepo, reviewRepo, type QueueRow } from '../../data/admin/repo';
import type { AdminSession } from '../../identity/admin-session';

/** The owners' list page size. */
export const USERS_PAGE_SIZE = 50;

const EMAIL = z.string().trim().toLowerCase().max(320, 'Email must be at most 320 characters').email('Please enter a valid email address');
const NAME = z.string().trim().min(1, 'Name is required').max(200, 'The name can be at most 200 characters');

/** The first problem of a value, in its schema's words; badRequest on `path`. */
function check<S extends z.ZodType>(schema: S, value: unknown, path: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const message = r.error.issues[0]?.message ?? 'The value is not valid';
  throw badRequest(message, [{ path, message }]);
}

/**
 * A new admin password follows the owners' rules: the length of sign-up (SignupBody), and not one
 * of the common passwords (hashPassword refuses those). The hash, or a 400 saying what is wrong.
 */
export async function newPasswordHash(password: string): Promise<string> {
  check(SignupBody.shape.password, password, 'password');
  return hashPassword(password);
}

export interface NewAdmin {
  email: string;
  name: string;
  password: string;
}

/** Creates an admin account (409 when the e-mail already has one). */
export async function createAdmin(ctx: Pick<ServerContext, 'db'>, input: NewAdmin): Promise<{ id: string; name: string; email: string }> {
  const email = check(EMAIL, input.email, 'email');
  const name = check(NAME, input.name, 'name');
  const password_hash = await newPasswordHash(input.password);
  const repo = adminsRepo(ctx.db);
  const taken = () => conflict(`An admin with the e-mail ${email} already exists`);
  if (await repo.byEmail(email)) throw taken();
  const admin = { id: newId(), name, email };
  try {
    await repo.insert({ ...admin, password_hash, created_at: nowIso() });
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
  return admin;
}

/** Sets a new password for an admin and signs them out everywhere (404 for an unknown e-mail). */
export async function resetAdminPassword(ctx: Pick<ServerContext, 'db'>, input: { email: string; password: string }): Promise<{ id: string; name: string; email: string }> {
  const email = check(EMAIL, input.email, 'email');
  const repo = adminsRepo(ctx.db);
  const admin = await repo.byEmail(email);
  if (!admin) throw notFound(`There is no admin with the e-mail ${email}`);
  const hash = await newPasswordHash(input.password);
  await repo.setPassword(admin.id, hash);
  await repo.deleteSessionsOf(admin.id);
  return { id: admin.id, name: admin.name, email: admin.email };
}

/**
 * At start-up: the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, named after the e-mail's local
 * part, when there is no admin at all. An existing admin is never changed (the CLI resets
 * passwords). A password the owners' rules refuse stops the start-up with the reason.
 */
export async function bootstrapAdmin(ctx: ServerContext): Promise<'created' | 'exists' | 'not-configured'> {
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail || !adminPassword) return 'not-configured';
  if ((await adminsRepo(ctx.db).count()) > 0) return 'exists';
  try {
    await createAdmin(ctx, { email: adminEmail, name: adminEmail.split('@')[0] || adminEmail, password: adminPassword });
  } catch (e) {
    // Another process of the same server created it first.
    if (e instanceof HttpError && e.status === 409) return 'exists';
    if (e instanceof HttpError) throw new Error(`The first admin (ADMIN_EMAIL, ADMIN_PASSWORD) cannot be created: ${e.message}`);
    throw e;
  }
  ctx.log.info({ email: adminEmail }, 'created the first admin account from ADMIN_EMAIL');
  return 'created';
}

export interface AdminLogin {
  response: AdminSessionResponse;
  token: string;
  maxAge: number;
}

/** Signs an admin in: a new session (its token goes only into the HttpOnly cookie). */
export async function login(ctx: ServerContext, emailInput: string, password: string): Promise<AdminLogin> {
  const email = emailInput.trim().toLowerCase();
  const admin = await adminsRepo(ctx.db).byEmail(email);
  // An unknown address costs the same scrypt time as a wrong password, and answers the same.
  const ok = await verifyPassword(password, admin?.password_hash ?? DUMMY_HASH);
  if (!admin || !ok) throw new HttpError(401, ADMIN_MESSAGES.invalidCredentials, undefined, 'invalid_credentials');
  const maxAge = Math.round(ctx.config.adminSessionHours * 3600);
  const { token, row } = issueToken(maxAge * 1000);
  await adminsRepo(ctx.db).insertSession({ ...row, admin_id: admin.id });
  return { token, maxAge, response: { admin: { id: admin.id, name: admin.name, email: admin.email }, expires_at: row.expires_at } };
}

export function sessionResponse(admin: AdminSession): AdminSessionResponse {
  return { admin: { id: admin.id, name: admin.name, email: admin.email }, expires_at: admin.expiresAt };
}

export async function logout(ctx: ServerContext, token: string | undefined): Promise<void> {
  if (token) await adminsRepo(ctx.db).deleteSession(sha256(token));
}

// ---- The review queue ----

async function withDecisions(ctx: ServerContext, rows: QueueRow[]): Promise<QueueItem[]> {
  const decisions = await reviewRepo(ctx.db).decisionsOf(rows.map((r) => r.id));
  return rows.map((r) => queueItem(r, decisions.filter((d) => d.request_id === r.id)));
}

/** Requests per page of the queue: each carries its whole description (inline images included). */
export const QUEUE_PAGE_SIZE = 20;

/**
 * One page of the queue: the waiting requests, oldest first, then the decided ones, latest
 * decision first (the page may span both lists), and how many there are in all.
 */
export async function queue(
  ctx: ServerContext,
  status: 'pending' | 'published' | 'rejected' | 'all',
  page: number,
): Promise<{ requests: QueueItem[]; total: number; page: number; page_size: number }> {
  const repo = reviewRepo(ctx.db);
  const size = QUEUE_PAGE_SIZE;
  const from = (page - 1) * size;
  const waiting = status === 'pending' || status === 'all' ? await repo.count(['pending']) : 0;
  const decidedStatuses = status === 'all' ? ['published', 'rejected'] : status === 'pending' ? [] : [status];
  const decidedCount = decidedStatuses.length ? await repo.count(decidedStatuses) : 0;
  const rows: QueueRow[] = [];
  if (from < waiting) rows.push(...(await repo.pending(from, size)));
  const left = size - rows.length;
  if (left > 0 && decidedStatuses.length)
    rows.push(...(await repo.decided(status === 'all' ? null : (status as 'published' | 'rejected'), Math.max(0, from - waiting), left)));
  return { requests: await withDecisions(ctx, rows), total: waiting + decidedCount, page, page_size: size };
}

export async function queueEntry(ctx: ServerContext, id: string): Promise<QueueItem> {
  const row = await reviewRepo(ctx.db).byId(id);
  if (!row) throw notFound(ADMIN_MESSAGES.requestNotFound);
  return (await withDecisions(ctx, [row]))[0]!;
}

/** Strictly increasing decision times within the process, so "newest first" is the order they were taken. */
let lastDecision = 0;
function decisionTime(): string {
  lastDecision = Math.max(Date.now(), lastDecision + 1);
  return new Date(lastDecision).toISOString();
}

export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * Approves (publishes the version under review) or rejects (with the reason the owner reads) a
 * pending request, keeps the decision, then e-mails the workspace's owner. 404 for no such
 * request, 409 for one that is not pending. A mail that cannot be sent does not undo the decision.
 */
export async function decide(ctx: ServerContext, admin: AdminSession, id: string, decision: Decision, scheme: 'http' | 'https'): Promise<QueueItem> {
  let reason: string | null = null;
  if (decision.kind === 'reject') {
    reason = decision.reason.trim();
    const problem = !reason ? MARKETPLACE_MESSAGES.rejectionReasonRequired : reason.length > MARKETPLACE_LIMITS.rejectionReasonMax ? ADMIN_MESSAGES.reasonTooLong : null;
    if (problem) throw badRequest(problem, [{ path: 'reason', message: problem }]);
  }
  const row = await reviewRepo(ctx.db).byId(id);
  if (!row) throw notFound(ADMIN_MESSAGES.requestNotFound);
  if (row.status !== 'pending') throw conflict(ADMIN_MESSAGES.notPending);
  const versionId = row.version_id;
  if (!versionId) throw conflict(ADMIN_MESSAGES.noVersion);
  const at = decisionTime();
  // Two approvals listing the same title at once may pick the same slug: the loser's whole
  // transaction rolls back and is tried again (it then sees the winner's slug).
  for (let attempt = 1; ; attempt++) {
    try {
      await decideIn(ctx, admin, row, decision.kind === 'approve' ? 'published' : 'rejected', reason, at);
      break;
    } catch (e) {
      if (attempt >= 3 || !isUniqueViolation(e)) throw e;
    }
  }
  const item = await queueEntry(ctx, id);
  await mailOwner(ctx, item, scheme).catch((err: unknown) => ctx.log.warn({ err, requestId: id }, 'the review decision e-mail could not be sent'));
  return item;
}

/**
 * The decision's one transaction: the request moves, the decision is kept, and an approval lists
 * the version in the marketplace (storefront/service.ts publishApproved). A rejection leaves the
 * listing as it was: the version approved before stays listed.
 */
async function decideIn(ctx: ServerContext, admin: AdminSession, row: QueueRow, status: 'published' | 'rejected', reason: string | null, at: string): Promise<void> {
  const id = row.id;
  const versionId = row.version_id!;
  await ctx.db.transaction().execute(async (trx) => {
    const repo = reviewRepo(trx);
    const moved = await repo.decide(id, {
      status,
      rejection_reason: reason,
      updated_at: at,
      ...(status === 'published' ? { published_version_id: versionId } : {}),
    });
    // Someone decided it (or the owner withdrew it) since it was read.
    if (!moved) throw conflict(ADMIN_MESSAGES.notPending);
    await repo.insertDecision({
      id: newId(),
      request_id: id,
      version_id: versionId,
      version_number: Number(row.version_number ?? 0),
      admin_id: admin.id,
      reviewer_name: admin.name,
      decision: status === 'published' ? 'approved' : 'rejected',
      reason,
      decided_at: at,
    });
    if (status === 'published') await publishApproved(trx, id, versionId, at);
  });
}

/** Tells the workspace's owner what was decided: the template, the decision, the reason, a link to the live listing (an approval) and to the app's editor. */
async function mailOwner(ctx: ServerContext, item: QueueItem, scheme: 'http' | 'https'): Promise<void> {
  if (!item.owner_email) return;
  const status = item.status === 'published' ? 'published' : 'rejected';
  // The title is plain text the owner typed: one line in the subject, escaped in the HTML.
  const title = item.title.replace(/[\r\n\t]+/g, ' ');
  const link = `${scheme}://${ctx.config.baseHost}/${encodeURIComponent(item.app_subdomain)}`;
  const subject = status === 'published' ? `Your template "${title}" is published` : `Changes requested for your template "${title}"`;
  const description = REVIEW_STATUS_DESCRIPTIONS[status];
  // An approval's template is live: where buyers find it (its listing, by the slug it keeps).
  const listed = status === 'published' ? await storefrontRepo(ctx.db).byId(item.id) : undefined;
  const listing = listed ? `${scheme}://${ctx.config.baseHost}/templates/${encodeURIComponent(listed.slug)}` : null;
  const feedback = status === 'rejected' && item.rejection_reason ? item.rejection_reason : null;
  const text = [
    `Hello ${item.owner_name},`,
    '',
    `Template: ${title}`,
    `Status: ${REVIEW_STATUS_TEXT[status]}`,
    '',
    description,
    ...(feedback ? ['', 'Feedback from the review:', feedback] : []),
    ...(listing ? ['', `See it live in the marketplace: ${listing}`] : []),
    '',
    `Open your app in the editor: ${link}`,
    '',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(item.owner_name)},</p>`,
    `<p>Template: <strong>${escapeHtml(title)}</strong><br>Status: ${escapeHtml(REVIEW_STATUS_TEXT[status])}</p>`,
    `<p>${escapeHtml(description)}</p>`,
    ...(feedback ? [`<p>Feedback from the review:</p><blockquote style="white-space:pre-wrap">${escapeHtml(feedback)}</blockquote>`] : []),
    ...(listing ? [`<p><a href="${escapeHtml(listing)}">See it live in the marketplace</a></p>`] : []),
    `<p><a href="${escapeHtml(link)}">Open your app in the editor</a></p>`,
  ].join('');
  await ctx.mailer.send({ to: item.owner_email, subject, text, html });
}

/** Every decision ever taken, newest first. */
export async function decisionHistory(ctx: ServerContext): Promise<z.infer<typeof DecisionHistoryItem>[]> {
  const rows = await reviewRepo(ctx.db).history();
  return rows.map((r) => ({ ...decisionOut(r), admin_id: r.admin_id, request_id: r.request_id, title: r.title, app_name: r.app_name ?? '' }));
}

// ---- The product's owners ----

export async function owners(ctx: ServerContext, search: string | undefined, page: number): Promise<z.infer<typeof AdminUsersResponse>> {
  const term = search?.trim() || null;
  const repo = ownersRepo(ctx.db);
  const [rows, total] = await Promise.all([repo.page(term, (page - 1) * USERS_PAGE_SIZE, USERS_PAGE_SIZE), repo.total(term)]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      // An account without a workspace of its own is on no paid plan.
      is_free_plan: r.is_free_plan === null ? true : Number(r.is_free_plan) === 1,
      apps: Number(r.apps ?? 0),
      created_at: r.created_at,
    })),
    total,
    page,
    page_size: USERS_PAGE_SIZE,
  };
}
