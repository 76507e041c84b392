import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../../testing/app';
import { SPA_INDEX, testServer, testWebBuild } from '../../testing/server';

const web = testWebBuild({ 'index.html': SPA_INDEX, 'assets/main-abc123.js': 'console.log(1)', 'favicon.svg': '<svg/>' });
const t = testServer(() => ({ webDir: web.dir }));
const bare = testServer();
let owner: TestUser;
let board: { id: string; subdomain: string };
let multi: { id: string; subdomain: string };

beforeAll(async () => {
  owner = await signUp(t.app);
  board = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Street Sales', kind: 'board' } })).json().app;
  multi = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Corner Shop', kind: 'multipage' } })).json().app;
  await t.app.inject({ method: 'POST', url: '/api/pages', headers: { cookie: owner.cookie }, payload: { appId: multi.id, page_name: 'Menu' } });
});

const get = (url: string, host = 'localhost:3000') => t.app.inject({ method: 'GET', url, headers: { host } });

describe('assets', () => {
  it('serves hashed assets with an immutable cache and other files with no-cache', async () => {
    const js = await get('/assets/main-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a plain 404, not the SPA', async () => {
    const res = await get('/assets/missing-123.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('SPA-INDEX');
  });

  it('serves the sample images', async () => {
    const res = await get('/samples/images/ceramic-mug.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/svg/);
    expect(res.body).toContain('Ceramic Mug');
  });
});

describe('headers and odd URLs', () => {
  // /dashboard... refuses other origins' frames: framing.test.ts.
  it.each(['/', '/no-such-board', '/api/auth', '/api/nope', '/assets/main-abc123.js'])('%s: nosniff and a referrer policy, framing allowed', async (url) => {
    const res = await get(url);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Boards are embedded in iframes on other sites.
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(String(res.headers['content-security-policy'] ?? '')).not.toMatch(/frame-ancestors/);
  });

  it.each(['/%E0%A4%A', '/api/board/%E0%A4%A/sheet/x'])('a malformed URL %s is 400 {message}', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
    expect(res.json()).not.toHaveProperty('statusCode');
  });
});

describe('SPA routes on the base host', () => {
  it.each(['/dashboard', '/dashboard/auth', '/dashboard/signup', '/dashboard/board/abc', '/accept-invitation', '/admin', '/admin-login', '/blog', '/blog/preview', '/boardWorkspace', '/marketplace', '/multipage-templates', '/templates', '/templates/crm', '/payment_success', '/payment_fail'])(
    '%s → 200 index.html',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('SPA-INDEX');
    },
  );

  it("/{board_slug} of an existing app → 200 for its owner (a visitor goes to the app's own host: app-origin.test.ts), anything else → 404 with index.html", async () => {
    const own = await t.app.inject({ method: 'GET', url: `/${board.subdomain}`, headers: { host: 'localhost:3000', cookie: owner.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('SPA-INDEX');
    const missing = await get('/no-such-board');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('SPA-INDEX');
    expect((await get('/dashboardx/more/segments')).statusCode).toBe(404);
  });

  it('/blog/{slug} without a live post of that slug → 404 with index.html (blog/page-html.ts)', async () => {
    const missing = await get('/blog/some-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('SPA-INDEX');
  });
});

describe('app hosts', () => {
  it('/ and the app page slugs → 200; other paths → 404', async () => {
    expect((await get('/', `${board.subdomain}.localhost:3000`)).statusCode).toBe(200);
    expect((await get('/home', `${board.subdomain}.localhost:3000`)).statusCode).toBe(200);
    expect((await get('/menu', `${multi.subdomain}.localhost:3000`)).statusCode).toBe(200);
    expect((await get('/nope', `${multi.subdomain}.localhost:3000`)).statusCode).toBe(404);
    expect((await get('/dashboard', `${multi.subdomain}.localhost:3000`)).statusCode).toBe(404);
  });

  it('an unknown app host → 404', async () => {
    const res = await get('/', 'ghost-town.localhost:3000');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('SPA-INDEX');
  });

  it('the API works on app hosts too', async () => {
    const res = await get('/api/blocks', `${board.subdomain}.localhost:3000`);
    expect(res.statusCode).toBe(200);
  });
});

describe('over a real port', () => {
  it('routes by the Host header of a real HTTP request', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const request = (pathname: string, host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    expect((await request('/', `${board.subdomain}.localhost:3000`)).status).toBe(200);
    expect((await request('/', 'nobody-home.localhost:3000')).status).toBe(404);
    const meta = await request(`/api/page/menu`, `${multi.subdomain}.localhost:3000`);
    expect(meta.status).toBe(200);
    expect(JSON.parse(meta.body).page.page_name).toBe('Menu');
  });
});

describe('without a web build', () => {
  it('serves a minimal page with the right statuses', async () => {
    const ok = await bare.app.inject({ method: 'GET', url: '/dashboard' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('<div id="root"></div>');
    expect((await bare.app.inject({ method: 'GET', url: '/definitely-not-here' })).statusCode).toBe(404);
  });
});
