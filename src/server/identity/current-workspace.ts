// The workspace a signed-in account works in (issue 18). An owner may hold several workspaces and
// may edit other owners' (workspace/editors.ts); the one their dashboard, imports, new boards, plan
// and editors list act on is `users.current_workspace_id`, chosen with the switcher
// (PUT /api/workspaces/current). It is checked on every use: a workspace the account neither owns
// nor edits (deleted since, or its editor removed) is never used; the account's oldest own
// workspace is used instead. Every route that used "the owner's one workspace" asks here.
// Reads through repos only (no service imports), so every service may import it.
import type { ServerContext } from '../platform/context';
import { forbidden, HttpError, notFound } from '../errors';
import { editorsRepo, workspaceRepo } from '../data/workspace/repo';

export interface CurrentWorkspace {
  id: string;
  owner_id: string;
  name: string;
  is_free_plan: boolean;
  created_at: string;
  /** 'owner': the account's own; 'editor': another owner's it was invited to edit. */
  role: 'owner' | 'editor';
}

export const WORKSPACE_NOT_FOUND = 'Workspace not found';

/** The role of `userId` in the workspace, or null when they neither own nor edit it. */
export async function roleIn(ctx: ServerContext, userId: string, workspaceId: string): Promise<{ workspace: Omit<CurrentWorkspace, 'role'>; role: CurrentWorkspace['role'] } | null> {
  const ws = await workspaceRepo(ctx.db).byId(workspaceId);
  if (!ws) return null;
  if (ws.owner_id === userId) return { workspace: ws, role: 'owner' };
  if (await editorsRepo(ctx.db).isEditor(ws.id, userId)) return { workspace: ws, role: 'editor' };
  return null;
}

/** The workspace the account works in now (see above); 404 for an account without any. */
export async function currentWorkspace(ctx: ServerContext, user: { id: string }): Promise<CurrentWorkspace> {
  const repo = workspaceRepo(ctx.db);
  const chosen = await repo.chosenBy(user.id);
  if (chosen) {
    const found = await roleIn(ctx, user.id, chosen);
    if (found) return { ...found.workspace, role: found.role };
  }
  const own = (await repo.ownedBy(user.id))[0];
  if (!own) throw notFound(WORKSPACE_NOT_FOUND);
  return { ...own, role: 'owner' };
}

/**
 * The current workspace when the account owns it: what only an owner does (its editors, its
 * payments account, templates cloned in). An editor of it is refused with `refusal`.
 */
export async function ownCurrentWorkspace(ctx: ServerContext, user: { id: string }, refusal: string): Promise<CurrentWorkspace> {
  const ws = await currentWorkspace(ctx, user);
  if (ws.role !== 'owner') throw forbidden(refusal);
  return ws;
}

/** currentWorkspace, or null for an account without any workspace (instead of the 404). */
export async function currentWorkspaceOrNull(ctx: ServerContext, user: { id: string } | null): Promise<CurrentWorkspace | null> {
  if (!user) return null;
  try {
    return await currentWorkspace(ctx, user);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  }
}
