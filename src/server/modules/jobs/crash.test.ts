// kill -9 in the middle of each long operation, on this project's database (TEST_DB): the real
// server as a child process, stopped at a named point (TEST_PAUSE_AT), killed, started again on
// the same DATA_DIR and database. Afterwards each operation is complete or gone, with a notice to
// its owner, and no orphaned rows or files remain (modules/jobs/sweep.ts). One server chain per
// file: each restart checks what the last kill left, then runs the next operation to its kill.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crashBed, type CrashBed } from '../../testing/crash';
import { startFakeGoogle, type FakeGoogle } from '../../testing/google';
import type { CrashPoint } from '../../crash-points';
import { SUBMIT_INTERRUPTED } from '../marketplace/service';
import { CLONE_INTERRUPTED } from '../clones/service';
import { PULL_MESSAGES } from '../gsheets/pull';
import { pullInterrupted } from './service';

// Big enough to be midway at every point (an import writes 2,000 rows a batch; a SQLite rewrite
// 2,000 rows a range), small enough to keep the file quick.
const ROWS = 6_000;
const csv = (rows: number, tag: string) => `Name,Amount,City\n${Array.from({ length: rows }, (_, i) => `${tag} ${i},${i},Town ${i % 7}`).join('\n')}\n`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

// Each test restarts the real server (a few seconds, more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

let bed: CrashBed;
let google: FakeGoogle;
let cookie = '';
let userId = '';

function form(filename: string, content: Buffer | string, field = 'file') {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(typeof content === 'string' ? Buffer.from(content) : content)]), filename);
  return body;
}

async function call(method: string, url: string, body?: FormData | object): Promise<Response> {
  const json = body !== undefined && !(body instanceof FormData);
  return fetch(`${bed.url}${url}`, {
    method,
    headers: { cookie, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
  });
}

/** Sends the request, waits until the server stops at `point`, and kills it (the answer never comes). */
async function killDuring(point: CrashPoint, send: () => Promise<Response>) {
  const answer = send().then(
    async (r) => `answered ${r.status}: ${await r.text()}`,
    () => 'cut off',
  );
  // An answer before the point (a refused request) fails at once instead of waiting for the point.
  const early = await Promise.race([bed.paused().then(() => null), answer.then((a) => (a === 'cut off' ? null : a))]);
  expect(early, `the request reached ${point}`).toBeNull();
  await bed.paused();
  await bed.kill();
  expect(await answer, `the request was killed at ${point}, not answered`).toBe('cut off');
}

/** Restarts the server (stopping at `next`), after which the sweep has run. */
async function restart(next?: CrashPoint) {
  await bed.start(next);
}

async function notices(): Promise<string[]> {
  const res = await call('GET', '/api/notices');
  expect(res.status).toBe(200);
  return ((await res.json()) as { notices: { message: string }[] }).notices.map((n) => n.message);
}

/** Waits for the sweep (start-up, then every half lease) to have told the owner. */
async function noticeSaying(message: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const list = await notices();
    if (list.includes(message)) return;
    if (Date.now() > deadline) expect(list).toContain(message);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function dismissAll() {
  const res = await call('GET', '/api/notices');
  for (const n of ((await res.json()) as { notices: { id: string }[] }).notices) expect((await call('DELETE', `/api/notices/${n.id}`)).status).toBe(204);
}

const files = (sub: string) => (fs.existsSync(path.join(bed.dataDir, sub)) ? fs.readdirSync(path.join(bed.dataDir, sub)) : []);

async function sheetOf(spreadsheetId: string) {
  return bed.db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow();
}

/** Every row's data, in order, as stored. */
async function rowsOf(sheetId: string) {
  return (await bed.db.selectFrom('sheet_rows').select(['row_index', 'data']).where('sheet_id', '=', sheetId).orderBy('row_index').execute()).map((r) => `${r.row_index}:${r.data}`);
}


/** Waits for `check` to pass (the sweep runs at start-up, then every half lease). */
async function eventually(check: () => Promise<void>) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** No stored file without its record, no record without its file. */
async function uploadsWhole() {
  const stored = files('uploads').sort();
  const records = (await bed.db.selectFrom('uploads').select('id').execute()).map((u) => u.id).sort();
  expect(stored).toEqual(records);
}

async function noRunningJobs() {
  expect(await bed.db.selectFrom('jobs').select(['kind', 'state']).where('state', '=', 'running').execute()).toEqual([]);
}

async function uploadUrl(url: string, field = 'file'): Promise<string> {
  const res = await call('POST', url, form('pic.png', PNG, field));
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { upload?: { url: string }; url?: string };
  return (body.upload?.url ?? body.url)!;
}

const REVIEW = '/api/multipage/marketplace/review-request';
let shop: { appId: string; form: Record<string, unknown>; requestId: string; templateId: string; marketplaceUploads: string[] };

/** Every sheet of the spreadsheet: its rows, its row count and (Google) its cached rows agree. */
async function sheetsWhole(spreadsheetId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const sheet of await bed.db.selectFrom('sheets').selectAll().where('spreadsheet_id', '=', spreadsheetId).execute()) {
    const rows = Number((await bed.db.selectFrom('sheet_rows').select((eb) => eb.fn.countAll<number | string>().as('n')).where('sheet_id', '=', sheet.id).executeTakeFirstOrThrow()).n);
    const cached = Number((await bed.db.selectFrom('google_rows').select((eb) => eb.fn.countAll<number | string>().as('n')).where('sheet_id', '=', sheet.id).executeTakeFirstOrThrow()).n);
    expect([rows, cached], sheet.title).toEqual([Number(sheet.row_count), Number(sheet.row_count)]);
    out[sheet.title] = rows;
  }
  return out;
}

let books: { fileId: string; spreadsheetId: string };
const BIG = 5_000;

let kept: { id: string; sheetId: string; rows: string[]; columns: string; version: number };

beforeAll(async () => {
  google = await startFakeGoogle();
  // A lease of 1 s: a killed server's jobs expire before its successor has started. Google is the
  // local one (testing/google.ts), its background sync ticking every 5 s (the least allowed).
  bed = await crashBed({
    JOB_LEASE_SECONDS: '1',
    SHEET_SNAPSHOT_MIN_ROWS: '1000',
    GOOGLE_CLIENT_ID: google.oauthClient.clientId,
    GOOGLE_CLIENT_SECRET: google.oauthClient.clientSecret,
    GOOGLE_API_URL: google.url,
    GOOGLE_OAUTH_URL: google.authUrl,
    GOOGLE_TOKEN_URL: google.tokenUrl,
    GOOGLE_POLL_SECONDS: '5',
  });
  await bed.start();
  const signup = await fetch(`${bed.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Crash Owner', email: `crash-${Date.now()}@example.com`, password: 'correct horse' }) });
  expect(signup.status).toBe(201);
  cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  userId = ((await signup.json()) as { user: { _id: string } }).user._id;
  await bed.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', userId).execute();
  // An acknowledged import that every kill below must leave as it is.
  const body = { title: 'Kept', sheets: [{ title: 'Kept', columns: ['Name', 'Amount', 'City'], rows: Array.from({ length: ROWS }, (_, i) => ({ Name: `kept ${i}`, Amount: i, City: `Town ${i % 7}` })) }] };
  const made = await call('POST', '/api/spreadsheets', body);
  expect(made.status, await made.clone().text()).toBe(201);
  // Killed at rest: then started to stop in the first operation.
  await bed.kill();
  await bed.start('import-batch');
}, 120_000);

afterAll(async () => {
  await bed?.close();
  await google?.close();
});

describe(`kill -9 in the middle of an operation (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('an import: nothing of it is left, the owner is told, the upload is gone', async () => {
    await killDuring('import-batch', () => call('POST', '/api/spreadsheets', form('big.csv', csv(ROWS, 'big'))));
    await restart('reimport-batch');
    await noticeSaying('The import of big.csv was interrupted; nothing was changed. Try again.');
    const spreadsheets = await bed.db.selectFrom('spreadsheets').select(['id', 'title', 'source']).execute();
    // The sign-up's sample and the acknowledged import: nothing of big.csv, nothing still importing.
    expect(spreadsheets.map((s) => s.title).sort()).toEqual(['Kept', 'Sample business']);
    expect(spreadsheets.filter((s) => s.source === 'importing')).toEqual([]);
    expect(await bed.db.selectFrom('jobs').select('id').where('state', '=', 'running').execute()).toEqual([]);
    expect(files('imports')).toEqual([]);
    const s = spreadsheets.find((x) => x.title === 'Kept')!;
    const sheet = await sheetOf(s.id);
    kept = { id: s.id, sheetId: sheet.id, rows: await rowsOf(sheet.id), columns: sheet.columns, version: Number(sheet.version) };
    expect(kept.rows.length).toBe(ROWS);
    await dismissAll();
  });

  it.each([['replace'], ['append']] as const)('a re-import (%s): the sheet is as it was, the owner is told', async (mode) => {
    await killDuring('reimport-batch', () => call('POST', `/api/spreadsheets/${kept.id}/reimport?mode=${mode}`, form('big.csv', csv(ROWS, mode))));
    await restart(mode === 'replace' ? 'reimport-batch' : 'column-range');
    await noticeSaying('The import of big.csv was interrupted; nothing was changed. Try again.');
    const sheet = await sheetOf(kept.id);
    expect(Number(sheet.row_count)).toBe(ROWS);
    expect(sheet.version).toBe(kept.version);
    expect(await rowsOf(kept.sheetId)).toEqual(kept.rows);
    expect(files('imports')).toEqual([]);
    await dismissAll();
  });

  it.each([['rename'], ['delete']] as const)('a column %s on a big sheet: every row and the columns as they were, the owner is told', async (change) => {
    await killDuring('column-range', () =>
      change === 'rename' ? call('PATCH', `/api/spreadsheets/${kept.id}/sheets/Kept/columns/City`, { name: 'Town' }) : call('DELETE', `/api/spreadsheets/${kept.id}/sheets/Kept/columns/City`),
    );
    await restart(change === 'rename' ? 'column-range' : 'upload-stored');
    await noticeSaying(`${change === 'rename' ? 'Renaming' : 'Deleting'} the column 'City' of the sheet 'Kept' was interrupted; nothing was changed. Try again.`);
    const sheet = await sheetOf(kept.id);
    expect(sheet.columns).toBe(kept.columns);
    expect(await rowsOf(kept.sheetId)).toEqual(kept.rows);
    await dismissAll();
  });

  it('an upload: no file without its record', async () => {
    await killDuring('upload-stored', () => call('POST', '/api/uploads', form('photo.png', PNG)));
    await restart('snapshot-write');
    const deadline = Date.now() + 15_000;
    while (files('uploads').length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(files('uploads')).toEqual([]);
    expect(await bed.db.selectFrom('uploads').select('id').execute()).toEqual([]);
    expect(await bed.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    // Nobody to tell about a file: no notice.
    expect(await notices()).toEqual([]);
  });

  it('a snapshot file: no half file, nothing under a temporary name', async () => {
    // The first read loads the sheet and writes its snapshot (SHEET_SNAPSHOT_MIN_ROWS=1000) on the writer thread.
    const read = await call('GET', `/api/board/${kept.id}/sheet/Kept?limit=10`);
    expect(read.status, await read.clone().text()).toBe(200);
    await bed.paused();
    expect(files('sheet-snapshots').some((f) => f.endsWith('.tmp'))).toBe(true);
    await bed.kill();
    await restart('copy-file');
    expect(files('sheet-snapshots').filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // The sheet reads whole after the restart, every acknowledged row there.
    const again = await call('GET', `/api/board/${kept.id}/sheet/Kept?limit=10`);
    expect(again.status).toBe(200);
    expect(await rowsOf(kept.sheetId)).toEqual(kept.rows);
  });

  it("a template submission's copy: no request, no version, no copied file; the seller is told", async () => {
    const made = await call('POST', '/api/apps', { name: 'Shop', kind: 'board', spreadsheetId: kept.id, public: true });
    expect(made.status, await made.clone().text()).toBe(201);
    const appId = ((await made.json()) as { app: { id: string } }).app.id;
    const pageId = ((await (await call('GET', `/api/pages/${appId}`)).json()) as { pages: { page_id: string }[] }).pages[0]!.page_id;
    const pic = await uploadUrl(`/api/uploads?board=${appId}&purpose=block-setting`);
    for (const block of [{ type: 'markdown', markdown_text: `Hello ![pic](${pic})` }, { type: 'table', sheet_title: 'Kept', axis: [{ column: 'Name' }, { column: 'Amount' }] }])
      expect((await call('POST', '/api/blocks', { pageId, ...block })).status).toBe(201);
    const thumbnail = await uploadUrl(`/api/upload-file?app_id=${appId}`, 'thumbnail');
    const image = await uploadUrl(`/api/upload-file?app_id=${appId}`, 'image');
    const form = { app_id: appId, title: 'Shop template', summary: 'Orders', tags: 'a', description: '<p>Good</p>', category: 'other', price: 5, is_free: true, thumbnail, thumbnail_bg_color: '#ffffff', additional_images: [image] };
    shop = { appId, form, requestId: '', templateId: '', marketplaceUploads: [] };
    await killDuring('copy-file', () => call('PUT', REVIEW, { form }));
    await restart('clone-copied');
    await noticeSaying(SUBMIT_INTERRUPTED('Shop'));
    expect(await bed.db.selectFrom('review_requests').select('id').where('app_id', '=', appId).execute()).toEqual([]);
    expect(await bed.db.selectFrom('template_versions').select('id').execute()).toEqual([]);
    expect(await bed.db.selectFrom('apps').select('id').where('workspace_id', '=', 'marketplace').execute()).toEqual([]);
    await eventually(uploadsWhole);
    await noRunningJobs();
    await dismissAll();
  });

  it('a clone of a template (Use Template): no app, no origin, no copied file; the buyer is told', async () => {
    // Submitted in full this time, and listed as an approval would list it.
    const submitted = await call('PUT', REVIEW, { form: shop.form });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const version = await bed.db.selectFrom('template_versions').selectAll().executeTakeFirstOrThrow();
    shop.requestId = version.request_id;
    shop.marketplaceUploads = (await bed.db.selectFrom('uploads').select('id').where('workspace_id', '=', 'marketplace').execute()).map((u) => u.id);
    expect(shop.marketplaceUploads.length).toBe(1);
    const request = await bed.db.selectFrom('review_requests').selectAll().where('id', '=', shop.requestId).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await bed.db
      .insertInto('marketplace_templates')
      .values({ id: request.id, slug: `shop-${request.id}`, workspace_id: request.workspace_id, seller_name: 'Crash Owner', kind: 'board', title: 'Shop template', summary: 'Orders', tags: '[]', description: '<p>Good</p>', category: 'other', price_cents: 0, is_free: 1, thumbnail: request.thumbnail, thumbnail_bg_color: '#ffffff', additional_images: '[]', search_text: 'shop template', version_id: version.id, version_number: 1, snapshot_app_id: version.snapshot_app_id!, published_at: at, updated_at: at })
      .execute();
    shop.templateId = request.id;
    // Rejected, so that it can be submitted again below.
    await bed.db.updateTable('review_requests').set({ status: 'rejected' }).where('id', '=', request.id).execute();
    const apps = (await bed.db.selectFrom('apps').select('id').where('workspace_id', '=', request.workspace_id).execute()).map((a) => a.id).sort();
    await killDuring('clone-copied', () => call('POST', `/api/multipage/marketplace/templates/${shop.templateId}/clone`, { name: 'My shop', with_data: true }));
    await restart('copy-file');
    await noticeSaying(CLONE_INTERRUPTED('Shop template'));
    expect((await bed.db.selectFrom('apps').select('id').where('workspace_id', '=', request.workspace_id).execute()).map((a) => a.id).sort()).toEqual(apps);
    expect(await bed.db.selectFrom('app_origins').select('app_id').execute()).toEqual([]);
    await eventually(uploadsWhole);
    await noRunningJobs();
    await dismissAll();
  });

  it('a resubmission: the request and its versions as they were; the seller is told', async () => {
    await killDuring('copy-file', () => call('PUT', REVIEW, { form: shop.form }));
    await restart('files-removal');
    await noticeSaying(SUBMIT_INTERRUPTED('Shop'));
    expect(await bed.db.selectFrom('review_requests').select(['id', 'status']).where('app_id', '=', shop.appId).execute()).toEqual([{ id: shop.requestId, status: 'rejected' }]);
    expect((await bed.db.selectFrom('template_versions').select('number').execute()).map((v) => Number(v.number))).toEqual([1]);
    await eventually(uploadsWhole);
    await noRunningJobs();
    await dismissAll();
  });

  it("a cancelled submission: its copies' files go even when the server stops between the commit and their removal", async () => {
    expect(files('uploads')).toEqual(expect.arrayContaining(shop.marketplaceUploads));
    await killDuring('files-removal', () => call('DELETE', REVIEW, { app_id: shop.appId }));
    await restart('files-removal');
    expect(await bed.db.selectFrom('review_requests').select('id').where('app_id', '=', shop.appId).execute()).toEqual([]);
    await eventually(async () => {
      expect(files('uploads').filter((f) => shop.marketplaceUploads.includes(f))).toEqual([]);
      await uploadsWhole();
      expect(await bed.db.selectFrom('jobs').select('kind').execute()).toEqual([]);
    });
    // Nobody to tell: the cancel was done.
    expect(await notices()).toEqual([]);
  });

  it("a deleted workspace: its files go even when the server stops between the commit and their removal", async () => {
    const made = await call('POST', '/api/workspaces', { name: 'Spare' });
    expect(made.status).toBe(201);
    const spare = ((await made.json()) as { workspace: { id: string } }).workspace.id;
    const home = (await bed.db.selectFrom('workspaces').select('id').where('owner_id', '=', userId).where('id', '!=', spare).executeTakeFirstOrThrow()).id;
    expect((await call('PUT', '/api/workspaces/current', { id: spare })).status).toBe(200);
    const image = (await uploadUrl('/api/upload-file', 'image')).split('/').pop()!;
    expect((await call('PUT', '/api/workspaces/current', { id: home })).status).toBe(200);
    expect(files('uploads')).toContain(image);
    await killDuring('files-removal', () => call('DELETE', `/api/workspaces/${spare}`, { confirm: 'Spare' }));
    await restart('google-pull-apply');
    expect(await bed.db.selectFrom('workspaces').select('id').where('id', '=', spare).execute()).toEqual([]);
    await eventually(async () => {
      expect(files('uploads')).not.toContain(image);
      await uploadsWhole();
      expect(await bed.db.selectFrom('jobs').select('kind').execute()).toEqual([]);
    });
  });

  it('a Google pull: every tab as it was or fully pulled, the owner told, and the next pull completes it', async () => {
    google.consent = { user: 'crash-owner@gmail.example', deny: false };
    const connect = await call('POST', '/api/google/connect', { mode: 'read-write' });
    expect(connect.ok, await connect.clone().text()).toBe(true);
    const consent = await fetch(((await connect.json()) as { url: string }).url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const callback = await fetch(`${bed.url}${back.pathname}${back.search}`, { headers: { cookie }, redirect: 'manual' });
    expect(new URL(callback.headers.get('location')!, bed.url).searchParams.get('google')).toBe('connected');
    const fileId = `file-crash-${'x'.repeat(33)}`;
    google.createSpreadsheet({ spreadsheetId: fileId, title: 'Books', writers: ['crash-owner@gmail.example'], tabs: [{ title: 'Small', rows: [['Name', 'Amount'], ['a', 1], ['b', 2], ['c', 3]] }, { title: 'Big', rows: [['Name', 'Amount']] }] });
    google.fillRows(fileId, 'Big', BIG, (i) => [`big ${i}`, i]);
    // The first pull runs after the answer: the server stops midway through the big tab's rows.
    const connected = await call('POST', '/api/google/spreadsheets', { url: `https://docs.google.com/spreadsheets/d/${fileId}/edit#gid=0` });
    expect(connected.status, await connected.clone().text()).toBe(202);
    books = { fileId, spreadsheetId: ((await connected.json()) as { spreadsheet: { id: string } }).spreadsheet.id };
    await bed.paused();
    await bed.kill();
    await restart('google-push-sent');
    await noticeSaying(pullInterrupted('Books'));
    // Not "syncing" for ever: the source says what happened (the next sync pulls it again).
    expect(await bed.db.selectFrom('google_sources').select(['status', 'error']).where('spreadsheet_id', '=', books.spreadsheetId).executeTakeFirstOrThrow()).toEqual({ status: 'error', error: PULL_MESSAGES.interrupted });
    expect(await sheetsWhole(books.spreadsheetId)).toEqual({ Small: 3, Big: 0 });
    await noRunningJobs();
    expect((await call('POST', `/api/google/spreadsheets/${books.spreadsheetId}/pull`)).status).toBe(202);
    await eventually(async () => {
      const source = await bed.db.selectFrom('google_sources').select('status').where('spreadsheet_id', '=', books.spreadsheetId).executeTakeFirstOrThrow();
      expect(source.status).toBe('ok');
    });
    expect(await sheetsWhole(books.spreadsheetId)).toEqual({ Small: 3, Big: BIG });
    await dismissAll();
  });

  it('a Google push: the edit reaches Google once, after the restart', async () => {
    const added = await call('POST', `/api/board/${books.spreadsheetId}/sheet/Small/rows`, { values: { Name: 'added', Amount: 9 } });
    expect(added.status, await added.clone().text()).toBe(201);
    // Stopped after Google took the row, before the queue let go of it.
    await bed.paused();
    const names = () => google.values(books.fileId, 'Small').map((r) => r[0]);
    expect(names().filter((n) => n === 'added')).toEqual(['added']);
    await bed.kill();
    await restart();
    // The background sync's next round sends the edit again: Google's fresh read finds the row there.
    await eventually(async () => {
      expect(await bed.db.selectFrom('google_outbox').select('id').execute()).toEqual([]);
    });
    expect(names()).toEqual(['Name', 'a', 'b', 'c', 'added']);
    expect(await bed.db.selectFrom('google_conflicts').select('id').execute()).toEqual([]);
    expect((await sheetsWhole(books.spreadsheetId)).Small).toBe(4);
    await noRunningJobs();
    await bed.kill();
  });
});
