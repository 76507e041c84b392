// Several workspaces per owner (issue 18): list, create, switch, rename, delete. Each workspace
// holds its own plan, editors, spreadsheets, apps and uploads; the account's current one
// (workspace/current.ts) is what every owner route acts on.
import { MAX_WORKSPACES_PER_OWNER, WORKSPACE_MESSAGES as M, type WorkspaceSummary } from '../../../shared/api/workspaces';
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { newId, nowIso } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { dropVersionCopies } from '../templates/freeze';
import { uploadFilesToRemove } from '../templates/copy';
import { currentWorkspace, roleIn, type CurrentWorkspace } from '../../identity/current-workspace';
import { workspaceRepo } from '../../data/workspace/repo';

function summary(ws: Omit<CurrentWorkspace, 'role' | 'created_at'> & { owner_name?: string }, role: CurrentWorkspace['role'], currentId: string): WorkspaceSummary {
  return { id: ws.id, name: ws.name, is_free_plan: ws.is_free_plan, role, ...(role === 'editor' && ws.owner_name !== undefined ? { owner_name: ws.owner_name } : {}), current: ws.id === currentId };
}

export async function currentSummary(ctx: ServerContext, user: SessionUser): Promise<WorkspaceSummary> {
  const ws = await currentWorkspace(ctx, user);
  const owner = ws.role === 'editor' ? await workspaceRepo(ctx.db).withOwner(ws.id) : undefined;
  return summary({ ...ws, owner_name: owner?.owner_name }, ws.role, ws.id);
}

/** The account's own workspaces (oldest first), then those it edits; the current one marked. */
export async function listWorkspaces(ctx: ServerContext, user: SessionUser): Promise<WorkspaceSummary[]> {
  const repo = workspaceRepo(ctx.db);
  const current = await currentWorkspace(ctx, user);
  const own = await repo.ownedBy(user.id);
  const edited = await repo.editedBy(user.id);
  return [...own.map((w) => summary(w, 'owner', current.id)), ...edited.map((w) => summary(w, 'editor', current.id))];
}

/** A new, empty workspace of the account (free plan unless PLAN=pro, as at sign-up), made current. */
export async function createWorkspace(ctx: ServerContext, user: SessionUser, name: string): Promise<WorkspaceSummary> {
  const repo = workspaceRepo(ctx.db);
  if ((await repo.countOwned(user.id)) >= MAX_WORKSPACES_PER_OWNER) throw conflict(M.tooMany);
  const id = newId();
  const isFree = ctx.config.plan !== 'pro';
  await ctx.db.transaction().execute(async (trx) => {
    await workspaceRepo(trx).insert({ id, owner_id: user.id, name, is_free_plan: isFree, created_at: nowIso() });
    await workspaceRepo(trx).choose(user.id, id);
  });
  return { id, name, is_free_plan: isFree, role: 'owner', current: true };
}

/** Makes a workspace the account owns or edits its current one; any other is 404 (as if none). */
export async function switchWorkspace(ctx: ServerContext, user: SessionUser, workspaceId: string): Promise<WorkspaceSummary> {
  const found = await roleIn(ctx, user.id, workspaceId);
  if (!found) throw notFound(M.notFound);
  await workspaceRepo(ctx.db).choose(user.id, workspaceId);
  return currentSummary(ctx, user);
}

/** The workspace when the account owns it: 404 when it may not even see it, 403 for its editors. */
async function owned(ctx: ServerContext, user: SessionUser, workspaceId: string) {
  const found = await roleIn(ctx, user.id, workspaceId);
  if (!found) throw notFound(M.notFound);
  if (found.role !== 'owner') throw forbidden(M.ownerOnly);
  return found.workspace;
}

export async function renameWorkspace(ctx: ServerContext, user: SessionUser, workspaceId: string, name: string): Promise<WorkspaceSummary> {
  const ws = await owned(ctx, user, workspaceId);
  await workspaceRepo(ctx.db).rename(ws.id, name);
  const current = await currentWorkspace(ctx, user);
  return summary({ ...ws, name }, 'owner', current.id);
}

/**
 * Deletes one of the account's workspaces (never its last one) and everything in it: spreadsheets
 * and rows, apps, pages and blocks, editors, uploads (records and files), Google connections, the
 * payments account record, and the marketplace requests of its apps with their frozen versions
 * (as deleting each app would). `confirm` must be the workspace's name. The account moves to its
 * oldest remaining workspace when the deleted one was current; editors who had it current fall back
 * on their next request (current.ts).
 */
export async function deleteWorkspace(ctx: ServerContext, user: SessionUser, workspaceId: string, confirm: string): Promise<void> {
  const ws = await owned(ctx, user, workspaceId);
  if (confirm.replace(/\s+/g, ' ').trim() !== ws.name) throw badRequest(M.confirm, [{ path: 'confirm', message: M.confirm }]);
  // The files go after the commit; recorded in it, so a stop in between leaves them to the sweep.
  const removeFiles = await ctx.db.transaction().execute(async (trx) => {
    const repo = workspaceRepo(trx);
    if ((await repo.countOwned(user.id)) <= 1) throw conflict(M.lastOne);
    const dropped: string[] = [];
    for (const requestId of await repo.requestsOf(ws.id)) dropped.push(...(await dropVersionCopies(trx, requestId)));
    const uploads = await repo.uploadIds(ws.id);
    await repo.delete(ws.id);
    if ((await repo.chosenBy(user.id)) === ws.id) await repo.choose(user.id, (await repo.ownedBy(user.id))[0]?.id ?? null);
    return uploadFilesToRemove(ctx, trx, [...dropped, ...uploads]);
  });
  await removeFiles();
}
