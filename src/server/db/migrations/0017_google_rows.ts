import type { Kysely, Migration } from 'kysely';

/**
 * Live Google Sheets, pull (issue 16): which cached row (sheet_rows.row_index) holds which Google
 * row (the hidden id column's value, or the read-only identity of gsheets/pull.ts), and the hash of
 * its content as last pulled. Kept beside sheet_rows so blocks and the data editor read rows as
 * they always did; row_index stays the row's stable `_id` whatever Google does to row numbers.
 */
export const googleRows: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('google_rows')
      .addColumn('sheet_id', 'varchar(32)', (c) => c.notNull().references('sheets.id').onDelete('cascade'))
      .addColumn('row_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('row_index', 'integer', (c) => c.notNull())
      /** gsheets/diff.ts rowHash of the row's content at the last pull. */
      .addColumn('hash', 'varchar(40)', (c) => c.notNull())
      .addPrimaryKeyConstraint('google_rows_pk', ['sheet_id', 'row_id'])
      .execute();
    await db.schema.createIndex('google_rows_index_idx').on('google_rows').columns(['sheet_id', 'row_index']).unique().execute();
    /** JSON of the header changes not yet followed by the blocks ({ renamed: [{from,to}], deleted: [name] }). */
    await db.schema.alterTable('google_tabs').addColumn('header_changes', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('google_tabs').dropColumn('header_changes').execute();
    await db.schema.dropTable('google_rows').execute();
  },
};
