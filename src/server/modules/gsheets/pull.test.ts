// Pulling a Google spreadsheet connected by its link (issue 16), on the test database, against
// testing/google.ts through the official clients: tabs become sheets read through the ordinary
// sheet-data route, ids back-filled (read-write) or not written at all (read-only), a person's
// edits in Google pulled as exactly those changes, a renamed tab, header changes a block uses,
// faults retried, a refused refresh token (paused, last rows still served), bad links in words,
// and who may call each route.
import { beforeEach, describe, expect, it } from 'vitest';
import { googleRows } from '../../db/migrations/0017_google_rows';
import { GOOGLE_MESSAGES as M, type GoogleSyncStatus } from '../../../shared/api/google';
import { GOOGLE_SHEETS_MESSAGES } from '../../../shared/rules/google-sheets';
import type { Cell } from '../../testing/google';
import { addBlock, createTestApp, joinAsEditor, signUp, tableOf, type TestUser } from '../../testing/app';
import { ID_COLUMN } from './ids';
import { assignIds, diffRows } from './diff';
import { parseHeader } from './ids';
import { diffInSlices, mergeHeaderChanges, PULL_MESSAGES, PULL_TUNING, readOnlyIdentity, restoredIds, runningPulls } from './pull';
import { as, connectGoogle, connectSheet as connectSheetOf, googleFileId, googleTestServer, pullNowAndWait, settleSync, syncOf } from '../../testing/gsheets';
import { expectDownAndUp } from '../../testing/server';

const { google, t } = googleTestServer();

const connect = (user: TestUser, mode: 'read' | 'read-write' | 'file' = 'read-write', email?: string) => connectGoogle(t, google, user, mode, email);
const fileId = googleFileId;

const HEADER: Cell[] = ['Name', 'City', 'Amount', 'Paid'];
const ROWS: Cell[][] = [
  ['Ada', 'London', 12.5, true],
  ['Grace', 'Arlington', 7, false],
  ['Edsger', 'Nuenen', 3, true],
];

/** A new owner with a Google account connected and the Orders book shared with it, synced: where most tests start. */
async function syncedBook(): Promise<{ owner: TestUser; email: string; id: string; spreadsheetId: string }> {
  const owner = await signUp(t.app);
  const email = await connect(owner);
  const id = sheetOf(email);
  const { spreadsheetId } = await connectSheet(owner, id);
  return { owner, email, id, spreadsheetId };
}

function sheetOf(email: string, extra: { readers?: string[]; tabs?: { title: string; rows: Cell[][]; sheetId?: number }[] } = {}) {
  const id = fileId();
  google.createSpreadsheet({
    spreadsheetId: id,
    title: 'Orders book',
    tabs: extra.tabs ?? [{ title: 'Orders', rows: [HEADER, ...ROWS] }],
    ...(extra.readers ? { readers: extra.readers } : { writers: [email] }),
  });
  return id;
}

const settle = () => settleSync(t);
const connectSheet = (user: TestUser, id: string) => connectSheetOf(t, user, id);
const status = (user: TestUser, spreadsheetId: string) => syncOf(t, user, spreadsheetId);
const pull = (user: TestUser, spreadsheetId: string) => pullNowAndWait(t, user, spreadsheetId);

type Row = Record<string, unknown> & { _id: string };
async function rows(user: TestUser, spreadsheetId: string, title = 'Orders'): Promise<Row[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/${encodeURIComponent(title)}?limit=1000`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: Row[] }>().rows;
}

const strip = (r: Row) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('_')));

beforeEach(() => {
  PULL_TUNING.batchRows = 5_000;
});

describe('connecting a spreadsheet by its link', () => {
  it('tabs become sheets with the right values and types, read through the sheet-data route; ids are back-filled in Google', async () => {
    const owner = await signUp(t.app);
    const email = await connect(owner);
    const id = sheetOf(email, { tabs: [{ title: 'Orders', rows: [HEADER, ...ROWS] }, { title: 'Empty tab', rows: [], sheetId: 77 }] });
    const res = await t.app.inject({ method: 'POST', url: '/api/google/spreadsheets', headers: as(owner), payload: { url: `https://docs.google.com/spreadsheets/d/${id}/edit` } });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{ spreadsheet: { id: string; title: string }; sync: GoogleSyncStatus }>();
    expect(body.spreadsheet.title).toBe('Orders book');
    expect(body.sync).toMatchObject({ status: 'syncing', url: `https://docs.google.com/spreadsheets/d/${id}/edit` });
    await settle();
    const sync = await status(owner, body.spreadsheet.id);
    expect(sync).toMatchObject({ status: 'ok', error: null, tabs: [{ title: 'Orders', rows: 3 }, { title: 'Empty tab', rows: 0 }], broken_columns: [] });
    expect(sync.last_pull_at).not.toBeNull();

    const got = await rows(owner, body.spreadsheet.id);
    expect(got.map(strip)).toEqual([
      { Name: 'Ada', City: 'London', Amount: 12.5, Paid: true },
      { Name: 'Grace', City: 'Arlington', Amount: 7, Paid: false },
      { Name: 'Edsger', City: 'Nuenen', Amount: 3, Paid: true },
    ]);
    // The spreadsheet as the dashboard and data editor see it: source 'google', types guessed as an import guesses them.
    const sheet = (await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${body.spreadsheet.id}`, headers: as(owner) })).json().spreadsheet.sheets[0];
    expect(sheet).toMatchObject({ title: 'Orders', columns: ['Name', 'City', 'Amount', 'Paid'], row_count: 3 });
    expect(sheet.column_types).toMatchObject({ Amount: 'number' });

    // The hidden id column: right after the data, header `_sheetboard_id`, hidden, one id per row, as stored.
    const values = google.values(id, 'Orders');
    expect(values[0]).toEqual([...HEADER, ID_COLUMN]);
    const ids = values.slice(1).map((r) => r[4]);
    expect(ids.every((x) => typeof x === 'string' && /^sb[0-9A-Za-z]{16}$/.test(x))).toBe(true);
    const stored = await t.ctx.db.selectFrom('google_rows').innerJoin('google_tabs', 'google_tabs.sheet_id', 'google_rows.sheet_id').select(['row_id', 'row_index']).where('google_tabs.spreadsheet_id', '=', body.spreadsheet.id).orderBy('row_index').execute();
    expect(stored.map((r) => r.row_id)).toEqual(ids);
    expect(google.requests.some((r) => r.kind === 'sheets.spreadsheets.batchUpdate' && JSON.stringify(r.body).includes('hiddenByUser'))).toBe(true);

    // A second pull with nothing changed writes nothing, in Google or in the rows.
    const before = google.requests.length;
    await pull(owner, body.spreadsheet.id);
    expect(google.requests.slice(before).filter((r) => !['drive.files.get', 'sheets.spreadsheets.get', 'sheets.values.get', 'sheets.values.batchGet'].includes(r.kind))).toEqual([]);
    expect((await rows(owner, body.spreadsheet.id)).map((r) => [r._id, r._version])).toEqual(got.map((r) => [r._id, r._version]));
  });

  it('a read-only connection writes nothing to Google; its rows are known by content', async () => {
    const owner = await signUp(t.app);
    const email = await connect(owner, 'read');
    const id = sheetOf(email, { readers: [] });
    google.share(id, email, 'reader');
    const before = google.requests.length;
    const { spreadsheetId } = await connectSheet(owner, id);
    expect((await status(owner, spreadsheetId)).status).toBe('ok');
    const first = await rows(owner, spreadsheetId);
    expect(first.map(strip)).toEqual(ROWS.map((r) => Object.fromEntries(HEADER.map((h, i) => [h as string, r[i]]))));
    // Google changes: a row inserted above Grace, Edsger's city edited in place.
    google.insertRow(id, 'Orders', 3, ['Linus', 'Helsinki', 1, false]);
    google.setCell(id, 'Orders', 'B5', 'Austin');
    await pull(owner, spreadsheetId);
    const second = await rows(owner, spreadsheetId);
    const byName = (list: Row[], name: string) => list.find((r) => r.Name === name)!;
    // Unchanged rows keep their _id; an edited row keeps its _id only where nothing else moved around it.
    expect(byName(second, 'Ada')._id).toBe(byName(first, 'Ada')._id);
    expect(byName(second, 'Grace')._id).toBe(byName(first, 'Grace')._id);
    expect(byName(second, 'Edsger')).toMatchObject({ _id: byName(first, 'Edsger')._id, City: 'Austin' });
    expect(byName(second, 'Linus')).toMatchObject({ City: 'Helsinki' });
    expect(second).toHaveLength(4);
    expect(google.requests.slice(before).filter((r) => !['drive.files.get', 'sheets.spreadsheets.get', 'sheets.values.get', 'sheets.values.batchGet', 'oauth.token'].includes(r.kind))).toEqual([]);
    expect(google.values(id, 'Orders')[0]).toEqual(HEADER);
  });

  it('refuses a bad link, an unshared file and a missing one in words; without a connection it says to connect', async () => {
    const owner = await signUp(t.app);
    const post = (url: string) => t.app.inject({ method: 'POST', url: '/api/google/spreadsheets', headers: as(owner), payload: { url } });
    const none = await post(`https://docs.google.com/spreadsheets/d/${fileId()}/edit`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PULL_MESSAGES.notConnected);
    const email = await connect(owner);
    const bad = await post('https://example.com/not-a-sheet');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(GOOGLE_SHEETS_MESSAGES.notGoogle);
    const other = sheetOf('someone-else@gmail.example');
    const unshared = await post(`https://docs.google.com/spreadsheets/d/${other}/edit`);
    expect(unshared.statusCode).toBe(400);
    expect(unshared.json().message).toBe(PULL_MESSAGES.cannotOpen(email));
    const missing = await post(`https://docs.google.com/spreadsheets/d/${'n'.repeat(44)}/edit`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(PULL_MESSAGES.notFound);
    expect(await t.ctx.db.selectFrom('google_sources').innerJoin('spreadsheets', 'spreadsheets.id', 'google_sources.spreadsheet_id').select('file_id').where('spreadsheets.title', '=', 'Orders book').where('google_sources.file_id', '=', other).execute()).toEqual([]);
  });
});

describe('pulling what a person changed in Google', () => {
  it('an edited cell, an inserted row and a deleted row arrive as exactly those changes: no row takes another row’s data', async () => {
    const { owner, id, spreadsheetId } = await syncedBook();
    const first = await rows(owner, spreadsheetId);
    const ada = first[0]!;
    const grace = first[1]!;
    const edsger = first[2]!;
    // Grace is deleted, a row is inserted above Ada (no id yet), Edsger's amount changes.
    google.deleteRow(id, 'Orders', 3);
    google.insertRow(id, 'Orders', 2, ['Barbara', 'Boston', 9, false]);
    google.setCell(id, 'Orders', 'C4', 30);
    const sync = await pull(owner, spreadsheetId);
    expect(sync).toMatchObject({ status: 'ok', tabs: [{ title: 'Orders', rows: 3 }] });
    const second = await rows(owner, spreadsheetId);
    // Existing rows keep their _id (the row index blocks and edits use); the new row gets the next one.
    expect(second.find((r) => r._id === ada._id)).toMatchObject({ Name: 'Ada', City: 'London', Amount: 12.5, _version: ada._version });
    expect(second.find((r) => r._id === edsger._id)).toMatchObject({ Name: 'Edsger', Amount: 30, _version: (edsger._version as number) + 1 });
    expect(second.find((r) => r._id === grace._id)).toBeUndefined();
    expect(second.find((r) => r.Name === 'Barbara')).toMatchObject({ _id: '3', City: 'Boston' });
    // The inserted row got an id in Google too.
    expect(google.values(id, 'Orders')[1]![4]).toMatch(/^sb/);
  });

  it('a row inserted in Google while ids are being written: no cached row ever holds another row’s data', async () => {
    const { owner, id, spreadsheetId } = await syncedBook();
    // Two rows without ids; while their ids are written, someone inserts a row above them.
    google.insertRow(id, 'Orders', 5, ['Barbara', 'Boston', 9, false]);
    google.insertRow(id, 'Orders', 6, ['Alan', 'Wilmslow', 4, true]);
    let shifted = false;
    google.beforeWrite((write, g) => {
      if (shifted || write.kind !== 'sheets.values.batchUpdate') return;
      shifted = true;
      g.insertRow(id, 'Orders', 2, ['Katherine', 'Hampton', 2, true]);
    });
    /** Every cached row against the Google row holding its id: the same data (`all`: every cached id is in Google). */
    const consistent = async (all: boolean) => {
      const byId = new Map(google.values(id, 'Orders').slice(1).filter((r) => typeof r[4] === 'string' && r[4] !== '').map((r) => [r[4] as string, r]));
      const mapped = await t.ctx.db.selectFrom('google_rows').innerJoin('sheet_rows', (j) => j.onRef('sheet_rows.sheet_id', '=', 'google_rows.sheet_id').onRef('sheet_rows.row_index', '=', 'google_rows.row_index')).innerJoin('google_tabs', 'google_tabs.sheet_id', 'google_rows.sheet_id').select(['google_rows.row_id', 'sheet_rows.data']).where('google_tabs.spreadsheet_id', '=', spreadsheetId).execute();
      for (const m of mapped) {
        const row = byId.get(m.row_id);
        // Right after the shift, a cached row whose id was overwritten in Google is simply gone there (next pull: removed).
        if (!all && !row) continue;
        expect(row, m.row_id).toBeDefined();
        expect(JSON.parse(m.data).Name).toBe(row![0]);
      }
      return mapped.length;
    };
    try {
      expect((await pull(owner, spreadsheetId)).status).toBe('ok');
      expect(shifted).toBe(true);
      await consistent(false);
      expect((await pull(owner, spreadsheetId)).status).toBe('ok');
      expect(await consistent(true)).toBe(6);
      expect((await rows(owner, spreadsheetId)).map((r) => r.Name).sort()).toEqual(['Ada', 'Alan', 'Barbara', 'Edsger', 'Grace', 'Katherine']);
    } finally {
      google.beforeWrite(null);
    }
  });

  it('a renamed tab keeps its sheet; a new tab adds one; a deleted tab’s sheet keeps its last rows', async () => {
    const owner = await signUp(t.app);
    const email = await connect(owner);
    const id = sheetOf(email, { tabs: [{ title: 'Orders', rows: [HEADER, ...ROWS] }, { title: 'Old', rows: [['X'], [1]], sheetId: 5 }] });
    const { spreadsheetId } = await connectSheet(owner, id);
    const sheetIds = async () => Object.fromEntries((await t.ctx.db.selectFrom('sheets').select(['id', 'title']).where('spreadsheet_id', '=', spreadsheetId).execute()).map((s) => [s.title, s.id]));
    const before = await sheetIds();
    const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Tabs board', kind: 'board', spreadsheetId } })).json().app;
    const block = await addBlock(t.app, owner, app.id, tableOf('Orders', ['Name']));
    const sheetTitleOf = async () => JSON.parse((await t.ctx.db.selectFrom('blocks').select('config').where('id', '=', block.id).executeTakeFirstOrThrow()).config).sheet_title;
    expect(await sheetTitleOf()).toBe('Orders');
    google.renameTab(id, 'Orders', 'Sales');
    const book = google.spreadsheets.get(id)!;
    book.tabs = book.tabs.filter((tab) => tab.title !== 'Old');
    book.tabs.push({ sheetId: 9, title: 'New', index: 2, rowCount: 10, columnCount: 5, rows: [['Y'], [2]] });
    const sync = await pull(owner, spreadsheetId);
    expect(sync.tabs).toEqual([
      { title: 'Sales', rows: 3, columns: ['Name', 'City', 'Amount', 'Paid'] },
      { title: 'New', rows: 1, columns: ['Y'] },
    ]);
    const after = await sheetIds();
    expect(after.Sales).toBe(before.Orders);
    // The block follows its tab's new name.
    expect(await sheetTitleOf()).toBe('Sales');
    expect(after.Old).toBe(before.Old);
    expect((await rows(owner, spreadsheetId, 'Sales')).map((r) => r.Name)).toEqual(['Ada', 'Grace', 'Edsger']);
    expect((await rows(owner, spreadsheetId, 'Old')).map(strip)).toEqual([{ X: 1 }]);
    expect((await rows(owner, spreadsheetId, 'New')).map(strip)).toEqual([{ Y: 2 }]);

    // A tab takes the title of a deleted tab's sheet: the synced tab gets it, the old sheet steps aside.
    google.renameTab(id, 'Sales', 'Old');
    expect((await pull(owner, spreadsheetId)).status).toBe('ok');
    const last = await sheetIds();
    expect(last.Old).toBe(before.Orders);
    expect(last['Old (removed from Google)']).toBe(before.Old);
    expect((await rows(owner, spreadsheetId, 'Old')).map((r) => r.Name)).toEqual(['Ada', 'Grace', 'Edsger']);

    // Two tabs swap names in Google: their sheets swap too.
    google.renameTab(id, 'Old', 'tmp');
    google.renameTab(id, 'New', 'Old');
    google.renameTab(id, 'tmp', 'New');
    expect((await pull(owner, spreadsheetId)).status).toBe('ok');
    const swapped = await sheetIds();
    expect([swapped.New, swapped.Old]).toEqual([last.Old, last.New]);
    expect(await sheetTitleOf()).toBe('New');
    expect((await rows(owner, spreadsheetId, 'New')).map((r) => r.Name)).toEqual(['Ada', 'Grace', 'Edsger']);
  });

  it('a renamed column a block uses is reported with the block and its settings; the rows follow the new name', async () => {
    const { owner, id, spreadsheetId } = await syncedBook();
    const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Orders board', kind: 'board', spreadsheetId } })).json().app;
    const block = await addBlock(t.app, owner, app.id, tableOf('Orders', ['Name', 'City']));
    google.renameHeader(id, 'Orders', 'City', 'Town');
    const sync = await pull(owner, spreadsheetId);
    expect(sync.broken_columns).toEqual([expect.objectContaining({ tab: 'Orders', block_id: block.id, column: 'City', change: 'renamed', to: 'Town' })]);
    expect(sync.broken_columns[0]!.settings.length).toBeGreaterThan(0);
    expect((await rows(owner, spreadsheetId))[0]).toMatchObject({ Name: 'Ada', Town: 'London' });
    expect((await rows(owner, spreadsheetId))[0]!.City).toBeUndefined();
  });
});

describe('the one-click remap of a column renamed or deleted in Google', () => {
  async function remap(user: TestUser | undefined, spreadsheetId: string, body: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${spreadsheetId}/remap`, headers: as(user), payload: body });
  }
  async function blockOf(user: TestUser, appId: string, blockId: string): Promise<Record<string, unknown>> {
    const res = await t.app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: as(user) });
    expect(res.statusCode, res.body).toBe(200);
    const blocks = res.json<{ pages: { blocks: Record<string, unknown>[] }[] }>().pages.flatMap((p) => p.blocks);
    return blocks.find((b) => b.id === blockId)!;
  }
  async function boardOn(user: TestUser, spreadsheetId: string, name: string) {
    return (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(user), payload: { name, kind: 'board', spreadsheetId } })).json<{ app: { id: string } }>().app;
  }
  /** A board whose table reads City, a column Google then renamed Town, pulled: what a remap points elsewhere. */
  async function cityRenamed() {
    const { owner, id, spreadsheetId } = await syncedBook();
    const app = await boardOn(owner, spreadsheetId, 'Orders board');
    const table = await addBlock(t.app, owner, app.id, tableOf('Orders', ['Name', 'City']));
    google.renameHeader(id, 'Orders', 'City', 'Town');
    await pull(owner, spreadsheetId);
    return { owner, spreadsheetId, app, table };
  }

  it('a renamed column: every block of the workspace’s apps over the sheet is pointed at the new name; the status empties', async () => {
    const { owner, id, spreadsheetId } = await syncedBook();
    const first = await boardOn(owner, spreadsheetId, 'Orders board');
    const second = await boardOn(owner, spreadsheetId, 'Cities board');
    const table = await addBlock(t.app, owner, first.id, tableOf('Orders', ['Name', 'City']));
    const chart = await addBlock(t.app, owner, second.id, { type: 'chart', sheet_title: 'Orders', x_axis: 'City', axis: [{ column: 'Amount' }] });
    google.renameHeader(id, 'Orders', 'City', 'Town');
    const before = await pull(owner, spreadsheetId);
    const uses = before.broken_columns.map((b) => [b.block_id, b.column, b.change, b.to]);
    expect(uses).toHaveLength(2);
    expect(uses).toEqual(expect.arrayContaining([[table.id, 'City', 'renamed', 'Town'], [chart.id, 'City', 'renamed', 'Town']]));
    expect(before.tabs).toEqual([{ title: 'Orders', rows: 3, columns: ['Name', 'Town', 'Amount', 'Paid'] }]);

    const res = await remap(owner, spreadsheetId, { tab: 'Orders', column: 'City', to: 'Town' });
    expect(res.statusCode, res.body).toBe(200);
    const sync = res.json<{ sync: GoogleSyncStatus }>().sync;
    expect(sync.broken_columns).toEqual([]);
    expect((await blockOf(owner, first.id, table.id)).axis).toEqual([expect.objectContaining({ column: 'Name' }), expect.objectContaining({ column: 'Town' })]);
    expect(await blockOf(owner, second.id, chart.id)).toMatchObject({ x_axis: 'Town', axis: [expect.objectContaining({ column: 'Amount' })] });
    // The status read afresh says the same; the next pull does not bring the report back.
    expect((await status(owner, spreadsheetId)).broken_columns).toEqual([]);
    expect((await pull(owner, spreadsheetId)).broken_columns).toEqual([]);
    // The rows under the new name are what the block now reads.
    expect((await rows(owner, spreadsheetId)).map((r) => r.Town)).toEqual(['London', 'Arlington', 'Nuenen']);
  });

  it('a deleted column: the owner points its blocks at another current column; nothing else changes', async () => {
    const { owner, id, spreadsheetId } = await syncedBook();
    const app = await boardOn(owner, spreadsheetId, 'Orders board');
    const table = await addBlock(t.app, owner, app.id, tableOf('Orders', ['Name', 'City', 'Amount']));
    // Someone deletes column B ('City') in Google.
    const tab = google.spreadsheets.get(id)!.tabs[0]!;
    tab.rows = tab.rows.map((r) => r.filter((_, i) => i !== 1));
    const before = await pull(owner, spreadsheetId);
    expect(before.broken_columns).toEqual([expect.objectContaining({ tab: 'Orders', block_id: table.id, column: 'City', change: 'deleted', to: null })]);
    expect(before.tabs[0]!.columns).toEqual(['Name', 'Amount', 'Paid']);

    const res = await remap(owner, spreadsheetId, { tab: 'Orders', column: 'City', to: 'Paid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ sync: GoogleSyncStatus }>().sync.broken_columns).toEqual([]);
    expect(((await blockOf(owner, app.id, table.id)).axis as { column: string }[]).map((a) => a.column)).toEqual(['Name', 'Paid', 'Amount']);
  });

  it('refuses, in words, a column the sheet does not have, a sheet not synced, and the same column', async () => {
    const { owner, spreadsheetId, app, table } = await cityRenamed();
    const cases: [Record<string, unknown>, string][] = [
      [{ tab: 'Orders', column: 'City', to: 'Village' }, "The sheet 'Orders' has no column 'Village'. Pick one of its columns."],
      // A renamed-away name is no current column either.
      [{ tab: 'Orders', column: 'Town', to: 'City' }, "The sheet 'Orders' has no column 'City'. Pick one of its columns."],
      [{ tab: 'Sales', column: 'City', to: 'Town' }, "This spreadsheet has no sheet 'Sales' synced from Google. Sync now, then try again."],
      [{ tab: 'Orders', column: 'Town', to: 'Town' }, "Blocks already use 'Town'. Pick another column."],
      [{ tab: 'Orders', column: 'City' }, 'Pick the column to use instead.'],
    ];
    for (const [body, message] of cases) {
      const res = await remap(owner, spreadsheetId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(((await blockOf(owner, app.id, table.id)).axis as { column: string }[]).map((a) => a.column)).toEqual(['Name', 'City']);
    expect((await status(owner, spreadsheetId)).broken_columns).toHaveLength(1);
  });

  it('another owner is refused (404) and the blocks stay as they were', async () => {
    const { owner, spreadsheetId, app, table } = await cityRenamed();
    const other = await signUp(t.app);
    const res = await remap(other, spreadsheetId, { tab: 'Orders', column: 'City', to: 'Town' });
    expect(res.statusCode).toBe(404);
    expect(((await blockOf(owner, app.id, table.id)).axis as { column: string }[]).map((a) => a.column)).toEqual(['Name', 'City']);
  });
});

describe('copies and the service account', () => {
  it('a row copied in Google (its id too) becomes a new row with an id of its own; the original keeps its _id', async () => {
    const { owner, id, spreadsheetId } = await syncedBook();
    const first = await rows(owner, spreadsheetId);
    const ada = google.values(id, 'Orders')[1]!;
    google.insertRow(id, 'Orders', 5, [...ada.slice(0, 3), false, ada[4]!]);
    await pull(owner, spreadsheetId);
    const second = await rows(owner, spreadsheetId);
    expect(second).toHaveLength(4);
    expect(second[0]).toEqual(first[0]);
    expect(second[3]).toMatchObject({ Name: 'Ada', Paid: false });
    const ids = google.values(id, 'Orders').slice(1).map((r) => r[4]);
    expect(new Set(ids).size).toBe(4);
  });

  it('without an OAuth connection, the server’s service account reads a sheet shared with it', async () => {
    const key = google.addServiceAccount();
    const sa = await createTestApp({ googleApiUrl: google.url, googleTokenUrl: google.tokenUrl, googleServiceAccount: { clientEmail: key.client_email, privateKey: key.private_key } });
    try {
      const owner = await signUp(sa.app);
      const id = sheetOf(key.client_email);
      const res = await sa.app.inject({ method: 'POST', url: '/api/google/spreadsheets', headers: as(owner), payload: { url: id } });
      expect(res.statusCode, res.body).toBe(202);
      while (runningPulls(sa.ctx).length > 0) await Promise.all(runningPulls(sa.ctx));
      const sync = (await sa.app.inject({ method: 'GET', url: `/api/google/spreadsheets/${res.json().spreadsheet.id}`, headers: as(owner) })).json().sync;
      expect(sync).toMatchObject({ status: 'ok', tabs: [{ title: 'Orders', rows: 3 }] });
      expect(google.requests.filter((r) => r.kind === 'sheets.values.get').at(-1)!.principal).toBe(key.client_email);
    } finally {
      await sa.close();
    }
  });
});

describe('faults', () => {
  it('429 and 500 answers are retried; reads come in batches', async () => {
    const owner = await signUp(t.app);
    const email = await connect(owner);
    const id = sheetOf(email);
    google.fillRows(id, 'Orders', 250, (i) => [`P${i}`, 'Rome', i, i % 2 === 0]);
    PULL_TUNING.batchRows = 100;
    google.failNext({ match: 'sheets.values.get', status: 429, times: 2 });
    google.failNext({ match: 'sheets.values.batchGet', status: 500 });
    google.failNext({ match: 'drive.files.get', status: 503 });
    const { spreadsheetId } = await connectSheet(owner, id);
    const sync = await status(owner, spreadsheetId);
    expect(sync).toMatchObject({ status: 'ok', tabs: [{ title: 'Orders', rows: 253 }] });
    expect(sync.progress_rows).toBe(sync.progress_total);
    const got = await rows(owner, spreadsheetId);
    expect(got.at(-1)).toMatchObject({ Name: 'P249', Amount: 249, Paid: false });
    expect(google.requests.filter((r) => r.kind === 'sheets.values.get' && r.status === 429)).toHaveLength(2);
  });

  it('invalid_grant: the sync pauses with the reconnect message, a pull is refused in words, the last rows are still served', async () => {
    const { owner, email, id, spreadsheetId } = await syncedBook();
    const before = await rows(owner, spreadsheetId);
    google.revokeRefreshToken(google.refreshTokens.filter((r) => r.user === email).at(-1)!.token);
    google.expireAccessTokens();
    await t.ctx.db.updateTable('google_connections').set({ expires_at: Date.now() - 1000 }).execute();
    google.setCell(id, 'Orders', 'A2', 'Changed');
    const sync = await pull(owner, spreadsheetId);
    expect(sync.status).toBe('paused');
    expect(sync.error).toBe(M.reconnect);
    expect(await rows(owner, spreadsheetId)).toEqual(before);
    const again = await t.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${spreadsheetId}/pull`, headers: as(owner) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Google refused the connection');
  });

  it('a file no longer shared: the pull ends in error, in words, and the rows stay', async () => {
    const { owner, email, id, spreadsheetId } = await syncedBook();
    google.share(id, email, null);
    const sync = await pull(owner, spreadsheetId);
    expect(sync).toMatchObject({ status: 'error', error: PULL_MESSAGES.lost });
    expect(await rows(owner, spreadsheetId)).toHaveLength(3);
  });

  it('a second pull asked for while one runs answers the running one’s status', async () => {
    const { owner, spreadsheetId } = await syncedBook();
    const first = await t.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${spreadsheetId}/pull`, headers: as(owner) });
    const second = await t.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${spreadsheetId}/pull`, headers: as(owner) });
    expect(first.json().sync.status).toBe('syncing');
    expect(second.json().sync.status).toBe('syncing');
    expect(runningPulls(t.ctx)).toHaveLength(1);
    await settle();
    expect((await status(owner, spreadsheetId)).status).toBe('ok');
  });
});

describe('who may call each route', () => {
  it.each([
    ['anonymous', 401, 401, 401, 401],
    ['owner', 202, 200, 202, 200],
    ['workspace editor', 202, 200, 202, 200],
    ['other owner', 404, 404, 404, 404],
  ] as const)('%s: connect %i, status %i, pull %i, remap %i', async (role, connectCode, statusCode, pullCode, remapCode) => {
    const owner = await signUp(t.app);
    const editor = await signUp(t.app);
    const other = await signUp(t.app);
    await joinAsEditor(t, owner, editor);
    const email = await connect(owner);
    const ws = (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
    const id = sheetOf(email);
    const { spreadsheetId } = await connectSheet(owner, id);
    const user = role === 'owner' ? owner : role === 'workspace editor' ? editor : role === 'other owner' ? other : undefined;
    const connectRes = await t.app.inject({ method: 'POST', url: '/api/google/spreadsheets', headers: as(user), payload: { url: id, workspace_id: ws } });
    expect(connectRes.statusCode, connectRes.body).toBe(connectCode);
    expect((await t.app.inject({ method: 'GET', url: `/api/google/spreadsheets/${spreadsheetId}`, headers: as(user) })).statusCode).toBe(statusCode);
    expect((await t.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${spreadsheetId}/pull`, headers: as(user) })).statusCode).toBe(pullCode);
    await settle();
    // Nothing is broken here: a remap between two current columns is allowed and changes no block.
    const remapRes = await t.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${spreadsheetId}/remap`, headers: as(user), payload: { tab: 'Orders', column: 'City', to: 'Name' } });
    expect(remapRes.statusCode, remapRes.body).toBe(remapCode);
  });

  it('a spreadsheet not connected to Google is 404 in words', async () => {
    const owner = await signUp(t.app);
    const plain = (await t.ctx.db.selectFrom('spreadsheets').innerJoin('workspaces', 'workspaces.id', 'spreadsheets.workspace_id').select('spreadsheets.id').where('workspaces.owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
    const res = await t.app.inject({ method: 'GET', url: `/api/google/spreadsheets/${plain}`, headers: as(owner) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This spreadsheet is not connected to Google');
  });
});

describe('XSS corpus: what Google holds comes back as plain data', () => {
  const CORPUS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', "javascript:alert('x')", '\u202e<b>mirror</b>'];
  it('titles, headers and cells come back exactly as in Google, in JSON', async () => {
    const owner = await signUp(t.app);
    const email = await connect(owner);
    const id = fileId();
    google.createSpreadsheet({ spreadsheetId: id, title: CORPUS[0], tabs: [{ title: CORPUS[1]!, rows: [[CORPUS[2]!], ...CORPUS.map((c) => [c])] }], writers: [email] });
    const res = await t.app.inject({ method: 'POST', url: '/api/google/spreadsheets', headers: as(owner), payload: { url: id } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().spreadsheet.title).toBe(CORPUS[0]);
    await settle();
    const got = await rows(owner, res.json().spreadsheet.id, CORPUS[1]);
    expect(got.map((r) => r[CORPUS[2]!])).toEqual(CORPUS);
    // The status's tab columns (what the remap offers) and a refusal naming them stay plain data too.
    expect((await status(owner, res.json().spreadsheet.id)).tabs).toEqual([{ title: CORPUS[1], rows: CORPUS.length, columns: [CORPUS[2]] }]);
    const refused = await t.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${res.json().spreadsheet.id}/remap`, headers: as(owner), payload: { tab: CORPUS[1], column: CORPUS[3], to: CORPUS[4] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json().message).toBe(`The sheet '${CORPUS[1]}' has no column '${CORPUS[4]}'. Pick one of its columns.`);
  });
});

describe('the pure parts', () => {
  it('rows that lost their id get back the id of the cached row with the same content; other rows (an edited one too) none', () => {
    const plan = {
      withoutId: [
        { sheetRow: 2, hash: 'h-ada', data: {} },
        { sheetRow: 3, hash: 'h-new', data: {} },
        { sheetRow: 4, hash: 'h-grace', data: {} },
        { sheetRow: 5, hash: 'h-gone-edited', data: {} },
      ],
      deletes: ['id-ada', 'id-grace', 'id-gone'],
    };
    const cached = [
      { row_id: 'id-ada', hash: 'h-ada' },
      { row_id: 'id-kept', hash: 'h-kept' },
      { row_id: 'id-grace', hash: 'h-grace' },
      { row_id: 'id-gone', hash: 'h-gone' },
    ];
    expect([...restoredIds(plan, cached)]).toEqual([
      [2, 'id-ada'],
      [4, 'id-grace'],
    ]);
    // An id some row of the sheet still holds is never given to another row.
    expect([...restoredIds({ ...plan, deletes: [] }, cached)]).toEqual([]);
    // assignIds: a restored row is the cached row again (an update if its content changed), not an insert and a delete.
    const full = { inserts: [], updates: [], deletes: ['id-ada', 'id-grace'], moved: [], order: [], withoutId: plan.withoutId, duplicates: [], blank: 0 };
    const assigned = assignIds(full, new Map([[2, 'id-ada'], [3, 'sbNEW'], [4, 'id-grace']]), new Map([['id-ada', 'h-ada'], ['id-grace', 'h-old']]));
    expect(assigned.inserts.map((r) => r.id)).toEqual(['sbNEW']);
    expect(assigned.updates.map((r) => r.id)).toEqual(['id-grace']);
    expect(assigned.deletes).toEqual([]);
    expect(assigned.order.map((o) => o.id)).toEqual(['id-ada', 'sbNEW', 'id-grace']);
  });

  it('read-only identity: same content keeps its id wherever it moved; an edit in place keeps it; otherwise new ids', () => {
    const cached = [
      { row_id: 'a', hash: 'A' },
      { row_id: 'b', hash: 'B' },
      { row_id: 'c', hash: 'C' },
    ];
    let n = 0;
    const random = () => ++n / 1000;
    expect(readOnlyIdentity([{ hash: 'C' }, { hash: 'A' }, { hash: 'B' }], cached, random)).toEqual(['c', 'a', 'b']);
    expect(readOnlyIdentity([{ hash: 'A' }, { hash: 'B2' }, { hash: 'C' }], cached, random)).toEqual(['a', 'b', 'c']);
    const two = readOnlyIdentity([{ hash: 'A' }, { hash: 'X' }, { hash: 'B2' }, { hash: 'C' }], cached, random);
    expect(two[0]).toBe('a');
    expect(two[3]).toBe('c');
    expect(two[1]).not.toBe('b');
    expect(two[2]).not.toBe('b');
    expect(new Set(two).size).toBe(4);
  });

  it('the diff in slices gives what one diffRows pass gives, copies across slices included', async () => {
    const header = parseHeader(['Name', '_sheetboard_id']);
    const read = Array.from({ length: 12_000 }, (_, i) => ({ row: i + 2, values: [`P${i}`, i === 11_000 ? 'sb5' : i % 10 === 0 ? '' : `sb${i}`] }));
    const cached = [
      { row_id: 'sb1', hash: 'stale' },
      { row_id: 'sbGone', hash: 'x' },
      ...read.slice(2, 9000).filter((_, k) => k % 10 !== 8).map((r) => ({ row_id: String(r.values[1]), hash: '' })),
    ].filter((c) => c.row_id !== '');
    const one = diffRows(header, read, cached.map((c) => ({ id: c.row_id, hash: c.hash, sheetRow: -1 })));
    const sliced = await diffInSlices(header, read, cached);
    for (const key of ['inserts', 'updates', 'deletes', 'order', 'withoutId', 'duplicates', 'blank'] as const) expect(sliced[key]).toEqual(one[key]);
    expect(sliced.duplicates).toEqual([expect.objectContaining({ id: 'sb5', keptRow: 7, sheetRow: 11_002 })]);
  });

  it('header changes: renames chain, a rename then a deletion is a deletion, a name that comes back clears', () => {
    const one = mergeHeaderChanges({ renamed: [], deleted: [] }, { renamed: [{ from: 'City', to: 'Town' }], deleted: [] }, ['Town']);
    expect(one).toEqual({ renamed: [{ from: 'City', to: 'Town' }], deleted: [] });
    expect(mergeHeaderChanges(one, { renamed: [{ from: 'Town', to: 'Place' }], deleted: [] }, ['Place'])).toEqual({ renamed: [{ from: 'City', to: 'Place' }], deleted: [] });
    expect(mergeHeaderChanges(one, { renamed: [], deleted: [{ name: 'Town' }] }, [])).toEqual({ renamed: [], deleted: ['City'] });
    expect(mergeHeaderChanges(one, { renamed: [{ from: 'Town', to: 'City' }], deleted: [] }, ['City'])).toEqual({ renamed: [], deleted: [] });
  });
});

describe('migration 0017', () => {
  it('goes down and up again', async () => {
    await expectDownAndUp(googleRows, (db) => db.selectFrom('google_rows').select('row_id').execute());
  });
});
