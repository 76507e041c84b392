// The base host's `/` (issue 33, "a front door"): a visitor gets the landing page (what the
// product does, the newest listed templates, the latest live blog posts, sign in and sign up),
// whole without a script; a signed-in owner goes on to the dashboard; an app's host keeps its
// board. Sellers' and authors' text is escaped (the XSS corpus); robots.txt points at the sitemap;
// the feed is also at /rss and /feed.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedListings, signUp } from '../../testing/app';
import { SPA_INDEX, testServer, testWebBuild } from '../../testing/server';
import { createBlogAdmin, type TestBlogAdmin } from '../../testing/blog';
import { XSS_CORPUS } from '../../testing/xss-corpus';
import { LANDING_LIMITS, SIGN_IN_PATH, SIGN_UP_PATH } from './page';

const HOST = 'boards.example.com';
const web = testWebBuild({ 'index.html': SPA_INDEX });
const t = testServer(() => ({ webDir: web.dir, baseHost: HOST, publicScheme: 'https' }));
let editor: TestBlogAdmin;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

async function livePost(title: string, excerpt: string, at: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/blog-admin/posts', headers: { host: HOST, cookie: editor.cookie }, payload: { title, excerpt, content: '<p>Body</p>', status: 'published' } });
  expect(res.statusCode, res.body).toBe(201);
  const { id, slug } = res.json().post as { id: string; slug: string };
  await t.ctx.db.updateTable('blog_posts').set({ publish_at: at }).where('id', '=', id).execute();
  return slug;
}

beforeAll(async () => {
  editor = await createBlogAdmin(t.ctx.db, 'editor', { name: 'Edna Editor' });
  for (let i = 0; i < LANDING_LIMITS.posts + 1; i++) await livePost(`Post number ${i}`, `Excerpt ${i}`, new Date(Date.UTC(2026, 0, 1 + i)).toISOString());
  const draft = await t.app.inject({ method: 'POST', url: '/api/blog-admin/posts', headers: { host: HOST, cookie: editor.cookie }, payload: { title: 'Secret draft', content: '<p>x</p>' } });
  expect(draft.statusCode).toBe(201);
  await seedListings(
    t,
    'landsnap',
    Array.from({ length: LANDING_LIMITS.templates + 1 }, (_, i) => ({
      title: `Template ${i}`,
      summary: `Summary of template ${i}`,
      slug: `template-${i}`,
      kind: i % 2 ? ('board' as const) : ('multipage' as const),
      price_cents: i === 6 ? 1900 : 0,
      published_at: new Date(Date.UTC(2026, 1, 1 + i)).toISOString(),
    })),
    'land',
  );
});

describe('the landing page', () => {
  it('a visitor gets a whole page with no script: what the product does, the newest templates and posts, sign in and sign up', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).not.toContain('SPA-INDEX');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<h1>Apps and dashboards from your spreadsheets, without code</h1>');
    expect(html).toContain(`<a href="${SIGN_IN_PATH}">Sign in</a>`);
    expect(html).toContain(`href="${SIGN_UP_PATH}">Sign up</a>`);
    expect(html).toContain('<a href="/marketplace">Templates</a>');
    expect(html).toContain('<a href="/blog">Blog</a>');
    // The six newest templates, newest first, linking to their listing; the oldest is left out.
    const titles = [...html.matchAll(/<h3>(Template \d)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Template 6', 'Template 5', 'Template 4', 'Template 3', 'Template 2', 'Template 1']);
    expect(html).toContain('href="/templates/template-6"');
    expect(html).toContain('Multipage app · $19.00 · Sales &amp; CRM');
    expect(html).toContain('Board · Free');
    // The three latest live posts; never a draft.
    const posts = [...html.matchAll(/<h3>(Post number \d)<\/h3>/g)].map((m) => m[1]);
    expect(posts).toEqual(['Post number 3', 'Post number 2', 'Post number 1']);
    expect(html).not.toContain('Secret draft');
    // Search engines: title, description, canonical and Open Graph from the base URL setting, the feed announced.
    expect(html).toContain('<link rel="canonical" href="https://boards.example.com/">');
    expect(html).toContain('<meta property="og:image" content="https://boards.example.com/api/uploads/seedthumb">');
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Sheetboard Blog" href="/blog/rss.xml">');
    expect(html).toMatch(/<meta name="description" content="Turn a spreadsheet/);
  });

  it('a HEAD asks the same, and a visitor with the Host header of their choosing still gets the base URL setting', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: HOST, 'x-forwarded-host': 'evil.example' } });
    expect(res.body).not.toContain('evil.example');
    expect((await t.app.inject({ method: 'HEAD', url: '/', headers: { host: HOST } })).statusCode).toBe(200);
  });

  it('a signed-in owner goes on to the dashboard', async () => {
    const owner = await signUp(t.app, 'Landing Owner');
    const res = await get('/', { cookie: owner.cookie });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("an app's host keeps its board at /", async () => {
    const owner = await signUp(t.app, 'Board Owner');
    const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { host: HOST, cookie: owner.cookie }, payload: { public: true, name: 'Street Sales', kind: 'board' } })).json().app as { subdomain: string };
    const res = await get('/', { host: `${app.subdomain}.${HOST}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('SPA-INDEX');
  });

  it.each(XSS_CORPUS.map((s, i) => [i, s] as const))('a seller and an author who typed markup (%i) show it as text', async (i, attack) => {
    await seedListings(t, `xsssnap${i}`, [{ title: `${attack} T${i}`, summary: attack, category: 'Finance', published_at: new Date(Date.UTC(2031, 0, 1, 0, i)).toISOString() }], `xss${i}`);
    await livePost(`${attack} P${i}`, attack, new Date(Date.UTC(2031, 0, 1, 0, i)).toISOString());
    const html = (await get('/')).body;
    const body = html.slice(html.indexOf('<body>'));
    expect(body).not.toContain(attack.includes('<') ? attack : `\u0000${attack}`);
    expect(body).not.toMatch(/<(script|iframe|object|embed|svg|math|form|meta|link|style|base)\b/i);
    // Only our own tags: an escaped `<` starts none, so no tag carries a handler or a script URL.
    expect(body).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(body).not.toMatch(/<[^>]*(?:href|src)="(?:javascript|vbscript|data):/i);
  });
});

describe('robots.txt and the feed', () => {
  it('/robots.txt lets crawlers in, keeps them off the private screens and points at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *\nAllow: /\n');
    expect(res.body).toContain('Disallow: /dashboard\n');
    expect(res.body).toContain('Sitemap: https://boards.example.com/sitemap.xml\n');
    expect((await get('/sitemap.xml')).statusCode).toBe(200);
  });

  it.each(['/rss', '/feed'])('%s is the blog feed', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body).toBe((await get('/blog/rss.xml')).body);
  });

  it("on an app's host, /feed is that app's page path, not the blog's feed", async () => {
    const owner = await signUp(t.app, 'Feed Owner');
    const multi = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { host: HOST, cookie: owner.cookie }, payload: { public: true, name: 'Feeds', kind: 'multipage' } })).json().app as { id: string; subdomain: string };
    const page = await t.app.inject({ method: 'POST', url: '/api/pages', headers: { host: HOST, cookie: owner.cookie }, payload: { appId: multi.id, page_name: 'Feed' } });
    expect(page.statusCode, page.body).toBe(201);
    const res = await get('/feed', { host: `${multi.subdomain}.${HOST}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('SPA-INDEX');
    expect((await get('/rss', { host: `${multi.subdomain}.${HOST}` })).statusCode).toBe(404);
  });
});
