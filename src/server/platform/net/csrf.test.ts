// Changes sent by a page of another origin are refused (net/csrf.ts); the web app's own calls,
// and requests no browser sent, pass.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { CROSS_ORIGIN_MESSAGE, isCrossOriginWrite } from './csrf';

const t = testServer();
let owner: TestUser;
let appId: string;
let sub: string;
beforeAll(async () => {
  owner = await signUp(t.app);
  const apps = (await t.app.inject({ method: 'GET', url: '/api/apps', headers: { cookie: owner.cookie } })).json().apps;
  appId = apps[0].id;
  sub = apps[0].subdomain;
});

/** Renames the owner's app, as the editor does, with the given browser headers. */
const rename = (name: string, headers: Record<string, string>, host = 'localhost:3000') =>
  t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie, host, ...headers }, payload: { name } });
const nameNow = async () => (await t.app.inject({ method: 'GET', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie } })).json().app.name as string;

describe('state-changing requests from another origin', () => {
  it('refuses a foreign Origin with 403 and changes nothing', async () => {
    const before = await nameNow();
    const res = await rename('Hijacked', { origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: CROSS_ORIGIN_MESSAGE, code: 'cross_origin' });
    expect(await nameNow()).toBe(before);
  });

  it('allows the same origin', async () => {
    const res = await rename('Renamed here', { origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(await nameNow()).toBe('Renamed here');
  });

  it('refuses a sibling app subdomain (same site, another origin), also on an app host', async () => {
    expect((await rename('From a sibling', { origin: `http://evil.localhost:3000` })).statusCode).toBe(403);
    const onAppHost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: `${sub}.localhost:3000`, origin: 'http://evil.localhost:3000', cookie: owner.cookie },
    });
    expect(onAppHost.statusCode).toBe(403);
    const fromItself = await t.app.inject({ method: 'POST', url: '/api/app-auth/logout', headers: { host: `${sub}.localhost:3000`, origin: `http://${sub}.localhost:3000` } });
    expect(fromItself.statusCode).not.toBe(403);
    expect(await nameNow()).toBe('Renamed here');
  });

  it('without Origin, judges by Sec-Fetch-Site: same-origin passes, same-site and cross-site do not', async () => {
    expect((await rename('By fetch metadata', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await rename('By fetch metadata', { 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await rename('By fetch metadata', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('allows a request with neither header (curl, server to server)', async () => {
    const res = await rename('No browser', {});
    expect(res.statusCode).toBe(200);
    expect(await nameNow()).toBe('No browser');
  });

  it('refuses an opaque origin (`null`: sandboxed frames, data: pages)', async () => {
    expect((await rename('Opaque', { origin: 'null' })).statusCode).toBe(403);
  });

  it('a custom domain calls its own host', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { host: 'shop.example.com', origin: 'https://shop.example.com' } });
    expect(res.statusCode).toBe(204);
  });

  it('leaves reads alone: a GET from another origin answers as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie, origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('isCrossOriginWrite', () => {
  const req = (method: string, url: string, headers: Record<string, string>, host = 'localhost:3000') => ({ method, url, headers, host });
  it.each([
    ['POST', '/api/x', { origin: 'https://localhost:3000' }, false],
    ['POST', '/api/x', { origin: 'http://localhost:3001' }, true],
    ['DELETE', '/api/x', { origin: 'http://localhost' }, true],
    ['PATCH', '/api/x', { origin: 'javascript:alert(1)' }, true],
    ['POST', '/somewhere-else', { origin: 'http://evil.example' }, false],
    ['GET', '/api/x', { origin: 'http://evil.example' }, false],
    ['POST', '/api/x', { 'sec-fetch-site': 'none' }, false],
  ] as const)('%s %s %j → %s', (method, url, headers, refused) => {
    expect(isCrossOriginWrite(req(method, url, headers))).toBe(refused);
  });

  it('ignores default ports on either side', () => {
    expect(isCrossOriginWrite(req('POST', '/api/x', { origin: 'https://boards.example.com' }, 'boards.example.com:443'))).toBe(false);
  });
});
