// The blog's posts and categories on the test database (issue 17): a role × route matrix of every
// route of posts-routes.ts, categories-routes.ts, public-routes.ts and feeds.ts (0 unexpected
// answers), what authors may not do, conflicts between two saves, the slug rules and scheduled
// publishing decided at read time.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { signInAdmin, signUp } from '../../testing/app';
import { testServer } from '../../testing/server';
import { BLOG_LIMITS, BLOG_MESSAGES } from '../../../shared/rules/blog';
import { COVER_IMAGE_MESSAGE } from './posts-service';
import { createBlogAdmin, type TestBlogAdmin } from '../../testing/blog';

const t = testServer();
let author: TestBlogAdmin;
let otherAuthor: TestBlogAdmin;
let editor: TestBlogAdmin;
let admin: TestBlogAdmin;
let expired: TestBlogAdmin;
let ownerCookie: string;
let providerAdminCookie: string;
let counter = 0;

interface Saved {
  id: string;
  slug: string;
  version: number;
  status: string;
  live: boolean;
  publish_at: string | null;
  tags: string[];
  preview_url: string;
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createPost(who: TestBlogAdmin, body: Record<string, unknown> = {}): Promise<Saved> {
  const n = ++counter;
  const res = await call('POST', '/api/blog-admin/posts', who.cookie, { title: `Post ${n} of ${who.role}`, content: '<p>Hello</p>', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post as Saved;
}

async function createCategory(name = `Category ${++counter}`): Promise<{ id: string; slug: string }> {
  const res = await call('POST', '/api/blog-admin/categories', editor.cookie, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().category;
}

beforeAll(async () => {
  [author, otherAuthor, editor, admin, expired] = await Promise.all([
    createBlogAdmin(t.ctx.db, 'author'),
    createBlogAdmin(t.ctx.db, 'author'),
    createBlogAdmin(t.ctx.db, 'editor'),
    createBlogAdmin(t.ctx.db, 'admin'),
    createBlogAdmin(t.ctx.db, 'editor', { ageMs: 25 * 60 * 60 * 1000 }),
  ]);
  ownerCookie = (await signUp(t.app, 'Owner Olga')).cookie;
  providerAdminCookie = await signInAdmin(t, 'Provider Pat');
});

// ---- The matrix ---------------------------------------------------------------------------

const ROLES = ['anonymous', 'owner', 'provider admin', 'expired editor', 'author (own)', 'author (other’s)', 'editor', 'admin'] as const;
type Role = (typeof ROLES)[number];

function cookieOf(role: Role): string | null {
  switch (role) {
    case 'anonymous':
      return null;
    case 'owner':
      return ownerCookie;
    case 'provider admin':
      return providerAdminCookie;
    case 'expired editor':
      return expired.cookie;
    case 'author (own)':
      return author.cookie;
    case 'author (other’s)':
      return otherAuthor.cookie;
    case 'editor':
      return editor.cookie;
    case 'admin':
      return admin.cookie;
  }
}

interface MatrixRoute {
  key: string;
  /** The request of one call (fixtures made fresh for calls that change or remove them). */
  prepare: () => Promise<{ url: string; payload?: unknown }>;
  expect: Record<Role, number>;
}

/** Answers by role: outsiders (no blog session) get `outsiders`, then the blog roles. */
const answers = (outsiders: number, own: number, others: number, editors: number): Record<Role, number> => ({
  anonymous: outsiders,
  owner: outsiders,
  'provider admin': outsiders,
  'expired editor': outsiders,
  'author (own)': own,
  'author (other’s)': others,
  editor: editors,
  admin: editors,
});
const everyone = (status: number) => answers(status, status, status, status);

/** A draft of `author`'s (the "own" post of the matrix: the other author and the outsiders are strangers to it). */
const authorsDraft = () => createPost(author);

const MATRIX: MatrixRoute[] = [
  { key: 'GET /api/blog-admin/posts', prepare: async () => ({ url: '/api/blog-admin/posts' }), expect: answers(401, 200, 200, 200) },
  { key: 'POST /api/blog-admin/posts', prepare: async () => ({ url: '/api/blog-admin/posts', payload: { title: `Matrix ${++counter}` } }), expect: answers(401, 201, 201, 201) },
  { key: 'GET /api/blog-admin/posts/:id', prepare: async () => ({ url: `/api/blog-admin/posts/${(await authorsDraft()).id}` }), expect: answers(401, 200, 404, 200) },
  {
    key: 'PUT /api/blog-admin/posts/:id',
    prepare: async () => {
      const p = await authorsDraft();
      return { url: `/api/blog-admin/posts/${p.id}`, payload: { title: 'Changed', version: p.version } };
    },
    expect: answers(401, 200, 403, 200),
  },
  { key: 'DELETE /api/blog-admin/posts/:id', prepare: async () => ({ url: `/api/blog-admin/posts/${(await authorsDraft()).id}` }), expect: answers(401, 204, 403, 204) },
  { key: 'POST /api/blog-admin/posts/:id/preview-token', prepare: async () => ({ url: `/api/blog-admin/posts/${(await authorsDraft()).id}/preview-token` }), expect: answers(401, 200, 404, 200) },
  { key: 'GET /api/blog/categories', prepare: async () => ({ url: '/api/blog/categories' }), expect: everyone(200) },
  { key: 'GET /api/blog-admin/categories', prepare: async () => ({ url: '/api/blog-admin/categories' }), expect: answers(401, 200, 200, 200) },
  { key: 'POST /api/blog-admin/categories', prepare: async () => ({ url: '/api/blog-admin/categories', payload: { name: `Matrix category ${++counter}` } }), expect: answers(401, 403, 403, 201) },
  {
    key: 'PATCH /api/blog-admin/categories/:id',
    prepare: async () => ({ url: `/api/blog-admin/categories/${(await createCategory()).id}`, payload: { name: `Renamed ${++counter}` } }),
    expect: answers(401, 403, 403, 200),
  },
  { key: 'DELETE /api/blog-admin/categories/:id', prepare: async () => ({ url: `/api/blog-admin/categories/${(await createCategory()).id}` }), expect: answers(401, 403, 403, 204) },
  { key: 'GET /api/blog/posts', prepare: async () => ({ url: '/api/blog/posts' }), expect: everyone(200) },
  { key: 'GET /api/blog/authors', prepare: async () => ({ url: '/api/blog/authors' }), expect: everyone(200) },
  {
    key: 'GET /api/blog/posts/:slug',
    prepare: async () => ({ url: `/api/blog/posts/${(await createPost(editor, { status: 'published' })).slug}` }),
    expect: everyone(200),
  },
  { key: 'GET /api/blog/preview', prepare: async () => ({ url: '/api/blog/preview' }), expect: answers(401, 200, 200, 200) },
  // Without the token: blog editors and the post's author only (anyone else: the link is "not valid").
  { key: 'GET /api/blog/preview/:slug', prepare: async () => ({ url: `/api/blog/preview/${(await authorsDraft()).slug}` }), expect: answers(404, 200, 404, 200) },
  { key: 'GET /blog/rss.xml', prepare: async () => ({ url: '/blog/rss.xml' }), expect: everyone(200) },
  { key: 'GET /sitemap.xml', prepare: async () => ({ url: '/sitemap.xml' }), expect: everyone(200) },
];

/** Where this part's routes live (the blog accounts and media routes are another part's matrix). */
const MINE = [/^\/api\/blog-admin\/(posts|categories)(\/|$)/, /^\/api\/blog\/(posts|categories|authors|preview)(\/|$)/, /^\/blog\/rss\.xml$/, /^\/sitemap\.xml$/];

describe('role × route matrix', () => {
  it('covers every route of the posts, categories, public blog and feeds', async () => {
    const built = await buildApp(t.config, { logger: false, migrate: false, db: { db: t.ctx.db, dialect: t.dialect, close: async () => {} } });
    await built.app.ready();
    const mine = built.routes.filter((r) => r.method !== 'HEAD' && MINE.some((re) => re.test(r.url))).map((r) => `${r.method} ${r.url}`);
    await built.app.close();
    expect(mine.length).toBeGreaterThanOrEqual(MATRIX.length);
    expect(new Set(mine)).toEqual(new Set(MATRIX.map((r) => r.key)));
  });

  it('answers every role as expected on every route: 0 unexpected answers', async () => {
    const unexpected: string[] = [];
    for (const route of MATRIX) {
      const method = route.key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const role of ROLES) {
        const { url, payload } = await route.prepare();
        const res = await call(method, url, cookieOf(role), payload);
        if (res.statusCode !== route.expect[role]) unexpected.push(`${route.key} as ${role}: ${res.statusCode} (expected ${route.expect[role]}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('the matrix can fail: an author let through to a category change is an unexpected answer', async () => {
    const res = await call('POST', '/api/blog-admin/categories', author.cookie, { name: 'Not for authors' });
    expect(res.statusCode).not.toBe(201);
    expect(res.json().message).toBe(BLOG_MESSAGES.editorsOnly);
  });
});

// ---- Authors ------------------------------------------------------------------------------

describe('what an author may do', () => {
  it.each(['published', 'scheduled'] as const)('creates only drafts: %s is refused', async (status) => {
    const res = await call('POST', '/api/blog-admin/posts', author.cookie, { title: 'Mine', status, publish_at: new Date(Date.now() + 3600_000).toISOString() });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BLOG_MESSAGES.authorCannotPublish);
  });

  it('cannot publish their own draft by saving it, and cannot change it once an editor published it', async () => {
    const p = await createPost(author);
    const publish = await call('PUT', `/api/blog-admin/posts/${p.id}`, author.cookie, { title: 'Mine', status: 'published', version: p.version });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().message).toBe(BLOG_MESSAGES.authorCannotPublish);
    const byEditor = await call('PUT', `/api/blog-admin/posts/${p.id}`, editor.cookie, { title: 'Mine', status: 'published', version: p.version });
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    const after = byEditor.json().post as Saved;
    const again = await call('PUT', `/api/blog-admin/posts/${p.id}`, author.cookie, { title: 'Mine again', version: after.version });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(BLOG_MESSAGES.authorPublished);
    const remove = await call('DELETE', `/api/blog-admin/posts/${p.id}`, author.cookie);
    expect(remove.json().message).toBe(BLOG_MESSAGES.authorPublished);
    // Reading it stays allowed: it is theirs.
    expect((await call('GET', `/api/blog-admin/posts/${p.id}`, author.cookie)).statusCode).toBe(200);
  });

  it("gets someone else's post as if it did not exist, and cannot change it", async () => {
    const p = await createPost(otherAuthor);
    const read = await call('GET', `/api/blog-admin/posts/${p.id}`, author.cookie);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe(BLOG_MESSAGES.postNotFound);
    const write = await call('PUT', `/api/blog-admin/posts/${p.id}`, author.cookie, { title: 'Taken over', version: p.version });
    expect(write.json().message).toBe(BLOG_MESSAGES.notYourPost);
  });

  it('lists only their own posts, whatever author filter they send', async () => {
    await createPost(otherAuthor);
    const mine = await createPost(author);
    const res = await call('GET', `/api/blog-admin/posts?author=${otherAuthor.id}`, author.cookie);
    const posts = res.json().posts as { id: string; author: { id: string } }[];
    expect(posts.some((p) => p.id === mine.id)).toBe(true);
    expect(posts.every((p) => p.author.id === author.id)).toBe(true);
    const all = await call('GET', `/api/blog-admin/posts?author=${otherAuthor.id}`, editor.cookie);
    expect((all.json().posts as { author: { id: string } }[]).every((p) => p.author.id === otherAuthor.id)).toBe(true);
    expect(all.json().total).toBeGreaterThan(0);
  });
});

// ---- Saving -------------------------------------------------------------------------------

describe('saving', () => {
  it('a second save with the same version is a conflict answered with the stored post', async () => {
    const p = await createPost(editor);
    const first = await call('PUT', `/api/blog-admin/posts/${p.id}`, editor.cookie, { title: 'First save', content: '<p>one</p>', version: p.version });
    expect(first.statusCode).toBe(200);
    expect(first.json().post.version).toBe(p.version + 1);
    const second = await call('PUT', `/api/blog-admin/posts/${p.id}`, admin.cookie, { title: 'Second save', content: '<p>two</p>', version: p.version });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: BLOG_MESSAGES.conflict, code: 'POST_CONFLICT', post: { id: p.id, title: 'First save', content: '<p>one</p>', version: p.version + 1 } });
    const stored = await call('GET', `/api/blog-admin/posts/${p.id}`, editor.cookie);
    expect(stored.json().post.title).toBe('First save');
  });

  it.each([
    ['an empty title', { title: '   ' }, 400, BLOG_MESSAGES.titleRequired],
    ['an unknown category', { category_id: 'nope' }, 400, BLOG_MESSAGES.categoryNotFound],
    ['a cover from elsewhere', { cover_image: 'https://evil.example/x.png' }, 400, COVER_IMAGE_MESSAGE],
    ['a cover with a path after the id', { cover_image: '/api/blog/media/abc/../x' }, 400, COVER_IMAGE_MESSAGE],
    ['a schedule without a time', { status: 'scheduled' }, 400, BLOG_MESSAGES.scheduleMissing],
    ['a schedule in the past', { status: 'scheduled', publish_at: new Date(Date.now() - 60_000).toISOString() }, 400, BLOG_MESSAGES.scheduleInPast],
  ])('refuses %s', async (_name, body, status, message) => {
    const res = await call('POST', '/api/blog-admin/posts', editor.cookie, { title: 'Valid', ...body });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('keeps tags trimmed, without empties or case-insensitive duplicates; cleans the content; stamps a publication now', async () => {
    const before = new Date().toISOString();
    const p = await createPost(editor, { tags: [' Sheets ', '', 'sheets', 'Charts', 'SHEETS', '  '], status: 'published', content: '<p onclick="x()">ok</p><script>alert(1)</script>', cover_image: '/api/blog/media/abc123' });
    expect(p.tags).toEqual(['Sheets', 'Charts']);
    expect(p.live).toBe(true);
    expect(p.publish_at! >= before).toBe(true);
    const full = await call('GET', `/api/blog-admin/posts/${p.id}`, editor.cookie);
    expect(full.json().post.content).toBe('<p>ok</p>');
    const stored = await t.ctx.db.selectFrom('blog_posts').select('content').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>ok</p>');
  });

  it('going back to draft makes the post private again', async () => {
    const p = await createPost(editor, { status: 'published' });
    expect((await call('GET', `/api/blog/posts/${p.slug}`, null)).statusCode).toBe(200);
    const back = await call('PUT', `/api/blog-admin/posts/${p.id}`, editor.cookie, { title: 'Back', slug: p.slug, status: 'draft', version: p.version });
    expect(back.json().post).toMatchObject({ status: 'draft', live: false, publish_at: null });
    expect((await call('GET', `/api/blog/posts/${p.slug}`, null)).statusCode).toBe(404);
  });

  it('renewing the preview link stops the old one', async () => {
    const p = await createPost(author);
    const oldToken = new URL(p.preview_url, 'http://x').searchParams.get('token')!;
    expect((await call('GET', `/api/blog/preview/${p.slug}?token=${oldToken}`, null)).statusCode).toBe(200);
    const renewed = await call('POST', `/api/blog-admin/posts/${p.id}/preview-token`, author.cookie);
    const newToken = new URL(renewed.json().post.preview_url, 'http://x').searchParams.get('token')!;
    expect(newToken).not.toBe(oldToken);
    expect((await call('GET', `/api/blog/preview/${p.slug}?token=${oldToken}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/blog/preview/${p.slug}?token=${newToken}`, null)).statusCode).toBe(200);
  });
});

// ---- Slugs --------------------------------------------------------------------------------

describe('slugs', () => {
  it.each([
    ['typed', { title: 'Anything', slug: 'My Typed Slug' }, 'my-typed-slug'],
    ['from the title', { title: 'Ten Tips for Sheets!' }, 'ten-tips-for-sheets'],
    ['from the title, edge hyphens trimmed', { title: ' -- Budget -- 2026 -- ' }, 'budget-2026'],
  ])('%s', async (_name, body, slug) => {
    const res = await call('POST', '/api/blog-admin/posts', editor.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().post.slug).toBe(slug);
  });

  it.each([
    ['a typed slug that is taken', { title: 'Other', slug: 'shared-address' }, 409, BLOG_MESSAGES.slugTaken],
    ['a typed slug that is a page of the blog', { title: 'Other', slug: 'Preview' }, 409, BLOG_MESSAGES.slugTaken],
    ['unicode and emoji only', { title: '🚀✨', slug: '' }, 400, BLOG_MESSAGES.slugEmpty],
    ['a typed slug of symbols only', { title: 'Fine', slug: '!!!' }, 400, BLOG_MESSAGES.slugEmpty],
  ])('refuses %s', async (_name, body, status, message) => {
    await call('POST', '/api/blog-admin/posts', editor.cookie, { title: 'Shared', slug: 'shared-address' });
    const res = await call('POST', '/api/blog-admin/posts', editor.cookie, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('a slug from a title that is taken gets -2, -3 …; a title "Preview" never takes /blog/preview', async () => {
    const a = await createPost(editor, { title: 'Same Title Twice' });
    const b = await createPost(editor, { title: 'Same Title Twice' });
    const c = await createPost(editor, { title: 'same title twice' });
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title-twice', 'same-title-twice-2', 'same-title-twice-3']);
    expect((await createPost(editor, { title: 'Preview' })).slug).toBe('preview-2');
  });

  it('a post keeps its own slug when saved again; a long one is capped', async () => {
    const p = await createPost(editor, { title: 'Keep me', slug: 'keep-me' });
    const again = await call('PUT', `/api/blog-admin/posts/${p.id}`, editor.cookie, { title: 'Keep me', slug: 'keep-me', version: p.version });
    expect(again.json().post.slug).toBe('keep-me');
    const long = await createPost(editor, { title: 'word '.repeat(60) });
    expect(long.slug.length).toBeLessThanOrEqual(BLOG_LIMITS.slug);
    expect(long.slug).toMatch(/^word(-word)+$/);
    const long2 = await createPost(editor, { title: 'word '.repeat(60) });
    expect(long2.slug.length).toBeLessThanOrEqual(BLOG_LIMITS.slug);
    expect(long2.slug.endsWith('-2')).toBe(true);
  });

  it('categories: slug by the rule, unique, name required', async () => {
    const c = await call('POST', '/api/blog-admin/categories', editor.cookie, { name: '  How-To  Guides ' });
    expect(c.json().category).toMatchObject({ name: 'How-To Guides', slug: 'how-to-guides', post_count: 0 });
    const dup = await call('POST', '/api/blog-admin/categories', admin.cookie, { name: 'How to Guides' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(BLOG_MESSAGES.categorySlugTaken);
    const empty = await call('POST', '/api/blog-admin/categories', editor.cookie, { name: '  ' });
    expect(empty.json().message).toBe(BLOG_MESSAGES.categoryNameRequired);
    const renamed = await call('PATCH', `/api/blog-admin/categories/${c.json().category.id}`, editor.cookie, { name: 'Guides' });
    expect(renamed.json().category).toMatchObject({ name: 'Guides', slug: 'how-to-guides' });
  });

  it('deleting a category leaves its posts uncategorised', async () => {
    const cat = await createCategory();
    const p = await createPost(editor, { category_id: cat.id });
    expect((await call('DELETE', `/api/blog-admin/categories/${cat.id}`, editor.cookie)).statusCode).toBe(204);
    const after = await call('GET', `/api/blog-admin/posts/${p.id}`, editor.cookie);
    expect(after.json().post).toMatchObject({ category_id: null, category_name: null });
  });
});

// ---- Scheduling ---------------------------------------------------------------------------

describe('scheduled publishing', () => {
  const publicSlugs = async () => ((await call('GET', '/api/blog/posts?q=scheduled-marker', null)).json().posts as { slug: string }[]).map((p) => p.slug);

  it('a scheduled post is absent until its time and present after it, with no timer', async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const p = await createPost(editor, { title: 'Launch day', excerpt: 'scheduled-marker', status: 'scheduled', publish_at: at });
    expect(p).toMatchObject({ status: 'scheduled', live: false, publish_at: at });
    expect(await publicSlugs()).not.toContain(p.slug);
    expect((await call('GET', `/api/blog/posts/${p.slug}`, null)).statusCode).toBe(404);
    expect((await call('GET', '/blog/rss.xml', null)).body).not.toContain(`/blog/${p.slug}<`);
    const scheduledList = await call('GET', '/api/blog-admin/posts?status=scheduled', editor.cookie);
    expect((scheduledList.json().posts as { id: string }[]).map((x) => x.id)).toContain(p.id);

    // Its time passes (moved into the past in the database, as the clock would).
    await t.ctx.db.updateTable('blog_posts').set({ publish_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', p.id).execute();
    expect(await publicSlugs()).toContain(p.slug);
    expect((await call('GET', `/api/blog/posts/${p.slug}`, null)).statusCode).toBe(200);
    expect((await call('GET', '/blog/rss.xml', null)).body).toContain(`/blog/${p.slug}<`);
    // Listed as published (its effective status), not as scheduled any more.
    const published = await call('GET', '/api/blog-admin/posts?status=published', editor.cookie);
    expect((published.json().posts as { id: string; live: boolean }[]).find((x) => x.id === p.id)).toMatchObject({ live: true });
    const stillScheduled = await call('GET', '/api/blog-admin/posts?status=scheduled', editor.cookie);
    expect((stillScheduled.json().posts as { id: string }[]).map((x) => x.id)).not.toContain(p.id);
  });

  it('a post scheduled 2 seconds ahead goes live by itself', async () => {
    const p = await createPost(editor, { title: 'Soon', excerpt: 'scheduled-marker', status: 'scheduled', publish_at: new Date(Date.now() + 2000).toISOString() });
    expect(await publicSlugs()).not.toContain(p.slug);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await publicSlugs()).toContain(p.slug);
  });

  it('a scheduled post whose time came can be saved again with its time; "published" at a future time is scheduled', async () => {
    const p = await createPost(editor, { title: 'Fix a typo', status: 'scheduled', publish_at: new Date(Date.now() + 3600_000).toISOString() });
    const past = new Date(Date.now() - 1000).toISOString();
    await t.ctx.db.updateTable('blog_posts').set({ publish_at: past }).where('id', '=', p.id).execute();
    const saved = await call('PUT', `/api/blog-admin/posts/${p.id}`, editor.cookie, { title: 'Fixed a typo', slug: p.slug, status: 'scheduled', publish_at: past, version: p.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().post.live).toBe(true);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const q = await createPost(editor, { title: 'Published later', status: 'published', publish_at: future });
    expect(q).toMatchObject({ status: 'scheduled', live: false, publish_at: future });
  });
});
