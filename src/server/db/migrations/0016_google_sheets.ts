// Live Google Sheets (issue 16): the Google account a workspace connected (OAuth or the server's
// service account), the consent round trips under way, and for each connected spreadsheet its
// Google file, its tabs (keyed by Google's numeric sheetId, not the title) and the outbox of the
// app's edits waiting to be written to the sheet.
import type { Kysely, Migration } from 'kysely';

export const googleSheets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('google_connections')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      /** 'oauth' | 'service_account'. */
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('google_email', 'varchar(320)')
      /** The scopes granted, separated by spaces. */
      .addColumn('scope', 'varchar(1000)', (c) => c.notNull())
      /** Encrypted (gsheets/secrets.ts); never returned by any route. */
      .addColumn('access_token', 'text')
      .addColumn('refresh_token', 'text')
      /** Milliseconds since the epoch when the access token expires. */
      .addColumn('expires_at', 'bigint')
      /** 'ok' | 'reconnect_needed'. */
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('status_reason', 'varchar(500)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    // One connection per workspace (a reconnect replaces it).
    await db.schema.createIndex('google_connections_workspace_idx').on('google_connections').column('workspace_id').unique().execute();

    await db.schema
      .createTable('google_oauth_states')
      /** sha256 of the state sent to Google: the state itself is a bearer secret until used. */
      .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** 'read' | 'read-write' | 'file'. */
      .addColumn('mode', 'varchar(20)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('google_oauth_states_expires_idx').on('google_oauth_states').column('expires_at').execute();

    await db.schema
      .createTable('google_sources')
      .addColumn('spreadsheet_id', 'varchar(32)', (c) => c.primaryKey().references('spreadsheets.id').onDelete('cascade'))
      .addColumn('connection_id', 'varchar(32)', (c) => c.notNull().references('google_connections.id').onDelete('cascade'))
      /** Google's spreadsheet (Drive file) id. */
      .addColumn('file_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('url', 'varchar(2000)', (c) => c.notNull())
      /** Drive's `version` of the file at the last pull (a changed one means: pull again). */
      .addColumn('drive_version', 'varchar(40)')
      .addColumn('last_pull_at', 'varchar(30)')
      .addColumn('last_full_at', 'varchar(30)')
      /** 'syncing' | 'ok' | 'error' | 'paused'. */
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('error', 'varchar(1000)')
      .addColumn('progress_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('progress_total', 'integer')
      .execute();
    await db.schema.createIndex('google_sources_connection_idx').on('google_sources').column('connection_id').execute();
    await db.schema.createIndex('google_sources_status_idx').on('google_sources').columns(['status', 'last_pull_at']).execute();

    await db.schema
      .createTable('google_tabs')
      .addColumn('sheet_id', 'varchar(32)', (c) => c.primaryKey().references('sheets.id').onDelete('cascade'))
      .addColumn('spreadsheet_id', 'varchar(32)', (c) => c.notNull().references('spreadsheets.id').onDelete('cascade'))
      /** Google's numeric sheetId: the tab's identity (titles change). */
      .addColumn('google_sheet_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      /** JSON array of the header cells as last read. */
      .addColumn('header', 'text', (c) => c.notNull())
      /** Index (0-based) of the hidden id column; null until written. */
      .addColumn('id_column', 'integer')
      .execute();
    await db.schema.createIndex('google_tabs_google_idx').on('google_tabs').columns(['spreadsheet_id', 'google_sheet_id']).unique().execute();

    await db.schema
      .createTable('google_outbox')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('spreadsheet_id', 'varchar(32)', (c) => c.notNull().references('spreadsheets.id').onDelete('cascade'))
      .addColumn('sheet_id', 'varchar(32)', (c) => c.notNull().references('sheets.id').onDelete('cascade'))
      /** 'append' | 'update' | 'delete'. */
      .addColumn('op', 'varchar(20)', (c) => c.notNull())
      /** The row's stable id (the hidden id column's value). */
      .addColumn('row_id', 'varchar(64)', (c) => c.notNull())
      /** JSON object column → new value (appends and edits). */
      .addColumn('cells', 'text')
      /** JSON object column → value the app saw before the edit (conflict check). */
      .addColumn('base', 'text')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
      /** 'pending' | 'done' | 'conflict' | 'failed'. */
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('error', 'varchar(1000)')
      .execute();
    await db.schema.createIndex('google_outbox_due_idx').on('google_outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('google_outbox_spreadsheet_idx').on('google_outbox').columns(['spreadsheet_id', 'status', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    for (const t of ['google_outbox', 'google_tabs', 'google_sources', 'google_oauth_states', 'google_connections']) await db.schema.dropTable(t).execute();
  },
};
