// Builds a server for the database named by TEST_DB (sqlite | postgres). SQLite lives in a temp
// dir; PostgreSQL gets a fresh schema per test app, dropped afterwards. Both start migrated, as a
// copy of a template migrated once per test process (templates.ts). An unreachable
// PostgreSQL fails the tests: it never skips them. TEST_STORAGE=s3 (the server-s3 project) keeps
// uploaded files in a local S3 (s3.ts) of the server's own instead of DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDb, type DbHandle } from '../db';
import type { ServerContext } from '../platform/context';
import { newId, nowIso, randomToken, sha256 } from '../http';
import { ADMIN_COOKIE } from '../identity/admin-session';
import { hashPassword, setHashCostForTests } from '../platform/password/password';
import { startFakeS3, type FakeS3 } from './s3';
import { seedTemplates, type SeedTemplate } from './storefront-seed';
import { createPgSchema, seedSqlite } from './templates';

export interface TestApp {
  app: FastifyInstance;
  ctx: ServerContext;
  config: Config;
  dialect: 'sqlite' | 'postgres';
  /** The local S3 holding the files (TEST_STORAGE=s3, or one passed as config.s3 by the test: null). */
  s3: FakeS3 | null;
  close: () => Promise<void>;
}

// Passwords hash at scrypt N = 256 in the server tests instead of the product's 16384: still
// real scrypt (every hash says its N, verifying reads it back), about 64 times cheaper. The tests
// sign up and sign in a few thousand times; at the product's cost that hashing was the largest
// part of their run time. Only this file lowers it (password.ts: setHashCostForTests).
setHashCostForTests(256);

/** The context of each server createTestApp built, so signUp can verify the new owner's address. */
const contexts = new WeakMap<FastifyInstance, ServerContext>();

export const TEST_PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export function testDb(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

/** Where uploaded files go in tests: `disk` (DATA_DIR) unless TEST_STORAGE=s3. */
export function testStorage(): 'disk' | 's3' {
  return process.env.TEST_STORAGE === 's3' ? 's3' : 'disk';
}

export interface TestAppOptions {
  /** PostgreSQL whatever TEST_DB says (tests of what only PostgreSQL does: several instances). */
  postgres?: boolean;
  /**
   * A second server instance on the first one's PostgreSQL schema (its own data directory). The
   * schema stays until the first one closes.
   */
  sameDatabaseAs?: TestApp;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs;
  if (shared && shared.dialect !== 'postgres') throw new Error('Only instances on PostgreSQL can share a database');
  const dialect = options.postgres || shared ? 'postgres' : testDb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-test-'));
  const base = loadConfig({ DATA_DIR: dataDir, BASE_HOST: 'localhost:3000', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  let schema: string | null = null;
  // Sign-in slow-downs of a few milliseconds, so that tests failing on purpose stay quick (a test of
  // the slow-down itself sets its own). Upload budgets out of reach: every upload of a test file
  // comes from one IP (the upload limits' own tests set the defaults back). No background Google
  // sync: a test of it drives its ticks itself (gsheets/scheduler.ts), and no other test gets a
  // pull it did not ask for.
  let config: Config = { ...base, webDir: path.join(dataDir, 'no-web-build'), authSlowdownMs: 2, uploadsPerIp: 10_000, uploadsPerApp: 10_000, rowWritesPerIp: 1_000_000, googleSyncTimer: false, ...overrides };
  if (shared) config = { ...config, databaseUrl: shared.config.databaseUrl, pgSchema: shared.config.pgSchema };
  else if (dialect === 'postgres') {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    try {
      await client.connect();
    } catch (e) {
      throw new Error(`PostgreSQL is not reachable at ${TEST_PG_URL} (set TEST_DATABASE_URL): ${(e as Error).message}`);
    }
    try {
      await createPgSchema(client, TEST_PG_URL, schema);
    } finally {
      await client.end();
    }
    config = { ...config, databaseUrl: TEST_PG_URL, pgSchema: schema };
  } else {
    config = { ...config, databaseUrl: null };
    await seedSqlite(config.dataDir);
  }
  const s3 = testStorage() === 's3' && overrides.s3 === undefined ? await startFakeS3() : null;
  if (s3) config = { ...config, s3: s3.settings };

  const built = await buildApp(config, { logger: false }).catch(async (e: unknown) => {
    await s3?.close();
    throw e;
  });
  const { app, ctx } = built;
  await app.ready();
  contexts.set(app, ctx);
  return {
    app,
    ctx,
    config,
    dialect,
    s3,
    async close() {
      await app.close();
      await s3?.close();
      if (schema) await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Drops a PostgreSQL schema a test made (a test app's, an empty database's) with all it holds. */
async function dropTestSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export interface EmptyTestDb extends DbHandle {
  /** Its PostgreSQL schema; undefined on SQLite. */
  schema: string | undefined;
}

/**
 * An empty database on TEST_DB, no migration run, for the migrations' own tests: a SQLite file in
 * a temporary folder, or a new PostgreSQL schema. Closing it removes it.
 */
export async function openEmptyDb(): Promise<EmptyTestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-empty-'));
  const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  let schema: string | undefined;
  let handle: DbHandle;
  if (testDb() === 'postgres') {
    schema = `m_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    handle = openDb({ ...base, databaseUrl: TEST_PG_URL, pgSchema: schema });
  } else handle = openDb({ ...base, databaseUrl: null });
  return {
    ...handle,
    schema,
    async close() {
      await handle.close();
      if (schema) await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The names of the stored files under `folder` (`uploads`, `blog-media`), wherever the server
 * keeps them: its DATA_DIR, or its bucket.
 */
export function storedFiles(t: TestApp, folder: string): string[] {
  if (t.config.s3) {
    if (!t.s3) throw new Error('storedFiles reads the bucket of the local S3 createTestApp started');
    const prefix = `${t.config.s3.prefix}${folder}/`;
    return t.s3.keys(prefix).map((k) => k.slice(prefix.length));
  }
  const dir = path.join(t.config.dataDir, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Whether the file of `key` (`uploads/{id}`) is stored. */
export async function isStored(t: TestApp, key: string): Promise<boolean> {
  return (await t.ctx.files.head(key)) !== null;
}

/** The `sb_session=...` pair of a response's Set-Cookie, for the next request's Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = list.find((c) => c.startsWith('sb_session='));
  if (!found) throw new Error(`No session cookie in response ${res.statusCode}: ${res.body}`);
  return found.split(';')[0]!;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface TestUser {
  cookie: string;
  id: string;
  email: string;
  name: string;
}

/**
 * Signs an owner up through POST /api/auth/signup and, unless `verified: false`, marks the address
 * verified as following the e-mailed link would (account/account.test.ts tests the link itself):
 * an unverified owner may build but not publish, and most tests publish.
 */
export async function signUp(app: FastifyInstance, name = 'Ada Lovelace', email = uniqueEmail(), password = 'correct horse', options: { verified?: boolean } = {}): Promise<TestUser> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name, email, password } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const id = res.json().user._id as string;
  if (options.verified !== false) {
    const ctx = contexts.get(app);
    if (!ctx) throw new Error('signUp verifies addresses on servers made by createTestApp; pass { verified: false } for another');
    await ctx.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', id).execute();
  }
  return { cookie: sessionCookie(res), id, email, name };
}

/** multipart/form-data body with one file field (light-my-request takes a Buffer payload). */
export function multipart(filename: string, content: Buffer | string, extra: Record<string, string> = {}, field = 'file') {
  const boundary = `----sheetboard${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(extra))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface TestSheet {
  title: string;
  columns: string[];
  rows?: Record<string, unknown>[];
}

/** A spreadsheet of `sheets` made by `owner` through POST /api/spreadsheets (201 or throws): its id. */
export async function createSpreadsheet(app: FastifyInstance, owner: TestUser, title: string, sheets: TestSheet[]): Promise<string> {
  const payload = { title, sheets: sheets.map((s) => ({ rows: [], ...s })) };
  const res = await app.inject({ method: 'POST', url: '/api/spreadsheets', headers: { cookie: owner.cookie }, payload });
  if (res.statusCode !== 201) throw new Error(`creating the spreadsheet ${title} failed: ${res.statusCode} ${res.body}`);
  return res.json().spreadsheet.id as string;
}

/**
 * A spreadsheet of `sheets` and a board over it, both the owner's: the ids a test of sheet routes
 * and blocks needs (the board's one page included).
 */
export async function boardWithSheets(
  app: FastifyInstance,
  owner: TestUser,
  name: string,
  sheets: TestSheet[],
  /** Public by default (a board guests can open); new boards are private unless asked. */
  options: { public?: boolean } = {},
): Promise<{ spreadsheetId: string; appId: string; pageId: string }> {
  const headers = { cookie: owner.cookie };
  const spreadsheetId = await createSpreadsheet(app, owner, name, sheets);
  const appId = (await app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name, kind: 'board', spreadsheetId, public: options.public ?? true } })).json().app.id as string;
  const pageId = (await app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers })).json().pages[0].page_id as string;
  return { spreadsheetId, appId, pageId };
}

/**
 * A spreadsheet of one sheet and a public board over it, both the owner's, with a table of all the
 * sheet's columns (a guest of a board reads only the columns its blocks use): what the tests of
 * sheet reads start from.
 */
export async function publicBoardOverSheet(
  app: FastifyInstance,
  owner: TestUser,
  names: { spreadsheet: string; board: string },
  sheet: TestSheet,
): Promise<{ spreadsheetId: string; app: { id: string; subdomain: string } }> {
  const spreadsheetId = await createSpreadsheet(app, owner, names.spreadsheet, [sheet]);
  const board = (await app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: names.board, kind: 'board', spreadsheetId } })).json().app;
  await addBlock(app, owner, board.id, tableOf(sheet.title, sheet.columns));
  return { spreadsheetId, app: board };
}

/**
 * Adds a block to the first page of an app as its owner (201 or throws). A viewer of an app reads
 * only the sheet columns its blocks use (access/columns.ts), so tests that read a sheet as a
 * guest give the app a block that uses the columns they need.
 */
export async function addBlock(app: FastifyInstance, owner: TestUser, appId: string, block: Record<string, unknown>, pageId?: string): Promise<{ id: string }> {
  const page = pageId ?? (await app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: { cookie: owner.cookie } })).json().pages[0].page_id;
  const res = await app.inject({ method: 'POST', url: '/api/blocks', headers: { cookie: owner.cookie }, payload: { pageId: page, ...block } });
  if (res.statusCode !== 201) throw new Error(`adding a ${String(block.type)} block failed: ${res.statusCode} ${res.body}`);
  return res.json().block;
}

/**
 * The blocks of an app over an `Orders` sheet (columns City and Amount; the form adds Receipt):
 * a table whose rows everyone may edit, add, duplicate and delete, a form with a file field, and
 * comments. The access, snapshot and listing tests run the block routes against them.
 */
export const ORDERS_BLOCKS = {
  table: {
    type: 'table',
    sheet_title: 'Orders',
    axis: [{ column: 'City', editable: 'Everyone' }, { column: 'Amount' }],
    add_new_row: 'Everyone',
    action_button_visibility: 'Everyone',
    actions: [
      { type: 'Duplicate row', title: 'Duplicate' },
      { type: 'Delete row', title: 'Delete' },
    ],
  },
  form: { type: 'form', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Receipt', type: 'file' }] },
  comments: { type: 'comments', title: 'Guestbook' },
} satisfies Record<string, Record<string, unknown>>;

/**
 * A block stored straight into the database as the editor saves it (its settings as JSON over the
 * empty ones every block has), first on the page: for kinds and settings the block routes would
 * refuse or fill in. Answers its id.
 */
export async function storeBlock(t: Pick<TestApp, 'ctx'>, pageId: string, type: string, config: Record<string, unknown>): Promise<string> {
  const id = newId();
  const now = nowIso();
  const full = { section: '', axis: [], actions: [], full_width: false, ...config };
  await t.ctx.db.insertInto('blocks').values({ id, page_id: pageId, position: 0, type, config: JSON.stringify(full), created_at: now, updated_at: now }).execute();
  return id;
}

/** A table block of `sheet` listing `columns` (what a guest of the app may then read). */
export function tableOf(sheet: string, columns: string[]): Record<string, unknown> {
  return { type: 'table', sheet_title: sheet, axis: columns.map((column) => ({ column })) };
}

/**
 * Makes `editor` a joined editor of `owner`'s workspace, as if they had followed an invitation
 * (the invitation flow itself is tested in workspace/editors.test.ts).
 */
export async function joinAsEditor(t: Pick<TestApp, 'ctx'>, owner: TestUser, editor: TestUser): Promise<void> {
  const ws = await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('workspace_editors')
    .values({ id: `ed${crypto.randomBytes(8).toString('hex')}`, workspace_id: ws.id, email: editor.email, user_id: editor.id, token_hash: null, token_expires_at: null, created_at: 1, joined_at: new Date().toISOString() })
    .execute();
}

/**
 * Adds an app user to `appId` (password 'members only!') and signs them in to it, as the app's
 * sign-in form does: answers their cookie (`sb_app_{appId}=…`). The app must use password sign-in.
 */
export async function signInAppUser(t: Pick<TestApp, 'ctx' | 'app'>, appId: string, email: string, permissions: 'read' | 'read-write' = 'read-write'): Promise<string> {
  await t.ctx.db
    .insertInto('app_users')
    .values({
      id: `u${crypto.randomBytes(8).toString('hex')}`,
      app_id: appId,
      name: email.split('@')[0]!,
      email,
      permissions,
      password_hash: await hashPassword('members only!'),
      created_at: Math.floor(Date.now() / 1000),
      updated_at: new Date().toISOString(),
    })
    .execute();
  const res = await t.app.inject({ method: 'POST', url: `/api/app-auth/login?app=${appId}`, payload: { email, password: 'members only!' } });
  if (res.statusCode !== 200) throw new Error(`app user sign-in → ${res.statusCode}: ${res.body}`);
  const set = res.cookies.find((c) => c.name === `sb_app_${appId}`);
  if (!set) throw new Error('app user sign-in set no cookie');
  return `${set.name}=${set.value}`;
}

/** A provider admin with a live session in the admin area (as after /api/admin/login): answers its cookie. */
export async function signInAdmin(t: Pick<TestApp, 'ctx'>, name = 'Ada Admin'): Promise<string> {
  const id = `adm${crypto.randomBytes(8).toString('hex')}`;
  const token = randomToken();
  const at = new Date().toISOString();
  await t.ctx.db.insertInto('admins').values({ id, name, email: `${id}@example.com`, password_hash: await hashPassword('reviewers only'), created_at: at }).execute();
  await t.ctx.db.insertInto('admin_sessions').values({ id: sha256(token), admin_id: id, expires_at: new Date(Date.now() + 3600_000).toISOString(), created_at: at }).execute();
  return `${ADMIN_COOKIE}=${token}`;
}

/** The callers the rules of an owner's, an app's and an admin's routes tell apart. */
export type CallerRole = 'anonymous' | 'owner' | 'workspace editor' | 'other owner' | 'app user' | 'admin';
export const CALLER_ROLES: CallerRole[] = ['anonymous', 'owner', 'workspace editor', 'other owner', 'app user', 'admin'];

/**
 * One caller of each role signed in on `t`: an owner, an editor of the owner's workspace, another
 * owner, an app user of the owner's password app (`appId`, a multipage app) and a provider admin.
 * Answers each role's cookie (none for anonymous).
 */
export async function signedInCallers(t: Pick<TestApp, 'ctx' | 'app'>): Promise<{ cookies: Record<CallerRole, string | undefined>; appId: string }> {
  const owner = await signUp(t.app, 'Mia Matrix');
  const editor = await signUp(t.app, 'Eli Editor');
  const other = await signUp(t.app, 'Oscar Other');
  await joinAsEditor(t, owner, editor);
  const headers = { cookie: owner.cookie };
  const created = await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name: 'Matrix Members', kind: 'multipage', public: true } });
  if (created.statusCode !== 201) throw new Error(`creating the app failed: ${created.statusCode} ${created.body}`);
  const appId = created.json().app.id as string;
  const signIn = await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers, payload: { sign_in_method: 'Use password set by user' } });
  if (signIn.statusCode !== 200) throw new Error(`the app's password sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const cookies = {
    anonymous: undefined,
    owner: owner.cookie,
    'workspace editor': editor.cookie,
    'other owner': other.cookie,
    'app user': await signInAppUser(t, appId, 'vera@example.com'),
    admin: await signInAdmin(t),
  };
  return { cookies, appId };
}

/** A route of a role × route test: the request, and the status each role is to get. */
export interface RoleCall<R extends string> {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A function when the URL names something made in a beforeAll. */
  url: string | (() => string);
  /** A function when the body is made afresh for each request. */
  payload?: object | string | (() => Promise<object | string>);
  headers?: Record<string, string>;
  expected: (role: R) => number;
}

/**
 * Sends every call as every role (its cookie; none where it has none) and answers each answer
 * that was not the expected one as `role name → status body`, so one failing assertion
 * (`toEqual([])`) lists them all.
 */
export async function unexpectedAnswers<R extends string>(t: Pick<TestApp, 'app'>, calls: RoleCall<R>[], roles: readonly R[], cookies: Record<R, string | undefined>): Promise<string[]> {
  const unexpected: string[] = [];
  for (const call of calls)
    for (const role of roles) {
      const cookie = cookies[role];
      const payload = typeof call.payload === 'function' ? await call.payload() : call.payload;
      const res = await t.app.inject({
        method: call.method,
        url: typeof call.url === 'function' ? call.url() : call.url,
        headers: { ...(cookie ? { cookie } : {}), ...call.headers },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode !== call.expected(role)) unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
  return unexpected;
}

/**
 * Puts the user's workspace on a paid plan (issue 18: the free plan holds 25 apps), for tests
 * that make more apps than that for one owner and are not about plans.
 */
export async function onPaidPlan(t: Pick<TestApp, 'ctx'>, user: TestUser): Promise<void> {
  await t.ctx.db.updateTable('workspaces').set({ is_free_plan: 0 }).where('owner_id', '=', user.id).execute();
}

/**
 * Listed templates (storefront/seed.ts) of a new owner, all previewing one snapshot app of theirs
 * (`snapshotId`), for tests of the pages that show listings: their ids.
 */
export async function seedListings(t: Pick<TestApp, 'ctx' | 'app'>, snapshotId: string, list: SeedTemplate[], prefix: string): Promise<string[]> {
  const owner = await signUp(t.app, 'Template Seller');
  const ws = await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await t.ctx.db
    .insertInto('apps')
    .values({ id: snapshotId, workspace_id: ws.id, name: 'Snapshot', subdomain: `tpl-${snapshotId}0001`, kind: 'multipage', public: 0, sign_in_method: 'No sign in', spreadsheet_id: null, settings: '{}', created_at: now, updated_at: now })
    .execute();
  return seedTemplates(t.ctx.db, ws.id, snapshotId, list, prefix);
}

export type PurchaseStatus = 'pending' | 'paid' | 'refunded';

/**
 * A template purchase stored as the Stripe webhook would leave it (both workspaces 'w'), for tests
 * of what a purchase lets its buyer do: `paid_at` is set when the status is paid.
 */
export async function recordPurchase(
  t: Pick<TestApp, 'ctx'>,
  p: { id: string; templateId: string; buyerId: string; status: PurchaseStatus; versionId?: string; amountCents?: number; checkoutSessionId?: string },
): Promise<void> {
  const now = nowIso();
  const amount = p.amountCents ?? 500;
  await t.ctx.db
    .insertInto('template_purchases')
    .values({
      id: p.id,
      template_id: p.templateId,
      buyer_user_id: p.buyerId,
      buyer_workspace_id: 'w',
      seller_workspace_id: 'w',
      version_id: p.versionId ?? 'v',
      amount_cents: amount,
      fee_cents: amount / 10,
      currency: 'usd',
      status: p.status,
      checkout_session_id: p.checkoutSessionId ?? `cs_${p.id}`,
      payment_intent_id: null,
      created_at: now,
      updated_at: now,
      paid_at: p.status === 'paid' ? now : null,
    })
    .execute();
}

/**
 * Lists the newest version frozen for a review request as the reviewers' approval would (the
 * row of marketplace_templates, replaced if there is one), for tests of what a listing ships.
 */
export async function listAsApproved(
  t: Pick<TestApp, 'ctx'>,
  requestId: string,
  seller: TestUser,
  listing: { slug: string; kind: string; title: string; summary: string; free: boolean; thumbnail?: string },
): Promise<{ versionId: string; snapshotAppId: string }> {
  const version = await t.ctx.db.selectFrom('template_versions').selectAll().where('request_id', '=', requestId).orderBy('number', 'desc').executeTakeFirstOrThrow();
  const workspace = await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', seller.id).executeTakeFirstOrThrow();
  const now = nowIso();
  await t.ctx.db.deleteFrom('marketplace_templates').where('id', '=', requestId).execute();
  await t.ctx.db
    .insertInto('marketplace_templates')
    .values({
      id: requestId,
      slug: listing.slug,
      workspace_id: workspace.id,
      seller_name: seller.name,
      kind: listing.kind,
      title: listing.title,
      summary: listing.summary,
      tags: '[]',
      description: '<p>Good</p>',
      category: 'other',
      price_cents: listing.free ? 0 : 500,
      is_free: listing.free ? 1 : 0,
      thumbnail: listing.thumbnail ?? '',
      thumbnail_bg_color: '#ffffff',
      additional_images: '[]',
      search_text: listing.title.toLowerCase(),
      version_id: version.id,
      version_number: Number(version.number),
      snapshot_app_id: version.snapshot_app_id!,
      published_at: now,
      updated_at: now,
    })
    .execute();
  return { versionId: version.id, snapshotAppId: version.snapshot_app_id! };
}
