// Row writes over HTTP on the test database (SQLite or PostgreSQL): shapes, versions, validation,
// who may write, and concurrent writers.
import BetterSqlite3 from 'better-sqlite3';
import { MISSING_COLUMN_WORDS } from '../../../shared/settings/integrity';
import { Kysely, SqliteDialect } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { RowResponse, SheetDataResponse } from '../../../shared/api';
import { MESSAGES } from '../../../shared/rows/validate';
import { initial } from '../../db/migrations/0001_initial';
import { rows as rowsMigration } from '../../db/migrations/0002_rows';
import { nowIso } from '../../http';
import { createSpreadsheet, signUp, storeBlock, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { ROW_MESSAGES } from './service';

const t = testServer();
let owner: TestUser;
let stranger: TestUser;
let shopId: string;
let otherSpreadsheetId: string;
let app: { id: string; subdomain: string };
let pageId: string;
let otherApp: { id: string };
let otherPageId: string;

const COLUMNS = ['Name', 'Qty', 'Status', 'Tags', 'Email', 'Day', 'Note', 'Code', 'Category'];

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  shopId = await createSpreadsheet(t.app, owner, 'Shop', [
    { title: 'Orders', columns: COLUMNS, rows: [{ Name: 'First', Qty: 1 }, { Name: 'Second', Qty: 2 }] },
    { title: 'Lists', columns: ['Category'], rows: [{ Category: 'Fruit' }, { Category: 'Veg, Herbs' }] },
  ]);
  otherSpreadsheetId = await createSpreadsheet(t.app, owner, 'Other', [{ title: 'Orders', columns: COLUMNS }]);
  const mkApp = async (name: string, spreadsheetId: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name, kind: 'board', spreadsheetId } })).json().app;
  app = await mkApp('Shop Board', shopId);
  otherApp = await mkApp('Other Board', otherSpreadsheetId);
  const firstPage = async (appId: string) => (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: { cookie: owner.cookie } })).json().pages[0].page_id as string;
  pageId = await firstPage(app.id);
  otherPageId = await firstPage(otherApp.id);
});

/** A block stored as the editor would (config JSON); list and form may not be in the catalogue yet. */
function block(type: string, config: Record<string, unknown>, page = pageId): Promise<string> {
  return storeBlock(t, page, type, { sheet_title: 'Orders', ...config });
}

const base = (sheet = 'Orders', id = () => shopId) => `/api/board/${id()}/sheet/${encodeURIComponent(sheet)}/rows`;

function add(payload: object, cookie?: string, query = '') {
  return t.app.inject({ method: 'POST', url: `${base()}${query}`, payload, headers: cookie ? { cookie } : {} });
}
function put(rowId: string, payload: object, cookie?: string) {
  return t.app.inject({ method: 'PUT', url: `${base()}/${rowId}`, payload, headers: cookie ? { cookie } : {} });
}
function del(rowId: string, query: string, cookie?: string) {
  return t.app.inject({ method: 'DELETE', url: `${base()}/${rowId}?${query}`, headers: cookie ? { cookie } : {} });
}
async function readAll(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${shopId}/sheet/Orders?${query}`, headers: { cookie: owner.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { rows: Record<string, unknown>[]; total: number; columns: string[] };
}
async function sheetRowCount(title = 'Orders') {
  const r = await t.ctx.db.selectFrom('sheets').select(['row_count', 'version', 'next_row_index']).where('spreadsheet_id', '=', shopId).where('title', '=', title).executeTakeFirstOrThrow();
  return { rowCount: Number(r.row_count), version: Number(r.version), next: Number(r.next_row_index) };
}
async function dbRows() {
  const sheet = await t.ctx.db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', shopId).where('title', '=', 'Orders').executeTakeFirstOrThrow();
  return t.ctx.db.selectFrom('sheet_rows').select(['row_index', 'data', 'version']).where('sheet_id', '=', sheet.id).orderBy('row_index').execute();
}

const TYPED_AXIS = [
  { column: 'Name', type: 'text', editable: 'Everyone', character_limit: 10 },
  { column: 'Qty', type: 'number', editable: 'Everyone' },
  { column: 'Status', type: 'select', options: 'open, closed', editable: 'Everyone' },
  { column: 'Tags', type: 'multi-select', options: 'red, green, blue', editable: 'Everyone' },
  { column: 'Email', type: 'email', editable: 'Admins' },
  { column: 'Day', type: 'date', editable: 'None' },
  { column: 'Category', type: 'select', from_google_sheet: true, source: { sheet: 'Lists', column: 'Category' }, editable: 'Everyone' },
];

describe('row routes: shapes', () => {
  let tableId: string;
  beforeAll(async () => {
    tableId = await block('table', { add_new_row: 'Everyone', action_button_visibility: 'Everyone', axis: TYPED_AXIS, actions: [{ type: 'Delete row', title: 'Delete' }] });
  });

  it('GET rows carry _id (stable, unique) and _version (starts at 1), not as columns', async () => {
    const data = await readAll();
    expect(SheetDataResponse.safeParse(data).error).toBeUndefined();
    expect(data.columns).toEqual(COLUMNS);
    for (const r of data.rows) expect(r).toMatchObject({ _id: expect.any(String), _version: 1 });
    expect(new Set(data.rows.map((r) => r._id)).size).toBe(data.rows.length);
    expect((await readAll('fields=Name&limit=1')).rows[0]).toEqual({ Name: 'First', _id: '0', _version: 1 });
    const sorted = await t.app.inject({ method: 'GET', url: `/api/board/${shopId}/sheet/Orders?sort=_id`, headers: { cookie: owner.cookie } });
    expect(sorted.statusCode).toBe(400);
    expect((await readAll('q=_version')).total).toBe(0);
  });

  it("POST adds a row (201 {row}), PUT changes only the given columns (200, _version + 1), DELETE answers 204; a guest's {row} has the board's columns", async () => {
    const before = await sheetRowCount();
    const created = await add({ board: app.id, blockId: tableId, values: { Name: 'Pear', Qty: '3', Tags: ['red', 'blue'], Category: 'Herbs' } });
    expect(created.statusCode).toBe(201);
    expect(RowResponse.safeParse(created.json()).error).toBeUndefined();
    const row = created.json().row;
    // The guest reads back the columns the board's blocks use (issue 5): not Note or Code.
    expect(row).toEqual({ Name: 'Pear', Qty: 3, Status: '', Tags: 'red, blue', Email: '', Day: '', Category: 'Herbs', _id: String(before.next), _version: 1 });
    expect(await sheetRowCount()).toEqual({ rowCount: before.rowCount + 1, version: before.version + 1, next: before.next + 1 });
    expect((await readAll(`q=pear`)).rows).toEqual([{ ...row, Note: '', Code: '' }]);

    const updated = await put(row._id, { board: app.id, blockId: tableId, values: { Qty: 4 }, _version: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().row).toEqual({ ...row, Qty: 4, _version: 2 });
    expect((await readAll(`q=pear`)).rows).toEqual([{ ...updated.json().row, Note: '', Code: '' }]);

    const gone = await del(row._id, `board=${app.id}&blockId=${tableId}`);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await readAll('q=pear')).total).toBe(0);
    expect((await sheetRowCount()).rowCount).toBe(before.rowCount);
    // Ids are never reused: the next row takes a new one.
    const next = await add({ board: app.id, blockId: tableId, values: { Name: 'Plum' } });
    expect(next.json().row._id).toBe(String(before.next + 1));
  });

  it('takes board (and blockId) from the query string too, as the web request layer sends them', async () => {
    const res = await add({ blockId: tableId, values: { Name: 'Query' } }, undefined, `?board=${app.subdomain}&referer=x`);
    expect(res.statusCode).toBe(201);
    const q = await t.app.inject({ method: 'POST', url: `${base()}?board=${app.id}&blockId=${tableId}`, payload: { values: { Name: 'Both q' } } });
    expect(q.statusCode).toBe(201);
  });

  it('a stale _version → 409 with a clear message; the row keeps the first edit', async () => {
    const { row } = (await add({ board: app.id, blockId: tableId, values: { Name: 'Race' } })).json();
    expect((await put(row._id, { board: app.id, blockId: tableId, values: { Qty: 1 }, _version: 1 })).statusCode).toBe(200);
    const stale = await put(row._id, { board: app.id, blockId: tableId, values: { Qty: 2 }, _version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ROW_MESSAGES.stale);
    expect((await readAll('q=race')).rows[0]).toMatchObject({ Qty: 1, _version: 2 });
  });

  it('an unknown row → 404 for PUT and DELETE', async () => {
    for (const id of ['999999', 'abc', '-1']) {
      const p = await put(id, { board: app.id, blockId: tableId, values: { Qty: 1 }, _version: 1 });
      expect(p.statusCode).toBe(404);
      expect(p.json().message).toBe(ROW_MESSAGES.notFound);
      expect((await del(id, `board=${app.id}&blockId=${tableId}`)).statusCode).toBe(404);
    }
  });

  it('an unknown sheet → 404; a malformed body → 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: base('Nope'), payload: { board: app.id, blockId: tableId, values: {} }, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Sheet 'Nope' not found");
    expect((await add({ board: app.id, blockId: tableId })).statusCode).toBe(400);
    expect((await put('0', { board: app.id, blockId: tableId, values: {} })).json().message).toMatch(/version/i);
  });

  it.each([
    [{ Nope: 'x' }, 'values.Nope', 'The column “Nope” is no longer in the sheet, so this cannot be saved. The owner can fix it in the editor.'],
    [{ Qty: 'many' }, 'values.Qty', MESSAGES.number],
    [{ Status: 'lost' }, 'values.Status', MESSAGES.option(['open', 'closed'])],
    [{ Tags: ['red', 'pink'] }, 'values.Tags', MESSAGES.options('pink', ['red', 'green', 'blue'])],
    [{ Email: 'not-an-email' }, 'values.Email', MESSAGES.email],
    [{ Day: '2025-02-30' }, 'values.Day', MESSAGES.date],
    [{ Name: 'far too long a name' }, 'values.Name', MESSAGES.tooLong(10)],
    [{ Category: 'Meat' }, 'values.Category', MESSAGES.option(['Fruit', 'Veg', 'Herbs', 'Veg, Herbs'])],
    // A column of the sheet the table does not show: only the owner may write it (as text).
    [{ Note: ['a'] }, 'values.Note', MESSAGES.notText, true],
  ])('400 names the field: %j', async (values, path, message, asOwner = false) => {
    const before = await sheetRowCount();
    const res = await add({ board: app.id, blockId: tableId, values }, asOwner ? owner.cookie : undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path, message }]);
    const column = path.slice('values.'.length);
    expect(res.json().message).toBe(message.includes(`“${column}”`) ? message : `${column}: ${message}`);
    expect(await sheetRowCount()).toEqual(before);
    // The same rules on an edit.
    const edit = await put('0', { board: app.id, blockId: tableId, values, _version: 1 }, owner.cookie);
    expect(edit.statusCode).toBe(400);
    expect(edit.json().issues).toEqual([{ path, message }]);
  });

  it('names every bad field at once, and ignores _id/_version sent back with a row', async () => {
    const res = await add({ board: app.id, blockId: tableId, values: { Qty: 'x', Day: 'y' } });
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['values.Qty', 'values.Day']);
    const ok = await add({ board: app.id, blockId: tableId, values: { Name: 'Echo', _id: '5', _version: 9 } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().row._version).toBe(1);
  });
});

describe('forms: regex_validation, evaluated safely', () => {
  let formId: string;
  beforeAll(async () => {
    formId = await block('form', {
      axis: [
        { column: 'Code', type: 'text', regex_validation: '^[A-Z]{3}-[0-9]+$' },
        { column: 'Note', type: 'text', regex_validation: '^(a+)+$' },
        { column: 'Name', type: 'file', regex_validation: '^never$' },
        { column: 'Email', type: 'email', regex_validation: '' },
        { column: 'Qty', type: 'number', regex_validation: '(' },
      ],
    });
  });

  it('a value matching the pattern is added; one that does not is 400 naming the field', async () => {
    expect((await add({ board: app.id, blockId: formId, values: { Code: 'ABC-12' } })).statusCode).toBe(201);
    const res = await add({ board: app.id, blockId: formId, values: { Code: 'abc-12' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'values.Code', message: MESSAGES.regex }]);
  });

  it('empty patterns, invalid patterns and file fields are not checked', async () => {
    const res = await add({ board: app.id, blockId: formId, values: { Name: '/uploads/x.png', Email: 'a@b.co', Qty: 5 } });
    expect(res.statusCode).toBe(201);
  });

  it('a pattern that backtracks forever in JavaScript is answered, not given up on (RE2)', async () => {
    const res = await add({ board: app.id, blockId: formId, values: { Note: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'values.Note', message: MESSAGES.regex }]);
    // The server still answers other requests afterwards.
    expect((await add({ board: app.id, blockId: formId, values: { Note: 'aaaa' } })).statusCode).toBe(201);
  });

  it('a form only adds rows', async () => {
    expect((await put('0', { board: app.id, blockId: formId, values: { Note: 'a' }, _version: 1 })).statusCode).toBe(403);
    expect((await del('0', `board=${app.id}&blockId=${formId}`)).statusCode).toBe(403);
  });
});

describe('who may write', () => {
  const AUDIENCES = ['Everyone', 'Admins & Guests', 'Guests', 'Admins', 'None'] as const;
  // [audience, anonymous guest, signed-in stranger (a guest too)]
  const EXPECTED: Record<(typeof AUDIENCES)[number], [number, number]> = {
    Everyone: [201, 201],
    'Admins & Guests': [201, 201],
    Guests: [201, 201],
    Admins: [401, 403],
    None: [403, 403],
  };

  it.each(AUDIENCES)('add_new_row %s: owner always, guests as the audience says', async (audience) => {
    const id = await block('table', { add_new_row: audience });
    const [anon, guest] = EXPECTED[audience];
    const a = await add({ board: app.id, blockId: id, values: { Name: 'anon' } });
    expect(a.statusCode).toBe(anon);
    if (anon === 403) expect(a.json().message).toBe('You are not allowed to add rows to this table.');
    if (anon === 401) expect(a.json().message).toBe('Sign in to add rows to this table.');
    expect((await add({ board: app.id, blockId: id, values: { Name: 'guest' } }, stranger.cookie)).statusCode).toBe(guest);
    expect((await add({ board: app.id, blockId: id, values: { Name: 'owner' } }, owner.cookie)).statusCode).toBe(201);
  });

  it.each(AUDIENCES)('axis editable %s decides which columns a guest may edit', async (audience) => {
    const id = await block('table', { axis: [{ column: 'Note', type: 'text', editable: audience }, { column: 'Qty', type: 'number', editable: 'None' }] });
    const { row } = (await add({ board: app.id, values: { Name: `edit ${audience}` } }, owner.cookie)).json();
    const [anon, guest] = EXPECTED[audience];
    const a = await put(row._id, { board: app.id, blockId: id, values: { Note: 'x' }, _version: 1 });
    expect(a.statusCode).toBe(anon === 201 ? 200 : anon);
    if (anon === 403) expect(a.json().message).toBe('You are not allowed to edit rows of this table.');
    const version = anon === 201 ? 2 : 1;
    const g = await put(row._id, { board: app.id, blockId: id, values: { Note: 'y' }, _version: version }, stranger.cookie);
    expect(g.statusCode).toBe(guest === 201 ? 200 : guest);
    if (anon === 201) {
      // An editable column does not open the others.
      const other = await put(row._id, { board: app.id, blockId: id, values: { Qty: 9 }, _version: 3 });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(ROW_MESSAGES.notEditable('Qty'));
      // Sending an unchanged value of a locked column back is fine.
      expect((await put(row._id, { board: app.id, blockId: id, values: { Qty: '', Note: 'z' }, _version: 3 })).statusCode).toBe(200);
    }
    const o = await put(row._id, { board: app.id, blockId: id, values: { Qty: 7 }, _version: anon === 201 ? 4 : 1 }, owner.cookie);
    expect(o.statusCode).toBe(200);
  });

  it.each(AUDIENCES)("an 'Edit row' / 'Delete row' action visible to %s lets guests edit any column / delete", async (audience) => {
    const id = await block('table', { action_button_visibility: audience, actions: [{ type: 'Edit row' }, { type: 'Delete row' }] });
    const [anon] = EXPECTED[audience];
    const { row } = (await add({ board: app.id, values: { Name: `act ${audience}` } }, owner.cookie)).json();
    const e = await put(row._id, { board: app.id, blockId: id, values: { Qty: 5, Note: 'n' }, _version: 1 });
    expect(e.statusCode).toBe(anon === 201 ? 200 : anon);
    const d = await del(row._id, `board=${app.id}&blockId=${id}`);
    expect(d.statusCode).toBe(anon === 201 ? 204 : anon);
    if (anon === 403) expect(d.json().message).toBe('You are not allowed to delete rows of this table.');
  });

  it('a table without a Delete row action refuses deletes to guests; lists default editable to Everyone', async () => {
    const table = await block('table', { action_button_visibility: 'Everyone', actions: [{ type: 'Edit row' }] });
    expect((await del('0', `board=${app.id}&blockId=${table}`)).statusCode).toBe(403);
    const list = await block('list', { axis: [{ column: 'Note' }] });
    const { row } = (await add({ board: app.id, values: { Name: 'list' } }, owner.cookie)).json();
    expect((await put(row._id, { board: app.id, blockId: list, values: { Note: 'ok' }, _version: 1 })).statusCode).toBe(200);
    expect((await add({ board: app.id, blockId: list, values: { Name: 'x' } })).statusCode).toBe(403);
  });

  it('a form: anyone who can view the app may submit', async () => {
    const form = await block('form', { axis: [{ column: 'Name', type: 'text' }] });
    expect((await add({ board: app.id, blockId: form, values: { Name: 'anon form' } })).statusCode).toBe(201);
    expect((await add({ board: app.id, blockId: form, values: { Name: 'guest form' } }, stranger.cookie)).statusCode).toBe(201);
  });

  it('a block that does not write rows refuses', async () => {
    const chart = await block('chart', { add_new_row: 'Everyone' });
    const res = await add({ board: app.id, blockId: chart, values: { Name: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This block does not change rows.');
  });

  it('no blockId: the owner writes directly; others are refused (401 without a session)', async () => {
    expect((await add({ values: { Name: 'direct' } }, owner.cookie)).statusCode).toBe(201);
    expect((await add({ board: app.id, values: { Name: 'x' } })).statusCode).toBe(401);
    expect((await add({ board: app.id, values: { Name: 'x' } }, stranger.cookie)).statusCode).toBe(403);
    expect((await add({ values: { Name: 'x' } })).statusCode).toBe(401);
    // A signed-in stranger naming no board may not even learn the spreadsheet exists.
    expect((await add({ values: { Name: 'x' } }, stranger.cookie)).statusCode).toBe(404);
  });

  it('a block of another sheet, another app, or an unknown block → 403', async () => {
    const elsewhere = await block('table', { add_new_row: 'Everyone', sheet_title: 'Lists' });
    const otherAppBlock = await block('table', { add_new_row: 'Everyone' }, otherPageId);
    const cases = [elsewhere, otherAppBlock, 'no-such-block'];
    const messages = ['This block does not show this sheet', 'This block is not part of this board', 'This block is not part of this board'];
    for (const [i, id] of cases.entries()) {
      const res = await add({ board: app.id, blockId: id, values: { Name: 'x' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages[i]);
    }
    // The other app's block writes its own spreadsheet, not this one, even for the owner.
    const own = await add({ blockId: otherAppBlock, values: { Name: 'x' } }, owner.cookie);
    expect(own.statusCode).toBe(403);
  });

  it('a board that does not use the spreadsheet → 403; a private app → 403', async () => {
    const id = await block('table', { add_new_row: 'Everyone' });
    const wrong = await add({ board: otherApp.id, blockId: id, values: { Name: 'x' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('This board does not use this spreadsheet');
    await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { public: false } });
    try {
      const res = await add({ board: app.id, blockId: id, values: { Name: 'x' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This application is private and you do not have permission to access it.');
      expect((await add({ board: app.id, blockId: id, values: { Name: 'x' } }, stranger.cookie)).statusCode).toBe(403);
      expect((await add({ board: app.id, blockId: id, values: { Name: 'owner private' } }, owner.cookie)).statusCode).toBe(201);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    }
  });

  it('identity comes from the session only: _id/_email query params change nothing', async () => {
    const id = await block('table', { add_new_row: 'Admins' });
    const res = await add({ board: app.id, blockId: id, values: { Name: 'x' } }, undefined, `?_id=${owner.id}&_email=${encodeURIComponent(owner.email)}`);
    expect(res.statusCode).toBe(401);
  });
});

describe('concurrent writers lose nothing', () => {
  let tableId: string;
  beforeAll(async () => {
    tableId = await block('table', { add_new_row: 'Everyone', axis: [{ column: 'Note', type: 'text', editable: 'Everyone' }] });
  });

  it('50 concurrent appends: 50 rows, distinct ids, counters right, cache equal to the database', async () => {
    // Prime the cache (with a sort and a search) so the writes patch it in place.
    await readAll('sort=Name');
    await readAll('q=writer');
    const before = await sheetRowCount();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => add({ board: app.id, blockId: tableId, values: { Name: `writer ${i}`, Qty: i } })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const ids = results.map((r) => r.json().row._id as string);
    expect(new Set(ids).size).toBe(50);
    expect(await sheetRowCount()).toEqual({ rowCount: before.rowCount + 50, version: before.version + 50, next: before.next + 50 });
    const stored = (await dbRows()).filter((r) => JSON.parse(r.data).Name?.startsWith('writer '));
    expect(stored.map((r) => String(r.row_index)).sort()).toEqual([...ids].sort());
    expect(new Set(stored.map((r) => JSON.parse(r.data).Name)).size).toBe(50);

    const cached = await readAll('q=writer&sort=Qty');
    expect(cached.total).toBe(50);
    expect(cached.rows.map((r) => r.Qty)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    const cachedAll = await readAll('sort=Name');
    const sheet = await t.ctx.db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', shopId).where('title', '=', 'Orders').executeTakeFirstOrThrow();
    t.ctx.sheetCache.invalidate(sheet.id);
    expect(await readAll('sort=Name')).toEqual(cachedAll);
  });

  it('concurrent edits of one row with the same _version: exactly one wins, the others get 409', async () => {
    const { row } = (await add({ board: app.id, blockId: tableId, values: { Name: 'contested' } })).json();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => put(row._id, { board: app.id, blockId: tableId, values: { Note: `edit ${i}` }, _version: 1 })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const winner = results.find((r) => r.statusCode === 200)!.json().row;
    const stored = (await dbRows()).find((r) => String(r.row_index) === row._id)!;
    expect(JSON.parse(stored.data).Note).toBe(winner.Note);
    expect(Number(stored.version)).toBe(2);
    expect((await readAll('q=contested')).rows).toEqual([winner]);
  });

  it('concurrent appends, edits and deletes leave the cache equal to a fresh read', async () => {
    await readAll('sort=-Qty');
    await readAll('q=mix');
    const seeded = await Promise.all(Array.from({ length: 10 }, (_, i) => add({ board: app.id, values: { Name: `mix ${i}`, Qty: 100 + i } }, owner.cookie)));
    const ids = seeded.map((r) => r.json().row._id as string);
    await Promise.all([
      ...ids.slice(0, 4).map((id, i) => put(id, { values: { Qty: 50 - i, Name: `mix edited ${i}` }, _version: 1 }, owner.cookie)),
      ...ids.slice(4, 7).map((id) => del(id, '', owner.cookie)),
      ...Array.from({ length: 5 }, (_, i) => add({ values: { Name: `mix new ${i}`, Qty: i } }, owner.cookie)),
    ]);
    const views = ['sort=-Qty', 'sort=Qty', 'q=mix', 'q=mix&sort=Name', 'sort=Name&limit=7&offset=3'];
    const cached = await Promise.all(views.map((v) => readAll(v)));
    const sheet = await t.ctx.db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', shopId).where('title', '=', 'Orders').executeTakeFirstOrThrow();
    t.ctx.sheetCache.invalidate(sheet.id);
    for (const [i, v] of views.entries()) expect(await readAll(v)).toEqual(cached[i]);
    expect((await readAll('q=mix')).total).toBe(12);
  });
});

describe("a written row comes back with the writer's columns (issue 5)", () => {
  it('a guest adding or editing through a table of Name and Qty gets neither Note nor Code back; the owner gets every column', async () => {
    const narrow = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Shop Qty', kind: 'board', spreadsheetId: shopId } })).json().app;
    const narrowPage = (await t.app.inject({ method: 'GET', url: `/api/pages/${narrow.id}`, headers: { cookie: owner.cookie } })).json().pages[0].page_id as string;
    const tableId = await block(
      'table',
      { add_new_row: 'Everyone', axis: [{ column: 'Name', type: 'text', editable: 'Everyone' }, { column: 'Qty', type: 'number', editable: 'Everyone' }] },
      narrowPage,
    );
    const mine = await add({ values: { Name: 'Hidden', Qty: 1, Note: 'private note', Code: 'X-1' } }, owner.cookie);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().row).toMatchObject({ Note: 'private note', Code: 'X-1' });
    const { _id } = mine.json().row;

    const edited = await put(_id, { board: narrow.id, blockId: tableId, values: { Qty: 2 }, _version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().row).toEqual({ Name: 'Hidden', Qty: 2, _id, _version: 2 });
    expect(edited.body).not.toContain('private note');

    const added = await add({ board: narrow.id, blockId: tableId, values: { Name: 'Guest row', Qty: 5 } });
    expect(added.statusCode, added.body).toBe(201);
    expect(Object.keys(added.json().row).sort()).toEqual(['Name', 'Qty', '_id', '_version']);

    // A guest writes only their columns: a hidden one answers exactly as one that does not exist, and nothing is written.
    const before = (await t.ctx.db.selectFrom('sheets').select('row_count').where('spreadsheet_id', '=', shopId).where('title', '=', 'Orders').executeTakeFirstOrThrow()).row_count;
    for (const values of [{ Name: 'Probe', Note: 'sneaky' }, { Name: 'Probe', Nope: 'sneaky' }]) {
      const probe = await add({ board: narrow.id, blockId: tableId, values });
      expect(probe.statusCode).toBe(400);
      const [column] = Object.keys(values).filter((k) => k !== 'Name');
      expect(probe.json().issues).toEqual([{ path: `values.${column}`, message: MISSING_COLUMN_WORDS.value(column!) }]);
    }
    const after = (await t.ctx.db.selectFrom('sheets').select('row_count').where('spreadsheet_id', '=', shopId).where('title', '=', 'Orders').executeTakeFirstOrThrow()).row_count;
    expect(Number(after)).toBe(Number(before));
    const sneakyEdit = await put(_id, { board: narrow.id, blockId: tableId, values: { Code: 'X-2' }, _version: 2 });
    expect(sneakyEdit.statusCode).toBe(400);
    expect(sneakyEdit.json().message).toBe(MISSING_COLUMN_WORDS.value('Code'));

    // The hidden values are kept, and the owner's writes answer with every column.
    const own = await put(_id, { values: { Qty: 3 }, _version: 2 }, owner.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().row).toMatchObject({ Name: 'Hidden', Qty: 3, Note: 'private note', Code: 'X-1', _version: 3 });
  });
});

describe('migration 0002', () => {
  it('gives existing rows version 1 and each sheet a counter after its last row', async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
    await initial.up(db);
    const now = nowIso();
    await db.insertInto('users').values({ id: 'u', name: 'U', email: 'u@x.co', password_hash: null, created_at: now }).execute();
    await db.insertInto('workspaces').values({ id: 'w', owner_id: 'u', name: 'W', is_free_plan: 1, created_at: now }).execute();
    await db.insertInto('spreadsheets').values({ id: 's', workspace_id: 'w', title: 'S', source: 'json', created_at: now }).execute();
    for (const [id, rows] of [['a', 3], ['b', 0]] as const) {
      await db.insertInto('sheets').values({ id, spreadsheet_id: 's', title: id, position: 0, columns: '[]', row_count: rows, version: 1, updated_at: now }).execute();
      for (let i = 0; i < rows; i++) await db.insertInto('sheet_rows').values({ sheet_id: id, row_index: i, data: '{}' }).execute();
    }
    await rowsMigration.up(db);
    expect(await db.selectFrom('sheets').select(['id', 'next_row_index']).orderBy('id').execute()).toEqual([
      { id: 'a', next_row_index: 3 },
      { id: 'b', next_row_index: 0 },
    ]);
    expect((await db.selectFrom('sheet_rows').select('version').execute()).map((r) => r.version)).toEqual([1, 1, 1]);
    await rowsMigration.down!(db);
    await db.destroy();
  });
});
