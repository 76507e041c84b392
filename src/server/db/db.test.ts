// The database the server opens: SQLite really in WAL with foreign keys enforced, migrations
// safe to run again at every start, and closing the app closes the database.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { signUp } from '../testing/app';
import { testServer } from '../testing/server';
import { migrateToLatest, openDb } from '.';

const t = testServer();

describe('database', () => {
  it('SQLite runs in WAL mode with foreign keys on', async () => {
    if (t.dialect !== 'sqlite') return;
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(t.ctx.db);
    expect(mode.rows[0]!.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(t.ctx.db);
    expect(fk.rows[0]!.foreign_keys).toBe(1);
  });

  it('the same query runs again after a streamed read of it stopped early, and with other values (SQLite keeps prepared statements)', async () => {
    // The server's PostgreSQL dialect has no cursors (nothing streams there).
    if (t.dialect !== 'sqlite') return;
    const u = await signUp(t.app);
    const v = await signUp(t.app);
    const query = (ids: string[]) => t.ctx.db.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id');
    const both = [u.id, v.id].sort();
    for await (const row of query(both).stream()) {
      expect(row).toEqual({ id: both[0] });
      break;
    }
    expect(await query(both).execute()).toEqual(both.map((id) => ({ id })));
    expect(await query([u.id, 'no-such-user']).execute()).toEqual([{ id: u.id }]);
    const streamed: unknown[] = [];
    for await (const row of query(both).stream()) streamed.push(row);
    expect(streamed).toEqual(both.map((id) => ({ id })));
  });

  it('enforces foreign keys and cascades (both databases)', async () => {
    await expect(
      t.ctx.db.insertInto('sessions').values({ id: 'x'.repeat(64), user_id: 'no-such-user', expires_at: '2999-01-01', created_at: '2000-01-01' }).execute(),
    ).rejects.toThrow();
    const u = await signUp(t.app);
    expect((await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute()).length).toBe(1);
    await t.ctx.db.deleteFrom('users').where('id', '=', u.id).execute();
    expect((await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute()).length).toBe(0);
    expect((await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', u.id).execute()).length).toBe(0);
  });

  it('migrations are idempotent: a second run (a restart) applies nothing and fails nothing', async () => {
    expect(await migrateToLatest(t.ctx.db, t.config.pgSchema)).toEqual([]);
    const again = await buildApp(t.config, { logger: false });
    await again.app.ready();
    await again.app.close();
    expect((await t.app.inject({ method: 'GET', url: '/api/blocks' })).statusCode).toBe(200);
  });

  it('closing the app closes the database it opened', async () => {
    const { app, ctx } = await buildApp(t.config, { logger: false });
    await app.ready();
    await ctx.db.selectFrom('users').select('id').execute();
    await app.close();
    await expect(ctx.db.selectFrom('users').select('id').execute()).rejects.toThrow();
  });

  it('openDb on SQLite creates the data directory', async () => {
    if (t.dialect !== 'sqlite') return;
    const handle = openDb({ ...t.config, dataDir: `${t.config.dataDir}/nested/deeper` });
    await migrateToLatest(handle.db);
    expect((await handle.db.selectFrom('users').select('id').execute()).length).toBe(0);
    await handle.close();
  });
});

// openDb keeps each SQL text's prepared statement on SQLite (keptStatements): the same query gives
// fresh answers every time, a schema change is seen, and a stream of the same query still runs.
describe('kept SQLite statements', () => {
  it('the same query reads what changed since, sees a new column, and streams', async () => {
    if (t.dialect !== 'sqlite') return;
    const db = t.ctx.db;
    await sql`CREATE TABLE kept_test (id INTEGER PRIMARY KEY, name TEXT)`.execute(db);
    const all = () => sql<Record<string, unknown>>`SELECT * FROM kept_test ORDER BY id`.execute(db).then((r) => r.rows);
    expect(await all()).toEqual([]);
    for (const name of ['a', 'b', 'c']) await sql`INSERT INTO kept_test (name) VALUES (${name})`.execute(db);
    expect((await all()).map((r) => r.name)).toEqual(['a', 'b', 'c']);
    await sql`ALTER TABLE kept_test ADD COLUMN colour TEXT DEFAULT 'red'`.execute(db);
    expect(await all()).toEqual([
      { id: 1, name: 'a', colour: 'red' },
      { id: 2, name: 'b', colour: 'red' },
      { id: 3, name: 'c', colour: 'red' },
    ]);
    // The stream's SQL text kept from a run before it, and run again after it.
    const query = () => db.selectFrom('kept_test' as never).selectAll();
    expect(await query().execute()).toHaveLength(3);
    const streamed: unknown[] = [];
    for await (const row of query().stream()) streamed.push(row);
    expect(streamed).toHaveLength(3);
    expect(await query().execute()).toHaveLength(3);
    await sql`DROP TABLE kept_test`.execute(db);
  });
});
