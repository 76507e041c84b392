// kill -9 in the middle of each long operation, on this project's database (TEST_DB): the real
// server as a child process, stopped at a named point (TEST_PAUSE_AT), killed, started again on
// the same DATA_DIR and database. Afterwards each operation is complete or gone, with a notice to
// its owner, and no orphaned rows or files remain (modules/jobs/sweep.ts). One server chain per
// file: each restart checks what the last kill left, then runs the next operation to its kill.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashBed, type CrashBed } from '../../testing/crash';
import type { CrashPoint } from '../../crash-points';

// Big enough to be midway at every point (an import writes 2,000 rows a batch; a SQLite rewrite
// 2,000 rows a range), small enough to keep the file quick.
const ROWS = 6_000;
const csv = (rows: number, tag: string) => `Name,Amount,City\n${Array.from({ length: rows }, (_, i) => `${tag} ${i},${i},Town ${i % 7}`).join('\n')}\n`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

let bed: CrashBed;
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
    (r) => `answered ${r.status}`,
    () => 'cut off',
  );
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

let kept: { id: string; sheetId: string; rows: string[]; columns: string; version: number };

beforeAll(async () => {
  // A lease of 1 s: a killed server's jobs expire before its successor has started.
  bed = await crashBed({ JOB_LEASE_SECONDS: '1', SHEET_SNAPSHOT_MIN_ROWS: '1000' });
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
    await restart();
    expect(files('sheet-snapshots').filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // The sheet reads whole after the restart, every acknowledged row there.
    const again = await call('GET', `/api/board/${kept.id}/sheet/Kept?limit=10`);
    expect(again.status).toBe(200);
    expect(await rowsOf(kept.sheetId)).toEqual(kept.rows);
    await bed.kill();
  });
});
