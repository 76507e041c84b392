// Who may call what (issue 5), on the test database: every /api route declares a rule, and the
// privacy matrix — anonymous, the owner, an editor of the owner's workspace and another owner
// against every app-viewer and owner route of a private and a public app; then app users (read,
// read-write, of another app) on a password app — allows exactly what the rules promise; and page
// privacy (issue 12): a public app whose home page is not public, against every app route, for
// every identity. Unexpected allows: 0.
// Also the privacy API (POST /api/app/app-info, the Publish URL and a custom host serving the app).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashPassword } from '../platform/password/password';
import { multipart, signUp, type TestUser, joinAsEditor, ORDERS_BLOCKS } from '../testing/app';
import { testServer } from '../testing/server';
import { IdParams } from '../../shared/api/params';
import { appParam } from './resources';
import { ACCESS_RULES, declaredAccess, type AccessRule } from './rules';
import { declaredTokens } from './enforce';
import { PRIVATE_APP_MESSAGE } from './viewer';
import { TOKEN_MESSAGES } from '../../shared/api/developer';
import { sha256 } from '../http';

const t = testServer();
let owner: TestUser;
let other: TestUser;
/** An editor of the owner's workspace (workspace/editors.ts): the owner's rights on its apps. */
let editor: TestUser;
let spreadsheetId: string;
/** A spreadsheet of the owner's for the data editor's calls (they add columns). */
let scratchId: string;

interface Fixture {
  id: string;
  subdomain: string;
  pageId: string;
  tableId: string;
  commentsId: string;
  /** A form with a file field (visitors upload through it). */
  formId: string;
  /** A file the owner uploaded for the app (a block setting's image). */
  fileId: string;
  /** An app user the owner added. */
  appUserId: string;
  /** Every block of the home page, in order. */
  blockIds: string[];
  /** The row a call edits or deletes (a fresh one per call, Call.freshRow). */
  rowId: string;
}
const apps: Record<'private' | 'public', Fixture> = {} as never;

const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});

async function ok<T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function fixture(name: string, isPublic: boolean): Promise<Fixture> {
  const { app } = await ok<{ app: { id: string; subdomain: string } }>(
    await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { public: true, name, kind: 'multipage', spreadsheetId } }),
    201,
  );
  await ok(await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { public: isPublic } }));
  const { pages } = await ok<{ pages: { page_id: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(owner) }));
  const pageId = pages[0]!.page_id;
  const add = async (payload: Record<string, unknown>) =>
    (await ok<{ block: { id: string } }>(await t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(owner), payload: { pageId, ...payload } }), 201)).block.id;
  const tableId = await add(ORDERS_BLOCKS.table);
  const commentsId = await add(ORDERS_BLOCKS.comments);
  const formId = await add(ORDERS_BLOCKS.form);
  const m = multipart('hero.png', PNG);
  const fileId = (
    await ok<{ upload: { id: string } }>(
      await t.app.inject({ method: 'POST', url: `/api/uploads?board=${app.id}&purpose=block-setting`, payload: m.payload, headers: { ...m.headers, ...as(owner) } }),
      201,
    )
  ).upload.id;
  const appUserId = (
    await ok<{ new_app_user: { id: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/mutipageapp_users', headers: as(owner), payload: { appId: app.id, name: 'Vera', email: `vera-${app.id}@example.com`, permissions: 'read' } }),
      201,
    )
  ).new_app_user.id;
  const after = await ok<{ pages: { blocks: { id: string }[] }[] }>(await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(owner) }));
  return { id: app.id, subdomain: app.subdomain, pageId, tableId, commentsId, formId, fileId, appUserId, blockIds: after.pages[0]!.blocks.map((b) => b.id), rowId: '0' };
}

/** An app user with a password, signed in through POST /api/app-auth/login (the cookie it sets). */
async function appUser(f: Fixture, email: string, permissions: 'read' | 'read-write'): Promise<string> {
  const now = new Date().toISOString();
  await t.ctx.db
    .insertInto('app_users')
    .values({ id: `u${Math.random().toString(36).slice(2, 12)}`, app_id: f.id, name: email.split('@')[0]!, email, permissions, password_hash: await hashPassword('members only!'), created_at: Math.floor(Date.now() / 1000), updated_at: now })
    .execute();
  const res = await t.app.inject({ method: 'POST', url: `/api/app-auth/login?app=${f.id}`, payload: { email, password: 'members only!' } });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === `sb_app_${f.id}`);
  expect(set?.httpOnly).toBe(true);
  return `${set!.name}=${set!.value}`;
}

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Olga');
  other = await signUp(t.app, 'Other Otto');
  editor = await signUp(t.app, 'Editor Erin');
  await joinAsEditor(t, owner, editor);
  // Margin and the Suppliers tab: a column and a tab no block of any fixture uses.
  const sheet = { title: 'Orders', columns: ['City', 'Amount', 'Margin'], rows: [{ City: 'Paris', Amount: 12, Margin: 5 }, { City: 'Lyon', Amount: 7, Margin: 2 }] };
  const suppliers = { title: 'Suppliers', columns: ['Name', 'Phone'], rows: [{ Name: 'Acme', Phone: '555-0100' }] };
  spreadsheetId = (
    await ok<{ spreadsheet: { id: string } }>(await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: as(owner), payload: { title: 'Shop', sheets: [sheet, suppliers] } }), 201)
  ).spreadsheet.id;
  scratchId = (
    await ok<{ spreadsheet: { id: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: as(owner), payload: { title: 'Scratch', sheets: [{ ...sheet, rows: [] }] } }),
      201,
    )
  ).spreadsheet.id;
  apps.private = await fixture('Private Shop', false);
  apps.public = await fixture('Public Shop', true);
});

describe('route declarations', () => {
  it('every /api route declares one of the access rules', async () => {
    const built = await buildApp(t.config, { logger: false, migrate: false });
    try {
      const api = built.routes.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/v3/'));
      expect(api.length).toBeGreaterThan(40);
      expect(api.filter((r) => r.access === null).map((r) => `${r.method} ${r.url}`)).toEqual([]);
      for (const r of api) expect(Object.keys(ACCESS_RULES)).toContain(r.access);
      // The owner's management routes say so.
      expect(api.find((r) => r.method === 'PUT' && r.url === '/api/apps/:id')?.access).toBe('owner');
      expect(api.find((r) => r.method === 'GET' && r.url === '/api/board/:spreadsheetId/sheet/:sheetTitle')?.access).toBe('app-viewer');
      expect(api.find((r) => r.method === 'GET' && r.url === '/v3/api/page/sheet/:sheetTitle')?.access).toBe('app-viewer');
      expect(api.find((r) => r.method === 'POST' && r.url === '/v3/getSpreadsheetData')?.access).toBe('app-viewer');
      // The front door of a password app opens its sign-in pages to visitors.
      expect(api.find((r) => r.method === 'GET' && r.url === '/api/pages/:appId')?.access).toBe('app-visitor');
    } finally {
      await built.app.close();
    }
  });

  it('the matrix calls every app route, but for those it names as left out', async () => {
    const built = await buildApp(t.config, { logger: false, migrate: false });
    try {
      const appRules = ['owner', 'app-viewer', 'app-visitor'];
      const f: Fixture = { id: 'A', subdomain: 'a', pageId: 'P', tableId: 'B', commentsId: 'C', formId: 'F', fileId: 'U', appUserId: 'V', blockIds: ['B'], rowId: 'R' };
      const calls = [...VIEWER_CALLS, ...OWNER_CALLS].map((c) => `${c.method} ${c.url(f).split('?')[0]}`);
      const pattern = (method: string, url: string) => new RegExp(`^${method} ${url.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
      const missing = built.routes
        .filter((r) => r.access !== null && appRules.includes(r.access) && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`)
        .filter((route) => !Object.hasOwn(NOT_IN_MATRIX, route) && !calls.some((c) => pattern(...(route.split(' ') as [string, string])).test(c)));
      expect(missing).toEqual([]);
    } finally {
      await built.app.close();
    }
  });

  it('a route without a rule stops the server from starting', () => {
    expect(() => declaredAccess({ method: 'GET', url: '/api/new-thing', config: {} })).toThrow(/GET \/api\/new-thing declares no access rule/);
    expect(() => declaredAccess({ method: 'GET', url: '/api/new-thing', config: { access: 'everyone' } as never })).toThrow(/declares no access rule/);
    expect(declaredAccess({ method: 'GET', url: '/assets/x.js', config: {} })).toBeNull();
    // A rule that decides on a resource needs the route to say how to find it.
    expect(() => declaredAccess({ method: 'GET', url: '/api/x', config: { access: 'owner' } })).toThrow(/GET \/api\/x declares 'owner' but no resource/);
    expect(declaredAccess({ method: 'GET', url: '/api/x', config: { access: 'owner', resource: appParam(IdParams, (p) => p.id) } })).toBe('owner');
    expect(declaredAccess({ method: 'GET', url: '/api/x', config: { access: 'signed-in' } })).toBe('signed-in');
  });
});

describe('token declarations', () => {
  it("a route names the least token scope; start-up fails on anything else, and on a change open to read tokens", () => {
    const route = (method: string, tokens: unknown) => ({ method, url: '/api/x', config: { access: 'signed-in', tokens } as never });
    expect(declaredTokens(route('GET', undefined))).toBeNull();
    expect(declaredTokens(route('GET', 'read'))).toBe('read');
    expect(declaredTokens(route('GET', 'read-write'))).toBe('read-write');
    expect(declaredTokens(route('DELETE', 'read-write'))).toBe('read-write');
    expect(() => declaredTokens(route('POST', 'read'))).toThrow(/POST \/api\/x changes things but declares tokens: 'read'/);
    expect(() => declaredTokens(route(['GET', 'POST'] as never, 'read'))).toThrow(/declares tokens: 'read'/);
    expect(() => declaredTokens(route('GET', true))).toThrow(/GET \/api\/x declares tokens: true/);
    expect(() => declaredTokens(route('GET', 'write'))).toThrow(/declares tokens: "write"/);
  });
});

type Role = 'anonymous' | 'owner' | 'workspace editor' | 'other owner';
const ROLES: Role[] = ['anonymous', 'owner', 'workspace editor', 'other owner'];
const userOf = (role: Role) => (role === 'owner' ? owner : role === 'workspace editor' ? editor : role === 'other owner' ? other : undefined);
/** The owner and the workspace's editors: the app is theirs to see and change. */
const mayEdit = (role: string) => role === 'owner' || role === 'workspace editor';

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: Fixture) => string;
  payload?: (f: Fixture) => unknown;
  multipart?: boolean;
  /** A multipart upload of this file (and fields sent before it) instead of the PNG. */
  file?: { name: string; content: string; fields: Record<string, string> };
  /** The call edits or deletes a row: each send gets a row of its own (f.rowId, version 1), added by the owner. */
  freshRow?: boolean;
}

/** Every 'app-viewer' route, each naming the app the way the web app does. */
const VIEWER_CALLS: Call[] = [
  { name: 'app', method: 'GET', url: (f) => `/api/apps/${f.id}` },
  { name: 'app info', method: 'POST', url: () => '/api/app/app-info', payload: (f) => ({ appName: f.subdomain }) },
  { name: 'pages', method: 'GET', url: (f) => `/api/pages/${f.id}` },
  { name: 'page', method: 'GET', url: (f) => `/api/page/home?app=${f.id}` },
  { name: 'block', method: 'GET', url: (f) => `/api/blocks/${f.tableId}` },
  { name: 'board state', method: 'POST', url: (f) => `/api/board/update-metadata?board=${f.id}`, payload: () => ({}) },
  { name: 'page state', method: 'POST', url: (f) => `/api/page/update-metadata?app=${f.id}&page=home`, payload: () => ({}) },
  { name: 'sheet rows', method: 'GET', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders?board=${f.id}` },
  // The spec's multipage data calls (spreadsheets/app-data-routes.ts): the app's own spreadsheet.
  { name: 'page sheet rows', method: 'GET', url: (f) => `/v3/api/page/sheet/Orders?board=${f.id}&referer=${encodeURIComponent(`http://localhost/${f.id}`)}` },
  { name: 'spreadsheet data', method: 'POST', url: () => '/v3/getSpreadsheetData', payload: (f) => ({ board: f.id, referer: `http://localhost/${f.id}` }) },
  { name: 'one row', method: 'GET', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/rows/0?board=${f.id}` },
  { name: 'chart', method: 'GET', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/chart?board=${f.id}&chart=${encodeURIComponent(JSON.stringify({ x_axis: 'City', axes: [{ column: 'Amount' }] }))}` },
  { name: 'map', method: 'GET', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/geo?board=${f.id}&address=City` },
  { name: 'add row', method: 'POST', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/rows?board=${f.id}`, payload: (f) => ({ blockId: f.tableId, values: { City: 'Nice', Amount: 3 } }) },
  {
    name: 'edit row',
    method: 'PUT',
    url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/rows/${f.rowId}?board=${f.id}`,
    payload: (f) => ({ blockId: f.tableId, values: { City: 'Nancy' }, _version: 1 }),
    freshRow: true,
  },
  { name: 'delete row', method: 'DELETE', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/rows/${f.rowId}?board=${f.id}&blockId=${f.tableId}`, freshRow: true },
  { name: 'run action', method: 'POST', url: (f) => `/api/blocks/${f.tableId}/actions/0/run?board=${f.id}`, payload: () => ({ rowId: '0' }) },
  { name: 'comments', method: 'GET', url: (f) => `/api/blocks/${f.commentsId}/comments?board=${f.id}` },
  { name: 'post comment', method: 'POST', url: (f) => `/api/blocks/${f.commentsId}/comments`, payload: () => ({ body: 'Hello there', author: 'Ann' }) },
  { name: 'form upload', method: 'POST', url: (f) => `/api/uploads?board=${f.id}&blockId=${f.formId}`, multipart: true },
  { name: 'file', method: 'GET', url: (f) => `/api/uploads/${f.fileId}` },
  { name: 'upload', method: 'POST', url: (f) => `/api/uploads?board=${f.id}&purpose=block-setting&kind=image`, multipart: true },
];

/** Every 'owner' route of an app (the other owner and anonymous visitors must never change it). */
const OWNER_CALLS: Call[] = [
  { name: 'update app', method: 'PUT', url: (f) => `/api/apps/${f.id}`, payload: () => ({ title: 'Renamed' }) },
  { name: 'reorder pages', method: 'PUT', url: (f) => `/api/apps/${f.id}/pages/order`, payload: (f) => ({ order: [f.pageId] }) },
  { name: 'add page', method: 'POST', url: () => '/api/pages', payload: (f) => ({ appId: f.id, page_name: 'Extra' }) },
  { name: 'reorder blocks', method: 'PUT', url: (f) => `/api/pages/${f.pageId}/blocks/order`, payload: (f) => ({ order: [...f.blockIds].reverse() }) },
  { name: 'add block', method: 'POST', url: () => '/api/blocks', payload: (f) => ({ pageId: f.pageId, type: 'markdown' }) },
  { name: 'edit block', method: 'PUT', url: (f) => `/api/blocks/${f.tableId}`, payload: () => ({ title: 'Mine now' }) },
  { name: 'spreadsheet', method: 'GET', url: () => `/api/spreadsheets/${spreadsheetId}` },
  { name: 'app users', method: 'GET', url: (f) => `/api/mutipageapp_users/${f.id}` },
  { name: 'add app user', method: 'POST', url: () => '/api/mutipageapp_users', payload: (f) => ({ appId: f.id, name: 'Mallory', email: 'mallory@example.com', permissions: 'read-write' }) },
  { name: 'edit app user', method: 'PUT', url: () => '/api/mutipageapp_users', payload: (f) => ({ appId: f.id, userId: f.appUserId, name: 'Vera', email: `vera-${f.id}@example.com`, permissions: 'read-write' }) },
  { name: 'delete app user', method: 'DELETE', url: () => '/api/mutipageapp_users', payload: (f) => ({ appId: f.id, userId: f.appUserId }) },
  { name: 'custom domain', method: 'GET', url: (f) => `/api/apps/${f.id}/custom-domain` },
  { name: 'verify custom domain', method: 'POST', url: (f) => `/api/apps/${f.id}/custom-domain/verify` },
  // Row rules (issue 34; their enforcement: access/row-rules.test.ts).
  { name: 'row rules', method: 'GET', url: (f) => `/api/apps/${f.id}/row-rules` },
  { name: 'set row rules', method: 'PUT', url: (f) => `/api/apps/${f.id}/row-rules`, payload: () => ({ rules: [] }) },
  // Whether the app's workspace may sell paid templates (billing/billing.test.ts: its own matrix with app users and admins).
  { name: 'paid template status', method: 'GET', url: (f) => `/api/multipage/marketplace/check-stripe-submit-status?app_id=${f.id}` },
  { name: 'marketplace request', method: 'GET', url: (f) => `/api/multipage/marketplace/review-request?app_id=${f.id}` },
  // What a submission would ship, for the form's summary (templates/shipment.test.ts).
  { name: 'template contents', method: 'GET', url: (f) => `/api/multipage/marketplace/review-request/contents?app_id=${f.id}` },
  // What the app's blocks use, for binding it to another spreadsheet (issue 15; clones/mapping.test.ts).
  { name: 'column mapping plan', method: 'GET', url: (f) => `/api/apps/${f.id}/column-mapping` },
  // The app's blocks that name a missing sheet or column, in words (issue 33; clones/integrity.test.ts).
  { name: 'app integrity', method: 'GET', url: (f) => `/api/apps/${f.id}/integrity` },
  // Whether a newer version of the app's template is out and what it changes (issue 33; clones/update.test.ts).
  { name: 'template update preview', method: 'GET', url: (f) => `/api/apps/${f.id}/template-update` },
  // The board's thumbnail on /boardWorkspace (issue 18; workspace/workspaces.test.ts).
  { name: 'board thumbnail', method: 'GET', url: (f) => `/api/apps/${f.id}/thumbnail.svg` },
  // The data editor's routes (issue 13), on a spreadsheet of the owner's no app uses: they
  // change its columns, which the fixture's sheet must keep.
  { name: 'add column', method: 'POST', url: () => `/api/spreadsheets/${scratchId}/sheets/Orders/columns`, payload: () => ({ name: `Extra ${++added}` }) },
  { name: 'column type', method: 'PATCH', url: () => `/api/spreadsheets/${scratchId}/sheets/Orders/columns/Margin`, payload: () => ({ type: 'number' }) },
  { name: 'column usage', method: 'GET', url: () => `/api/spreadsheets/${scratchId}/sheets/Orders/columns/City/usage` },
  { name: 'export', method: 'GET', url: () => `/api/spreadsheets/${scratchId}/export?sheet=Orders&format=csv` },
  {
    name: 'reimport preview',
    method: 'POST',
    url: () => `/api/spreadsheets/${scratchId}/reimport`,
    file: { name: 'Orders.csv', content: 'City,Amount\nRome,4\n', fields: { mode: 'append', preview: 'true' } },
  },
];

/** Columns the matrix's 'add column' calls added (each needs a name of its own). */
let added = 0;

/**
 * App routes the matrix leaves out, each with the reason: they destroy the fixture the other calls
 * need, or are another rule's. Every other app route must be one of the calls above.
 */
const NOT_IN_MATRIX: Record<string, string> = {
  'DELETE /api/apps/:id': "destroys the app (apps.test.ts: only the workspace's owner)",
  'DELETE /api/pages/:id': 'destroys a page (pages.test.ts)',
  'PUT /api/pages/:id': 'renames the fixture page (pages.test.ts)',
  'DELETE /api/blocks/:id': 'destroys a block (blocks.test.ts)',
  'DELETE /api/spreadsheets/:id': 'destroys the spreadsheet (spreadsheets.test.ts)',
  'DELETE /api/blocks/:blockId/comments/:id': 'needs a comment to delete (comments.test.ts)',
  'DELETE /api/spreadsheets/:id/sheets/:sheetTitle/columns/:column': 'destroys a column of the fixture sheet (spreadsheets/data-editor.test.ts)',
  'PUT /api/multipage/marketplace/review-request': 'needs a public app with no sign-in and uploaded images (its own matrix: marketplace/marketplace.test.ts)',
  'DELETE /api/multipage/marketplace/review-request': 'needs a submission to cancel (its own matrix: marketplace/marketplace.test.ts)',
  'POST /api/google/connect': 'a workspace, not an app: its own matrix (gsheets/connections.test.ts)',
  'GET /api/google/callback': 'a workspace, not an app: its own matrix (gsheets/connections.test.ts)',
  'GET /api/google/connection': 'a workspace, not an app: its own matrix (gsheets/connections.test.ts)',
  'DELETE /api/google/connection': 'a workspace, not an app: its own matrix (gsheets/connections.test.ts)',
  'POST /api/google/spreadsheets': 'a workspace, not an app: its own matrix (gsheets/pull.test.ts)',
  'GET /api/google/spreadsheets/:spreadsheetId': 'a Google-fed spreadsheet: its own matrix (gsheets/pull.test.ts)',
  'POST /api/google/spreadsheets/:spreadsheetId/pull': 'a Google-fed spreadsheet, calls Google: its own matrix (gsheets/pull.test.ts)',
  'DELETE /api/google/spreadsheets/:spreadsheetId/conflicts': 'a Google-fed spreadsheet: its own matrix (gsheets/push.test.ts)',
  'POST /api/google/spreadsheets/:spreadsheetId/remap': 'a Google-fed spreadsheet: its own matrix (gsheets/pull.test.ts)',
  'POST /api/apps/:appId/column-mapping': "moves the app to another spreadsheet, which the other calls' fixture must keep (its own checks: clones/mapping.test.ts)",
  'POST /api/apps/:appId/template-update': 'needs an app cloned from a template with a newer version (its own matrix: clones/update.test.ts)',
  'POST /api/apps/:appId/template-update/restore': 'needs an app a template update was applied to (its own matrix: clones/update.test.ts)',
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

/** A row of the fixtures' sheet, added by the owner, for a call that edits or deletes one. */
async function freshRow(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/api/board/${spreadsheetId}/sheet/Orders/rows`, headers: as(owner), payload: { values: { City: 'Metz', Amount: 1 } } });
  return (await ok<{ row: { _id: string } }>(res, 201)).row._id;
}

/** Sends a call with a session cookie (owner account or app user), or none; `extra`: more headers (an API token). */
async function sendAs(call: Call, fixture: Fixture, cookie: string | undefined, extra: Record<string, string> = {}) {
  const f = call.freshRow ? { ...fixture, rowId: await freshRow() } : fixture;
  const headers = { ...(cookie ? { cookie } : {}), ...extra };
  if (call.file) {
    const m = multipart(call.file.name, call.file.content, call.file.fields);
    return t.app.inject({ method: call.method, url: call.url(f), payload: m.payload, headers: { ...m.headers, ...headers } });
  }
  if (call.multipart) {
    const m = multipart('dot.png', PNG);
    return t.app.inject({ method: call.method, url: call.url(f), payload: m.payload, headers: { ...m.headers, ...headers } });
  }
  return t.app.inject({ method: call.method, url: call.url(f), headers, ...(call.payload ? { payload: call.payload(f) as object } : {}) });
}

async function send(call: Call, fixture: Fixture, role: Role) {
  return sendAs(call, fixture, userOf(role)?.cookie);
}

/** The owner routes' matrix: anonymous visitors and another owner against every owner route; the unexpected answers. */
async function ownerMatrix(targets: Record<'private' | 'public', Fixture>): Promise<string[]> {
  const unexpected: string[] = [];
  for (const which of ['private', 'public'] as const)
    for (const call of OWNER_CALLS)
      for (const role of ['anonymous', 'other owner'] as Role[]) {
        const res = await send(call, targets[which], role);
        const expected = role === 'anonymous' ? [401, 403, 404] : [403, 404];
        if (!expected.includes(res.statusCode)) unexpected.push(`${role} ${call.name} on the ${which} app → ${res.statusCode}`);
      }
  return unexpected;
}

describe('privacy matrix', () => {
  it("a private app is its owner's alone: 403 'Access Denied' on every app route for anyone else", async () => {
    const unexpected: string[] = [];
    for (const call of VIEWER_CALLS)
      for (const role of ROLES) {
        const res = await send(call, apps.private, role);
        if (mayEdit(role)) {
          if (res.statusCode >= 400) unexpected.push(`owner refused: ${call.name} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else if (call.name === 'upload') {
          // Block-setting uploads are the owner's on any app: a refusal either way (401 without a session).
          if (![401, 403].includes(res.statusCode)) unexpected.push(`${role} ${call.name} → ${res.statusCode}`);
        } else if (res.statusCode !== 403 || res.json().message !== PRIVATE_APP_MESSAGE) {
          unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    expect(unexpected).toEqual([]);
  });

  it('a public app with no sign-in: anyone views it, reads its data and uses what its blocks allow', async () => {
    const refused: string[] = [];
    for (const call of VIEWER_CALLS) {
      // Block-setting uploads are the owner's (the editor's); visitors upload through form fields.
      const roles = call.name === 'upload' ? (['owner', 'workspace editor'] as Role[]) : ROLES;
      for (const role of roles) {
        const res = await send(call, apps.public, role);
        if (res.statusCode >= 400) refused.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(refused).toEqual([]);
    for (const role of ['anonymous', 'other owner'] as Role[]) {
      const res = await send(VIEWER_CALLS.find((c) => c.name === 'upload')!, apps.public, role);
      expect(res.statusCode, `${role} block-setting upload`).toBeGreaterThanOrEqual(400);
    }
  });

  it("the owner's routes: never allowed to anonymous visitors or another owner, on either app", async () => {
    expect(await ownerMatrix(apps)).toEqual([]);
    // The owner may, and the workspace's editor too (a spot check that the calls themselves are right).
    for (const call of OWNER_CALLS) expect((await send(call, apps.private, 'workspace editor')).statusCode, `editor ${call.name}`).toBeLessThan(300);
    for (const call of OWNER_CALLS) expect((await send(call, apps.public, 'owner')).statusCode, call.name).toBeLessThan(300);
  });
});

describe("template clones and origins ('signed-in', issue 15): the caller's own workspace, never without a session", () => {
  it('anonymous visitors get 401; every signed-in account reads its own origins and is told an unknown template does not exist', async () => {
    const unexpected: string[] = [];
    for (const role of ROLES) {
      const headers = as(userOf(role));
      const origins = await t.app.inject({ method: 'GET', url: '/api/multipage/marketplace/origins', headers });
      const clone = await t.app.inject({ method: 'POST', url: '/api/multipage/marketplace/templates/nosuchtemplate/clone', headers, payload: { name: 'Copy', with_data: true } });
      const expected = role === 'anonymous' ? [401, 401] : [200, 404];
      if (origins.statusCode !== expected[0]) unexpected.push(`${role} origins → ${origins.statusCode}`);
      if (clone.statusCode !== expected[1]) unexpected.push(`${role} clone → ${clone.statusCode}`);
      if (origins.statusCode === 200 && origins.json().origins.length !== 0) unexpected.push(`${role} origins not empty`);
    }
    expect(unexpected).toEqual([]);
  });
});

describe("imports ('signed-in'): into the caller's own workspace, never without a session", () => {
  const IMPORT_CALLS = [
    { name: 'import', url: '/api/spreadsheets', ok: 201 },
    { name: 'import preview', url: '/api/spreadsheets/preview', ok: 200 },
  ];
  it('anonymous visitors get 401; the owner, a workspace editor and another owner each import for themselves', async () => {
    const unexpected: string[] = [];
    for (const call of IMPORT_CALLS)
      for (const role of ROLES) {
        const m = multipart(`matrix-${role.replace(/ /g, '-')}.csv`, 'City,Amount\nNice,3\n');
        const res = await t.app.inject({ method: 'POST', url: call.url, payload: m.payload, headers: { ...m.headers, ...as(userOf(role)) } });
        const expected = role === 'anonymous' ? 401 : call.ok;
        if (res.statusCode !== expected) unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    expect(unexpected).toEqual([]);
    // Each import landed in its caller's workspace: another owner's is not the owner's.
    const titles = async (user: TestUser) =>
      (await ok<{ spreadsheets: { title: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: as(user) }))).spreadsheets.map((s) => s.title);
    expect(await titles(owner)).toContain('matrix-owner');
    expect(await titles(owner)).not.toContain('matrix-other-owner');
    expect(await titles(other)).toContain('matrix-other-owner');
  });
});

describe('privacy API', () => {
  it('POST /api/app/app-info names the app by the first label of its host; unknown names are 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/app/app-info', payload: { appName: apps.public.subdomain.toUpperCase() } });
    expect((await ok<{ app: { id: string; public: boolean } }>(res)).app).toMatchObject({ id: apps.public.id, public: true, sign_in_method: 'No sign in' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/app/app-info', payload: { appName: 'no-such-app' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Unable to get app information');
    const empty = await t.app.inject({ method: 'POST', url: '/api/app/app-info', payload: { appName: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Unable to determine app name');
  });

  it('PUT /api/apps/{id} saves public, publishUrl and sign_in_method; GET answers them', async () => {
    const f = await fixture('Privacy Shop', true);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/apps/${f.id}`,
      headers: as(owner),
      payload: { public: true, publishUrl: `http://${f.subdomain}.localhost:3000/`, sign_in_method: 'Use password set by user' },
    });
    expect((await ok<{ app: unknown }>(put)).app).toMatchObject({ public: true, sign_in_method: 'Use password set by user', publishUrl: `http://${f.subdomain}.localhost:3000/` });
    const got = await ok<{ app: unknown }>(await t.app.inject({ method: 'GET', url: `/api/apps/${f.id}`, headers: as(owner) }));
    expect(got.app).toMatchObject({ id: f.id, name: 'Privacy Shop', subdomain: f.subdomain, public: true, sign_in_method: 'Use password set by user' });
    // Bad values are refused with a clear message and change nothing.
    const bad = await t.app.inject({ method: 'PUT', url: `/api/apps/${f.id}`, headers: as(owner), payload: { sign_in_method: 'Magic' } });
    expect(bad.statusCode).toBe(400);
    const otherApp = await t.app.inject({ method: 'PUT', url: `/api/apps/${f.id}`, headers: as(owner), payload: { publishUrl: `http://${apps.public.subdomain}.localhost:3000` } });
    expect(otherApp.statusCode).toBe(400);
    expect(otherApp.json().message).toContain(`this app's address (${f.subdomain}.localhost)`);
    const ftp = await t.app.inject({ method: 'PUT', url: `/api/apps/${f.id}`, headers: as(owner), payload: { publishUrl: 'ftp://files.example.com' } });
    expect(ftp.statusCode).toBe(400);
    expect((await ok<{ app: { publishUrl: string } }>(await t.app.inject({ method: 'GET', url: `/api/apps/${f.id}`, headers: as(owner) }))).app.publishUrl).toBe(
      `http://${f.subdomain}.localhost:3000/`,
    );
    // Only the owner changes privacy.
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${f.id}`, headers: as(other), payload: { public: false } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${f.id}`, payload: { public: false } })).statusCode).toBe(401);
  });

  it('a custom host in the Publish URL serves the app; one host serves one app', async () => {
    const f = await fixture('Custom Shop', true);
    const host = `shop-${f.id.toLowerCase().replace(/[^a-z0-9]/g, '')}.example.com`;
    await ok(await t.app.inject({ method: 'PUT', url: `/api/apps/${f.id}`, headers: as(owner), payload: { publishUrl: `https://${host}` } }));
    // Proved as its TXT record would (custom-domain.test.ts looks it up through DNS).
    const proved = (id: string) => t.ctx.db.updateTable('apps').set({ custom_host_verified_at: new Date().toISOString() }).where('id', '=', id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/page/home', headers: { host } })).statusCode).toBe(404);
    await proved(f.id);
    const page = await ok<{ page: { app_id: string; page_type: string } }>(await t.app.inject({ method: 'GET', url: '/api/page/home', headers: { host } }));
    expect(page.page).toMatchObject({ app_id: f.id, page_type: 'home' });
    const rows = await ok<{ rows: unknown[] }>(await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders`, headers: { host } }));
    expect(rows.rows.length).toBeGreaterThan(0);
    // Another app may not take the same host.
    const g = await fixture('Copycat Shop', true);
    const taken = await t.app.inject({ method: 'PUT', url: `/api/apps/${g.id}`, headers: as(owner), payload: { publishUrl: `http://${host.toUpperCase()}/` } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`The address ${host} already serves another app`);
    // Clearing the Publish URL stops serving that host.
    await ok(await t.app.inject({ method: 'PUT', url: `/api/apps/${f.id}`, headers: as(owner), payload: { publishUrl: '' } }));
    expect((await t.app.inject({ method: 'GET', url: '/api/page/home', headers: { host } })).statusCode).toBe(404);
    // A private app on its custom host is 'Access Denied' like anywhere else.
    await ok(await t.app.inject({ method: 'PUT', url: `/api/apps/${g.id}`, headers: as(owner), payload: { publishUrl: `http://${host}/`, public: false } }));
    await proved(g.id);
    const denied = await t.app.inject({ method: 'GET', url: '/api/page/home', headers: { host } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(PRIVATE_APP_MESSAGE);
  });
});

describe('password app (Use password set by user)', () => {
  type AppRole = 'anonymous' | 'owner' | 'workspace editor' | 'other owner' | 'reader' | 'editor' | 'user of another app';
  const cookies: Partial<Record<AppRole, string>> = {};
  let pw: Fixture;
  let elsewhere: Fixture;

  beforeAll(async () => {
    pw = await fixture('Members Shop', true);
    elsewhere = await fixture('Other Members Shop', true);
    for (const f of [pw, elsewhere])
      await ok(await t.app.inject({ method: 'PUT', url: `/api/apps/${f.id}`, headers: as(owner), payload: { sign_in_method: 'Use password set by user' } }));
    // A sign-in page (flagged is_auth) the visitor may open before signing in.
    await ok(await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: pw.id, page_name: 'Login' } }), 201);
    cookies.owner = owner.cookie;
    cookies['workspace editor'] = editor.cookie;
    cookies['other owner'] = other.cookie;
    cookies.reader = await appUser(pw, 'reader@example.com', 'read');
    cookies.editor = await appUser(pw, 'editor@example.com', 'read-write');
    cookies['user of another app'] = await appUser(elsewhere, 'reader@example.com', 'read');
  });

  const ALL: AppRole[] = ['anonymous', 'owner', 'workspace editor', 'other owner', 'reader', 'editor', 'user of another app'];
  const send2 = async (call: Call, role: AppRole) => {
    const f = call.freshRow ? { ...pw, rowId: await freshRow() } : pw;
    const cookie = cookies[role];
    if (call.multipart) {
      const m = multipart('dot.png', PNG);
      return t.app.inject({ method: call.method, url: call.url(f), payload: m.payload, headers: { ...m.headers, ...(cookie ? { cookie } : {}) } });
    }
    return t.app.inject({ method: call.method, url: call.url(f), headers: cookie ? { cookie } : {}, ...(call.payload ? { payload: call.payload(f) as object } : {}) });
  };

  it('only the owner and its own signed-in app users see it; everyone else must sign in (401), on every app route', async () => {
    const unexpected: string[] = [];
    for (const call of VIEWER_CALLS.filter((c) => c.name !== 'upload'))
      for (const role of ALL) {
        const res = await send2(call, role);
        const allowed = role === 'owner' || role === 'workspace editor' || role === 'reader' || role === 'editor';
        if (allowed && res.statusCode >= 400) unexpected.push(`${role} refused: ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (!allowed && call.name === 'board state') {
          // The state answers (name, colours, its sign-in pages) but holds no data.
          const body = res.statusCode === 200 ? (res.json() as { needs_sign_in?: boolean; sheets: unknown[]; blocks: { type: string }[]; page_slug: string }) : null;
          if (!body?.needs_sign_in || body.sheets.length > 0 || body.blocks.length > 0)
            unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        } else if (!allowed && call.name === 'pages') {
          // The page list answers, but with the sign-in pages only (next test).
          const slugs = res.statusCode === 200 ? (res.json() as { pages: { page_slug: string }[] }).pages.map((p) => p.page_slug) : [];
          if (slugs.join() !== 'login') unexpected.push(`${role} pages → ${res.statusCode} ${slugs.join()}`);
        } else if (!allowed && (res.statusCode !== 401 || res.json().code !== 'app_sign_in_required'))
          unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    expect(unexpected).toEqual([]);
  });

  it("app users, read-write ones too, never reach the owner's routes (app structure, privacy, app users)", async () => {
    const unexpected: string[] = [];
    for (const call of OWNER_CALLS)
      for (const role of ['reader', 'editor', 'user of another app'] as AppRole[]) {
        const res = await send2(call, role);
        // An app-user session is not an owner session: 401, as for anyone not signed in.
        if (![401, 403].includes(res.statusCode)) unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    expect(unexpected).toEqual([]);
  });

  it('before signing in, the page list holds only the sign-in pages, and only those open', async () => {
    const list = await ok<{ pages: { page_slug: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/pages/${pw.id}` }));
    expect(list.pages.map((p) => p.page_slug)).toEqual(['login']);
    expect((await t.app.inject({ method: 'GET', url: `/api/page/login?app=${pw.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/page/home?app=${pw.id}` })).statusCode).toBe(401);
    const login = await ok<{ needs_sign_in: boolean; page_slug: string; sheets: unknown[]; pages: { page_slug: string }[] }>(
      await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${pw.id}&page=login`, payload: {} }),
    );
    expect(login).toMatchObject({ needs_sign_in: true, page_slug: 'login', sheets: [] });
    expect(login.pages.map((p) => p.page_slug)).toEqual(['login']);
    const member = await ok<{ pages: { page_slug: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/pages/${pw.id}`, headers: { cookie: cookies.reader! } }));
    expect(member.pages.map((p) => p.page_slug)).toEqual(['home', 'login']);
  });

  it("block audiences: a read-write app user is an Admin, a read user a Guest; the board state tells the web app who is signed in", async () => {
    const state = async (role: AppRole) => ok<{ user_role: string; app_user: { email: string } | null; can_edit: boolean }>(await send2(VIEWER_CALLS.find((c) => c.name === 'board state')!, role));
    expect(await state('reader')).toMatchObject({ user_role: 'read', app_user: { email: 'reader@example.com' }, can_edit: false });
    expect(await state('editor')).toMatchObject({ user_role: 'read-write', app_user: { email: 'editor@example.com' }, can_edit: false });
    expect(await state('owner')).toMatchObject({ user_role: 'owner', app_user: null, can_edit: true });
    // An Admins-only action: the editor may run it, the reader may not.
    await ok(await t.app.inject({ method: 'PUT', url: `/api/blocks/${pw.tableId}`, headers: as(owner), payload: { action_button_visibility: 'Admins' } }));
    try {
      const run = (role: AppRole) => send2(VIEWER_CALLS.find((c) => c.name === 'run action')!, role);
      expect((await run('editor')).statusCode).toBe(200);
      const refused = await run('reader');
      expect(refused.statusCode).toBe(403);
    } finally {
      await ok(await t.app.inject({ method: 'PUT', url: `/api/blocks/${pw.tableId}`, headers: as(owner), payload: { action_button_visibility: 'Everyone' } }));
    }
  });

  it("'current user' filters compare with the signed-in app user's e-mail", async () => {
    await ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/board/${spreadsheetId}/sheet/Orders/rows?board=${pw.id}`,
        headers: { cookie: cookies.reader! },
        payload: { blockId: pw.tableId, values: { City: 'reader@example.com', Amount: 1 } },
      }),
      201,
    );
    const filters = encodeURIComponent(JSON.stringify([{ name: 'Mine', active: true, condition: '=', sheet_column: { sheet: 'Orders', column: 'City' }, value: 'current user' }]));
    const mine = await ok<{ rows: { City: string }[] }>(
      await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders?board=${pw.id}&filters=${filters}`, headers: { cookie: cookies.reader! } }),
    );
    expect(mine.rows.map((r) => r.City)).toEqual(['reader@example.com']);
    const editors = await ok<{ rows: unknown[] }>(
      await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders?board=${pw.id}&filters=${filters}`, headers: { cookie: cookies.editor! } }),
    );
    expect(editors.rows).toEqual([]);
  });
});


// Page privacy (issue 12): a public app whose home page is not public keeps that page's content
// (every block but its header and footer) from everyone but its owner, whatever route they try.
type PageRole = Role | 'reader' | 'read-write app user';
const PAGE_ROLES: PageRole[] = [...ROLES, 'reader', 'read-write app user'];
const SECRET = 'Launch plan: Nantes in May';

interface HiddenFixture extends Fixture {
  /** A markdown block of the hidden page, holding SECRET. */
  markdownId: string;
  /** The page's header (a frame block: it stays visible). */
  headerId: string;
  cookies: Record<PageRole, string | undefined>;
}

/** A public app with no sign-in whose home page the owner made not public, and two app users of it signed in. */
async function hiddenFixture(name: string): Promise<HiddenFixture> {
  const f = await fixture(name, true);
  const markdownId = (
    await ok<{ block: { id: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(owner), payload: { pageId: f.pageId, type: 'markdown', markdown_text: `${SECRET} ([City])` } }),
      201,
    )
  ).block.id;
  await ok(await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${f.id}&page=${f.pageId}`, headers: as(owner), payload: { is_public: false } }));
  const { pages } = await ok<{ pages: { blocks: { id: string; type: string }[] }[] }>(await t.app.inject({ method: 'GET', url: `/api/pages/${f.id}`, headers: as(owner) }));
  const headerId = pages[0]!.blocks.find((b) => b.type === 'header')!.id;
  return {
    ...f,
    markdownId,
    headerId,
    cookies: {
      anonymous: undefined,
      owner: owner.cookie,
      'workspace editor': editor.cookie,
      'other owner': other.cookie,
      reader: await appUser(f, `reader-${f.id.toLowerCase()}@example.com`, 'read'),
      'read-write app user': await appUser(f, `writer-${f.id.toLowerCase()}@example.com`, 'read-write'),
    },
  };
}

/** The frame kinds: the only blocks a non-owner gets of a page that is not public. */
const FRAME_TYPES = ['header', 'footer'];

/**
 * What a non-owner gets from each app route on the hidden page: the front door answers (200) with
 * the frame blocks only and no sheet; a file answers by its unguessable id (it follows the app);
 * everything that names the page's blocks or reads the sheets they use is refused as if it did
 * not exist: 404 for a block or a sheet, 403 'not part of this board' for writes and uploads
 * through a block (their answer for a block that does not exist).
 */
const HIDDEN_ANSWERS: Record<string, number> = {
  app: 200,
  'app info': 200,
  pages: 200,
  page: 200,
  'board state': 200,
  'page state': 200,
  file: 200,
  block: 404,
  'sheet rows': 404,
  'page sheet rows': 404,
  'spreadsheet data': 200,
  'one row': 404,
  chart: 404,
  map: 404,
  'add row': 403,
  'edit row': 403,
  'delete row': 403,
  'run action': 404,
  comments: 404,
  'post comment': 404,
  'form upload': 403,
};

/** Blocks a front-door answer hands out. */
function blocksIn(name: string, body: Record<string, unknown>): { type: string }[] {
  if (name === 'pages') return (body.pages as { blocks: { type: string }[] }[]).flatMap((p) => p.blocks);
  if (name === 'page') return (body.page as { blocks: { type: string }[] }).blocks;
  if (name === 'board state' || name === 'page state') return body.blocks as { type: string }[];
  return [];
}

/** Every app route × every identity on the hidden page; the unexpected answers. */
async function pagePrivacyMatrix(f: HiddenFixture): Promise<string[]> {
  const unexpected: string[] = [];
  for (const call of VIEWER_CALLS)
    for (const role of PAGE_ROLES) {
      // Block-setting uploads are the owner's whatever the page (the privacy matrix above).
      if (call.name === 'upload' && !mayEdit(role)) continue;
      const res = await sendAs(call, f, f.cookies[role]);
      const what = `${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (mayEdit(role)) {
        if (res.statusCode >= 400) unexpected.push(`owner refused: ${what}`);
        continue;
      }
      if (res.body.includes(SECRET)) unexpected.push(`the page's text: ${what}`);
      else if (res.statusCode !== HIDDEN_ANSWERS[call.name]) unexpected.push(what);
      else if (res.statusCode === 200 && call.name !== 'file') {
        const body = res.json() as Record<string, unknown>;
        const content = blocksIn(call.name, body).filter((b) => !FRAME_TYPES.includes(b.type));
        if (content.length > 0) unexpected.push(`${role} ${call.name} → blocks ${content.map((b) => b.type).join()}`);
        // Board state lists sheets; the spreadsheet data call holds them by title.
        if ('sheets' in body && Object.keys(body.sheets as object).length > 0) unexpected.push(`${role} ${call.name} → sheets ${JSON.stringify(body.sheets)}`);
      } else if (res.statusCode === 404 && !['sheet rows', 'page sheet rows'].includes(call.name) && !['one row', 'chart', 'map'].includes(call.name) && res.json().message !== 'Block not found')
        unexpected.push(`not as a missing block: ${what}`);
    }
  return unexpected;
}

describe('page privacy (a public app, a page that is not public)', () => {
  let hidden: HiddenFixture;
  let board: { id: string; pageId: string; markdownId: string };

  beforeAll(async () => {
    hidden = await hiddenFixture('Hidden Shop');
    // A board (one page) whose only page is not public: the probe's first request.
    const { app } = await ok<{ app: { id: string } }>(await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Hidden Board', kind: 'board', spreadsheetId, public: true } }), 201);
    const { pages } = await ok<{ pages: { page_id: string }[] }>(await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(owner) }));
    const pageId = pages[0]!.page_id;
    const markdownId = (
      await ok<{ block: { id: string } }>(await t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(owner), payload: { pageId, type: 'markdown', markdown_text: SECRET } }), 201)
    ).block.id;
    await ok(await t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(owner), payload: { pageId, type: 'table', sheet_title: 'Orders', axis: [{ column: 'City' }] } }), 201);
    await ok(await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${app.id}&page=${pageId}`, headers: as(owner), payload: { is_public: false } }));
    board = { id: app.id, pageId, markdownId };
  });

  it('anonymous board state of a board whose page is not public: no block config, no sheet (the owner still gets them)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.id}`, payload: {} });
    const body = await ok<{ blocks: { type: string }[]; sheets: unknown[] }>(res);
    expect(res.body).not.toContain(SECRET);
    expect(body.blocks).toEqual([]);
    expect(body.sheets).toEqual([]);
    const page = await ok<{ blocks: unknown[]; sheets: unknown[] }>(await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${board.id}`, payload: {} }));
    expect(page).toMatchObject({ blocks: [], sheets: [] });
    const own = await ok<{ blocks: { type: string }[]; sheets: { title: string }[] }>(
      await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.id}`, headers: as(owner), payload: {} }),
    );
    expect(own.blocks.map((b) => b.type)).toEqual(['markdown', 'table']);
    expect(own.sheets.map((s) => s.title)).toEqual(['Orders', 'Suppliers']);
  });

  it('a multipage app: anonymous board state holds the header and footer only, without the markdown text', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${hidden.id}`, payload: {} });
    const body = await ok<{ blocks: { type: string }[]; sheets: unknown[] }>(res);
    expect(res.body).not.toContain(SECRET);
    expect(body.blocks.map((b) => b.type)).toEqual(['header', 'footer']);
    expect(body.sheets).toEqual([]);
  });

  it('GET /api/blocks/{id} of a page that is not public: 404 for every identity but the owner; its header stays visible', async () => {
    for (const f of [hidden, { ...board, cookies: hidden.cookies }])
      for (const role of PAGE_ROLES) {
        const res = await t.app.inject({ method: 'GET', url: `/api/blocks/${f.markdownId}?board=${f.id}`, headers: f.cookies[role] ? { cookie: f.cookies[role] } : {} });
        if (mayEdit(role)) {
          expect(res.statusCode, role).toBe(200);
          expect(res.body).toContain(SECRET);
        } else {
          expect(res.statusCode, `${role} ${res.body}`).toBe(404);
          expect(res.json().message).toBe('Block not found');
        }
      }
    const header = await t.app.inject({ method: 'GET', url: `/api/blocks/${hidden.headerId}?board=${hidden.id}` });
    expect(header.statusCode).toBe(200);
    // The owner's routes that name such a block answer another owner the same 404 (a visible one: 403, as always).
    const edit = await t.app.inject({ method: 'PUT', url: `/api/blocks/${hidden.markdownId}`, headers: as(other), payload: { title: 'Mine' } });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('Block not found');
    expect((await t.app.inject({ method: 'PUT', url: `/api/blocks/${hidden.headerId}`, headers: as(other), payload: { title: 'Mine' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/blocks/${hidden.markdownId}`, payload: { title: 'Mine' } })).statusCode).toBe(401);
  });

  it("an anonymous caller cannot run a Delete row action of a page that is not public: refused, and the row is still there", async () => {
    const rowId = await freshRow();
    const run = await t.app.inject({ method: 'POST', url: `/api/blocks/${hidden.tableId}/actions/1/run?board=${hidden.id}`, payload: { rowId } });
    expect(run.statusCode).toBe(404);
    expect(run.json().message).toBe('Block not found');
    const row = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders/rows/${rowId}`, headers: as(owner) });
    expect(row.statusCode).toBe(200);
    // The same block's writes through the rows routes are refused as through a block that does not exist.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/board/${spreadsheetId}/sheet/Orders/rows/${rowId}?board=${hidden.id}&blockId=${hidden.tableId}` });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('This block is not part of this board');
    expect((await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders/rows/${rowId}`, headers: as(owner) })).statusCode).toBe(200);
  });

  it('every app route × every identity: only the owner reaches the page; the others get the front door with header and footer, and refusals', async () => {
    expect(await pagePrivacyMatrix(hidden)).toEqual([]);
  });
});

describe('sheets a viewer reads', () => {
  it('board and page state list only the sheets and columns the visible blocks use; the owner gets them all', async () => {
    for (const url of [`/api/board/update-metadata?board=${apps.public.id}`, `/api/page/update-metadata?app=${apps.public.id}&page=home`]) {
      const guest = await ok<{ sheets: { title: string; columns: string[] }[] }>(await t.app.inject({ method: 'POST', url, payload: {} }));
      // The table reads City and Amount, the form City (its Receipt is not a column of the sheet).
      expect(guest.sheets.map(({ title, columns }) => ({ title, columns }))).toEqual([{ title: 'Orders', columns: ['City', 'Amount'] }]);
      const own = await ok<{ sheets: { title: string; columns: string[] }[] }>(await t.app.inject({ method: 'POST', url, headers: as(owner), payload: {} }));
      expect(own.sheets.map(({ title, columns }) => ({ title, columns }))).toEqual([
        { title: 'Orders', columns: ['City', 'Amount', 'Margin'] },
        { title: 'Suppliers', columns: ['Name', 'Phone'] },
      ]);
    }
  });

  it('a tab no block uses: 404 as a tab that does not exist, on every sheet read route, for everyone but the owner', async () => {
    const base = `/api/board/${spreadsheetId}/sheet/Suppliers`;
    const reads = [
      `${base}?board=${apps.public.id}`,
      `${base}?board=${apps.public.id}&fields=Name`,
      `${base}/rows/0?board=${apps.public.id}`,
      `${base}/chart?board=${apps.public.id}&chart=${encodeURIComponent(JSON.stringify({ x_axis: 'Name', axes: [{ column: 'Phone' }] }))}`,
      `${base}/geo?board=${apps.public.id}&address=Name`,
      `/v3/api/page/sheet/Suppliers?board=${apps.public.id}`,
    ];
    for (const url of reads) {
      for (const role of ['anonymous', 'other owner'] as Role[]) {
        const res = await t.app.inject({ method: 'GET', url, headers: as(userOf(role)) });
        expect(res.statusCode, `${role} ${url} ${res.body}`).toBe(404);
        expect(res.json().message).toBe("Sheet 'Suppliers' not found");
        expect(res.body).not.toContain('Acme');
      }
      expect((await t.app.inject({ method: 'GET', url, headers: as(owner) })).statusCode, url).toBeLessThan(300);
    }
    // A tab that does not exist answers the same.
    const none = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Nowhere?board=${apps.public.id}` });
    expect(none.statusCode).toBe(404);
    // A column no block uses of a used tab stays refused as before.
    expect((await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders?board=${apps.public.id}&fields=Margin` })).statusCode).toBe(400);
  });

  it("whether a spreadsheet id exists is not told: an unknown one is answered as another owner's", async () => {
    const stranger = await signUp(t.app, 'Stranger Sam');
    const { spreadsheet } = await ok<{ spreadsheet: { id: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers: as(stranger), payload: { title: 'Elsewhere', sheets: [{ title: 'Orders', columns: ['City'], rows: [] }] } }),
      201,
    );
    const answer = async (id: string, query: string, user?: TestUser) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/board/${id}/sheet/Orders${query}`, headers: as(user) });
      return `${res.statusCode} ${res.json().message}`;
    };
    for (const query of [`?board=${apps.private.id}`, `?board=${apps.public.id}`, ''])
      for (const user of [undefined, other]) expect(await answer('nosuchspreadsheet', query, user), `${query} ${user?.name}`).toBe(await answer(spreadsheet.id, query, user));
  });
});

describe('the matrix can fail', () => {
  it("reports the owner routes as unexpected allows when the owner rule is swapped for the viewer's", async () => {
    // Fresh apps: the weakened rule lets the other owner really change them.
    const targets = { private: await fixture('Swapped Private Shop', false), public: await fixture('Swapped Public Shop', true) };
    const owner: AccessRule = ACCESS_RULES.owner;
    const decide = owner.decide;
    owner.decide = (ctx, caller, resource) => (resource.kind === 'app' ? ACCESS_RULES['app-viewer'].decide(ctx, caller, resource) : decide(ctx, caller, resource));
    let unexpected: string[];
    try {
      unexpected = await ownerMatrix(targets);
    } finally {
      owner.decide = decide;
    }
    // Anyone who may view the public app now changes it; the private app still refuses them.
    expect(unexpected).toContain('anonymous update app on the public app → 200');
    expect(unexpected).toContain('other owner add block on the public app → 201');
    expect(unexpected).toContain('other owner app users on the public app → 200');
    expect(unexpected.filter((u) => u.includes('private app'))).toEqual([]);
    // Put back, the same matrix is clean again.
    expect(await ownerMatrix(targets)).toEqual([]);
  });

  it('reports the blocks of a page that is not public as unexpected allows when the viewer rule ignores page privacy', async () => {
    const target = await hiddenFixture('Careless Shop');
    const viewer: AccessRule = ACCESS_RULES['app-viewer'];
    const decide = viewer.decide;
    // The rule as it was before issue 12: whoever may view the app reaches any block of it.
    viewer.decide = (ctx, caller, resource) => decide(ctx, caller, resource.kind === 'app' ? { kind: 'app', app: resource.app } : resource);
    let unexpected: string[];
    try {
      unexpected = await pagePrivacyMatrix(target);
    } finally {
      viewer.decide = decide;
    }
    // Anyone now reads the page's blocks by id. (Comments, row writes and uploads through a block
    // check the same rule again in their services, so they stay refused.)
    for (const role of ['anonymous', 'other owner', 'reader', 'read-write app user']) expect(unexpected.some((u) => u.startsWith(`${role} block → 200`)), role).toBe(true);
    // Put back, the same matrix is clean again.
    expect(await pagePrivacyMatrix(target)).toEqual([]);
  });
});

// Provider admins (issue 14): their own session (`sb_admin`), never an owner's. The admin routes
// answer only them — anonymous visitors, owners, workspace editors and app users get 401 from every
// one — and an admin is nobody on owners' apps: a guest of public ones, refused by private ones.
describe('provider admins', () => {
  type AdminRole = 'anonymous' | 'owner' | 'workspace editor' | 'other owner' | 'app user' | 'admin';
  const ADMIN_ROLES: AdminRole[] = ['anonymous', 'owner', 'workspace editor', 'other owner', 'app user', 'admin'];
  const cookies: Partial<Record<AdminRole, string>> = {};

  /** Every 'admin' route, with the admin's own answer (a request id that does not exist: 404). */
  const ADMIN_CALLS: { method: 'GET' | 'POST'; url: string; payload?: object; admin: number }[] = [
    { method: 'GET', url: '/api/admin/session', admin: 200 },
    { method: 'GET', url: '/api/admin/review-requests?status=all', admin: 200 },
    { method: 'GET', url: '/api/admin/review-requests/nosuchrequest', admin: 404 },
    { method: 'POST', url: '/api/admin/review-requests/nosuchrequest/approve', admin: 404 },
    { method: 'POST', url: '/api/admin/review-requests/nosuchrequest/reject', payload: { reason: 'Blurry' }, admin: 404 },
    { method: 'GET', url: '/api/admin/decisions', admin: 200 },
    { method: 'GET', url: '/api/admin/users?search=olga&page=1', admin: 200 },
    // The blog team's first admin (issue 17; its own matrix: blog/accounts.test.ts).
    { method: 'GET', url: '/api/admin/blog-admins', admin: 200 },
    { method: 'POST', url: '/api/admin/blog-admins', payload: { name: 'Matrix Writer', email: 'matrix-writer@blog.example', role: 'author' }, admin: 201 },
    // Lifetime-deal codes (issue 18; the owners' side: billing/plans.test.ts).
    { method: 'GET', url: '/api/admin/codes?status=unused&page=1', admin: 200 },
    { method: 'POST', url: '/api/admin/codes', payload: { count: 2, note: 'Matrix' }, admin: 201 },
    { method: 'POST', url: '/api/admin/codes/nosuchcode/revoke', admin: 404 },
  ];
  /** The admin routes anyone may call: signing in, and out. */
  const PUBLIC_ADMIN_ROUTES = ['POST /api/admin/login', 'POST /api/admin/logout'];

  beforeAll(async () => {
    const { createAdmin } = await import('../modules/admin/service');
    await createAdmin({ db: t.ctx.db }, { email: 'matrix-admin@provider.example', name: 'Matrix Admin', password: 'review all the things' });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'matrix-admin@provider.example', password: 'review all the things' } });
    expect(login.statusCode, login.body).toBe(200);
    cookies.admin = `sb_admin=${login.cookies.find((c) => c.name === 'sb_admin')!.value}`;
    cookies.owner = owner.cookie;
    cookies['workspace editor'] = editor.cookie;
    cookies['other owner'] = other.cookie;
    const members = await fixture('Admin Matrix Members', true);
    await ok(await t.app.inject({ method: 'PUT', url: `/api/apps/${members.id}`, headers: as(owner), payload: { sign_in_method: 'Use password set by user' } }));
    cookies['app user'] = await appUser(members, 'matrix-member@example.com', 'read-write');
  });

  it('every admin route is in the matrix, or is the sign-in itself', async () => {
    const built = await buildApp(t.config, { logger: false, migrate: false });
    try {
      const routes = built.routes.filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD');
      const pattern = (method: string, url: string) => new RegExp(`^${method} ${url.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
      const calls = ADMIN_CALLS.map((c) => `${c.method} ${c.url.split('?')[0]}`);
      const missing = routes
        .map((r) => `${r.method} ${r.url}`)
        .filter((route) => !PUBLIC_ADMIN_ROUTES.includes(route) && !calls.some((c) => pattern(...(route.split(' ') as [string, string])).test(c)));
      expect(missing).toEqual([]);
      for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBe(PUBLIC_ADMIN_ROUTES.includes(`${r.method} ${r.url}`) ? 'public' : 'admin');
    } finally {
      await built.app.close();
    }
  });

  it('the admin routes: 401 for everyone but a signed-in admin, owners and app users included', async () => {
    const unexpected: string[] = [];
    for (const call of ADMIN_CALLS)
      for (const role of ADMIN_ROLES) {
        const cookie = cookies[role];
        const res = await t.app.inject({ method: call.method, url: call.url, headers: cookie ? { cookie } : {}, ...(call.payload ? { payload: call.payload } : {}) });
        const expected = role === 'admin' ? call.admin : 401;
        if (res.statusCode !== expected) unexpected.push(`${role} ${call.method} ${call.url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        else if (expected === 401 && res.json().message !== 'Please sign in to the admin area') unexpected.push(`${role} ${call.url}: ${res.json().message}`);
      }
    expect(unexpected).toEqual([]);
    // An owner's and an app user's cookies together with nothing else still make no admin.
    const both = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: `${owner.cookie}; ${cookies['app user']}` } });
    expect(both.statusCode).toBe(401);
  });

  it("on owners' apps an admin is nobody: Access Denied on a private app, a guest of a public one, never the owner", async () => {
    const unexpected: string[] = [];
    for (const call of VIEWER_CALLS) {
      const res = await sendAs(call, apps.private, cookies.admin);
      if (call.name === 'upload') {
        if (res.statusCode !== 401) unexpected.push(`private ${call.name} → ${res.statusCode}`);
      } else if (res.statusCode !== 403 || res.json().message !== PRIVATE_APP_MESSAGE) unexpected.push(`private ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      const pub = await sendAs(call, apps.public, cookies.admin);
      // Block-setting uploads are the owner's; the rest a guest may do.
      if (call.name === 'upload' ? pub.statusCode !== 401 : pub.statusCode >= 400) unexpected.push(`public ${call.name} → ${pub.statusCode} ${pub.body.slice(0, 160)}`);
    }
    for (const which of ['private', 'public'] as const)
      for (const call of OWNER_CALLS) {
        const res = await sendAs(call, apps[which], cookies.admin);
        if (res.statusCode !== 401) unexpected.push(`${which} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    expect(unexpected).toEqual([]);
    const state = await ok<{ can_edit: boolean; user_role: string }>(await sendAs(VIEWER_CALLS.find((c) => c.name === 'board state')!, apps.public, cookies.admin));
    expect(state).toMatchObject({ can_edit: false, user_role: 'guest' });
  });
});

// The storefront (issue 15): the listing and the detail are anyone's ('public'; a session only
// adds the caller's own purchase state); the snapshot of a listed template's current version is
// anyone's to view as a Guest (the marketplace's live preview), and nothing is changed through it.
describe("the storefront ('public') and a listed template's live preview", () => {
  const LIST = '/api/multipage/marketplace/templates';
  let listed: Fixture;
  const cookies: Record<string, string | undefined> = {};

  beforeAll(async () => {
    listed = await fixture('Listed Snapshot', false);
    const { createAdmin } = await import('../modules/admin/service');
    await createAdmin({ db: t.ctx.db }, { email: 'shelf-admin@provider.example', name: 'Shelf Admin', password: 'review all the things' });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'shelf-admin@provider.example', password: 'review all the things' } });
    cookies.admin = `sb_admin=${login.cookies.find((c) => c.name === 'sb_admin')!.value}`;
    cookies['app user'] = await appUser(apps.public, 'shelf-member@example.com', 'read-write');
    cookies.anonymous = undefined;
    cookies.owner = owner.cookie;
    cookies['workspace editor'] = editor.cookie;
    cookies['other owner'] = other.cookie;
    // The fixture becomes the snapshot of a listed template's version (as an approval leaves it).
    const source = apps.public;
    const ws = (await t.ctx.db.selectFrom('apps').select('workspace_id').where('id', '=', source.id).executeTakeFirstOrThrow()).workspace_id;
    const now = new Date().toISOString();
    const common = { title: 'Listed Shop', summary: 'A shop', tags: '["shop"]', description: '<p>Shop</p>', category: 'other', price_cents: 0, is_free: 1, thumbnail: '/t', thumbnail_bg_color: '#ffffff', additional_images: '[]' };
    await t.ctx.db
      .insertInto('review_requests')
      .values({ ...common, id: 'shelfreq', app_id: source.id, workspace_id: ws, status: 'published', rejection_reason: null, is_public: 1, sign_in_method: 'No sign in', version_id: 'shelfver', published_version_id: 'shelfver', submitted_at: now, created_at: now, updated_at: now })
      .execute();
    await t.ctx.db.insertInto('template_versions').values({ id: 'shelfver', request_id: 'shelfreq', source_app_id: source.id, number: 1, content_hash: 'c'.repeat(64), snapshot_app_id: listed.id, created_at: now }).execute();
    await t.ctx.db
      .insertInto('marketplace_templates')
      .values({ ...common, id: 'shelfreq', slug: 'listed-shop', workspace_id: ws, seller_name: 'Owner Olga', kind: 'multipage', search_text: 'listed shop', version_id: 'shelfver', version_number: 1, snapshot_app_id: listed.id, published_at: now, updated_at: now })
      .execute();
  });

  const ROLES6 = ['anonymous', 'owner', 'workspace editor', 'other owner', 'app user', 'admin'];

  it("the listing and detail routes declare 'public'", async () => {
    const built = await buildApp(t.config, { logger: false, migrate: false });
    try {
      for (const url of [LIST, `${LIST}/:key`]) expect(built.routes.find((r) => r.method === 'GET' && r.url === url)?.access, url).toBe('public');
    } finally {
      await built.app.close();
    }
  });

  it('everyone reads the listing and the detail; an unknown key is 404 for everyone', async () => {
    const unexpected: string[] = [];
    for (const role of ROLES6) {
      const headers = cookies[role] ? { cookie: cookies[role] } : {};
      const list = await t.app.inject({ method: 'GET', url: LIST, headers });
      if (list.statusCode !== 200 || !list.json().templates.some((x: { id: string }) => x.id === 'shelfreq')) unexpected.push(`${role} list → ${list.statusCode}`);
      const one = await t.app.inject({ method: 'GET', url: `${LIST}/listed-shop`, headers });
      if (one.statusCode !== 200 || one.json().template.can_clone !== (role !== 'anonymous' && role !== 'admin' && role !== 'app user')) unexpected.push(`${role} detail → ${one.statusCode} ${one.body.slice(0, 120)}`);
      const none = await t.app.inject({ method: 'GET', url: `${LIST}/no-such-thing`, headers });
      if (none.statusCode !== 404) unexpected.push(`${role} unknown → ${none.statusCode}`);
    }
    expect(unexpected).toEqual([]);
  });

  it('the listed snapshot (private): every role reads it as a Guest; every write through it is refused', async () => {
    const unexpected: string[] = [];
    for (const call of VIEWER_CALLS)
      for (const role of ROLES6) {
        const res = await sendAs(call, listed, cookies[role]);
        const isRead = call.method === 'GET' || ['board state', 'page state', 'app info', 'spreadsheet data'].includes(call.name);
        if (isRead) {
          if (res.statusCode >= 300) unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        } else if (call.name === 'upload' && !mayEdit(role)) {
          // Block-setting uploads are the owner's on any app: refused before the snapshot is asked.
          if (![401, 403].includes(res.statusCode)) unexpected.push(`${role} ${call.name} → ${res.statusCode}`);
        } else if (res.statusCode !== 403 || res.json().message !== 'This is a template preview: changes are not saved.') {
          unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    expect(unexpected).toEqual([]);
    const state = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${listed.id}`, payload: {} });
    expect(state.json()).toMatchObject({ can_edit: false, user_role: 'guest' });
  });
});

// Developer access (issue 18): the token routes, the OpenAPI document and the plain sign-up form
// for every identity, and API tokens against every app route of the matrix.
describe('developer access: API tokens (issue 18)', () => {
  const token = async (user: TestUser, scope: 'read' | 'read-write') =>
    (await ok<{ secret: string; token: { id: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers: as(user), payload: { name: `matrix ${scope}`, scope } }),
      201,
    ));
  const bearerOf = (secret: string) => ({ authorization: `Bearer ${secret}` });

  it('the new routes × every identity (sessions and tokens)', async () => {
    const readToken = (await token(owner, 'read')).secret;
    const writeToken = (await token(owner, 'read-write')).secret;
    const revoked = await token(owner, 'read-write');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/developer/tokens/${revoked.token.id}`, headers: as(owner) })).statusCode).toBe(204);
    type Who = Role | 'read token' | 'read-write token' | 'revoked token';
    const headersOf = (who: Who): Record<string, string> =>
      who === 'read token' ? bearerOf(readToken) : who === 'read-write token' ? bearerOf(writeToken) : who === 'revoked token' ? bearerOf(revoked.secret) : { ...(userOf(who) ? { cookie: userOf(who)!.cookie } : {}) };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // Tokens may call none of these routes: a live token is refused (403), a revoked one is nobody (401).
    const expectedOf = (anonymous: number, session: number): Record<Who, number> =>
      ({ anonymous, owner: session, 'workspace editor': session, 'other owner': session, 'read token': 403, 'read-write token': 403, 'revoked token': 401 });
    const calls: { name: string; send: (h: Record<string, string>) => Promise<{ statusCode: number }>; expected: Record<Who, number> }[] = [
      {
        name: 'GET /api/developer/tokens',
        send: (headers) => t.app.inject({ method: 'GET', url: '/api/developer/tokens', headers }),
        expected: expectedOf(401, 200),
      },
      {
        name: 'POST /api/developer/tokens',
        send: (headers) => t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers, payload: { name: 'm', scope: 'read' } }),
        expected: expectedOf(401, 201),
      },
      {
        // An id no one has: a session is told so (its own tokens only), a token is refused before.
        name: 'DELETE /api/developer/tokens/:id',
        send: (headers) => t.app.inject({ method: 'DELETE', url: '/api/developer/tokens/nosuchtoken', headers }),
        expected: expectedOf(401, 404),
      },
      {
        name: 'GET /api/openapi.json',
        send: (headers) => t.app.inject({ method: 'GET', url: '/api/openapi.json', headers }),
        expected: expectedOf(200, 200),
      },
      {
        // The health probes: the status to anyone; a token is refused as on every route tokens may not call.
        name: 'GET /healthz',
        send: (headers) => t.app.inject({ method: 'GET', url: '/healthz', headers }),
        expected: expectedOf(200, 200),
      },
      {
        name: 'GET /readyz',
        send: (headers) => t.app.inject({ method: 'GET', url: '/readyz', headers }),
        expected: expectedOf(200, 200),
      },
      {
        // A taken address: the form again (409) for everyone; tokens are not for signing up.
        name: 'POST /api/auth/signupbackup',
        send: (headers) => t.app.inject({ method: 'POST', url: '/api/auth/signupbackup', headers: { ...headers, ...form }, payload: `name=X&email=${encodeURIComponent(owner.email)}&password=long+enough+1` }),
        expected: expectedOf(409, 409),
      },
    ];
    const unexpected: string[] = [];
    for (const call of calls)
      for (const who of Object.keys(call.expected) as Who[]) {
        const res = await call.send(headersOf(who));
        if (res.statusCode !== call.expected[who]) unexpected.push(`${who} ${call.name} → ${res.statusCode} (expected ${call.expected[who]})`);
      }
    expect(unexpected).toEqual([]);
  });

  it("every app route: the owner's read token reads what the owner reads and changes nothing; another owner's token is that owner; a revoked one is nobody", async () => {
    const { apiOperations } = await import('../modules/developer/openapi');
    // The routes a token may call are the ones declaring `config.tokens` (every route is documented).
    const documented = apiOperations(t.app).filter((op) => op.tokens).map((op) => new RegExp(`^${op.method} ${op.url.replace(/:[A-Za-z]+/g, '[^/]+')}$`));
    const isDocumented = (call: Call, f: Fixture) => documented.some((re) => re.test(`${call.method} ${call.url(f).split('?')[0]}`));
    const reader = bearerOf((await token(owner, 'read')).secret);
    const otherWriter = bearerOf((await token(other, 'read-write')).secret);
    const revoked = await token(owner, 'read-write');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/developer/tokens/${revoked.token.id}`, headers: as(owner) })).statusCode).toBe(204);
    const f = apps.private;
    const unexpected: string[] = [];
    let reads = 0;
    for (const call of [...VIEWER_CALLS, ...OWNER_CALLS]) {
      const documentedCall = isDocumented(call, f);
      const mine = await sendAs(call, f, undefined, reader);
      if (!documentedCall) {
        if (mine.statusCode !== 403 || mine.json().code !== 'token_not_allowed') unexpected.push(`read token, undocumented ${call.name} → ${mine.statusCode}`);
      } else if (call.method === 'GET') {
        reads++;
        const session = await send(call, f, 'owner');
        if (mine.statusCode !== session.statusCode) unexpected.push(`read token ${call.name} → ${mine.statusCode}, owner's session ${session.statusCode}`);
      } else if (mine.statusCode !== 403 || mine.json().code !== 'token_read_only') unexpected.push(`read token ${call.name} → ${mine.statusCode}`);

      if (documentedCall) {
        const theirs = await sendAs(call, f, undefined, otherWriter);
        const theirSession = await send(call, f, 'other owner');
        if (theirs.statusCode !== theirSession.statusCode) unexpected.push(`other owner's token ${call.name} → ${theirs.statusCode}, their session ${theirSession.statusCode}`);
      }
      const gone = await sendAs(call, f, undefined, bearerOf(revoked.secret));
      if (gone.statusCode !== 401) unexpected.push(`revoked token ${call.name} → ${gone.statusCode}`);
    }
    expect(reads).toBeGreaterThan(3);
    expect(unexpected).toEqual([]);
  });
});

// Owner accounts (issue 18): the account routes are the caller's own account ('signed-in'; 401
// without a session, each role answered about itself), the link routes are anyone's ('public',
// rate-limited), and publishing is refused while the workspace owner's address is unverified.
describe("owner accounts ('signed-in' and the public link routes)", () => {
  const ACCOUNT_CALLS: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown>; ok: number }[] = [
    { method: 'GET', url: '/api/account', ok: 200 },
    { method: 'PUT', url: '/api/account', payload: { name: 'Same Name' }, ok: 200 },
    { method: 'POST', url: '/api/account/verification', ok: 202 },
    // A wrong password: refused in words, for the caller's own account only.
    { method: 'POST', url: '/api/account/email', payload: { email: 'fresh-matrix@example.com', password: 'not the password' }, ok: 400 },
    { method: 'PUT', url: '/api/account/password', payload: { currentPassword: 'not the password', newPassword: 'a new long secret' }, ok: 400 },
    { method: 'DELETE', url: '/api/account', payload: { password: 'not the password' }, ok: 400 },
    { method: 'GET', url: '/api/account/sessions', ok: 200 },
    { method: 'DELETE', url: '/api/account/sessions/0123456789abcdef', ok: 404 },
  ];
  const PUBLIC_ACCOUNT_ROUTES = ['GET /api/auth/session', 'POST /api/auth/forgot-password', 'POST /api/auth/reset-password', 'POST /api/auth/reset-password/check', 'POST /api/auth/verify-email'];

  it('every account route is in the matrix and declares its rule', async () => {
    const built = await buildApp(t.config, { logger: false, migrate: false });
    try {
      const routes = built.routes.filter((r) => r.url.startsWith('/api/account') && r.method !== 'HEAD');
      const pattern = (method: string, url: string) => new RegExp(`^${method} ${url.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
      const calls = [...ACCOUNT_CALLS.map((c) => `${c.method} ${c.url}`), 'POST /api/account/sessions/sign-out-others'];
      expect(routes.map((r) => `${r.method} ${r.url}`).filter((route) => !calls.some((c) => pattern(...(route.split(' ') as [string, string])).test(c)))).toEqual([]);
      for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBe('signed-in');
      for (const route of PUBLIC_ACCOUNT_ROUTES) expect(built.routes.find((r) => `${r.method} ${r.url}` === route)?.access, route).toBe('public');
    } finally {
      await built.app.close();
    }
  });

  it('anonymous visitors get 401; every signed-in role is answered about its own account only', async () => {
    const unexpected: string[] = [];
    for (const call of ACCOUNT_CALLS)
      for (const role of ROLES) {
        const user = userOf(role);
        const res = await t.app.inject({ method: call.method, url: call.url, headers: as(user), ...(call.payload ? { payload: call.payload } : {}) });
        const expected = user ? call.ok : 401;
        if (res.statusCode !== expected) unexpected.push(`${role} ${call.method} ${call.url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (user && call.url === '/api/account' && call.method === 'GET' && res.json().account.email !== user.email) unexpected.push(`${role} read another account`);
      }
    expect(unexpected).toEqual([]);
    // Signing out everywhere else keeps the caller's own session (run last: it ends other sessions of each account).
    for (const role of ROLES) {
      const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: as(userOf(role)) });
      expect(res.statusCode, role).toBe(role === 'anonymous' ? 401 : 200);
      if (role !== 'anonymous') expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: as(userOf(role)) })).statusCode).toBe(200);
    }
    // The web app's question "who is signed in?": a visitor is told null with a 200, never a 401;
    // each role is told about itself only.
    for (const role of ROLES) {
      const user = userOf(role);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: as(user) });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().user?.email ?? null, role).toBe(user ? user.email : null);
    }
  });

  it("publishing: the owner and the workspace's editor may while the owner is verified; nobody may while the owner is not", async () => {
    const target = await fixture('Gate Shop', false);
    const publish = (role: Role) => t.app.inject({ method: 'PUT', url: `/api/apps/${target.id}`, headers: as(userOf(role)), payload: { public: true } });
    const unpublish = () => t.app.inject({ method: 'PUT', url: `/api/apps/${target.id}`, headers: as(owner), payload: { public: false } });
    await t.ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', owner.id).execute();
    try {
      const refused: Record<string, number> = {};
      for (const role of ROLES) refused[role] = (await publish(role)).statusCode;
      // Anonymous and another owner are refused by the access rule before the address is asked.
      expect(refused).toEqual({ anonymous: 401, owner: 403, 'workspace editor': 403, 'other owner': 403 });
      expect((await publish('owner')).json().code).toBe('email_unverified');
      expect((await publish('workspace editor')).json().code).toBe('email_unverified');
      expect((await publish('other owner')).json().code).not.toBe('email_unverified');
    } finally {
      await t.ctx.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', owner.id).execute();
    }
    for (const role of ['owner', 'workspace editor'] as Role[]) {
      expect((await publish(role)).statusCode, role).toBe(200);
      expect((await unpublish()).statusCode).toBe(200);
    }
  });
});

describe("workspaces ('signed-in', issue 18): the caller's own and edited workspaces only", () => {
  it('list, boards, switch, rename, delete and create: who gets what', async () => {
    const ownerWs = (await t.ctx.db.selectFrom('workspaces').select(['id', 'name']).where('owner_id', '=', owner.id).executeTakeFirstOrThrow());
    const unexpected: string[] = [];
    const expectations: { name: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; answers: Record<Role, number> }[] = [
      { name: 'list', method: 'GET', url: '/api/workspaces', answers: { anonymous: 401, owner: 200, 'workspace editor': 200, 'other owner': 200 } },
      { name: 'boards', method: 'GET', url: '/api/board-workspace?q=shop&sort=name', answers: { anonymous: 401, owner: 200, 'workspace editor': 200, 'other owner': 200 } },
      { name: "switch to the owner's", method: 'PUT', url: '/api/workspaces/current', payload: { id: ownerWs.id }, answers: { anonymous: 401, owner: 200, 'workspace editor': 200, 'other owner': 404 } },
      { name: "rename the owner's", method: 'PATCH', url: `/api/workspaces/${ownerWs.id}`, payload: { name: ownerWs.name }, answers: { anonymous: 401, owner: 200, 'workspace editor': 403, 'other owner': 404 } },
      // The owner's only workspace: never deleted (409); nobody else may try.
      { name: "delete the owner's", method: 'DELETE', url: `/api/workspaces/${ownerWs.id}`, payload: { confirm: ownerWs.name }, answers: { anonymous: 401, owner: 409, 'workspace editor': 403, 'other owner': 404 } },
      { name: 'create', method: 'POST', url: '/api/workspaces', payload: { name: 'Matrix' }, answers: { anonymous: 401, owner: 201, 'workspace editor': 201, 'other owner': 201 } },
    ];
    for (const call of expectations)
      for (const role of ROLES) {
        const res = await t.app.inject({ method: call.method, url: call.url, headers: as(userOf(role)), ...(call.payload ? { payload: call.payload } : {}) });
        if (res.statusCode !== call.answers[role]) unexpected.push(`${role} ${call.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    expect(unexpected).toEqual([]);
    // The editor switched to the owner's workspace: its boards (and nobody else's) are theirs to list.
    const boards = await ok<{ boards: { name: string }[] }>(await t.app.inject({ method: 'PUT', url: '/api/workspaces/current', headers: as(editor), payload: { id: ownerWs.id } }).then(() => t.app.inject({ method: 'GET', url: '/api/board-workspace?q=shop&sort=name', headers: as(editor) })));
    expect(boards.boards.map((b) => b.name)).toEqual(expect.arrayContaining(['Private Shop', 'Public Shop']));
    const theirs = await t.ctx.db.selectFrom('apps').select('name').where('workspace_id', '=', ownerWs.id).execute();
    expect(boards.boards.length).toBe(theirs.filter((a) => /shop/i.test(a.name)).length);
    const strangers = await ok<{ boards: { name: string }[] }>(await t.app.inject({ method: 'GET', url: '/api/board-workspace?q=shop', headers: as(other) }));
    expect(strangers.boards).toEqual([]);
  });
});

// Notices of interrupted operations (modules/jobs, 'signed-in'): each account reads and dismisses
// its own only.
describe("notices ('signed-in'): the caller's own only", () => {
  it('anonymous visitors get 401; only the owner of a notice sees and dismisses it', async () => {
    const id = `n${Date.now().toString(36)}`;
    await t.ctx.db
      .insertInto('jobs')
      .values({ id, kind: 'import', user_id: owner.id, message: 'The import of matrix.csv was interrupted; nothing was changed. Try again.', spreadsheet_id: null, state: 'interrupted', lease_until: 0, created_at: new Date().toISOString() })
      .execute();
    const unexpected: string[] = [];
    for (const role of ROLES) {
      const list = await t.app.inject({ method: 'GET', url: '/api/notices', headers: as(userOf(role)) });
      const seen = list.statusCode === 200 && (list.json() as { notices: { id: string }[] }).notices.some((n) => n.id === id);
      const want = { status: role === 'anonymous' ? 401 : 200, seen: role === 'owner' };
      if (list.statusCode !== want.status || seen !== want.seen) unexpected.push(`${role} GET /api/notices → ${list.statusCode}, sees it: ${seen}`);
    }
    for (const role of ['anonymous', 'workspace editor', 'other owner'] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/notices/${id}`, headers: as(userOf(role)) });
      if (res.statusCode !== (role === 'anonymous' ? 401 : 404)) unexpected.push(`${role} DELETE /api/notices/:id → ${res.statusCode}`);
    }
    const dismissed = await t.app.inject({ method: 'DELETE', url: `/api/notices/${id}`, headers: as(owner) });
    if (dismissed.statusCode !== 204) unexpected.push(`owner DELETE /api/notices/:id → ${dismissed.statusCode}`);
    expect(unexpected).toEqual([]);
    expect(await t.ctx.db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

// Token scopes (the penetration test's "Hardening II"): every route × the owner's session, a read
// token and a read-write token of the same owner. A token is refused (403 `token_not_allowed`) on
// every route that declares no token scope, a read token (403 `token_read_only`) on those that
// declare 'read-write'; where the declaration lets it through, the token gets what the session
// gets. Routes a token may call are sent as real calls on a fixture of their own; the others
// with placeholder ids and an empty body (a token is refused before anything is looked up), the
// session part as an owner of their own, whose sign-out comes last. Unexpected allows: 0.
/**
 * The routes API tokens may call, and the least scope each takes: the data and app work of the
 * scripting API (apps, pages, blocks, spreadsheets and imports, columns, sheets and rows). The
 * matrix holds the declarations (`config.tokens`) to this list, so opening a route to tokens is a
 * change here too; membership, workspaces, tokens, billing and the account are never on it.
 */
const TOKEN_ROUTES: Record<string, 'read' | 'read-write'> = {
  'GET /api/apps/:id/row-rules': 'read',
  'PUT /api/apps/:id/row-rules': 'read-write',
  'GET /api/apps': 'read',
  'POST /api/apps': 'read-write',
  'GET /api/apps/:id': 'read',
  'PUT /api/apps/:id': 'read-write',
  'DELETE /api/apps/:id': 'read-write',
  'GET /api/apps/:appId/template-update': 'read',
  'GET /api/pages/:appId': 'read',
  'GET /api/page/:slug': 'read',
  'POST /api/pages': 'read-write',
  'PUT /api/pages/:id': 'read-write',
  'DELETE /api/pages/:id': 'read-write',
  'PUT /api/apps/:appId/pages/order': 'read-write',
  'GET /api/blocks': 'read',
  'GET /api/blocks/:id': 'read',
  'POST /api/blocks': 'read-write',
  'PUT /api/blocks/:id': 'read-write',
  'DELETE /api/blocks/:id': 'read-write',
  'PUT /api/pages/:id/blocks/order': 'read-write',
  'GET /api/spreadsheets': 'read',
  'POST /api/spreadsheets': 'read-write',
  'POST /api/spreadsheets/preview': 'read-write',
  'GET /api/spreadsheets/:id': 'read',
  'DELETE /api/spreadsheets/:id': 'read-write',
  'POST /api/spreadsheets/:id/sheets/:sheetTitle/columns': 'read-write',
  'PATCH /api/spreadsheets/:id/sheets/:sheetTitle/columns/:column': 'read-write',
  'DELETE /api/spreadsheets/:id/sheets/:sheetTitle/columns/:column': 'read-write',
  'GET /api/spreadsheets/:id/sheets/:sheetTitle/columns/:column/usage': 'read',
  'GET /api/spreadsheets/:id/export': 'read',
  'POST /api/spreadsheets/:id/reimport': 'read-write',
  'GET /api/board/:spreadsheetId/sheet/:sheetTitle': 'read',
  'GET /api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId': 'read',
  'POST /api/board/:spreadsheetId/sheet/:sheetTitle/rows': 'read-write',
  'PUT /api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId': 'read-write',
  'DELETE /api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId': 'read-write',
};

describe('token scopes: every route × session, read token, read-write token', () => {
  type Headers = Record<string, string>;
  type Answer = { statusCode: number; body: string; json: () => unknown };
  interface Entry {
    /** `METHOD url` as the route declares it. */
    route: string;
    send: (headers: Headers) => Promise<Answer>;
    /** A real call the owner's session may make (else: placeholders, the session's answer only recorded). */
    real: boolean;
  }
  type Operation = { method: string; url: string; access: string; tokens: 'read' | 'read-write' | null };
  let ops: Operation[];
  let f: Fixture;
  /** An owner whose session and tokens make the placeholder calls (signing out among them). */
  let tess: TestUser;
  const headers: Record<'owner' | 'tess', Record<'session' | 'read token' | 'read-write token', Headers>> = {} as never;

  const bearer = async (user: TestUser, scope: 'read' | 'read-write') =>
    ({
      authorization: `Bearer ${(await ok<{ secret: string }>(await t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers: sessionOf(user), payload: { name: `scopes ${scope}`, scope } }), 201)).secret}`,
    }) as Headers;
  const patternOf = (route: string) => {
    const [method, url] = route.split(' ') as [string, string];
    return new RegExp(`^${method} ${url.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  };
  /** The route a concrete call reaches: the most specific one matching it (fewest parameters). */
  const routeOf = (method: string, concrete: string): string | undefined =>
    ops
      .map((op) => `${op.method} ${op.url}`)
      .filter((route) => patternOf(route).test(`${method} ${concrete.split('?')[0]}`))
      .sort((a, b) => a.split(':').length - b.split(':').length)[0];
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, h: Headers, payload?: object) => t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
  const created = async <T>(res: Answer) => ok<T>(res, 201);
  const sessionOf = (user: TestUser): Headers => ({ cookie: user.cookie });

  /** The answer, once the owner has deleted what it created (at `urlOf` its body). */
  const removed = async <B>(res: Answer, urlOf: (body: B) => string): Promise<Answer> => {
    if (res.statusCode === 201) expect((await inject('DELETE', urlOf(res.json() as B), sessionOf(owner))).statusCode).toBe(204);
    return res;
  };
  /** Real calls of the token routes the app matrix leaves out (they destroy what they name, or name no app): each send makes its own target. */
  const extraCalls = (): { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; send: (h: Headers) => Promise<Answer> }[] => {
    const o = sessionOf(owner);
    const freshPage = async () => (await created<{ page: { page_id: string } }>(await inject('POST', '/api/pages', o, { appId: f.id, page_name: 'Scratch page' }))).page.page_id;
    const freshSpreadsheet = async () => (await created<{ spreadsheet: { id: string } }>(await inject('POST', '/api/spreadsheets', o, { title: 'Scratch', sheets: [{ title: 'S', columns: ['A'], rows: [] }] }))).spreadsheet.id;
    return [
      { method: 'GET', url: '/api/apps', send: (h) => inject('GET', '/api/apps', h) },
      // What the creations make is deleted again: the owner's plan counts apps.
      { method: 'POST', url: '/api/apps', send: (h) => inject('POST', '/api/apps', h, { name: 'Scripted app' }).then((res) => removed(res, (b: { app: { id: string } }) => `/api/apps/${b.app.id}`)) },
      { method: 'GET', url: '/api/blocks', send: (h) => inject('GET', '/api/blocks', h) },
      { method: 'GET', url: '/api/spreadsheets', send: (h) => inject('GET', '/api/spreadsheets', h) },
      {
        method: 'POST',
        url: '/api/spreadsheets',
        send: (h) =>
          inject('POST', '/api/spreadsheets', h, { title: 'Scripted', sheets: [{ title: 'S', columns: ['A'], rows: [{ A: 1 }] }] }).then((res) => removed(res, (b: { spreadsheet: { id: string } }) => `/api/spreadsheets/${b.spreadsheet.id}`)),
      },
      {
        method: 'POST',
        url: '/api/spreadsheets/preview',
        send: (h) => {
          const m = multipart('scripted.csv', 'City,Amount\nNice,3\n');
          return t.app.inject({ method: 'POST', url: '/api/spreadsheets/preview', payload: m.payload, headers: { ...m.headers, ...h } });
        },
      },
      { method: 'PUT', url: '/api/pages/:id', send: async (h) => inject('PUT', `/api/pages/${await freshPage()}`, h, { page_name: 'Renamed by script' }) },
      { method: 'DELETE', url: '/api/pages/:id', send: async (h) => inject('DELETE', `/api/pages/${await freshPage()}`, h) },
      {
        method: 'DELETE',
        url: '/api/blocks/:id',
        send: async (h) => inject('DELETE', `/api/blocks/${(await created<{ block: { id: string } }>(await inject('POST', '/api/blocks', o, { pageId: f.pageId, type: 'markdown' }))).block.id}`, h),
      },
      {
        method: 'DELETE',
        url: '/api/apps/:id',
        send: async (h) => inject('DELETE', `/api/apps/${(await created<{ app: { id: string } }>(await inject('POST', '/api/apps', o, { name: 'Doomed' }))).app.id}`, h),
      },
      { method: 'DELETE', url: '/api/spreadsheets/:id', send: async (h) => inject('DELETE', `/api/spreadsheets/${await freshSpreadsheet()}`, h) },
      {
        method: 'DELETE',
        url: '/api/spreadsheets/:id/sheets/:sheetTitle/columns/:column',
        send: async (h) => {
          const name = `Gone ${++added}`;
          await created(await inject('POST', `/api/spreadsheets/${scratchId}/sheets/Orders/columns`, o, { name }));
          return inject('DELETE', `/api/spreadsheets/${scratchId}/sheets/Orders/columns/${encodeURIComponent(name)}`, h);
        },
      },
    ];
  };

  /** The placeholder call of a route: every path parameter 'x', an empty JSON body on a change. */
  const placeholder = (op: Operation) => (h: Headers) =>
    t.app.inject({ method: op.method as 'GET', url: op.url.replace(/:[A-Za-z]+/g, 'x'), headers: h, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }) });

  let entries: Entry[];

  beforeAll(async () => {
    const { apiOperations } = await import('../modules/developer/openapi');
    ops = apiOperations(t.app).map((op) => ({ method: op.method, url: op.url, access: op.access, tokens: op.tokens }));
    // Back in the workspace of the matrix's spreadsheets (the workspaces matrix made the owner another).
    const home = await t.ctx.db.selectFrom('spreadsheets').select('workspace_id').where('id', '=', spreadsheetId).executeTakeFirstOrThrow();
    await ok(await inject('PUT', '/api/workspaces/current', sessionOf(owner), { id: home.workspace_id }));
    f = await fixture('Scripted Shop', false);
    tess = await signUp(t.app, 'Tess Tokens');
    headers.owner = { session: sessionOf(owner), 'read token': await bearer(owner, 'read'), 'read-write token': await bearer(owner, 'read-write') };
    headers.tess = { session: sessionOf(tess), 'read token': await bearer(tess, 'read'), 'read-write token': await bearer(tess, 'read-write') };
    const real = new Map<string, Entry['send']>();
    for (const call of [...VIEWER_CALLS, ...OWNER_CALLS]) {
      const route = routeOf(call.method, call.url(f));
      if (!route) throw new Error(`${call.name}: no route answers ${call.method} ${call.url(f)}`);
      if (!real.has(route)) real.set(route, ({ cookie, ...rest }) => sendAs(call, f, cookie, rest));
    }
    for (const extra of extraCalls()) real.set(`${extra.method} ${extra.url}`, extra.send);
    const placeholders = ops
      .filter((op) => !real.has(`${op.method} ${op.url}`))
      // Signing out ends the session the other placeholder calls use: last.
      .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')))
      .map((op): Entry => ({ route: `${op.method} ${op.url}`, send: placeholder(op), real: false }));
    entries = [...[...real].map(([route, send]): Entry => ({ route, send, real: true })), ...placeholders];
  });

  it('every route is in it, the declarations are the list above, and every route a token may call is a real call', () => {
    expect(new Set(entries.map((e) => e.route)).size).toBe(entries.length);
    expect(entries.map((e) => e.route).sort()).toEqual(ops.map((op) => `${op.method} ${op.url}`).sort());
    expect(ops.length).toBeGreaterThan(150);
    const declared = Object.fromEntries(ops.filter((op) => op.tokens).map((op) => [`${op.method} ${op.url}`, op.tokens]));
    expect(declared).toEqual(TOKEN_ROUTES);
    expect(Object.keys(TOKEN_ROUTES).filter((route) => !entries.find((e) => e.route === route)?.real)).toEqual([]);
  });

  /** Each entry × the session and both tokens of its owner; the unexpected answers, and how many of each kind. */
  /** Whether a caller's two tokens still open the account (a token list call answers). */
  async function tokensAlive(who: (typeof headers)['tess']): Promise<boolean> {
    return (await inject('GET', '/api/apps', who['read token'])).statusCode === 200;
  }

  async function tokenMatrix(list: Entry[]) {
    const unexpected: string[] = [];
    const tally = { 'session allowed': 0, 'read token allowed': 0, 'read-write token allowed': 0, 'read token refused': 0, 'read-write token refused': 0 };
    for (const entry of list) {
      const scopeTaken = TOKEN_ROUTES[entry.route];
      const who = entry.real ? headers.owner : headers.tess;
      const session = await entry.send(who.session);
      if (entry.real && session.statusCode >= 400) unexpected.push(`session ${entry.route} → ${session.statusCode} ${session.body.slice(0, 160)} (a real call the owner may make)`);
      if (session.statusCode < 400) tally['session allowed']++;
      // "Sign out everywhere else" ends the account's tokens too (account/ownership.ts): new ones
      // for the token calls, as a script's owner would make after it.
      if (!entry.real && session.statusCode < 400 && !(await tokensAlive(who))) headers.tess = { ...who, 'read token': await bearer(tess, 'read'), 'read-write token': await bearer(tess, 'read-write') };
      const callers = entry.real ? headers.owner : headers.tess;
      for (const scope of ['read', 'read-write'] as const) {
        const res = await entry.send(callers[`${scope} token`]);
        const allowed = scopeTaken === 'read' || (scopeTaken === 'read-write' && scope === 'read-write');
        const what = `${scope} token ${entry.route} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (allowed) {
          tally[`${scope} token allowed`]++;
          // Let through, the token is its owner: the session's answer.
          if (res.statusCode !== session.statusCode) unexpected.push(`${what} (the session's: ${session.statusCode})`);
        } else {
          tally[`${scope} token refused`]++;
          const expected = scopeTaken ? 'token_read_only' : 'token_not_allowed';
          // The no-script sign-up form answers in HTML: its page says the refusal's words.
          const code = res.statusCode !== 403 ? undefined : res.body.startsWith('{') ? (res.json() as { code?: string }).code : res.body.includes(TOKEN_MESSAGES.notForTokens) ? 'token_not_allowed' : undefined;
          if (code !== expected) unexpected.push(`${[401, 403].includes(res.statusCode) ? '' : 'not refused: '}${what} (expected 403 ${expected})`);
        }
      }
    }
    return { unexpected, tally };
  }

  it('tokens reach exactly the routes of their scope: 0 unexpected allows', async () => {
    const { unexpected, tally } = await tokenMatrix(entries);
    expect(unexpected).toEqual([]);
    // The matrix reached both sides of every column.
    expect(tally).toEqual({ 'session allowed': expect.any(Number), 'read token allowed': 14, 'read-write token allowed': 36, 'read token refused': entries.length - 14, 'read-write token refused': entries.length - 36 });
    expect(tally['session allowed']).toBeGreaterThan(70);
  });

  it('a leaked read-write token cannot become lasting access: members, workspaces, tokens, billing and the account are refused, and nothing changed', async () => {
    const victim = await signUp(t.app, 'Vic Leaked', undefined, 'correct horse');
    const leaked = await bearer(victim, 'read-write');
    const attempts: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'POST', url: '/api/workspace/editors', payload: { email: 'attacker@example.com' } },
      { method: 'POST', url: '/api/workspaces', payload: { name: 'Attacker HQ' } },
      { method: 'POST', url: '/api/developer/tokens', payload: { name: 'Persist', scope: 'read-write' } },
      { method: 'PUT', url: '/api/account/password', payload: { currentPassword: 'correct horse', newPassword: 'attacker owns this now' } },
      { method: 'POST', url: '/api/account/email', payload: { email: 'attacker@example.com', password: 'correct horse' } },
      { method: 'PUT', url: '/api/account', payload: { name: 'Owned' } },
      { method: 'DELETE', url: '/api/account', payload: { password: 'correct horse' } },
      { method: 'POST', url: '/api/billing/plan/checkout' },
    ];
    const answers: string[] = [];
    for (const a of attempts) {
      const res = await inject(a.method, a.url, leaked, a.payload);
      answers.push(`${a.method} ${a.url} → ${res.statusCode} ${res.statusCode === 403 ? (res.json() as { code: string }).code : res.body.slice(0, 120)}`);
    }
    expect(answers).toEqual(attempts.map((a) => `${a.method} ${a.url} → 403 token_not_allowed`));
    // Nothing of it happened: no invitation, no second workspace, no new token, the account as it was.
    expect(await t.ctx.db.selectFrom('workspace_editors').select('id').where('email', '=', 'attacker@example.com').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', victim.id).execute()).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('api_tokens').select('id').where('user_id', '=', victim.id).execute()).toHaveLength(1);
    const account = await ok<{ account: { name: string; email: string } }>(await inject('GET', '/api/account', sessionOf(victim)));
    expect(account.account).toMatchObject({ name: 'Vic Leaked', email: victim.email });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: 'correct horse' } })).statusCode).toBe(200);
  });

  it('a read-write token creates and changes apps but does not open one up (public, sign-in, Publish URL); the session does', async () => {
    const writer = headers.owner['read-write token']!;
    const target = await fixture('Closed Shop', false);
    const refused: string[] = [];
    for (const payload of [{ public: true }, { sign_in_method: 'Use password set by user' }, { publishUrl: `http://${target.subdomain}.localhost:3000/` }, { name: 'Still closed', public: true }]) {
      const res = await inject('PUT', `/api/apps/${target.id}`, writer, payload);
      if (res.statusCode !== 403 || (res.json() as { code: string }).code !== 'token_not_allowed' || (res.json() as { message: string }).message !== TOKEN_MESSAGES.opensApp)
        refused.push(`PUT ${JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    const publicApp = await inject('POST', '/api/apps', writer, { name: 'Scripted public', public: true });
    if (publicApp.statusCode !== 403) refused.push(`POST public → ${publicApp.statusCode}`);
    expect(refused).toEqual([]);
    const still = await ok<{ app: { public: boolean; name: string; sign_in_method: string; publishUrl: string } }>(await inject('GET', `/api/apps/${target.id}`, sessionOf(owner)));
    expect(still.app).toMatchObject({ public: false, name: 'Closed Shop', sign_in_method: 'No sign in', publishUrl: '' });
    // What changes nothing about who may open it stays the token's: a rename, the same values, closing it.
    expect((await inject('PUT', `/api/apps/${target.id}`, writer, { name: 'Renamed by script', public: false, sign_in_method: 'No sign in' })).statusCode).toBe(200);
    // The owner's session opens it.
    expect((await inject('PUT', `/api/apps/${target.id}`, sessionOf(owner), { public: true })).statusCode).toBe(200);
    expect((await inject('PUT', `/api/apps/${target.id}`, writer, { public: false })).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/apps/${target.id}`, writer)).statusCode).toBe(204);
  });

  it('reports a read token reaching the changes when its scope is not held to (the matrix can fail)', async () => {
    const reader = headers.owner['read token']!.authorization!.slice('Bearer '.length);
    // Changes that stand alone (a row of their own, a fresh app), so the matrix's earlier calls do not change their answers.
    const chosen = ['POST /api/apps', 'PUT /api/apps/:id', 'PUT /api/blocks/:id', 'POST /api/board/:spreadsheetId/sheet/:sheetTitle/rows', 'PUT /api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', 'DELETE /api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId'];
    const writes = entries.filter((e) => chosen.includes(e.route));
    expect(writes.length).toBe(chosen.length);
    // The read token's row says read-write, as if the scope check were skipped.
    await t.ctx.db.updateTable('api_tokens').set({ scope: 'read-write' }).where('token_hash', '=', sha256(reader)).execute();
    let unexpected: string[];
    try {
      unexpected = (await tokenMatrix(writes)).unexpected;
    } finally {
      await t.ctx.db.updateTable('api_tokens').set({ scope: 'read' }).where('token_hash', '=', sha256(reader)).execute();
    }
    for (const entry of writes) expect(unexpected.some((u) => u.startsWith(`not refused: read token ${entry.route} → 2`)), entry.route).toBe(true);
    expect(unexpected.length).toBe(writes.length);
    // Put back, the same matrix is clean again.
    expect((await tokenMatrix(writes)).unexpected).toEqual([]);
  });
});
