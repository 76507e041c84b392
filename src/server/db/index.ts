// The database client: SQLite (embedded default) or PostgreSQL when DATABASE_URL says so.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type DatabaseIntrospector, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { isPostgres, type Config } from '../config';
import { migrations } from './migrations';
import type { Database } from './schema';

export type { Database } from './schema';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  /** The PostgreSQL schema when not the default one. */
  schema?: string;
  close: () => Promise<void>;
}

export function openDb(config: Config): DbHandle {
  if (isPostgres(config)) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl!,
      max: 10,
      ...(config.pgSchema ? { options: `-c search_path=${config.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: config.pgSchema, close: () => db.destroy() };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new BetterSqlite3(path.join(config.dataDir, 'sheetboard.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // WAL makes NORMAL durable enough (no corruption, only the last commits at risk on power loss).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Statements kept prepared at most (a query's text is its key: the same query with other values reuses it). */
const STATEMENT_CACHE = 1000;
/** Longer statements (multi-row inserts of imports) are prepared each time: they are rarely repeated and large. */
const STATEMENT_CACHE_MAX_SQL = 4096;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a small
 * query (a form submit made 14 of them). This keeps each query's prepared statement by its text
 * and gives it back, unless it is still busy (a streamed read not yet finished: then a fresh one).
 * SQLite itself prepares a kept statement again if the schema changed since (a migration).
 */
function cachingStatements(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      if (sql.length > STATEMENT_CACHE_MAX_SQL) return sqlite.prepare(sql);
      const found = kept.get(sql);
      if (found && !found.busy) return found;
      const stmt = sqlite.prepare(sql);
      if (!found) {
        if (kept.size >= STATEMENT_CACHE) kept.delete(kept.keys().next().value!);
        kept.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      kept.clear();
      sqlite.close();
    },
  };
}

/** The migrator of the project's migrations; `schema`: the PostgreSQL schema when not the default one. */
export function createMigrator(db: Db, schema?: string): Migrator {
  // Kysely finds its bookkeeping tables by name across schemas; name the schema so a second
  // schema in the same database (tests) does not see the first one's tables.
  return new Migrator({
    db: db.getExecutor().adapter instanceof PostgresAdapter ? withOwnSchemaIntrospection(db, schema) : db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * The migrator asks whether its tables exist through Kysely's introspection, which on PostgreSQL
 * reads every table of every schema of the database and calls pg_get_serial_sequence on each: a
 * schema that another process drops meanwhile (another app's, a test's) fails the migration with
 * "schema … does not exist". This one answers from the migrator's own schema only (the named one,
 * else the connection's current schema, where unqualified tables go).
 */
function withOwnSchemaIntrospection(db: Db, schema: string | undefined): Db {
  const own = schema ? sql<string>`${schema}` : sql<string>`current_schema()`;
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => (await sql<{ name: string }>`select nspname as name from pg_namespace where nspname = ${own}`.execute(db)).rows,
    getTables: async () =>
      (
        await sql<{ name: string; schema: string; is_view: boolean }>`
          select table_name as name, table_schema as schema, table_type = 'VIEW' as is_view
          from information_schema.tables where table_schema = ${own}`.execute(db)
      ).rows.map((t) => ({ name: t.name, schema: t.schema, isView: t.is_view, columns: [] })),
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const { error, results } = await createMigrator(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A unique-index violation, on either database (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
