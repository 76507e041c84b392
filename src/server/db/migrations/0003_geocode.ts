// Geocoding cache of the map block (issue 3): each address (normalised: see
// modules/geocode/places.ts) is looked up once; "not found" and failures are remembered too, so
// a map that is opened again does not ask the geocoding service again.
import type { Kysely, Migration } from 'kysely';

export const geocode: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('geocode_cache')
      .addColumn('address', 'varchar(500)', (c) => c.primaryKey())
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      // found | not_found | error
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('geocode_cache').execute();
  },
};
