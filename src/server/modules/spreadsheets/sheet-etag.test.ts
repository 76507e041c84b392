// ETags on sheet reads (sheet-etag.ts): every sheet-reading route answers a matching
// If-None-Match with 304 and no body, before reading any row; the tag changes with the sheet's
// rows, the query and the viewer, so no one is told "unchanged" about an answer that changed.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import zlib from 'node:zlib';
import { addBlock, createSpreadsheet, createTestApp, signUp, tableOf, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { answerCacheOf } from './sheet-etag';

const t = testServer();
let owner: TestUser;
let sheetId: string;
let app: { id: string; subdomain: string };
let tableId: string;

const ROWS = Array.from({ length: 40 }, (_, i) => ({ Name: `Item ${i}`, City: i % 2 ? 'Paris' : 'Oslo', Amount: i, Note: `note ${i}` }));

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  sheetId = await createSpreadsheet(t.app, owner, 'Stock', [{ title: 'Stock list', columns: ['Name', 'City', 'Amount', 'Note'], rows: ROWS }]);
  app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Stock Board', kind: 'board', spreadsheetId: sheetId } })).json().app;
  tableId = (await addBlock(t.app, owner, app.id, { ...tableOf('Stock list', ['Name', 'City']), add_new_row: 'Everyone' })).id;
  await addBlock(t.app, owner, app.id, { type: 'chart', sheet_title: 'Stock list', x_axis: 'City', axis: [{ column: 'Amount' }] });
});

const chart = encodeURIComponent(JSON.stringify({ x_axis: 'City', axes: [{ column: 'Amount', type: 'bar' }] }));
const ROUTES: [string, () => string][] = [
  ['sheet rows', () => `/api/board/${sheetId}/sheet/Stock%20list?board=${app.id}&limit=10`],
  ['one row', () => `/api/board/${sheetId}/sheet/Stock%20list/rows/3?board=${app.id}`],
  ['chart', () => `/api/board/${sheetId}/sheet/Stock%20list/chart?board=${app.id}&chart=${chart}`],
  ['page sheet (multipage call)', () => `/v3/api/page/sheet/Stock%20list?board=${app.id}&limit=10`],
];

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('conditional sheet reads', () => {
  it.each(ROUTES)('%s: a weak ETag, private no-cache, and 304 with no body for a matching If-None-Match', async (_name, url) => {
    const first = await get(url());
    expect(first.statusCode, first.body).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await get(url(), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it.each(ROUTES)('%s: a 304 reads no rows (the tag comes before the query)', async (_name, url) => {
    const etag = String((await get(url())).headers.etag);
    const rowsRead = vi.spyOn(t.ctx.sheetCache, 'get');
    const rowRead = vi.spyOn(t.ctx.db, 'selectFrom');
    try {
      expect((await get(url(), { 'if-none-match': etag })).statusCode).toBe(304);
      expect(rowsRead).not.toHaveBeenCalled();
      expect(rowRead.mock.calls.map((c) => String(c[0]))).not.toContain('sheet_rows');
      // Without the header the same request does read them (once its kept answer is gone): the spies would have seen it.
      answerCacheOf(t.ctx).clear();
      expect((await get(url())).statusCode).toBe(200);
      expect(rowsRead.mock.calls.length + rowRead.mock.calls.filter((c) => String(c[0]) === 'sheet_rows').length).toBeGreaterThan(0);
    } finally {
      rowsRead.mockRestore();
      rowRead.mockRestore();
    }
  });

  it('If-None-Match compares weakly, in lists, and * matches', async () => {
    const url = ROUTES[0]![1]();
    const etag = String((await get(url)).headers.etag);
    expect((await get(url, { 'if-none-match': etag.slice(2) })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': `W/"other", ${etag}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '*' })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('another query, another tag', async () => {
    const base = `/api/board/${sheetId}/sheet/Stock%20list?board=${app.id}`;
    const tags = new Set<string>();
    for (const q of ['&limit=10', '&limit=10&offset=10', '&limit=10&sort=Name', '&limit=10&q=Paris']) tags.add(String((await get(base + q)).headers.etag));
    expect(tags.size).toBe(4);
    const etag = String((await get(`${base}&limit=10`)).headers.etag);
    expect((await get(`${base}&limit=10&offset=10`, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('the owner and a guest never share a tag for the same URL', async () => {
    const url = ROUTES[0]![1]();
    const guest = await get(url);
    const own = await get(url, { cookie: owner.cookie });
    expect(own.json().columns).toEqual(['Name', 'City', 'Amount', 'Note']);
    expect(guest.json().columns).toEqual(['Name', 'City', 'Amount']);
    expect(own.headers.etag).not.toBe(guest.headers.etag);
    expect((await get(url, { cookie: owner.cookie, 'if-none-match': String(guest.headers.etag) })).statusCode).toBe(200);
  });

  it('a row write changes the tag: the old one gets the new rows (200), never a stale 304', async () => {
    const url = `/api/board/${sheetId}/sheet/Stock%20list?board=${app.id}&sort=-Amount&limit=5`;
    const before = await get(url);
    const etag = String(before.headers.etag);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/board/${sheetId}/sheet/Stock%20list/rows`,
      payload: { board: app.id, blockId: tableId, values: { Name: 'Newest', City: 'Rome' } },
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().total).toBe(before.json().total + 1);
    expect((await get(url, { 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);
  });

  it("the columns a guest may see are in the tag: a block's change shows at once", async () => {
    const url = ROUTES[0]![1]();
    const etag = String((await get(url)).headers.etag);
    const extra = await addBlock(t.app, owner, app.id, tableOf('Stock list', ['Note']));
    try {
      const res = await get(url, { 'if-none-match': etag });
      expect(res.statusCode).toBe(200);
      expect(res.json().columns).toEqual(['Name', 'City', 'Amount', 'Note']);
    } finally {
      await t.app.inject({ method: 'DELETE', url: `/api/blocks/${extra.id}`, headers: { cookie: owner.cookie } });
    }
  });

  it('an error carries no ETag and stays no-store', async () => {
    const res = await get(`/api/board/${sheetId}/sheet/Stock%20list?board=${app.id}&sort=Nope`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

// Kept answers (net/answer-cache.ts): the same tag is the same answer, so a repeated read is sent
// from memory; every change the tag names (rows, columns seen, the viewer) still shows at once,
// and the app's rules still run first.
describe('kept answers', () => {
  const unpack = (body: Buffer, encoding: string | undefined) => (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

  it.each(ROUTES)('%s: asked again, it is sent from memory (no row read), the same JSON in every encoding', async (_name, url) => {
    answerCacheOf(t.ctx).clear();
    const first = await get(url());
    expect(first.statusCode, first.body).toBe(200);
    const rowsRead = vi.spyOn(t.ctx.sheetCache, 'get');
    const rowRead = vi.spyOn(t.ctx.db, 'selectFrom');
    try {
      for (const accept of ['gzip, deflate, br, zstd', 'gzip', 'identity', '']) {
        const res = await t.app.inject({ method: 'GET', url: url(), headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).toBe(first.headers.etag);
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const encoding = res.headers['content-encoding'] as string | undefined;
        if (res.rawPayload.length >= 1024 || encoding) expect(encoding).toBe(accept.includes('br') ? 'br' : accept.includes('gzip') ? 'gzip' : undefined);
        if (encoding) expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(JSON.parse(unpack(res.rawPayload, encoding))).toEqual(first.json());
      }
      expect(rowsRead).not.toHaveBeenCalled();
      expect(rowRead.mock.calls.map((c) => String(c[0]))).not.toContain('sheet_rows');
    } finally {
      rowsRead.mockRestore();
      rowRead.mockRestore();
    }
  });

  it('a big answer is sent compressed from memory, as the compression would have sent it', async () => {
    const url = `/api/board/${sheetId}/sheet/Stock%20list?board=${app.id}&limit=40`;
    answerCacheOf(t.ctx).clear();
    const made = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const kept = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(made.rawPayload.length).toBeGreaterThan(100);
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.rawPayload.equals(made.rawPayload)).toBe(true);
    expect(JSON.parse(unpack(kept.rawPayload, 'br')).rows).toHaveLength(40);
  });

  it("a kept answer is not sent once the board is private: the app's rules run first", async () => {
    const url = ROUTES[0]![1]();
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
    const put = (body: object) => t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: body });
    expect((await put({ public: false })).statusCode).toBe(200);
    try {
      const refused = await get(url);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.body).not.toContain('Item 1');
      expect(refused.headers.etag).toBeUndefined();
      // The owner still reads it (their own answer: another tag).
      expect((await get(url, { cookie: owner.cookie })).json().columns).toEqual(['Name', 'City', 'Amount', 'Note']);
    } finally {
      expect((await put({ public: true })).statusCode).toBe(200);
    }
    expect((await get(url)).statusCode).toBe(200);
  });

  it('a row write is seen by the next read of a kept answer', async () => {
    const url = `/api/board/${sheetId}/sheet/Stock%20list?board=${app.id}&q=Kept%20row&limit=5`;
    expect((await get(url)).json().total).toBe(0);
    expect((await get(url)).json().total).toBe(0);
    const added = await t.app.inject({ method: 'POST', url: `/api/board/${sheetId}/sheet/Stock%20list/rows`, payload: { board: app.id, blockId: tableId, values: { Name: 'Kept row', City: 'Rome' } } });
    expect(added.statusCode, added.body).toBe(201);
    expect((await get(url)).json().rows.map((r: { Name: string }) => r.Name)).toEqual(['Kept row']);
  });

  it('off (ANSWER_CACHE_MB=0): every read is made again', async () => {
    const off = await createTestApp({ answerCacheMb: 0 });
    try {
      const o = await signUp(off.app, 'Off');
      const sheet = (await off.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: { cookie: o.cookie }, payload: { title: 'S', sheets: [{ title: 'T', columns: ['A'], rows: [{ A: 1 }] }] } })).json().spreadsheet.id;
      const url = `/api/board/${sheet}/sheet/T?limit=5`;
      expect((await off.app.inject({ method: 'GET', url, headers: { cookie: o.cookie } })).statusCode).toBe(200);
      const reads = vi.spyOn(off.ctx.sheetCache, 'get');
      try {
        const again = await off.app.inject({ method: 'GET', url, headers: { cookie: o.cookie } });
        expect(again.json().rows).toHaveLength(1);
        expect(reads).toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
      expect(answerCacheOf(off.ctx).size).toBe(0);
    } finally {
      await off.close();
    }
  });
});
