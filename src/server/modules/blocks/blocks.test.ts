import { beforeAll, describe, expect, it } from 'vitest';
import { blockSchemas } from '../../../blocks/schemas';
import { BlockResponse, CatalogueResponse } from '../../../shared/api';
import { blocksRepo } from '../../data/blocks/repo';
import type { TestUser } from '../../testing/app';
import { testServer, testUser } from '../../testing/server';

const t = testServer();
const owner = testUser(t, 'Owner');
const stranger = testUser(t, 'Stranger');
let pageId: string;
let appId: string;

const as = (u: TestUser | null) => (u ? { cookie: u.cookie } : {});

beforeAll(async () => {
  const sheet = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: as(owner) })).json().spreadsheets[0];
  appId = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { public: true, name: 'Blocks Board', kind: 'board', spreadsheetId: sheet.id } })).json().app.id;
  pageId = (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}` })).json().pages[0].page_id;
});

const post = (payload: object, user: TestUser | null = owner) => t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(user), payload });

describe('GET /api/blocks', () => {
  it('lists the catalogue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blocks' });
    expect(res.statusCode).toBe(200);
    expect(CatalogueResponse.safeParse(res.json()).error).toBeUndefined();
    const blocks = res.json().blocks;
    expect(blocks.map((b: { type: string }) => b.type)).toEqual(Object.keys(blockSchemas));
    expect(blocks[0]).toEqual({ type: expect.any(String), name: expect.any(String), description: expect.any(String), category: expect.any(String), icon: expect.any(String) });
  });
});

describe('POST /api/blocks', () => {
  it('creates a table with the defaults merged, as a spec block record', async () => {
    const res = await post({ pageId, type: 'table', sheet_title: 'Orders', title: 'All orders', rows_per_page: 25 });
    expect(res.statusCode).toBe(201);
    expect(BlockResponse.safeParse(res.json()).error).toBeUndefined();
    const { block } = res.json();
    expect(block).toMatchObject({ id: expect.any(String), type: 'table', section: '', sheet_title: 'Orders', axis: [], actions: [], full_width: false, title: 'All orders', rows_per_page: 25, paginate: true, csv_download: true });
    expect(block).not.toHaveProperty('pageId');
  });

  it('stores the legacy score_card as scorecard', async () => {
    const res = await post({ pageId, type: 'score_card', axis: [{ source: { sheet: 'Orders', column: 'Amount' }, label: 'Revenue' }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().block).toMatchObject({ type: 'scorecard', axis: [{ source: { sheet: 'Orders', column: 'Amount' }, label: 'Revenue', function: 'sum', symbol: '$' }] });
  });

  it('migrates a legacy score_card with flat sheet/column keys on write and on read', async () => {
    const res = await post({ pageId, type: 'score_card', axis: [{ sheet: 'Orders', column: 'Amount', function: 'Sum' }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().block.axis[0]).toMatchObject({ source: { sheet: 'Orders', column: 'Amount' }, function: 'sum' });

    // A record stored before the rename, as an older version wrote it.
    const id = `legacy-${Date.now()}`;
    const now = new Date().toISOString();
    await blocksRepo(t.ctx.db).insert([
      { id, page_id: pageId, position: 99, type: 'score_card', created_at: now, updated_at: now,
        config: JSON.stringify({ section: '', sheet_title: '', axis: [{ sheet: 'Orders', column: 'Quantity', function: 'Average' }], actions: [], full_width: false }) },
    ]);
    const read = (await t.app.inject({ method: 'GET', url: `/api/blocks/${id}` })).json().block;
    expect(read).toMatchObject({ type: 'scorecard', axis: [{ source: { sheet: 'Orders', column: 'Quantity' }, function: 'average' }] });
    // Saving it again validates and stores the migrated shape.
    const saved = await t.app.inject({ method: 'PUT', url: `/api/blocks/${id}`, headers: as(owner), payload: { title: 'Quantities' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().block).toMatchObject({ type: 'scorecard', title: 'Quantities', axis: [{ source: { sheet: 'Orders', column: 'Quantity' } }] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${id}`, headers: as(owner) })).statusCode).toBe(204);
  });

  it('refuses an unknown type and invalid settings, naming them', async () => {
    const unknown = await post({ pageId, type: 'xyz' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Unknown block type 'xyz'");
    const bad = await post({ pageId, type: 'table', sheet_title: 'Orders', rows_per_page: 'ten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(bad.json().issues[0].message);
    expect(bad.json().message).not.toMatch(/rows_per_page|Invalid input|expected/);
    expect(bad.json().issues).toContainEqual({ path: 'rows_per_page', message: expect.any(String) });
    const chart = await post({ pageId, type: 'chart', sheet_title: 'Orders', axis: [{ column: 'Amount', type: 'donut' }] });
    expect(chart.statusCode).toBe(400);
    const paths = chart.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toContain('x_axis');
    expect(paths).toContain('axis.0.type');
    const typo = await post({ pageId, type: 'table', sheet_title: 'Orders', rows_per_pag: 5 });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe("Unknown setting 'rows_per_pag'");
    const noPage = await post({ type: 'table' });
    expect(noPage.statusCode).toBe(400);
    expect(noPage.json().issues[0].path).toBe('pageId');
  });

  it('strangers 403, anonymous 401, unknown page 404', async () => {
    expect((await post({ pageId, type: 'table', sheet_title: 'Orders' }, stranger)).statusCode).toBe(403);
    expect((await post({ pageId, type: 'table', sheet_title: 'Orders' }, null)).statusCode).toBe(401);
    expect((await post({ pageId: 'nope', type: 'table', sheet_title: 'Orders' })).statusCode).toBe(404);
  });
});

describe('PUT, DELETE and order', () => {
  it('merges a partial update over the stored block and validates the result', async () => {
    const block = (await post({ pageId, type: 'chart', sheet_title: 'Orders', x_axis: 'Category', axis: [{ column: 'Amount' }] })).json().block;
    const res = await t.app.inject({ method: 'PUT', url: `/api/blocks/${block.id}`, headers: as(owner), payload: { title: 'Revenue', stackAxis: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().block).toMatchObject({ id: block.id, type: 'chart', title: 'Revenue', stackAxis: true, x_axis: 'Category', axis: [{ column: 'Amount', type: 'bar' }] });
    const full = await t.app.inject({ method: 'PUT', url: `/api/blocks/${block.id}`, headers: as(owner), payload: { ...res.json().block, axis: [{ column: 'Quantity', type: 'line' }, { column: 'Amount', type: 'pie' }] } });
    expect(full.statusCode).toBe(200);
    expect(full.json().block.axis.map((a: { type: string }) => a.type)).toEqual(['line', 'pie']);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/blocks/${block.id}`, headers: as(owner), payload: { axis: [{ column: 'Amount', borderWidth: 9 }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'axis.0.borderWidth', message: bad.json().message });
    const retype = await t.app.inject({ method: 'PUT', url: `/api/blocks/${block.id}`, headers: as(owner), payload: { type: 'table' } });
    expect(retype.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/blocks/${block.id}`, headers: as(stranger), payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/blocks/nope', headers: as(owner), payload: { title: 'x' } })).statusCode).toBe(404);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/blocks/${block.id}` })).json().block;
    expect(stored.axis).toHaveLength(2);
  });

  it('reorders with exactly the page block ids', async () => {
    const ids = (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}` })).json().pages[0].blocks.map((b: { id: string }) => b.id);
    expect(ids.length).toBeGreaterThan(2);
    const reversed = [...ids].reverse();
    const res = await t.app.inject({ method: 'PUT', url: `/api/pages/${pageId}/blocks/order`, headers: as(owner), payload: { order: reversed } });
    expect(res.statusCode).toBe(200);
    expect(res.json().blocks.map((b: { id: string }) => b.id)).toEqual(reversed);
    const after = (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}` })).json().pages[0].blocks.map((b: { id: string }) => b.id);
    expect(after).toEqual(reversed);

    const missing = await t.app.inject({ method: 'PUT', url: `/api/pages/${pageId}/blocks/order`, headers: as(owner), payload: { order: reversed.slice(1) } });
    expect(missing.statusCode).toBe(400);
    const dup = await t.app.inject({ method: 'PUT', url: `/api/pages/${pageId}/blocks/order`, headers: as(owner), payload: { order: [...reversed.slice(1), reversed[1]] } });
    expect(dup.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/pages/${pageId}/blocks/order`, headers: as(stranger), payload: { order: reversed } })).statusCode).toBe(403);
  });

  it('a block never leaves its page: PUT ignores pageId and id, order refuses blocks of another page', async () => {
    const otherApp = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { public: true, name: 'Other Board', kind: 'board' } })).json().app.id;
    const otherPage = (await t.app.inject({ method: 'GET', url: `/api/pages/${otherApp}` })).json().pages[0].page_id;
    const mine = (await post({ pageId, type: 'table', sheet_title: 'Orders' })).json().block;
    const there = (await post({ pageId: otherPage, type: 'table', sheet_title: 'Orders' })).json().block;
    const put = await t.app.inject({ method: 'PUT', url: `/api/blocks/${mine.id}`, headers: as(owner), payload: { pageId: otherPage, id: there.id, title: 'Still here' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().block).toMatchObject({ id: mine.id, title: 'Still here' });
    const row = await blocksRepo(t.ctx.db).findById(mine.id);
    expect(row?.page_id).toBe(pageId);
    expect((await blocksRepo(t.ctx.db).findById(there.id))?.page_id).toBe(otherPage);

    const ids: string[] = (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}` })).json().pages[0].blocks.map((b: { id: string }) => b.id);
    const smuggled = ids.map((id) => (id === mine.id ? there.id : id));
    const res = await t.app.inject({ method: 'PUT', url: `/api/pages/${pageId}/blocks/order`, headers: as(owner), payload: { order: smuggled } });
    expect(res.statusCode).toBe(400);
    expect((await blocksRepo(t.ctx.db).findById(there.id))?.page_id).toBe(otherPage);
    // Someone else's page, with its own ids: 403, nothing moves.
    const theirs = await t.app.inject({ method: 'PUT', url: `/api/pages/${otherPage}/blocks/order`, headers: as(stranger), payload: { order: [there.id] } });
    expect(theirs.statusCode).toBe(403);
  });

  it("a private app's blocks are 403 'Access Denied' to strangers, for reads and writes", async () => {
    const priv = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Hidden Board', kind: 'board' } })).json().app.id;
    await t.app.inject({ method: 'PUT', url: `/api/apps/${priv}`, headers: as(owner), payload: { public: false } });
    const privPage = (await t.app.inject({ method: 'GET', url: `/api/pages/${priv}`, headers: as(owner) })).json().pages[0].page_id;
    const block = (await post({ pageId: privPage, type: 'table', sheet_title: 'Orders' })).json().block;
    expect((await t.app.inject({ method: 'GET', url: `/api/blocks/${block.id}`, headers: as(stranger) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/blocks/${block.id}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/blocks/${block.id}`, headers: as(stranger), payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${block.id}`, headers: as(stranger) })).statusCode).toBe(403);
    expect((await post({ pageId: privPage, type: 'table', sheet_title: 'Orders' }, stranger)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/pages/${privPage}/blocks/order`, headers: as(stranger), payload: { order: [block.id] } })).statusCode).toBe(403);
  });

  it('deletes a block (204) for the owner only', async () => {
    const block = (await post({ pageId, type: 'table', sheet_title: 'Products' })).json().block;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${block.id}`, headers: as(stranger) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${block.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${block.id}`, headers: as(owner) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/blocks/${block.id}` })).statusCode).toBe(404);
  });
});
