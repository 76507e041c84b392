// The only SQL of clones (issue 15): the listed template a clone copies, the origins of cloned
// apps, and what a column mapping reads and rewrites. Every function runs on the handle it is
// given, so a clone or a mapping happens inside the caller's transaction.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { AppOriginsTable, MarketplaceTemplatesTable } from '../../db/schema';

export type ListedTemplate = Selectable<MarketplaceTemplatesTable>;
export type AppOriginRow = Selectable<AppOriginsTable>;

export function clonesRepo(db: Db) {
  return {
    template(id: string) {
      return db.selectFrom('marketplace_templates').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async appExists(id: string): Promise<boolean> {
      return !!(await db.selectFrom('apps').select('id').where('id', '=', id).executeTakeFirst());
    },
    async insertOrigin(row: Insertable<AppOriginsTable>) {
      await db.insertInto('app_origins').values(row).execute();
    },
    /** The workspace's cloned apps with their listing (null columns: the template left the marketplace), newest clone first. */
    originsOf(workspaceId: string) {
      return db
        .selectFrom('app_origins')
        .innerJoin('apps', 'apps.id', 'app_origins.app_id')
        .leftJoin('marketplace_templates', 'marketplace_templates.id', 'app_origins.template_id')
        .select([
          'app_origins.app_id',
          'app_origins.template_id',
          'app_origins.version_number',
          'app_origins.cloned_at',
          'marketplace_templates.title as template_name',
          'marketplace_templates.slug as template_slug',
          'marketplace_templates.version_number as latest_version_number',
        ])
        .where('apps.workspace_id', '=', workspaceId)
        .orderBy('app_origins.cloned_at', 'desc')
        .orderBy('app_origins.app_id')
        .execute();
    },
    async renameApp(appId: string, name: string, settings: string, now: string) {
      await db.updateTable('apps').set({ name, settings, updated_at: now }).where('id', '=', appId).execute();
    },
    appSettings(appId: string) {
      return db.selectFrom('apps').select(['settings', 'kind']).where('id', '=', appId).executeTakeFirst();
    },
    async renameBoardPage(appId: string, name: string) {
      await db.updateTable('pages').set({ page_name: name }).where('app_id', '=', appId).where('page_type', '=', 'home').execute();
    },
    spreadsheet(id: string) {
      return db.selectFrom('spreadsheets').select(['id', 'workspace_id', 'title']).where('id', '=', id).executeTakeFirst();
    },
    sheets(spreadsheetId: string) {
      return db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', spreadsheetId).orderBy('position').orderBy('id').execute();
    },
    /** Every block of the app's pages (with the page it is on). */
    appBlocks(appId: string) {
      return db
        .selectFrom('blocks')
        .innerJoin('pages', 'pages.id', 'blocks.page_id')
        .select(['blocks.id', 'blocks.page_id', 'blocks.position', 'blocks.type', 'blocks.config', 'blocks.created_at', 'blocks.updated_at'])
        .where('pages.app_id', '=', appId)
        .orderBy('pages.position')
        .orderBy('blocks.position')
        .orderBy('blocks.id')
        .execute();
    },
    async updateBlock(id: string, config: string, now: string) {
      await db.updateTable('blocks').set({ config, updated_at: now }).where('id', '=', id).execute();
    },
    async deleteBlock(id: string) {
      await db.deleteFrom('blocks').where('id', '=', id).execute();
    },
    async bindApp(appId: string, spreadsheetId: string, settings: string, now: string) {
      await db.updateTable('apps').set({ spreadsheet_id: spreadsheetId, settings, updated_at: now }).where('id', '=', appId).execute();
    },
  };
}
