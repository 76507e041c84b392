import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test-helpers';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let sheetId: string;
let otherSheetId: string;
let app: { id: string; subdomain: string };

const ROWS = [
  { Name: 'Banana', City: 'Paris', Amount: 10 },
  { Name: 'apple', City: 'Berlin', Amount: 2 },
  { Name: 'Cherry', City: 'paris', Amount: 100 },
  { Name: 'Émile', City: 'Lyon', Amount: '' },
  { Name: 'item 10', City: 'Oslo', Amount: -5 },
  { Name: 'item 9', City: 'Rome', Amount: 2 },
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: { cookie: owner.cookie }, payload });
  sheetId = (await post({ title: 'Fruit', sheets: [{ title: 'Stock list', columns: ['Name', 'City', 'Amount'], rows: ROWS }] })).json().spreadsheet.id;
  otherSheetId = (await post({ title: 'Secret', sheets: [{ title: 'S', columns: ['x'], rows: [{ x: 1 }] }] })).json().spreadsheet.id;
  app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name: 'Fruit Board', kind: 'board', spreadsheetId: sheetId } })).json().app;
});
afterAll(async () => {
  await t?.close();
});

const url = (query: string, id = sheetId, title = 'Stock%20list') => `/api/board/${id}/sheet/${title}?${query}`;

describe('who may read', () => {
  it.each([
    ['by app id', () => `board=${app.id}`],
    ['by subdomain', () => `board=${app.subdomain}`],
    ['by page path /{board_slug}', () => `board=${encodeURIComponent('/' + app.subdomain)}`],
    ['by page path with a page', () => `board=${encodeURIComponent('/' + app.subdomain + '/home')}`],
    ['by full URL', () => `board=${encodeURIComponent('http://localhost:3000/' + app.subdomain)}&referer=x`],
  ])('a guest reads a public board sheet %s', async (_label, q) => {
    const res = await t.app.inject({ method: 'GET', url: url(q()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(6);
  });

  it("a guest on the app host with board '/' reads it (Host names the app)", async () => {
    const res = await t.app.inject({ method: 'GET', url: url('board=%2F'), headers: { host: `${app.subdomain}.localhost:3000` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().columns).toEqual(['Name', 'City', 'Amount']);
  });

  it('the owner reads without board, even with an unrelated page path', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(''), headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url('board=%2Fdashboard'), headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url('', otherSheetId, 'S'), headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });

  it('a spreadsheet the named board does not use → 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`board=${app.id}`, otherSheetId, 'S') });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This board does not use this spreadsheet');
  });

  it('no board and no session → 401; a stranger without board → 404; an unknown board → 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: url('') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(''), headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url('board=no-such-board'), headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('a private app stops guests (403)', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { public: false } });
    try {
      const res = await t.app.inject({ method: 'GET', url: url(`board=${app.id}`) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This application is private and you do not have permission to access it.');
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    }
  });

  it("unknown sheet → 404 \"Sheet 'X' not found\"; unknown spreadsheet → 404", async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`board=${app.id}`, sheetId, 'Nope') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Sheet 'Nope' not found", code: 'not_found' });
    expect((await t.app.inject({ method: 'GET', url: url(`board=${app.id}`, 'zzzzzz', 'S') })).statusCode).toBe(404);
  });
});

describe('search, sort, paging, fields', () => {
  const get = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: url(`board=${app.id}&${q}`) });
    expect(res.statusCode).toBe(200);
    return res.json() as { rows: Record<string, unknown>[]; columns: string[]; total: number };
  };

  it('searches comma-separated terms, any term, case-insensitive', async () => {
    const r = await get('q=PARIS');
    expect(r.rows.map((x) => x.Name)).toEqual(['Banana', 'Cherry']);
    const any = await get(`q=${encodeURIComponent('berlin, oslo ,')}`);
    expect(any.total).toBe(2);
    expect(any.rows.map((x) => x.Name)).toEqual(['apple', 'item 10']);
    expect((await get('q=100')).rows.map((x) => x.Name)).toEqual(['Cherry']);
    expect((await get('q=zzz')).total).toBe(0);
  });

  it('sorts numbers numerically with empties last, in both directions', async () => {
    expect((await get('sort=Amount')).rows.map((x) => x.Amount)).toEqual([-5, 2, 2, 10, 100, '']);
    expect((await get('sort=Amount&dir=desc')).rows.map((x) => x.Amount)).toEqual([100, 10, 2, 2, -5, '']);
    expect((await get('sort=-Amount')).rows.map((x) => x.Amount)).toEqual([100, 10, 2, 2, -5, '']);
    // Ties keep sheet order.
    expect((await get('sort=Amount')).rows.slice(1, 3).map((x) => x.Name)).toEqual(['apple', 'item 9']);
  });

  it('sorts text with a collator: case and accents fold, numbers inside text compare as numbers', async () => {
    expect((await get('sort=Name')).rows.map((x) => x.Name)).toEqual(['apple', 'Banana', 'Cherry', 'Émile', 'item 9', 'item 10']);
  });

  it('pages with limit and offset and reports the total before paging', async () => {
    const r = await get('sort=Name&limit=2&offset=2');
    expect(r.total).toBe(6);
    expect(r.rows.map((x) => x.Name)).toEqual(['Cherry', 'Émile']);
    const s = await get('q=paris&sort=Amount&dir=desc&limit=1');
    expect(s).toMatchObject({ total: 2, rows: [{ Name: 'Cherry' }] });
  });

  it('limits the returned columns with fields', async () => {
    const r = await get('fields=Name,Amount&limit=1');
    expect(r.columns).toEqual(['Name', 'Amount']);
    expect(r.rows).toEqual([{ Name: 'Banana', Amount: 10 }]);
  });

  it('reads a sheet whose non-Latin title is long once percent-encoded', async () => {
    const title = 'Продажи по регионам и городам за 2025 год';
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/spreadsheets',
      headers: { cookie: owner.cookie },
      payload: { title: 'Отчёт', sheets: [{ title, columns: ['Город'], rows: [{ Город: 'Москва' }] }] },
    });
    const id = post.json().spreadsheet.id;
    expect(encodeURIComponent(title).length).toBeGreaterThan(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/${encodeURIComponent(title)}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([{ Город: 'Москва' }]);
  });

  it('takes up to 50 search terms and refuses more (each is a sweep of the sheet)', async () => {
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`).join(',');
    expect((await t.app.inject({ method: 'GET', url: url(`board=${app.id}&q=${terms(50)},paris`) })).statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'GET', url: url(`board=${app.id}&q=${terms(49)},paris,PARIS, paris`) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().total).toBe(2);
    const res = await t.app.inject({ method: 'GET', url: url(`board=${app.id}&q=${terms(2000)}`) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Search for at most 50 terms at a time');
  });

  it.each(['fields=', 'fields=,', 'fields=%20,%20'])('%s names no column: every column', async (q) => {
    const r = await get(`${q}&limit=1`);
    expect(r.columns).toEqual(['Name', 'City', 'Amount']);
    expect(r.rows).toEqual([{ Name: 'Banana', City: 'Paris', Amount: 10 }]);
  });

  it.each([
    ['sort=Nope', "Unknown column 'Nope' in sort"],
    ['fields=Name,Nope', "Unknown column 'Nope' in fields"],
    ['limit=0', 'Invalid limit: Too small: expected number to be >=1'],
    ['offset=-1', 'Invalid offset: Too small: expected number to be >=0'],
    ['dir=sideways', 'Invalid dir: Invalid option: expected one of "asc"|"desc"'],
  ])('refuses %s with 400', async (q, message) => {
    const res = await t.app.inject({ method: 'GET', url: url(`board=${app.id}&${q}`) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('cache', () => {
  it('serves from the cache and reloads when the sheet version changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: url(`board=${app.id}`) });
    expect(first.json().rows[0].Name).toBe('Banana');
    // Another process (or a future write route) changes a row and bumps the version.
    const sheet = await t.ctx.db.selectFrom('sheets').select(['id', 'version']).where('spreadsheet_id', '=', sheetId).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('sheet_rows').set({ data: JSON.stringify({ Name: 'Blueberry', City: 'Paris', Amount: 10 }) }).where('sheet_id', '=', sheet.id).where('row_index', '=', 0).execute();
    const stale = await t.app.inject({ method: 'GET', url: url(`board=${app.id}`) });
    expect(stale.json().rows[0].Name).toBe('Banana');
    await t.ctx.db.updateTable('sheets').set({ version: Number(sheet.version) + 1 }).where('id', '=', sheet.id).execute();
    const fresh = await t.app.inject({ method: 'GET', url: url(`board=${app.id}&q=blue`) });
    expect(fresh.json().rows.map((r: { Name: string }) => r.Name)).toEqual(['Blueberry']);
  });
});

describe('cache after delete', () => {
  it('drops the sheets of a deleted spreadsheet from the cache', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/spreadsheets',
      headers: { cookie: owner.cookie },
      payload: { title: 'Gone soon', sheets: [{ title: 'G', columns: ['x'], rows: [{ x: 1 }] }] },
    });
    const id = post.json().spreadsheet.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/G`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    const before = t.ctx.sheetCache.size;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/spreadsheets/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect(t.ctx.sheetCache.size).toBe(before - 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/G`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });
});
