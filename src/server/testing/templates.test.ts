// The database createTestApp gives a test app (a copy of a template, templates.ts) is the one
// the migrations make: same tables, columns, defaults, constraints, indexes and applied migrations.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { migrateToLatest, openDb } from '../db';
import { createTestApp, TEST_PG_URL, testDb } from './app';

const base = () => loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);

/** Everything the migrations decide about a PostgreSQL schema, without the schema's name. */
async function pgShape(client: pg.Client, schema: string) {
  const q = async (sql: string) => (await client.query(sql, [schema])).rows;
  const strip = (s: string) => s.split(`${schema}.`).join('');
  const columns = await q(`
    SELECT c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull, pg_get_expr(d.adbin, d.adrelid) AS def
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = $1::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY c.relname, a.attnum`);
  const constraints = await q(`
    SELECT c.relname, k.conname, k.contype, pg_get_constraintdef(k.oid) AS def FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
    WHERE k.connamespace = $1::regnamespace AND k.contype <> 'n' ORDER BY c.relname, k.conname`);
  const indexes = (await q(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname`)).map((r) => ({ ...r, indexdef: strip(r.indexdef as string) }));
  const objects = await q(`SELECT relkind, relname FROM pg_class WHERE relnamespace = $1::regnamespace ORDER BY relname`);
  const migrations = (await client.query(`SELECT name FROM ${schema}.kysely_migration ORDER BY name`)).rows;
  const lock = (await client.query(`SELECT * FROM ${schema}.kysely_migration_lock`)).rows;
  return { columns: columns.map((r) => ({ ...r, def: r.def === null ? null : strip(r.def as string) })), constraints: constraints.map((r) => ({ ...r, def: strip(r.def as string) })), indexes, objects, migrations, lock };
}

/** The same for a SQLite file. */
function sqliteShape(file: string) {
  const db = new BetterSqlite3(file);
  try {
    return {
      schema: db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`).all(),
      migrations: db.prepare(`SELECT name FROM kysely_migration ORDER BY name`).all(),
      lock: db.prepare(`SELECT * FROM kysely_migration_lock`).all(),
      version: db.pragma('user_version', { simple: true }),
    };
  } finally {
    db.close();
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function comparePostgres() {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    cleanups.push(async () => {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });
    await client.query(`CREATE SCHEMA ${schema}`);
    const handle = openDb({ ...base(), databaseUrl: TEST_PG_URL, pgSchema: schema });
    try {
      expect((await migrateToLatest(handle.db, schema)).length).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
    const copied = await pgShape(client, t.config.pgSchema!);
    const migrated = await pgShape(client, schema);
    expect(copied.columns.length).toBeGreaterThan(0);
    expect(copied.indexes.length).toBeGreaterThan(0);
    expect(copied).toEqual(migrated);
}

async function compareSqlite() {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-migrated-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const handle = openDb({ ...base(), dataDir: dir, databaseUrl: null });
    try {
      expect((await migrateToLatest(handle.db)).length).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
    const copied = sqliteShape(path.join(t.config.dataDir, 'sheetboard.db'));
    const migrated = sqliteShape(path.join(dir, 'sheetboard.db'));
    expect(copied.schema.length).toBeGreaterThan(0);
    expect(copied).toEqual(migrated);
}

describe('the database of a test app', () => {
  it('is the one the migrations make (PostgreSQL: a schema made by the copy script; SQLite: a copied file)', async () => {
    if (testDb() === 'postgres') await comparePostgres();
    else await compareSqlite();
  });
});
