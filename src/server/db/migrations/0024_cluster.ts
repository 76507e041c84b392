// More than one server instance on one PostgreSQL (issue 19): what the instances must agree on
// moves from process memory into the database.
// - rate_counters: the rate limits' counts (platform/limits/limiter.ts, actions/limiter.ts), one row per
//   limiter name and key, with the end of its window in epoch milliseconds. A hit is one atomic
//   upsert (cluster/counters.ts); rows past their window are swept hourly.
// - google_sources.checked_at: when the background sync last checked the spreadsheet with Google.
//   An instance claims a check by moving it from the value it read (compare-and-set), so two
//   schedulers ticking over the same due spreadsheet ask Google once (gsheets/scheduler.ts).
import type { Kysely, Migration } from 'kysely';

export const cluster: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_counters')
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('key', 'varchar(600)', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_counters_pk', ['name', 'key'])
      .execute();
    await db.schema.createIndex('rate_counters_expires_idx').on('rate_counters').column('expires_at').execute();
    await db.schema.alterTable('google_sources').addColumn('checked_at', 'varchar(30)').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('google_sources').dropColumn('checked_at').execute();
    await db.schema.dropTable('rate_counters').execute();
  },
};
