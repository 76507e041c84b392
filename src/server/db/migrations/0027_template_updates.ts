// Templates that keep improving after they are bought (issue 33 §2).
// - pages.origin_key, blocks.origin_key: the identity a page or block keeps through copies (a
//   template version, a clone): the id of the seller's page or block it descends from. A block
//   the buyer made has none (its own id stands for it). The three-way merge of an update pairs
//   the clone's, the cloned version's and the new version's pages and blocks by it.
// - app_origins.column_mapping: the buyer's column mapping (template sheet → their sheet and
//   columns), so that what an update brings is read in the buyer's columns.
// - app_update_snapshots: the buyer's app (settings, pages, blocks) as it was before an update
//   was applied; a restore puts it back.
// - template_reviews: one rating (1–5) and short review per buyer and template, the seller's one answer.
// - template_stats_daily: one row per template and day counting listing views, previews and clones.
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
    await db.schema
      .createTable('template_reviews')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('template_id', 'varchar(32)', (c) => c.notNull().references('marketplace_templates.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('answered_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('template_reviews_one_per_buyer').unique().on('template_reviews').columns(['template_id', 'user_id']).execute();
    await db.schema
      .createTable('template_stats_daily')
      .addColumn('template_id', 'varchar(32)', (c) => c.notNull().references('marketplace_templates.id').onDelete('cascade'))
      /** YYYY-MM-DD (UTC). */
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('previews', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('clones', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('template_stats_daily_pk', ['template_id', 'day'])
      .execute();
    await db.schema.createIndex('template_stats_daily_day_idx').on('template_stats_daily').column('day').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('template_stats_daily').execute();
    await db.schema.dropTable('template_reviews').execute();
    await db.schema.dropTable('app_update_snapshots').execute();
    await db.schema.alterTable('app_origins').dropColumn('column_mapping').execute();
    await db.schema.alterTable('blocks').dropColumn('origin_key').execute();
    await db.schema.alterTable('pages').dropColumn('origin_key').execute();
  },
};
