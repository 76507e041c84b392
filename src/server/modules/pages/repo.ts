import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { PagesTable } from '../../db/schema';

export type PageRow = Selectable<PagesTable>;

export function pagesRepo(db: Db) {
  return {
    async insert(page: PageRow) {
      await db.insertInto('pages').values(page).execute();
    },
    findById(id: string) {
      return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listByApp(appId: string) {
      return db.selectFrom('pages').selectAll().where('app_id', '=', appId).orderBy('position').orderBy('created_at').execute();
    },
    findBySlug(appId: string, slug: string) {
      return db.selectFrom('pages').selectAll().where('app_id', '=', appId).where('page_slug', '=', slug).executeTakeFirst();
    },
    async update(id: string, patch: Partial<Pick<PageRow, 'page_name' | 'page_slug' | 'settings' | 'is_public' | 'is_auth' | 'position'>>) {
      if (Object.keys(patch).length) await db.updateTable('pages').set(patch).where('id', '=', id).execute();
    },
    /** The page and its blocks. */
    async delete(id: string) {
      await db.deleteFrom('blocks').where('page_id', '=', id).execute();
      await db.deleteFrom('pages').where('id', '=', id).execute();
    },
  };
}
