import { beforeAll, describe, expect, it } from 'vitest';
import { AppResponse, AppsResponse, BoardMetadataResponse } from '../../../shared/api';
import { signUp, type TestUser } from '../../testing/app';
import { testServer, testUser } from '../../testing/server';
import { PRIVATE_APP_MESSAGE } from '../../access/viewer';

const t = testServer();
const owner = testUser(t, 'Owner');
const stranger = testUser(t, 'Stranger');
let spreadsheetId: string;
let strangerSpreadsheetId: string;

const as = (u: TestUser | null) => (u ? { cookie: u.cookie } : {});

beforeAll(async () => {
  spreadsheetId = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: as(owner) })).json().spreadsheets[0].id;
  strangerSpreadsheetId = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: as(stranger) })).json().spreadsheets[0].id;
});

async function create(payload: object, user: TestUser | null = owner) {
  return t.app.inject({ method: 'POST', url: '/api/apps', headers: as(user), payload });
}

describe('POST /api/apps', () => {
  it('a too long name answers a sentence for people, not zod\'s English (issue 13)', async () => {
    const res = await create({ name: 'x'.repeat(101), kind: 'board', spreadsheetId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The name can be at most 100 characters', code: 'bad_request', issues: [{ path: 'name', message: 'The name can be at most 100 characters' }] });
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/apps/${(await create({ name: 'Short', kind: 'board' })).json().app.id}`, headers: as(owner), payload: { name: 'y'.repeat(200) } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe('The name can be at most 100 characters');
  });

  it('creates a private board (public false, the spec default) with one home page and a subdomain from the name', async () => {
    const res = await create({ name: 'Q3 Sales & Ops!', kind: 'board', spreadsheetId });
    expect(res.statusCode).toBe(201);
    const { app } = res.json();
    expect(app).toEqual({
      id: expect.any(String),
      name: 'Q3 Sales & Ops!',
      subdomain: 'q3-sales-ops',
      kind: 'board',
      public: false,
      sign_in_method: 'No sign in',
      spreadsheetId,
      publishUrl: '',
      created_at: expect.any(String),
    });
    // Read back, it is still private; a guest gets the private answer, on the API and the app's host.
    expect((await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}`, headers: as(owner) })).json().app.public).toBe(false);
    for (const url of [`/api/apps/${app.id}`, `/api/pages/${app.id}`]) {
      const guest = await t.app.inject({ method: 'GET', url });
      expect(guest.statusCode, url).toBe(403);
      expect(guest.json().message, url).toBe(PRIVATE_APP_MESSAGE);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/page/home', headers: { host: 'q3-sales-ops.localhost:3000' } });
    expect(page.statusCode).toBe(403);
    expect(page.json().message).toBe(PRIVATE_APP_MESSAGE);
    const pages = (await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(owner) })).json().pages;
    expect(pages).toEqual([
      {
        page_id: expect.any(String),
        page_slug: 'home',
        page_name: 'Q3 Sales & Ops!',
        page_type: 'home',
        is_auth: false,
        is_public: true,
        app_id: app.id,
        blocks: [],
        show_header: true,
        show_footer: true,
        is_details: false,
      },
    ]);
  });

  it('starts a multipage app with a home page holding a header and a footer (catalogue defaults)', async () => {
    const res = await create({ name: 'Corner Shop', kind: 'multipage', spreadsheetId });
    expect(res.statusCode).toBe(201);
    const { app } = res.json();
    expect(app).toMatchObject({ kind: 'multipage', subdomain: 'corner-shop', public: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}` })).statusCode).toBe(403);
    const pages = (await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(owner) })).json().pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ page_slug: 'home', page_name: 'Home', page_type: 'home', is_public: true, is_auth: false });
    const blocks = pages[0].blocks;
    expect(blocks.map((b: { type: string }) => b.type)).toEqual(['header', 'footer']);
    for (const b of blocks) {
      expect(b).toMatchObject({ id: expect.any(String), full_width: true, sheet_title: '' });
      // Stored with every default of its kind: reading it back through the catalogue changes nothing.
      const one = (await t.app.inject({ method: 'GET', url: `/api/blocks/${b.id}`, headers: as(owner) })).json().block;
      expect(one).toEqual(b);
    }
    // A board starts empty.
    const board = (await create({ name: 'Plain', kind: 'board', spreadsheetId })).json().app;
    expect((await t.app.inject({ method: 'GET', url: `/api/pages/${board.id}`, headers: as(owner) })).json().pages[0].blocks).toEqual([]);
  });

  it('creates a public app when asked (public: true); a guest then reads it', async () => {
    const { app } = (await create({ name: 'Open House', kind: 'board', spreadsheetId, public: true })).json();
    expect(app.public).toBe(true);
    const guest = await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.json().app.public).toBe(true);
  });

  it('appends -2, -3 to a derived subdomain that is taken', async () => {
    const a = (await create({ name: 'Twin', kind: 'board', spreadsheetId })).json().app;
    const b = (await create({ name: 'Twin', kind: 'board', spreadsheetId })).json().app;
    const c = (await create({ name: 'twin', kind: 'multipage', spreadsheetId })).json().app;
    expect([a.subdomain, b.subdomain, c.subdomain]).toEqual(['twin', 'twin-2', 'twin-3']);
  });

  it('apps of the same name created at once all get their own derived subdomain', async () => {
    const a = await signUp(t.app, 'Rush A');
    const b = await signUp(t.app, 'Rush B');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: (i % 2 ? a : b).cookie }, payload: { name: 'Rush Hour', kind: 'board' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json().app.subdomain)).size).toBe(8);
  });

  it('two apps claiming the same subdomain at once: one 200, the rest 409', async () => {
    const a = await signUp(t.app, 'Claim A');
    const b = await signUp(t.app, 'Claim B');
    const appOf = async (u: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/apps', headers: { cookie: u.cookie } })).json().apps[0].id as string;
    const [idA, idB] = [await appOf(a), await appOf(b)];
    const answers = await Promise.all(
      [a, b, a, b].map((u, i) =>
        t.app.inject({ method: 'PUT', url: `/api/apps/${i % 2 ? idB : idA}`, headers: { cookie: u.cookie }, payload: { subdomain: 'hot-name' } }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409), JSON.stringify(answers.map((r) => r.body))).toBe(true);
    const owners = await t.ctx.db.selectFrom('apps').select('id').where('subdomain', '=', 'hot-name').execute();
    expect(owners).toHaveLength(1);
  });

  it('409 when an explicit subdomain is taken; 400 when it is malformed or reserved', async () => {
    await create({ name: 'Mine', subdomain: 'claimed', kind: 'board', spreadsheetId });
    const taken = await create({ name: 'Theirs', subdomain: 'claimed', kind: 'board', spreadsheetId: strangerSpreadsheetId }, stranger);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("The subdomain 'claimed' is already taken");
    const bad = await create({ name: 'X', subdomain: '-bad_', kind: 'board' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('subdomain');
    const reserved = await create({ name: 'X', subdomain: 'dashboard', kind: 'board' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe("The subdomain 'dashboard' is reserved");
    const upper = await create({ name: 'X', subdomain: 'MixedCase', kind: 'board' });
    expect(upper.statusCode).toBe(201);
    expect(upper.json().app.subdomain).toBe('mixedcase');
  });

  it('validates the body', async () => {
    const noName = await create({ kind: 'board' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues[0].path).toBe('name');
    const badKind = await create({ name: 'K', kind: 'spaceship' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().issues[0].path).toBe('kind');
  });

  it("refuses someone else's spreadsheet (404) and needs a session (401)", async () => {
    const res = await create({ name: 'Steal', kind: 'board', spreadsheetId: strangerSpreadsheetId });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Spreadsheet not found');
    expect((await create({ name: 'Anon', kind: 'board' }, null)).statusCode).toBe(401);
  });
});

describe('reading, updating, deleting', () => {
  it('GET /api/apps lists mine only', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/apps', headers: as(owner) })).json();
    expect(AppsResponse.safeParse(list).error).toBeUndefined();
    const mine = list.apps;
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/apps', headers: as(stranger) })).json().apps;
    expect(mine.length).toBeGreaterThan(3);
    expect(theirs.map((a: { name: string }) => a.name)).toEqual(['Sales board']);
    expect((await t.app.inject({ method: 'GET', url: '/api/apps' })).statusCode).toBe(401);
  });

  it('GET /api/apps/{id}: public apps are readable by anyone, private ones only by the owner (else 403 Access Denied)', async () => {
    const app = (await create({ name: 'Readable', kind: 'board', spreadsheetId, public: true })).json().app;
    const one = (await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}` })).json();
    expect(AppResponse.safeParse(one).error).toBeUndefined();
    expect(one.app.name).toBe('Readable');
    await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { public: false } });
    expect((await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}` })).statusCode).toBe(403);
    const denied = await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}`, headers: as(stranger) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('This application is private and you do not have permission to access it.');
    expect((await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}`, headers: as(owner) })).json().app.public).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/apps/nope' })).statusCode).toBe(404);
  });

  it('PUT /api/apps/{id} saves name, spreadsheet, privacy and board settings (owner only)', async () => {
    const app = (await create({ name: 'Editable', kind: 'board', spreadsheetId })).json().app;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/apps/${app.id}`,
      headers: as(owner),
      payload: { name: 'Edited', sign_in_method: 'Use password set by user', board_background: '#ffffff', sections: 'Sales, Stock', spreadsheetId: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().app).toMatchObject({ name: 'Edited', sign_in_method: 'Use password set by user', spreadsheetId: null, subdomain: 'editable' });
    const meta = (await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${app.id}`, headers: as(owner) })).json();
    expect(meta).toMatchObject({ board_background: '#ffffff', sections: 'Sales, Stock' });

    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(stranger), payload: { name: 'Hijack' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, payload: { name: 'Anon' } })).statusCode).toBe(401);
    const badColour = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { nav_background: 'not a colour!' } });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().message).toBe('Must be a colour such as #4f46e5');
    const badSheet = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { spreadsheetId: strangerSpreadsheetId } });
    expect(badSheet.statusCode).toBe(404);
  });

  it('PUT /api/apps/{id} changes the subdomain with the same rules as creation', async () => {
    const app = (await create({ name: 'Renamed', kind: 'board', spreadsheetId, public: true })).json().app;
    await create({ name: 'Holder', subdomain: 'held-name', kind: 'board', spreadsheetId });
    const ok = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { subdomain: 'Fresh-Name' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().app.subdomain).toBe('fresh-name');
    const same = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { subdomain: 'fresh-name' } });
    expect(same.statusCode).toBe(200);
    const taken = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { subdomain: 'held-name' } });
    expect(taken.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { subdomain: 'www' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/board/update-metadata?board=%2Ffresh-name' })).json().id).toBe(app.id);
  });

  it('DELETE /api/apps/{id}: 204 for the owner, 403 for a stranger, 401 without a session', async () => {
    const app = (await create({ name: 'Doomed', kind: 'board', spreadsheetId })).json().app;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/apps/${app.id}`, headers: as(stranger) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/apps/${app.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/apps/${app.id}`, headers: as(owner) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}`, headers: as(owner) })).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('pages').select('id').where('app_id', '=', app.id).execute()).toEqual([]);
  });
});

describe('board metadata', () => {
  let board: { id: string; subdomain: string };
  beforeAll(async () => {
    board = (await create({ name: 'Meta Board', kind: 'board', spreadsheetId, public: true })).json().app;
  });

  it('answers the state fields with spec defaults; can_edit and owner_email only for the owner', async () => {
    const guest = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${encodeURIComponent('/' + board.subdomain)}` });
    expect(guest.statusCode).toBe(200);
    const g = guest.json();
    expect(g).toMatchObject({
      id: board.id,
      app_id: board.id,
      name: 'Meta Board',
      title: 'Meta Board',
      kind: 'board',
      spreadsheetId,
      public: true,
      sign_in_method: 'No sign in',
      board_background: '#FAFAFA',
      nav_background: '#161819',
      hero_background: '#161819',
      block_border: '#e7ebf3',
      block_shadow: '#ebeff3',
      hide_filters: true,
      sections: '',
      blocks: [],
      can_edit: false,
      page_slug: 'home',
    });
    expect(g).not.toHaveProperty('owner_email');
    // The shared contract the web app types its calls with.
    expect(BoardMetadataResponse.safeParse(g).error).toBeUndefined();
    // A guest is listed only the sheets the blocks they may see use: none on a board without blocks.
    expect(g.sheets).toEqual([]);

    const own = (await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.id}`, headers: as(owner), payload: {} })).json();
    expect(own).toMatchObject({ can_edit: true, owner_email: owner.email, user_role: 'owner' });
    // The owner gets every sheet and column (the editor's sheet pickers).
    expect(own.sheets.map((s: { title: string }) => s.title)).toEqual(['Orders', 'Products']);
    expect(own.sheets[1].columns).toEqual(['Product', 'Category', 'Price', 'Stock', 'Image URL']);
    expect(BoardMetadataResponse.safeParse(own).error).toBeUndefined();
    const onHost = await t.app.inject({ method: 'POST', url: '/api/board/update-metadata?board=%2F', headers: { host: `${board.subdomain}.localhost:3000` } });
    expect(onHost.json().id).toBe(board.id);
  });

  it('saves fields the owner sends, refuses them from others', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/board/update-metadata?board=${board.id}`,
      headers: as(owner),
      payload: { title: 'Shiny', hide_filters: false, sections: 'A,B', footer: { copyrightText: '© Us' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Shiny', hide_filters: false, sections: 'A,B', footer: { copyrightText: '© Us' } });
    const guest = (await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.id}` })).json();
    expect(guest.title).toBe('Shiny');
    expect((await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.id}`, headers: as(stranger), payload: { title: 'X' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.id}`, payload: { title: 'X' } })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.id}`, headers: as(owner), payload: { hide_filters: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('hide_filters');
  });

  it('an unknown board → 404, a private one → 403 for guests', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/board/update-metadata?board=%2Fno-such-board' })).statusCode).toBe(404);
    const priv = (await create({ name: 'Private Meta', kind: 'board', spreadsheetId })).json().app;
    await t.app.inject({ method: 'PUT', url: `/api/apps/${priv.id}`, headers: as(owner), payload: { public: false } });
    const res = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${priv.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This application is private and you do not have permission to access it.');
  });
});
