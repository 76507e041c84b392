import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { WorkspaceEditorsTable } from '../../db/schema';

export type WorkspaceEditorRow = Selectable<WorkspaceEditorsTable>;

export function workspaceRepo(db: Db) {
  return {
    /** The owner's workspace, its plan flag as a boolean (stored 0/1 on both databases). */
    async byOwner(ownerId: string) {
      const row = await db.selectFrom('workspaces').select(['id', 'owner_id', 'name', 'is_free_plan']).where('owner_id', '=', ownerId).executeTakeFirst();
      return row && { ...row, is_free_plan: Number(row.is_free_plan) === 1 };
    },
    async insert(w: { id: string; owner_id: string; name: string; is_free_plan: boolean; created_at: string }) {
      await db.insertInto('workspaces').values({ ...w, is_free_plan: w.is_free_plan ? 1 : 0 }).execute();
    },
    /** The workspace with its owner's name. */
    withOwner(workspaceId: string) {
      return db
        .selectFrom('workspaces')
        .innerJoin('users', 'users.id', 'workspaces.owner_id')
        .select(['workspaces.id', 'workspaces.name', 'workspaces.owner_id', 'users.name as owner_name'])
        .where('workspaces.id', '=', workspaceId)
        .executeTakeFirst();
    },
  };
}

export function editorsRepo(db: Db) {
  return {
    /** The editors of a workspace, oldest first, with the names of those who joined. */
    list(workspaceId: string) {
      return db
        .selectFrom('workspace_editors')
        .leftJoin('users', 'users.id', 'workspace_editors.user_id')
        .selectAll('workspace_editors')
        .select('users.name as user_name')
        .where('workspace_editors.workspace_id', '=', workspaceId)
        .orderBy('workspace_editors.created_at')
        .orderBy('workspace_editors.id')
        .execute();
    },
    async insert(row: WorkspaceEditorRow) {
      await db.insertInto('workspace_editors').values(row).execute();
    },
    async delete(workspaceId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('workspace_editors').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    byToken(tokenHash: string) {
      return db.selectFrom('workspace_editors').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    /** Binds an invitation to the account that followed it; false when the link was used meanwhile. */
    async join(id: string, tokenHash: string, userId: string, at: string): Promise<boolean> {
      const r = await db
        .updateTable('workspace_editors')
        .set({ user_id: userId, token_hash: null, token_expires_at: null, joined_at: at })
        .where('id', '=', id)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async deleteById(id: string) {
      await db.deleteFrom('workspace_editors').where('id', '=', id).execute();
    },
    /** Whether the user has joined the workspace as an editor. */
    async isEditor(workspaceId: string, userId: string): Promise<boolean> {
      return !!(await db.selectFrom('workspace_editors').select('id').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).executeTakeFirst());
    },
    /** The workspaces the user has joined as an editor. */
    async workspacesOf(userId: string): Promise<string[]> {
      return (await db.selectFrom('workspace_editors').select('workspace_id').where('user_id', '=', userId).execute()).map((r) => r.workspace_id);
    },
  };
}
