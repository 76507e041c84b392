// The first schema. Never edit a landed migration: add 0002_... instead.
import type { Kysely, Migration } from 'kysely';

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(300)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('login_tokens')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('workspaces')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(32)', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('is_free_plan', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('spreadsheets')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('spreadsheets_workspace_idx').on('spreadsheets').column('workspace_id').execute();

    await db.schema
      .createTable('sheets')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('spreadsheet_id', 'varchar(32)', (c) => c.notNull().references('spreadsheets.id').onDelete('cascade'))
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('columns', 'text', (c) => c.notNull())
      .addColumn('row_count', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('sheets_spreadsheet_title_uq', ['spreadsheet_id', 'title'])
      .execute();

    await db.schema
      .createTable('sheet_rows')
      .addColumn('sheet_id', 'varchar(32)', (c) => c.notNull().references('sheets.id').onDelete('cascade'))
      .addColumn('row_index', 'integer', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sheet_rows_pk', ['sheet_id', 'row_index'])
      .execute();

    await db.schema
      .createTable('apps')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('subdomain', 'varchar(63)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('public', 'integer', (c) => c.notNull())
      .addColumn('sign_in_method', 'varchar(50)', (c) => c.notNull())
      // No cascade: deleting a spreadsheet an app uses is refused by the service (409).
      .addColumn('spreadsheet_id', 'varchar(32)', (c) => c.references('spreadsheets.id'))
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('apps_workspace_idx').on('apps').column('workspace_id').execute();
    await db.schema.createIndex('apps_spreadsheet_idx').on('apps').column('spreadsheet_id').execute();

    await db.schema
      .createTable('pages')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('page_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('page_slug', 'varchar(100)', (c) => c.notNull())
      .addColumn('page_type', 'varchar(30)', (c) => c.notNull())
      .addColumn('is_auth', 'integer', (c) => c.notNull())
      .addColumn('is_public', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('pages_app_slug_uq', ['app_id', 'page_slug'])
      .execute();

    await db.schema
      .createTable('blocks')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('page_id', 'varchar(32)', (c) => c.notNull().references('pages.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('type', 'varchar(40)', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('blocks_page_idx').on('blocks').columns(['page_id', 'position']).execute();
  },

  async down(db: Kysely<unknown>) {
    for (const t of ['blocks', 'pages', 'apps', 'sheet_rows', 'sheets', 'spreadsheets', 'workspaces', 'login_tokens', 'sessions', 'users'])
      await db.schema.dropTable(t).execute();
  },
};
