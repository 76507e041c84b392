// Embeds (blocks-and-data §2): an app's pages must load inside an iframe on another origin, with
// no cookie (a cross-site iframe does not send a SameSite=Lax cookie); the owner's screens must not.
import { beforeAll, describe, expect, it } from 'vitest';
import { isOwnerScreen } from '../../platform/net/headers';
import { signUp, type TestUser } from '../../testing/app';
import { SPA_INDEX, testServer, testWebBuild } from '../../testing/server';

const web = testWebBuild({ 'index.html': SPA_INDEX, 'assets/guest-abc123.js': 'console.log(1)' });
const t = testServer(() => ({ webDir: web.dir }));
let owner: TestUser;
let board: { id: string; subdomain: string };

beforeAll(async () => {
  owner = await signUp(t.app);
  const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Framed Board', kind: 'board' } });
  board = res.json().app;
});

const get = (url: string, host = 'localhost:3000', cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { host, cookie } : { host } });

function framable(res: { headers: Record<string, unknown> }) {
  return res.headers['x-frame-options'] === undefined && !/frame-ancestors/.test(String(res.headers['content-security-policy'] ?? ''));
}

describe('isOwnerScreen', () => {
  it.each([
    ['/dashboard', true],
    ['/dashboard/', true],
    ['/dashboard/auth', true],
    ['/dashboard/new-multipage', true],
    ['/dashboard?tab=apps', true],
    ['//dashboard', true],
    ['/DASHBOARD', true],
    ['/dashboards', false],
    ['/my-board', false],
    ['/', false],
    ['/shop/dashboard', false],
    ['/api/board/workspace', false],
    ['/admin', true],
    ['/admin?status=pending', true],
    ['/admin_old', true],
    ['/admin-login?redirect=%2Fadmin', true],
    ['/administrator', false],
    ['/shop/admin', false],
  ])('%s → %s', (url, owned) => expect(isOwnerScreen(url)).toBe(owned));
});

describe('framing headers', () => {
  it.each(['/dashboard', '/dashboard/auth', '/dashboard/signup', '/dashboard/new-multipage', '/dashboard?x=1'])(
    '%s (owner screen) is framed only by its own origin',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    },
  );

  it('the signed-in dashboard too', async () => {
    const res = await get('/dashboard', 'localhost:3000', owner.cookie);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("a board's base-host address sends the frame to the app's own host, which any site can frame", async () => {
    const res = await get(`/${board.subdomain}?embed=true&hide_header=true&hide_footer=true`);
    expect(res.statusCode).toBe(302);
    expect(framable(res)).toBe(true);
    expect(res.headers.location).toBe(`http://${board.subdomain}.localhost:3000/?embed=true&hide_header=true&hide_footer=true`);
    const there = await get('/?embed=true&hide_header=true&hide_footer=true', `${board.subdomain}.localhost:3000`);
    expect(there.statusCode).toBe(200);
    expect(framable(there)).toBe(true);
  });

  it.each(['/', '/?embed=true&block_id=abc', '/home?embed=true', '/dashboard'])('%s on the app host can be framed (pages of the app)', async (url) => {
    const res = await get(url, `${board.subdomain}.localhost:3000`);
    expect(framable(res)).toBe(true);
  });

  it.each(['/assets/guest-abc123.js', '/api/board/workspace', '/no-such-board'])('%s carries no framing header', async (url) => {
    expect(framable(await get(url))).toBe(true);
  });

  it('the data an embedded board loads is framable too', async () => {
    const meta = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.id}`, headers: { host: 'localhost:3000' } });
    expect(framable(meta)).toBe(true);
  });
});

describe('a public embed needs no cookie', () => {
  it('the session cookie is SameSite=Lax (not sent by a cross-site iframe)', async () => {
    expect(owner.cookie).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Lax Check', email: `lax-${Date.now()}@example.com`, password: 'correct horse' },
    });
    const set = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
    expect(set.join(';')).toMatch(/SameSite=Lax/i);
  });

  it('the board state and its pages answer a visitor without a cookie, read-only', async () => {
    const meta = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${encodeURIComponent('/' + board.subdomain)}` });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ can_edit: false });
    const pages = await t.app.inject({ method: 'GET', url: `/api/pages/${board.id}` });
    expect(pages.statusCode).toBe(200);
    expect(pages.json().pages).toHaveLength(1);
    expect(pages.json().pages[0]).toMatchObject({ is_public: true });
  });
});
