// The only SQL of the geocoding cache.
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { GeocodeCacheTable } from '../../db/schema';

export type CacheEntry = Selectable<GeocodeCacheTable>;

/** Keys per `IN (...)` list: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

export function geocodeRepo(db: Db) {
  return {
    async find(addresses: string[]): Promise<Map<string, CacheEntry>> {
      const out = new Map<string, CacheEntry>();
      for (let i = 0; i < addresses.length; i += CHUNK) {
        const chunk = addresses.slice(i, i + CHUNK);
        const rows = await db.selectFrom('geocode_cache').selectAll().where('address', 'in', chunk).execute();
        for (const r of rows) out.set(r.address, { ...r, lat: r.lat === null ? null : Number(r.lat), lng: r.lng === null ? null : Number(r.lng) });
      }
      return out;
    },

    /** Insert or replace (two processes may look the same address up at once). */
    async save(entry: CacheEntry): Promise<void> {
      await db
        .insertInto('geocode_cache')
        .values(entry)
        .onConflict((oc) => oc.column('address').doUpdateSet({ lat: entry.lat, lng: entry.lng, status: entry.status, updated_at: entry.updated_at }))
        .execute();
    },
  };
}
