// The SQL of the data editor's writes (issue 13): column changes (which rewrite the key of every
// row, range by range), re-imports and exports (rows read in pages of row indexes), and the
// blocks of a workspace's apps over a spreadsheet (a rename edits those that use the column).
import { sql } from 'kysely';
import type { Db } from '../../db';
import { sheetRowsAfter } from './repo';

export type Dialect = 'sqlite' | 'postgres';

/** SQLite's JSON path of one object key, or null when the key cannot be written as one (a `"`). */
function sqlitePath(key: string): string | null {
  return key.includes('"') ? null : `$."${key}"`;
}

export function dataRepo(db: Db, dialect: Dialect) {
  return {
    sheetByTitle(spreadsheetId: string, title: string) {
      return db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', spreadsheetId).where('title', '=', title).executeTakeFirst();
    },
    /**
     * Sets a sheet's columns (and types, counters) and bumps its version; the new version. The
     * UPDATE takes the sheet's row lock on PostgreSQL, so row writes of the sheet wait for the change.
     */
    async setSheet(
      sheetId: string,
      change: { columns?: string[]; column_types?: Record<string, string>; row_count?: number; next_row_index?: number; updated_at: string },
    ): Promise<number> {
      const r = await db
        .updateTable('sheets')
        .set((eb) => ({
          version: eb('version', '+', 1),
          updated_at: change.updated_at,
          ...(change.columns ? { columns: JSON.stringify(change.columns) } : {}),
          ...(change.column_types ? { column_types: JSON.stringify(change.column_types) } : {}),
          ...(change.row_count !== undefined ? { row_count: change.row_count } : {}),
          ...(change.next_row_index !== undefined ? { next_row_index: change.next_row_index } : {}),
        }))
        .where('id', '=', sheetId)
        .returning('version')
        .executeTakeFirstOrThrow();
      return Number(r.version);
    },
    /**
     * Renames key `from` to `to` in the rows of row indexes [lo, hi) that have it, and bumps
     * those rows' versions (an edit made before the change is then a stale one: 409). Returns
     * false when the dialect cannot name the key in SQL (the caller rewrites those rows itself).
     */
    async renameKey(sheetId: string, from: string, to: string, lo: number, hi: number): Promise<boolean> {
      if (dialect === 'postgres') {
        await sql`UPDATE sheet_rows SET data = ((data::jsonb - ${from}::text) || jsonb_build_object(${to}::text, data::jsonb -> ${from}::text))::text, version = version + 1
          WHERE sheet_id = ${sheetId} AND row_index >= ${lo} AND row_index < ${hi} AND jsonb_exists(data::jsonb, ${from}::text)`.execute(db);
        return true;
      }
      const a = sqlitePath(from);
      const b = sqlitePath(to);
      if (!a || !b) return false;
      // `->` gives the value as JSON (true stays true; json_extract would give 1).
      await sql`UPDATE sheet_rows SET data = json_set(json_remove(data, ${a}), ${b}, json(data -> ${a})), version = version + 1
        WHERE sheet_id = ${sheetId} AND row_index >= ${lo} AND row_index < ${hi} AND json_type(data, ${a}) IS NOT NULL`.execute(db);
      return true;
    },
    /** Removes key `name` from the rows of [lo, hi) that have it (false: see renameKey). */
    async removeKey(sheetId: string, name: string, lo: number, hi: number): Promise<boolean> {
      if (dialect === 'postgres') {
        await sql`UPDATE sheet_rows SET data = (data::jsonb - ${name}::text)::text, version = version + 1
          WHERE sheet_id = ${sheetId} AND row_index >= ${lo} AND row_index < ${hi} AND jsonb_exists(data::jsonb, ${name}::text)`.execute(db);
        return true;
      }
      const a = sqlitePath(name);
      if (!a) return false;
      await sql`UPDATE sheet_rows SET data = json_remove(data, ${a}), version = version + 1
        WHERE sheet_id = ${sheetId} AND row_index >= ${lo} AND row_index < ${hi} AND json_type(data, ${a}) IS NOT NULL`.execute(db);
      return true;
    },
    /** Rows of [lo, hi), for rewriting in code. */
    rowsBetween(sheetId: string, lo: number, hi: number) {
      return db
        .selectFrom('sheet_rows')
        .select(['row_index', 'data'])
        .where('sheet_id', '=', sheetId)
        .where('row_index', '>=', lo)
        .where('row_index', '<', hi)
        .orderBy('row_index')
        .execute();
    },
    async rewriteRow(sheetId: string, rowIndex: number, data: string) {
      await db
        .updateTable('sheet_rows')
        .set((eb) => ({ data, version: eb('version', '+', 1) }))
        .where('sheet_id', '=', sheetId)
        .where('row_index', '=', rowIndex)
        .execute();
    },
    /** The first rows of a sheet (a guess of column types looks at these). */
    firstRows(sheetId: string, limit: number) {
      return db.selectFrom('sheet_rows').select('data').where('sheet_id', '=', sheetId).orderBy('row_index').limit(limit).execute();
    },
    /** Up to `limit` rows after row index `after`, in sheet order (export pages through a sheet). */
    rowsAfter: (sheetId: string, after: number, limit: number) => sheetRowsAfter(db, sheetId, after, limit),
    async deleteRows(sheetId: string) {
      await db.deleteFrom('sheet_rows').where('sheet_id', '=', sheetId).execute();
    },
    async maxPosition(spreadsheetId: string): Promise<number> {
      const r = await db.selectFrom('sheets').select((eb) => eb.fn.max('position').as('max')).where('spreadsheet_id', '=', spreadsheetId).executeTakeFirst();
      return r?.max === null || r?.max === undefined ? -1 : Number(r.max);
    },
    /** Every block of the workspace's apps over the spreadsheet, with its app and page. */
    blocksOver(spreadsheetId: string, workspaceId: string) {
      return db
        .selectFrom('blocks')
        .innerJoin('pages', 'pages.id', 'blocks.page_id')
        .innerJoin('apps', 'apps.id', 'pages.app_id')
        .selectAll('blocks')
        .select(['apps.id as app_id', 'apps.name as app_name', 'pages.page_name'])
        .where('apps.spreadsheet_id', '=', spreadsheetId)
        .where('apps.workspace_id', '=', workspaceId)
        .orderBy('apps.name')
        .orderBy('pages.position')
        .orderBy('blocks.position')
        .execute();
    },
    async updateBlock(id: string, config: string, updatedAt: string) {
      await db.updateTable('blocks').set({ config, updated_at: updatedAt }).where('id', '=', id).execute();
    },
  };
}
