// GET /api/board/{spreadsheetId}/sheet/{sheetTitle}/rows/{rowId}: one row for the item-details
// block, on the test database (SQLite or PostgreSQL). Authorized exactly as the sheet data GET.
import { beforeAll, describe, expect, it } from 'vitest';
import { RowResponse } from '../../../shared/api';
import { addBlock, tableOf } from '../../testing/app';
import { publicSheetReaders, testServer } from '../../testing/server';
import { ROW_MESSAGES } from './service';

const t = testServer();
const s = publicSheetReaders(
  t,
  { spreadsheet: 'Shop', board: 'Shop' },
  { title: 'Products list', columns: ['Name', 'Price', 'Photo'], rows: [{ Name: 'Lamp', Price: 20, Photo: 'https://x.example/l.png' }, { Name: 'Desk', Price: 150 }] },
  { title: 'S', columns: ['x'], rows: [{ x: 'hidden' }] },
);
let ids: string[];

beforeAll(async () => {
  const list = await t.app.inject({ method: 'GET', url: `/api/board/${s.spreadsheetId}/sheet/Products%20list?board=${s.app.id}` });
  ids = (list.json().rows as { _id: string }[]).map((r) => r._id);
});

const url = (rowId: string, query = '', id = s.spreadsheetId, title = 'Products%20list') => `/api/board/${id}/sheet/${title}/rows/${rowId}?${query}`;

describe('reading one row', () => {
  it('a guest of the public app gets {row} with _id and _version, and the sheet columns', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(ids[1]!, `board=${s.app.id}`) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(RowResponse.parse(body).row).toMatchObject({ Name: 'Desk', Price: 150, _id: ids[1], _version: 1 });
    expect(body.columns).toEqual(['Name', 'Price', 'Photo']);
  });

  it.each([
    ['app id', () => `board=${s.app.id}`],
    ['subdomain', () => `board=${s.app.subdomain}`],
    ['page path', () => `board=${encodeURIComponent('/' + s.app.subdomain + '/item')}`],
  ])('the app may be named by its %s', async (_, q) => {
    const res = await t.app.inject({ method: 'GET', url: url(ids[0]!, q()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().row.Name).toBe('Lamp');
  });

  it('the app host names the app (board /)', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(ids[0]!, 'board=%2F'), headers: { host: `${s.app.subdomain}.localhost:3000` } });
    expect(res.statusCode).toBe(200);
  });

  it('the owner reads without naming an app', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(ids[0]!), headers: { cookie: s.owner.cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('a row written later shows its new version', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: url(ids[0]!),
      headers: { cookie: s.owner.cookie },
      payload: { values: { Price: 25 }, _version: 1 },
    });
    expect(put.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: url(ids[0]!, `board=${s.app.id}`) });
    expect(res.json().row).toMatchObject({ Price: 25, _version: 2 });
  });

  it.each([
    ['an unknown id', () => '999999'],
    ['a non-numeric id', () => 'abc'],
  ])('%s → 404 with the row message', async (_, id) => {
    const res = await t.app.inject({ method: 'GET', url: url(id(), `board=${s.app.id}`) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ROW_MESSAGES.notFound);
  });

  it("an unknown sheet → 404 \"Sheet 'X' not found\"", async () => {
    const res = await t.app.inject({ method: 'GET', url: url(ids[0]!, `board=${s.app.id}`, s.spreadsheetId, 'Nope') });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Sheet 'Nope' not found");
  });
});

describe('a viewer reads the columns the app’s blocks use (issue 5)', () => {
  it('through an app whose only block is a table of Name and Price, a guest’s row has no Photo; the owner’s has', async () => {
    const narrow = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: s.owner.cookie }, payload: { public: true, name: 'Shop prices', kind: 'board', spreadsheetId: s.spreadsheetId } })).json().app;
    await addBlock(t.app, s.owner, narrow.id, tableOf('Products list', ['Name', 'Price']));
    const guest = await t.app.inject({ method: 'GET', url: url(ids[0]!, `board=${narrow.id}`) });
    expect(guest.statusCode).toBe(200);
    const body = guest.json();
    expect(body.columns).toEqual(['Name', 'Price']);
    expect(Object.keys(body.row).sort()).toEqual(['Name', 'Price', '_id', '_version']);
    expect(guest.body).not.toContain('x.example');
    const own = await t.app.inject({ method: 'GET', url: url(ids[0]!, `board=${narrow.id}`), headers: { cookie: s.owner.cookie } });
    expect(own.json().columns).toEqual(['Name', 'Price', 'Photo']);
    expect(own.json().row.Photo).toBe('https://x.example/l.png');
  });
});

describe('who may not read', () => {
  it('no app and no session → 401; a stranger without app → 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(ids[0]!) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(ids[0]!), headers: { cookie: s.stranger.cookie } })).statusCode).toBe(404);
  });

  it('an app that does not use the spreadsheet → 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('0', `board=${s.app.id}`, s.secretId, 'S') });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This board does not use this spreadsheet');
  });

  it('a private app refuses strangers but not its owner', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/apps/${s.app.id}`, headers: { cookie: s.owner.cookie }, payload: { public: false } });
    try {
      const guest = await t.app.inject({ method: 'GET', url: url(ids[0]!, `board=${s.app.id}`) });
      expect(guest.statusCode).toBe(403);
      expect(guest.json().message).toBe('This application is private and you do not have permission to access it.');
      const other = await t.app.inject({ method: 'GET', url: url(ids[0]!, `board=${s.app.id}`), headers: { cookie: s.stranger.cookie } });
      expect(other.statusCode).toBe(403);
      const own = await t.app.inject({ method: 'GET', url: url(ids[0]!, `board=${s.app.id}`), headers: { cookie: s.owner.cookie } });
      expect(own.statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${s.app.id}`, headers: { cookie: s.owner.cookie }, payload: { public: true } });
    }
  });
});
