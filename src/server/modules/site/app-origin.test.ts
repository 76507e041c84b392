// Published apps on their own origin (hardening II, 4d; docs/decisions, apps on their own origin):
// on the base host, where the product's sessions live (/dashboard, /admin, /blog-admin), a visitor
// who opens `/{subdomain}` or `/{subdomain}/{page}` is redirected to `{subdomain}.{BASE_HOST}`
// with the page and the query; the app's owner and the workspace's editors stay (the editor), a
// private app stays (nobody else is shown its pages), a reviewer's look at a version under review
// stays; the board state says the same to the web app; every cookie of the product is host-only
// (no Domain attribute), so none reaches an app's origin, and an app user's stays on the app's.
// APP_ORIGINS=off, or an IP address as BASE_HOST, keeps the path form on the base host.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { hashPassword } from '../../platform/password/password';
import { joinAsEditor, signInAdmin, signUp, type TestUser } from '../../testing/app';
import { createBlogAdmin } from '../../testing/blog';
import { SPA_INDEX, testServer, testWebBuild } from '../../testing/server';

const web = testWebBuild({ 'index.html': SPA_INDEX });
const ADMIN = { email: 'origin.admin@provider.example', password: 'a long passphrase for origins' };
const t = testServer(() => ({ webDir: web.dir, adminEmail: ADMIN.email, adminPassword: ADMIN.password }));
const off = testServer(() => ({ webDir: web.dir, appOrigins: false }));
let owner: TestUser;
let editor: TestUser;
let board: { id: string; subdomain: string };
let multi: { id: string; subdomain: string };
let secret: { id: string; subdomain: string };
let password: { id: string; subdomain: string };

const HOST = 'localhost:3000';
const get = (url: string, cookie?: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers: cookie ? { host: HOST, cookie } : { host: HOST } });
const newApp = async (payload: Record<string, unknown>, server = t, user = owner) =>
  (await server.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: user.cookie }, payload })).json().app as { id: string; subdomain: string };

beforeAll(async () => {
  owner = await signUp(t.app, 'Origin Owner');
  editor = await signUp(t.app, 'Origin Editor');
  await joinAsEditor(t, owner, editor);
  await t.ctx.db.updateTable('workspaces').set({ is_free_plan: 0 }).where('owner_id', '=', owner.id).execute();
  board = await newApp({ public: true, name: 'Origin Board', kind: 'board' });
  multi = await newApp({ public: true, name: 'Origin Shop', kind: 'multipage' });
  await t.app.inject({ method: 'POST', url: '/api/pages', headers: { cookie: owner.cookie }, payload: { appId: multi.id, page_name: 'Menu' } });
  secret = await newApp({ public: false, name: 'Origin Secret', kind: 'board' });
  password = await newApp({ public: true, name: 'Origin Members', kind: 'board' });
  const res = await t.app.inject({ method: 'PUT', url: `/api/apps/${password.id}`, headers: { cookie: owner.cookie }, payload: { sign_in_method: 'Use password set by user' } });
  expect(res.statusCode, res.body).toBe(200);
});

describe("a visitor of the base host's path form goes to the app's own origin", () => {
  it.each<[string, () => string, () => string]>([
    ['a board', () => `/${board.subdomain}`, () => `http://${board.subdomain}.localhost:3000/`],
    ['a board, upper case and a trailing slash', () => `/${board.subdomain.toUpperCase()}/`, () => `http://${board.subdomain}.localhost:3000/`],
    ['a page of a multipage app, with its query', () => `/${multi.subdomain}/menu?q=tea&embed=true`, () => `http://${multi.subdomain}.localhost:3000/menu?q=tea&embed=true`],
    ['a password app (its users sign in on its own origin)', () => `/${password.subdomain}`, () => `http://${password.subdomain}.localhost:3000/`],
  ])('%s: 302, never cached', async (_name, url, target) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await get(url(), undefined, method);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(target());
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('SPA-INDEX');
    }
    // The app's own origin serves it.
    const there = await t.app.inject({ method: 'GET', url: new URL(target()).pathname, headers: { host: new URL(target()).host } });
    expect(there.statusCode).toBe(200);
  });

  it("signed in elsewhere in the product is no reason to stay: another owner, a provider admin and a blog admin are sent on", async () => {
    const other = await signUp(t.app, 'Other Owner');
    const blog = await createBlogAdmin(t.ctx.db, 'admin');
    for (const cookie of [other.cookie, await signInAdmin(t), blog.cookie]) {
      const res = await get(`/${board.subdomain}`, cookie);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`http://${board.subdomain}.localhost:3000/`);
    }
  });

  it('https when the server links over https (PUBLIC_SCHEME) or the request came over https', async () => {
    const config = t.ctx.config as { publicScheme: string };
    config.publicScheme = 'https';
    try {
      expect((await get(`/${board.subdomain}`)).headers.location).toBe(`https://${board.subdomain}.localhost:3000/`);
    } finally {
      config.publicScheme = 'http';
    }
  });
});

describe('who stays on the base host', () => {
  it("the app's owner and the workspace's editors (the editor lives there)", async () => {
    for (const user of [owner, editor]) {
      const res = await get(`/${multi.subdomain}/menu`, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('SPA-INDEX');
    }
  });

  it("anyone at a private app's address (it shows 'Access Denied' and the way in, no pages)", async () => {
    expect((await get(`/${secret.subdomain}`)).statusCode).toBe(200);
  });

  it('a reviewer opening a version under review (not listed): the one case the decision leaves on the base host', async () => {
    const snapshot = await newApp({ public: true, name: 'Origin Snapshot', kind: 'board' });
    const at = new Date().toISOString();
    const requestId = `rr${crypto.randomBytes(6).toString('hex')}`;
    const ws = await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('review_requests')
      .values({
        id: requestId, app_id: board.id, workspace_id: ws.id, status: 'pending', title: 'T', summary: 'S', tags: '[]', description: '<p>D</p>', category: 'other',
        price_cents: 0, is_free: 1, thumbnail: '/t.png', thumbnail_bg_color: '#ffffff', additional_images: '[]', rejection_reason: null, is_public: 1,
        sign_in_method: 'No sign in', version_id: null, published_version_id: null, submitted_at: at, created_at: at, updated_at: at,
      })
      .execute();
    await t.ctx.db.insertInto('template_versions').values({ id: `tv${requestId}`, request_id: requestId, source_app_id: board.id, number: 1, content_hash: 'h', snapshot_app_id: snapshot.id, created_at: at }).execute();
    expect((await get(`/${snapshot.subdomain}`, await signInAdmin(t))).statusCode).toBe(200);
    // Anyone else is sent to its own origin.
    expect((await get(`/${snapshot.subdomain}`)).statusCode).toBe(302);
  });

  it("a template's clone dialog (it needs the visitor's session; the web app shows it without the app's pages)", async () => {
    const res = await get(`/${board.subdomain}?preview=true&open_clone_modal=true&template_id=t1`, owner.cookie.replace(/=.*/, '=nobody'));
    expect(res.statusCode).toBe(200);
    // The preview alone still goes.
    expect((await get(`/${board.subdomain}?preview=true&template_id=t1`)).statusCode).toBe(302);
  });

  it('product paths, reserved names and unknown names are not apps', async () => {
    expect((await get('/dashboard')).statusCode).toBe(200);
    expect((await get('/tutorials')).statusCode).toBe(404);
    expect((await get('/no-such-app-here')).statusCode).toBe(404);
    expect((await get(`/${board.subdomain}/a/b`)).statusCode).toBe(404);
  });

  it("the app's own host, and APP_ORIGINS=off, serve the path as before", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { host: `${board.subdomain}.localhost:3000` } })).statusCode).toBe(200);
    const theirs = await signUp(off.app, 'Trusting Owner');
    const app = await newApp({ public: true, name: 'Shared Origin', kind: 'board' }, off, theirs);
    const res = await off.app.inject({ method: 'GET', url: `/${app.subdomain}`, headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('SPA-INDEX');
  });

  it('APP_ORIGINS: subdomains by default, off when asked or when BASE_HOST is an IP address; anything else stops the start', () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', ...env } as NodeJS.ProcessEnv);
    expect(config({ BASE_HOST: 'boards.example.com' }).appOrigins).toBe(true);
    expect(config({}).appOrigins).toBe(true);
    expect(config({ BASE_HOST: 'boards.example.com', APP_ORIGINS: 'off' }).appOrigins).toBe(false);
    expect(config({ BASE_HOST: '192.168.1.20:3000' }).appOrigins).toBe(false);
    expect(config({ BASE_HOST: '[::1]:3000' }).appOrigins).toBe(false);
    expect(() => config({ APP_ORIGINS: 'yes' })).toThrow("Setting APP_ORIGINS must be 'subdomains' or 'off', got 'yes'");
  });
});

describe('the board state tells the web app the same (it may reach the path without asking the server)', () => {
  const state = (cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${board.subdomain}`, headers: cookie ? { host: HOST, cookie } : { host: HOST }, payload: {} });

  it('a visitor: the app origin; its owner: null', async () => {
    expect((await state()).json().app_origin).toBe(`http://${board.subdomain}.localhost:3000`);
    expect((await state(owner.cookie)).json().app_origin).toBeNull();
  });
});

describe('the cookies of the product never reach an app origin', () => {
  const noDomain = (setCookie: string | string[] | undefined, name: string) => {
    const cookie = [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));
    expect(cookie, `${name} is set`).toBeDefined();
    // Host-only: without Domain the browser sends it to the host that set it, never to its subdomains.
    expect(cookie!).not.toMatch(/;\s*domain=/i);
    expect(cookie!).toMatch(/;\s*HttpOnly/i);
    return cookie!;
  };

  it("owner (sb_session), provider admin (sb_admin) and blog admin (sb_blog) sessions are host-only; an app user's (sb_app_…) is its app host's", async () => {
    const email = `origin-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { host: HOST }, payload: { name: 'Cookie Owner', email, password: 'correct horse' } });
    expect(signup.statusCode).toBe(201);
    noDomain(signup.headers['set-cookie'], 'sb_session');

    const admin = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: { host: HOST }, payload: ADMIN });
    expect(admin.statusCode, admin.body).toBe(200);
    noDomain(admin.headers['set-cookie'], 'sb_admin');

    const blog = await createBlogAdmin(t.ctx.db, 'admin');
    await t.ctx.db.updateTable('blog_admins').set({ password_hash: await hashPassword('blog passphrase 123') }).where('id', '=', blog.id).execute();
    const blogLogin = await t.app.inject({ method: 'POST', url: '/api/blog-admin/login', headers: { host: HOST }, payload: { email: blog.email, password: 'blog passphrase 123' } });
    expect(blogLogin.statusCode, blogLogin.body).toBe(200);
    noDomain(blogLogin.headers['set-cookie'], 'sb_blog');

    await t.ctx.db
      .insertInto('app_users')
      .values({ id: `u${crypto.randomBytes(6).toString('hex')}`, app_id: password.id, name: 'm', email: 'member@example.com', permissions: 'read', password_hash: await hashPassword('members only!'), created_at: 1, updated_at: new Date().toISOString() })
      .execute();
    const member = await t.app.inject({ method: 'POST', url: '/api/app-auth/login', headers: { host: `${password.subdomain}.localhost:3000` }, payload: { email: 'member@example.com', password: 'members only!' } });
    expect(member.statusCode, member.body).toBe(200);
    noDomain(member.headers['set-cookie'], `sb_app_${password.id}`);
  });
});
