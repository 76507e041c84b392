// The SQL of template updates (modules/clones/update.ts): a clone's origin and the versions it
// merges, writing the merged pages and blocks in place, the snapshots a restore puts back, and
// the sheets and columns an update adds. Runs on the handle it is given (inside the caller's
// transaction when there is one).
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { AppUpdateSnapshotsTable, BlocksTable, PagesTable, SheetsTable } from '../../db/schema';

export type PageColumns = Selectable<PagesTable>;
export type BlockColumns = Selectable<BlocksTable>;
export type SnapshotRow = Selectable<AppUpdateSnapshotsTable>;

export function updateRepo(db: Db) {
  return {
    origin(appId: string) {
      return db.selectFrom('app_origins').selectAll().where('app_id', '=', appId).executeTakeFirst();
    },
    listing(templateId: string) {
      return db.selectFrom('marketplace_templates').select(['id', 'title', 'version_id', 'version_number', 'snapshot_app_id']).where('id', '=', templateId).executeTakeFirst();
    },
    async versionSnapshotApp(versionId: string): Promise<string | null> {
      const r = await db.selectFrom('template_versions').select('snapshot_app_id').where('id', '=', versionId).executeTakeFirst();
      return r?.snapshot_app_id ?? null;
    },
    async setOrigin(appId: string, patch: { version_id: string; version_number: number; column_mapping?: string | null }) {
      await db.updateTable('app_origins').set(patch).where('app_id', '=', appId).execute();
    },
    async setMapping(appId: string, mapping: string) {
      await db.updateTable('app_origins').set({ column_mapping: mapping }).where('app_id', '=', appId).execute();
    },
    app(appId: string) {
      return db.selectFrom('apps').select(['id', 'settings', 'spreadsheet_id', 'workspace_id']).where('id', '=', appId).executeTakeFirst();
    },
    pages(appId: string): Promise<PageColumns[]> {
      return db.selectFrom('pages').selectAll().where('app_id', '=', appId).orderBy('position').orderBy('created_at').orderBy('id').execute();
    },
    blocks(pageIds: string[]): Promise<BlockColumns[]> {
      if (pageIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('blocks').selectAll().where('page_id', 'in', pageIds).orderBy('page_id').orderBy('position').orderBy('id').execute();
    },
    async setAppSettings(appId: string, settings: string, now: string) {
      await db.updateTable('apps').set({ settings, updated_at: now }).where('id', '=', appId).execute();
    },
    async deleteBlocks(ids: string[]) {
      if (ids.length) await db.deleteFrom('blocks').where('id', 'in', ids).execute();
    },
    async deletePages(ids: string[]) {
      if (ids.length) await db.deleteFrom('pages').where('id', 'in', ids).execute();
    },
    async insertPage(row: Insertable<PagesTable>) {
      await db.insertInto('pages').values(row).execute();
    },
    async updatePage(id: string, row: Omit<Partial<PageColumns>, 'id' | 'app_id' | 'created_at'>) {
      await db.updateTable('pages').set(row).where('id', '=', id).execute();
    },
    async insertBlock(row: Insertable<BlocksTable>) {
      await db.insertInto('blocks').values(row).execute();
    },
    async updateBlock(id: string, row: Omit<Partial<BlockColumns>, 'id' | 'created_at'>) {
      await db.updateTable('blocks').set(row).where('id', '=', id).execute();
    },
    async insertSnapshot(row: SnapshotRow) {
      await db.insertInto('app_update_snapshots').values(row).execute();
    },
    snapshots(appId: string): Promise<SnapshotRow[]> {
      return db.selectFrom('app_update_snapshots').selectAll().where('app_id', '=', appId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },
    /** The newest snapshot of each app (what "Undo the update" puts back). */
    latestSnapshots(appIds: string[]) {
      if (appIds.length === 0) return Promise.resolve([] as Pick<SnapshotRow, 'id' | 'app_id' | 'from_version_number' | 'created_at'>[]);
      return db.selectFrom('app_update_snapshots').select(['id', 'app_id', 'from_version_number', 'created_at']).where('app_id', 'in', appIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },
    async deleteSnapshotsFrom(appId: string, createdAt: string) {
      await db.deleteFrom('app_update_snapshots').where('app_id', '=', appId).where('created_at', '>=', createdAt).execute();
    },
    sheets(spreadsheetId: string) {
      return db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', spreadsheetId).orderBy('position').orderBy('id').execute();
    },
    async insertSheet(row: Insertable<SheetsTable>) {
      await db.insertInto('sheets').values(row).execute();
    },
    /** New columns at the end of a sheet (rows hold no value for them: empty), its version moved on. */
    async setSheetColumns(sheetId: string, columns: string, columnTypes: string, now: string) {
      await db
        .updateTable('sheets')
        .set((eb) => ({ columns, column_types: columnTypes, version: eb('version', '+', 1), updated_at: now }))
        .where('id', '=', sheetId)
        .execute();
    },
  };
}
