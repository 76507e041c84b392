import { CompiledQuery, PostgresAdapter, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { SheetsTable } from '../../db/schema';

export type SheetRecord = Selectable<SheetsTable>;

// SQLite: 3 parameters a row, and a statement may have 32,766: 10,000 rows a statement. The SQL
// text is built by hand (Kysely's builder spends milliseconds on 30,000 values).
const ROWS_PER_INSERT = 10_000;

/** `INSERT ... VALUES (?, ?, ?), ...` for `n` rows, kept per size (an import's batches share one). */
const valuesSql = new Map<number, string>();
function sqliteInsert(n: number): string {
  let text = valuesSql.get(n);
  if (!text) {
    text = `insert into "sheet_rows" ("sheet_id", "row_index", "data") values ${Array.from({ length: n }, () => '(?, ?, ?)').join(', ')}`;
    if (valuesSql.size > 16) valuesSql.clear();
    valuesSql.set(n, text);
  }
  return text;
}

// PostgreSQL: the whole batch as two array parameters, unnested into rows by the server (three
// parameters whatever the batch size: no limit to stay under, and one short statement to parse).
const PG_INSERT = 'insert into "sheet_rows" ("sheet_id", "row_index", "data") select $1, t.i, t.d from unnest($2::int[], $3::text[]) as t(i, d)';

/**
 * Up to `limit` rows of a sheet after `afterIndex`, in sheet order: one keyset page (the primary
 * key's order, an index range scan), for everything that walks a whole sheet (the cache's load,
 * exports, template copies and freezes).
 */
export function sheetRowsAfter(db: Db, sheetId: string, afterIndex: number, limit: number) {
  return db
    .selectFrom('sheet_rows')
    .select(['row_index', 'data', 'version'])
    .where('sheet_id', '=', sheetId)
    .where('row_index', '>', afterIndex)
    .orderBy('row_index')
    .limit(limit)
    .execute();
}

export function spreadsheetsRepo(db: Db) {
  return {
    async insertSpreadsheet(s: { id: string; workspace_id: string; title: string; source: string; created_at: string }) {
      await db.insertInto('spreadsheets').values(s).execute();
    },
    async insertSheet(s: Insertable<SheetsTable>) {
      await db.insertInto('sheets').values(s).execute();
    },
    /** Rows are already JSON text; inserted in large multi-row statements, from row `firstIndex`. */
    async insertRows(sheetId: string, rows: string[], firstIndex = 0) {
      if (rows.length === 0) return;
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        const indexes = Array.from({ length: rows.length }, (_, i) => firstIndex + i);
        await db.executeQuery(CompiledQuery.raw(PG_INSERT, [sheetId, indexes, rows]));
        return;
      }
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const n = Math.min(ROWS_PER_INSERT, rows.length - start);
        const params = new Array<unknown>(n * 3);
        for (let i = 0; i < n; i++) {
          params[i * 3] = sheetId;
          params[i * 3 + 1] = firstIndex + start + i;
          params[i * 3 + 2] = rows[start + i];
        }
        await db.executeQuery(CompiledQuery.raw(sqliteInsert(n), params));
      }
    },
    async setSource(id: string, source: string) {
      await db.updateTable('spreadsheets').set({ source }).where('id', '=', id).execute();
    },
    /** Spreadsheets of the workspace whose import has not finished (see service storeSheets). */
    importingOf(workspaceId: string) {
      return db.selectFrom('spreadsheets').select('id').where('workspace_id', '=', workspaceId).where('source', '=', 'importing').execute();
    },
    listByWorkspace(workspaceId: string) {
      return db
        .selectFrom('spreadsheets')
        .select(['id', 'title', 'created_at', 'workspace_id', 'source'])
        .where('workspace_id', '=', workspaceId)
        // An import still writing its rows (SQLite) is not there yet.
        .where('source', '!=', 'importing')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
    findById(id: string) {
      return db.selectFrom('spreadsheets').select(['id', 'title', 'created_at', 'workspace_id']).where('id', '=', id).executeTakeFirst();
    },
    /** Which of `ids` are sheets. */
    async existingSheets(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return (await db.selectFrom('sheets').select('id').where('id', 'in', ids).execute()).map((s) => s.id);
    },
    sheetsOf(spreadsheetIds: string[]) {
      if (spreadsheetIds.length === 0) return Promise.resolve([] as SheetRecord[]);
      return db
        .selectFrom('sheets')
        .selectAll()
        .where('spreadsheet_id', 'in', spreadsheetIds)
        .orderBy('spreadsheet_id')
        .orderBy('position')
        .execute();
    },
    /** The one indexed lookup a data request makes before the cache answers. */
    sheetByTitle(spreadsheetId: string, title: string) {
      return db
        .selectFrom('sheets')
        .innerJoin('spreadsheets', 'spreadsheets.id', 'sheets.spreadsheet_id')
        .select(['sheets.id', 'sheets.title', 'sheets.version', 'sheets.columns', 'sheets.row_count', 'spreadsheets.workspace_id'])
        .where('sheets.spreadsheet_id', '=', spreadsheetId)
        .where('sheets.title', '=', title)
        .executeTakeFirst();
    },
    /** Rows in sheet order, with their stable index (`_id`) and version (`_version`). */
    rowsOf(sheetId: string) {
      return db.selectFrom('sheet_rows').select(['row_index', 'data', 'version']).where('sheet_id', '=', sheetId).orderBy('row_index').execute();
    },
    /** Up to `limit` rows after `afterIndex` in sheet order (sheetRowsAfter). */
    rowsAfter: (sheetId: string, afterIndex: number, limit: number) => sheetRowsAfter(db, sheetId, afterIndex, limit),
    appsUsing(spreadsheetId: string) {
      return db.selectFrom('apps').select(['id', 'name']).where('spreadsheet_id', '=', spreadsheetId).execute();
    },
    /** Deletes the spreadsheet if its import never finished (source 'importing'); true when it did. */
    async deleteIfImporting(id: string): Promise<boolean> {
      const row = await db.selectFrom('spreadsheets').select('source').where('id', '=', id).executeTakeFirst();
      if (row?.source !== 'importing') return false;
      await this.deleteSpreadsheet(id);
      return true;
    },
    async deleteSpreadsheet(id: string) {
      // Explicit order so PostgreSQL and SQLite behave alike even without cascades.
      const sheetIds = (await db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', id).execute()).map((s) => s.id);
      if (sheetIds.length) await db.deleteFrom('sheet_rows').where('sheet_id', 'in', sheetIds).execute();
      await db.deleteFrom('sheets').where('spreadsheet_id', '=', id).execute();
      await db.deleteFrom('spreadsheets').where('id', '=', id).execute();
    },
  };
}
