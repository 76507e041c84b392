// Whether a marketplace submission ships its sample rows (Hardening II, item 2): the seller may
// send a template without its data. Kept on the request so that 'Edit & Resubmit' and 'Submit an
// update' start from the seller's last choice (a resubmission never sends rows the seller held back
// by a default). 1: the rows a guest reads ship; 0: the sheets ship with their columns and no row.
import type { Kysely, Migration } from 'kysely';

export const templateData: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('review_requests')
      .addColumn('with_data', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('review_requests').dropColumn('with_data').execute();
  },
};
