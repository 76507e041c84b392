// Row writes (issue 3): every sheet row gets a version (optimistic concurrency: a stale edit is a
// 409), and every sheet a counter of the next row index, so row_index is a stable row id that is
// never renumbered (deletes leave gaps; appends take the counter atomically).
import { sql, type Kysely, type Migration } from 'kysely';

export const rows: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sheet_rows')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('sheets')
      .addColumn('next_row_index', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Existing sheets were imported with indexes 0..n-1: the counter continues after the last.
    await sql`UPDATE sheets SET next_row_index = COALESCE((SELECT MAX(r.row_index) + 1 FROM sheet_rows r WHERE r.sheet_id = sheets.id), 0)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sheets').dropColumn('next_row_index').execute();
    await db.schema.alterTable('sheet_rows').dropColumn('version').execute();
  },
};
