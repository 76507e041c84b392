// Rate-limit counts in the database (table rate_counters, migration 0024), so every server
// instance on one PostgreSQL counts the same sign-in failures, uploads and sends. SQLite uses the
// same table (one code path; counts also survive a restart).
//
// A count lives in a window that starts at its first hit and lasts the limiter's windowMs; a hit
// after the window ended starts a new one at 1. `hit` is one atomic upsert on either database (no
// read-then-write a second instance could slip between). Rows past their window are swept.
// The only SQL of rate_counters.
import { sql } from 'kysely';
import type { Db } from '../../db';

export interface Count {
  hits: number;
  /** When the window ends (epoch ms). */
  until: number;
}

export interface Counters {
  /** The clock the windows are measured with (tests pass their own). */
  now(): number;
  /**
   * Claims a limiter name for this server: two limiters under one name would share counts by
   * accident, so a second claim throws (at start-up, where limiters are made).
   */
  claim(name: string): string;
  /** Adds one to the key's count, starting a window of `windowMs` when none is live; answers the count. */
  hit(name: string, key: string, windowMs: number): Promise<Count>;
  /** The key's live count, or null. */
  get(name: string, key: string): Promise<Count | null>;
  /** Live counts of several keys of one limiter (absent keys are missing from the map). */
  getMany(name: string, keys: readonly string[]): Promise<Map<string, Count>>;
  /** Forgets the key's count. */
  clear(name: string, key: string): Promise<void>;
  /** Deletes counts whose window has ended; answers how many. */
  sweep(): Promise<number>;
}

/** Longest key stored (the column's width); longer ones (made-up addresses) are cut, still distinct enough. */
const MAX_KEY = 600;
const cut = (key: string) => (key.length > MAX_KEY ? key.slice(0, MAX_KEY) : key);

export function dbCounters(db: Db, now: () => number = Date.now): Counters {
  const names = new Set<string>();
  const count = (r: { hits: number | string; expires_at: number | string }): Count => ({ hits: Number(r.hits), until: Number(r.expires_at) });
  return {
    now,
    claim(name) {
      if (names.has(name)) throw new Error(`Two rate limiters are named '${name}'`);
      names.add(name);
      return name;
    },
    async hit(name, key, windowMs) {
      const at = now();
      const until = at + windowMs;
      const row = await db
        .insertInto('rate_counters')
        .values({ name, key: cut(key), hits: 1, expires_at: until })
        .onConflict((oc) =>
          oc.columns(['name', 'key']).doUpdateSet({
            hits: sql<number>`case when rate_counters.expires_at <= ${at} then 1 else rate_counters.hits + 1 end`,
            expires_at: sql<number>`case when rate_counters.expires_at <= ${at} then ${until} else rate_counters.expires_at end`,
          }),
        )
        .returning(['hits', 'expires_at'])
        .executeTakeFirstOrThrow();
      return count(row);
    },
    async get(name, key) {
      const row = await db.selectFrom('rate_counters').select(['hits', 'expires_at']).where('name', '=', name).where('key', '=', cut(key)).where('expires_at', '>', now()).executeTakeFirst();
      return row ? count(row) : null;
    },
    async getMany(name, keys) {
      const out = new Map<string, Count>();
      if (keys.length === 0) return out;
      const byCut = new Map(keys.map((k) => [cut(k), k]));
      const rows = await db
        .selectFrom('rate_counters')
        .select(['key', 'hits', 'expires_at'])
        .where('name', '=', name)
        .where('key', 'in', [...byCut.keys()])
        .where('expires_at', '>', now())
        .execute();
      for (const r of rows) out.set(byCut.get(r.key) ?? r.key, count(r));
      return out;
    },
    async clear(name, key) {
      await db.deleteFrom('rate_counters').where('name', '=', name).where('key', '=', cut(key)).execute();
    },
    async sweep() {
      const res = await db.deleteFrom('rate_counters').where('expires_at', '<=', now()).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
