// SQL of connected spreadsheets (issue 16, pull): google_sources (one per spreadsheet), google_tabs
// (one per tab, keyed by Google's sheetId), google_rows (migration 0017: which cached row holds
// which Google row, and its content hash). Rows themselves stay in sheet_rows, written here in
// the shape an import writes them. Nothing here decides who may see what.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db';
import type { GoogleConnectionsTable, GoogleSourcesTable, GoogleTabsTable } from '../../db/schema';

export type GoogleSourceRow = Selectable<GoogleSourcesTable>;
export type GoogleTabRow = Selectable<GoogleTabsTable>;
export type ScheduledSource = Pick<GoogleSourceRow, 'spreadsheet_id' | 'connection_id' | 'file_id' | 'drive_version' | 'last_pull_at' | 'last_full_at' | 'status' | 'checked_at'> & {
  connection_status: Selectable<GoogleConnectionsTable>['status'];
};

/** Rows per statement (4 parameters a row: far under SQLite's and PostgreSQL's parameter limits). */
const IN_LIST = 1_000;

export function googleSourcesRepo(db: Db) {
  return {
    async insertSource(row: Insertable<GoogleSourcesTable>): Promise<void> {
      await db.insertInto('google_sources').values(row).execute();
    },
    sourceOf(spreadsheetId: string): Promise<GoogleSourceRow | undefined> {
      return db.selectFrom('google_sources').selectAll().where('spreadsheet_id', '=', spreadsheetId).executeTakeFirst();
    },
    async updateSource(spreadsheetId: string, changes: Updateable<GoogleSourcesTable>): Promise<void> {
      await db.updateTable('google_sources').set(changes).where('spreadsheet_id', '=', spreadsheetId).execute();
    },
    /** A pull a stopped server left 'syncing': said in words, and left for the next sync (which pulls a source in error). */
    async interruptedPull(spreadsheetId: string, words: string): Promise<void> {
      await db.updateTable('google_sources').set({ status: 'error', error: words }).where('spreadsheet_id', '=', spreadsheetId).where('status', '=', 'syncing').execute();
    },
    /** The spreadsheet's title and the owner of its workspace (told when a pull of it is interrupted). */
    owner(spreadsheetId: string) {
      return db
        .selectFrom('spreadsheets')
        .innerJoin('workspaces', 'workspaces.id', 'spreadsheets.workspace_id')
        .select(['spreadsheets.title', 'workspaces.owner_id'])
        .where('spreadsheets.id', '=', spreadsheetId)
        .executeTakeFirst();
    },
    /**
     * Claims the background sync's next check of a spreadsheet: moves checked_at from the value the
     * tick read (`seen`) to `at`. True for exactly one of the server instances that read the same
     * value; false when another claimed it first.
     */
    async claimCheck(spreadsheetId: string, seen: string | null, at: string): Promise<boolean> {
      const res = await db
        .updateTable('google_sources')
        .set({ checked_at: at })
        .where('spreadsheet_id', '=', spreadsheetId)
        .where((eb) => (seen === null ? eb('checked_at', 'is', null) : eb('checked_at', '=', seen)))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    /** Every connected spreadsheet with its connection's status: what the background sync looks at each tick. */
    scheduled(): Promise<ScheduledSource[]> {
      return db
        .selectFrom('google_sources')
        .innerJoin('google_connections', 'google_connections.id', 'google_sources.connection_id')
        .select([
          'google_sources.spreadsheet_id',
          'google_sources.connection_id',
          'google_sources.file_id',
          'google_sources.drive_version',
          'google_sources.last_pull_at',
          'google_sources.last_full_at',
          'google_sources.status',
          'google_sources.checked_at',
          'google_connections.status as connection_status',
        ])
        .execute();
    },
    tabsOf(spreadsheetId: string): Promise<GoogleTabRow[]> {
      return db.selectFrom('google_tabs').selectAll().where('spreadsheet_id', '=', spreadsheetId).execute();
    },
    async insertTab(row: Insertable<GoogleTabsTable>): Promise<void> {
      await db.insertInto('google_tabs').values(row).execute();
    },
    async updateTab(sheetId: string, changes: Updateable<GoogleTabsTable>): Promise<void> {
      await db.updateTable('google_tabs').set(changes).where('sheet_id', '=', sheetId).execute();
    },
    /** A tab deleted in Google: its sheet stays an ordinary sheet with its last rows, no longer synced. */
    async forgetTab(sheetId: string): Promise<void> {
      await db.deleteFrom('google_rows').where('sheet_id', '=', sheetId).execute();
      await db.deleteFrom('google_tabs').where('sheet_id', '=', sheetId).execute();
    },
    async renameSheet(sheetId: string, title: string): Promise<void> {
      await db.updateTable('sheets').set({ title }).where('id', '=', sheetId).execute();
    },
    /** Takes the sheet's row lock (PostgreSQL) for the rest of the transaction, as the row writes' bumpSheet does. */
    async lockSheet(sheetId: string): Promise<void> {
      await db.updateTable('sheets').set((eb) => ({ version: eb('version', '+', 0) })).where('id', '=', sheetId).execute();
    },
    sheetById(sheetId: string) {
      return db.selectFrom('sheets').selectAll().where('id', '=', sheetId).executeTakeFirstOrThrow();
    },
    sheetsOf(spreadsheetId: string) {
      return db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', spreadsheetId).orderBy('position').execute();
    },
    /**
     * What the cache holds of a tab: Google id, row index and hash of each row, in row order. Read
     * in pages with a pause between them (SQLite answers synchronously: 100,000 rows at once would
     * hold the event loop).
     */
    async cachedRows(sheetId: string, page = 10_000, pause: () => Promise<void> = async () => {}): Promise<{ row_id: string; row_index: number; hash: string }[]> {
      const out: { row_id: string; row_index: number; hash: string }[] = [];
      let after = -1;
      for (;;) {
        const rows = await db.selectFrom('google_rows').select(['row_id', 'row_index', 'hash']).where('sheet_id', '=', sheetId).where('row_index', '>', after).orderBy('row_index').limit(page).execute();
        for (const r of rows) out.push({ row_id: r.row_id, row_index: Number(r.row_index), hash: r.hash });
        if (rows.length < page) return out;
        after = Number(rows[rows.length - 1]!.row_index);
        await pause();
      }
    },
    /** Row ids of the tab with edits of the app not pushed yet: the pull leaves those rows to the push. */
    async pendingRowIds(sheetId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('google_outbox').select('row_id').where('sheet_id', '=', sheetId).where('status', '=', 'pending').execute();
      return new Set(rows.map((r) => r.row_id));
    },
    /** New rows at consecutive row indexes from `first` (data already JSON), with their Google ids. */
    async insertRows(sheetId: string, first: number, rows: { id: string; hash: string; json: string }[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('sheet_rows')
        .values(rows.map((r, i) => ({ sheet_id: sheetId, row_index: first + i, data: r.json })))
        .execute();
      await db
        .insertInto('google_rows')
        .values(rows.map((r, i) => ({ sheet_id: sheetId, row_id: r.id, row_index: first + i, hash: r.hash })))
        .execute();
    },
    /** A row's new content: its version goes up (an edit made on the old content is then stale: 409). */
    async updateRow(sheetId: string, rowId: string, rowIndex: number, json: string, hash: string): Promise<void> {
      await db
        .updateTable('sheet_rows')
        .set((eb) => ({ data: json, version: eb('version', '+', 1) }))
        .where('sheet_id', '=', sheetId)
        .where('row_index', '=', rowIndex)
        .execute();
      await db.updateTable('google_rows').set({ hash }).where('sheet_id', '=', sheetId).where('row_id', '=', rowId).execute();
    },
    async deleteRows(sheetId: string, rows: { row_id: string; row_index: number }[]): Promise<void> {
      for (let i = 0; i < rows.length; i += IN_LIST) {
        const slice = rows.slice(i, i + IN_LIST);
        await db
          .deleteFrom('sheet_rows')
          .where('sheet_id', '=', sheetId)
          .where(
            'row_index',
            'in',
            slice.map((r) => r.row_index),
          )
          .execute();
        await db
          .deleteFrom('google_rows')
          .where('sheet_id', '=', sheetId)
          .where(
            'row_id',
            'in',
            slice.map((r) => r.row_id),
          )
          .execute();
      }
    },
  };
}
