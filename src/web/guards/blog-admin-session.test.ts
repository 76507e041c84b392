import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../blocks/testing/storage';
import { BLOG_ADMIN_STORAGE_KEY, BLOG_SESSION_MS } from '../../shared/rules/blog';
import {
  blogLoginUrl,
  blogSessionRemaining,
  clearBlogAdmin,
  decideBlogAdmin,
  parseBlogAdmin,
  readBlogAdmin,
  safeBlogRedirect,
  storedFromSession,
  writeBlogAdmin,
} from './blog-admin-session';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const user = (role: string, loginTime: string = iso(NOW - 3600_000)) => JSON.stringify({ role, loginTime, name: 'Ada', email: 'ada@example.com' });

const LOGIN_OVERVIEW = '/blog-admin/login?redirect=%2Fblog-admin';

describe('the blog-admin-auth decision (shell §2.2)', () => {
  it.each([
    // [case, stored value, path, search, expected kind, drop, to]
    ['missing → login with the original path and query', null, '/blog-admin/blogs', '?status=draft&page=2', 'sign-in', false, '/blog-admin/login?redirect=%2Fblog-admin%2Fblogs%3Fstatus%3Ddraft%26page%3D2'],
    ['bad JSON → dropped, login', '{', '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['JSON that is not an object → dropped', '"author"', '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['null → dropped', 'null', '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['an array → dropped', '[]', '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['no role → dropped', JSON.stringify({ loginTime: iso(NOW) }), '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['an unknown role → dropped', user('owner'), '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['no loginTime → dropped', JSON.stringify({ role: 'editor' }), '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['a loginTime that is no time → dropped', user('editor', 'yesterday'), '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['a numeric loginTime → dropped', JSON.stringify({ role: 'editor', loginTime: NOW }), '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['older than 24 hours → dropped, login', user('editor', iso(NOW - BLOG_SESSION_MS - 1)), '/blog-admin/media', '', 'sign-in', true, '/blog-admin/login?redirect=%2Fblog-admin%2Fmedia'],
    ['exactly 24 hours → dropped, login', user('admin', iso(NOW - BLOG_SESSION_MS)), '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['a loginTime far in the future → dropped', user('editor', iso(NOW + 3600_000)), '/blog-admin', '', 'sign-in', true, LOGIN_OVERVIEW],
    ['an editor anywhere in the area → passes', user('editor'), '/blog-admin/categories', '', 'pass', false, null],
    ['an admin on authors → passes', user('admin'), '/blog-admin/authors', '', 'pass', false, null],
    ['just under 24 hours → passes', user('editor', iso(NOW - BLOG_SESSION_MS + 1000)), '/blog-admin/blogs', '', 'pass', false, null],
    ['an author on the overview → passes', user('author'), '/blog-admin', '', 'pass', false, null],
    ['an author on the overview with a slash → passes', user('author'), '/blog-admin/', '', 'pass', false, null],
    ['an author on add-blog → passes', user('author'), '/blog-admin/add-blog', '', 'pass', false, null],
    ['an author on their draft → passes', user('author'), '/blog-admin/add-blog/p123', '', 'pass', false, null],
    ['an author on categories → /blog-admin', user('author'), '/blog-admin/categories', '', 'home', false, '/blog-admin'],
    ['an author on blogs → /blog-admin', user('author'), '/blog-admin/blogs', '', 'home', false, '/blog-admin'],
    ['an author on edit-blog → /blog-admin', user('author'), '/blog-admin/edit-blog/p123', '', 'home', false, '/blog-admin'],
    ['an author on media → /blog-admin', user('author'), '/blog-admin/media', '', 'home', false, '/blog-admin'],
    ['an author on authors → /blog-admin', user('author'), '/blog-admin/authors', '', 'home', false, '/blog-admin'],
    ['an author on edit/{id} → /blog-admin', user('author'), '/blog-admin/edit/a1', '', 'home', false, '/blog-admin'],
    ['an author on a look-alike of add-blog → /blog-admin', user('author'), '/blog-admin/add-blogx', '', 'home', false, '/blog-admin'],
  ] as const)('%s', (_case, raw, pathname, search, kind, drop, to) => {
    const d = decideBlogAdmin(raw, { pathname, search }, NOW);
    expect(d.kind).toBe(kind);
    if (d.kind === 'sign-in') {
      expect(d.drop).toBe(drop);
      expect(d.to).toBe(to);
    } else if (d.kind === 'home') expect(d.to).toBe(to);
    else expect(d.remaining).toBeGreaterThan(0);
  });

  it('passes the stored user on with the time left of the session', () => {
    const d = decideBlogAdmin(user('editor', iso(NOW - 3600_000)), { pathname: '/blog-admin' }, NOW);
    expect(d).toEqual({ kind: 'pass', user: { role: 'editor', loginTime: iso(NOW - 3600_000), name: 'Ada', email: 'ada@example.com' }, remaining: BLOG_SESSION_MS - 3600_000 });
  });

  it('counts the session from loginTime', () => {
    expect(blogSessionRemaining({ role: 'author', loginTime: iso(NOW) }, NOW)).toBe(BLOG_SESSION_MS);
    expect(blogSessionRemaining({ role: 'author', loginTime: iso(NOW - BLOG_SESSION_MS - 5) }, NOW)).toBe(0);
  });
});

describe('the stored blog admin user', () => {
  it('keeps role, loginTime, name and e-mail and ignores anything else', () => {
    expect(parseBlogAdmin(JSON.stringify({ role: 'author', loginTime: iso(NOW), name: 'A', email: 'a@x.io', token: 'secret' }))).toEqual({
      role: 'author',
      loginTime: iso(NOW),
      name: 'A',
      email: 'a@x.io',
    });
    expect(parseBlogAdmin(`{"role":"author","loginTime":"${iso(NOW)}","name":"${'x'.repeat(3000)}"}`)).toBeNull();
  });

  it('is written, read and cleared under its key in local storage', () => {
    const s = memoryStore();
    expect(readBlogAdmin(s)).toBeNull();
    writeBlogAdmin({ role: 'editor', loginTime: iso(NOW) }, s);
    expect(JSON.parse(s.m.get(BLOG_ADMIN_STORAGE_KEY)!)).toEqual({ role: 'editor', loginTime: iso(NOW) });
    expect(readBlogAdmin(s)).toEqual({ role: 'editor', loginTime: iso(NOW) });
    clearBlogAdmin(s);
    expect(s.m.size).toBe(0);
  });

  it('takes the server’s role and sign-in time from the session answer', () => {
    const res = { user: { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'editor' as const, avatar: null, bio: '' }, login_time: iso(NOW) };
    expect(storedFromSession(res)).toEqual({ role: 'editor', loginTime: iso(NOW), name: 'Ada', email: 'ada@example.com' });
  });
});

describe('the way to the blog login and back', () => {
  it('carries the original path with its query', () => {
    expect(blogLoginUrl({ pathname: '/blog-admin/edit-blog/p1', search: '?x=1' })).toBe('/blog-admin/login?redirect=%2Fblog-admin%2Fedit-blog%2Fp1%3Fx%3D1');
  });

  it.each([
    ['/blog-admin/blogs?status=draft', '/blog-admin/blogs?status=draft'],
    ['/blog-admin', '/blog-admin'],
    ['/blog-admin/edit-blog/p1', '/blog-admin/edit-blog/p1'],
    ['/blog-admin/login?redirect=%2Fblog-admin', '/blog-admin'],
    ['/blog', '/blog-admin'],
    ['/blog-adminx', '/blog-admin'],
    ['/admin', '/blog-admin'],
    ['/dashboard', '/blog-admin'],
    ['https://evil.example/blog-admin', '/blog-admin'],
    ['//evil.example/blog-admin', '/blog-admin'],
    ['/\\evil.example/blog-admin', '/blog-admin'],
    ['/\t/evil.example', '/blog-admin'],
    ['javascript:alert(1)', '/blog-admin'],
    ['blog-admin/blogs', '/blog-admin'],
    ['/blog-admin/../admin', '/blog-admin'],
    ['', '/blog-admin'],
    [null, '/blog-admin'],
  ])('redirect %s → %s', (raw, expected) => {
    expect(safeBlogRedirect(raw, 'https://sheetboard.example')).toBe(expected);
  });
});
