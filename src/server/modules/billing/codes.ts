// Lifetime-deal codes (issue 18). Provider admins generate them in batches (shown once: only a
// hash and the last four characters are kept) and revoke them; an owner redeems one for their
// workspace: one use each, up to MAX_STACKED_CODES stacked, each raising the limits
// (shared/rules/plans.ts LIFETIME_TIERS). Revoking a redeemed code takes its tier away again.
import crypto from 'node:crypto';
import type { AdminCode, PlanStatus } from '../../../shared/api/billing';
import { CODE_ALPHABET, CODE_LIMITS, CODE_MESSAGES, CODE_PATTERN, MAX_STACKED_CODES, normalizeCode } from '../../../shared/rules/plans';
import type { ServerContext } from '../../platform/context';
import { conflict, HttpError, notFound } from '../../errors';
import { newId, nowIso, sha256 } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { ownCurrentWorkspace } from '../../identity/current-workspace';
import { PLAN_OWNER_ONLY } from './subscription';
import { codesRepo, type CodeRow } from '../../data/billing/plan-repo';
import { syncPlanFlag } from './plans';
import { planStatus } from './subscription';
import { assertVerifiedFor } from '../account/publishing';

/** A new code: 12 characters of Crockford base 32 from the system's random source (60 bits). */
export function newCode(): string {
  const bytes = crypto.randomBytes(12);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b & 31]!).join('');
  return `SB-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

const hashOf = (code: string) => sha256(`lifetime-code\n${code}`);

function statusOf(row: Pick<CodeRow, 'revoked_at' | 'redeemed_at'>): AdminCode['status'] {
  return row.revoked_at ? 'revoked' : row.redeemed_at ? 'redeemed' : 'unused';
}

function codeOut(row: CodeRow & { workspace_name?: string | null }): AdminCode {
  return {
    id: row.id,
    hint: row.hint,
    batch_id: row.batch_id,
    note: row.note,
    created_at: row.created_at,
    status: statusOf(row),
    redeemed_at: row.redeemed_at,
    redeemed_email: row.redeemed_email,
    workspace_name: row.workspace_name ?? null,
    revoked_at: row.revoked_at,
  };
}

/** POST /api/admin/codes: a batch of `count` new codes, answered this once. */
export async function generateCodes(ctx: ServerContext, adminId: string | null, count: number, note: string): Promise<{ batch_id: string; codes: string[] }> {
  const batchId = newId();
  const at = nowIso();
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newCode());
  const rows: CodeRow[] = [...codes].map((code) => ({
    id: newId(),
    code_hash: hashOf(code),
    hint: code.slice(-4),
    batch_id: batchId,
    note: note.trim(),
    created_by: adminId,
    created_at: at,
    redeemed_at: null,
    workspace_id: null,
    redeemed_by: null,
    redeemed_email: null,
    revoked_at: null,
  }));
  await ctx.db.transaction().execute((trx) => codesRepo(trx).insertMany(rows));
  return { batch_id: batchId, codes: [...codes] };
}

/** GET /api/admin/codes: newest first, 50 a page, by status, with the counts of each status. */
export async function listCodes(ctx: ServerContext, status: 'all' | AdminCode['status'], page: number) {
  const repo = codesRepo(ctx.db);
  const { rows, total } = await repo.page(status, (page - 1) * CODE_LIMITS.pageSize, CODE_LIMITS.pageSize);
  return { codes: rows.map(codeOut), total, page, page_size: CODE_LIMITS.pageSize, counts: await repo.counts() };
}

/** POST /api/admin/codes/:id/revoke: an unused code can no longer be redeemed; a redeemed one stops counting for its workspace. */
export async function revokeCode(ctx: ServerContext, id: string): Promise<{ code: AdminCode }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const repo = codesRepo(trx);
    const found = await repo.byId(id);
    if (!found) throw notFound(CODE_MESSAGES.notFound);
    if (!(await repo.revoke(id, nowIso()))) throw conflict(CODE_MESSAGES.alreadyRevoked);
    if (found.workspace_id) await syncPlanFlag(trx, found.workspace_id);
    return (await repo.byId(id))!;
  });
  const name = row.workspace_id ? ((await codesRepo(ctx.db).workspaceName(row.workspace_id))?.name ?? null) : null;
  return { code: codeOut({ ...row, workspace_name: name }) };
}

/**
 * POST /api/billing/codes/redeem: the code joins the caller's workspace, which is on the lifetime
 * plan from now on. Refused in words: a code that does not exist (404), used, revoked, or a stack
 * that is full (409). Two owners racing for one code: one wins, the other hears it is used.
 */
export async function redeemCode(ctx: ServerContext, user: SessionUser, typed: string): Promise<PlanStatus> {
  const code = normalizeCode(typed);
  if (!CODE_PATTERN.test(code)) throw new HttpError(404, CODE_MESSAGES.unknown, undefined, 'code_unknown');
  const ws = await ownCurrentWorkspace(ctx, user, PLAN_OWNER_ONLY);
  await assertVerifiedFor(ctx, user.id, 'buying');
  await ctx.db.transaction().execute(async (trx) => {
    const repo = codesRepo(trx);
    const row = await repo.byHash(hashOf(code));
    if (!row) throw new HttpError(404, CODE_MESSAGES.unknown, undefined, 'code_unknown');
    if (row.revoked_at) throw new HttpError(409, CODE_MESSAGES.revoked, undefined, 'code_revoked');
    if (row.redeemed_at) throw new HttpError(409, CODE_MESSAGES.used, undefined, 'code_used');
    if ((await repo.heldBy(ws.id)) >= MAX_STACKED_CODES) throw new HttpError(409, CODE_MESSAGES.stackMax, undefined, 'code_stack_full');
    if (!(await repo.redeem(row.id, { workspace_id: ws.id, user_id: user.id, email: user.email }, nowIso()))) throw new HttpError(409, CODE_MESSAGES.used, undefined, 'code_used');
    // Two codes redeemed at once for one workspace may pass the count above together: the later
    // one over the stack is given back (unused) so it can be redeemed elsewhere.
    if ((await repo.heldBy(ws.id)) > MAX_STACKED_CODES) throw new HttpError(409, CODE_MESSAGES.stackMax, undefined, 'code_stack_full');
    await syncPlanFlag(trx, ws.id);
  });
  return planStatus(ctx, user);
}
