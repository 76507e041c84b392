// The only SQL of row writes. Every write first bumps its sheet's row (version, row_count and,
// for appends, next_row_index) with UPDATE ... RETURNING: on PostgreSQL that row lock orders
// the writers of one sheet, on SQLite the single connection does, so counters never race.
import type { Db } from '../../db';

export interface SheetBump {
  version: number;
  next_row_index: number;
  row_count: number;
}

export function rowsRepo(db: Db) {
  return {
    sheetByTitle(spreadsheetId: string, title: string) {
      return db
        .selectFrom('sheets')
        .innerJoin('spreadsheets', 'spreadsheets.id', 'sheets.spreadsheet_id')
        .select(['sheets.id', 'sheets.title', 'sheets.columns', 'sheets.version', 'spreadsheets.workspace_id'])
        .where('sheets.spreadsheet_id', '=', spreadsheetId)
        .where('sheets.title', '=', title)
        .executeTakeFirst();
    },
    spreadsheetWorkspace(spreadsheetId: string) {
      return db.selectFrom('spreadsheets').select('workspace_id').where('id', '=', spreadsheetId).executeTakeFirst();
    },
    /** A block with the app it belongs to (through its page). */
    blockWithApp(blockId: string) {
      return db
        .selectFrom('blocks')
        .innerJoin('pages', 'pages.id', 'blocks.page_id')
        .selectAll('blocks')
        .select(['pages.app_id', 'pages.is_public', 'pages.is_auth', 'pages.page_slug'])
        .where('blocks.id', '=', blockId)
        .executeTakeFirst();
    },
    /** Bumps the sheet's version (and counters); returns the new values. Takes the sheet's lock. */
    async bumpSheet(sheetId: string, change: { append?: boolean; rows: number; versions?: number }, now: string): Promise<SheetBump | undefined> {
      // Appends made together (a group commit) take `rows` indexes and versions at once.
      const versions = change.versions ?? 1;
      const r = await db
        .updateTable('sheets')
        .set((eb) => ({
          version: eb('version', '+', versions),
          row_count: eb('row_count', '+', change.rows),
          next_row_index: eb('next_row_index', '+', change.append ? change.rows : 0),
          updated_at: now,
        }))
        .where('id', '=', sheetId)
        .returning(['version', 'next_row_index', 'row_count'])
        .executeTakeFirst();
      return r ? { version: Number(r.version), next_row_index: Number(r.next_row_index), row_count: Number(r.row_count) } : undefined;
    },
    async insertRow(sheetId: string, rowIndex: number, data: string) {
      await db.insertInto('sheet_rows').values({ sheet_id: sheetId, row_index: rowIndex, data, version: 1 }).execute();
    },
    /** New rows at consecutive indexes from `first` (one statement; a group commit's batch is at most a few hundred rows). */
    async insertRows(sheetId: string, first: number, data: string[]) {
      await db
        .insertInto('sheet_rows')
        .values(data.map((d, i) => ({ sheet_id: sheetId, row_index: first + i, data: d, version: 1 })))
        .execute();
    },
    findRow(sheetId: string, rowIndex: number) {
      return db
        .selectFrom('sheet_rows')
        .select(['row_index', 'data', 'version'])
        .where('sheet_id', '=', sheetId)
        .where('row_index', '=', rowIndex)
        .executeTakeFirst();
    },
    /** Writes the row only if it still has `expected` as version; the number of rows changed (0 or 1). */
    async updateRow(sheetId: string, rowIndex: number, data: string, expected: number): Promise<number> {
      const r = await db
        .updateTable('sheet_rows')
        .set((eb) => ({ data, version: eb('version', '+', 1) }))
        .where('sheet_id', '=', sheetId)
        .where('row_index', '=', rowIndex)
        .where('version', '=', expected)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async deleteRow(sheetId: string, rowIndex: number): Promise<number> {
      const r = await db.deleteFrom('sheet_rows').where('sheet_id', '=', sheetId).where('row_index', '=', rowIndex).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
