// Workspace editors (issue 5): people an owner lets edit every app of the workspace, private ones
// included. A row is an invitation (an e-mail and a one-time token, by its sha256) until someone
// signed in follows the link; then it names their account (user_id) and the token is gone.
import type { Kysely, Migration } from 'kysely';

export const workspaceEditors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workspace_editors')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      /** Lower-case: the address invited. */
      .addColumn('email', 'varchar(320)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)')
      .addColumn('token_expires_at', 'varchar(30)')
      /** Seconds since the epoch. */
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('joined_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('workspace_editors_ws_email_idx').on('workspace_editors').columns(['workspace_id', 'email']).unique().execute();
    await db.schema.createIndex('workspace_editors_user_idx').on('workspace_editors').column('user_id').execute();
    await db.schema.createIndex('workspace_editors_token_idx').on('workspace_editors').column('token_hash').unique().execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('workspace_editors').execute();
  },
};
