// The public blog on the test database (issue 17): listing, paging, filters and search, related
// posts, previews (token, blog admins), drafts never public; the served pages (content, meta
// tags, embedded data, 404, CSP), the RSS feed and the sitemap; and the XSS corpus through every
// field that reaches a page, the feed or the JSON.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedListings } from '../../testing/app';
import { testServer, testWebBuild } from '../../testing/server';
import { BLOG_LIMITS, BLOG_MESSAGES } from '../../../shared/rules/blog';
import { XSS_CORPUS } from '../../testing/xss-corpus';
import { BLOG_DATA_ID, displayDateUtc } from './page-html';
import { cleanPostHtml, escapeHtml } from './sanitize';
import { createBlogAdmin, type TestBlogAdmin } from '../../testing/blog';

const HOST = 'boards.example.com';
const BASE = `https://${HOST}`;
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Default description." /><title>Sheetboard</title></head><body><div id="root"></div></body></html>`;

const web = testWebBuild({ 'index.html': INDEX });
const t = testServer(() => ({ webDir: web.dir, baseHost: HOST, publicScheme: 'https' }));
let editor: TestBlogAdmin;
let author: TestBlogAdmin;
let counter = 0;

interface Saved {
  id: string;
  slug: string;
  version: number;
  preview_url: string;
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });

async function post(who: TestBlogAdmin, body: Record<string, unknown>): Promise<Saved> {
  const res = await t.app.inject({ method: 'POST', url: '/api/blog-admin/posts', headers: { host: HOST, cookie: who.cookie }, payload: { title: `Post ${++counter}`, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post;
}

async function category(name: string, slug?: string): Promise<{ id: string; slug: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/blog-admin/categories', headers: { host: HOST, cookie: editor.cookie }, payload: { name, ...(slug ? { slug } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().category;
}

/** Moves a post's publication time (as the clock would), so the order of the list is known. */
async function publishedAt(id: string, iso: string) {
  await t.ctx.db.updateTable('blog_posts').set({ publish_at: iso }).where('id', '=', id).execute();
}

/** The data the page embeds for the app. */
function embedded(html: string): { path: string; data: unknown } {
  const m = new RegExp(`<script type="application/json" id="${BLOG_DATA_ID}">([^<]*)</script>`).exec(html);
  if (!m) throw new Error('no embedded data');
  return JSON.parse(m[1]!);
}

let guides: { id: string; slug: string };
let news: { id: string; slug: string };
const live: Saved[] = [];

beforeAll(async () => {
  editor = await createBlogAdmin(t.ctx.db, 'editor', { name: 'Edna Editor' });
  author = await createBlogAdmin(t.ctx.db, 'author', { name: 'Arthur Author' });
  guides = await category('Guides');
  news = await category('News');
  // 14 live posts of the editor, one a day: "Live 0" the oldest.
  for (let i = 0; i < 14; i++) {
    const p = await post(editor, {
      title: `Live ${i}`,
      excerpt: `Excerpt ${i}`,
      content: `<p>Body of post ${i}</p>`,
      status: 'published',
      category_id: i % 2 ? guides.id : news.id,
      tags: i % 3 === 0 ? ['Charts'] : ['Maps'],
    });
    await publishedAt(p.id, new Date(Date.UTC(2026, 0, 1 + i, 9, 30)).toISOString());
    live.push(p);
  }
  await seedListings(t, 'blogsnap', [{ title: 'Bakery Orders', summary: 'Orders', slug: 'bakery-orders', kind: 'board', published_at: '2030-01-01T00:00:00.000Z' }], 'blog');
});


describe('the listing', () => {
  it('live posts only, newest first, 12 a page', async () => {
    const draft = await post(editor, { title: 'A draft', excerpt: 'Excerpt draft' });
    const scheduled = await post(editor, { title: 'Later', status: 'scheduled', publish_at: new Date(Date.now() + 3600_000).toISOString() });
    const first = (await get('/api/blog/posts')).json();
    expect(first).toMatchObject({ total: 14, page: 1, page_size: BLOG_LIMITS.pageSize });
    expect(first.posts.map((p: { title: string }) => p.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Live ${13 - i}`));
    const second = (await get('/api/blog/posts?page=2')).json();
    expect(second.posts.map((p: { title: string }) => p.title)).toEqual(['Live 1', 'Live 0']);
    const slugs = [...first.posts, ...second.posts].map((p: { slug: string }) => p.slug);
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(scheduled.slug);
    expect(first.posts[0]).toMatchObject({
      title: 'Live 13',
      excerpt: 'Excerpt 13',
      author: { id: editor.id, name: 'Edna Editor', avatar: null },
      category: { name: 'Guides', slug: 'guides' },
      published_at: '2026-01-14T09:30:00.000Z',
      reading_minutes: 1,
    });
  });

  it('filters by category slug and author; counts live posts per category; lists authors with a live post', async () => {
    const byCategory = (await get('/api/blog/posts?category=guides')).json();
    expect(byCategory.total).toBe(7);
    expect(byCategory.posts.every((p: { category: { slug: string } }) => p.category.slug === 'guides')).toBe(true);
    await post(author, { title: 'Author draft' });
    expect((await get(`/api/blog/posts?author=${author.id}`)).json().total).toBe(0);
    expect((await get(`/api/blog/posts?author=${editor.id}`)).json().total).toBe(14);
    const cats = (await get('/api/blog/categories')).json().categories;
    expect(cats).toEqual([
      { id: guides.id, name: 'Guides', slug: 'guides', post_count: 7 },
      { id: news.id, name: 'News', slug: 'news', post_count: 7 },
    ]);
    const authors = (await get('/api/blog/authors')).json().authors;
    expect(authors).toEqual([{ id: editor.id, name: 'Edna Editor', avatar: null }]);
  });

  it('searches title, excerpt and text, with % and _ as themselves', async () => {
    const pct = await post(editor, { title: 'Discounts', excerpt: 'Save 50% today', status: 'published' });
    const under = await post(editor, { title: 'Columns', content: '<p>use snake_case names</p>', status: 'published' });
    const slugsOf = async (q: string) => ((await get(`/api/blog/posts?q=${encodeURIComponent(q)}`)).json().posts as { slug: string }[]).map((p) => p.slug);
    expect(await slugsOf('50%')).toEqual([pct.slug]);
    expect(await slugsOf('%')).toEqual([pct.slug]);
    expect(await slugsOf('e_c')).toEqual([under.slug]);
    expect(await slugsOf('_')).toEqual([under.slug]);
    expect(await slugsOf('BODY OF POST 7')).toEqual([live[7]!.slug]);
    // Tidy: the two leave the counted lists of the other tests.
    for (const p of [pct, under]) await t.app.inject({ method: 'DELETE', url: `/api/blog-admin/posts/${p.id}`, headers: { cookie: editor.cookie } });
  });
});

describe('one post', () => {
  it('with up to 3 related: same category first, then shared tags, then newest', async () => {
    const res = await get(`/api/blog/posts/${live[4]!.slug}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.preview).toBe(false);
    expect(body.post).toMatchObject({ title: 'Live 4', content: '<p>Body of post 4</p>', canonical_url: `${BASE}/blog/${live[4]!.slug}`, author: { name: 'Edna Editor', bio: '' } });
    // Live 4 is in News (even numbers) with tag Maps: same category and a shared tag first.
    expect(body.related.map((p: { title: string }) => p.title)).toEqual(['Live 10', 'Live 8', 'Live 2']);
  });

  it('404 for a draft, a scheduled post and an unknown slug', async () => {
    const draft = await post(editor, { title: 'Hidden draft' });
    for (const slug of [draft.slug, 'no-such-post']) {
      const res = await get(`/api/blog/posts/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BLOG_MESSAGES.postNotFound);
    }
  });
});

describe('previews', () => {
  it.each([
    ['the right token', (p: Saved) => new URL(p.preview_url, BASE).search, undefined, 200],
    ['a wrong token', () => '?token=wrong', undefined, 404],
    ['no token', () => '', undefined, 404],
    ['a blog editor without a token', () => '', 'editor', 200],
    ['its author without a token', () => '', 'author', 200],
  ] as const)('%s', async (_name, query, who, status) => {
    const draft = await post(author, { title: 'Preview me', content: '<p>Not yet</p>' });
    const cookie = who === 'editor' ? editor.cookie : who === 'author' ? author.cookie : undefined;
    const res = await get(`/api/blog/preview/${draft.slug}${query(draft)}`, cookie);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json()).toMatchObject({ preview: true, post: { title: 'Preview me', published_at: null } });
    else expect(res.json().message).toBe(BLOG_MESSAGES.previewDenied);
    // The page itself follows the same rule.
    const page = await get(`/blog/preview/${draft.slug}${query(draft)}`, cookie);
    expect(page.statusCode).toBe(status);
    if (status === 200) {
      expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(page.body).toContain('<h1>Preview me</h1>');
    } else expect(page.body).not.toContain('Not yet');
  });

  it('a wrong token and an unknown slug are answered alike; a live post previews too; the list of drafts is for blog admins', async () => {
    expect((await get('/api/blog/preview/never-there?token=abc')).json().message).toBe(BLOG_MESSAGES.previewDenied);
    expect((await get(`/api/blog/preview/${live[0]!.slug}`, editor.cookie)).statusCode).toBe(200);
    const list = (await get('/api/blog/preview', editor.cookie)).json();
    expect(list.posts.length).toBeGreaterThan(0);
    expect(list.posts.every((p: { slug: string }) => !live.some((l) => l.slug === p.slug))).toBe(true);
    const mine = (await get('/api/blog/preview', author.cookie)).json();
    expect(mine.posts.every((p: { author: { id: string } }) => p.author.id === author.id)).toBe(true);
  });
});

describe('served pages', () => {
  it('/blog/{slug}: title, meta tags, content, data, the CSP', async () => {
    const cover = '/api/blog/media/cover123';
    const p = await post(editor, {
      title: 'Budget & "Plans"',
      excerpt: 'How to plan',
      seo_description: 'Plan a budget in a sheet',
      content: '<h2>Step one</h2><p>Open <strong>the sheet</strong></p>',
      cover_image: cover,
      status: 'published',
      category_id: guides.id,
    });
    const res = await get(`/blog/${p.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<title>Budget &amp; &quot;Plans&quot; · Sheetboard Blog</title>');
    expect(html).toContain('<meta name="description" content="Plan a budget in a sheet" />');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/blog/${p.slug}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:title" content="Budget &amp; &quot;Plans&quot; · Sheetboard Blog" />');
    expect(html).toContain(`<meta property="og:image" content="${BASE}${cover}" />`);
    expect(html).toContain(`<meta property="og:url" content="${BASE}/blog/${p.slug}" />`);
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Sheetboard Blog" href="/blog/rss.xml" />');
    // The content is in the root element, before any JavaScript.
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json"`));
    expect(root).toContain('<h1>Budget &amp; &quot;Plans&quot;</h1>');
    expect(root).toContain('<h2>Step one</h2><p>Open <strong>the sheet</strong></p>');
    expect(root).toContain(`<img src="${cover}"`);
    expect(root).toContain('Edna Editor');
    const stored = await t.ctx.db.selectFrom('blog_posts').select('publish_at').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(root).toContain(displayDateUtc(stored.publish_at));
    expect(displayDateUtc('2026-03-05T22:30:00.000Z')).toBe('March 5, 2026, 10:30 PM UTC');
    // The data is exactly what the API answers.
    const api = (await get(`/api/blog/posts/${p.slug}`)).json();
    expect(embedded(html)).toEqual({ path: `/blog/${p.slug}`, data: api });
  });

  it('/blog and /blog?page=2: the cards with links, the list data, the feed link', async () => {
    const html = (await get('/blog?page=2')).body;
    expect(html).toContain('<title>Sheetboard Blog · Page 2</title>');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/blog?page=2" />`);
    expect(html).toContain('type="application/rss+xml"');
    const api = (await get('/api/blog/posts?page=2')).json();
    expect(embedded(html)).toEqual({ path: '/blog?page=2', data: api });
    for (const card of api.posts as { slug: string; title: string }[]) expect(html).toContain(`<h2><a href="/blog/${card.slug}">${escapeHtml(card.title)}</a></h2>`);
    expect(html).toContain('<a href="/blog">Newer posts</a>');
  });

  it.each(['/blog/no-such-post', '/blog/a/b', '/blog/preview/no-such-post', '/blog/preview/a/b'])('%s: 404 and no data', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(BLOG_DATA_ID);
    expect(res.headers['content-security-policy']).toBeTruthy();
  });

  it('a draft never reaches a page, the feed or the sitemap', async () => {
    const draft = await post(author, { title: 'Secret draft' });
    expect((await get(`/blog/${draft.slug}`)).statusCode).toBe(404);
    expect((await get('/blog')).body).not.toContain('Secret draft');
    expect((await get('/blog/rss.xml')).body).not.toContain('Secret draft');
    expect((await get('/sitemap.xml')).body).not.toContain(draft.slug);
  });
});

describe('feeds', () => {
  it('RSS 2.0: the newest live posts, escaped, with links and dates', async () => {
    const p = await post(editor, { title: 'Tips <&> "tricks"', excerpt: 'Short & sweet', status: 'published', category_id: news.id });
    const res = await get('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain(`<link>${BASE}/blog</link>`);
    expect(xml).toContain('<title>Tips &lt;&amp;&gt; &quot;tricks&quot;</title>');
    expect(xml).toContain(`<guid isPermaLink="true">${BASE}/blog/${p.slug}</guid>`);
    expect(xml).toContain('<description>Short &amp; sweet</description>');
    expect(xml).toContain('<category>News</category>');
    expect(xml).toContain('<dc:creator>Edna Editor</dc:creator>');
    expect(xml).toMatch(/<pubDate>[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    expect(xml).toContain(`<pubDate>${new Date(Date.UTC(2026, 0, 14, 9, 30)).toUTCString()}</pubDate>`);
    expect((xml.match(/<item>/g) ?? []).length).toBe((xml.match(/<\/item>/g) ?? []).length);
    expect((xml.match(/<item>/g) ?? []).length).toBeLessThanOrEqual(BLOG_LIMITS.rssItems);
  });

  it('the sitemap: the site, the blog, a live post, a listed template; absolute URLs of the base URL setting', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = res.body;
    for (const loc of [`${BASE}/`, `${BASE}/marketplace`, `${BASE}/templates`, `${BASE}/blog`, `${BASE}/templates/bakery-orders`]) expect(xml).toContain(`<loc>${loc}</loc>`);
    expect(xml).toMatch(new RegExp(`<url><loc>${BASE}/blog/${live[3]!.slug}</loc><lastmod>[^<]+</lastmod></url>`));
    expect(xml).not.toContain('evil.example');
  });
});

// ---- XSS ----------------------------------------------------------------------------------

const DANGEROUS_TAGS = new Set(['script', 'svg', 'math', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'base', 'style', 'link', 'meta', 'template', 'noscript', 'details', 'video', 'audio', 'source']);
/** Tags of our own head (index.html and the page's meta) that are expected. */
const HEAD_TAGS = new Set(['meta', 'link']);

/**
 * What would run in a browser: every tag of the markup (escaped text has no `<`), its name and
 * its attributes. Returns what is executable; the embedded JSON block is ours (never run).
 */
function executable(html: string): string[] {
  const found: string[] = [];
  const head = html.slice(0, html.indexOf('</head>'));
  for (const m of html.matchAll(/<([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const name = m[1]!.toLowerCase();
    const attrs = m[2]!;
    const inHead = m.index! < head.length;
    if (name === 'script' && attrs.includes(`type="application/json" id="${BLOG_DATA_ID}"`)) continue;
    if (DANGEROUS_TAGS.has(name) && !(inHead && HEAD_TAGS.has(name))) found.push(m[0]);
    for (const a of attrs.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const attr = a[1]!.toLowerCase();
      // Entities and the whitespace and control characters browsers skip inside a URL scheme.
      // eslint-disable-next-line no-control-regex
      const value = (a[2] ?? a[3] ?? a[4] ?? '').replace(/&#x?[0-9a-f]+;?|&[a-z]+;|[\s\u0000-\u001f]/gi, '').toLowerCase();
      if (attr.startsWith('on')) found.push(m[0]);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc'].includes(attr) && /^(?:javascript|vbscript|data):/.test(value)) found.push(m[0]);
      if (attr === 'style' && /url\(|expression\(/.test(value)) found.push(m[0]);
      if (attr === 'src' && !/^(?:\/api\/blog\/media\/[a-z0-9_-]+|\/|https:\/\/boards\.example\.com\/)/.test(value)) found.push(m[0]);
    }
  }
  return found;
}

describe('XSS corpus through every field that reaches a page, the feed and the data', () => {
  it('the checker finds what it must find', () => {
    expect(executable('<p onclick="x()">a</p>')).toHaveLength(1);
    expect(executable('<a href="jav&#x09;ascript:alert(1)">a</a>')).toHaveLength(1);
    expect(executable('</head><script>alert(1)</script>')).toHaveLength(1);
    expect(executable('<p>&lt;script&gt; onerror=alert(1) javascript:</p>')).toEqual([]);
  });

  it.each(XSS_CORPUS.map((entry, i) => [i, entry] as const))('entry %i: %s', async (i, entry) => {
    const writer = await createBlogAdmin(t.ctx.db, 'editor', { name: entry });
    await t.ctx.db.updateTable('blog_admins').set({ bio: entry }).where('id', '=', writer.id).execute();
    const cat = await category(entry.slice(0, BLOG_LIMITS.categoryName), `xss-category-${i}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blog-admin/posts',
      headers: { cookie: writer.cookie },
      payload: { title: entry, slug: `xss-${i}`, excerpt: entry, content: `<p>Kept</p>${entry}`, tags: [entry.slice(0, BLOG_LIMITS.tag), `tag ${i}`], seo_title: entry, seo_description: entry, category_id: cat.id, status: 'published' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const slug = res.json().post.slug as string;
    // A second post of the category, so the first one's page has a related card with the same fields.
    await post(writer, { title: entry, slug: `xss-${i}-b`, excerpt: entry, category_id: cat.id, status: 'published' });

    const page = await get(`/blog/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(executable(page.body)).toEqual([]);
    expect(page.body).toContain(`<h1>${escapeHtml(entry)}</h1>`);
    const data = embedded(page.body) as { data: { post: { title: string; content: string } } };
    expect(data.data.post.title).toBe(entry);
    expect(cleanPostHtml(data.data.post.content)).toBe(data.data.post.content);
    expect(page.body.match(new RegExp(`<script type="application/json" id="${BLOG_DATA_ID}">([^<]*)</script>`))).not.toBeNull();

    const list = await get(`/blog?author=${writer.id}`);
    expect(executable(list.body)).toEqual([]);
    expect(list.body).toContain(escapeHtml(entry));

    const rss = (await get('/blog/rss.xml')).body;
    const tags = new Set([...rss.matchAll(/<\/?([a-zA-Z][\w:]*)/g)].map((m) => m[1]));
    expect([...tags].filter((n) => !['rss', 'channel', 'title', 'link', 'description', 'language', 'atom:link', 'lastBuildDate', 'item', 'guid', 'pubDate', 'category', 'dc:creator'].includes(n!))).toEqual([]);

    const api = (await get(`/api/blog/posts/${slug}`)).json();
    expect(api.post.content).not.toMatch(/<script|\son\w+\s*=|javascript:/i);
    expect(api.post.content.startsWith('<p>Kept</p>')).toBe(true);
  });
});
