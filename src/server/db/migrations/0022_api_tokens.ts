// Personal API tokens (issue 18): an owner account's tokens for scripts calling the REST API with
// `Authorization: Bearer <token>`. Only the token's sha256 is stored; the token itself is shown
// once. Revoking deletes the row, so a revoked token is as unknown as one never made.
import type { Kysely, Migration } from 'kysely';

export const apiTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      /** 'read' | 'read-write' (shared/api/developer.ts). */
      .addColumn('scope', 'varchar(20)', (c) => c.notNull())
      /** sha256 (hex) of the token. */
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      /** The token's first characters, shown in the list so its owner can tell tokens apart. */
      .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      /** Updated at most once a minute per token. */
      .addColumn('last_used_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('api_tokens').execute();
  },
};
