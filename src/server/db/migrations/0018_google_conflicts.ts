import type { Kysely, Migration } from 'kysely';

/**
 * Live Google Sheets, push (issue 16): what the push could not write as the app meant it, kept
 * for the owner to read until they dismiss it. A cell changed both in Google and in the app (the
 * sheet's value stands), a row edited in the app but deleted in Google, a row deleted in the app
 * but changed in Google (it is kept), an edited cell whose column is gone from the sheet.
 * Nothing the app sends is dropped without a line here.
 */
export const googleConflicts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('google_conflicts')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('spreadsheet_id', 'varchar(32)', (c) => c.notNull().references('spreadsheets.id').onDelete('cascade'))
      /** The tab's title when it happened. */
      .addColumn('tab', 'varchar(200)', (c) => c.notNull())
      /** The row's Google id (hidden id column). */
      .addColumn('row_id', 'varchar(64)', (c) => c.notNull())
      /** A few words naming the row for people (its first values as the app saw them). */
      .addColumn('row_label', 'varchar(200)', (c) => c.notNull())
      /** 'cell' | 'row-deleted' | 'row-changed' | 'column-gone'. */
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('column_name', 'varchar(200)')
      /** JSON cells: what the app saw, what the sheet holds, what the app sent. */
      .addColumn('base', 'text')
      .addColumn('sheet', 'text')
      .addColumn('app', 'text')
      /** 'sheet' | 'app': whose value stands. */
      .addColumn('winner', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('google_conflicts_spreadsheet_idx').on('google_conflicts').columns(['spreadsheet_id', 'created_at']).execute();
    /** Why the last push of a spreadsheet's edits failed, in words (null when fine), and when to try again. */
    await db.schema.alterTable('google_sources').addColumn('push_error', 'varchar(1000)').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('google_sources').dropColumn('push_error').execute();
    await db.schema.dropTable('google_conflicts').execute();
  },
};
