import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { BlocksTable } from '../../db/schema';

/** A block row; `origin_key` (what copies pair it by, modules/clones/update.ts) is optional to write. */
export type BlockRow = Omit<Selectable<BlocksTable>, 'origin_key'> & { origin_key?: string | null };

export function blocksRepo(db: Db) {
  return {
    async insert(rows: BlockRow[]) {
      if (rows.length) await db.insertInto('blocks').values(rows).execute();
    },
    findById(id: string) {
      return db.selectFrom('blocks').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listByPages(pageIds: string[]) {
      if (pageIds.length === 0) return Promise.resolve([] as BlockRow[]);
      return db.selectFrom('blocks').selectAll().where('page_id', 'in', pageIds).orderBy('page_id').orderBy('position').execute();
    },
    async nextPosition(pageId: string) {
      const r = await db.selectFrom('blocks').select((eb) => eb.fn.max('position').as('max')).where('page_id', '=', pageId).executeTakeFirst();
      return r?.max === null || r?.max === undefined ? 0 : Number(r.max) + 1;
    },
    async update(id: string, patch: Partial<Pick<BlockRow, 'config' | 'type' | 'position' | 'updated_at'>>) {
      await db.updateTable('blocks').set(patch).where('id', '=', id).execute();
    },
    async delete(id: string) {
      await db.deleteFrom('blocks').where('id', '=', id).execute();
    },
  };
}
