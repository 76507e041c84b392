// Work a kill -9 could cut in half (docs/decisions/2026-11-29-work-a-crash-cannot-leave-half-done.md):
// one row per operation in progress, committed before the operation writes anything and deleted
// in the same transaction as its last write. A row whose lease ran out belongs to a server that
// stopped; the sweep (modules/jobs/sweep.ts) removes what it names (an importing spreadsheet,
// stored files) and keeps the row, marked 'interrupted', as the notice its owner sees.
import type { Kysely, Migration } from 'kysely';

export const jobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      /** 'import' | 'reimport' | 'column' | 'copy' | 'upload' (modules/jobs/service.ts). */
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      /** Who is told when it was interrupted (null: nobody, e.g. a visitor's upload). */
      .addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('cascade'))
      /** The notice shown to user_id when it was interrupted. */
      .addColumn('message', 'text')
      /** A spreadsheet the job writes outside one transaction (SQLite imports): removed when interrupted. */
      .addColumn('spreadsheet_id', 'varchar(32)')
      /** Storage keys (JSON array) written before the job's records: removed when interrupted. */
      .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
      /** 'running' | 'interrupted'. */
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      /** Epoch milliseconds; the running server moves it on while the job runs. */
      .addColumn('lease_until', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_state_lease_idx').on('jobs').columns(['state', 'lease_until']).execute();
    await db.schema.createIndex('jobs_user_idx').on('jobs').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('jobs').execute();
  },
};
