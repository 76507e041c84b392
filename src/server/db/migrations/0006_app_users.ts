// App users (issue 5): people an owner lets into one app, with 'read' or 'read-write'
// permission, their sessions (separate per app) and one-time tokens (invitation, password reset).
// Also the app's publish URL (a custom host name that serves the app).
import type { Kysely, Migration } from 'kysely';

export const appUsers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('apps').addColumn('publish_url', 'varchar(500)').execute();
    // One custom host serves at most one app (compared lower-case; null for most apps).
    await db.schema.alterTable('apps').addColumn('custom_host', 'varchar(255)').execute();
    await db.schema.createIndex('apps_custom_host_idx').on('apps').column('custom_host').unique().execute();

    await db.schema
      .createTable('app_users')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('email', 'varchar(320)', (c) => c.notNull())
      .addColumn('permissions', 'varchar(20)', (c) => c.notNull())
      // Null until the user accepts the invitation (or registers).
      .addColumn('password_hash', 'text')
      /** Seconds since the epoch (the spec's created_at). */
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('app_users_app_email_idx').on('app_users').columns(['app_id', 'email']).unique().execute();

    await db.schema
      .createTable('app_user_sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey()) // sha256 of the cookie token
      .addColumn('app_user_id', 'varchar(32)', (c) => c.notNull().references('app_users.id').onDelete('cascade'))
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('app_user_sessions_user_idx').on('app_user_sessions').column('app_user_id').execute();

    await db.schema
      .createTable('app_user_tokens')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey()) // sha256 of the emailed token
      .addColumn('app_user_id', 'varchar(32)', (c) => c.notNull().references('app_users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(20)', (c) => c.notNull()) // 'invite' | 'reset'
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('app_user_tokens_user_idx').on('app_user_tokens').column('app_user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const t of ['app_user_tokens', 'app_user_sessions', 'app_users']) await db.schema.dropTable(t).execute();
    await db.schema.dropIndex('apps_custom_host_idx').execute();
    await db.schema.alterTable('apps').dropColumn('custom_host').execute();
    await db.schema.alterTable('apps').dropColumn('publish_url').execute();
  },
};
