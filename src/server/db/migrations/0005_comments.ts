// Comments of comments blocks (issue 4). A comment belongs to its block (deleted with it) and
// keeps the poster's user id when they were signed in (kept, as null, if the user goes).
import type { Kysely, Migration } from 'kysely';

export const comments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('comments')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('block_id', 'varchar(32)', (c) => c.notNull().references('blocks.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('author', 'varchar(100)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('comments_block_idx').on('comments').columns(['block_id', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('comments').execute();
  },
};
