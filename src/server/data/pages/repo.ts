import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { PagesTable } from '../../db/schema';

type PageColumns = Selectable<PagesTable>;

/** A page as the code sees it: its flags as booleans (both databases store 0/1; converted here only). */
export type PageRow = Omit<PageColumns, 'is_auth' | 'is_public' | 'origin_key'> & { is_auth: boolean; is_public: boolean; origin_key?: string | null };

type PagePatch = Partial<Pick<PageRow, 'page_name' | 'page_slug' | 'settings' | 'is_public' | 'is_auth' | 'position'>>;

const record = (row: PageColumns): PageRow => ({ ...row, is_auth: Number(row.is_auth) === 1, is_public: Number(row.is_public) === 1 });
const flag = (b: boolean) => (b ? 1 : 0);

function columnsOf(patch: PagePatch): Partial<PageColumns> {
  const { is_auth, is_public, ...rest } = patch;
  return { ...rest, ...(is_auth === undefined ? {} : { is_auth: flag(is_auth) }), ...(is_public === undefined ? {} : { is_public: flag(is_public) }) };
}

export function pagesRepo(db: Db) {
  return {
    async insert(page: PageRow) {
      await db.insertInto('pages').values({ ...page, is_auth: flag(page.is_auth), is_public: flag(page.is_public) }).execute();
    },
    async findById(id: string): Promise<PageRow | undefined> {
      const row = await db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
      return row && record(row);
    },
    async listByApp(appId: string): Promise<PageRow[]> {
      return (await db.selectFrom('pages').selectAll().where('app_id', '=', appId).orderBy('position').orderBy('created_at').execute()).map(record);
    },
    async findBySlug(appId: string, slug: string): Promise<PageRow | undefined> {
      const row = await db.selectFrom('pages').selectAll().where('app_id', '=', appId).where('page_slug', '=', slug).executeTakeFirst();
      return row && record(row);
    },
    async update(id: string, patch: PagePatch) {
      if (Object.keys(patch).length) await db.updateTable('pages').set(columnsOf(patch)).where('id', '=', id).execute();
    },
    /** The page and its blocks. */
    async delete(id: string) {
      await db.deleteFrom('blocks').where('page_id', '=', id).execute();
      await db.deleteFrom('pages').where('id', '=', id).execute();
    },
  };
}
