// Frozen template versions on the test database: what a submission copies into the marketplace
// workspace (app, pages, blocks, the sheets the blocks use with every row, the files they name),
// that later edits of the source never reach a version, the content hash, the reusable copyApp,
// and the marketplace's system account that nobody can sign in as.
import { beforeAll, describe, expect, it } from 'vitest';
import { addBlock, boardWithSheets, isStored, multipart, signUp, storedFiles, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { uploadKey } from '../../platform/storage';
import { PNG } from '../../testing/fixtures';
import { copyApp } from './copy';
import { MARKETPLACE_ACCOUNT } from './freeze';

const t = testServer();
let owner: TestUser;

const URL = '/api/multipage/marketplace/review-request';
const as = (u: TestUser) => ({ cookie: u.cookie });
const idOf = (url: string) => url.split('/').pop()!;

async function uploadFile(query: string): Promise<string> {
  const m = multipart('pic.png', PNG, {}, query.startsWith('/api/upload-file') ? 'image' : 'file');
  const res = await t.app.inject({ method: 'POST', url: query, payload: m.payload, headers: { ...m.headers, ...as(owner) } });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return (body.upload?.url ?? body.url) as string;
}

interface Source {
  appId: string;
  spreadsheetId: string;
  tableId: string;
  markdownId: string;
  /** A file of the app (its block and its settings name it), readable only while the app is. */
  appFile: string;
}

/** A public app: a table over every column of Orders (its rows name a file), a markdown block and the logo naming another, an unused tab Secret. */
async function source(name: string, rows = [{ City: 'Paris', Amount: 12 }, { City: 'Lyon', Amount: 7 }]): Promise<Source> {
  const ids = await boardWithSheets(t.app, owner, name, [
    { title: 'Orders', columns: ['City', 'Amount', 'Photo'], rows },
    { title: 'Secret', columns: ['Note'], rows: [{ Note: 'the owner only' }] },
  ]);
  const appFile = await uploadFile(`/api/uploads?board=${ids.appId}&purpose=block-setting`);
  // The table shows every column: a template ships only the columns a guest reads (shipment.test.ts).
  const tableId = (await addBlock(t.app, owner, ids.appId, { type: 'table', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Amount' }, { column: 'Photo' }] })).id;
  const markdownId = (await addBlock(t.app, owner, ids.appId, { type: 'markdown', markdown_text: `Hello ![pic](${appFile})` })).id;
  const put = await t.app.inject({ method: 'PUT', url: `/api/apps/${ids.appId}`, headers: as(owner), payload: { logo: appFile } });
  expect(put.statusCode, put.body).toBe(200);
  return { appId: ids.appId, spreadsheetId: ids.spreadsheetId, tableId, markdownId, appFile };
}

async function submitApp(appId: string) {
  const thumbnail = await uploadFile(`/api/upload-file?app_id=${appId}`);
  const image = await uploadFile(`/api/upload-file?app_id=${appId}`);
  const form = { app_id: appId, title: 'Tracker', summary: 'Tracks', tags: 'a,b', description: '<p>Good</p>', category: 'other', price: 5, is_free: true, thumbnail, thumbnail_bg_color: '#ffffff', additional_images: [image] };
  const res = await t.app.inject({ method: 'PUT', url: URL, headers: as(owner), payload: { form } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reviewRequest as { id: string; version: number };
}

async function versions(requestId: string) {
  return t.ctx.db.selectFrom('template_versions').selectAll().where('request_id', '=', requestId).orderBy('number').execute();
}

/** Everything a snapshot holds, as plain data (ids included, so a change of any kind shows). */
async function snapshotState(appId: string) {
  const app = await t.ctx.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
  const pages = await t.ctx.db.selectFrom('pages').selectAll().where('app_id', '=', appId).orderBy('position').execute();
  const blocks = await t.ctx.db.selectFrom('blocks').selectAll().where('page_id', 'in', pages.map((p) => p.id)).orderBy('position').execute();
  const sheets = await t.ctx.db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', app.spreadsheet_id!).orderBy('position').execute();
  if (sheets.length === 0) return { app, pages, blocks, sheets, rows: [] };
  const rows = await t.ctx.db.selectFrom('sheet_rows').select(['sheet_id', 'row_index', 'data']).where('sheet_id', 'in', sheets.map((s) => s.id)).orderBy('row_index').execute();
  return { app, pages, blocks, sheets, rows };
}

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Olga');
});

// First, while no version exists yet.
describe('before the first submission', () => {
  it("the marketplace account's address cannot be taken: sign-up and e-mail links refuse it", async () => {
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', MARKETPLACE_ACCOUNT.userId).executeTakeFirst()).toBeUndefined();
    const early = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Squatter', email: MARKETPLACE_ACCOUNT.email, password: 'correct horse battery' } });
    expect(early.statusCode).toBe(400);
    const link = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: MARKETPLACE_ACCOUNT.email } });
    expect(link.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', MARKETPLACE_ACCOUNT.email).execute()).toEqual([]);
  });
});

describe('a submission freezes the app into the marketplace workspace', () => {
  it('copies the app (private, tpl- subdomain), its pages, blocks, the sheets its blocks use with every row, and the files they name', async () => {
    const src = await source('Frozen Shop');
    const rowFile = await uploadFile(`/api/uploads?board=${src.appId}&purpose=block-setting`);
    const add = await t.app.inject({ method: 'POST', url: `/api/board/${src.spreadsheetId}/sheet/Orders/rows`, headers: as(owner), payload: { values: { City: 'Nice', Amount: 3, Photo: rowFile } } });
    expect(add.statusCode, add.body).toBe(201);
    const request = await submitApp(src.appId);
    const [v] = await versions(request.id);
    expect(v).toMatchObject({ number: 1, source_app_id: src.appId, content_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const snap = await snapshotState(v!.snapshot_app_id!);
    const original = await snapshotState(src.appId);

    expect(snap.app).toMatchObject({ workspace_id: MARKETPLACE_ACCOUNT.workspaceId, public: 0, name: 'Frozen Shop', kind: original.app.kind, publish_url: null, custom_host: null });
    expect(snap.app.subdomain).toMatch(/^tpl-[0-9a-f]{12}$/);
    expect(snap.app.id).not.toBe(src.appId);
    expect(snap.app.spreadsheet_id).not.toBe(src.spreadsheetId);
    expect(snap.pages.map((p) => [p.page_name, p.page_slug, p.page_type])).toEqual(original.pages.map((p) => [p.page_name, p.page_slug, p.page_type]));
    expect(snap.pages.map((p) => p.id)).not.toEqual(original.pages.map((p) => p.id));
    expect(snap.blocks.map((b) => b.type)).toEqual(original.blocks.map((b) => b.type));
    expect(snap.blocks.some((b) => [src.tableId, src.markdownId].includes(b.id))).toBe(false);
    // Only the tab the blocks use, with its column types and every row.
    expect(snap.sheets.map((s) => s.title)).toEqual(['Orders']);
    expect(snap.sheets[0]).toMatchObject({ columns: original.sheets[0]!.columns, column_types: original.sheets[0]!.column_types, row_count: 3 });
    expect(snap.rows.map((r) => JSON.parse(r.data).City)).toEqual(['Paris', 'Lyon', 'Nice']);
    expect(JSON.stringify(snap)).not.toContain('the owner only');

    // Files: copied into the marketplace workspace, every reference rewritten, readable by anyone.
    const text = JSON.stringify([snap.app.settings, snap.blocks.map((b) => b.config), snap.rows.map((r) => r.data)]);
    expect(text).not.toContain(idOf(src.appFile));
    expect(text).not.toContain(idOf(rowFile));
    const copies = [...text.matchAll(/\/api\/uploads\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
    expect(new Set(copies).size).toBe(2);
    for (const id of copies) {
      const rec = await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(rec).toMatchObject({ workspace_id: MARKETPLACE_ACCOUNT.workspaceId, app_id: null, from_visitor: 0 });
    }
    // The source app going private hides its own files, never the version's copies.
    await t.app.inject({ method: 'PUT', url: `/api/apps/${src.appId}`, headers: as(owner), payload: { public: false } });
    expect((await t.app.inject({ method: 'GET', url: src.appFile })).statusCode).toBe(403);
    for (const id of copies) {
      const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('later edits of the source change nothing in the version; a resubmission is version 2 with another hash', async () => {
    const src = await source('Editing Shop');
    const request = await submitApp(src.appId);
    const [v1] = await versions(request.id);
    const before = await snapshotState(v1!.snapshot_app_id!);

    // Edit a block, a row, add a row and a block, rename the app.
    expect((await t.app.inject({ method: 'PUT', url: `/api/blocks/${src.tableId}`, headers: as(owner), payload: { title: 'Changed title' } })).statusCode).toBe(200);
    const row = await t.app.inject({ method: 'PUT', url: `/api/board/${src.spreadsheetId}/sheet/Orders/rows/0`, headers: as(owner), payload: { values: { City: 'Marseille' }, _version: 1 } });
    expect(row.statusCode, row.body).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/board/${src.spreadsheetId}/sheet/Orders/rows`, headers: as(owner), payload: { values: { City: 'Brest', Amount: 1 } } });
    await addBlock(t.app, owner, src.appId, { type: 'markdown', markdown_text: 'New' });
    await t.app.inject({ method: 'PUT', url: `/api/apps/${src.appId}`, headers: as(owner), payload: { name: 'Renamed Shop' } });

    expect(await snapshotState(v1!.snapshot_app_id!)).toEqual(before);

    await t.ctx.db.updateTable('review_requests').set({ status: 'rejected', rejection_reason: 'More please' }).where('id', '=', request.id).execute();
    const again = await submitApp(src.appId);
    expect(again).toMatchObject({ id: request.id, version: 2 });
    const [first, second] = await versions(request.id);
    expect(first!.id).toBe(v1!.id);
    expect(second).toMatchObject({ number: 2, source_app_id: src.appId });
    expect(second!.content_hash).not.toBe(first!.content_hash);
    expect(second!.snapshot_app_id).not.toBe(first!.snapshot_app_id);
    const latest = await snapshotState(second!.snapshot_app_id!);
    expect(latest.app.name).toBe('Renamed Shop');
    expect(latest.rows.map((r) => JSON.parse(r.data).City)).toEqual(['Marseille', 'Lyon', 'Brest']);
    expect(latest.blocks.some((b) => b.config.includes('Changed title'))).toBe(true);
    // Version 1 still as it was.
    expect(await snapshotState(v1!.snapshot_app_id!)).toEqual(before);
    // The request now points at the version under review.
    const req = await t.ctx.db.selectFrom('review_requests').select('version_id').where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(req.version_id).toBe(second!.id);
  });

  it('the same content gives the same hash; one changed cell gives another', async () => {
    const src = await source('Hash Shop');
    const request = await submitApp(src.appId);
    const reject = () => t.ctx.db.updateTable('review_requests').set({ status: 'rejected' }).where('id', '=', request.id).execute();
    await reject();
    await submitApp(src.appId);
    await t.app.inject({ method: 'PUT', url: `/api/board/${src.spreadsheetId}/sheet/Orders/rows/1`, headers: as(owner), payload: { values: { Amount: 8 }, _version: 1 } });
    await reject();
    await submitApp(src.appId);
    const [a, b, c] = await versions(request.id);
    expect(b!.content_hash).toBe(a!.content_hash);
    expect(c!.content_hash).not.toBe(b!.content_hash);
  });

  it('cancelling removes the copies: apps, spreadsheets, upload records and their files', async () => {
    const src = await source('Gone Shop');
    const request = await submitApp(src.appId);
    const [v] = await versions(request.id);
    const snap = await snapshotState(v!.snapshot_app_id!);
    const copies = [...JSON.stringify(snap).matchAll(/\/api\/uploads\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
    expect(copies.length).toBeGreaterThan(0);
    for (const id of copies) expect(await isStored(t, uploadKey(id))).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: URL, headers: as(owner), payload: { app_id: src.appId } });
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('apps').select('id').where('id', '=', snap.app.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('spreadsheets').select('id').where('id', '=', snap.app.spreadsheet_id!).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('id', 'in', copies).execute()).toEqual([]);
    for (const id of copies) expect(await isStored(t, uploadKey(id))).toBe(false);
    // The source app and its own files are untouched.
    expect((await t.app.inject({ method: 'GET', url: src.appFile })).statusCode).toBe(200);
  });
});

describe('a multipage app', () => {
  it("its header's links name the copy's own pages", async () => {
    const spreadsheetId = (await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: as(owner), payload: { title: 'Multi', sheets: [{ title: 'Orders', columns: ['City'], rows: [] }] } })).json().spreadsheet.id;
    const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Multi Shop', kind: 'multipage', spreadsheetId, public: true } })).json().app;
    const page = (await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: app.id, page_name: 'Prices' } })).json();
    const pageId = (page.page?.page_id ?? page.page?.id ?? page.page_id) as string;
    expect(pageId).toBeTruthy();
    const pages = (await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(owner) })).json().pages as { page_id: string; blocks: { id: string; type: string }[] }[];
    const header = pages[0]!.blocks.find((b) => b.type === 'header')!;
    const put = await t.app.inject({ method: 'PUT', url: `/api/blocks/${header.id}`, headers: as(owner), payload: { navigationItems: [{ name: 'Prices', linkType: 'page', pageSlug: 'prices', pageId }] } });
    expect(put.statusCode, put.body).toBe(200);
    const request = await submitApp(app.id);
    const [v] = await versions(request.id);
    const snap = await snapshotState(v!.snapshot_app_id!);
    const copiedPage = snap.pages.find((p) => p.page_name === 'Prices')!;
    const copiedHeader = snap.blocks.find((b) => b.type === 'header')!;
    expect(JSON.parse(copiedHeader.config).navigationItems[0]).toMatchObject({ pageSlug: 'prices', pageId: copiedPage.id });
    expect(copiedHeader.config).not.toContain(pageId);
  });
});

describe('copyApp (the next issue clones versions with it)', () => {
  it('copies thousands of rows in the database, batch by batch, with a stable hash; withRows false copies the structure only', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({ City: `City ${i}`, Amount: i }));
    const src = await source('Big Shop', rows);
    const buyer = await signUp(t.app, 'Buyer Bea');
    const ws = (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', buyer.id).executeTakeFirstOrThrow()).id;
    const full = await t.ctx.db.transaction().execute((trx) => copyApp(t.ctx, trx, src.appId, ws, { withRows: true }));
    const again = await t.ctx.db.transaction().execute((trx) => copyApp(t.ctx, trx, src.appId, ws, { withRows: true }));
    expect(again.contentHash).toBe(full.contentHash);
    const copied = await snapshotState(full.appId);
    expect(copied.app.workspace_id).toBe(ws);
    expect(copied.rows).toHaveLength(2500);
    expect(JSON.parse(copied.rows[2499]!.data)).toMatchObject({ City: 'City 2499', Amount: 2499 });
    expect(copied.sheets[0]).toMatchObject({ row_count: 2500 });

    const empty = await t.ctx.db.transaction().execute((trx) => copyApp(t.ctx, trx, src.appId, ws, { withRows: false, subdomain: `clone-${Date.now()}`, public: true }));
    const structure = await snapshotState(empty.appId);
    expect(structure.rows).toEqual([]);
    expect(structure.sheets.map((s) => [s.title, s.columns, s.row_count])).toEqual([['Orders', copied.sheets[0]!.columns, 0]]);
    expect(structure.app).toMatchObject({ public: 1, subdomain: empty.subdomain });
    // The buyer owns the copy: the app is theirs to edit.
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${empty.appId}`, headers: as(buyer), payload: { name: 'Mine' } })).statusCode).toBe(200);
  });

  it('a big sheet is copied in slices: other work keeps running meanwhile', async () => {
    const src = await source('Slices Shop', []);
    const sheet = await t.ctx.db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', src.spreadsheetId).where('title', '=', 'Orders').executeTakeFirstOrThrow();
    const N = 30_000;
    for (let start = 0; start < N; start += 5000)
      await t.ctx.db
        .insertInto('sheet_rows')
        .values(Array.from({ length: 5000 }, (_, i) => ({ sheet_id: sheet.id, row_index: start + i, data: JSON.stringify({ City: `C${start + i}`, Amount: start + i }) })))
        .execute();
    const ws = (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const copy = await t.ctx.db.transaction().execute((trx) => copyApp(t.ctx, trx, src.appId, ws, { withRows: true }));
      const n = await t.ctx.db
        .selectFrom('sheet_rows')
        .innerJoin('sheets', 'sheets.id', 'sheet_rows.sheet_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('sheets.spreadsheet_id', '=', copy.spreadsheetId!)
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(N);
    } finally {
      clearInterval(timer);
    }
    // Timers ran between the slices and batches (one statement for all rows would allow none on SQLite).
    expect(ticks).toBeGreaterThan(5);
  });

  it('a failing copy leaves no file behind and nothing in the database', async () => {
    const src = await source('Failing Shop');
    const before = storedFiles(t, 'uploads').length;
    const apps = Number((await t.ctx.db.selectFrom('apps').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const taken = (await t.ctx.db.selectFrom('apps').select('subdomain').where('id', '=', src.appId).executeTakeFirstOrThrow()).subdomain;
    const ws = (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
    // A subdomain already taken: the app's insert fails after the files were copied.
    await expect(t.ctx.db.transaction().execute((trx) => copyApp(t.ctx, trx, src.appId, ws, { withRows: true, subdomain: taken }))).rejects.toThrow();
    expect(storedFiles(t, 'uploads').length).toBe(before);
    expect(Number((await t.ctx.db.selectFrom('apps').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(apps);
  });
});

describe('the marketplace account', () => {
  it('exists once the first version is frozen; nobody can sign in as it or sign up with its address', async () => {
    await submitApp((await source('Account Shop')).appId);
    const user = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', MARKETPLACE_ACCOUNT.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: MARKETPLACE_ACCOUNT.email, password_hash: null, name: 'Sheetboard Marketplace' });
    expect(user.email.endsWith('.invalid')).toBe(true);
    const ws = await t.ctx.db.selectFrom('workspaces').selectAll().where('id', '=', MARKETPLACE_ACCOUNT.workspaceId).executeTakeFirstOrThrow();
    expect(ws).toMatchObject({ owner_id: MARKETPLACE_ACCOUNT.userId, name: 'Sheetboard Marketplace' });
    for (const password of ['', 'correct horse', 'null', 'undefined']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: MARKETPLACE_ACCOUNT.email, password } });
      expect(res.statusCode, password).toBeGreaterThanOrEqual(400);
      expect(res.headers['set-cookie'] ?? '').not.toContain('sb_session=');
    }
    for (const email of [MARKETPLACE_ACCOUNT.email, MARKETPLACE_ACCOUNT.email.toUpperCase()]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Mallory', email, password: 'correct horse battery' } });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.headers['set-cookie'] ?? '').not.toContain('sb_session=');
    }
    // Its frozen apps are private: nobody reaches them but through the marketplace's own routes.
    const snap = await t.ctx.db.selectFrom('apps').select('id').where('workspace_id', '=', MARKETPLACE_ACCOUNT.workspaceId).executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'GET', url: `/api/apps/${snap.id}`, headers: as(owner) })).statusCode).toBe(403);
  });
});
