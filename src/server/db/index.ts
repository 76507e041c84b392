// The database client: SQLite (embedded default) or PostgreSQL when DATABASE_URL says so.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keptStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** How many prepared statements keptStatements holds (distinct SQL texts; `in (…)` lists vary). */
const KEPT_STATEMENTS = 1000;

/**
 * The SQLite handle as Kysely sees it, with each SQL text prepared once: Kysely prepares every
 * query it runs, and preparing was the biggest single cost of a guest's small reads (a board's
 * requests run five or six). Kysely runs one query at a time on its one connection (its mutex),
 * so a kept statement is never asked to run while it runs; an iteration (streamQuery) gets a
 * statement of its own all the same. SQLite prepares a kept statement again by itself after a
 * schema change (migrations).
 */
function keptStatements(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare(sqlText: string) {
      let stmt = kept.get(sqlText);
      if (stmt) {
        // Most recently used last.
        kept.delete(sqlText);
      } else {
        stmt = sqlite.prepare(sqlText);
        if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      }
      kept.set(sqlText, stmt);
      const s = stmt;
      return {
        reader: s.reader,
        all: (parameters: ReadonlyArray<unknown>) => s.all(parameters) as unknown[],
        run: (parameters: ReadonlyArray<unknown>) => s.run(parameters),
        iterate: (parameters: ReadonlyArray<unknown>) => sqlite.prepare(sqlText).iterate(parameters) as IterableIterator<unknown>,
      };
    },
  };
}

export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  // Kysely finds its bookkeeping tables by name across schemas; name the schema so a second
  // schema in the same database (tests) does not see the first one's tables.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A unique-index violation, on either database (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
