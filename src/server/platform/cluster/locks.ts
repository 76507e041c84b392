// Named locks every server instance respects (a Google pull and push of one spreadsheet never
// overlap, whichever instances run them: gsheets/lock.ts).
//
// Within a process, callers of one name queue in order (a promise chain). On PostgreSQL the head
// of that queue then takes a session-level advisory lock on a dedicated connection of its own
// (pg_try_advisory_lock, tried again every so often while another instance holds it) and gives it
// back when done. A dedicated connection and not the pool's: a pull holds its lock for minutes
// while its own queries need the pool, and a waiting lock must not take a pooled connection
// others wait for. Advisory locks belong to the database, not the schema, so the schema is part
// of the key. If the lock connection drops, PostgreSQL lets its locks go: that is logged, and the
// next lock connects again.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface Locks {
  /** Runs `fn` once every earlier holder of `name` (on any instance) has finished, whether it failed or not. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Waiting callers give up, running holders are waited for, then the connection goes. */
  close(): Promise<void>;
}

/** Runs fn after everything queued before it under the key, in this process. */
function chain(): <T>(key: string, fn: () => Promise<T>) => Promise<T> {
  const chains = new Map<string, Promise<unknown>>();
  return <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const before = chains.get(key) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => undefined);
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return run;
  };
}

/** SQLite: one process, so the in-process queue is the whole lock. */
export function localLocks(): Locks {
  const queue = chain();
  const running = new Set<Promise<unknown>>();
  return {
    exclusive(name, fn) {
      const run = queue(name, fn);
      running.add(run);
      void run.catch(() => undefined).finally(() => running.delete(run));
      return run;
    },
    async close() {
      await Promise.allSettled([...running]);
    },
  };
}

/** The two 32-bit keys of pg_advisory_lock(int, int) for a name in a schema. */
export function advisoryKeys(schema: string | undefined, name: string): [number, number] {
  const h = crypto.createHash('sha256').update(`${schema ?? 'public'}\n${name}`).digest();
  return [h.readInt32BE(0), h.readInt32BE(4)];
}

export interface PgLocksOptions {
  connectionString: string;
  schema?: string;
  log: FastifyBaseLogger;
  /** Longest pause between two tries of a lock another instance holds. */
  maxPollMs?: number;
}

export function pgLocks(options: PgLocksOptions): Locks {
  const queue = chain();
  const running = new Set<Promise<unknown>>();
  const maxPoll = options.maxPollMs ?? 1000;
  let client: Promise<pg.Client> | null = null;
  let closed = false;

  const connection = (): Promise<pg.Client> => {
    if (client) return client;
    const c = new pg.Client({ connectionString: options.connectionString });
    const ready = c.connect().then(() => c);
    client = ready;
    c.on('error', (err) => {
      options.log.warn({ err }, 'the connection holding cross-instance locks dropped: its locks are released');
      if (client === ready) client = null;
      c.end().catch(() => undefined);
    });
    ready.catch(() => {
      if (client === ready) client = null;
    });
    return ready;
  };

  const acquire = async (keys: [number, number]) => {
    for (let pause = 20; ; pause = Math.min(pause * 2, maxPoll)) {
      if (closed) throw new Error('The server is shutting down');
      const c = await connection();
      const res = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', keys);
      if (res.rows[0]?.ok) return c;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };

  const release = async (c: pg.Client, keys: [number, number]) => {
    // A connection that dropped meanwhile let the lock go already.
    if (client === null || (await client.catch(() => null)) !== c) return;
    await c.query('select pg_advisory_unlock($1::int, $2::int)', keys).catch((err: unknown) => options.log.warn({ err }, 'releasing a cross-instance lock failed'));
  };

  return {
    exclusive(name, fn) {
      const keys = advisoryKeys(options.schema, name);
      const run = queue(name, async () => {
        const c = await acquire(keys);
        try {
          return await fn();
        } finally {
          await release(c, keys);
        }
      });
      running.add(run);
      void run.catch(() => undefined).finally(() => running.delete(run));
      return run;
    },
    async close() {
      // Waiters give up (their work is the next start's); holders finish.
      closed = true;
      await Promise.allSettled([...running]);
      const c = client;
      client = null;
      if (c) await (await c.catch(() => null))?.end().catch(() => undefined);
    },
  };
}
