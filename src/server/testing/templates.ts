// Migrated databases for createTestApp (app.ts) without running every migration per test
// app: the migrations run once per test process, into a template, and each app then gets a copy.
//
// - SQLite: the template is a migrated database file in a temp directory; an app's data directory
//   starts with a copy of it.
// - PostgreSQL: the migrations run into a template schema; its tables, rows (the migrations'
//   bookkeeping), constraints and indexes are read back from the catalog as one SQL script, the
//   template schema is dropped, and each app's schema is made by that script in one round trip.
//   Anything the script does not recreate (sequences, views, functions, triggers, identity or
//   generated columns, column collations) makes it give up: the apps are then migrated one by one,
//   as before.
//
// The server still runs its migrations on start (buildApp), which find everything applied. The
// test in templates.test.ts compares a copy with a schema migrated the long way.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateToLatest, openDb } from '../db';

const base = () => loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);

let sqliteTemplate: Promise<string> | null = null;

/** Puts a migrated SQLite database in `dataDir` (sheetboard.db), unless one is there already. */
export async function seedSqlite(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'sheetboard.db');
  if (fs.existsSync(target)) return;
  sqliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const handle = openDb({ ...base(), dataDir: dir, databaseUrl: null });
    try {
      await migrateToLatest(handle.db);
    } finally {
      // The last connection to close checkpoints the WAL into the file: the file alone is the database.
      await handle.close();
    }
    return path.join(dir, 'sheetboard.db');
  })();
  const template = await sqliteTemplate;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(template, target);
}

let pgScript: Promise<string | null> | null = null;

/**
 * Creates `schema` in the database of `client`, migrated: from the template script, or by the
 * migrations when there is no script.
 */
export async function createPgSchema(client: pg.Client, url: string, schema: string): Promise<void> {
  pgScript ??= templateScript(url).catch((e: unknown) => {
    pgScript = null;
    throw e;
  });
  const script = await pgScript;
  if (script) {
    await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}; ${script}; SET search_path TO DEFAULT`);
    return;
  }
  await migrateNewSchema(client, url, schema);
}

/** Creates `schema` and runs every migration into it, the long way. */
async function migrateNewSchema(client: pg.Client, url: string, schema: string): Promise<void> {
  await client.query(`CREATE SCHEMA ${schema}`);
  const handle = openDb({ ...base(), databaseUrl: url, pgSchema: schema });
  try {
    await migrateToLatest(handle.db, schema);
  } finally {
    await handle.close();
  }
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The script that recreates the migrated schema in the current search_path, or null (see the top). */
async function templateScript(url: string): Promise<string | null> {
  const tpl = `t_template_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrateNewSchema(client, url, tpl);
    // Definitions name the template's tables without its schema.
    await client.query(`SET search_path TO ${tpl}`);
    const rows = async <T>(sql: string) => (await client.query(sql, [tpl])).rows as T[];
    const unsupported = await rows<{ n: string }>(`
      SELECT count(*)::text AS n FROM (
        SELECT 1 FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind NOT IN ('r', 'i')
        UNION ALL SELECT 1 FROM pg_proc WHERE pronamespace = $1::regnamespace
        UNION ALL SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = $1::regnamespace AND NOT t.tgisinternal
        UNION ALL SELECT 1 FROM pg_type WHERE typnamespace = $1::regnamespace AND typtype <> 'c' AND typrelid = 0 AND typelem = 0
        UNION ALL SELECT 1 FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type ty ON ty.oid = a.atttypid
          WHERE c.relnamespace = $1::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            AND (a.attidentity <> '' OR a.attgenerated <> '' OR a.attcollation <> ty.typcollation)
      ) x`);
    if (unsupported[0]!.n !== '0') return null;
    const tables = await rows<{ oid: number; name: string }>(`SELECT oid::int AS oid, quote_ident(relname) AS name FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind = 'r' ORDER BY relname`);
    const columns = await rows<{ rel: number; name: string; type: string; notnull: boolean; def: string | null }>(`
      SELECT a.attrelid::int AS rel, quote_ident(a.attname) AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull, pg_get_expr(d.adbin, d.adrelid) AS def
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = $1::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum`);
    // NOT NULL lives on the columns (contype 'n' exists from PostgreSQL 18 on); foreign keys last.
    const constraints = await rows<{ rel: number; sql: string }>(`
      SELECT conrelid::int AS rel, 'CONSTRAINT ' || quote_ident(conname) || ' ' || pg_get_constraintdef(oid) AS sql
      FROM pg_constraint WHERE connamespace = $1::regnamespace AND contype IN ('p', 'u', 'c', 'x', 'f')
      ORDER BY contype = 'f', conrelid, conname`);
    const indexes = await rows<{ sql: string }>(`
      SELECT pg_get_indexdef(i.indexrelid) AS sql FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relnamespace = $1::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u', 'x'))
      ORDER BY c.relname`);
    const names = new Map(tables.map((t) => [t.oid, t.name]));
    const out: string[] = [];
    for (const t of tables) {
      const cols = columns.filter((c) => c.rel === t.oid).map((c) => `${c.name} ${c.type}${c.def !== null ? ` DEFAULT ${c.def}` : ''}${c.notnull ? ' NOT NULL' : ''}`);
      out.push(`CREATE TABLE ${t.name} (${cols.join(', ')})`);
    }
    for (const t of tables) {
      const data = (await client.query(`SELECT json_agg(r)::text AS data FROM ${tpl}.${t.name} r`)).rows[0]?.data as string | null;
      if (data) out.push(`INSERT INTO ${t.name} SELECT * FROM json_populate_recordset(NULL::${t.name}, ${lit(data)})`);
    }
    for (const c of constraints) out.push(`ALTER TABLE ONLY ${names.get(c.rel)} ADD ${c.sql}`);
    // pg_get_indexdef names the table with its schema whatever the search_path.
    for (const i of indexes) out.push(i.sql.split(` ON ${tpl}.`).join(' ON ').split(` ON ONLY ${tpl}.`).join(' ON ONLY '));
    const script = out.join(';\n');
    if (script.includes(tpl)) return null;
    return script;
  } finally {
    await client.query(`SET search_path TO DEFAULT; DROP SCHEMA IF EXISTS ${tpl} CASCADE`).catch(() => {});
    await client.end();
  }
}
