// Every top path the server answers is a reserved subdomain (hardening II, 4c): a board is also
// served at `/{subdomain}` of the base host, so an app called `tutorials` or `v3` would shadow the
// tutorial videos (which the service worker caches first) or the spec's data calls. The list of
// top paths is read from what the server really registers (every route app.ts recorded, static
// prefixes included), the client routes the site answers with the page, the built web app in
// dist/web when there is one and the files Vite copies from src/web/public; a file counts by its
// name without the extension (/sitemap.xml → sitemap). A new top path fails here until the one
// list (src/shared/rules/slug.ts RESERVED_SUBDOMAINS) has it. The web app's own routes:
// src/web/reserved-paths.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isReservedSubdomain, isSubdomainShaped, RESERVED_SUBDOMAINS, subdomainProblem } from '../../../shared/rules/slug';
import { buildApp } from '../../app';
import { signUp } from '../../testing/app';
import { SPA_INDEX, testServer, testWebBuild } from '../../testing/server';
import { CLIENT_ROUTES } from './routes';

const root = path.resolve(import.meta.dirname, '../../../..');
// A built web app, so that the server registers its static route (the files themselves are read below).
const web = testWebBuild({ 'index.html': SPA_INDEX });
const t = testServer(() => ({ webDir: web.dir }));

/** The first segment of a path, lowercased, without a file extension ('' for none or a parameter). */
function topName(url: string): string {
  const first = url.replace(/^\/+/, '').split('/')[0] ?? '';
  if (first === '' || first.startsWith(':') || first.includes('*')) return '';
  return first.toLowerCase().replace(/\.[a-z0-9]+$/, '');
}

const routeTops = new Set<string>();
let staticWildcard = false;

beforeAll(async () => {
  const built = await buildApp(t.config, { logger: false, migrate: false });
  // Routes in plugin scopes (the static files) are added when the server gets ready.
  await built.app.ready();
  for (const r of built.routes) {
    if (r.url === '/*') staticWildcard = true;
    const name = topName(r.url);
    if (name) routeTops.add(name);
  }
  await built.app.close();
});

/** The top files and folders the static route answers: the build, what Vite copies, its assets folder, the service worker. */
function staticTops(): string[] {
  const names = new Set<string>(['assets', 'index.html', 'sw.js']);
  for (const dir of [path.join(root, 'src/web/public'), path.join(root, 'dist/web')]) if (fs.existsSync(dir)) for (const entry of fs.readdirSync(dir)) names.add(entry);
  return [...names].map(topName).filter(Boolean);
}

/** The top word of each client route the site answers with the page (`/^\/dashboard(\/.*)?$/` → dashboard). */
function clientTops(): string[] {
  return CLIENT_ROUTES.map((r) => /^\^\\\/([A-Za-z0-9_-]+)/.exec(r.source)?.[1]?.toLowerCase() ?? '').filter(Boolean);
}

describe('every top path the server answers is reserved', () => {
  it('reads the routes, the static files and the client routes', () => {
    expect(staticWildcard).toBe(true);
    expect([...routeTops]).toEqual(expect.arrayContaining(['api', 'v3', 'sitemap', 'samples', 'blog']));
    expect(staticTops()).toEqual(expect.arrayContaining(['assets', 'tutorials', 'sw', 'index']));
    expect(clientTops()).toEqual(expect.arrayContaining(['dashboard', 'admin', 'blog', 'marketplace', 'templates', 'boardworkspace']));
  });

  it('each one a subdomain could take is in the one list, and refused as a subdomain', () => {
    const tops = [...new Set([...routeTops, ...staticTops(), ...clientTops()])].filter(isSubdomainShaped).sort();
    expect(tops.length).toBeGreaterThan(10);
    expect(tops.filter((name) => !RESERVED_SUBDOMAINS.includes(name))).toEqual([]);
    for (const name of tops) expect(subdomainProblem(name)).toBe(`The subdomain '${name}' is reserved`);
  });
});

describe('the names the penetration test took', () => {
  it.each(['tutorials', 'v3', 'sitemap', 'openapi'])('%s: no new app gets it, and its path on the base host is never an app', async (name) => {
    expect(isReservedSubdomain(name)).toBe(true);
    const owner = await signUp(t.app, `Owner of ${name}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name: 'Taker', subdomain: name, kind: 'board', public: true } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(`The subdomain '${name}' is reserved`);
    // Named after it, an app gets another subdomain.
    const named = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name, kind: 'board', public: true } });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().app.subdomain).not.toBe(name);
  });
});

describe('an app that held a name before it was reserved (docs/decisions/2026-11-29-reserved-names-that-apps-already-hold.md)', () => {
  it('keeps it on its own host and may save it unchanged; the base host path is the product’s; nobody else may move to it', async () => {
    const owner = await signUp(t.app, 'Early Bird');
    const created = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name: 'Lessons', kind: 'board', public: true } });
    const app = created.json().app as { id: string; subdomain: string };
    // As a database from before the name was reserved holds it.
    await t.ctx.db.updateTable('apps').set({ subdomain: 'tutorials' }).where('id', '=', app.id).execute();

    const own = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'tutorials.localhost:3000' } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('SPA-INDEX');
    const path = await t.app.inject({ method: 'GET', url: '/tutorials', headers: { host: 'localhost:3000' } });
    expect(path.statusCode).toBe(404);

    const saved = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: { cookie: owner.cookie }, payload: { name: 'Lessons 2', subdomain: 'tutorials' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().app.subdomain).toBe('tutorials');

    const other = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name: 'Other', kind: 'board', public: true } });
    const moved = await t.app.inject({ method: 'PUT', url: `/api/apps/${other.json().app.id}`, headers: { cookie: owner.cookie }, payload: { subdomain: 'v3' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe("The subdomain 'v3' is reserved");
  });
});
