// Pushing the app's row edits to a connected Google spreadsheet (issue 16), on the test database,
// against testing/google.ts through the official clients: changed cells only (a formula elsewhere
// in the row survives), appends with their id and never twice (a lost answer included), deletes of
// the right row while a person inserts or deletes rows in Google, conflicts told to the owner (the
// sheet wins), failures that keep the edit queued with a reason, a refused token, a read-only
// connection, a renamed column, bodies split under the size limit, and who may clear conflicts.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cell } from '../../testing/google';
import { joinAsEditor, multipart, signUp, type TestUser } from '../../testing/app';
import { GOOGLE_COLUMNS_MESSAGE } from '../spreadsheets/columns';
import { REIMPORT_GOOGLE_MESSAGE } from '../spreadsheets/reimport';
import { startPull } from './pull';
import { chunks, flushPushes, pushDue, PUSH_MESSAGES, PUSH_TUNING, rangeGroups, rowLabel } from './push';
import { QUEUE_MESSAGES } from './queue';
import { as, connectGoogle, connectSheet, googleFileId, googleTestServer, settleSync, sheetRows, syncOf, type SheetRow } from '../../testing/gsheets';

const { google, t } = googleTestServer();

const HEADER: Cell[] = ['Name', 'City', 'Amount', 'Paid'];
const ROWS: Cell[][] = [
  ['Ada', 'London', 12.5, true],
  ['Grace', 'Arlington', 7, false],
  ['Edsger', 'Nuenen', 3, true],
];

beforeEach(() => {
  PUSH_TUNING.retryBaseMs = 5_000;
  PUSH_TUNING.maxBodyBytes = 1_900_000;
  google.beforeRead(null);
  google.beforeWrite(null);
});

/** An owner with a connected Google account and the Orders sheet synced. */
async function setUp(mode: 'read' | 'read-write' = 'read-write') {
  const owner = await signUp(t.app);
  const email = await connectGoogle(t, google, owner, mode);
  const fileId = googleFileId();
  google.createSpreadsheet({ spreadsheetId: fileId, title: 'Orders book', tabs: [{ title: 'Orders', rows: [HEADER, ...ROWS.map((r) => [...r])] }], ...(mode === 'read' ? { readers: [email] } : { writers: [email] }) });
  const { spreadsheetId } = await connectSheet(t, owner, fileId);
  return { owner, email, fileId, spreadsheetId };
}

const rowsUrl = (spreadsheetId: string, id?: string) => `/api/board/${spreadsheetId}/sheet/Orders/rows${id ? `/${id}` : ''}`;

async function byName(owner: TestUser, spreadsheetId: string, name: string): Promise<SheetRow> {
  const row = (await sheetRows(t, owner, spreadsheetId)).find((r) => r.Name === name);
  expect(row, name).toBeDefined();
  return row!;
}

async function edit(owner: TestUser, spreadsheetId: string, name: string, values: Record<string, string | number>) {
  const row = await byName(owner, spreadsheetId, name);
  const res = await t.app.inject({ method: 'PUT', url: rowsUrl(spreadsheetId, row._id), headers: as(owner), payload: { values, _version: row._version } });
  expect(res.statusCode, res.body).toBe(200);
}

async function add(owner: TestUser, spreadsheetId: string, values: Record<string, string | number>) {
  const res = await t.app.inject({ method: 'POST', url: rowsUrl(spreadsheetId), headers: as(owner), payload: { values } });
  expect(res.statusCode, res.body).toBe(201);
}

async function remove(owner: TestUser, spreadsheetId: string, name: string) {
  const row = await byName(owner, spreadsheetId, name);
  const res = await t.app.inject({ method: 'DELETE', url: rowsUrl(spreadsheetId, row._id), headers: as(owner) });
  expect(res.statusCode, res.body).toBe(204);
}

/** Google's rows (header first), the id column (E) left out. */
const inGoogle = (fileId: string) => google.values(fileId, 'Orders').map((r) => r.slice(0, 4));
const names = (fileId: string) => inGoogle(fileId).slice(1).map((r) => r[0]);
const writesOf = (kind: string) => google.requests.filter((r) => r.kind === kind);

describe('edits made in the app reach Google', () => {
  it('an edited cell is written alone: the other cells and a formula in the row stay as they were', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    google.setCell(fileId, 'Orders', 'D3', { formula: '=C3>5', value: true });
    google.requests.length = 0;
    await edit(owner, spreadsheetId, 'Grace', { City: 'Paris' });
    await settleSync(t);
    expect(inGoogle(fileId)[2]).toEqual(['Grace', 'Paris', 7, true]);
    expect(google.tab(fileId, 'Orders').rows[2]![3]).toEqual({ formula: '=C3>5', value: true });
    const updates = writesOf('sheets.values.batchUpdate');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.body).toMatchObject({ valueInputOption: 'RAW', data: [{ range: "'Orders'!B3", values: [['Paris']] }] });
    expect((await syncOf(t, owner, spreadsheetId)).pending_edits).toBe(0);
  });

  it('a new row is appended with its id, once; the next pull does not add it again', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    await add(owner, spreadsheetId, { Name: 'Barbara', City: 'Boston', Amount: 5 });
    await settleSync(t);
    const row = google.values(fileId, 'Orders')[4]!;
    expect(row.slice(0, 3)).toEqual(['Barbara', 'Boston', 5]);
    expect(String(row[4])).toMatch(/^sb[0-9A-Za-z]{16}$/);
    await startPull(t.ctx, spreadsheetId);
    expect((await sheetRows(t, owner, spreadsheetId)).map((r) => r.Name)).toEqual(['Ada', 'Grace', 'Edsger', 'Barbara']);
    expect(names(fileId)).toEqual(['Ada', 'Grace', 'Edsger', 'Barbara']);
  });

  it('an append whose answer was lost is not written twice when it is tried again', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    google.failNext({ match: 'sheets.values.append', status: 500, afterApply: true });
    await add(owner, spreadsheetId, { Name: 'Barbara', City: 'Boston', Amount: 5 });
    await settleSync(t);
    // It landed, but the push could not know: the edit waits, with the reason in words.
    const waiting = await syncOf(t, owner, spreadsheetId);
    expect(waiting.pending_edits).toBe(1);
    expect(waiting.push_error).toBe('Google did not answer. The next sync tries again.');
    PUSH_TUNING.retryBaseMs = 0;
    await t.ctx.db.updateTable('google_outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('spreadsheet_id', '=', spreadsheetId).execute();
    await pushDue(t.ctx);
    await settleSync(t);
    expect(names(fileId)).toEqual(['Ada', 'Grace', 'Edsger', 'Barbara']);
    const after = await syncOf(t, owner, spreadsheetId);
    expect(after.pending_edits).toBe(0);
    expect(after.push_error).toBeNull();
  });

  it('a deleted row is deleted in Google: that row, even when a person inserts a row above it between the read and the write', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    let inserted = false;
    google.beforeRead((read, g) => {
      // Right after the push read the rows it deletes (before its last check): a person inserts a row at the top.
      const ranges = (read.body as { ranges: string[] }).ranges;
      if (!inserted && read.kind === 'sheets.values.batchGet' && ranges.some((r) => /!\d+:\d+$/.test(r))) {
        inserted = true;
        g.insertRow(fileId, 'Orders', 2, ['Katherine', 'Hampton', 2, true]);
      }
    });
    await remove(owner, spreadsheetId, 'Grace');
    await settleSync(t);
    expect(inserted).toBe(true);
    expect(names(fileId)).toEqual(['Katherine', 'Ada', 'Edsger']);
  });

  it('an edit lands on its row when a person deletes a row above it between the read and the write', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    let deleted = false;
    google.beforeRead((read, g) => {
      const ranges = (read.body as { ranges: string[] }).ranges;
      if (!deleted && read.kind === 'sheets.values.batchGet' && ranges.some((r) => /!\d+:\d+$/.test(r))) {
        deleted = true;
        g.deleteRow(fileId, 'Orders', 2);
      }
    });
    await edit(owner, spreadsheetId, 'Edsger', { City: 'Austin' });
    await settleSync(t);
    expect(deleted).toBe(true);
    expect(inGoogle(fileId).slice(1)).toEqual([
      ['Grace', 'Arlington', 7, false],
      ['Edsger', 'Austin', 3, true],
    ]);
  });

  it('a pull while an edit waits does not put the old value back', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    PUSH_TUNING.retryBaseMs = 0;
    google.failNext({ match: 'sheets.values.batchUpdate', status: 503 });
    await edit(owner, spreadsheetId, 'Ada', { City: 'Cambridge' });
    await settleSync(t);
    expect((await syncOf(t, owner, spreadsheetId)).pending_edits).toBe(1);
    await startPull(t.ctx, spreadsheetId);
    expect((await byName(owner, spreadsheetId, 'Ada')).City).toBe('Cambridge');
    await t.ctx.db.updateTable('google_outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('spreadsheet_id', '=', spreadsheetId).execute();
    await pushDue(t.ctx);
    await settleSync(t);
    expect(inGoogle(fileId)[1]).toEqual(['Ada', 'Cambridge', 12.5, true]);
  });

  it('rows the last sync located are written without reading the whole id column; after a delete it is read again', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    const idColumnReads = () => google.requests.filter((r) => r.kind === 'sheets.values.get' && /!E\d*(:E\d*)?$/.test(decodeURIComponent(r.path))).length;
    google.requests.length = 0;
    await edit(owner, spreadsheetId, 'Grace', { City: 'Paris' });
    await settleSync(t);
    expect(inGoogle(fileId)[2]).toEqual(['Grace', 'Paris', 7, false]);
    expect(idColumnReads()).toBe(0);
    await remove(owner, spreadsheetId, 'Ada');
    await settleSync(t);
    await edit(owner, spreadsheetId, 'Edsger', { City: 'Delft' });
    await settleSync(t);
    expect(idColumnReads()).toBeGreaterThan(0);
    expect(inGoogle(fileId).slice(1)).toEqual([
      ['Grace', 'Paris', 7, false],
      ['Edsger', 'Delft', 3, true],
    ]);
  });

  it('bodies are split under the size limit; every row arrives once', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    PUSH_TUNING.maxBodyBytes = 400;
    google.requests.length = 0;
    for (let i = 0; i < 12; i++) await add(owner, spreadsheetId, { Name: `Person ${i}`, City: 'Lyon', Amount: i });
    await settleSync(t);
    expect(writesOf('sheets.values.append').length).toBeGreaterThan(1);
    for (const r of writesOf('sheets.values.append')) expect(Buffer.byteLength(JSON.stringify((r.body as { values: unknown }).values))).toBeLessThan(400);
    expect(names(fileId)).toEqual(['Ada', 'Grace', 'Edsger', ...Array.from({ length: 12 }, (_, i) => `Person ${i}`)]);
  });
});

describe('what cannot be written as meant is told, never lost silently', () => {
  it('a cell changed in Google and in the app: the sheet’s value stands, the owner is told, the app shows it again; clearing the list', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    google.beforeRead((read, g) => {
      if (read.kind === 'sheets.spreadsheets.get') {
        g.setCell(fileId, 'Orders', 'B3', 'Rome');
        g.beforeRead(null);
      }
    });
    await edit(owner, spreadsheetId, 'Grace', { City: 'Paris' });
    await settleSync(t);
    expect(inGoogle(fileId)[2]).toEqual(['Grace', 'Rome', 7, false]);
    const sync = await syncOf(t, owner, spreadsheetId);
    expect(sync.conflict_count).toBe(1);
    expect(sync.conflicts[0]).toMatchObject({ tab: 'Orders', row: 'Grace · Paris · 7', kind: 'cell', column: 'City', base: 'Arlington', sheet: 'Rome', app: 'Paris', winner: 'sheet' });
    expect((await byName(owner, spreadsheetId, 'Grace')).City).toBe('Rome');
    const cleared = await t.app.inject({ method: 'DELETE', url: `/api/google/spreadsheets/${spreadsheetId}/conflicts`, headers: as(owner) });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<{ sync: { conflict_count: number } }>().sync.conflict_count).toBe(0);
  });

  it('an edit of a row deleted in Google, and a delete of a row changed in Google (kept)', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    google.beforeRead((read, g) => {
      if (read.kind === 'sheets.spreadsheets.get') {
        g.deleteRow(fileId, 'Orders', 2);
        g.setCell(fileId, 'Orders', 'C3', 99);
        g.beforeRead(null);
      }
    });
    await edit(owner, spreadsheetId, 'Ada', { City: 'Oxford' });
    await remove(owner, spreadsheetId, 'Edsger');
    await settleSync(t);
    expect(names(fileId)).toEqual(['Grace', 'Edsger']);
    const sync = await syncOf(t, owner, spreadsheetId);
    expect(sync.conflicts.map((c) => [c.kind, c.row]).sort()).toEqual([
      ['row-changed', 'Edsger · Nuenen · 3'],
      ['row-deleted', 'Ada · Oxford · 12.5'],
    ]);
    // The app follows the sheet: Ada is gone, Edsger is back with Google's values.
    expect((await sheetRows(t, owner, spreadsheetId)).map((r) => [r.Name, r.Amount])).toEqual([
      ['Grace', 7],
      ['Edsger', 99],
    ]);
  });

  it('an edit of a column renamed in Google is told, not written elsewhere', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    google.renameHeader(fileId, 'Orders', 'City', 'Town');
    await edit(owner, spreadsheetId, 'Ada', { City: 'Bath', Amount: 13 });
    await settleSync(t);
    expect(inGoogle(fileId)[1]).toEqual(['Ada', 'London', 13, true]);
    const sync = await syncOf(t, owner, spreadsheetId);
    expect(sync.conflicts.map((c) => [c.kind, c.column, c.app])).toEqual([['column-gone', 'City', 'Bath']]);
  });
});

describe('XSS corpus: conflicts come back as plain data', () => {
  const CORPUS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', "javascript:alert('x')"];
  it.each(CORPUS)('%s as the sheet’s and the app’s value of a conflicting cell', async (text) => {
    const { owner, fileId, spreadsheetId } = await setUp();
    google.beforeRead((read, g) => {
      if (read.kind === 'sheets.spreadsheets.get') {
        g.setCell(fileId, 'Orders', 'B2', `${text} (sheet)`);
        g.beforeRead(null);
      }
    });
    await edit(owner, spreadsheetId, 'Ada', { City: text });
    await settleSync(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/google/spreadsheets/${spreadsheetId}`, headers: as(owner) });
    expect(res.headers['content-type']).toContain('application/json');
    const conflict = res.json<{ sync: { conflicts: { sheet: string; app: string; row: string }[] } }>().sync.conflicts[0]!;
    expect(conflict.app).toBe(text);
    expect(conflict.sheet).toBe(`${text} (sheet)`);
    expect(conflict.row).toBe(`Ada · ${text} · 12.5`);
  });
});

describe('faults and connections', () => {
  it('a refused refresh token: edits wait (sync paused) and are written after the owner reconnects', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    const issued = google.refreshTokens[google.refreshTokens.length - 1]!;
    google.revokeRefreshToken(issued.token);
    google.expireAccessTokens();
    await t.ctx.db.updateTable('google_connections').set({ expires_at: Date.now() - 1000 }).execute();
    await edit(owner, spreadsheetId, 'Ada', { Amount: 20 });
    await settleSync(t);
    const paused = await syncOf(t, owner, spreadsheetId);
    expect(paused.pending_edits).toBe(1);
    expect(paused.status).toBe('paused');
    expect(inGoogle(fileId)[1]![2]).toBe(12.5);
    // Reconnecting (same Google account) resumes; the waiting edit goes.
    await connectGoogle(t, google, owner, 'read-write', issued.user);
    await t.ctx.db.updateTable('google_outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('spreadsheet_id', '=', spreadsheetId).execute();
    await pushDue(t.ctx);
    await settleSync(t);
    expect(inGoogle(fileId)[1]![2]).toBe(20);
    expect((await syncOf(t, owner, spreadsheetId)).pending_edits).toBe(0);
  });

  it('429s on reads are waited out; a failed write waits and goes later', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    google.failNext({ match: 'sheets.values.get', status: 429, times: 2 });
    google.failNext({ match: 'sheets.values.batchUpdate', status: 500 });
    await edit(owner, spreadsheetId, 'Grace', { Amount: 8 });
    await settleSync(t);
    expect(inGoogle(fileId)[2]![2]).toBe(7);
    expect(Number((await t.ctx.db.selectFrom('google_outbox').select('attempts').where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow()).attempts)).toBeGreaterThan(0);
    await t.ctx.db.updateTable('google_outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('spreadsheet_id', '=', spreadsheetId).execute();
    await pushDue(t.ctx);
    await settleSync(t);
    expect(inGoogle(fileId)[2]![2]).toBe(8);
  });

  it('a sheet read through a read-only connection refuses changes in words and queues nothing', async () => {
    const { owner, spreadsheetId } = await setUp('read');
    const row = await byName(owner, spreadsheetId, 'Ada');
    const res = await t.app.inject({ method: 'PUT', url: rowsUrl(spreadsheetId, row._id), headers: as(owner), payload: { values: { City: 'Leeds' }, _version: row._version } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUEUE_MESSAGES.readOnly);
    expect((await byName(owner, spreadsheetId, 'Ada')).City).toBe('London');
    const added = await t.app.inject({ method: 'POST', url: rowsUrl(spreadsheetId), headers: as(owner), payload: { values: { Name: 'X' } } });
    expect(added.statusCode).toBe(409);
    expect(await t.ctx.db.selectFrom('google_outbox').select('id').where('spreadsheet_id', '=', spreadsheetId).execute()).toEqual([]);
  });

  it('the hidden id column cleared in Google: the edit waits with the reason, the next sync gives the rows their ids back by content, then the edit lands on its row', async () => {
    const { owner, fileId, spreadsheetId } = await setUp();
    const before = await sheetRows(t, owner, spreadsheetId);
    for (const cell of ['E1', 'E2', 'E3', 'E4']) google.setCell(fileId, 'Orders', cell, '');
    PUSH_TUNING.retryBaseMs = 60_000;
    await edit(owner, spreadsheetId, 'Ada', { Amount: 1 });
    await flushPushes(t.ctx);
    expect((await t.ctx.db.selectFrom('google_outbox').select('error').where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow()).error).toBe(PUSH_MESSAGES.idColumnGone('Orders'));
    expect(inGoogle(fileId)[1]![2]).toBe(12.5);
    // The push asked for a sync: it puts the id column back, with each row's old id.
    await settleSync(t);
    const ids = google.values(fileId, 'Orders').slice(1).map((r) => r.find((v) => typeof v === 'string' && /^sb/.test(v)));
    expect(new Set(ids).size).toBe(3);
    const after = await sheetRows(t, owner, spreadsheetId);
    expect(after.map((r) => [r._id, r.Name])).toEqual(before.map((r) => [r._id, r.Name]));
    await t.ctx.db.updateTable('google_outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('spreadsheet_id', '=', spreadsheetId).execute();
    await pushDue(t.ctx);
    await settleSync(t);
    expect(inGoogle(fileId)[1]).toEqual(['Ada', 'London', 1, true]);
    expect((await syncOf(t, owner, spreadsheetId)).conflict_count).toBe(0);
  });
});

describe('the columns and rows of a Google-fed sheet are the sheet’s', () => {
  it('adding, renaming, moving or deleting a column, or re-importing a file, is refused in words; a column’s type may change', async () => {
    const { owner, spreadsheetId } = await setUp();
    const base = `/api/spreadsheets/${spreadsheetId}/sheets/Orders/columns`;
    const refused = [
      await t.app.inject({ method: 'POST', url: base, headers: as(owner), payload: { name: 'Notes' } }),
      await t.app.inject({ method: 'PATCH', url: `${base}/City`, headers: as(owner), payload: { name: 'Town' } }),
      await t.app.inject({ method: 'PATCH', url: `${base}/City`, headers: as(owner), payload: { position: 0 } }),
      await t.app.inject({ method: 'DELETE', url: `${base}/City`, headers: as(owner) }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(GOOGLE_COLUMNS_MESSAGE);
    }
    const m = multipart('Orders.csv', Buffer.from('Name,City\nX,Y\n'), { mode: 'replace' });
    const reimported = await t.app.inject({ method: 'POST', url: `/api/spreadsheets/${spreadsheetId}/reimport`, payload: m.payload, headers: { ...m.headers, ...as(owner) } });
    expect(reimported.statusCode, reimported.body).toBe(409);
    expect(reimported.json().message).toBe(REIMPORT_GOOGLE_MESSAGE);
    const typed = await t.app.inject({ method: 'PATCH', url: `${base}/City`, headers: as(owner), payload: { type: 'textarea' } });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await sheetRows(t, owner, spreadsheetId)).map((r) => r.City)).toEqual(['London', 'Arlington', 'Nuenen']);
  });
});

describe('who may clear the list of conflicts', () => {
  it.each([
    ['anonymous', 401],
    ['owner', 200],
    ['workspace editor', 200],
    ['other owner', 404],
  ] as const)('%s: %i', async (role, code) => {
    const { owner, spreadsheetId } = await setUp();
    const editor = await signUp(t.app);
    const other = await signUp(t.app);
    await joinAsEditor(t, owner, editor);
    const user = role === 'owner' ? owner : role === 'workspace editor' ? editor : role === 'other owner' ? other : undefined;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/google/spreadsheets/${spreadsheetId}/conflicts`, headers: as(user) })).statusCode).toBe(code);
  });
});

describe('the pure parts', () => {
  it('chunks keep each group under the byte limit, in order, an oversized item alone', () => {
    const items = ['a'.repeat(10), 'b'.repeat(10), 'c'.repeat(50), 'd'];
    const out = chunks(items, 30);
    expect(out).toEqual([[items[0], items[1]], [items[2]], [items[3]]]);
    expect(out.flat()).toEqual(items);
  });

  it('ranges of a batchGet are grouped by count and by their length in the URL', () => {
    const rows = Array.from({ length: 10 }, (_, i) => 100 + i);
    const rangeOf = (r: number) => `'Orders'!${r}:${r}`;
    expect(rangeGroups(rows, rangeOf, { count: 4, chars: 10_000 }).map((g) => g.length)).toEqual([4, 4, 2]);
    const each = encodeURIComponent(rangeOf(100)).length + 'ranges=&'.length;
    const groups = rangeGroups(rows, rangeOf, { count: 500, chars: each * 3 });
    expect(groups.map((g) => g.length)).toEqual([3, 3, 3, 1]);
    expect(groups.flat()).toEqual(rows);
  });

  it('rows are named by their first values', () => {
    expect(rowLabel({ Name: 'Ada', City: '', Amount: 12.5, Paid: true })).toBe('Ada · 12.5 · true');
    expect(rowLabel({ Name: '' })).toBe('A row');
    expect(rowLabel(undefined)).toBe('A row');
    expect(rowLabel({ Long: 'x'.repeat(60) })).toBe(`${'x'.repeat(39)}…`);
  });
});
