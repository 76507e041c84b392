// The data editor's server side (issue 13), on both databases: column types and versions in the
// spreadsheet GET; column add / rename / type / move / delete (versions bumped, rows rewritten,
// stale row versions refused, the sheet cache never stale, blocks renamed and listed); usage;
// re-import replace and append with their previews; CSV and XLSX export.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addBlock, boardWithSheets, multipart, signUp, type TestUser, joinAsEditor } from '../../testing/app';
import { testServer } from '../../testing/server';
import { contentDisposition } from './export';

const t = testServer();
let owner: TestUser;
let other: TestUser;
let editor: TestUser;

const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Olga');
  other = await signUp(t.app, 'Other Otto');
  editor = await signUp(t.app, 'Editor Erin');
  await joinAsEditor(t, owner, editor);
});

const ORDERS = {
  title: 'Orders',
  columns: ['City', 'Amount', 'Paid'],
  rows: [
    { City: 'Paris', Amount: 12, Paid: true },
    { City: 'Köln', Amount: 7, Paid: false },
    { City: '=cmd|/C calc', Amount: 3, Paid: true },
  ],
};
const SUPPLIERS = { title: 'Suppliers', columns: ['Name'], rows: [{ Name: 'Acme' }] };

async function setUp(name = 'Shop') {
  return boardWithSheets(t.app, owner, name, [ORDERS, SUPPLIERS]);
}

async function spreadsheet(id: string, u: TestUser = owner) {
  const res = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${id}`, headers: as(u) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().spreadsheet as { sheets: { title: string; columns: string[]; column_types: Record<string, string>; version: number; row_count: number }[] };
}

async function rows(spreadsheetId: string, sheet = 'Orders') {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/${sheet}`, headers: as(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Record<string, unknown>[]; columns: string[]; total: number };
}

const col = (id: string, sheet: string, column?: string) =>
  `/api/spreadsheets/${id}/sheets/${encodeURIComponent(sheet)}/columns${column === undefined ? '' : `/${encodeURIComponent(column)}`}`;

describe('GET /api/spreadsheets/:id', () => {
  it('gives each sheet its column types (guessed, then stored) and version', async () => {
    const { spreadsheetId } = await setUp();
    const s = await spreadsheet(spreadsheetId);
    const orders = s.sheets.find((sh) => sh.title === 'Orders')!;
    expect(orders).toMatchObject({ columns: ['City', 'Amount', 'Paid'], row_count: 3, version: 1 });
    expect(orders.column_types.Amount).toBe('number');
    expect(orders.column_types.City).toBe('text');
    const set = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'City'), headers: as(owner), payload: { type: 'textarea' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().sheet).toMatchObject({ version: 2, column_types: { City: 'textarea', Amount: 'number' } });
    const after = (await spreadsheet(spreadsheetId)).sheets.find((sh) => sh.title === 'Orders')!;
    expect(after.column_types.City).toBe('textarea');
    expect(after.version).toBe(2);
    const stored = await t.ctx.db.selectFrom('sheets').select('column_types').where('spreadsheet_id', '=', spreadsheetId).where('title', '=', 'Orders').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.column_types)).toMatchObject({ City: 'textarea', Amount: 'number' });
  });
});

describe('column changes', () => {
  it('adds a column after another or at the end, refuses clashes and bad names for people', async () => {
    const { spreadsheetId } = await setUp();
    const add = await t.app.inject({ method: 'POST', url: col(spreadsheetId, 'Orders'), headers: as(owner), payload: { name: 'Note', after: 'City', type: 'textarea' } });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({ sheet: { columns: ['City', 'Note', 'Amount', 'Paid'], version: 2, column_types: { Note: 'textarea' } }, blocks: [] });
    const end = await t.app.inject({ method: 'POST', url: col(spreadsheetId, 'Orders'), headers: as(owner), payload: { name: 'Last' } });
    expect(end.json().sheet.columns).toEqual(['City', 'Note', 'Amount', 'Paid', 'Last']);
    const clash = await t.app.inject({ method: 'POST', url: col(spreadsheetId, 'Orders'), headers: as(owner), payload: { name: ' city ' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("This sheet already has a column named 'City'. Choose another name.");
    const empty = await t.app.inject({ method: 'POST', url: col(spreadsheetId, 'Orders'), headers: as(owner), payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Give the column a name');
    const badType = await t.app.inject({ method: 'POST', url: col(spreadsheetId, 'Orders'), headers: as(owner), payload: { name: 'X', type: 'nonsense' } });
    expect(badType.statusCode).toBe(400);
    const afterMissing = await t.app.inject({ method: 'POST', url: col(spreadsheetId, 'Orders'), headers: as(owner), payload: { name: 'Y', after: 'Nope' } });
    expect(afterMissing.statusCode).toBe(404);
    expect(afterMissing.json().message).toBe('Column not found');
    const noSheet = await t.app.inject({ method: 'POST', url: col(spreadsheetId, 'Nope'), headers: as(owner), payload: { name: 'Y' } });
    expect(noSheet.statusCode).toBe(404);
    expect(noSheet.json().message).toBe("Sheet 'Nope' not found");
  });

  it('renames a column in every row and every block that uses it, and lists those blocks', async () => {
    const { spreadsheetId, appId, pageId } = await setUp();
    const table = await addBlock(t.app, owner, appId, { type: 'table', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Amount' }] });
    const chart = await addBlock(t.app, owner, appId, { type: 'chart', sheet_title: 'Orders', x_axis: 'City', axis: [{ column: 'Amount' }] });
    const md = await addBlock(t.app, owner, appId, { type: 'markdown', sheet_title: 'Orders', markdown_text: 'Total: [Amount] in [ City ]' });
    // A block of another sheet reading Orders.Amount through a datasource.
    const card = await addBlock(t.app, owner, appId, { type: 'scorecard', sheet_title: 'Suppliers', axis: [{ source: { sheet: 'Orders', column: 'Amount' }, function: 'sum' }] });
    const untouched = await addBlock(t.app, owner, appId, { type: 'table', sheet_title: 'Suppliers', axis: [{ column: 'Name' }] });

    const usage = await t.app.inject({ method: 'GET', url: `${col(spreadsheetId, 'Orders', 'Amount')}/usage`, headers: as(owner) });
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json().blocks.map((b: { blockId: string }) => b.blockId).sort()).toEqual([table.id, chart.id, md.id, card.id].sort());
    expect(usage.json().blocks.find((b: { blockId: string }) => b.blockId === chart.id)).toEqual({ blockId: chart.id, blockLabel: 'Chart', appId, appName: 'Shop', pageName: expect.any(String) });

    // Warm the cache on the old shape: the rename must not be answered from it.
    expect((await rows(spreadsheetId)).columns).toContain('Amount');
    const res = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'Amount'), headers: as(owner), payload: { name: 'Total € 💶' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sheet).toMatchObject({ columns: ['City', 'Total € 💶', 'Paid'], version: 2 });
    expect(body.blocks.map((b: { blockId: string }) => b.blockId).sort()).toEqual([table.id, chart.id, md.id, card.id].sort());
    expect(body.blocks.map((b: { blockLabel: string }) => b.blockLabel).sort()).toEqual(['Chart', 'Markdown', 'Scorecard', 'Table']);

    const data = await rows(spreadsheetId);
    expect(data.columns).toEqual(['City', 'Total € 💶', 'Paid']);
    expect(data.rows.map((r) => [r.City, r['Total € 💶'], r.Paid, 'Amount' in r])).toEqual([
      ['Paris', 12, true, false],
      ['Köln', 7, false, false],
      ['=cmd|/C calc', 3, true, false],
    ]);

    const pages = (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: as(owner) })).json().pages as { page_id: string; blocks: Record<string, unknown>[] }[];
    const blocks = new Map(pages.find((p) => p.page_id === pageId)!.blocks.map((b) => [b.id as string, b]));
    expect(blocks.get(table.id)!.axis).toMatchObject([{ column: 'City' }, { column: 'Total € 💶' }]);
    expect(blocks.get(chart.id)).toMatchObject({ x_axis: 'City', axis: [{ column: 'Total € 💶' }] });
    expect(blocks.get(md.id)!.markdown_text).toBe('Total: [Total € 💶] in [ City ]');
    expect(blocks.get(card.id)!.axis).toMatchObject([{ source: { sheet: 'Orders', column: 'Total € 💶' } }]);
    expect(blocks.get(untouched.id)!.axis).toMatchObject([{ column: 'Name' }]);

    // A rename to a name another column has (in any case) is refused; an unknown column is 404.
    const clash = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'City'), headers: as(owner), payload: { name: 'PAID' } });
    expect(clash.statusCode).toBe(409);
    const missing = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'Amount'), headers: as(owner), payload: { name: 'X' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Column not found');
    const nothing = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'City'), headers: as(owner), payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain('Say what to change');
    // Only the case changes: allowed.
    const recase = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'City'), headers: as(owner), payload: { name: 'CITY' } });
    expect(recase.statusCode, recase.body).toBe(200);
    expect((await rows(spreadsheetId)).rows[0]).toMatchObject({ CITY: 'Paris' });
  });

  it('a row edited with its version from before a rename is refused as stale (409)', async () => {
    const { spreadsheetId } = await setUp();
    const before = (await rows(spreadsheetId)).rows[0]!;
    expect(before._version).toBe(1);
    const rename = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'City'), headers: as(owner), payload: { name: 'Town' } });
    expect(rename.statusCode, rename.body).toBe(200);
    /** The row's Town set to Nice, sent with the version the editor last read. */
    const moveToNice = (row: Record<string, unknown>, version: number) =>
      t.app.inject({ method: 'PUT', url: `/api/board/${spreadsheetId}/sheet/Orders/rows/${String(row._id)}`, headers: as(owner), payload: { values: { Town: 'Nice' }, _version: version } });
    const stale = await moveToNice(before, 1);
    expect(stale.statusCode, stale.body).toBe(409);
    const fresh = (await rows(spreadsheetId)).rows[0]!;
    expect(fresh).toMatchObject({ Town: 'Paris', _version: 2 });
    const ok = await moveToNice(fresh, 2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await rows(spreadsheetId)).rows[0]).toMatchObject({ Town: 'Nice', _version: 3 });
  });

  it('moves a column and deletes one from every row (blocks left as they are)', async () => {
    const { spreadsheetId, appId } = await setUp();
    const table = await addBlock(t.app, owner, appId, { type: 'table', sheet_title: 'Orders', axis: [{ column: 'Paid' }] });
    const move = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'Paid'), headers: as(owner), payload: { position: 0 } });
    expect(move.statusCode, move.body).toBe(200);
    expect(move.json().sheet).toMatchObject({ columns: ['Paid', 'City', 'Amount'], version: 2 });
    const past = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Orders', 'Paid'), headers: as(owner), payload: { position: 3 } });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('This sheet has 3 columns: choose a position from 1 to 3');
    expect((await rows(spreadsheetId)).columns).toEqual(['Paid', 'City', 'Amount']);

    const usage = await t.app.inject({ method: 'GET', url: `${col(spreadsheetId, 'Orders', 'paid')}/usage`, headers: as(owner) });
    expect(usage.json().blocks).toEqual([expect.objectContaining({ blockId: table.id, blockLabel: 'Table' })]);
    const del = await t.app.inject({ method: 'DELETE', url: col(spreadsheetId, 'Orders', 'Paid'), headers: as(owner) });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ sheet: { columns: ['City', 'Amount'], version: 3 }, blocks: [] });
    const data = await rows(spreadsheetId);
    expect(data.columns).toEqual(['City', 'Amount']);
    for (const r of data.rows) expect('Paid' in r).toBe(false);
    const stored = await t.ctx.db.selectFrom('sheet_rows').innerJoin('sheets', 'sheets.id', 'sheet_rows.sheet_id').select('data').where('sheets.spreadsheet_id', '=', spreadsheetId).where('sheets.title', '=', 'Orders').execute();
    for (const r of stored) expect(Object.keys(JSON.parse(r.data))).not.toContain('Paid');
    const again = await t.app.inject({ method: 'DELETE', url: col(spreadsheetId, 'Orders', 'Paid'), headers: as(owner) });
    expect(again.statusCode).toBe(404);
    const last = await t.app.inject({ method: 'DELETE', url: col(spreadsheetId, 'Suppliers', 'Name'), headers: as(owner) });
    expect(last.statusCode).toBe(400);
  });

  it('a column named with a double quote is renamed and deleted too', async () => {
    const { spreadsheetId } = await boardWithSheets(t.app, owner, 'Quotes', [{ title: 'Q', columns: ['Size "XL"', 'B'], rows: [{ 'Size "XL"': 1, B: 'x' }] }]);
    const r = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Q', 'Size "XL"'), headers: as(owner), payload: { name: 'Size' } });
    expect(r.statusCode, r.body).toBe(200);
    expect((await rows(spreadsheetId, 'Q')).rows[0]).toMatchObject({ Size: 1, B: 'x' });
    const back = await t.app.inject({ method: 'PATCH', url: col(spreadsheetId, 'Q', 'Size'), headers: as(owner), payload: { name: 'a"b' } });
    expect(back.statusCode).toBe(200);
    const d = await t.app.inject({ method: 'DELETE', url: col(spreadsheetId, 'Q', 'a"b'), headers: as(owner) });
    expect(d.statusCode, d.body).toBe(200);
    expect((await rows(spreadsheetId, 'Q')).rows[0]).toEqual({ B: 'x', _id: '0', _version: 4 });
  });

  it("is the owner's and the workspace editors': others get 404 or 401 and change nothing", async () => {
    const { spreadsheetId } = await setUp();
    const calls = [
      { method: 'POST' as const, url: col(spreadsheetId, 'Orders'), payload: { name: 'Hack' } },
      { method: 'PATCH' as const, url: col(spreadsheetId, 'Orders', 'City'), payload: { name: 'Hack' } },
      { method: 'DELETE' as const, url: col(spreadsheetId, 'Orders', 'City') },
      { method: 'GET' as const, url: `${col(spreadsheetId, 'Orders', 'City')}/usage` },
      { method: 'GET' as const, url: `/api/spreadsheets/${spreadsheetId}/export?sheet=Orders` },
    ];
    for (const c of calls) {
      expect((await t.app.inject({ ...c, headers: as(other) })).statusCode, `other ${c.method} ${c.url}`).toBe(404);
      expect((await t.app.inject({ ...c })).statusCode, `nobody ${c.method} ${c.url}`).toBe(401);
    }
    expect((await spreadsheet(spreadsheetId)).sheets[0]!.columns).toEqual(['City', 'Amount', 'Paid']);
    const byEditor = await t.app.inject({ method: 'POST', url: col(spreadsheetId, 'Orders'), headers: as(editor), payload: { name: 'From editor' } });
    expect(byEditor.statusCode, byEditor.body).toBe(201);
  });
});

function csv(text: string) {
  return Buffer.from(text, 'utf8');
}

async function reimport(spreadsheetId: string, file: Buffer, name: string, fields: Record<string, string>) {
  const m = multipart(name, file, fields);
  return t.app.inject({ method: 'POST', url: `/api/spreadsheets/${spreadsheetId}/reimport`, payload: m.payload, headers: { ...m.headers, ...as(owner) } });
}

describe('re-import', () => {
  it('replace: a preview says what changes and writes nothing; then the rows are the file’s, with new ids', async () => {
    const { spreadsheetId } = await setUp();
    await rows(spreadsheetId); // cached
    const file = csv('city,Amount,Extra\nRome,1,a\nOslo,2,b\n');
    const preview = await reimport(spreadsheetId, file, 'Orders.csv', { mode: 'replace', preview: 'true' });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.mode).toBe('replace');
    expect(p.sheets).toEqual([
      { title: 'Orders', status: 'matched', matchedColumns: ['City', 'Amount'], newColumns: ['Extra'], missingColumns: ['Paid'], rowsBefore: 3, rowsAfter: 2, sample: [{ City: 'Rome', Amount: 1, Extra: 'a' }, { City: 'Oslo', Amount: 2, Extra: 'b' }] },
      { title: 'Suppliers', status: 'missing', matchedColumns: [], newColumns: [], missingColumns: [], rowsBefore: 1, rowsAfter: 1, sample: [] },
    ]);
    expect((await rows(spreadsheetId)).total).toBe(3);
    expect((await spreadsheet(spreadsheetId)).sheets[0]!.version).toBe(1);

    const res = await reimport(spreadsheetId, file, 'Orders.csv', { mode: 'replace' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().spreadsheet.sheets[0]).toMatchObject({ title: 'Orders', columns: ['City', 'Amount', 'Paid', 'Extra'], row_count: 2, version: 2 });
    const data = await rows(spreadsheetId);
    expect(data.total).toBe(2);
    expect(data.rows.map((r) => [r._id, r.City, r.Amount, r.Extra])).toEqual([
      ['3', 'Rome', 1, 'a'],
      ['4', 'Oslo', 2, 'b'],
    ]);
  });

  it('append: rows after the existing ones with new row indexes; a sheet only the file has is added', async () => {
    const { spreadsheetId } = await setUp();
    await rows(spreadsheetId);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('orders').addRows([['CITY', 'amount'], ['Berlin', 5]]);
    wb.addWorksheet('Staff').addRows([['Who'], ['Ann'], ['Bob']]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = await reimport(spreadsheetId, file, 'shop.xlsx', { mode: 'append', preview: 'true' });
    expect(preview.statusCode, preview.body).toBe(200);
    const sheets = preview.json().sheets as { title: string; status: string; rowsBefore: number; rowsAfter: number; newColumns: string[]; missingColumns: string[] }[];
    expect(sheets.map((s) => [s.title, s.status, s.rowsBefore, s.rowsAfter])).toEqual([
      ['Orders', 'matched', 3, 4],
      ['Staff', 'new', 0, 2],
      ['Suppliers', 'missing', 1, 1],
    ]);
    expect(sheets[0]).toMatchObject({ newColumns: [], missingColumns: ['Paid'] });

    const res = await reimport(spreadsheetId, file, 'shop.xlsx', { mode: 'append' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().spreadsheet.sheets.map((s: { title: string; row_count: number }) => [s.title, s.row_count])).toEqual([
      ['Orders', 4],
      ['Suppliers', 1],
      ['Staff', 2],
    ]);
    const data = await rows(spreadsheetId);
    expect(data.rows.map((r) => [r._id, r.City, r.Amount])).toEqual([
      ['0', 'Paris', 12],
      ['1', 'Köln', 7],
      ['2', '=cmd|/C calc', 3],
      ['3', 'Berlin', 5],
    ]);
    expect((await rows(spreadsheetId, 'Staff')).rows.map((r) => r.Who)).toEqual(['Ann', 'Bob']);
    // The next row added gets the next index.
    const added = await t.app.inject({ method: 'POST', url: `/api/board/${spreadsheetId}/sheet/Orders/rows`, headers: as(owner), payload: { values: { City: 'Metz' } } });
    expect(added.json().row._id).toBe('4');
  });

  it('refuses a missing mode, a missing file and a bad file with words for people; others may not re-import', async () => {
    const { spreadsheetId } = await setUp();
    const noMode = await reimport(spreadsheetId, csv('a\n1\n'), 'x.csv', {});
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json().message).toBe("Choose whether the file replaces the sheet's rows or is added after them (mode: 'replace' or 'append')");
    const bad = await reimport(spreadsheetId, Buffer.from('%PDF-1.4'), 'x.pdf', { mode: 'replace' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Only CSV and XLSX files can be imported');
    const json = await t.app.inject({ method: 'POST', url: `/api/spreadsheets/${spreadsheetId}/reimport`, headers: as(owner), payload: {} });
    expect(json.statusCode).toBe(400);
    const m = multipart('Orders.csv', csv('City\nX\n'), { mode: 'replace' });
    const byOther = await t.app.inject({ method: 'POST', url: `/api/spreadsheets/${spreadsheetId}/reimport`, payload: m.payload, headers: { ...m.headers, ...as(other) } });
    expect(byOther.statusCode).toBe(404);
    expect((await rows(spreadsheetId)).total).toBe(3);
  });
});

describe('export', () => {
  it('CSV: an attachment with a safe name, a BOM, Unicode kept and formulas defused', async () => {
    const { spreadsheetId } = await setUp('Ventes été');
    const res = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${spreadsheetId}/export?sheet=Orders&format=csv`, headers: as(owner) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Ventes _t_ - Orders.csv"; filename*=UTF-8''Ventes%20%C3%A9t%C3%A9%20-%20Orders.csv`);
    expect(res.body).toBe('\uFEFFCity,Amount,Paid\r\nParis,12,true\r\nKöln,7,false\r\n\'=cmd|/C calc,3,true\r\n');
    const missing = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${spreadsheetId}/export?sheet=Nope`, headers: as(owner) });
    expect(missing.statusCode).toBe(404);
    const noSheet = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${spreadsheetId}/export`, headers: as(owner) });
    expect(noSheet.statusCode).toBe(400);
    const badFormat = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${spreadsheetId}/export?sheet=Orders&format=pdf`, headers: as(owner) });
    expect(badFormat.statusCode).toBe(400);
  });

  it('XLSX: a workbook exceljs reads back, numbers as numbers', async () => {
    const { spreadsheetId } = await setUp();
    const res = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${spreadsheetId}/export?sheet=Orders&format=xlsx`, headers: as(owner) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Orders');
    const values = ws.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['City', 'Amount', 'Paid'],
      ['Paris', 12, true],
      ['Köln', 7, false],
      ['=cmd|/C calc', 3, true],
    ]);
    // Text that looks like a formula is text in the workbook, never a formula.
    expect(ws.getCell('A4').type).toBe(ExcelJS.ValueType.String);
  });

  it('names files safely', () => {
    expect(contentDisposition('a/b\\c"d\u0007.csv')).toBe(`attachment; filename="a b c d .csv"; filename*=UTF-8''a%20b%20c%20d%20.csv`);
    expect(contentDisposition('東京 (1).csv')).toBe(`attachment; filename="__ (1).csv"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC%20%281%29.csv`);
  });
});
