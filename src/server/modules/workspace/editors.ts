// Workspace editors (issue 5): the owner invites people by e-mail to edit every app of the
// workspace, private ones included (shared/api/workspace.ts). The invitation is a one-time link
// (`/join-workspace?token=…`, 7 days) that binds the owner account signed in when it is followed:
// holding the mailed link is the proof, as for app users' invitations. Editors are treated as the
// owner by the access rule (access/viewer.ts editsWorkspace) for viewing, editing apps, pages,
// blocks, sheets and uploads, and are Admins for block audiences. Only the owner deletes apps and
// manages editors; removing an editor takes effect on their next request.
import { BASIC_EMAIL } from '../../../shared/api/app-users';
import { EDITOR_MESSAGES as M, type WorkspaceEditor } from '../../../shared/api/workspace';
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { newId, nowIso, randomToken, sha256 } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { escapeHtml } from '../../platform/mail/mailer';
import { editorsRepo, workspaceRepo, type WorkspaceEditorRow } from '../../data/workspace/repo';
import { WORKSPACE_MESSAGES } from '../../../shared/api/workspaces';
import { ownCurrentWorkspace } from '../../identity/current-workspace';
import { assertVerifiedFor } from '../account/publishing';

/** The current workspace, when the account owns it: only owners manage editors. */
const ownWorkspace = (ctx: ServerContext, owner: SessionUser) => ownCurrentWorkspace(ctx, owner, WORKSPACE_MESSAGES.editorsOwnerOnly);

export const EDITOR_INVITATION_DAYS = 7;

function editorOut(row: WorkspaceEditorRow & { user_name?: string | null }): WorkspaceEditor {
  return {
    id: row.id,
    email: row.email,
    name: row.user_id ? (row.user_name ?? null) : null,
    status: row.user_id ? 'active' : 'invited',
    created_at: Number(row.created_at),
  };
}

export async function listEditors(ctx: ServerContext, owner: SessionUser): Promise<WorkspaceEditor[]> {
  const ws = await ownWorkspace(ctx, owner);
  return (await editorsRepo(ctx.db).list(ws.id)).map(editorOut);
}

export interface InviteOptions {
  /** 'http' or 'https' only: it goes into the mailed link. */
  scheme: 'http' | 'https';
  /** Throws (nothing changed) when the owner may not send more invitations now. */
  mayInvite?: () => Promise<void>;
}

export async function addEditor(ctx: ServerContext, owner: SessionUser, email: string, options: InviteOptions): Promise<{ editor: WorkspaceEditor; invitation_sent: boolean; invitation_link?: string }> {
  const ws = await ownWorkspace(ctx, owner);
  await assertVerifiedFor(ctx, owner.id, 'editors');
  if (!BASIC_EMAIL.test(email)) throw badRequest(M.invalidEmail, [{ path: 'email', message: M.invalidEmail }]);
  if (email === owner.email.toLowerCase()) throw badRequest(M.yourself, [{ path: 'email', message: M.yourself }]);
  await options.mayInvite?.();
  const token = randomToken();
  const row: WorkspaceEditorRow = {
    id: newId(),
    workspace_id: ws.id,
    email,
    user_id: null,
    token_hash: sha256(token),
    token_expires_at: new Date(Date.now() + EDITOR_INVITATION_DAYS * 86_400_000).toISOString(),
    created_at: Math.floor(Date.now() / 1000),
    joined_at: null,
  };
  try {
    await editorsRepo(ctx.db).insert(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(M.duplicate);
    throw e;
  }
  const link = `${options.scheme}://${ctx.config.baseHost}/join-workspace?token=${encodeURIComponent(token)}`;
  const who = owner.name.replace(/\s+/g, ' ').trim() || owner.email;
  let sent = ctx.mailer.delivers;
  try {
    await ctx.mailer.send({
      to: email,
      subject: `${who} invited you to edit their Sheetboard apps`,
      text: `Hello,\n\n${who} (${owner.email}) invited you to edit the boards and apps of their Sheetboard workspace. Open this link while signed in to your Sheetboard account (or create one first); it works once, for ${EDITOR_INVITATION_DAYS} days:\n\n${link}\n\nIf you did not expect this invitation, ignore this e-mail.\n`,
      html: `<p>Hello,</p><p>${escapeHtml(who)} (${escapeHtml(owner.email)}) invited you to edit the boards and apps of their Sheetboard workspace.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> while signed in to your Sheetboard account (or create one first). The link works once, for ${EDITOR_INVITATION_DAYS} days.</p><p>If you did not expect this invitation, ignore this e-mail.</p>`,
    });
  } catch (err) {
    ctx.log.error({ err, workspaceId: ws.id }, 'editor invitation e-mail could not be sent');
    sent = false;
  }
  // Not mailed: the link goes back to the owner who invited (only to them), to pass on themselves.
  return { editor: editorOut(row), invitation_sent: sent, ...(sent ? {} : { invitation_link: link }) };
}

export async function removeEditor(ctx: ServerContext, owner: SessionUser, id: string): Promise<void> {
  const ws = await ownWorkspace(ctx, owner);
  if (!(await editorsRepo(ctx.db).delete(ws.id, id))) throw notFound(M.notFound);
}

const invalidToken = () => new HttpError(400, M.invalidToken, undefined, 'invalid_token');

/** The signed-in account follows an invitation link: it becomes an editor of that workspace. */
export async function joinWorkspace(ctx: ServerContext, user: SessionUser, token: string): Promise<{ id: string; name: string; owner_name: string }> {
  const hash = sha256(token);
  const repo = editorsRepo(ctx.db);
  const row = await repo.byToken(hash);
  if (!row || !row.token_expires_at || row.token_expires_at <= nowIso()) throw invalidToken();
  const ws = await workspaceRepo(ctx.db).withOwner(row.workspace_id);
  if (!ws) throw invalidToken();
  if (ws.owner_id === user.id) throw badRequest(M.ownWorkspace);
  if (await repo.isEditor(ws.id, user.id)) {
    // Invited twice (two addresses): one membership is enough.
    await repo.deleteById(row.id);
  } else if (!(await repo.join(row.id, hash, user.id, nowIso()))) throw invalidToken();
  return { id: ws.id, name: ws.name, owner_name: ws.owner_name };
}
