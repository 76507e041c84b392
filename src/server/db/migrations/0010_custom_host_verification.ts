// Custom domains are proved before they serve (issue 12): a claimed host (custom_host) serves its
// app only once the owner showed they control its DNS (custom_host_verified_at). Claims are no
// longer unique, so nobody can hold a domain they do not own by naming it first; a verified host
// is unique. Hosts claimed before this migration must be verified like new ones.
import { sql, type Kysely, type Migration } from 'kysely';

export const customHostVerification: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('apps').addColumn('custom_host_token', 'varchar(64)').execute();
    await db.schema.alterTable('apps').addColumn('custom_host_verified_at', 'varchar(30)').execute();
    await db.schema.dropIndex('apps_custom_host_idx').execute();
    await db.schema.createIndex('apps_custom_host_idx').on('apps').column('custom_host').execute();
    await db.schema
      .createIndex('apps_verified_custom_host_idx')
      .on('apps')
      .column('custom_host')
      .unique()
      .where(sql.ref('custom_host_verified_at'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('apps_verified_custom_host_idx').execute();
    await db.schema.dropIndex('apps_custom_host_idx').execute();
    await db.schema.createIndex('apps_custom_host_idx').on('apps').column('custom_host').unique().execute();
    await db.schema.alterTable('apps').dropColumn('custom_host_verified_at').execute();
    await db.schema.alterTable('apps').dropColumn('custom_host_token').execute();
  },
};
