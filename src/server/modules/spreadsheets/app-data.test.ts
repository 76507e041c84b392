// The spec's multipage data calls (§7), on the test database: GET /v3/api/page/sheet/{title}
// answers as the board route does for the app's own spreadsheet (rows, viewer columns, refusals),
// and POST /v3/getSpreadsheetData holds the sheets the app's blocks use, only those, with a
// viewer's columns, a page of rows each and at most SPREADSHEET_DATA_LIMITS.sheets sheets.
import { beforeAll, describe, expect, it } from 'vitest';
import { SPREADSHEET_DATA_LIMITS, type SpreadsheetDataResponse } from '../../../shared/api';
import { addBlock, signUp, tableOf, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { PRIVATE_APP_MESSAGE } from '../../access/viewer';

const t = testServer();
let owner: TestUser;
const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});

const ORDERS = {
  title: 'Orders',
  columns: ['City', 'Amount', 'Margin'],
  rows: [
    { City: 'Paris', Amount: 12, Margin: 5 },
    { City: 'Lyon', Amount: 7, Margin: 2 },
    { City: 'Nice', Amount: 3, Margin: 1 },
  ],
};
const SUPPLIERS = { title: 'Suppliers', columns: ['Name', 'Phone'], rows: [{ Name: 'Acme', Phone: '555-0100' }] };
const STAFF = { title: 'Staff', columns: ['Who', 'Salary'], rows: [{ Who: 'Ann', Salary: 100 }] };

/** A multipage app over a new spreadsheet; a second page whose table reads Suppliers. */
async function multipage(name: string, isPublic: boolean, sheets: { title: string; columns: string[]; rows: Record<string, unknown>[] }[] = [ORDERS, SUPPLIERS, STAFF]) {
  const headers = as(owner);
  const s = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers, payload: { title: name, sheets } });
  expect(s.statusCode, s.body).toBe(201);
  const spreadsheetId = s.json().spreadsheet.id as string;
  const a = await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name, kind: 'multipage', spreadsheetId } });
  expect(a.statusCode, a.body).toBe(201);
  const app = a.json().app as { id: string; subdomain: string };
  const put = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers, payload: { public: isPublic } });
  expect(put.statusCode, put.body).toBe(200);
  const page = await t.app.inject({ method: 'POST', url: '/api/pages', headers, payload: { appId: app.id, page_name: 'Suppliers page' } });
  expect(page.statusCode, page.body).toBe(201);
  return { spreadsheetId, appId: app.id, subdomain: app.subdomain, secondPage: page.json().page.page_id as string };
}

async function spreadsheetData(body: Record<string, unknown>, user?: TestUser, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/v3/getSpreadsheetData', headers: { ...as(user), ...headers }, payload: body });
}

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Olga');
});

describe('GET /v3/api/page/sheet/{sheetTitle}', () => {
  it('gives the rows the board route gives, for the owner and for a guest (with the columns its blocks use), with the same query', async () => {
    const m = await multipage('Shop pages', true);
    await addBlock(t.app, owner, m.appId, tableOf('Orders', ['City', 'Amount']));
    await addBlock(t.app, owner, m.appId, tableOf('Suppliers', ['Name']), m.secondPage);
    for (const user of [owner, undefined]) {
      for (const query of ['', '&sort=-Amount&limit=2', '&q=ly', `&filters=${encodeURIComponent(JSON.stringify([{ name: 'big', active: true, condition: '>', sheet_column: { sheet: 'Orders', column: 'Amount' }, value: '5' }]))}`]) {
        const board = await t.app.inject({ method: 'GET', url: `/api/board/${m.spreadsheetId}/sheet/Orders?board=${m.appId}${query}`, headers: as(user) });
        const page = await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${m.appId}&referer=${encodeURIComponent(`http://localhost:3000/${m.appId}`)}${query}`, headers: as(user) });
        expect(board.statusCode, board.body).toBe(200);
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json()).toEqual(board.json());
      }
    }
    // The guest reads the columns the blocks use, never Margin; the owner the whole sheet.
    const guest = (await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${m.appId}` })).json();
    expect(guest.columns).toEqual(['City', 'Amount']);
    expect(JSON.stringify(guest.rows)).not.toContain('Margin');
    expect((await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${m.appId}`, headers: as(owner) })).json().columns).toEqual(['City', 'Amount', 'Margin']);
    // The sheet of the second page too; the app's host names the app as well as `board` does.
    const byHost = await t.app.inject({ method: 'GET', url: '/v3/api/page/sheet/Suppliers', headers: { host: `${m.subdomain}.localhost:3000` } });
    expect(byHost.statusCode, byHost.body).toBe(200);
    expect(byHost.json()).toMatchObject({ columns: ['Name'], rows: [{ Name: 'Acme' }], total: 1 });
    // A tab no block uses, a hidden column, an unknown app: refused in words.
    const staff = await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Staff?board=${m.appId}` });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().message).toBe("Sheet 'Staff' not found");
    const hidden = await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${m.appId}&fields=Margin` });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toBe("Unknown column 'Margin' in fields");
    const unknown = await t.app.inject({ method: 'GET', url: '/v3/api/page/sheet/Orders?board=no-such-app' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('App not found');
    const bad = await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${m.appId}&limit=0` });
    expect(bad.statusCode).toBe(400);
  });

  it('a private app: refused to a guest and to another owner (Access Denied), its rows never in the answer', async () => {
    const m = await multipage('Private pages', false);
    await addBlock(t.app, owner, m.appId, tableOf('Orders', ['City']));
    const other = await signUp(t.app, 'Other Otto');
    for (const user of [undefined, other]) {
      const res = await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${m.appId}`, headers: as(user) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PRIVATE_APP_MESSAGE);
      expect(res.body).not.toContain('Paris');
      const data = await spreadsheetData({ board: m.appId }, user);
      expect(data.statusCode).toBe(403);
      expect(data.body).not.toContain('Paris');
    }
    const mine = await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${m.appId}`, headers: as(owner) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().total).toBe(3);
  });
});

describe('POST /v3/getSpreadsheetData', () => {
  it('holds the sheets the blocks use and only those: a viewer with their columns, the owner whole sheets', async () => {
    const m = await multipage('Data pages', true);
    await addBlock(t.app, owner, m.appId, tableOf('Orders', ['City', 'Amount']));
    await addBlock(t.app, owner, m.appId, tableOf('Suppliers', ['Name']), m.secondPage);

    const guest = await spreadsheetData({ board: m.appId, referer: `http://localhost:3000/${m.appId}` });
    expect(guest.statusCode, guest.body).toBe(200);
    const g = guest.json<SpreadsheetDataResponse>();
    expect(Object.keys(g.sheets)).toEqual(['Orders', 'Suppliers']);
    expect(g.more_sheets).toEqual([]);
    expect(g.sheets.Orders).toMatchObject({ columns: ['City', 'Amount'], total: 3 });
    expect(g.sheets.Orders!.rows.map((r) => [r.City, r.Amount])).toEqual([
      ['Paris', 12],
      ['Lyon', 7],
      ['Nice', 3],
    ]);
    expect(g.sheets.Suppliers).toMatchObject({ columns: ['Name'], rows: [{ Name: 'Acme' }], total: 1 });
    expect(guest.body).not.toContain('Margin');
    expect(guest.body).not.toContain('555-0100');
    expect(guest.body).not.toContain('Staff');
    // Each sheet as the sheet route gives it to the same viewer.
    const route = await t.app.inject({ method: 'GET', url: `/v3/api/page/sheet/Orders?board=${m.appId}&limit=${SPREADSHEET_DATA_LIMITS.rows}` });
    expect(g.sheets.Orders).toEqual(route.json());

    const mine = (await spreadsheetData({ board: m.appId }, owner)).json<SpreadsheetDataResponse>();
    expect(Object.keys(mine.sheets)).toEqual(['Orders', 'Suppliers']);
    expect(mine.sheets.Orders!.columns).toEqual(['City', 'Amount', 'Margin']);
    expect(mine.sheets.Suppliers!.columns).toEqual(['Name', 'Phone']);

    // A page that is not public: its blocks' sheets leave a guest's answer, not the owner's.
    const hide = await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${m.appId}&page=${m.secondPage}`, headers: as(owner), payload: { is_public: false } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(Object.keys((await spreadsheetData({ board: m.appId })).json<SpreadsheetDataResponse>().sheets)).toEqual(['Orders']);
    expect(Object.keys((await spreadsheetData({ board: m.appId }, owner)).json<SpreadsheetDataResponse>().sheets)).toEqual(['Orders', 'Suppliers']);
  });

  it('is bounded: a page of rows per sheet with the total, at most the sheet limit (the rest named)', async () => {
    const count = SPREADSHEET_DATA_LIMITS.sheets + 2;
    const big = { title: 'Big', columns: ['N'], rows: Array.from({ length: SPREADSHEET_DATA_LIMITS.rows + 5 }, (_, i) => ({ N: i })) };
    const small = Array.from({ length: count - 1 }, (_, i) => ({ title: `Tab ${i + 1}`, columns: ['V'], rows: [{ V: i }] }));
    const m = await multipage('Many tabs', true, [big, ...small]);
    for (const s of [big, ...small]) await addBlock(t.app, owner, m.appId, tableOf(s.title, s.columns));
    const res = await spreadsheetData({ board: m.appId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SpreadsheetDataResponse>();
    expect(Object.keys(body.sheets)).toHaveLength(SPREADSHEET_DATA_LIMITS.sheets);
    expect(body.sheets.Big!.rows).toHaveLength(SPREADSHEET_DATA_LIMITS.rows);
    expect(body.sheets.Big!.total).toBe(SPREADSHEET_DATA_LIMITS.rows + 5);
    expect(body.more_sheets).toEqual([`Tab ${count - 2}`, `Tab ${count - 1}`]);
  });

  it('names the app by board or by its host; none or an unknown one is 404 in words; a bad body is 400', async () => {
    const m = await multipage('Named pages', true);
    await addBlock(t.app, owner, m.appId, tableOf('Orders', ['City']));
    const byHost = await spreadsheetData({}, undefined, { host: `${m.subdomain}.localhost:3000` });
    expect(byHost.statusCode, byHost.body).toBe(200);
    expect(Object.keys(byHost.json<SpreadsheetDataResponse>().sheets)).toEqual(['Orders']);
    for (const body of [{}, { board: 'no-such-app' }]) {
      const res = await spreadsheetData(body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('App not found');
    }
    const bad = await spreadsheetData({ board: 42 });
    expect(bad.statusCode).toBe(400);
  });
});
