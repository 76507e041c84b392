// Every write through an app, and an admin's visit, asks whether the app is a template's frozen
// copy (template_versions.snapshot_app_id, issue 14): an index keeps that one lookup, not a scan.
import type { Kysely, Migration } from 'kysely';

export const snapshotIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('template_versions_snapshot_idx').on('template_versions').column('snapshot_app_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('template_versions_snapshot_idx').execute();
  },
};
