import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { AppsTable } from '../../db/schema';

export type AppRow = Selectable<AppsTable>;

export function appsRepo(db: Db) {
  return {
    async insert(app: AppRow) {
      await db.insertInto('apps').values(app).execute();
    },
    findById(id: string) {
      return db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The app a custom host name (the host of its Publish URL, lower-case) serves: only once verified. */
    findByCustomHost(host: string) {
      return db.selectFrom('apps').selectAll().where('custom_host', '=', host).where('custom_host_verified_at', 'is not', null).executeTakeFirst();
    },
    findBySubdomain(subdomain: string) {
      return db.selectFrom('apps').selectAll().where('subdomain', '=', subdomain).executeTakeFirst();
    },
    /** Apps whose id or subdomain is one of the candidates (board resolution in one query). */
    findByIdsOrSubdomains(candidates: string[]) {
      if (candidates.length === 0) return Promise.resolve([] as AppRow[]);
      return db
        .selectFrom('apps')
        .selectAll()
        .where((eb) => eb.or([eb('id', 'in', candidates), eb('subdomain', 'in', candidates)]))
        .execute();
    },
    subdomainsStartingWith(prefix: string) {
      return db
        .selectFrom('apps')
        .select('subdomain')
        .where('subdomain', 'like', `${prefix.replace(/[%_]/g, '')}%`)
        .execute()
        .then((rows) => new Set(rows.map((r) => r.subdomain)));
    },
    listByWorkspace(workspaceId: string) {
      return db.selectFrom('apps').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').orderBy('id').execute();
    },
    async update(id: string, patch: Partial<Omit<AppRow, 'id' | 'workspace_id' | 'created_at'>>) {
      await db.updateTable('apps').set(patch).where('id', '=', id).execute();
    },
    /** The app changed (its pages or blocks): /boardWorkspace sorts by this. */
    async touch(id: string, at: string) {
      await db.updateTable('apps').set({ updated_at: at }).where('id', '=', id).execute();
    },
    /** touch, for the app of a page. */
    async touchOfPage(pageId: string, at: string) {
      await db
        .updateTable('apps')
        .set({ updated_at: at })
        .where('id', '=', (eb) => eb.selectFrom('pages').select('app_id').where('pages.id', '=', pageId))
        .execute();
    },
    async delete(id: string) {
      const pageIds = (await db.selectFrom('pages').select('id').where('app_id', '=', id).execute()).map((p) => p.id);
      if (pageIds.length) await db.deleteFrom('blocks').where('page_id', 'in', pageIds).execute();
      await db.deleteFrom('pages').where('app_id', '=', id).execute();
      await db.deleteFrom('apps').where('id', '=', id).execute();
    },
    ownerEmail(workspaceId: string) {
      return db
        .selectFrom('workspaces')
        .innerJoin('users', 'users.id', 'workspaces.owner_id')
        .select('users.email')
        .where('workspaces.id', '=', workspaceId)
        .executeTakeFirst()
        .then((r) => r?.email ?? null);
    },
  };
}
