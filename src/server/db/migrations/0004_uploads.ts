// Uploaded files (issue 3: form file fields; issue 4 reuses it for images). The bytes live on
// disk under DATA_DIR/uploads/{id}; this table holds what the server needs to serve them.
import type { Kysely, Migration } from 'kysely';

export const uploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('uploads')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('type', 'varchar(100)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uploads_workspace_idx').on('uploads').column('workspace_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('uploads').execute();
  },
};
