// Uploads a visitor sends and no saved row ever names are removed after a while (issue 12): the
// uploads service's sweep deletes them, file and record. `attached_at` is when a row written
// through the rows service first named the file; `from_visitor` (1) marks files uploaded by
// someone who does not edit the workspace: only those are ever swept. Files stored before this
// migration keep 0: nothing recorded whether a row uses them, so they are kept.
import type { Kysely, Migration } from 'kysely';

export const uploadAttachments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('uploads').addColumn('attached_at', 'varchar(30)').execute();
    await db.schema
      .alterTable('uploads')
      .addColumn('from_visitor', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('uploads_sweep_idx').on('uploads').columns(['from_visitor', 'attached_at', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('uploads_sweep_idx').execute();
    await db.schema.alterTable('uploads').dropColumn('from_visitor').execute();
    await db.schema.alterTable('uploads').dropColumn('attached_at').execute();
  },
};
