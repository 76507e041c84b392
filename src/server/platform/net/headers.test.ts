// Security headers (issue 12): what every HTML page, every /api answer and an https answer carry.
// The browser side (no CSP violation on real pages, an injected script refused) is
// tests/e2e/csp.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../../testing/app';
import { SPA_INDEX, testServer, testWebBuild } from '../../testing/server';

const web = testWebBuild({ 'index.html': SPA_INDEX, 'assets/main-abc123.js': 'console.log(1)' });
const t = testServer(() => ({ webDir: web.dir, trustProxy: false }));
// Behind a proxy that says the visitor came over https.
const proxied = testServer(() => ({ webDir: web.dir, trustProxy: true }));
let owner: TestUser;
let board: { id: string; subdomain: string };

beforeAll(async () => {
  owner = await signUp(t.app);
  board = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name: 'Headed Board', kind: 'board' } })).json().app;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', ...headers } });

function directives(res: { headers: Record<string, unknown> }): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1).join(' ')] as [string, string]),
  );
}

describe('HTML pages', () => {
  const pages: [string, string][] = [
    ['/', 'localhost:3000'],
    ['/dashboard', 'localhost:3000'],
    ['/no-such-board', 'localhost:3000'],
    ['/index.html', 'localhost:3000'],
  ];
  it.each(pages)('%s carries a script policy, COOP and a permissions policy', async (url, host) => {
    const res = await get(url, { host });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const d = directives(res);
    expect(d.get('script-src')).toBe("'self'");
    expect(d.get('object-src')).toBe("'none'");
    expect(d.get('base-uri')).toBe("'self'");
    expect(d.get('connect-src')).toBe("'self'");
    // Owner-chosen https pages in the iframe block, videos, images from any URL an owner enters.
    expect(d.get('frame-src')).toBe("'self' https: http:");
    expect(d.get('img-src')).toBe('* data: blob:');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
  });

  it('the pages of an app (its own host or the base host) stay framable by any site', async () => {
    for (const [url, host] of [
      ['/', `${board.subdomain}.localhost:3000`],
      [`/${board.subdomain}?embed=true`, 'localhost:3000'],
    ] as const) {
      const res = await get(url, { host });
      expect(res.statusCode).toBe(200);
      expect(directives(res).get('script-src')).toBe("'self'");
      expect(directives(res).has('frame-ancestors')).toBe(false);
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it("the owner's screens on the base host are framed only by their own origin", async () => {
    const res = await get('/dashboard/auth');
    expect(directives(res).get('frame-ancestors')).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('scripts and JSON carry no page policy', async () => {
    const js = await get('/assets/main-abc123.js');
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['cross-origin-opener-policy']).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  it('only over https', async () => {
    expect((await get('/')).headers['strict-transport-security']).toBeUndefined();
    const https = await proxied.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000', 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await proxied.app.inject({ method: 'GET', url: '/api/blocks', headers: { host: 'localhost:3000', 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    const http = await proxied.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000', 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('a forged X-Forwarded-Proto from an untrusted client is not https', async () => {
    expect((await get('/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('API answers are never stored', () => {
  it.each([
    ['GET', '/api/auth', true],
    ['GET', '/api/board/workspace', true],
    ['GET', '/api/blocks', false],
    ['GET', '/api/auth', false],
    ['GET', '/api/nope', false],
  ] as const)('%s %s (signed in: %s) → no-store', async (method, url, signedIn) => {
    const res = await t.app.inject({ method, url, headers: signedIn ? { cookie: owner.cookie } : {} });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sign-in answers too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: 'correct horse' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the live chat in the policy (shell §9)', () => {
  const chat = testServer(() => ({ webDir: web.dir, trustProxy: false, chatwootUrl: 'https://chat.example.com', chatwootWebsiteToken: 'tok123' }));

  it('allows the configured Chatwoot origin to serve scripts and be talked to, and nothing else', async () => {
    for (const url of ['/', '/dashboard', '/marketplace']) {
      const d = directives(await chat.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } }));
      expect(d.get('script-src')).toBe("'self' https://chat.example.com");
      expect(d.get('connect-src')).toBe("'self' https://chat.example.com wss://chat.example.com");
      expect(d.get('default-src')).toBe("'self'");
    }
  });

  it('without the setting the policy names no chat server', async () => {
    const d = directives(await get('/marketplace'));
    expect(d.get('script-src')).toBe("'self'");
    expect(d.get('connect-src')).toBe("'self'");
  });

  it('GET /api/getENV answers the widget settings, empty when the chat is off', async () => {
    expect((await chat.app.inject({ method: 'GET', url: '/api/getENV/CHATWOOT_URL' })).body).toBe('https://chat.example.com');
    expect((await chat.app.inject({ method: 'GET', url: '/api/getENV/CHATWOOT_WEBSITE_TOKEN' })).body).toBe('tok123');
    expect((await t.app.inject({ method: 'GET', url: '/api/getENV/CHATWOOT_URL' })).body).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/getENV/CHATWOOT_WEBSITE_TOKEN' })).body).toBe('');
  });
});
