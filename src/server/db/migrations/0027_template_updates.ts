// Templates that keep improving after they are bought (issue 33 §2).
// - pages.origin_key, blocks.origin_key: the identity a page or block keeps through copies (a
//   template version, a clone): the id of the seller's page or block it descends from. A block
//   the buyer made has none (its own id stands for it). The three-way merge of an update pairs
//   the clone's, the cloned version's and the new version's pages and blocks by it.
// - app_origins.column_mapping: the buyer's column mapping (template sheet → their sheet and
//   columns), so that what an update brings is read in the buyer's columns.
// - app_update_snapshots: the buyer's app (settings, pages, blocks) as it was before an update
//   was applied; a restore puts it back.
import { type Kysely, type Migration } from 'kysely';

export const templateUpdates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('pages').addColumn('origin_key', 'varchar(64)').execute();
    await db.schema.alterTable('blocks').addColumn('origin_key', 'varchar(64)').execute();
    await db.schema.alterTable('app_origins').addColumn('column_mapping', 'text').execute();
    await db.schema
      .createTable('app_update_snapshots')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('from_version_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('from_version_number', 'integer', (c) => c.notNull())
      .addColumn('to_version_number', 'integer', (c) => c.notNull())
      /** JSON: { settings, pages, blocks, column_mapping } of the app before the update. */
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_by', 'varchar(32)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('app_update_snapshots_app_idx').on('app_update_snapshots').columns(['app_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_update_snapshots').execute();
    await db.schema.alterTable('app_origins').dropColumn('column_mapping').execute();
    await db.schema.alterTable('blocks').dropColumn('origin_key').execute();
    await db.schema.alterTable('pages').dropColumn('origin_key').execute();
  },
};
