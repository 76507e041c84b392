// The import preview (issue 13): POST /api/spreadsheets/preview reads a file as an import would and
// stores nothing; POST /api/spreadsheets takes the owner's choices (encoding, delimiter, header,
// column types) and stores the types.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportPreviewResponse } from '../../../shared/api/spreadsheets';
import { multipart, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { liveImportWorkers } from '../../sheets';

const t = testServer();
let owner: TestUser;

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
});

/** Latin-1 bytes of text (every character below U+0100). */
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const KUNDEN = 'Name;Stadt;Betrag\r\nMüller;Köln;12\r\nJürgen Größ;München;7\r\n';

async function send(url: string, filename: string, content: Buffer | string, fields: Record<string, string> = {}, user: TestUser | null = owner) {
  const { payload, headers } = multipart(filename, content, fields);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });
}
const preview = (filename: string, content: Buffer | string, fields: Record<string, string> = {}) => send('/api/spreadsheets/preview', filename, content, fields);
const importFile = (filename: string, content: Buffer | string, fields: Record<string, string> = {}) => send('/api/spreadsheets', filename, content, fields);

async function storedTypes(spreadsheetId: string) {
  const rows = await t.ctx.db.selectFrom('sheets').select(['title', 'column_types']).where('spreadsheet_id', '=', spreadsheetId).orderBy('position').execute();
  return rows.map((r) => ({ title: r.title, types: JSON.parse(r.column_types) as Record<string, string> }));
}

async function spreadsheetCount() {
  const row = await t.ctx.db.selectFrom('spreadsheets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/spreadsheets/preview', () => {
  it('reads a Latin-1 CSV as Windows-1252: Müller and Köln, the semicolon, the first rows and guessed types; nothing is stored', async () => {
    const before = await spreadsheetCount();
    const res = await preview('kunden.csv', latin1(KUNDEN));
    expect(res.statusCode, res.body).toBe(200);
    const body = ImportPreviewResponse.parse(res.json());
    expect(body).toEqual({
      encoding: 'windows-1252',
      delimiter: ';',
      header: true,
      sheets: [
        {
          title: 'kunden',
          columns: [
            { name: 'Name', type: 'text' },
            { name: 'Stadt', type: 'text' },
            { name: 'Betrag', type: 'number' },
          ],
          rows: [
            ['Müller', 'Köln', 12],
            ['Jürgen Größ', 'München', 7],
          ],
          row_count: 2,
        },
      ],
    });
    expect(await spreadsheetCount()).toBe(before);
    expect(liveImportWorkers()).toBe(0);
  });

  it('shows the first 20 rows and counts them all', async () => {
    const csv = 'n|sq\n' + Array.from({ length: 45 }, (_, i) => `${i}|${i * i}`).join('\n') + '\n\n';
    const body = (await preview('squares.csv', csv)).json() as ImportPreviewResponse;
    expect(body.delimiter).toBe('|');
    expect(body.encoding).toBe('utf-8');
    expect(body.sheets[0]!.rows).toHaveLength(20);
    expect(body.sheets[0]!.rows[19]).toEqual([19, 361]);
    expect(body.sheets[0]!.row_count).toBe(45);
  });

  it('reads the file in the encoding and with the delimiter the owner chose', async () => {
    const utf8 = await preview('kunden.csv', latin1(KUNDEN), { encoding: 'utf-8' });
    expect(utf8.statusCode).toBe(200);
    expect(utf8.json().encoding).toBe('utf-8');
    // Latin-1's ü is not UTF-8: it cannot be read that way.
    expect(utf8.json().sheets[0].rows[0]).toEqual(['M\uFFFDller', 'K\uFFFDln', 12]);
    const greek = (await preview('kunden.csv', latin1(KUNDEN), { encoding: 'iso-8859-7' })).json();
    expect(greek.sheets[0].rows[0][0]).toBe('Mόller');
    const comma = (await preview('kunden.csv', latin1(KUNDEN), { delimiter: ',' })).json();
    expect(comma.delimiter).toBe(',');
    expect(comma.sheets[0].columns).toEqual([{ name: 'Name;Stadt;Betrag', type: 'text' }]);
    const tab = (await preview('tabs.csv', 'a\tb\n1\t2\n', { delimiter: '\\t' })).json();
    expect(tab.delimiter).toBe('\t');
    expect(tab.sheets[0].columns.map((c: { name: string }) => c.name)).toEqual(['a', 'b']);
  });

  it('without a header row, the first row is data and the columns are numbered', async () => {
    const body = (await preview('plain.csv', 'Ada,36\nGrace,85\n', { header: 'false' })).json();
    expect(body.header).toBe(false);
    expect(body.sheets[0].columns).toEqual([
      { name: 'Column 1', type: 'text' },
      { name: 'Column 2', type: 'number' },
    ]);
    expect(body.sheets[0].rows).toEqual([
      ['Ada', 36],
      ['Grace', 85],
    ]);
  });

  it('an XLSX file has sheets and no encoding or delimiter', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('People');
    ws.addRow(['Name', 'Born']);
    ws.addRow(['Ada', new Date(Date.UTC(1815, 11, 10))]);
    const body = (await preview('people.xlsx', Buffer.from(await wb.xlsx.writeBuffer()))).json();
    expect(body).toEqual({
      encoding: null,
      delimiter: null,
      header: true,
      sheets: [{ title: 'People', columns: [{ name: 'Name', type: 'text' }, { name: 'Born', type: 'date' }], rows: [['Ada', '1815-12-10']], row_count: 1 }],
    });
  });

  it.each([
    ['an encoding it cannot read', { encoding: 'ebcdic' }, "Sheetboard cannot read text in 'ebcdic'; choose one of the encodings listed", 'encoding'],
    ['another delimiter', { delimiter: '#' }, 'Columns can be separated by a comma, semicolon, tab or vertical bar', 'delimiter'],
    ['a header that is neither on nor off', { header: 'maybe' }, "Say whether the first row holds the column names ('true' or 'false')", 'header'],
  ])('refuses %s with a clear 400', async (_name, fields, message, path) => {
    const res = await preview('kunden.csv', latin1(KUNDEN), fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, issues: [{ path }] });
  });

  it('refuses a file it cannot import with the import message, and needs a session', async () => {
    const res = await preview('scan.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only CSV and XLSX files can be imported');
    expect((await send('/api/spreadsheets/preview', 'kunden.csv', KUNDEN, {}, null)).statusCode).toBe(401);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/spreadsheets/preview', headers: { cookie: owner.cookie }, payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe("Choose a file to preview (form field 'file')");
  });
});

describe('POST /api/spreadsheets with the choices of the preview', () => {
  it('stores the guessed column types when none are given', async () => {
    const res = await importFile('kunden.csv', latin1(KUNDEN));
    expect(res.statusCode).toBe(201);
    expect(await storedTypes(res.json().spreadsheet.id)).toEqual([{ title: 'kunden', types: { Name: 'text', Stadt: 'text', Betrag: 'number' } }]);
  });

  it('stores the column types given, guessing the others', async () => {
    const res = await importFile('kunden.csv', latin1(KUNDEN), { column_types: JSON.stringify({ Stadt: 'select', Betrag: 'text' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedTypes(res.json().spreadsheet.id)).toEqual([{ title: 'kunden', types: { Name: 'text', Stadt: 'select', Betrag: 'text' } }]);
  });

  it('imports in the encoding and with the delimiter chosen', async () => {
    const res = await importFile('kunden.csv', latin1(KUNDEN), { encoding: 'iso-8859-2', delimiter: ';', header: 'true', title: 'Kunden' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().spreadsheet.id;
    const rows = (await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/kunden`, headers: { cookie: owner.cookie } })).json().rows;
    // ISO-8859-2 shares ü and ö with Latin-1, but its 0xDF is ß too and 0xE4 is ä: the same text here.
    expect(rows.map((r: Record<string, unknown>) => [r.Name, r.Stadt])).toEqual([
      ['Müller', 'Köln'],
      ['Jürgen Größ', 'München'],
    ]);
    const utf8 = await importFile('kunden.csv', latin1(KUNDEN), { encoding: 'utf-8' });
    const bad = (await t.app.inject({ method: 'GET', url: `/api/board/${utf8.json().spreadsheet.id}/sheet/kunden`, headers: { cookie: owner.cookie } })).json().rows;
    expect(bad[0].Name).toBe('M\uFFFDller');
  });

  it.each([
    ['types that are not JSON', { column_types: '{Stadt' }, 'The column types could not be read; preview the file again and choose the types there', 'column_types'],
    ['a list instead of names and types', { column_types: '["text"]' }, 'The column types could not be read; preview the file again and choose the types there', 'column_types'],
    [
      'an unknown type',
      { column_types: JSON.stringify({ Stadt: 'city' }) },
      "Column 'Stadt' cannot have the type 'city'; choose one of: Text, Number, Choice, Several choices, Long text, Rich text, File, Month, Phone number, Time, Web address, Image, Week, Email address, Date, Date and time",
      'column_types.Stadt',
    ],
    ['a column the file does not have', { column_types: JSON.stringify({ Land: 'text' }) }, "The file has no column 'Land'; preview the file again and choose the types there", 'column_types.Land'],
    ['an encoding it cannot read', { encoding: 'latin-9' }, "Sheetboard cannot read text in 'latin-9'; choose one of the encodings listed", 'encoding'],
    ['another delimiter', { delimiter: '::' }, 'Columns can be separated by a comma, semicolon, tab or vertical bar', 'delimiter'],
  ])('refuses %s with a clear 400 and stores nothing', async (_name, fields, message, path) => {
    const before = await spreadsheetCount();
    const res = await importFile('kunden.csv', latin1(KUNDEN), fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, issues: [{ path }] });
    expect(await spreadsheetCount()).toBe(before);
    expect(liveImportWorkers()).toBe(0);
  });

  it('JSON spreadsheets get guessed types too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/spreadsheets',
      headers: { cookie: owner.cookie },
      payload: { title: 'Mail', sheets: [{ title: 'People', columns: ['Email', 'Joined'], rows: [{ Email: 'ada@example.com', Joined: '2024-01-02' }] }] },
    });
    expect(await storedTypes(res.json().spreadsheet.id)).toEqual([{ title: 'People', types: { Email: 'email', Joined: 'date' } }]);
  });
});
