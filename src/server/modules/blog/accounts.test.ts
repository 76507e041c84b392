// The blog team's accounts on the test database (issue 17): sign-in and the 24-hour session,
// invitations read from a real SMTP peer, the authors page's role rules, the provider admin
// area's first blog admin, the role × route matrix of every accounts and media route, and what
// people type coming back as plain data (XSS corpus).
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { BLOG_MESSAGES, BLOG_SESSION_MS } from '../../../shared/rules/blog';
import { COMMON_PASSWORD_MESSAGE } from '../../../shared/rules/passwords';
import { createTestApp, multipart, signUp, type TestUser } from '../../testing/app';
import { TYPED_TEXT_CORPUS } from '../../testing/xss-corpus';
import { testInbox, testServer } from '../../testing/server';
import { linkInLastMail, plainText } from '../../testing/smtp';
import { createAdmin } from '../admin/service';
import { LOGIN_MAX_FAILURES } from '../../platform/limits/limiter';
import { newId, nowIso, randomToken } from '../../http';
import { createBlogAdmin, type TestBlogAdmin } from '../../testing/blog';

const inbox = testInbox();
const t = testServer(() => ({ smtpUrl: inbox.url }));
let owner: TestUser;
let providerCookie: string;
const PASSWORD = 'write all the things';
const INVITE_LINK = /https?:\/\/localhost:3000\/blog-admin\/login\?invite=([A-Za-z0-9_-]+)/;

function blogCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'sb_blog');
  if (!c) throw new Error(`no sb_blog cookie: ${res.statusCode} ${res.body}`);
  return `sb_blog=${c.value}`;
}

const as = (cookie: string | undefined) => (cookie ? { cookie } : {});

async function invite(cookie: string, body: { name: string; email: string; role: string }, url = '/api/blog-admin/authors') {
  return t.app.inject({ method: 'POST', url, headers: as(cookie), payload: body });
}

let counter = 0;
const email = (tag: string) => `${tag}-${++counter}-${Date.now().toString(36)}@blog.example`;

/** An invited account (by a blog admin of the role `by`) and the token of its mailed link. */
async function invited(by: TestBlogAdmin, role: 'author' | 'editor' | 'admin' = 'author', name = 'Invited Ivy'): Promise<{ id: string; email: string; token: string }> {
  const address = email('invited');
  const res = await invite(by.cookie, { name, email: address, role });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().author.id, email: address, token: linkInLastMail(inbox, address, INVITE_LINK)[1]! };
}

/** An account that accepted its invitation: it signs in with PASSWORD. */
async function member(by: TestBlogAdmin, role: 'author' | 'editor' | 'admin' = 'author'): Promise<{ id: string; email: string; cookie: string }> {
  const inv = await invited(by, role);
  const res = await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token: inv.token, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: inv.id, email: inv.email, cookie: blogCookie(res) };
}

let admin: TestBlogAdmin;
let editor: TestBlogAdmin;
let author: TestBlogAdmin;

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Otto');
  await createAdmin({ db: t.ctx.db }, { email: 'blog-provider@provider.example', name: 'Provider Paula', password: 'review all the things' });
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'blog-provider@provider.example', password: 'review all the things' } });
  providerCookie = `sb_admin=${login.cookies.find((c) => c.name === 'sb_admin')!.value}`;
  admin = await createBlogAdmin(t.ctx.db, 'admin', { name: 'Admin Ada' });
  editor = await createBlogAdmin(t.ctx.db, 'editor', { name: 'Editor Ed' });
  author = await createBlogAdmin(t.ctx.db, 'author', { name: 'Author Al' });
});

describe('the first blog admin, from the provider admin area', () => {
  it('a provider admin invites; the mail carries the link; accepting sets the password and signs in for 24 hours', async () => {
    const address = email('first');
    const res = await invite(providerCookie, { name: 'First Fiona', email: address.toUpperCase(), role: 'admin' }, '/api/admin/blog-admins');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sent: true, link: null, author: { name: 'First Fiona', email: address, role: 'admin', active: false, post_count: 0, last_login_at: null } });
    const mail = inbox.messages.filter((m) => m.to.includes(address)).at(-1)!;
    expect(plainText(mail.raw)).toContain('Provider Paula invited you to the Sheetboard blog team as Administrator');
    const token = linkInLastMail(inbox, address, INVITE_LINK)[1]!;

    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/blog-admins', headers: as(providerCookie) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().authors.find((a: { email: string }) => a.email === address)).toMatchObject({ active: false });

    const shown = await t.app.inject({ method: 'GET', url: `/api/blog-admin/invitations/${token}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ name: 'First Fiona', email: address, role: 'admin' });

    // Not signed in yet: an invited account has no password.
    const early = await t.app.inject({ method: 'POST', url: '/api/blog-admin/login', payload: { email: address, password: '' } });
    expect(early.statusCode).toBe(401);
    expect(early.json().message).toBe(BLOG_MESSAGES.invalidLogin);

    const weak = await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    const common = await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token, password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD_MESSAGE);

    const before = Date.now();
    const accepted = await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token, password: PASSWORD } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const body = accepted.json();
    expect(body.user).toMatchObject({ name: 'First Fiona', email: address, role: 'admin', avatar: null, bio: '' });
    expect(Date.parse(body.expires_at) - Date.parse(body.login_time)).toBe(BLOG_SESSION_MS);
    expect(Date.parse(body.login_time)).toBeGreaterThanOrEqual(before - 1000);
    const set = accepted.cookies.find((c) => c.name === 'sb_blog')!;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86_400 });
    const session = await t.app.inject({ method: 'GET', url: '/api/blog-admin/session', headers: { cookie: blogCookie(accepted) } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(body);

    // Used up: the link works once.
    for (const again of [
      await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token, password: 'another good one' } }),
      await t.app.inject({ method: 'GET', url: `/api/blog-admin/invitations/${token}` }),
    ]) {
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(BLOG_MESSAGES.invitationInvalid);
    }
    const row = await t.ctx.db.selectFrom('blog_admins').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
    expect(row.last_login_at).toBe(body.login_time);
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('without mail configured the invitation answers sent: false and the link to pass on', async () => {
    const quiet = await createTestApp();
    try {
      await createAdmin({ db: quiet.ctx.db }, { email: 'quiet@provider.example', name: 'Quiet Quinn', password: 'review all the things' });
      const login = await quiet.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'quiet@provider.example', password: 'review all the things' } });
      const cookie = `sb_admin=${login.cookies.find((c) => c.name === 'sb_admin')!.value}`;
      const res = await quiet.app.inject({ method: 'POST', url: '/api/admin/blog-admins', headers: { cookie }, payload: { name: 'Hand Hanna', email: 'hand@blog.example', role: 'admin' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().sent).toBe(false);
      const token = (res.json().link as string).match(INVITE_LINK)![1]!;
      const accepted = await quiet.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token, password: PASSWORD } });
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      await quiet.close();
    }
  });
});

describe('sign-in, sign-out and the 24-hour session', () => {
  it('the right password signs in; a wrong one, an unknown address and a bad body do not', async () => {
    const m = await member(admin);
    const ok = await t.app.inject({ method: 'POST', url: '/api/blog-admin/login', payload: { email: `  ${m.email.toUpperCase()} `, password: PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ id: m.id, role: 'author' });
    for (const payload of [
      { email: m.email, password: 'not the password' },
      { email: 'nobody@blog.example', password: PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/blog-admin/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(BLOG_MESSAGES.invalidLogin);
      expect(res.cookies.find((c) => c.name === 'sb_blog')).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/blog-admin/login', payload: { email: 1 } })).statusCode).toBe(400);

    const cookie = blogCookie(ok);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog-admin/session', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/blog-admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/blog-admin/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(BLOG_MESSAGES.signIn);
  });

  it('is rate-limited like the admin sign-in: after the failures a pair may have, even the right password waits (429)', async () => {
    const m = await member(admin);
    const attempt = (password: string) => t.app.inject({ method: 'POST', url: '/api/blog-admin/login', payload: { email: m.email, password } });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt(`wrong ${i}`)).statusCode).toBe(401);
    const refused = await attempt(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(BLOG_MESSAGES.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a field the sign-in does not take is a 400 naming it, refused before the budget counts anything', async () => {
    const m = await member(admin);
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/blog-admin/login', payload: { email: m.email, password: `wrong ${i}`, remember: true } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown_field', issues: [{ path: 'remember' }] });
      expect(res.json().message).toMatch(/^remember is not a setting this request takes/);
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/blog-admin/login', payload: { email: m.email, password: PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a session ends 24 hours after its sign-in, whatever happens in between', async () => {
    const old = await createBlogAdmin(t.ctx.db, 'editor', { ageMs: BLOG_SESSION_MS + 60_000 });
    const res = await t.app.inject({ method: 'GET', url: '/api/blog-admin/session', headers: { cookie: old.cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(BLOG_MESSAGES.signIn);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog-admin/authors', headers: { cookie: old.cookie } })).statusCode).toBe(401);

    const young = await createBlogAdmin(t.ctx.db, 'editor', { ageMs: 23 * 3_600_000 });
    const first = await t.app.inject({ method: 'GET', url: '/api/blog-admin/session', headers: { cookie: young.cookie } });
    expect(first.statusCode).toBe(200);
    const { login_time, expires_at } = first.json();
    expect(Date.parse(expires_at) - Date.parse(login_time)).toBe(BLOG_SESSION_MS);
    expect(Date.now() - Date.parse(login_time)).toBeGreaterThanOrEqual(23 * 3_600_000);
    // Used again: never extended.
    const second = await t.app.inject({ method: 'GET', url: '/api/blog-admin/session', headers: { cookie: young.cookie } });
    expect(second.json().expires_at).toBe(expires_at);
  });

  it("an owner's or a provider admin's session makes nobody a blog admin", async () => {
    for (const cookie of [owner.cookie, providerCookie, `${owner.cookie}; ${providerCookie}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/blog-admin/session', headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('invitations', () => {
  it('an expired link and a replaced one are refused; the resent one works', async () => {
    const inv = await invited(editor);
    await t.ctx.db.updateTable('blog_invitations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('blog_admin_id', '=', inv.id).execute();
    const expired = await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token: inv.token, password: PASSWORD } });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(BLOG_MESSAGES.invitationInvalid);

    const resent = await t.app.inject({ method: 'POST', url: `/api/blog-admin/authors/${inv.id}/resend`, headers: as(editor.cookie) });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = linkInLastMail(inbox, inv.email, INVITE_LINK)[1]!;
    expect(second).not.toBe(inv.token);
    const again = await t.app.inject({ method: 'POST', url: `/api/blog-admin/authors/${inv.id}/resend`, headers: as(editor.cookie) });
    expect(again.statusCode).toBe(200);
    const third = linkInLastMail(inbox, inv.email, INVITE_LINK)[1]!;
    // A resend replaces the older link.
    expect((await t.app.inject({ method: 'GET', url: `/api/blog-admin/invitations/${second}` })).statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token: third, password: PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
    // Accepted: nothing more to resend.
    const done = await t.app.inject({ method: 'POST', url: `/api/blog-admin/authors/${inv.id}/resend`, headers: as(editor.cookie) });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(BLOG_MESSAGES.alreadyActive);
  });

  it('an address with an account already is 409; a bad address or an empty name is 400', async () => {
    const taken = await invite(editor.cookie, { name: 'Again', email: author.email.toUpperCase(), role: 'author' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(BLOG_MESSAGES.emailTaken);
    const bad = await invite(editor.cookie, { name: 'Bad', email: 'not an address', role: 'author' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BLOG_MESSAGES.emailInvalid);
    const nameless = await invite(editor.cookie, { name: '  ', email: email('nameless'), role: 'author' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(BLOG_MESSAGES.nameRequired);
  });

  it('wrong links are counted per IP: after the budget even a good link waits (429)', async () => {
    const inv = await invited(editor);
    const ip = '203.0.113.77';
    for (let i = 0; i < 50; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/blog-admin/invitations/${randomToken()}`, remoteAddress: ip });
      expect(res.statusCode).toBe(404);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token: inv.token, password: PASSWORD }, remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(BLOG_MESSAGES.tooManyAttempts);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/blog-admin/invitations/accept', payload: { token: inv.token, password: PASSWORD }, remoteAddress: '203.0.113.78' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('the authors page: role rules', () => {
  it('an editor invites authors and editors, never an administrator', async () => {
    const refused = await invite(editor.cookie, { name: 'Would Be', email: email('wouldbe'), role: 'admin' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOG_MESSAGES.adminsOnly);
    expect((await invite(editor.cookie, { name: 'New Editor', email: email('ned'), role: 'editor' })).statusCode).toBe(201);
    expect((await invite(admin.cookie, { name: 'New Admin', email: email('nad'), role: 'admin' })).statusCode).toBe(201);
  });

  it('an editor cannot resend an administrator’s invitation (the link could come back to them)', async () => {
    const inv = await invited(admin, 'admin');
    const res = await t.app.inject({ method: 'POST', url: `/api/blog-admin/authors/${inv.id}/resend`, headers: as(editor.cookie) });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/blog-admin/authors/${inv.id}/resend`, headers: as(admin.cookie) })).statusCode).toBe(200);
  });

  it('role changes to and from administrator, and removing one, need an administrator', async () => {
    const a = await createBlogAdmin(t.ctx.db, 'author');
    const other = await createBlogAdmin(t.ctx.db, 'admin');
    const patch = (cookie: string, id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${id}`, headers: { cookie }, payload });
    for (const res of [await patch(editor.cookie, a.id, { role: 'admin' }), await patch(editor.cookie, other.id, { role: 'editor' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BLOG_MESSAGES.adminsOnly);
    }
    const promoted = await patch(editor.cookie, a.id, { role: 'editor', name: '  Promoted Pat ', bio: 'Writes about charts.' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().author).toMatchObject({ role: 'editor', name: 'Promoted Pat', bio: 'Writes about charts.' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/blog-admin/authors/${other.id}`, headers: { cookie: editor.cookie } });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(BLOG_MESSAGES.adminsOnly);
    expect((await patch(admin.cookie, other.id, { role: 'editor' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog-admin/authors/nosuchauthor`, headers: { cookie: editor.cookie } })).statusCode).toBe(404);
  });

  it('nobody removes themselves; the last administrator stays one', async () => {
    const self = await t.app.inject({ method: 'DELETE', url: `/api/blog-admin/authors/${admin.id}`, headers: { cookie: admin.cookie } });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(BLOG_MESSAGES.notYourself);
    const sole = await createBlogAdmin(t.ctx.db, 'admin');
    // Everyone else an editor for a moment: `sole` is the only administrator.
    const others = await t.ctx.db.selectFrom('blog_admins').select('id').where('role', '=', 'admin').where('id', '!=', sole.id).execute();
    await t.ctx.db.updateTable('blog_admins').set({ role: 'editor' }).where('id', 'in', others.map((o) => o.id)).execute();
    try {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${sole.id}`, headers: { cookie: sole.cookie }, payload: { role: 'editor' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(BLOG_MESSAGES.lastAdmin);
    } finally {
      await t.ctx.db.updateTable('blog_admins').set({ role: 'admin' }).where('id', 'in', others.map((o) => o.id)).execute();
    }
    // With another administrator, stepping down is fine.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${sole.id}`, headers: { cookie: sole.cookie }, payload: { role: 'editor' } })).statusCode).toBe(200);
  });

  it("removing an account moves its posts to the remover and ends the account's sessions", async () => {
    const leaving = await createBlogAdmin(t.ctx.db, 'author');
    const remover = await createBlogAdmin(t.ctx.db, 'editor');
    const now = nowIso();
    const ids = [newId(), newId()];
    for (const id of ids)
      await t.ctx.db
        .insertInto('blog_posts')
        .values({ id, slug: `moved-${id.toLowerCase()}`, title: 'Moved', excerpt: '', content: '<p>x</p>', cover_image: '', category_id: null, tags: '[]', author_id: leaving.id, status: 'draft', publish_at: null, seo_title: '', seo_description: '', preview_token: randomToken(), version: 1, updated_by: null, created_at: now, updated_at: now })
        .execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/blog-admin/authors/${leaving.id}`, headers: { cookie: remover.cookie } })).json().author.post_count).toBe(2);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/blog-admin/authors/${leaving.id}`, headers: { cookie: remover.cookie } });
    expect(res.statusCode).toBe(204);
    const posts = await t.ctx.db.selectFrom('blog_posts').select('author_id').where('id', 'in', ids).execute();
    expect(posts.map((p) => p.author_id)).toEqual([remover.id, remover.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog-admin/authors/${remover.id}`, headers: { cookie: remover.cookie } })).json().author.post_count).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog-admin/session', headers: { cookie: leaving.cookie } })).statusCode).toBe(401);
    expect(await t.ctx.db.selectFrom('blog_admin_sessions').select('id').where('blog_admin_id', '=', leaving.id).execute()).toEqual([]);
  });

  it('a field the authors page does not send is a 400 naming it, and changes nothing', async () => {
    const m = await member(admin);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${m.id}`, headers: { cookie: editor.cookie }, payload: { name: 'Renamed', email: 'elsewhere@blog.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_field', issues: [{ path: 'email' }] });
    const after = await t.app.inject({ method: 'GET', url: `/api/blog-admin/authors/${m.id}`, headers: { cookie: editor.cookie } });
    expect(after.json().author).toMatchObject({ name: 'Invited Ivy', email: m.email });
  });

  it('an avatar must be an image of the media library', async () => {
    const a = await createBlogAdmin(t.ctx.db, 'author');
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${a.id}`, headers: { cookie: editor.cookie }, payload: { avatar_media_id: 'nosuchimage' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BLOG_MESSAGES.mediaNotFound);
    const id = newId();
    await t.ctx.db.insertInto('blog_media').values({ id, name: 'face.png', type: 'image/png', bytes: 10, width: 1, height: 1, alt: '', uploaded_by: null, created_at: nowIso() }).execute();
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${a.id}`, headers: { cookie: editor.cookie }, payload: { avatar_media_id: id } });
    expect(ok.json().author.avatar).toBe(`/api/blog/media/${id}`);
    const cleared = await t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${a.id}`, headers: { cookie: editor.cookie }, payload: { avatar_media_id: null } });
    expect(cleared.json().author.avatar).toBeNull();
  });
});

describe('XSS corpus: names and bios come back as plain data', () => {
  it('invited names, changed names and bios are kept as typed in JSON, and escaped in the mail', async () => {
    for (const text of TYPED_TEXT_CORPUS) {
      const address = email('xss');
      const res = await invite(admin.cookie, { name: text, email: address, role: 'author' });
      expect(res.statusCode, text).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const id = res.json().author.id as string;
      expect(res.json().author.name).toBe(text.trim());
      const mail = plainText(inbox.messages.filter((m) => m.to.includes(address)).at(-1)!.raw);
      const html = mail.split(/Content-Type: text\/html/i)[1] ?? '';
      expect(html).not.toMatch(/<script|<img src=x|<svg onload|<iframe/i);
      const patched = await t.app.inject({ method: 'PATCH', url: `/api/blog-admin/authors/${id}`, headers: { cookie: admin.cookie }, payload: { name: `${text} 2`, bio: text } });
      expect(patched.statusCode).toBe(200);
      const got = (await t.app.inject({ method: 'GET', url: `/api/blog-admin/authors/${id}`, headers: { cookie: admin.cookie } })).json().author;
      expect(got).toMatchObject({ name: `${text} 2`.trim(), bio: text.trim() });
      const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/blog-admins', headers: { cookie: providerCookie } })).json().authors;
      expect(listed.find((a: { id: string }) => a.id === id)).toMatchObject({ bio: text.trim() });
    }
  });
});

// ---- The role × route matrix ----

type Role = 'anonymous' | 'owner' | 'provider admin' | 'author' | 'editor' | 'admin';
const ROLES: Role[] = ['anonymous', 'owner', 'provider admin', 'author', 'editor', 'admin'];
type Rule = 'public' | 'blog-admin' | 'blog-editor' | 'admin';

/** Every route of the accounts and media part (the posts part has its own matrix). */
const MINE: Record<string, Rule> = {
  'POST /api/blog-admin/login': 'public',
  'GET /api/blog-admin/session': 'blog-admin',
  'POST /api/blog-admin/logout': 'public',
  'GET /api/blog-admin/invitations/:token': 'public',
  'POST /api/blog-admin/invitations/accept': 'public',
  'GET /api/blog-admin/authors': 'blog-editor',
  'POST /api/blog-admin/authors': 'blog-editor',
  'POST /api/blog-admin/authors/:id/resend': 'blog-editor',
  'GET /api/blog-admin/authors/:id': 'blog-editor',
  'PATCH /api/blog-admin/authors/:id': 'blog-editor',
  'DELETE /api/blog-admin/authors/:id': 'blog-editor',
  'GET /api/admin/blog-admins': 'admin',
  'POST /api/admin/blog-admins': 'admin',
  'POST /api/blog-admin/media': 'blog-admin',
  'GET /api/blog-admin/media': 'blog-admin',
  'DELETE /api/blog-admin/media/:id': 'blog-admin',
  'GET /api/blog/media/:id': 'public',
};

interface Call {
  route: keyof typeof MINE;
  /** Built per role (fresh targets, so one role's change does not decide the next one's answer). */
  request: () => Promise<{ url: string; payload?: object | Buffer; headers?: Record<string, string> }>;
  /** The answer of those the rule lets through, per role when it differs. */
  ok: number | Partial<Record<Role, number>>;
}

describe('role × route matrix', () => {
  const cookies: Partial<Record<Role, string>> = {};
  let loginAccount: { email: string };
  let png: Buffer;
  let adminsImage: string;

  beforeAll(async () => {
    const a = await createBlogAdmin(t.ctx.db, 'admin', { name: 'Matrix Admin' });
    cookies.owner = owner.cookie;
    cookies['provider admin'] = providerCookie;
    cookies.author = (await createBlogAdmin(t.ctx.db, 'author', { name: 'Matrix Author' })).cookie;
    cookies.editor = (await createBlogAdmin(t.ctx.db, 'editor', { name: 'Matrix Editor' })).cookie;
    cookies.admin = a.cookie;
    loginAccount = await member(admin);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } }).png().toBuffer();
    adminsImage = await upload('shared.png');
  });

  /** An image the admin fixture uploaded. */
  const upload = async (name = 'mine.png') => {
    const m = multipart(name, png);
    const res = await t.app.inject({ method: 'POST', url: '/api/blog-admin/media', payload: m.payload, headers: { ...m.headers, cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().media.id as string;
  };

  const CALLS: Call[] = [
    { route: 'POST /api/blog-admin/login', request: async () => ({ url: '/api/blog-admin/login', payload: { email: loginAccount.email, password: PASSWORD } }), ok: 200 },
    { route: 'GET /api/blog-admin/session', request: async () => ({ url: '/api/blog-admin/session' }), ok: 200 },
    { route: 'GET /api/blog-admin/invitations/:token', request: async () => ({ url: `/api/blog-admin/invitations/${(await invited(admin)).token}` }), ok: 200 },
    { route: 'POST /api/blog-admin/invitations/accept', request: async () => ({ url: '/api/blog-admin/invitations/accept', payload: { token: (await invited(admin)).token, password: PASSWORD } }), ok: 200 },
    { route: 'GET /api/blog-admin/authors', request: async () => ({ url: '/api/blog-admin/authors' }), ok: 200 },
    { route: 'POST /api/blog-admin/authors', request: async () => ({ url: '/api/blog-admin/authors', payload: { name: 'Matrix Invitee', email: email('matrix'), role: 'author' } }), ok: 201 },
    { route: 'POST /api/blog-admin/authors/:id/resend', request: async () => ({ url: `/api/blog-admin/authors/${(await invited(admin)).id}/resend` }), ok: 200 },
    { route: 'GET /api/blog-admin/authors/:id', request: async () => ({ url: `/api/blog-admin/authors/${author.id}` }), ok: 200 },
    { route: 'PATCH /api/blog-admin/authors/:id', request: async () => ({ url: `/api/blog-admin/authors/${(await createBlogAdmin(t.ctx.db, 'author')).id}`, payload: { bio: 'Matrix bio' } }), ok: 200 },
    { route: 'DELETE /api/blog-admin/authors/:id', request: async () => ({ url: `/api/blog-admin/authors/${(await createBlogAdmin(t.ctx.db, 'author')).id}` }), ok: 204 },
    { route: 'GET /api/admin/blog-admins', request: async () => ({ url: '/api/admin/blog-admins' }), ok: 200 },
    { route: 'POST /api/admin/blog-admins', request: async () => ({ url: '/api/admin/blog-admins', payload: { name: 'Provider Invitee', email: email('provider'), role: 'admin' } }), ok: 201 },
    {
      route: 'POST /api/blog-admin/media',
      request: async () => {
        const m = multipart('matrix.png', png, { alt: 'Matrix' });
        return { url: '/api/blog-admin/media', payload: m.payload, headers: m.headers };
      },
      ok: 201,
    },
    { route: 'GET /api/blog-admin/media', request: async () => ({ url: '/api/blog-admin/media?q=matrix&page=1' }), ok: 200 },
    // Someone else's image: an author may delete only their own.
    { route: 'DELETE /api/blog-admin/media/:id', request: async () => ({ url: `/api/blog-admin/media/${await upload()}` }), ok: { author: 403, editor: 204, admin: 204 } },
    { route: 'GET /api/blog/media/:id', request: async () => ({ url: `/api/blog/media/${adminsImage}` }), ok: 200 },
    // Last: signing out ends each role's session.
    { route: 'POST /api/blog-admin/logout', request: async () => ({ url: '/api/blog-admin/logout' }), ok: 204 },
  ];

  function expected(rule: Rule, role: Role, ok: Call['ok']): number {
    const allowed = typeof ok === 'number' ? ok : (ok[role] ?? 0);
    const blog = role === 'author' || role === 'editor' || role === 'admin';
    switch (rule) {
      case 'public':
        return allowed;
      case 'blog-admin':
        return blog ? allowed : 401;
      case 'blog-editor':
        return !blog ? 401 : role === 'author' ? 403 : allowed;
      case 'admin':
        return role === 'provider admin' ? allowed : 401;
    }
  }

  it('every accounts and media route is in the matrix, with the rule it declares', async () => {
    const built = await buildApp(t.config, { logger: false, migrate: false });
    try {
      const declared = built.routes.filter((r) => r.method !== 'HEAD' && Object.hasOwn(MINE, `${r.method} ${r.url}`));
      expect(declared.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(MINE).sort());
      for (const r of declared) expect(r.access, `${r.method} ${r.url}`).toBe(MINE[`${r.method} ${r.url}`]);
      expect(CALLS.map((c) => c.route).sort()).toEqual(Object.keys(MINE).sort());
    } finally {
      await built.app.close();
    }
  });

  it('each role gets exactly its answer from every route: 0 unexpected', async () => {
    const unexpected: string[] = [];
    let checked = 0;
    for (const call of CALLS) {
      const [method] = call.route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE'];
      const rule = MINE[call.route]!;
      for (const role of ROLES) {
        const r = await call.request();
        const cookie = cookies[role];
        const res = await t.app.inject({ method, url: r.url, headers: { ...(r.headers ?? {}), ...(cookie ? { cookie } : {}) }, ...(r.payload ? { payload: r.payload } : {}) });
        const want = expected(rule, role, call.ok);
        checked++;
        if (res.statusCode !== want) unexpected.push(`${role} ${call.route} → ${res.statusCode} (expected ${want}) ${res.body.slice(0, 160)}`);
        else if (want === 401 && rule !== 'admin' && res.json().message !== BLOG_MESSAGES.signIn) unexpected.push(`${role} ${call.route}: ${res.json().message}`);
        else if (want === 403 && rule === 'blog-editor' && res.json().message !== BLOG_MESSAGES.editorsOnly) unexpected.push(`${role} ${call.route}: ${res.json().message}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(checked).toBe(CALLS.length * ROLES.length);
  });
});
