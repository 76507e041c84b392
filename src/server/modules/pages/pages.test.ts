import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageMetadataResponse, PagesResponse } from '../../../shared/api';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test-helpers';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let multi: { id: string; subdomain: string };
let board: { id: string; subdomain: string };

const as = (u: TestUser | null) => (u ? { cookie: u.cookie } : {});

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  multi = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Shop Site', kind: 'multipage' } })).json().app;
  board = (await t.app.inject({ method: 'GET', url: '/api/apps', headers: as(owner) })).json().apps.find((a: { kind: string }) => a.kind === 'board');
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/pages', () => {
  it('adds pages to a multipage app, deriving unique slugs', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId: multi.id, page_name: 'About Us' } });
    expect(a.statusCode).toBe(201);
    expect(a.json().page).toEqual({ page_id: expect.any(String), page_slug: 'about-us', page_name: 'About Us', page_type: 'page', is_auth: false, is_public: true, app_id: multi.id, blocks: [] });
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
    expect(res.json().page).toMatchObject({ page_name: 'Contact', page_slug: 'contact', app_id: multi.id, blocks: [] });
  });

  it('or by the app query (id or subdomain)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/page/home?app=${multi.id}` })).json().page.page_name).toBe('Home');
    expect((await t.app.inject({ method: 'GET', url: `/api/page/about-us?app=${multi.subdomain}` })).json().page.page_name).toBe('About Us');
  });

  it('404 for an unknown page or app; private apps hidden from guests', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/api/page/nope?app=${multi.id}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Page 'nope' not found");
    expect((await t.app.inject({ method: 'GET', url: '/api/page/home', headers: { host: 'ghost.localhost:3000' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/page/home' })).statusCode).toBe(404);

    await t.app.inject({ method: 'PUT', url: `/api/apps/${multi.id}`, headers: as(owner), payload: { public: false } });
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/page/home?app=${multi.id}` })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/pages/${multi.id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/pages/${multi.id}`, headers: as(stranger) })).statusCode).toBe(404);
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
      blocks: [],
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
