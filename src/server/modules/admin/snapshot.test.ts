// The frozen copies of template versions (issue 14): a signed-in provider admin may view one (a
// Guest, read-only) even when it is private; nobody else may view a private one; and nothing is
// ever changed through one — rows, form submits, uploads, actions, comments, blocks, pages, the
// app itself — whoever asks, its workspace's owner included.
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES } from '../../../shared/rules/marketplace';
import { createSpreadsheet, multipart, signUp, type TestUser, ORDERS_BLOCKS } from '../../testing/app';
import { testServer } from '../../testing/server';
import { PRIVATE_APP_MESSAGE } from '../../access/viewer';
import { createAdmin } from './service';

const t = testServer();
/** The owner of the workspace holding the copies (the marketplace's, in production). */
let maker: TestUser;
let other: TestUser;
let adminCookie: string;
let spreadsheetId: string;

interface AppFixture {
  id: string;
  pageId: string;
  tableId: string;
  formId: string;
  commentsId: string;
}
let open: AppFixture;
let closed: AppFixture;
/** A private app that is no snapshot: an admin is nobody there. */
let ordinary: AppFixture;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

async function appWithBlocks(name: string, isPublic: boolean): Promise<AppFixture> {
  const headers = { cookie: maker.cookie };
  const created = await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name, kind: 'multipage', spreadsheetId, public: true } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().app.id as string;
  const pageId = (await t.app.inject({ method: 'GET', url: `/api/pages/${id}`, headers })).json().pages[0].page_id as string;
  const add = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/blocks', headers, payload: { pageId, ...payload } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().block.id as string;
  };
  const tableId = await add(ORDERS_BLOCKS.table);
  const formId = await add(ORDERS_BLOCKS.form);
  const commentsId = await add(ORDERS_BLOCKS.comments);
  if (!isPublic) expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${id}`, headers, payload: { public: false } })).statusCode).toBe(200);
  return { id, pageId, tableId, formId, commentsId };
}

/** Makes the apps the frozen copies of versions 1, 2, ... of one submission. */
async function markAsSnapshots(apps: AppFixture[]) {
  const headers = { cookie: maker.cookie };
  const source = (await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name: 'Source', kind: 'multipage', spreadsheetId, public: true } })).json().app.id as string;
  const ws = (await t.ctx.db.selectFrom('apps').select('workspace_id').where('id', '=', source).executeTakeFirstOrThrow()).workspace_id;
  const now = new Date().toISOString();
  await t.ctx.db
    .insertInto('review_requests')
    .values({ id: 'snapreq', app_id: source, workspace_id: ws, status: 'pending', title: 'Shop', summary: 'A shop', tags: '["shop"]', description: '<p>Shop</p>', category: 'other', price_cents: 0, is_free: 1, thumbnail: '/t', thumbnail_bg_color: '#ffffff', additional_images: '["/a"]', rejection_reason: null, is_public: 1, sign_in_method: 'No sign in', version_id: null, published_version_id: null, submitted_at: now, created_at: now, updated_at: now })
    .execute();
  for (const [i, app] of apps.entries())
    await t.ctx.db
      .insertInto('template_versions')
      .values({ id: `snapver${i}`, request_id: 'snapreq', source_app_id: source, number: i + 1, content_hash: 'b'.repeat(64), snapshot_app_id: app.id, created_at: now })
      .execute();
}

beforeAll(async () => {
  maker = await signUp(t.app, 'Maker Mia');
  other = await signUp(t.app, 'Other Otto');
  const sheet = { title: 'Orders', columns: ['City', 'Amount'], rows: [{ City: 'Paris', Amount: 12 }, { City: 'Lyon', Amount: 7 }] };
  spreadsheetId = await createSpreadsheet(t.app, maker, 'Shop', [sheet]);
  open = await appWithBlocks('Open Copy', true);
  closed = await appWithBlocks('Closed Copy', false);
  ordinary = await appWithBlocks('Ordinary Private', false);
  await markAsSnapshots([open, closed]);
  await createAdmin({ db: t.ctx.db }, { email: 'rita@provider.example', name: 'Rita Reviewer', password: 'review all the things' });
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'rita@provider.example', password: 'review all the things' } });
  adminCookie = `sb_admin=${login.cookies.find((c) => c.name === 'sb_admin')!.value}`;
});

type Who = 'anonymous' | 'workspace owner' | 'other owner' | 'admin';
const WHO: Who[] = ['anonymous', 'workspace owner', 'other owner', 'admin'];
const cookieOf = (who: Who) => (who === 'workspace owner' ? maker.cookie : who === 'other owner' ? other.cookie : who === 'admin' ? adminCookie : undefined);

interface Write {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: (f: AppFixture) => string;
  payload?: (f: AppFixture) => object;
  multipart?: boolean;
}

/** Every kind of change an app takes, each the way the web app sends it. */
const WRITES: Write[] = [
  { name: 'add row', method: 'POST', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/rows?board=${f.id}`, payload: (f) => ({ blockId: f.tableId, values: { City: 'Nice', Amount: 3 } }) },
  { name: 'form submit', method: 'POST', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/rows?board=${f.id}`, payload: (f) => ({ blockId: f.formId, values: { City: 'Metz' } }) },
  { name: 'edit row', method: 'PUT', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/rows/0?board=${f.id}`, payload: (f) => ({ blockId: f.tableId, values: { City: 'Nancy' }, _version: 1 }) },
  { name: 'delete row', method: 'DELETE', url: (f) => `/api/board/${spreadsheetId}/sheet/Orders/rows/0?board=${f.id}&blockId=${f.tableId}` },
  { name: 'delete row action', method: 'POST', url: (f) => `/api/blocks/${f.tableId}/actions/1/run?board=${f.id}`, payload: () => ({ rowId: '0' }) },
  { name: 'duplicate row action', method: 'POST', url: (f) => `/api/blocks/${f.tableId}/actions/0/run?board=${f.id}`, payload: () => ({ rowId: '0' }) },
  { name: 'post comment', method: 'POST', url: (f) => `/api/blocks/${f.commentsId}/comments?board=${f.id}`, payload: () => ({ body: 'Hello there', author: 'Ann' }) },
  { name: 'delete comment', method: 'DELETE', url: (f) => `/api/blocks/${f.commentsId}/comments/somecomment?board=${f.id}` },
  { name: 'form upload', method: 'POST', url: (f) => `/api/uploads?board=${f.id}&blockId=${f.formId}`, multipart: true },
  { name: 'block setting upload', method: 'POST', url: (f) => `/api/uploads?board=${f.id}&purpose=block-setting&kind=image`, multipart: true },
  { name: 'edit block', method: 'PUT', url: (f) => `/api/blocks/${f.tableId}`, payload: () => ({ title: 'Changed' }) },
  { name: 'add block', method: 'POST', url: () => '/api/blocks', payload: (f) => ({ pageId: f.pageId, type: 'markdown' }) },
  { name: 'delete block', method: 'DELETE', url: (f) => `/api/blocks/${f.commentsId}` },
  { name: 'add page', method: 'POST', url: () => '/api/pages', payload: (f) => ({ appId: f.id, page_name: 'Extra' }) },
  { name: 'rename page', method: 'PUT', url: (f) => `/api/pages/${f.pageId}`, payload: () => ({ page_name: 'Renamed' }) },
  { name: 'edit app', method: 'PUT', url: (f) => `/api/apps/${f.id}`, payload: () => ({ public: true, title: 'Renamed' }) },
  { name: 'delete app', method: 'DELETE', url: (f) => `/api/apps/${f.id}` },
  { name: 'board settings', method: 'POST', url: (f) => `/api/board/update-metadata?board=${f.id}`, payload: () => ({ title: 'Renamed' }) },
  { name: 'page settings', method: 'POST', url: (f) => `/api/page/update-metadata?app=${f.id}&page=${f.pageId}`, payload: () => ({ is_public: false }) },
  { name: 'add app user', method: 'POST', url: () => '/api/mutipageapp_users', payload: (f) => ({ appId: f.id, name: 'Mallory', email: 'mallory@example.com', permissions: 'read-write' }) },
  { name: 'app user sign-up', method: 'POST', url: (f) => `/api/app-auth/register?app=${f.id}`, payload: () => ({ name: 'Sam', email: 'sam@example.com', password: 'a long passphrase' }) },
];

function send(w: Write, f: AppFixture, who: Who) {
  const cookie = cookieOf(who);
  const headers = cookie ? { cookie } : {};
  if (w.multipart) {
    const m = multipart('dot.png', PNG);
    return t.app.inject({ method: w.method, url: w.url(f), payload: m.payload, headers: { ...m.headers, ...headers } });
  }
  return t.app.inject({ method: w.method, url: w.url(f), headers, ...(w.payload ? { payload: w.payload(f) } : {}) });
}

/** What the copy holds, to show that no refused write changed it. */
async function contents(f: AppFixture) {
  const db = t.ctx.db;
  return {
    rows: await db.selectFrom('sheet_rows').selectAll().orderBy('row_index').execute(),
    app: await db.selectFrom('apps').selectAll().where('id', '=', f.id).executeTakeFirst(),
    pages: await db.selectFrom('pages').selectAll().where('app_id', '=', f.id).orderBy('id').execute(),
    blocks: await db.selectFrom('blocks').innerJoin('pages', 'pages.id', 'blocks.page_id').selectAll('blocks').where('pages.app_id', '=', f.id).orderBy('blocks.id').execute(),
    comments: await db.selectFrom('comments').selectAll().execute(),
    uploads: await db.selectFrom('uploads').selectAll().execute(),
    appUsers: await db.selectFrom('app_users').selectAll().where('app_id', '=', f.id).execute(),
  };
}

describe('a frozen copy is read-only for everyone', () => {
  it("every write through a public copy: 403 'This is a template preview: changes are not saved.' — for anyone, its owner and an admin too", async () => {
    const before = await contents(open);
    const unexpected: string[] = [];
    for (const w of WRITES)
      for (const who of WHO) {
        const res = await send(w, open, who);
        // Deleting a comment is the owner rule's: without an owner session it stops at 401 first.
        if (w.name === 'delete comment' && (who === 'anonymous' || who === 'admin')) {
          if (res.statusCode !== 401) unexpected.push(`${who} ${w.name} → ${res.statusCode}`);
          continue;
        }
        if (res.statusCode !== 403 || res.json().message !== MARKETPLACE_MESSAGES.templatePreviewReadOnly) unexpected.push(`${who} ${w.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    expect(unexpected).toEqual([]);
    expect(await contents(open)).toEqual(before);
  });

  it('the same calls on an ordinary app of the same owner go through (the calls themselves are right)', async () => {
    const plain = await appWithBlocks('Plain Public', true);
    // A guest's form submit goes through on it (before the owner's calls below hide its page).
    const guest = await send(WRITES.find((w) => w.name === 'form submit')!, plain, 'anonymous');
    expect(guest.statusCode, guest.body).toBe(201);
    const refused: string[] = [];
    // (Deletes would take the fixture away; an app without a register block takes no sign-ups.)
    for (const w of WRITES.filter((x) => !['delete comment', 'delete app', 'delete block', 'delete row', 'delete row action', 'app user sign-up'].includes(x.name))) {
      const res = await send(w, plain, 'workspace owner');
      if (res.statusCode >= 300) refused.push(`${w.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(refused).toEqual([]);
  });

  it('reads of a public copy still answer everyone', async () => {
    for (const who of WHO) {
      const headers = cookieOf(who) ? { cookie: cookieOf(who)! } : {};
      expect((await t.app.inject({ method: 'GET', url: `/api/pages/${open.id}`, headers })).statusCode, who).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders?board=${open.id}`, headers })).statusCode, who).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${open.id}`, headers, payload: {} })).statusCode, who).toBe(200);
    }
  });
});

describe('an admin views the frozen copy under review', () => {
  it('a private copy: the admin views it as a Guest, read-only; anyone else but its owner gets Access Denied', async () => {
    const state = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${closed.id}`, headers: { cookie: adminCookie }, payload: {} });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({ can_edit: false, user_role: 'guest', app_user: null, needs_sign_in: false });
    expect(state.json().blocks.map((b: { type: string }) => b.type)).toEqual(expect.arrayContaining(['table', 'form', 'comments']));
    const reads = [`/api/pages/${closed.id}`, `/api/page/home?app=${closed.id}`, `/api/blocks/${closed.tableId}`, `/api/board/${spreadsheetId}/sheet/Orders?board=${closed.id}`, `/api/blocks/${closed.commentsId}/comments?board=${closed.id}`];
    for (const url of reads) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } })).statusCode, `admin ${url}`).toBe(200);
      for (const who of ['anonymous', 'other owner'] as Who[]) {
        const cookie = cookieOf(who);
        const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json().message).toBe(PRIVATE_APP_MESSAGE);
      }
    }
    // And changes nothing through it.
    const before = await contents(closed);
    for (const w of WRITES) {
      const res = await send(w, closed, 'admin');
      if (w.name === 'delete comment') {
        expect(res.statusCode, 'no owner session').toBe(401);
        continue;
      }
      expect(res.statusCode, `admin ${w.name} ${res.body}`).toBe(403);
      expect(res.json().message).toBe(MARKETPLACE_MESSAGES.templatePreviewReadOnly);
    }
    expect(await contents(closed)).toEqual(before);
  });

  it("an admin is nobody on an ordinary private app: Access Denied like any stranger", async () => {
    for (const url of [`/api/pages/${ordinary.id}`, `/api/blocks/${ordinary.tableId}`, `/api/board/${spreadsheetId}/sheet/Orders?board=${ordinary.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(PRIVATE_APP_MESSAGE);
    }
    const state = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${ordinary.id}`, headers: { cookie: adminCookie }, payload: {} });
    expect(state.statusCode).toBe(403);
  });

  it('an expired admin session views nothing', async () => {
    await t.ctx.db.updateTable('admin_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/pages/${closed.id}`, headers: { cookie: adminCookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PRIVATE_APP_MESSAGE);
    } finally {
      await t.ctx.db.updateTable('admin_sessions').set({ expires_at: new Date(Date.now() + 3600_000).toISOString() }).execute();
    }
  });
});
