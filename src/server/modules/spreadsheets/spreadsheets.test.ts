import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { SheetDataResponse, SpreadsheetResponse, SpreadsheetsResponse } from '../../../shared/api';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, multipart, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { workspaceRepo } from '../../data/workspace/repo';
import { liveImportWorkers } from '../../sheets';
import { spreadsheetsRepo } from '../../data/spreadsheets/repo';
import { isImporting, storeSheets } from './service';

const t = testServer({ maxImportMb: 0.05 }); // 50 KB, so the limit is testable
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  other = await signUp(t.app, 'Other');
});

async function upload(user: TestUser, filename: string, content: Buffer | string, extra: Record<string, string> = {}) {
  const { payload, headers } = multipart(filename, content, extra);
  return t.app.inject({ method: 'POST', url: '/api/spreadsheets', payload, headers: { ...headers, cookie: user.cookie } });
}

async function xlsx(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('CSV import', () => {
  it('keeps numbers as numbers, codes as text, names blank and repeated headers, drops trailing blank rows', async () => {
    const csv = '\uFEFFName,Amount,,Code,Name\r\nAda,12.5,x,007,first\r\n"Lovelace, A",-3,,+33 6 12,second\r\n,,,,\r\n\r\n';
    const res = await upload(owner, 'people.csv', csv);
    expect(res.statusCode).toBe(201);
    expect(SpreadsheetResponse.safeParse(res.json()).error).toBeUndefined();
    const { spreadsheet } = res.json();
    expect(spreadsheet).toMatchObject({ id: expect.any(String), title: 'people' });
    expect(spreadsheet.sheets).toEqual([{ title: 'people', columns: ['Name', 'Amount', 'Column 3', 'Code', 'Name 2'], row_count: 2 }]);
    const data = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheet.id}/sheet/people`, headers: { cookie: owner.cookie } });
    expect(data.statusCode).toBe(200);
    expect(SheetDataResponse.safeParse(data.json()).error).toBeUndefined();
    expect(data.json()).toEqual({
      columns: ['Name', 'Amount', 'Column 3', 'Code', 'Name 2'],
      total: 2,
      rows: [
        { Name: 'Ada', Amount: 12.5, 'Column 3': 'x', Code: '007', 'Name 2': 'first', _id: '0', _version: 1 },
        { Name: 'Lovelace, A', Amount: -3, 'Column 3': '', Code: '+33 6 12', 'Name 2': 'second', _id: '1', _version: 1 },
      ],
    });
  });

  it('warms the sheet cache with exactly what the database holds', async () => {
    const res = await upload(owner, 'warm.csv', 'k,v,n\n1,a,\n2,,3.5\n');
    const id = res.json().spreadsheet.id;
    await new Promise((r) => setImmediate(r));
    const url = `/api/board/${id}/sheet/warm`;
    const warmed = (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json();
    const sheet = await t.ctx.db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', id).executeTakeFirstOrThrow();
    t.ctx.sheetCache.invalidate(sheet.id);
    const fromDb = (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json();
    expect(warmed).toEqual(fromDb);
    expect(fromDb.rows).toEqual([
      { k: 1, v: 'a', n: '', _id: '0', _version: 1 },
      { k: 2, v: '', n: 3.5, _id: '1', _version: 1 },
    ]);
  });

  it('reads a Windows-1252 CSV (what Excel saves as "CSV" on western Windows) with its names right', async () => {
    // Müller;Köln;Ærø;€ in Windows-1252 bytes: ü=FC, ö=F6, Æ=C6, ø=F8, €=80 (not valid UTF-8).
    const text = 'Name;City;Price\r\nMüller;Köln;10 €\r\nÆrø;Ærøskøbing;€\r\n';
    const bytes = Buffer.from([...text].map((ch) => (ch === '€' ? 0x80 : ch.charCodeAt(0))));
    const res = await upload(owner, 'kunden.csv', bytes);
    expect(res.statusCode).toBe(201);
    const id = res.json().spreadsheet.id;
    const url = `/api/board/${id}/sheet/kunden`;
    const expected = [
      { Name: 'Müller', City: 'Köln', Price: '10 €', _id: '0', _version: 1 },
      { Name: 'Ærø', City: 'Ærøskøbing', Price: '€', _id: '1', _version: 1 },
    ];
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json().rows).toEqual(expected);
    // And what the database stored, not only the cache the import warmed.
    t.ctx.sheetCache.invalidate((await t.ctx.db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', id).executeTakeFirstOrThrow()).id);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json().rows).toEqual(expected);
  });

  it('reads a UTF-16 CSV with a byte order mark (Excel "Unicode Text", tab-separated)', async () => {
    const text = 'Name\tCity\r\nMüller\tKöln\r\n';
    const res = await upload(owner, 'unicode.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(res.statusCode).toBe(201);
    const data = await t.app.inject({ method: 'GET', url: `/api/board/${res.json().spreadsheet.id}/sheet/unicode`, headers: { cookie: owner.cookie } });
    expect(data.json().rows).toEqual([{ Name: 'Müller', City: 'Köln', _id: '0', _version: 1 }]);
  });

  it('takes the title from a form field when given', async () => {
    const res = await upload(owner, 'x.csv', 'a,b\n1,2\n', { title: 'Quarterly numbers' });
    expect(res.statusCode).toBe(201);
    expect(res.json().spreadsheet.title).toBe('Quarterly numbers');
  });
});

describe('odd column names', () => {
  it.each(['__proto__', 'constructor', 'toString'])('a column named %s keeps its values (stored, cached and projected)', async (name) => {
    const res = await upload(owner, 'odd.csv', `${name},b\nkept,1\n`);
    expect(res.statusCode).toBe(201);
    const id = res.json().spreadsheet.id;
    const url = `/api/board/${id}/sheet/odd`;
    // First read: the cache warmed from the parsed upload; then from the database.
    const warm = (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json();
    expect(JSON.parse(JSON.stringify(warm.rows))).toEqual([JSON.parse(`{"${name}":"kept","b":1,"_id":"0","_version":1}`)]);
    t.ctx.sheetCache.invalidate((await t.ctx.db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', id).executeTakeFirstOrThrow()).id);
    const cold = await t.app.inject({ method: 'GET', url: `${url}?fields=${encodeURIComponent(name)}&q=kept`, headers: { cookie: owner.cookie } });
    expect(cold.body).toBe(`{"rows":[{"${name}":"kept","_id":"0","_version":1}],"columns":["${name}"],"total":1}`);
  });
});

describe('XLSX import', () => {
  it('imports every tab, with formula results, ISO dates and rich text', async () => {
    const buf = await xlsx((wb) => {
      const a = wb.addWorksheet('Sales');
      a.addRow(['Region', 'Q1', 'Q2', 'Total', 'Day']);
      a.addRow(['North', 10, 20, { formula: 'B2+C2', result: 30 }, new Date(Date.UTC(2025, 2, 14))]);
      a.addRow([{ richText: [{ text: 'So' }, { text: 'uth' }] }, 5, 7, { formula: 'B3+C3', result: 12 }, new Date(Date.UTC(2025, 2, 15, 9, 30))]);
      a.addRow([]);
      const b = wb.addWorksheet('Team');
      b.addRow(['Name', 'Role']);
      b.addRow(['Grace', 'Admiral']);
      wb.addWorksheet('Empty');
    });
    const res = await upload(owner, 'book.xlsx', buf);
    expect(res.statusCode).toBe(201);
    const { spreadsheet } = res.json();
    expect(spreadsheet.title).toBe('book');
    expect(spreadsheet.sheets).toEqual([
      { title: 'Sales', columns: ['Region', 'Q1', 'Q2', 'Total', 'Day'], row_count: 2 },
      { title: 'Team', columns: ['Name', 'Role'], row_count: 1 },
    ]);
    const rows = (await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheet.id}/sheet/Sales`, headers: { cookie: owner.cookie } })).json().rows;
    expect(rows).toEqual([
      { Region: 'North', Q1: 10, Q2: 20, Total: 30, Day: '2025-03-14', _id: '0', _version: 1 },
      { Region: 'South', Q1: 5, Q2: 7, Total: 12, Day: '2025-03-15T09:30:00.000Z', _id: '1', _version: 1 },
    ]);
  });

  it('names the tab whose first row is blank', async () => {
    const buf = await xlsx((wb) => {
      wb.addWorksheet('Good').addRow(['a']);
      const bad = wb.addWorksheet('Bad');
      bad.getCell('A3').value = 'data without a header';
    });
    const res = await upload(owner, 'bad.xlsx', buf);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The first row must hold column names (tab 'Bad')");
  });

  it('names blank and repeated XLSX headers like CSV ones', async () => {
    const buf = await xlsx((wb) => {
      const ws = wb.addWorksheet('Dupes');
      ws.getCell('A1').value = 'Name';
      ws.getCell('C1').value = 'name';
      ws.getCell('A2').value = 'x';
      ws.getCell('B2').value = 1;
      ws.getCell('C2').value = 'y';
      ws.getCell('D2').value = 'extra';
    });
    const res = await upload(owner, 'dupes.xlsx', buf);
    expect(res.statusCode).toBe(201);
    expect(res.json().spreadsheet.sheets[0].columns).toEqual(['Name', 'Column 2', 'name 2', 'Column 4']);
  });

  it('detects XLSX by its bytes, whatever the name says', async () => {
    const buf = await xlsx((wb) => {
      wb.addWorksheet('Only').addRow(['k']).commit();
      wb.getWorksheet('Only')!.addRow(['v']);
    });
    const res = await upload(owner, 'upload.bin', buf);
    expect(res.statusCode).toBe(201);
    expect(res.json().spreadsheet.sheets[0]).toMatchObject({ title: 'Only', columns: ['k'], row_count: 1 });
  });
});

describe('bad files', () => {
  it.each([
    ['photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'Only CSV and XLSX files can be imported'],
    ['old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'Only CSV and XLSX files can be imported'],
    ['fake.xlsx', Buffer.from('a,b\n1,2\n'), 'Only CSV and XLSX files can be imported'],
    ['empty.csv', Buffer.alloc(0), 'The file is empty'],
    ['blank.csv', Buffer.from('\n\n  \n'), 'The file is empty'],
    ['noheader.csv', Buffer.from(',,\n1,2,3\n'), 'The first row must hold column names'],
    ['broken.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]), 'The XLSX file could not be read; save it again from your spreadsheet program and retry'],
  ])('%s → 400', async (name, content, message) => {
    const res = await upload(owner, name, content);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a file over MAX_IMPORT_MB and leaves nothing behind', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: owner.cookie } })).json().spreadsheets.length;
    const big = 'a,b\n' + '1234567890,abcdefghij\n'.repeat(5000); // ~110 KB > 50 KB
    const res = await upload(owner, 'big.csv', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is larger than the 0.05 MB limit');
    const after = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: owner.cookie } })).json().spreadsheets.length;
    expect(after).toBe(before);
  });

  it('refuses a JSON spreadsheet over MAX_IMPORT_MB with 400 and the limit, like a file', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ a: `row ${i} abcdefghijklmnopqrstuvwxyz` }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/spreadsheets',
      headers: { cookie: owner.cookie },
      payload: { title: 'Big', sheets: [{ title: 'S', columns: ['a'], rows }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The file is larger than the 0.05 MB limit', code: 'bad_request' });
    // Past the route's hard body limit Fastify itself refuses it: still 400 with the limit.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/spreadsheets',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Huge', sheets: [{ title: 'S', columns: ['a'], rows: [{ a: 'x'.repeat(1_200_000) }] }] }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The file is larger than the 0.05 MB limit');
  });

  it('an import that fails half-way leaves no spreadsheet, sheet or row', async () => {
    const count = async () => ({
      s: (await t.ctx.db.selectFrom('spreadsheets').select('id').execute()).length,
      sh: (await t.ctx.db.selectFrom('sheets').select('id').execute()).length,
      r: (await t.ctx.db.selectFrom('sheet_rows').select('sheet_id').execute()).length,
    });
    const before = await count();
    // Second sheet collides on the unique (spreadsheet, title) index only inside the database:
    // the first sheet's rows were already written in the same transaction.
    const { storeSpreadsheet } = await import('./service');
    const ws = await t.ctx.db.selectFrom('workspaces').select('id').executeTakeFirstOrThrow();
    await expect(
      storeSpreadsheet(t.ctx, ws.id, 'Broken', [
        { title: 'A', columns: ['x'], rows: [[1], [2]] },
        { title: 'A', columns: ['x'], rows: [[3]] },
      ], 'upload'),
    ).rejects.toThrow();
    expect(await count()).toEqual(before);
  });

  it('refuses an XLSX whose one far cell makes a huge grid, leaving nothing behind', async () => {
    const before = (await t.ctx.db.selectFrom('spreadsheets').select('id').execute()).length;
    const buf = await xlsx((wb) => {
      const ws = wb.addWorksheet('Sparse');
      ws.getCell('A1').value = 'a';
      ws.getCell('XFD1048576').value = 'corner';
    });
    const res = await upload(owner, 'sparse.xlsx', buf);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A sheet has more than 1,000,000 rows; split the file and import the parts separately');
    expect((await t.ctx.db.selectFrom('spreadsheets').select('id').execute()).length).toBe(before);
  });

  it('a cut-off or malformed upload is 400, not 500', async () => {
    const { payload, headers } = multipart('a.csv', 'a,b\n1,2\n');
    const cut = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', payload: payload.subarray(0, payload.length - 20), headers: { ...headers, cookie: owner.cookie } });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('The upload was cut off or malformed; please try again');
    const noBoundary = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', payload: 'x', headers: { 'content-type': 'multipart/form-data', cookie: owner.cookie } });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe('The upload was cut off or malformed; please try again');
  });

  it('asks for the file field', async () => {
    const { payload, headers } = multipart('a.csv', 'a\n1\n', {}, 'document');
    const res = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', payload, headers: { ...headers, cookie: owner.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/form field 'file'/);
  });

  it('requires a session', async () => {
    const { payload, headers } = multipart('a.csv', 'a\n1\n');
    expect((await t.app.inject({ method: 'POST', url: '/api/spreadsheets', payload, headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/spreadsheets' })).statusCode).toBe(401);
  });
});

describe('JSON spreadsheets', () => {
  it('creates one from a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/spreadsheets',
      headers: { cookie: owner.cookie },
      payload: { title: 'Inventory', sheets: [{ title: 'Stock', columns: ['Item', 'Qty'], rows: [{ Item: 'Bolt', Qty: 4 }, { Item: 'Nut' }] }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().spreadsheet).toMatchObject({ title: 'Inventory', sheets: [{ title: 'Stock', columns: ['Item', 'Qty'], row_count: 2 }] });
  });

  it.each([
    [{ title: '', sheets: [] }, 'title'],
    [{ title: 'T', sheets: [] }, 'sheets'],
    [{ title: 'T', sheets: [{ title: 'S', columns: [], rows: [] }] }, 'sheets.0.columns'],
    [{ title: 'T', sheets: [{ title: 'S', columns: ['a'], rows: [{ b: 1 }] }] }, 'sheets.0.rows.0.b'],
    [{ title: 'T', sheets: [{ title: 'S', columns: ['a', 'a'], rows: [] }] }, 'sheets.0.columns.1'],
  ])('refuses %o naming %s', async (payload, path) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: { cookie: owner.cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe(path);
  });
});

describe('JSON spreadsheet limits', () => {
  it('applies the file limits to JSON bodies, before validating them', async () => {
    const { checkJsonSpreadsheetSize } = await import('./service');
    const limits = { maxRows: 3, maxCells: 20, maxUnzippedBytes: 1 };
    const body = (rows: number, columns: number) => ({ sheets: [{ columns: Array.from({ length: columns }, (_, i) => `c${i}`), rows: Array.from({ length: rows }, () => ({})) }] });
    expect(() => checkJsonSpreadsheetSize(body(3, 5), limits)).not.toThrow();
    expect(() => checkJsonSpreadsheetSize(body(4, 1), limits)).toThrow('A sheet has more than 3 rows');
    expect(() => checkJsonSpreadsheetSize(body(3, 6), limits)).toThrow('The file has more than 20 cells');
    expect(() => checkJsonSpreadsheetSize({ sheets: 'nope' }, limits)).not.toThrow();
    expect(() => checkJsonSpreadsheetSize(null, limits)).not.toThrow();
  });

  it('refuses a JSON body of more than a million rows over HTTP', async () => {
    const big = await createTestApp({ maxImportMb: 10 });
    try {
      const u = await signUp(big.app);
      const payload = `{"title":"T","sheets":[{"title":"S","columns":["a"],"rows":[${Array(1_000_001).fill('{}').join(',')}]}]}`;
      const res = await big.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: { cookie: u.cookie, 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A sheet has more than 1,000,000 rows; split the file and import the parts separately');
    } finally {
      await big.close();
    }
  });
});

describe('reading and deleting', () => {
  it('lists only the workspace own spreadsheets and hides others (404)', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: owner.cookie } })).json();
    expect(SpreadsheetsResponse.safeParse(list).error).toBeUndefined();
    const mine = list.spreadsheets;
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: other.cookie } })).json().spreadsheets;
    expect(mine.length).toBeGreaterThan(1);
    expect(theirs).toHaveLength(1);
    const id = mine[0].id;
    const get = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${id}`, headers: { cookie: owner.cookie } });
    expect(get.statusCode).toBe(200);
    expect(get.json().spreadsheet.id).toBe(id);
    const hidden = await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${id}`, headers: { cookie: other.cookie } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Spreadsheet not found');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/spreadsheets/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });

  it('deletes an unused spreadsheet and refuses one an app uses (409)', async () => {
    const created = (await upload(owner, 'temp.csv', 'a\n1\n')).json().spreadsheet;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/spreadsheets/${created.id}`, headers: { cookie: owner.cookie } });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/spreadsheets/${created.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('sheet_rows').innerJoin('sheets', 'sheets.id', 'sheet_rows.sheet_id').select('sheets.id').where('sheets.spreadsheet_id', '=', created.id).execute()).toEqual([]);

    const sample = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: other.cookie } })).json().spreadsheets[0];
    const used = await t.app.inject({ method: 'DELETE', url: `/api/spreadsheets/${sample.id}`, headers: { cookie: other.cookie } });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/^This spreadsheet is used by 'Sales board'/);
  });
});

describe('one import at a time per account', () => {
  it('refuses a second import while the first runs (409), lets other accounts import, and the first completes', async () => {
    const user = await signUp(t.app, 'Importer');
    // The first upload arrives slowly: its import has begun and waits for the rest of the file.
    const { payload, headers } = multipart('first.csv', 'a,b\n1,2\n3,4\n');
    const body = new PassThrough();
    body.write(payload.subarray(0, payload.length - 20));
    const first = t.app.inject({ method: 'POST', url: '/api/spreadsheets', payload: body, headers: { ...headers, cookie: user.cookie } });
    await vi.waitFor(() => expect(isImporting(user.id)).toBe(true));

    const second = await upload(user, 'second.csv', 'x\n1\n');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'Another import of yours is still running. Wait for it to finish, then import this file.', code: 'conflict' });
    const json = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: { cookie: user.cookie }, payload: { title: 'J', sheets: [{ title: 'S', columns: ['a'], rows: [] }] } });
    expect(json.statusCode).toBe(409);
    expect((await upload(other, 'theirs.csv', 'x\n1\n')).statusCode).toBe(201);

    body.end(payload.subarray(payload.length - 20));
    const done = await first;
    expect(done.statusCode).toBe(201);
    expect(done.json().spreadsheet.sheets).toEqual([{ title: 'first', columns: ['a', 'b'], row_count: 2 }]);
    const titles = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: user.cookie } })).json().spreadsheets.map((s: { title: string }) => s.title);
    expect(titles).toContain('first');
    expect(titles).not.toContain('second');
    expect((await upload(user, 'third.csv', 'x\n1\n')).statusCode).toBe(201);
  });

  it('a refused file frees the account for the next import and leaves no worker behind', async () => {
    const user = await signUp(t.app, 'Refused');
    const bad = await upload(user, 'noheader.csv', ',,\n1,2,3\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The first row must hold column names');
    expect(liveImportWorkers()).toBe(0);
    expect(isImporting(user.id)).toBe(false);
    const good = await upload(user, 'good.csv', 'a\n1\n');
    expect(good.statusCode).toBe(201);
    expect(liveImportWorkers()).toBe(0);
  });

  it('stops reading a file that takes too long, says so, and frees the account', async () => {
    const slow = await createTestApp({ importReadTimeoutMs: 1 }); // the worker has not even started by then
    try {
      const user = await signUp(slow.app, 'Slow');
      const { payload, headers } = multipart('a.csv', 'a\n1\n');
      const res = await slow.app.inject({ method: 'POST', url: '/api/spreadsheets', payload, headers: { ...headers, cookie: user.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Reading the file took more than 1 second; split it and import the parts separately');
      expect(liveImportWorkers()).toBe(0);
      expect(isImporting(user.id)).toBe(false);
    } finally {
      await slow.close();
    }
  });

  it('an import is listed only once all its rows are stored', async () => {
    const user = await signUp(t.app, 'Lister');
    const ws = (await workspaceRepo(t.ctx.db).ownedBy(user.id))[0]!;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let handed = 0;
    const source = {
      sheets: [{ title: 'S', columns: ['n'], rowCount: 4 }],
      async next() {
        if (handed === 1) await gate; // the second batch waits until the test has looked
        if (handed >= 2) return null;
        return { sheet: 0, first: 2 * handed, json: [2 * handed, 2 * handed++ + 1].map((n) => JSON.stringify({ n })) };
      },
    };
    const storing = storeSheets(t.ctx, ws.id, 'Half done', source, 'upload');
    await vi.waitFor(() => expect(handed).toBe(1));
    const list = async () => (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: user.cookie } })).json().spreadsheets.map((s: { title: string }) => s.title);
    expect(await list()).not.toContain('Half done');
    open();
    const { spreadsheet } = await storing;
    expect(await list()).toContain('Half done');
    const rows = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheet.id}/sheet/S`, headers: { cookie: user.cookie } });
    expect(rows.json().rows.map((r: { n: number }) => r.n)).toEqual([0, 1, 2, 3]);
  });

  it("the owner's next import removes what an import cut off by a stop left behind", async () => {
    const user = await signUp(t.app, 'Crashed');
    const ws = (await workspaceRepo(t.ctx.db).ownedBy(user.id))[0]!;
    const repo = spreadsheetsRepo(t.ctx.db);
    await repo.insertSpreadsheet({ id: 'leftover-import-1', workspace_id: ws.id, title: 'Cut off', source: 'importing', created_at: new Date().toISOString() });
    await repo.insertSheet({ id: 'leftover-sheet-1', spreadsheet_id: 'leftover-import-1', title: 'S', position: 0, columns: '["a"]', row_count: 2, version: 1, updated_at: new Date().toISOString(), next_row_index: 2 });
    await repo.insertRows('leftover-sheet-1', ['{"a":1}']);
    expect((await upload(user, 'next.csv', 'a\n1\n')).statusCode).toBe(201);
    expect(await repo.findById('leftover-import-1')).toBeUndefined();
    expect(await t.ctx.db.selectFrom('sheet_rows').select('row_index').where('sheet_id', '=', 'leftover-sheet-1').execute()).toEqual([]);
  });
});
