import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { SheetsTable } from '../../db/schema';

export type SheetRecord = Selectable<SheetsTable>;

// 3 parameters a row: 10,000 rows (30,000 parameters) stay under the limits of SQLite (32,766)
// and PostgreSQL (65,535) while keeping round trips few.
const ROWS_PER_INSERT = 10_000;

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
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const chunk = rows.slice(start, start + ROWS_PER_INSERT);
        await db
          .insertInto('sheet_rows')
          .values(chunk.map((data, i) => ({ sheet_id: sheetId, row_index: firstIndex + start + i, data })))
          .execute();
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
    /** Up to `limit` rows after `afterIndex` in sheet order (the primary key's order: an index range scan). */
    rowsAfter(sheetId: string, afterIndex: number, limit: number) {
      return db
        .selectFrom('sheet_rows')
        .select(['row_index', 'data', 'version'])
        .where('sheet_id', '=', sheetId)
        .where('row_index', '>', afterIndex)
        .orderBy('row_index')
        .limit(limit)
        .execute();
    },
    appsUsing(spreadsheetId: string) {
      return db.selectFrom('apps').select(['id', 'name']).where('spreadsheet_id', '=', spreadsheetId).execute();
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
