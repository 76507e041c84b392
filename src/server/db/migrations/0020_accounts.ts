// Owner accounts (issue 18): verified e-mail addresses, one-time links for password resets,
// address verification and address changes, and what the sessions list shows (device, last seen).
// Owners who signed up before this migration count as verified: nothing they published stops.
import { sql, type Kysely, type Migration } from 'kysely';

export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    /** When the owner proved the address (a followed link, a sign-in link, a reset); null until then. */
    await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(30)').execute();
    await sql`UPDATE users SET email_verified_at = created_at`.execute(db);

    await db.schema
      .createTable('account_tokens')
      /** sha256 of the e-mailed token. */
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** 'reset' (a new password) | 'verify' (the account's address) | 'email' (a new address). */
      .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
      /** The address the link was sent to: following it proves that one (lower-case). */
      .addColumn('email', 'varchar(320)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

    /** The browser's User-Agent when the session began (cut to 500 characters). */
    await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(500)').execute();
    /** Updated at most every few minutes by the requests the session makes. */
    await db.schema.alterTable('sessions').addColumn('last_seen_at', 'varchar(30)').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
    await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
    await db.schema.dropTable('account_tokens').execute();
    await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  },
};
