// Migration 0023 (several workspaces per owner) on a database holding data: every row of every
// table that points at a workspace survives the rebuild (SQLite) or the dropped constraint
// (PostgreSQL), the foreign keys and their cascades still work, and an owner may now hold two; the
// down keeps the rows too and makes it one workspace per owner again.
import { Migrator, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDb } from '../testing/server';
import { migrateToLatest } from '.';
import { migrations } from './migrations';
import { withOwnerUnique, withoutOwnerUnique } from './migrations/0023_workspaces';

const NAME = '0023_workspaces';
const before = Object.keys(migrations).sort().filter((n) => n < NAME).pop()!;

const handle = emptyTestDb();
let schema: string | undefined;
beforeAll(() => {
  schema = handle.schema;
});

const TABLES = ['users', 'workspaces', 'spreadsheets', 'sheets', 'sheet_rows', 'apps', 'pages', 'blocks', 'uploads', 'workspace_editors'] as const;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t)}`.execute(handle.db)).rows[0]!.n);
  return out;
}

describe('migration 0023: several workspaces per owner', () => {
  it('keeps every row, keeps the cascades and lets an owner hold a second workspace; the down keeps them and goes back to one', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
    const res = await migrator.migrateTo(before);
    expect(res.error).toBeUndefined();
    const db = handle.db;
    const at = new Date().toISOString();
    // Two owners with a workspace each, full of things; one is the other's editor.
    for (const n of [1, 2]) {
      await db.insertInto('users').values({ id: `u${n}`, name: `Owner ${n}`, email: `o${n}@example.com`, password_hash: null, created_at: at }).execute();
      await db.insertInto('workspaces').values({ id: `w${n}`, owner_id: `u${n}`, name: `Workspace ${n}`, is_free_plan: n === 1 ? 1 : 0, created_at: at }).execute();
      await db.insertInto('spreadsheets').values({ id: `s${n}`, workspace_id: `w${n}`, title: `Sheet ${n}`, source: 'upload', created_at: at }).execute();
      await db.insertInto('sheets').values({ id: `sh${n}`, spreadsheet_id: `s${n}`, title: 'Tab', position: 0, columns: '["A"]', row_count: 2, version: 1, updated_at: at, next_row_index: 2 }).execute();
      await db.insertInto('sheet_rows').values([0, 1].map((i) => ({ sheet_id: `sh${n}`, row_index: i, data: JSON.stringify({ A: i }) }))).execute();
      await db.insertInto('apps').values({ id: `a${n}`, workspace_id: `w${n}`, name: `Board ${n}`, subdomain: `board-${n}`, kind: 'board', public: 0, sign_in_method: 'No sign in', spreadsheet_id: `s${n}`, settings: '{}', publish_url: null, custom_host: null, custom_host_token: null, custom_host_verified_at: null, created_at: at, updated_at: at }).execute();
      await db.insertInto('pages').values({ id: `p${n}`, app_id: `a${n}`, page_name: 'Home', page_slug: 'home', page_type: 'home', is_auth: 0, is_public: 1, position: 0, settings: '{}', created_at: at }).execute();
      await db.insertInto('blocks').values({ id: `b${n}`, page_id: `p${n}`, position: 0, type: 'table', config: '{}', created_at: at, updated_at: at }).execute();
      await db.insertInto('uploads').values({ id: `f${n}`, workspace_id: `w${n}`, name: 'a.png', type: 'image/png', size: 1, created_at: at, app_id: `a${n}`, attached_at: null, from_visitor: 0 }).execute();
    }
    await db.insertInto('workspace_editors').values({ id: 'e1', workspace_id: 'w1', email: 'o2@example.com', user_id: 'u2', token_hash: null, token_expires_at: null, created_at: 1, joined_at: at }).execute();
    // Before: one workspace per owner.
    await expect(db.insertInto('workspaces').values({ id: 'w1b', owner_id: 'u1', name: 'Second', is_free_plan: 1, created_at: at }).execute()).rejects.toThrow();
    const was = await counts();

    expect(await migrateToLatest(db, schema)).toContain(NAME);

    expect(await counts()).toEqual(was);
    expect(await db.selectFrom('workspaces').select(['id', 'owner_id', 'name', 'is_free_plan', 'created_at']).orderBy('id').execute()).toEqual([
      { id: 'w1', owner_id: 'u1', name: 'Workspace 1', is_free_plan: 1, created_at: at },
      { id: 'w2', owner_id: 'u2', name: 'Workspace 2', is_free_plan: 0, created_at: at },
    ]);
    expect((await db.selectFrom('users').select('current_workspace_id').execute()).map((u) => u.current_workspace_id)).toEqual([null, null]);
    // Now an owner may hold two; the foreign keys still hold (an unknown owner is refused)...
    await db.insertInto('workspaces').values({ id: 'w1b', owner_id: 'u1', name: 'Second', is_free_plan: 1, created_at: at }).execute();
    await expect(db.insertInto('workspaces').values({ id: 'wx', owner_id: 'nobody', name: 'X', is_free_plan: 1, created_at: at }).execute()).rejects.toThrow();
    await expect(db.insertInto('apps').values({ id: 'ax', workspace_id: 'nowhere', name: 'X', subdomain: 'x-x', kind: 'board', public: 0, sign_in_method: 'No sign in', spreadsheet_id: null, settings: '{}', publish_url: null, custom_host: null, custom_host_token: null, custom_host_verified_at: null, created_at: at, updated_at: at }).execute()).rejects.toThrow();
    // ...and deleting a workspace still cascades to what it holds (and only that).
    await db.deleteFrom('workspaces').where('id', '=', 'w1').execute();
    const after = await counts();
    expect(after).toEqual({ ...was, workspaces: 2, spreadsheets: 1, sheets: 1, sheet_rows: 2, apps: 1, pages: 1, blocks: 1, uploads: 1, workspace_editors: 0 });
    expect((await db.selectFrom('apps').select('id').execute()).map((a) => a.id)).toEqual(['a2']);
    if (handle.dialect === 'sqlite') {
      expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows[0]!.foreign_keys).toBe(1);
      const idx = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'workspaces'`.execute(db);
      expect(idx.rows.map((r) => r.name)).toContain('workspaces_owner_idx');
    }
    // The down keeps every row too and makes it one workspace per owner again (each holds one now).
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    expect(await counts()).toEqual(after);
    await expect(db.insertInto('workspaces').values({ id: 'w2b', owner_id: 'u2', name: 'Second', is_free_plan: 1, created_at: at }).execute()).rejects.toThrow();
    await db.deleteFrom('workspaces').where('id', '=', 'w2').execute();
    expect((await db.selectFrom('apps').select('id').execute()).map((a) => a.id)).toEqual([]);
  });
});

describe('withoutOwnerUnique', () => {
  it('takes out the UNIQUE of owner_id only, keeping later columns', () => {
    const created =
      'CREATE TABLE "workspaces" ("id" varchar(32) primary key, "owner_id" varchar(32) not null unique references "users" ("id") on delete cascade, "name" varchar(200) not null, "is_free_plan" integer default 1 not null, "created_at" varchar(30) not null, "plan" varchar(20) default \'free\' not null unique)';
    expect(withoutOwnerUnique(created, 'w_new')).toBe(
      'create table "w_new" ("id" varchar(32) primary key, "owner_id" varchar(32) not null references "users" ("id") on delete cascade, "name" varchar(200) not null, "is_free_plan" integer default 1 not null, "created_at" varchar(30) not null, "plan" varchar(20) default \'free\' not null unique)',
    );
    expect(() => withoutOwnerUnique('CREATE TABLE "workspaces" ("id" varchar(32), "owner_id" varchar(32))', 'x')).toThrow(/not UNIQUE/);
  });
});

describe('withOwnerUnique', () => {
  it("puts back what withoutOwnerUnique took out (the down's rebuild)", () => {
    const created =
      'CREATE TABLE "workspaces" ("id" varchar(32) primary key, "owner_id" varchar(32) not null unique references "users" ("id") on delete cascade, "name" varchar(200) not null, "is_free_plan" integer default 1 not null, "created_at" varchar(30) not null)';
    const rebuilt = withoutOwnerUnique(created, 'workspaces');
    expect(withOwnerUnique(rebuilt, 'w_new')).toBe(created.replace('CREATE TABLE "workspaces"', 'create table "w_new"'));
    expect(() => withOwnerUnique(created, 'x')).toThrow(/not the column the up left/);
  });
});
