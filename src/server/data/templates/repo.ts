// The SQL of template versions and app copies (templates/copy.ts, freeze.ts). Every function runs
// on the handle it is given, so the whole copy happens inside the caller's transaction.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db';
import { sheetRowsAfter } from '../spreadsheets/repo';
import type { AppsTable, BlocksTable, PagesTable, SheetsTable, TemplateVersionsTable, UploadsTable } from '../../db/schema';

export type SourceApp = Selectable<AppsTable>;
export type SourcePage = Selectable<PagesTable>;
export type SourceBlock = Selectable<BlocksTable>;
export type SourceSheet = Selectable<SheetsTable>;
export type UploadRecord = Selectable<UploadsTable>;
export type TemplateVersionRow = Selectable<TemplateVersionsTable>;

export function templatesRepo(db: Db) {
  return {
    /** The account and workspace, created once (a second call, or a racing one, changes nothing). */
    async ensureAccount(user: { id: string; name: string; email: string; created_at: string }, workspace: { id: string; name: string; created_at: string }) {
      await db
        .insertInto('users')
        .values({ ...user, password_hash: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await db
        .insertInto('workspaces')
        .values({ id: workspace.id, owner_id: user.id, name: workspace.name, is_free_plan: 0, created_at: workspace.created_at })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    app(id: string) {
      return db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    },
    pages(appId: string) {
      return db.selectFrom('pages').selectAll().where('app_id', '=', appId).orderBy('position').orderBy('created_at').orderBy('id').execute();
    },
    blocks(pageIds: string[]) {
      if (pageIds.length === 0) return Promise.resolve([] as SourceBlock[]);
      return db.selectFrom('blocks').selectAll().where('page_id', 'in', pageIds).orderBy('page_id').orderBy('position').orderBy('id').execute();
    },
    spreadsheet(id: string) {
      return db.selectFrom('spreadsheets').selectAll().where('id', '=', id).executeTakeFirst();
    },
    sheets(spreadsheetId: string) {
      return db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', spreadsheetId).orderBy('position').orderBy('id').execute();
    },
    async insertApp(row: Insertable<AppsTable>) {
      await db.insertInto('apps').values(row).execute();
    },
    async insertPage(row: Insertable<PagesTable>) {
      await db.insertInto('pages').values(row).execute();
    },
    async insertBlocks(rows: Insertable<BlocksTable>[]) {
      // 8 parameters a block: 500 a statement stays far under both databases' limits.
      for (let i = 0; i < rows.length; i += 500) await db.insertInto('blocks').values(rows.slice(i, i + 500)).execute();
    },
    async insertSpreadsheet(row: { id: string; workspace_id: string; title: string; source: string; created_at: string }) {
      await db.insertInto('spreadsheets').values(row).execute();
    },
    async insertSheet(row: Insertable<SheetsTable>) {
      await db.insertInto('sheets').values(row).execute();
    },
    /**
     * The rows of one sheet with `afterIndex` < row_index <= `upTo` into another, inside the database
     * (rows never pass through the server).
     */
    async copyRows(fromSheetId: string, toSheetId: string, afterIndex: number, upTo: number) {
      await db
        .insertInto('sheet_rows')
        .columns(['sheet_id', 'row_index', 'data', 'version'])
        .expression((eb) =>
          eb
            .selectFrom('sheet_rows')
            .select([sql<string>`CAST(${toSheetId} AS varchar(32))`.as('sheet_id'), 'row_index', 'data', 'version'])
            .where('sheet_id', '=', fromSheetId)
            .where('row_index', '>', afterIndex)
            .where('row_index', '<=', upTo),
        )
        .execute();
    },
    /** Rows into a sheet as given (a copy's rows without the columns that stay behind). */
    async insertRows(sheetId: string, rows: { row_index: number; data: string; version: number }[]) {
      // 4 parameters a row: 1000 a statement stays far under both databases' limits.
      for (let i = 0; i < rows.length; i += 1000)
        await db
          .insertInto('sheet_rows')
          .values(rows.slice(i, i + 1000).map((r) => ({ sheet_id: sheetId, ...r })))
          .execute();
    },
    /** The row_index `count` rows after `afterIndex` (or the last one, when fewer are left); null when none is. */
    async indexAfter(sheetId: string, afterIndex: number, count: number): Promise<number | null> {
      const r = await db
        .selectFrom('sheet_rows')
        .select('row_index')
        .where('sheet_id', '=', sheetId)
        .where('row_index', '>', afterIndex)
        .orderBy('row_index')
        .limit(1)
        .offset(count - 1)
        .executeTakeFirst();
      if (r) return Number(r.row_index);
      const last = await db.selectFrom('sheet_rows').select((eb) => eb.fn.max('row_index').as('m')).where('sheet_id', '=', sheetId).where('row_index', '>', afterIndex).executeTakeFirst();
      return last?.m === null || last?.m === undefined ? null : Number(last.m);
    },
    /** One batch of a sheet's rows after `afterIndex`, in row order (keyset pages: each is one indexed range). */
    rowsAfter: (sheetId: string, afterIndex: number, limit: number) => sheetRowsAfter(db, sheetId, afterIndex, limit),
    /** One batch of the sheet's rows after `afterIndex` whose JSON holds `text` (keyset pages). */
    rowsHolding(sheetId: string, text: string, afterIndex: number, limit: number) {
      return db
        .selectFrom('sheet_rows')
        .select(['row_index', 'data'])
        .where('sheet_id', '=', sheetId)
        .where('row_index', '>', afterIndex)
        .where('data', 'like', `%${text}%`)
        .orderBy('row_index')
        .limit(limit)
        .execute();
    },
    async setRowData(sheetId: string, rowIndex: number, data: string) {
      await db.updateTable('sheet_rows').set({ data }).where('sheet_id', '=', sheetId).where('row_index', '=', rowIndex).execute();
    },
    uploads(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([] as UploadRecord[]);
      return db.selectFrom('uploads').selectAll().where('id', 'in', ids).execute();
    },
    async insertUpload(row: UploadRecord) {
      await db.insertInto('uploads').values(row).execute();
    },
    async lastVersionNumber(requestId: string): Promise<number> {
      const r = await db.selectFrom('template_versions').select((eb) => eb.fn.max('number').as('n')).where('request_id', '=', requestId).executeTakeFirst();
      return r?.n === null || r?.n === undefined ? 0 : Number(r.n);
    },
    async insertVersion(row: TemplateVersionRow) {
      await db.insertInto('template_versions').values(row).execute();
    },
    versionsOf(requestId: string) {
      return db.selectFrom('template_versions').selectAll().where('request_id', '=', requestId).orderBy('number').execute();
    },
    versionById(id: string) {
      return db.selectFrom('template_versions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Upload records of the workspace that are not tied to an app (the copies a snapshot made). */
    uploadsOfWorkspace(workspaceId: string, ids: string[]) {
      if (ids.length === 0) return Promise.resolve([] as UploadRecord[]);
      return db.selectFrom('uploads').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
    },
    async deleteUploads(ids: string[]) {
      if (ids.length) await db.deleteFrom('uploads').where('id', 'in', ids).execute();
    },
    /** An app with its pages and blocks (cascades), then its spreadsheet with its sheets and rows. */
    async deleteAppAndSpreadsheet(appId: string) {
      const app = await db.selectFrom('apps').select(['spreadsheet_id']).where('id', '=', appId).executeTakeFirst();
      await db.deleteFrom('apps').where('id', '=', appId).execute();
      if (app?.spreadsheet_id) {
        const used = await db.selectFrom('apps').select('id').where('spreadsheet_id', '=', app.spreadsheet_id).executeTakeFirst();
        if (!used) await db.deleteFrom('spreadsheets').where('id', '=', app.spreadsheet_id).execute();
      }
    },
  };
}
