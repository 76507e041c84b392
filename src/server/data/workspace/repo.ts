import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { WorkspaceEditorsTable } from '../../db/schema';

export type WorkspaceEditorRow = Selectable<WorkspaceEditorsTable>;

function planned<T extends { is_free_plan: number | string }>(row: T): Omit<T, 'is_free_plan'> & { is_free_plan: boolean } {
  return { ...row, is_free_plan: Number(row.is_free_plan) === 1 };
}

export function workspaceRepo(db: Db) {
  return {
    /** One workspace, its plan flag as a boolean (stored 0/1 on both databases). */
    async byId(id: string) {
      const row = await db.selectFrom('workspaces').select(['id', 'owner_id', 'name', 'is_free_plan', 'created_at']).where('id', '=', id).executeTakeFirst();
      return row && planned(row);
    },
    /** The owner's workspaces, oldest first (the first is where the dashboard starts). */
    async ownedBy(ownerId: string) {
      const rows = await db.selectFrom('workspaces').select(['id', 'owner_id', 'name', 'is_free_plan', 'created_at']).where('owner_id', '=', ownerId).orderBy('created_at').orderBy('id').execute();
      return rows.map(planned);
    },
    /** The workspaces the user has joined as an editor, with their owner's name, oldest first. */
    async editedBy(userId: string) {
      const rows = await db
        .selectFrom('workspace_editors')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_editors.workspace_id')
        .innerJoin('users', 'users.id', 'workspaces.owner_id')
        .select(['workspaces.id', 'workspaces.owner_id', 'workspaces.name', 'workspaces.is_free_plan', 'workspaces.created_at', 'users.name as owner_name'])
        .where('workspace_editors.user_id', '=', userId)
        .orderBy('workspaces.created_at')
        .orderBy('workspaces.id')
        .execute();
      return rows.map(planned);
    },
    async countOwned(ownerId: string): Promise<number> {
      const r = await db.selectFrom('workspaces').select((eb) => eb.fn.countAll<number | string>().as('n')).where('owner_id', '=', ownerId).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** The workspace the user last chose (not checked: workspace/current.ts checks it). */
    async chosenBy(userId: string): Promise<string | null> {
      const r = await db.selectFrom('users').select('current_workspace_id').where('id', '=', userId).executeTakeFirst();
      return r?.current_workspace_id ?? null;
    },
    async choose(userId: string, workspaceId: string | null) {
      await db.updateTable('users').set({ current_workspace_id: workspaceId }).where('id', '=', userId).execute();
    },
    async rename(id: string, name: string) {
      await db.updateTable('workspaces').set({ name }).where('id', '=', id).execute();
    },
    /** Deletes the workspace; its spreadsheets, apps, uploads' records, editors, ... go with it (cascades). */
    async delete(id: string) {
      await db.deleteFrom('workspaces').where('id', '=', id).execute();
    },
    /** The ids of the workspace's uploads (their files are removed once the rows are gone). */
    async uploadIds(id: string): Promise<string[]> {
      return (await db.selectFrom('uploads').select('id').where('workspace_id', '=', id).execute()).map((r) => r.id);
    },
    /** The workspace's apps that went to the marketplace (their frozen versions are dropped with them). */
    async requestsOf(id: string): Promise<string[]> {
      const rows = await db.selectFrom('review_requests').innerJoin('apps', 'apps.id', 'review_requests.app_id').select('review_requests.id').where('apps.workspace_id', '=', id).execute();
      return rows.map((r) => r.id);
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
    /** Withdraws the invitations not accepted yet of every workspace the account owns; answers how many. */
    async withdrawPendingOf(ownerId: string): Promise<number> {
      const r = await db
        .deleteFrom('workspace_editors')
        .where('user_id', 'is', null)
        .where('workspace_id', 'in', db.selectFrom('workspaces').select('id').where('owner_id', '=', ownerId))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    /** The workspaces the user has joined as an editor. */
    async workspacesOf(userId: string): Promise<string[]> {
      return (await db.selectFrom('workspace_editors').select('workspace_id').where('user_id', '=', userId).execute()).map((r) => r.workspace_id);
    },
  };
}

/** The apps of a workspace for /boardWorkspace: search by name, sort, block counts, a layout to draw. */
export function boardsRepo(db: Db) {
  return {
    list(workspaceId: string, q: string, sort: 'updated' | 'name', limit: number) {
      let query = db
        .selectFrom('apps')
        .select(['id', 'name', 'subdomain', 'kind', 'public', 'updated_at', 'created_at'])
        .where('workspace_id', '=', workspaceId);
      if (q) {
        // Case-insensitive substring on both databases; the LIKE wildcards a name may hold are escaped.
        const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
      }
      query = sort === 'name' ? query.orderBy(sql`lower(name)`).orderBy('id') : query.orderBy('updated_at', 'desc').orderBy('id');
      return query.limit(limit).execute();
    },
    /** Blocks per app (all pages). */
    async blockCounts(appIds: string[]): Promise<Map<string, number>> {
      if (appIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('blocks')
        .innerJoin('pages', 'pages.id', 'blocks.page_id')
        .select(['pages.app_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('pages.app_id', 'in', appIds)
        .groupBy('pages.app_id')
        .execute();
      return new Map(rows.map((r) => [r.app_id, Number(r.n)]));
    },
    /** The blocks of the app's first page (its home), in order: what its thumbnail draws. */
    async firstPageBlocks(appId: string) {
      const page = await db.selectFrom('pages').select('id').where('app_id', '=', appId).orderBy('position').orderBy('created_at').limit(1).executeTakeFirst();
      if (!page) return [];
      return db.selectFrom('blocks').select(['type', 'config']).where('page_id', '=', page.id).orderBy('position').limit(60).execute();
    },
    updatedAt(appId: string) {
      return db.selectFrom('apps').select('updated_at').where('id', '=', appId).executeTakeFirst().then((r) => r?.updated_at ?? '');
    },
  };
}
