// Several workspaces per owner (issue 18). Migration 0001 made `workspaces.owner_id` UNIQUE with an
// inline constraint: this drops that uniqueness (keeping a plain index for "the owner's workspaces")
// and adds `users.current_workspace_id`, the workspace the account's dashboard shows (validated on
// every use: workspace/current.ts; no foreign key, a deleted workspace simply stops being chosen).
//
// PostgreSQL drops the constraint by its name (looked up in pg_constraint, not guessed).
//
// SQLite cannot drop an inline UNIQUE, so the table is rebuilt by SQLite's own recipe
// (https://sqlite.org/lang_altertable.html#otheralter): foreign keys off, then in one transaction
// create a copy without the constraint, copy every row, drop the old table, rename the copy, put
// back its indexes, check the foreign keys, commit; foreign keys back on. With foreign keys off the
// DROP deletes no row of the tables that point at workspaces (apps, spreadsheets, uploads, editors,
// ... all `on delete cascade`): they keep pointing at the same ids, now in the new table. The
// PRAGMA is a no-op inside a transaction, and this works because Kysely's migrator runs SQLite
// migrations outside one (SqliteAdapter.supportsTransactionalDdl is false) on the single connection.
// The copy's definition is the stored CREATE TABLE text of the current table with only the
// owner_id UNIQUE taken out, so columns a later branch's earlier migration added to workspaces are
// copied too, with their types, defaults and references.
import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

const REBUILT = 'workspaces_0023';

/** The stored CREATE TABLE of workspaces, without the UNIQUE of owner_id, for the table `name`. */
export function withoutOwnerUnique(createSql: string, name: string): string {
  const renamed = createSql.replace(/^\s*create\s+table\s+("workspaces"|workspaces|`workspaces`|\[workspaces\])/i, `create table "${name}"`);
  if (renamed === createSql) throw new Error('0023_workspaces: unexpected definition of the workspaces table');
  // The column definition of owner_id runs to the next comma outside parentheses; its `unique`
  // keyword is removed (a named `constraint x unique` would have a name before it: not used here).
  const start = renamed.search(/[("\s,]"?owner_id"?\s/i);
  if (start < 0) throw new Error('0023_workspaces: no owner_id column in workspaces');
  let depth = 0;
  let end = start + 1;
  for (; end < renamed.length; end++) {
    const c = renamed[end];
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0) break;
  }
  const column = renamed.slice(start, end);
  const stripped = column.replace(/\s+unique\b/i, '');
  if (stripped === column) throw new Error('0023_workspaces: owner_id is not UNIQUE');
  return renamed.slice(0, start) + stripped + renamed.slice(end);
}

async function upSqlite(db: Kysely<unknown>) {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'workspaces'`.execute(db);
  const createSql = table.rows[0]?.sql;
  if (!createSql) throw new Error('0023_workspaces: no workspaces table');
  // Explicit indexes go with the dropped table (sql is null for the automatic ones of constraints).
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'workspaces' and sql is not null`.execute(db);
  const triggers = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and tbl_name = 'workspaces'`.execute(db);
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await sql.raw(withoutOwnerUnique(createSql, REBUILT)).execute(db);
      await sql.raw(`insert into "${REBUILT}" select * from "workspaces"`).execute(db);
      await sql`drop table "workspaces"`.execute(db);
      await sql.raw(`alter table "${REBUILT}" rename to "workspaces"`).execute(db);
      for (const { sql: s } of [...indexes.rows, ...triggers.rows]) await sql.raw(s).execute(db);
      await sql`create index "workspaces_owner_idx" on "workspaces" ("owner_id")`.execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`0023_workspaces: ${broken.rows.length} broken references after rebuilding workspaces`);
      await sql`COMMIT`.execute(db);
    } catch (e) {
      await sql`ROLLBACK`.execute(db);
      throw e;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

/** The stored CREATE TABLE of workspaces as the up left it, with owner_id UNIQUE again, for the table `name`. */
export function withOwnerUnique(createSql: string, name: string): string {
  const renamed = createSql.replace(/^\s*create\s+table\s+("workspaces"|workspaces|`workspaces`|\[workspaces\])/i, `create table "${name}"`);
  if (renamed === createSql) throw new Error('0023_workspaces: unexpected definition of the workspaces table');
  const restored = renamed.replace(/("owner_id"\s+varchar\(32\)\s+not\s+null)(?!\s+unique\b)/i, '$1 unique');
  if (restored === renamed) throw new Error('0023_workspaces: owner_id is not the column the up left');
  return restored;
}

// The up's rebuild the other way (the up is left as it landed): the same recipe, with a copy whose
// owner_id is UNIQUE. The up's own index is dropped before, so it is not copied.
async function downSqlite(db: Kysely<unknown>) {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'workspaces'`.execute(db);
  const createSql = table.rows[0]?.sql;
  if (!createSql) throw new Error('0023_workspaces: no workspaces table');
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'workspaces' and sql is not null`.execute(db);
  const triggers = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and tbl_name = 'workspaces'`.execute(db);
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await sql.raw(withOwnerUnique(createSql, REBUILT)).execute(db);
      await sql.raw(`insert into "${REBUILT}" select * from "workspaces"`).execute(db);
      await sql`drop table "workspaces"`.execute(db);
      await sql.raw(`alter table "${REBUILT}" rename to "workspaces"`).execute(db);
      for (const { sql: s } of [...indexes.rows, ...triggers.rows]) await sql.raw(s).execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`0023_workspaces: ${broken.rows.length} broken references after rebuilding workspaces`);
      await sql`COMMIT`.execute(db);
    } catch (e) {
      await sql`ROLLBACK`.execute(db);
      throw e;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>) {
  // The one-column UNIQUE constraint on owner_id (PostgreSQL named it workspaces_owner_id_key).
  const found = await sql<{ conname: string }>`
    select c.conname from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.conrelid = 'workspaces'::regclass and c.contype = 'u' and a.attname = 'owner_id' and array_length(c.conkey, 1) = 1`.execute(db);
  for (const { conname } of found.rows) await sql`alter table workspaces drop constraint ${sql.id(conname)}`.execute(db);
  await db.schema.createIndex('workspaces_owner_idx').on('workspaces').column('owner_id').execute();
}

export const workspaces: Migration = {
  async up(db: Kysely<unknown>) {
    // The two dialects the server opens (db/index.ts); a failed probe query would abort PostgreSQL's
    // migration transaction, so the dialect is asked of Kysely instead.
    if (db.getExecutor().adapter instanceof SqliteAdapter) await upSqlite(db);
    else await upPostgres(db);
    await db.schema.alterTable('users').addColumn('current_workspace_id', 'varchar(32)').execute();
  },

  // Puts back the UNIQUE of owner_id the up took out, as 0001 made it (an inline constraint), so
  // that the up can run again; fails while an owner has several workspaces.
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('current_workspace_id').execute();
    await db.schema.dropIndex('workspaces_owner_idx').execute();
    if (db.getExecutor().adapter instanceof SqliteAdapter) await downSqlite(db);
    else await sql`alter table workspaces add constraint workspaces_owner_id_key unique (owner_id)`.execute(db);
  },
};
