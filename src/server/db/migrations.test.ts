// Every migration, on the database the project runs (TEST_DB: the server-sqlite and server-postgres
// projects): from an empty database up one at a time, down one at a time to nothing (each down
// must leave the database as it was before its up: tables, columns, indexes, constraints), then up
// to the latest again. The folder of migrations and the provider's list agree. And db/schema.ts
// (its `databaseColumns`, which the compiler keeps in step with the Database interface) names
// exactly the tables and columns of the migrated database, with their nullability.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, sql, type MigrationResultSet, type Migrator } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDb } from '../testing/server';
import { createMigrator, migrateToLatest } from '.';
import { migrations } from './migrations';
import { databaseColumns, type ColumnKind } from './schema';

const NAMES = Object.keys(migrations);
/** Kysely's bookkeeping: stays when every migration is undone. */
const KYSELY_TABLES = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];

const handle = emptyTestDb();
let schema: string | undefined;
let migrator: Migrator;

beforeAll(() => {
  schema = handle.schema;
  migrator = createMigrator(handle.db, schema);
});

interface Column {
  table: string;
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
}

/** The columns of our tables (not Kysely's), by table and then in the table's order. */
async function readColumns(): Promise<Column[]> {
  const db = handle.db;
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ tbl: string; name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      select m.name as tbl, c.name, c.type, c."notnull", c.dflt_value, c.pk
      from sqlite_master m join pragma_table_info(m.name) c
      where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\' and m.name not in (${sql.join(KYSELY_TABLES)})
      order by m.name, c.cid`.execute(db);
    // SQLite lets NULL into a primary key column that is not INTEGER unless it says NOT NULL (a
    // historical quirk); PostgreSQL never does, and no code puts one there: counted as NOT NULL.
    return rows.map((r) => ({ table: r.tbl, name: r.name, type: r.type, notNull: r.notnull === 1 || r.pk > 0, default: r.dflt_value }));
  }
  const { rows } = await sql<{ tbl: string; name: string; type: string; is_nullable: string; column_default: string | null }>`
    select table_name as tbl, column_name as name, data_type || coalesce('(' || character_maximum_length || ')', '') as type, is_nullable, column_default
    from information_schema.columns
    where table_schema = ${schema} and table_name not in (${sql.join(KYSELY_TABLES)})
    order by table_name, ordinal_position`.execute(db);
  return rows.map((r) => ({ table: r.tbl, name: r.name, type: r.type, notNull: r.is_nullable === 'NO', default: r.column_default }));
}

/**
 * Everything a migration makes, as sorted lines: the database's objects, columns (type, NOT NULL,
 * default), indexes and constraints. Kysely's own tables are left out.
 */
async function shape(): Promise<{ objects: string[]; columns: string[]; indexes: string[]; constraints: string[] }> {
  const db = handle.db;
  const columns = (await readColumns()).map((c) => `${c.table}.${c.name} ${c.type}${c.notNull ? ' not null' : ''}${c.default === null ? '' : ` default ${c.default}`}`);
  if (handle.dialect === 'sqlite') {
    // Objects by name (automatic indexes are the constraints' and named after the table: below).
    const objects = await sql<{ type: string; name: string; tbl_name: string }>`
      select type, name, tbl_name from sqlite_master
      where name not like 'sqlite\\_%' escape '\\' and tbl_name not in (${sql.join(KYSELY_TABLES)})`.execute(db);
    const indexes = await sql<{ tbl: string; name: string; unique: number; origin: string; partial: number; cols: string; sql: string | null }>`
      select m.name as tbl, il.name, il."unique", il.origin, il.partial,
        (select group_concat(name, ',') from (select name from pragma_index_info(il.name) order by seqno)) as cols,
        (select s.sql from sqlite_master s where s.type = 'index' and s.name = il.name) as sql
      from sqlite_master m join pragma_index_list(m.name) il
      where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\' and m.name not in (${sql.join(KYSELY_TABLES)})`.execute(db);
    const keys = await sql<{ tbl: string; from: string; table: string; to: string; on_update: string; on_delete: string }>`
      select m.name as tbl, f."from", f."table", f."to", f.on_update, f.on_delete
      from sqlite_master m join pragma_foreign_key_list(m.name) f
      where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\' and m.name not in (${sql.join(KYSELY_TABLES)})`.execute(db);
    return {
      objects: objects.rows.map((o) => `${o.type} ${o.name} on ${o.tbl_name}`).sort(),
      // An index made by CREATE INDEX by its text; one of a UNIQUE or PRIMARY KEY by what it holds.
      indexes: indexes.rows
        .map((i) => (i.origin === 'c' ? `${i.tbl}: ${(i.sql ?? '').replace(/\s+/g, ' ')}` : `${i.tbl}: ${i.origin === 'pk' ? 'primary key' : 'unique'} (${i.cols})${i.partial ? ' partial' : ''}`))
        .sort(),
      constraints: keys.rows.map((k) => `${k.tbl}: foreign key (${k.from}) references ${k.table} (${k.to}) on update ${k.on_update} on delete ${k.on_delete}`).sort(),
      columns,
    };
  }
  const unqualified = (s: string) => s.split(`${schema}.`).join('');
  const objects = await sql<{ relname: string; relkind: string }>`
    select c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relname not like 'kysely\\_migration%'`.execute(db);
  const indexes = await sql<{ tablename: string; indexdef: string }>`
    select tablename, indexdef from pg_indexes where schemaname = ${schema} and tablename not in (${sql.join(KYSELY_TABLES)})`.execute(db);
  const constraints = await sql<{ tbl: string; conname: string; def: string }>`
    select cl.relname as tbl, c.conname, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_namespace n on n.oid = cl.relnamespace
    where n.nspname = ${schema} and cl.relname not in (${sql.join(KYSELY_TABLES)})`.execute(db);
  return {
    objects: objects.rows.map((o) => `${o.relkind} ${o.relname}`).sort(),
    indexes: indexes.rows.map((i) => `${i.tablename}: ${unqualified(i.indexdef)}`).sort(),
    constraints: constraints.rows.map((c) => `${c.tbl}: ${c.conname} ${unqualified(c.def)}`).sort(),
    columns,
  };
}

async function executed(): Promise<string[]> {
  return (await migrator.getMigrations()).filter((m) => m.executedAt !== undefined).map((m) => m.name);
}

function expectStep(step: MigrationResultSet, name: string, direction: 'Up' | 'Down') {
  expect(step.error, `${direction.toLowerCase()} of ${name}`).toBeUndefined();
  expect(step.results).toEqual([{ migrationName: name, direction, status: 'Success' }]);
}

describe('the migrations folder', () => {
  it('lists every file in the provider, in order of their numbers, each with an up and a down', async () => {
    const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
    const files = fs
      .readdirSync(dir)
      .filter((f) => f !== 'index.ts')
      .sort();
    for (const f of files) expect(f, 'a migration file is NNNN_name.ts').toMatch(/^\d{4}_[a-z0-9_]+\.ts$/);
    expect(NAMES).toEqual(files.map((f) => f.slice(0, -'.ts'.length)));
    // Numbered 0001, 0002, ... without a gap or a number twice (Kysely runs them in name order).
    expect(NAMES.map((n) => Number(n.slice(0, 4)))).toEqual(NAMES.map((_, i) => i + 1));
    for (const name of NAMES) {
      const migration = migrations[name]!;
      // The provider's entry is what the file of that name exports.
      const exported: unknown[] = Object.values((await import(`./migrations/${name}.ts`)) as Record<string, unknown>);
      expect(exported, `${name}: the provider's entry is not exported by ${name}.ts`).toContain(migration);
      expect(typeof migration.up, `${name}: up`).toBe('function');
      expect(typeof migration.down, `${name}: down`).toBe('function');
    }
  });
});

describe('every migration up and down', () => {
  it('goes up one at a time, down one at a time to nothing (each down undoing its up), and up to the latest again', async () => {
    expect(await executed()).toEqual([]);
    const before: Awaited<ReturnType<typeof shape>>[] = [];
    for (const [i, name] of NAMES.entries()) {
      before.push(await shape());
      expectStep(await migrator.migrateUp(), name, 'Up');
      expect(await executed()).toEqual(NAMES.slice(0, i + 1));
    }
    const latest = await shape();
    expect(latest.columns.length).toBeGreaterThan(0);

    for (let i = NAMES.length - 1; i >= 0; i--) {
      const name = NAMES[i]!;
      expectStep(await migrator.migrateDown(), name, 'Down');
      expect(await executed()).toEqual(NAMES.slice(0, i));
      expect(await shape(), `the database after the down of ${name} is not the one before its up`).toEqual(before[i]);
    }
    // Nothing of ours is left: Kysely's bookkeeping tables are all there is.
    expect(await shape()).toEqual({ objects: [], columns: [], indexes: [], constraints: [] });

    expect(await migrateToLatest(handle.db, schema)).toEqual(NAMES);
    expect(await executed()).toEqual(NAMES);
    expect(await shape()).toEqual(latest);
  });
});

describe('db/schema.ts', () => {
  it('names every table and column of the migrated database and no other, with their nullability', async () => {
    await migrateToLatest(handle.db, schema);
    const declared: Record<string, Record<string, ColumnKind>> = databaseColumns;
    const problems: string[] = [];
    const found = new Map<string, Map<string, Column>>();
    for (const c of await readColumns()) {
      if (!found.has(c.table)) found.set(c.table, new Map());
      found.get(c.table)!.set(c.name, c);
    }
    for (const table of found.keys()) if (!declared[table]) problems.push(`table ${table}: in the database, not in schema.ts`);
    for (const [table, columns] of Object.entries(declared)) {
      const real = found.get(table);
      if (!real) {
        problems.push(`table ${table}: in schema.ts, not in the database`);
        continue;
      }
      for (const name of real.keys()) if (!(name in columns)) problems.push(`${table}.${name}: in the database, not in schema.ts`);
      for (const [name, kind] of Object.entries(columns)) {
        const column = real.get(name);
        if (!column) problems.push(`${table}.${name}: in schema.ts, not in the database`);
        else if (kind === 'nullable' && column.notNull) problems.push(`${table}.${name}: nullable in schema.ts, NOT NULL in the database`);
        else if (kind !== 'nullable' && !column.notNull) problems.push(`${table}.${name}: never null in schema.ts, nullable in the database`);
        else if (kind === 'default' && column.default === null) problems.push(`${table}.${name}: an insert may leave it out (schema.ts), the database has no default`);
      }
    }
    expect(problems).toEqual([]);
  });
});
