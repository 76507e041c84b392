import { beforeAll, describe, expect, it } from 'vitest';
import { PageMetadataResponse, PagesResponse } from '../../../shared/api';
import { signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';

const t = testServer();
let owner: TestUser;
let stranger: TestUser;
let multi: { id: string; subdomain: string };
let board: { id: string; subdomain: string };

const as = (u: TestUser | null) => (u ? { cookie: u.cookie } : {});

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  multi = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { public: true, name: 'Shop Site', kind: 'multipage' } })).json().app;
  board = (await t.app.inject({ method: 'GET', url: '/api/apps', headers: as(owner) })).json().apps.find((a: { kind: string }) => a.kind === 'board');
});

describe('POST /api/pages', () => {
  it('adds pages to a multipage app, deriving unique slugs', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: multi.id, page_name: 'About Us' } });
    expect(a.statusCode).toBe(201);
    expect(a.json().page).toEqual({
      page_id: expect.any(String),
      page_slug: 'about-us',
      page_name: 'About Us',
      page_type: 'page',
      is_auth: false,
      is_public: true,
      app_id: multi.id,
      // The app's header and footer show on every page (issue 13).
      blocks: [expect.objectContaining({ type: 'header' }), expect.objectContaining({ type: 'footer' })],
      show_header: true,
      show_footer: true,
      is_details: false,
    });
    const b = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: multi.id, page_name: 'About us' } });
    expect(b.json().page.page_slug).toBe('about-us-2');
    const c = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: multi.id, page_name: 'Contact', page_slug: 'contact' } });
    expect(c.json().page.page_slug).toBe('contact');
    const body = (await t.app.inject({ method: 'GET', url: `/api/pages/${multi.id}` })).json();
    expect(PagesResponse.safeParse(body).error).toBeUndefined();
    const pages = body.pages;
    expect(pages.map((p: { page_slug: string }) => p.page_slug)).toEqual(['home', 'about-us', 'about-us-2', 'contact']);
  });

  it('refuses a taken explicit slug (409), a malformed one (400), a second page on a board (400)', async () => {
    const dup = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: multi.id, page_name: 'X', page_slug: 'contact' } });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: multi.id, page_name: 'X', page_slug: 'Not A Slug' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('page_slug');
    const long = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: multi.id, page_name: 'X', page_slug: 'a'.repeat(101) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Page slug may have at most 100 characters');
    const onBoard = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: board.id, page_name: 'Second' } });
    expect(onBoard.statusCode).toBe(400);
    expect(onBoard.json().message).toMatch(/A board has exactly one page/);
    const noName = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: multi.id } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues[0].path).toBe('page_name');
  });

  it('strangers get 403 on a public app, anonymous callers 401, unknown apps 404', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(stranger), payload: { appId: multi.id, page_name: 'X' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/pages', payload: { appId: multi.id, page_name: 'X' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: 'nope', page_name: 'X' } })).statusCode).toBe(404);
  });
});

describe('GET /api/page/{slug}', () => {
  it('finds the page of the app named by the Host header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/page/contact?board=%2Fcontact', headers: { host: `${multi.subdomain}.localhost:3000` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().page).toMatchObject({ page_name: 'Contact', page_slug: 'contact', app_id: multi.id, blocks: [{ type: 'header' }, { type: 'footer' }] });
  });

  it('or by the app query (id or subdomain)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/page/home?app=${multi.id}` })).json().page.page_name).toBe('Home');
    expect((await t.app.inject({ method: 'GET', url: `/api/page/about-us?app=${multi.subdomain}` })).json().page.page_name).toBe('About Us');
  });

  it('404 for an unknown page or app; private apps are 403 Access Denied to guests', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/api/page/nope?app=${multi.id}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Page 'nope' not found");
    expect((await t.app.inject({ method: 'GET', url: '/api/page/home', headers: { host: 'ghost.localhost:3000' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/page/home' })).statusCode).toBe(404);

    await t.app.inject({ method: 'PUT', url: `/api/apps/${multi.id}`, headers: as(owner), payload: { public: false } });
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/page/home?app=${multi.id}` })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/pages/${multi.id}` })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/pages/${multi.id}`, headers: as(stranger) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/pages/${multi.id}`, headers: as(owner) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/page/home?app=${multi.id}`, headers: as(owner) })).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${multi.id}`, headers: as(owner), payload: { public: true } });
    }
  });
});

describe('page metadata', () => {
  it('answers the page named by the path on the app host, with page defaults', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/page/update-metadata?board=%2Fcontact', headers: { host: `${multi.subdomain}.localhost:3000` } });
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      app_id: multi.id,
      name: 'Shop Site',
      page_name: 'Contact',
      page_slug: 'contact',
      title: 'Contact',
      page_background: '#FAFAFA',
      nav_background: '#161819',
      block_border: '#e7ebf3',
      block_shadow: '#ebeff3',
      can_edit: false,
      blocks: [{ type: 'header' }, { type: 'footer' }],
    });
    expect(m).not.toHaveProperty('owner_email');
    expect(PageMetadataResponse.safeParse(m).error).toBeUndefined();
    expect(m.pages.map((p: { page_slug: string }) => p.page_slug)).toContain('about-us');
  });

  it('saves page settings from the owner and names the page by the page query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/page/update-metadata?app=${multi.id}&page=about-us`,
      headers: as(owner),
      payload: { page_background: '#101010', page_name: 'About' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page_background: '#101010', page_name: 'About', can_edit: true, owner_email: owner.email });
    expect((await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${multi.id}&page=about-us`, headers: as(stranger), payload: { page_background: '#000' } })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${multi.id}`, headers: as(owner), payload: { block_border: 'nope nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('block_border');
  });
});

describe('page CRUD (rename, reorder, delete, settings)', () => {
  let app: { id: string; subdomain: string };
  const pagesOf = async (u: TestUser | null = owner) =>
    (await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(u) })).json().pages as {
      page_id: string;
      page_slug: string;
      page_name: string;
      page_type: string;
      is_public: boolean;
      is_auth: boolean;
      page_background: string;
      blocks: { id: string; type: string; title?: string }[];
    }[];
  const add = async (page_name: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: app.id, page_name } })).json().page as { page_id: string; page_slug: string };
  const rename = (id: string, payload: object, u: TestUser | null = owner) => t.app.inject({ method: 'PUT', url: `/api/pages/${id}`, headers: as(u), payload });

  beforeAll(async () => {
    app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { public: true, name: 'Crud Site', kind: 'multipage' } })).json().app;
  });

  it('rename: the slug follows the name, unique per app; an explicit slug is checked', async () => {
    const a = await add('Team');
    const b = await add('Prices');
    const res = await rename(b.page_id, { page_name: 'Our Team!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().page).toMatchObject({ page_id: b.page_id, page_name: 'Our Team!', page_slug: 'our-team' });
    expect((await rename(a.page_id, { page_name: 'Our team' })).json().page.page_slug).toBe('our-team-2');
    // Renaming to a name whose slug is its own keeps it.
    expect((await rename(a.page_id, { page_name: 'OUR TEAM' })).json().page.page_slug).toBe('our-team-2');
    expect((await rename(a.page_id, { page_name: 'People', page_slug: 'people' })).json().page).toMatchObject({ page_name: 'People', page_slug: 'people' });
    expect((await rename(a.page_id, { page_name: 'X', page_slug: 'our-team' })).statusCode).toBe(409);
    const bad = await rename(a.page_id, { page_name: 'X', page_slug: 'no spaces' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('page_slug');
    const empty = await rename(a.page_id, { page_name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].path).toBe('page_name');
    expect((await pagesOf()).map((p) => p.page_slug)).toEqual(['home', 'people', 'our-team']);
  });

  it('rename: the home page keeps its slug', async () => {
    const home = (await pagesOf())[0]!;
    const res = await rename(home.page_id, { page_name: 'Welcome' });
    expect(res.json().page).toMatchObject({ page_name: 'Welcome', page_slug: 'home', page_type: 'home' });
    const moved = await rename(home.page_id, { page_name: 'Welcome', page_slug: 'welcome' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('The home page keeps its slug');
  });

  it('rename through page metadata follows the same rule', async () => {
    const p = await add('Old Name');
    const res = await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${app.id}&page=${p.page_id}`, headers: as(owner), payload: { page_name: 'New Name' } });
    expect(res.json()).toMatchObject({ page_name: 'New Name', page_slug: 'new-name' });
    expect(res.json().pages.map((x: { page_slug: string }) => x.page_slug)).toContain('new-name');
  });

  it('rename, reorder and delete: owners only', async () => {
    const p = await add('Private Notes');
    expect((await rename(p.page_id, { page_name: 'Mine' }, stranger)).statusCode).toBe(403);
    expect((await rename(p.page_id, { page_name: 'Mine' }, null)).statusCode).toBe(401);
    expect((await rename('nope', { page_name: 'Mine' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/pages/${p.page_id}`, headers: as(stranger) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/pages/${p.page_id}` })).statusCode).toBe(401);
    const order = (await pagesOf()).map((x) => x.page_id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}/pages/order`, headers: as(stranger), payload: { order } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}/pages/order`, payload: { order } })).statusCode).toBe(401);
  });

  it('reorder: every page once, the home page first', async () => {
    const before = await pagesOf();
    const [home, ...rest] = before.map((p) => p.page_id);
    const order = [home!, ...rest.reverse()];
    const res = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}/pages/order`, headers: as(owner), payload: { order } });
    expect(res.statusCode).toBe(200);
    expect(res.json().pages.map((p: { page_id: string }) => p.page_id)).toEqual(order);
    expect((await pagesOf()).map((p) => p.page_id)).toEqual(order);

    const homeLast = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}/pages/order`, headers: as(owner), payload: { order: [...order.slice(1), home] } });
    expect(homeLast.statusCode).toBe(400);
    expect(homeLast.json().message).toBe('The home page stays first');
    const missing = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}/pages/order`, headers: as(owner), payload: { order: order.slice(0, -1) } });
    expect(missing.statusCode).toBe(400);
    const twice = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}/pages/order`, headers: as(owner), payload: { order: [...order.slice(0, -1), home] } });
    expect(twice.statusCode).toBe(400);
    expect((await pagesOf()).map((p) => p.page_id)).toEqual(order);
  });

  it('delete: the page and its blocks go; never the home page', async () => {
    const p = await add('Doomed');
    const block = (await t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(owner), payload: { pageId: p.page_id, type: 'markdown', title: 'Gone soon' } })).json().block;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/pages/${p.page_id}`, headers: as(owner) });
    expect(res.statusCode).toBe(204);
    expect((await pagesOf()).some((x) => x.page_id === p.page_id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/blocks/${block.id}`, headers: as(owner) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/pages/${p.page_id}`, headers: as(owner) })).statusCode).toBe(404);
    const home = (await pagesOf())[0]!;
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/pages/${home.page_id}`, headers: as(owner) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The home page cannot be deleted');
    // The slug of a deleted page is free again.
    expect((await add('Doomed')).page_slug).toBe('doomed');
  });

  it('page settings: public, is_auth and colours saved through page metadata and listed with the pages', async () => {
    const p = await add('Members');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/page/update-metadata?app=${app.id}&page=${p.page_id}`,
      headers: as(owner),
      payload: { is_public: false, is_auth: true, page_background: '#222222', block_border: '#333333', block_shadow: '#444444' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_public: false, is_auth: true, page_background: '#222222', block_border: '#333333', block_shadow: '#444444' });
    expect(PageMetadataResponse.safeParse(res.json()).error).toBeUndefined();
    expect((await pagesOf()).find((x) => x.page_id === p.page_id)).toMatchObject({ is_public: false, is_auth: true, page_background: '#222222' });
    const bad = await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${app.id}&page=${p.page_id}`, headers: as(owner), payload: { is_public: 'yes' } });
    expect(bad.statusCode).toBe(400);
    // Back to public.
    const again = await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${app.id}&page=${p.page_id}`, headers: as(owner), payload: { is_public: true } });
    expect(again.json()).toMatchObject({ is_public: true, is_auth: true, page_background: '#222222' });
  });

  it('a page that is not public: guests get only its header and footer, owners everything', async () => {
    const p = await add('Hidden Page');
    // The app's header and footer show on it without being added.
    for (const payload of [{ type: 'markdown', title: 'Secret text' }])
      expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(owner), payload: { pageId: p.page_id, ...payload } })).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${app.id}&page=${p.page_id}`, headers: as(owner), payload: { is_public: false } });

    const types = (blocks: { type: string }[]) => blocks.map((b) => b.type);
    expect(types((await pagesOf()).find((x) => x.page_id === p.page_id)!.blocks)).toEqual(['header', 'markdown', 'footer']);
    expect(types((await pagesOf(null)).find((x) => x.page_id === p.page_id)!.blocks)).toEqual(['header', 'footer']);
    expect(types((await pagesOf(stranger)).find((x) => x.page_id === p.page_id)!.blocks)).toEqual(['header', 'footer']);
    const guest = await t.app.inject({ method: 'GET', url: `/api/page/hidden-page?app=${app.id}` });
    expect(guest.json().page).toMatchObject({ is_public: false });
    expect(types(guest.json().page.blocks)).toEqual(['header', 'footer']);
    expect(types((await t.app.inject({ method: 'GET', url: `/api/page/hidden-page?app=${app.id}`, headers: as(owner) })).json().page.blocks)).toEqual(['header', 'markdown', 'footer']);
    const meta = await t.app.inject({ method: 'POST', url: '/api/page/update-metadata?board=%2Fhidden-page', headers: { host: `${app.subdomain}.localhost:3000` } });
    expect(types(meta.json().blocks)).toEqual(['header', 'footer']);
  });

  it('pages added at once never share a slug', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: app.id, page_name: 'Rush' } })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const slugs = answers.map((a) => a.json().page.page_slug);
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain('rush');
    const listed = (await pagesOf()).map((p) => p.page_slug);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('pages renamed at once to one name never share a slug', async () => {
    const ids = await Promise.all(['R1', 'R2', 'R3', 'R4'].map((n) => add(n).then((p) => p.page_id)));
    const answers = await Promise.all(ids.map((id) => rename(id, { page_name: 'Same Name' })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().page.page_slug)).size).toBe(4);
  });
});

describe('adding a block to a multipage page', () => {
  it('goes before the footer, which stays last (on boards too)', async () => {
    const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { public: true, name: 'Footer Rule', kind: 'multipage' } })).json().app;
    const home = (await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(owner) })).json().pages[0];
    const addBlock = (pageId: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(owner), payload: { pageId, ...payload } });
    const titles = async (appId: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: as(owner) })).json().pages[0].blocks.map((b: { type: string; title: string }) => b.title || b.type);

    expect((await addBlock(home.page_id, { type: 'markdown', title: 'First' })).statusCode).toBe(201);
    expect((await addBlock(home.page_id, { type: 'markdown', title: 'Second' })).statusCode).toBe(201);
    expect(await titles(app.id)).toEqual(['header', 'First', 'Second', 'footer']);

    // The footer cannot move away from the end (issue 13: a footer always goes last).
    const ids = (await t.app.inject({ method: 'GET', url: `/api/pages/${app.id}`, headers: as(owner) })).json().pages[0].blocks.map((b: { id: string }) => b.id);
    const order = [ids[0], ids[3], ids[1], ids[2]];
    expect((await t.app.inject({ method: 'PUT', url: `/api/pages/${home.page_id}/blocks/order`, headers: as(owner), payload: { order } })).statusCode).toBe(200);
    await addBlock(home.page_id, { type: 'markdown', title: 'Third' });
    expect(await titles(app.id)).toEqual(['header', 'First', 'Second', 'Third', 'footer']);

    // The same rule on boards.
    const boardPage = (await t.app.inject({ method: 'GET', url: `/api/pages/${board.id}`, headers: as(owner) })).json().pages[0];
    await addBlock(boardPage.page_id, { type: 'footer' });
    await addBlock(boardPage.page_id, { type: 'markdown', title: 'After' });
    expect((await titles(board.id)).slice(-2)).toEqual(['After', 'footer']);
  });
});

describe('the app on the base host and on its own host', () => {
  it('serves /{subdomain}/{page_slug} (to its owner: visitors go to its own host) and /{page_slug} as client routes', async () => {
    const get = (url: string, host?: string) => t.app.inject({ method: 'GET', url, headers: host ? { host } : {} });
    const own = (url: string) => t.app.inject({ method: 'GET', url, headers: as(owner) });
    expect((await own(`/${multi.subdomain}`)).statusCode).toBe(200);
    expect((await own(`/${multi.subdomain}/contact`)).statusCode).toBe(200);
    expect((await own(`/${multi.subdomain}/nope`)).statusCode).toBe(404);
    expect((await get(`/${multi.subdomain}/contact`)).headers.location).toBe(`http://${multi.subdomain}.localhost:3000/contact`);
    expect((await get(`/ghost-app/contact`)).statusCode).toBe(404);
    expect((await get('/contact', `${multi.subdomain}.localhost:3000`)).statusCode).toBe(200);
    expect((await get('/', `${multi.subdomain}.localhost:3000`)).statusCode).toBe(200);
  });
});
