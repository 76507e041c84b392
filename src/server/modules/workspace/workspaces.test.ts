// Several workspaces per owner (issue 18) on the test database: creating, switching, renaming and
// deleting; nothing of one workspace shows in another of the same owner (apps, spreadsheets, rows,
// uploads, editors, plan); switching to a workspace the account neither owns nor edits is refused;
// /api/board-workspace lists, searches and sorts by last change; thumbnails.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_WORKSPACES_PER_OWNER, WORKSPACE_MESSAGES as M } from '../../../shared/api/workspaces';
import { isStored, multipart, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { uploadKey } from '../../platform/storage';
import { boardThumbnail } from './thumbnail';

const t = testServer();
let olga: TestUser;
let erin: TestUser;
let sam: TestUser;
/** Olga's first workspace (made at sign-up, with the sample board) and her second. */
let first: string;
let second: string;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

function api(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: TestUser | null, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}
async function json<T = Record<string, unknown>>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
const appNames = async (who: TestUser) => (await json<{ apps: { name: string }[] }>(await api('GET', '/api/apps', who))).apps.map((a) => a.name).sort();
const sheetTitles = async (who: TestUser) => (await json<{ spreadsheets: { title: string }[] }>(await api('GET', '/api/spreadsheets', who))).spreadsheets.map((s) => s.title).sort();
/** The plan (GET /api/board/workspace) and the current workspace (GET /api/workspaces) of an account. */
async function plan(who: TestUser) {
  const { is_free_plan } = await json<{ is_free_plan: boolean }>(await api('GET', '/api/board/workspace', who));
  const { workspaces } = await json<{ workspaces: { id: string; name: string; role: string; current: boolean }[] }>(await api('GET', '/api/workspaces', who));
  const current = workspaces.find((w) => w.current)!;
  return { is_free_plan, id: current.id, name: current.name, role: current.role };
}

beforeAll(async () => {
  olga = await signUp(t.app, 'Olga Owner');
  erin = await signUp(t.app, 'Erin Editor');
  sam = await signUp(t.app, 'Sam Stranger');
});

describe('the workspaces of an account', () => {
  it('a new owner has one workspace, current, with the sample board', async () => {
    const { workspaces } = await json<{ workspaces: { id: string; name: string; role: string; current: boolean; is_free_plan: boolean }[] }>(await api('GET', '/api/workspaces', olga));
    expect(workspaces).toEqual([{ id: expect.any(String), name: "Olga Owner's workspace", role: 'owner', current: true, is_free_plan: true }]);
    first = workspaces[0]!.id;
    expect(await plan(olga)).toEqual({ is_free_plan: true, id: first, name: "Olga Owner's workspace", role: 'owner' });
    expect(await appNames(olga)).toEqual(['Sales board']);
  });

  it('creates a second one: 201, empty, on the free plan, and current', async () => {
    expect((await api('POST', '/api/workspaces', null, { name: 'X' })).statusCode).toBe(401);
    expect(await json(await api('POST', '/api/workspaces', olga, { name: '   ' }), 400)).toMatchObject({ message: expect.stringContaining(M.nameRequired) });
    expect(await json(await api('POST', '/api/workspaces', olga, { name: 'x'.repeat(101) }), 400)).toMatchObject({ message: expect.stringContaining(M.nameTooLong) });
    const { workspace } = await json<{ workspace: { id: string } }>(await api('POST', '/api/workspaces', olga, { name: '  Client   B ' }), 201);
    expect(workspace).toEqual({ id: expect.any(String), name: 'Client B', is_free_plan: true, role: 'owner', current: true });
    second = workspace.id;
    expect(await appNames(olga)).toEqual([]);
    expect(await sheetTitles(olga)).toEqual([]);
    expect((await plan(olga)).id).toBe(second);
    const list = await json<{ workspaces: { id: string; current: boolean }[] }>(await api('GET', '/api/workspaces', olga));
    expect(list.workspaces.map((w) => [w.id, w.current])).toEqual([
      [first, false],
      [second, true],
    ]);
  });

  it('keeps apps, spreadsheets, rows, uploads and the plan of each workspace apart', async () => {
    // In the second workspace: a spreadsheet with a row, a board, a file of the workspace's media.
    const s = await json<{ spreadsheet: { id: string } }>(await api('POST', '/api/spreadsheets', olga, { title: 'B leads', sheets: [{ title: 'Leads', columns: ['Name'], rows: [{ Name: 'Bea' }] }] }), 201);
    await json(await api('POST', '/api/apps', olga, { name: 'B board', kind: 'board', spreadsheetId: s.spreadsheet.id }), 201);
    const m = multipart('logo.png', PNG);
    const up = await t.app.inject({ method: 'POST', url: '/api/uploads?purpose=block-setting', payload: m.payload, headers: { ...m.headers, cookie: olga.cookie } });
    const uploadId = (await json<{ upload: { id: string } }>(up, 201)).upload.id;
    expect((await t.ctx.db.selectFrom('uploads').select('workspace_id').where('id', '=', uploadId).executeTakeFirstOrThrow()).workspace_id).toBe(second);
    await t.ctx.db.updateTable('workspaces').set({ is_free_plan: 0 }).where('id', '=', second).execute();
    expect(await appNames(olga)).toEqual(['B board']);
    expect(await sheetTitles(olga)).toEqual(['B leads']);
    expect((await plan(olga)).is_free_plan).toBe(false);

    // Back in the first: none of it, and the first's own things and plan.
    await json(await api('PUT', '/api/workspaces/current', olga, { id: first }));
    expect(await appNames(olga)).toEqual(['Sales board']);
    expect(await sheetTitles(olga)).toEqual(['Sample business']);
    expect((await plan(olga)).is_free_plan).toBe(true);
    // A spreadsheet of the other workspace is not one a new board of this one may use.
    const res = await api('POST', '/api/apps', olga, { name: 'Crossed', kind: 'board', spreadsheetId: s.spreadsheet.id });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(await appNames(olga)).toEqual(['Sales board']);
    // Rows: the first workspace's sheets did not gain the second's row.
    const sample = (await json<{ spreadsheets: { id: string; sheets: { row_count: number }[] }[] }>(await api('GET', '/api/spreadsheets', olga))).spreadsheets[0]!;
    const rowsBefore = sample.sheets.map((x) => x.row_count);
    await json(await api('PUT', '/api/workspaces/current', olga, { id: second }));
    const bSheet = (await json<{ spreadsheets: { sheets: { row_count: number }[] }[] }>(await api('GET', '/api/spreadsheets', olga))).spreadsheets[0]!;
    expect(bSheet.sheets.map((x) => x.row_count)).toEqual([1]);
    await json(await api('PUT', '/api/workspaces/current', olga, { id: first }));
    const again = (await json<{ spreadsheets: { sheets: { row_count: number }[] }[] }>(await api('GET', '/api/spreadsheets', olga))).spreadsheets[0]!;
    expect(again.sheets.map((x) => x.row_count)).toEqual(rowsBefore);
  });

  it('has editors per workspace: an editor of one sees that one only, and cannot switch to the other', async () => {
    await json(await api('PUT', '/api/workspaces/current', olga, { id: second }));
    const invited = await json<{ invitation_link: string }>(await api('POST', '/api/workspace/editors', olga, { email: erin.email }), 201);
    const token = new URL(invited.invitation_link).searchParams.get('token')!;
    expect((await json<{ workspace: { id: string } }>(await api('POST', '/api/workspace/join', erin, { token }))).workspace.id).toBe(second);
    expect((await json<{ editors: unknown[] }>(await api('GET', '/api/workspace/editors', olga))).editors).toHaveLength(1);
    await json(await api('PUT', '/api/workspaces/current', olga, { id: first }));
    expect((await json<{ editors: unknown[] }>(await api('GET', '/api/workspace/editors', olga))).editors).toHaveLength(0);

    // Erin lists her own workspace and the one she edits; she may switch to that one only.
    const list = await json<{ workspaces: { id: string; role: string; owner_name?: string }[] }>(await api('GET', '/api/workspaces', erin));
    expect(list.workspaces.map((w) => [w.role, w.owner_name])).toEqual([
      ['owner', undefined],
      ['editor', 'Olga Owner'],
    ]);
    expect((await api('PUT', '/api/workspaces/current', erin, { id: first })).statusCode).toBe(404);
    expect((await api('PUT', '/api/workspaces/current', sam, { id: second })).statusCode).toBe(404);
    expect((await api('PUT', '/api/workspaces/current', erin, { id: 'no-such-workspace' })).statusCode).toBe(404);
    expect((await api('PUT', '/api/workspaces/current', null, { id: second })).statusCode).toBe(401);
    const switched = await json<{ workspace: { id: string; role: string } }>(await api('PUT', '/api/workspaces/current', erin, { id: second }));
    expect(switched.workspace).toMatchObject({ id: second, role: 'editor', owner_name: 'Olga Owner', current: true });
    // In it: its apps (marked as Olga's) and spreadsheets, its plan; not its editors.
    const apps = await json<{ apps: { name: string; shared?: boolean; owner_name?: string }[] }>(await api('GET', '/api/apps', erin));
    expect(apps.apps).toEqual([expect.objectContaining({ name: 'B board', shared: true, owner_name: 'Olga Owner' })]);
    expect(await sheetTitles(erin)).toEqual(['B leads']);
    expect(await plan(erin)).toMatchObject({ id: second, is_free_plan: false, role: 'editor' });
    expect(await json(await api('GET', '/api/workspace/editors', erin), 403)).toMatchObject({ message: M.editorsOwnerOnly });
    // Olga's first workspace's apps stay out of Erin's reach.
    const sales = (await t.ctx.db.selectFrom('apps').select('id').where('workspace_id', '=', first).executeTakeFirstOrThrow()).id;
    expect((await api('GET', `/api/pages/${sales}`, erin)).statusCode).toBe(403);
    // Once removed as an editor, the current choice falls back to her own workspace.
    const editorId = (await t.ctx.db.selectFrom('workspace_editors').select('id').where('workspace_id', '=', second).executeTakeFirstOrThrow()).id;
    await json(await api('PUT', '/api/workspaces/current', olga, { id: second }));
    expect((await api('DELETE', `/api/workspace/editors/${editorId}`, olga)).statusCode).toBe(204);
    expect(await plan(erin)).toMatchObject({ role: 'owner', name: "Erin Editor's workspace" });
    expect(await appNames(erin)).toEqual(['Sales board']);
    await json(await api('POST', `/api/workspace/editors`, olga, { email: erin.email }), 201);
    await json(await api('PUT', '/api/workspaces/current', olga, { id: first }));
  });

  it('renames: the owner only', async () => {
    expect(await json(await api('PATCH', `/api/workspaces/${second}`, olga, { name: 'Client B (2024)' }))).toMatchObject({ workspace: { id: second, name: 'Client B (2024)', current: false } });
    expect(await json(await api('PATCH', `/api/workspaces/${second}`, olga, { name: '' }), 400)).toMatchObject({ message: expect.stringContaining(M.nameRequired) });
    expect((await api('PATCH', `/api/workspaces/${second}`, sam, { name: 'Mine' })).statusCode).toBe(404);
    expect((await api('PATCH', `/api/workspaces/${second}`, null, { name: 'Mine' })).statusCode).toBe(401);
    const { workspaces } = await json<{ workspaces: { id: string; name: string }[] }>(await api('GET', '/api/workspaces', olga));
    expect(workspaces.find((w) => w.id === second)?.name).toBe('Client B (2024)');
  });

  it('deletes one (after typing its name) with everything in it, never the last one', async () => {
    await json(await api('PUT', '/api/workspaces/current', olga, { id: second }));
    const upload = await t.ctx.db.selectFrom('uploads').select('id').where('workspace_id', '=', second).executeTakeFirstOrThrow();
    const file = uploadKey(upload.id);
    expect(await isStored(t, file)).toBe(true);
    expect(await json(await api('DELETE', `/api/workspaces/${second}`, olga, { confirm: 'Client B' }), 400)).toMatchObject({ message: M.confirm });
    expect((await api('DELETE', `/api/workspaces/${second}`, sam, { confirm: 'Client B (2024)' })).statusCode).toBe(404);
    expect((await api('DELETE', `/api/workspaces/${second}`, null, { confirm: 'Client B (2024)' })).statusCode).toBe(401);
    expect((await api('DELETE', `/api/workspaces/${second}`, olga, { confirm: 'Client B (2024)' })).statusCode).toBe(204);
    for (const table of ['apps', 'spreadsheets', 'uploads', 'workspace_editors'] as const)
      expect(await t.ctx.db.selectFrom(table).select('workspace_id').where('workspace_id', '=', second).execute(), table).toEqual([]);
    expect(await isStored(t, file)).toBe(false);
    // Olga is back in her first workspace, untouched.
    expect(await plan(olga)).toMatchObject({ id: first });
    expect(await appNames(olga)).toEqual(['Sales board']);
    expect(await sheetTitles(olga)).toEqual(['Sample business']);
    expect((await json<{ workspaces: unknown[] }>(await api('GET', '/api/workspaces', olga))).workspaces).toHaveLength(1);
    // The last one stays.
    expect(await json(await api('DELETE', `/api/workspaces/${first}`, olga, { confirm: "Olga Owner's workspace" }), 409)).toMatchObject({ message: M.lastOne });
  });

  it(`holds at most ${MAX_WORKSPACES_PER_OWNER} workspaces per owner`, async () => {
    const now = new Date().toISOString();
    const have = Number((await t.ctx.db.selectFrom('workspaces').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', sam.id).executeTakeFirstOrThrow()).n);
    await t.ctx.db
      .insertInto('workspaces')
      .values(Array.from({ length: MAX_WORKSPACES_PER_OWNER - have }, (_, i) => ({ id: `cap${i}${sam.id}`.slice(0, 32), owner_id: sam.id, name: `W${i}`, is_free_plan: 1, created_at: now })))
      .execute();
    expect(await json(await api('POST', '/api/workspaces', sam, { name: 'One too many' }), 409)).toMatchObject({ message: M.tooMany });
  });
});

describe('/api/board-workspace', () => {
  it("lists the current workspace's boards, searches by name and sorts by last change or name", async () => {
    const owner = await signUp(t.app, 'Bo Boards');
    const headers = { cookie: owner.cookie };
    const make = async (name: string) => (await json<{ app: { id: string } }>(await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name, kind: 'board' } }), 201)).app.id;
    const alpha = await make('Alpha 100% sales');
    const beta = await make('beta_stock');
    const list = async (query = '') => (await json<{ boards: { id: string; name: string; updated_at: string; blocks: number; thumbnail_url: string }[] }>(await api('GET', `/api/board-workspace${query}`, owner))).boards;
    expect((await api('GET', '/api/board-workspace', null)).statusCode).toBe(401);
    expect((await list()).map((b) => b.name)).toEqual(['beta_stock', 'Alpha 100% sales', 'Sales board']);
    expect((await list('?sort=name')).map((b) => b.name)).toEqual(['Alpha 100% sales', 'beta_stock', 'Sales board']);
    expect((await list('?q=SALES')).map((b) => b.name)).toEqual(['Alpha 100% sales', 'Sales board']);
    // LIKE's wildcards are plain characters in a search.
    expect((await list('?q=100%25')).map((b) => b.name)).toEqual(['Alpha 100% sales']);
    expect((await list('?q=al_s')).map((b) => b.name)).toEqual([]);
    expect((await list('?q=nothing')).map((b) => b.name)).toEqual([]);
    expect((await api('GET', '/api/board-workspace?sort=size', owner)).statusCode).toBe(400);

    // A new block makes Alpha the last edited; so does a page setting or a block's edit.
    const was = (await list()).find((b) => b.id === alpha)!;
    await new Promise((r) => setTimeout(r, 5));
    const pageId = (await json<{ pages: { page_id: string }[] }>(await api('GET', `/api/pages/${alpha}`, owner))).pages[0]!.page_id;
    const block = await json<{ block: { id: string } }>(await api('POST', '/api/blocks', owner, { pageId, type: 'markdown' }), 201);
    const now = await list();
    expect(now[0]).toMatchObject({ id: alpha, blocks: 1 });
    expect(now[0]!.updated_at > was.updated_at).toBe(true);
    expect(now[0]!.thumbnail_url).not.toBe(was.thumbnail_url);
    await new Promise((r) => setTimeout(r, 5));
    await json(await api('PUT', `/api/blocks/${block.block.id}`, owner, { title: 'Notes' }));
    const betaPage = (await json<{ pages: { page_id: string }[] }>(await api('GET', `/api/pages/${beta}`, owner))).pages[0]!.page_id;
    await new Promise((r) => setTimeout(r, 5));
    await json(await api('POST', '/api/blocks', owner, { pageId: betaPage, type: 'markdown' }), 201);
    expect((await list()).map((b) => b.name)).toEqual(['beta_stock', 'Alpha 100% sales', 'Sales board']);
  });

  it('draws a thumbnail of the layout for the owner and editors only, with no text of the board', async () => {
    const owner = await signUp(t.app, '<script>alert(1)</script>');
    const headers = { cookie: owner.cookie };
    const { app } = await json<{ app: { id: string } }>(await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name: '<img src=x onerror=alert(1)>', kind: 'board' } }), 201);
    const pageId = (await json<{ pages: { page_id: string }[] }>(await api('GET', `/api/pages/${app.id}`, owner))).pages[0]!.page_id;
    // Stored as is (a chart with its sheet and columns is tested elsewhere): only its kind is drawn.
    const at = new Date().toISOString();
    await t.ctx.db.insertInto('blocks').values({ id: 'thumbchart', page_id: pageId, position: 0, type: 'chart', config: JSON.stringify({ title: '<b>Revenue</b>' }), created_at: at, updated_at: at }).execute();
    const res = await api('GET', `/api/apps/${app.id}/thumbnail.svg`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).not.toMatch(/script|<img|Revenue|onerror/i);
    expect(res.body).toContain('#228be6'); // the chart's glyph
    expect((await api('GET', `/api/apps/${app.id}/thumbnail.svg`, sam)).statusCode).toBe(403);
    expect((await api('GET', `/api/apps/${app.id}/thumbnail.svg`, null)).statusCode).toBe(401);
  });

  it('lays blocks out as the viewer does: two columns, full-width blocks span the row', () => {
    const svg = boardThumbnail([
      { type: 'header', config: '{}' },
      { type: 'scorecard', config: '{}' },
      { type: 'scorecard', config: '{}' },
      { type: 'table', config: '{"full_width":true}' },
    ]);
    const cards = [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="4"/g)].map((m) => m.slice(1).map(Number));
    // Two scorecards side by side, then the table across the row below them.
    expect(cards).toHaveLength(3);
    expect(cards[0]![1]).toBe(cards[1]![1]);
    expect(cards[1]![0]).toBeGreaterThan(cards[0]![0]!);
    expect(cards[2]![1]).toBeGreaterThan(cards[0]![1]! + cards[0]![3]! - 1);
    expect(cards[2]![2]).toBeGreaterThan(cards[0]![2]! * 2);
    expect(boardThumbnail([])).toMatch(/<path /);
  });
});
