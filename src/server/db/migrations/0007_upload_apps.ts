// Uploaded files belong to the app they were uploaded for (issue 5), so that reading one follows
// that app's privacy: a private app's files are its owner's alone, a password app's need a signed-in
// app user. Null for files uploaded outside any app (the owner's workspace media) and for files
// stored before this migration; those stay readable by anyone holding their unguessable id.
import type { Kysely, Migration } from 'kysely';

export const uploadApps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('uploads')
      .addColumn('app_id', 'varchar(32)', (c) => c.references('apps.id').onDelete('cascade'))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('uploads').dropColumn('app_id').execute();
  },
};
