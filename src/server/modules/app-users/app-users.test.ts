// App users over HTTP on the test database (SQLite and PostgreSQL): the owner's API of shell §7
// with every message of §5, invitations and reset links through a real SMTP peer (smtp-server on
// a random local port), app users' sign-in, sessions kept per app, registration behind a register
// block, and the rate limits.
import { mailSettings, plainText, type ReceivedMail } from '../../testing/smtp';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APP_USER_MESSAGES,
  AppUserSessionResponse,
  AppUsersResponse,
  CreateAppUserResponse,
  FILL_BOTH_MESSAGE,
  UpdateAppUserResponse,
  INVALID_EMAIL_MESSAGE,
} from '../../../shared/api/app-users';
import { newId, nowIso } from '../../http';
import { COMMON_PASSWORD_MESSAGE } from '../../../shared/rules/passwords';
import { createTestApp, signUp, uniqueEmail, type TestUser } from '../../testing/app';
import { testInbox, testServer } from '../../testing/server';
import { INVITATIONS_PER_OWNER, LOGIN_MAX_FAILURES_PER_IP, MAILS_PER_IP } from '../../platform/limits/limiter';
import { purgeExpired } from '../auth/service';
import { REGISTRATIONS_PER_IP, RESET_MAILS_PER_EMAIL, RESET_MAILS_PER_EMAIL_AND_IP } from './routes';
import { appSessionCookie } from '../../identity/app-user-session';


const smtp = testInbox();
// These tests play a proxy in front of the server (X-Forwarded-Proto), so they trust it.
const t = testServer(() => ({ ...mailSettings(smtp), trustProxy: true }));
let inbox: ReceivedMail[] = [];
let owner: TestUser;
let other: TestUser;
/** Apps of `owner`, public (the default): club and shop. */
let club: { id: string; sub: string };
let shop: { id: string; sub: string };

let ipCounter = 0;
/** Every request from its own address unless told, so limiters only bite where tested. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The owner's API, as `who` (default the owner; null: no session). */
function api(method: Method, url: string, payload?: unknown, who: TestUser | null = owner, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
  });
}

/** An app-user endpoint on the app's own host (`{sub}.localhost:3000`). */
function appAuth(
  sub: string | null,
  path: string,
  opts: { method?: Method; payload?: Record<string, unknown>; cookie?: string; ip?: string; query?: string } = {},
) {
  return t.app.inject({
    method: opts.method ?? 'POST',
    url: `/api/app-auth/${path}${opts.query ?? ''}`,
    headers: { host: sub ? `${sub}.localhost:3000` : 'localhost:3000', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    remoteAddress: opts.ip ?? freshIp(),
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
}

/** The `sb_app_{appId}=…` pair of a response, for the next request's Cookie header. */
function appCookie(res: LightMyRequestResponse, appId: string): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = list.find((c) => c.startsWith(`${appSessionCookie(appId)}=`));
  if (!found) throw new Error(`No app session cookie in response ${res.statusCode}: ${res.body}`);
  return found.split(';')[0]!;
}

const me = async (sub: string, cookie?: string) => (await appAuth(sub, 'me', { method: 'GET', cookie })).json().app_user;


/** The token of the `{path}` link of the one mail sent to `to` since the inbox was last emptied. */
function linkTo(to: string, path: '/accept-invitation' | '/reset-password', sub: string) {
  const mails = inbox.filter((m) => m.to.includes(to));
  expect(mails, `mails to ${to}`).toHaveLength(1);
  const text = plainText(mails[0]!.raw);
  const m = text.match(new RegExp(`(https?)://${sub}\\.localhost:3000${path}\\?token=([A-Za-z0-9_%-]+)`));
  if (!m) throw new Error(`no ${path} link in mail:\n${mails[0]!.raw}`);
  return { scheme: m[1]!, token: decodeURIComponent(m[2]!), raw: mails[0]!.raw, text };
}

async function createApp(name: string, subdomain: string, who = owner) {
  const res = await api('POST', '/api/apps', { name, subdomain, kind: 'multipage' }, who);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().app.id as string, sub: subdomain };
}

async function addUser(appId: string, name: string, email: string, permissions: unknown = 'read') {
  const res = await api('POST', '/api/mutipageapp_users', { appId, name, email, permissions });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().new_app_user as { id: string; name: string; email: string; permissions: string; created_at: number };
}

/** Adds an app user, follows their invitation and returns their session cookie. */
async function invited(target: { id: string; sub: string }, password = 'secret-pass-1', email = uniqueEmail('member'), permissions = 'read') {
  inbox.length = 0;
  const user = await addUser(target.id, 'Member', email, permissions);
  const { token } = linkTo(email, '/accept-invitation', target.sub);
  const res = await appAuth(target.sub, 'accept-invitation', { payload: { token, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { user, email, password, cookie: appCookie(res, target.id) };
}

async function addRegisterBlock(appId: string) {
  const page = await t.ctx.db.selectFrom('pages').select('id').where('app_id', '=', appId).executeTakeFirstOrThrow();
  const now = nowIso();
  await t.ctx.db
    .insertInto('blocks')
    .values({ id: newId(), page_id: page.id, position: 99, type: 'register', config: '{}', created_at: now, updated_at: now })
    .execute();
}

beforeAll(async () => {
  inbox = smtp.messages;
  owner = await signUp(t.app, 'Owner Olga');
  other = await signUp(t.app, 'Other Otto');
  club = await createApp('Club', 'club');
  shop = await createApp('Shop', 'shop');
});

describe("the owner's API (/api/mutipageapp_users)", () => {
  it('starts empty, adds a user (201, trimmed, e-mail lower-cased) and lists it', async () => {
    const target = await createApp('Fresh', 'fresh');
    const empty = await api('GET', `/api/mutipageapp_users/${target.id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ app_users: [] });

    const before = Math.floor(Date.now() / 1000);
    const res = await api('POST', '/api/mutipageapp_users', { appId: target.id, name: '  Grace Hopper ', email: ' Grace@Example.COM ', permissions: 'read-write' });
    expect(res.statusCode, res.body).toBe(201);
    expect(CreateAppUserResponse.safeParse(res.json()).error).toBeUndefined();
    const created = res.json().new_app_user;
    expect(created).toEqual({ id: expect.any(String), name: 'Grace Hopper', email: 'grace@example.com', permissions: 'read-write', groups: [], created_at: expect.any(Number) });
    expect(created.created_at).toBeGreaterThanOrEqual(before);
    expect(created.created_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(res.json().invitation_sent).toBe(true);
    // Mailed: the link went to the user only, not back to the owner.
    expect(res.json()).not.toHaveProperty('invitation_link');

    const list = await api('GET', `/api/mutipageapp_users/${target.id}`);
    expect(AppUsersResponse.safeParse(list.json()).error).toBeUndefined();
    expect(list.json().app_users).toEqual([created]);
  });

  it.each([
    ['read-write', 'read-write'],
    ['read', 'read'],
    ['admin', 'read'],
    ['Read-Write', 'read'],
    [42, 'read'],
    [undefined, 'read'],
  ])('stores permissions %j as %s', async (given, stored) => {
    const user = await addUser(club.id, 'Perm', uniqueEmail('perm'), given);
    expect(user.permissions).toBe(stored);
    const row = await t.ctx.db.selectFrom('app_users').select('permissions').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.permissions).toBe(stored);
  });

  it('edits a user (PUT → {updated_user}) and the list shows the change', async () => {
    const user = await addUser(club.id, 'Edit Me', uniqueEmail('edit'));
    const res = await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId: user.id, name: ' Edited ', email: user.email.toUpperCase(), permissions: 'read-write' });
    expect(res.statusCode, res.body).toBe(200);
    expect(UpdateAppUserResponse.safeParse(res.json()).error).toBeUndefined();
    expect(res.json()).toEqual({ updated_user: { ...user, name: 'Edited', permissions: 'read-write' } });
    const listed = (await api('GET', `/api/mutipageapp_users/${club.id}`)).json().app_users.find((u: { id: string }) => u.id === user.id);
    expect(listed).toEqual({ ...user, name: 'Edited', permissions: 'read-write' });
    // Back to read with a permission it does not know.
    const back = await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId: user.id, name: 'Edited', email: user.email, permissions: 'owner' });
    expect(back.json().updated_user.permissions).toBe('read');
  });

  it('deletes a user (204): they disappear, and their sessions and links go with them', async () => {
    const m = await invited(club);
    expect((await me(club.sub, m.cookie))?.email).toBe(m.email);
    inbox.length = 0;
    await appAuth(club.sub, 'forgot-password', { payload: { email: m.email } });
    expect(inbox).toHaveLength(1);
    const res = await api('DELETE', '/api/mutipageapp_users', { appId: club.id, userId: m.user.id });
    expect(res.statusCode, res.body).toBe(204);
    expect((await api('GET', `/api/mutipageapp_users/${club.id}`)).json().app_users.map((u: { id: string }) => u.id)).not.toContain(m.user.id);
    expect(await me(club.sub, m.cookie)).toBeNull();
    expect(await t.ctx.db.selectFrom('app_user_sessions').select('id').where('app_user_id', '=', m.user.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('app_user_tokens').select('id').where('app_user_id', '=', m.user.id).execute()).toEqual([]);
    const again = await api('DELETE', '/api/mutipageapp_users', { appId: club.id, userId: m.user.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(APP_USER_MESSAGES.userNotFound);
  });

  it('answers 404 for an unknown user or a user of another app', async () => {
    const ofShop = await addUser(shop.id, 'Shopper', uniqueEmail('shopper'));
    for (const userId of ['no-such-user', ofShop.id]) {
      const put = await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId, name: 'X', email: 'x@example.com', permissions: 'read' });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe(APP_USER_MESSAGES.userNotFound);
      expect((await api('DELETE', '/api/mutipageapp_users', { appId: club.id, userId })).statusCode).toBe(404);
    }
    // The shop's user is untouched.
    const row = await t.ctx.db.selectFrom('app_users').select(['name', 'email']).where('id', '=', ofShop.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Shopper', email: ofShop.email });
  });

  it.each([
    [{ name: '', email: 'a@example.com' }, FILL_BOTH_MESSAGE],
    [{ name: '   ', email: 'a@example.com' }, FILL_BOTH_MESSAGE],
    [{ name: 'Ann', email: '  ' }, FILL_BOTH_MESSAGE],
    [{ name: ' ', email: '' }, FILL_BOTH_MESSAGE],
    [{ name: 'Ann', email: 'Not-An-Email' }, INVALID_EMAIL_MESSAGE],
    [{ name: 'Ann', email: ' ann@example ' }, INVALID_EMAIL_MESSAGE],
    [{ name: 'Ann', email: 'ann smith@example.com' }, INVALID_EMAIL_MESSAGE],
    [{ name: 'Ann', email: '@example.com' }, INVALID_EMAIL_MESSAGE],
  ])('POST and PUT refuse %j with 400 %s', async (fields, message) => {
    const before = (await api('GET', `/api/mutipageapp_users/${club.id}`)).json().app_users.length;
    const post = await api('POST', '/api/mutipageapp_users', { appId: club.id, permissions: 'read', ...fields });
    expect(post.statusCode).toBe(400);
    expect(post.json().message).toBe(message);
    expect((await api('GET', `/api/mutipageapp_users/${club.id}`)).json().app_users).toHaveLength(before);

    const user = await addUser(club.id, 'Valid', uniqueEmail('valid'));
    const put = await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId: user.id, permissions: 'read', ...fields });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe(message);
    const row = await t.ctx.db.selectFrom('app_users').select(['name', 'email']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Valid', email: user.email });
  });

  it('keeps one user per e-mail per app (409, any case), on POST and PUT; another app may have the same address', async () => {
    const email = uniqueEmail('dup');
    const first = await addUser(club.id, 'First', email);
    const dup = await api('POST', '/api/mutipageapp_users', { appId: club.id, name: 'Second', email: ` ${email.toUpperCase()} `, permissions: 'read' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(APP_USER_MESSAGES.duplicateEmail);

    const second = await addUser(club.id, 'Second', uniqueEmail('second'));
    const put = await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId: second.id, name: 'Second', email, permissions: 'read' });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(APP_USER_MESSAGES.duplicateEmail);

    expect((await addUser(shop.id, 'Elsewhere', email)).email).toBe(first.email);
    const rows = await t.ctx.db.selectFrom('app_users').select('app_id').where('email', '=', email).execute();
    expect(rows.map((r) => r.app_id).sort()).toEqual([club.id, shop.id].sort());
  });

  it('adds exactly one of several racing adds of one address (the rest 409)', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => api('POST', '/api/mutipageapp_users', { appId: club.id, name: `Racer ${i}`, email, permissions: 'read' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.ctx.db.selectFrom('app_users').select('id').where('app_id', '=', club.id).where('email', '=', email).execute()).toHaveLength(1);
  });

  it('lists by created_at ascending, then id', async () => {
    const target = await createApp('Sorted', 'sorted');
    const a = await addUser(target.id, 'A', uniqueEmail('a'));
    const b = await addUser(target.id, 'B', uniqueEmail('b'));
    const c = await addUser(target.id, 'C', uniqueEmail('c'));
    const d = await addUser(target.id, 'D', uniqueEmail('d'));
    const at = async (id: string, seconds: number) => t.ctx.db.updateTable('app_users').set({ created_at: seconds }).where('id', '=', id).execute();
    await at(a.id, 3000);
    await at(b.id, 1000);
    await at(c.id, 2000);
    await at(d.id, 2000);
    const list = (await api('GET', `/api/mutipageapp_users/${target.id}`)).json().app_users as { id: string; created_at: number }[];
    const tie = [c.id, d.id].sort();
    expect(list.map((u) => u.id)).toEqual([b.id, ...tie, a.id]);
    expect(list.map((u) => u.created_at)).toEqual([1000, 2000, 2000, 3000]);
  });

  it('is for the owner only: 401 without a session, 403 for another owner, 404 for an unknown app', async () => {
    const user = await addUser(club.id, 'Guarded', uniqueEmail('guarded'));
    const calls: [Method, string, Record<string, unknown>?][] = [
      ['GET', `/api/mutipageapp_users/${club.id}`],
      ['POST', '/api/mutipageapp_users', { appId: club.id, name: 'Intruder', email: uniqueEmail('intruder'), permissions: 'read-write' }],
      ['PUT', '/api/mutipageapp_users', { appId: club.id, userId: user.id, name: 'Hacked', email: uniqueEmail('hacked'), permissions: 'read-write' }],
      ['DELETE', '/api/mutipageapp_users', { appId: club.id, userId: user.id }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await api(method, url, payload, null)).statusCode, `${method} anonymous`).toBe(401);
      const res = await api(method, url, payload, other);
      expect(res.statusCode, `${method} another owner`).toBe(403);
    }
    const row = await t.ctx.db.selectFrom('app_users').select(['name', 'permissions']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Guarded', permissions: 'read' });
    expect(await t.ctx.db.selectFrom('app_users').select('id').where('name', '=', 'Intruder').execute()).toEqual([]);

    expect((await api('GET', '/api/mutipageapp_users/no-such-app')).statusCode).toBe(404);
    const post = await api('POST', '/api/mutipageapp_users', { appId: 'no-such-app', name: 'X', email: 'x@example.com', permissions: 'read' });
    expect(post.statusCode).toBe(404);
  });

  it("another owner never reads or changes the users of a private app", async () => {
    const secret = await createApp('Secret', 'secret');
    expect((await api('PUT', `/api/apps/${secret.id}`, { public: false })).statusCode).toBe(200);
    const user = await addUser(secret.id, 'Hidden', uniqueEmail('hidden'));
    const reads = await api('GET', `/api/mutipageapp_users/${secret.id}`, undefined, other);
    expect([403, 404]).toContain(reads.statusCode);
    expect(reads.body).not.toContain(user.email);
    const del = await api('DELETE', '/api/mutipageapp_users', { appId: secret.id, userId: user.id }, other);
    expect([403, 404]).toContain(del.statusCode);
    expect((await api('GET', `/api/mutipageapp_users/${secret.id}`)).json().app_users).toHaveLength(1);
  });

  it('validates the body shape (400 naming the field)', async () => {
    const res = await api('POST', '/api/mutipageapp_users', { name: 'No App', email: 'x@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('appId');
    const del = await api('DELETE', '/api/mutipageapp_users', { appId: club.id });
    expect(del.statusCode).toBe(400);
    expect(del.json().issues[0].path).toBe('userId');
  });

  it('deleting the app deletes its users', async () => {
    const gone = await createApp('Gone', 'gone');
    const m = await invited(gone);
    expect((await api('DELETE', `/api/apps/${gone.id}`)).statusCode).toBe(204);
    expect(await t.ctx.db.selectFrom('app_users').select('id').where('app_id', '=', gone.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('app_user_sessions').select('id').where('app_user_id', '=', m.user.id).execute()).toEqual([]);
  });
});

describe('invitations', () => {
  it('mails a link that sets the password once and signs the user in', async () => {
    inbox.length = 0;
    const email = uniqueEmail('invitee');
    const user = await addUser(club.id, 'Ivy Invitee', email, 'read-write');
    const mail = linkTo(email, '/accept-invitation', club.sub);
    expect(mail.scheme).toBe('http');
    expect(mail.raw).toMatch(/Subject: You're invited to Club/);
    expect(mail.text).toContain('valid for 7 days');
    // Only the token's hash is stored.
    const tokens = await t.ctx.db.selectFrom('app_user_tokens').selectAll().where('app_user_id', '=', user.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.purpose).toBe('invite');
    expect(tokens[0]!.id).not.toBe(mail.token);
    const days = (Date.parse(tokens[0]!.expires_at) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // Not a user who can sign in yet.
    expect((await appAuth(club.sub, 'login', { payload: { email, password: 'anything-at-all' } })).statusCode).toBe(401);

    const res = await appAuth(club.sub, 'accept-invitation', { payload: { token: mail.token, password: 'ivy-password' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(AppUserSessionResponse.safeParse(res.json()).error).toBeUndefined();
    expect(res.json()).toEqual({ app_user: { id: user.id, name: 'Ivy Invitee', email, permissions: 'read-write', groups: [] } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^sb_app_${club.id}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = appCookie(res, club.id);
    expect(await me(club.sub, cookie)).toEqual({ id: user.id, name: 'Ivy Invitee', email, permissions: 'read-write', groups: [] });

    const stored = await t.ctx.db.selectFrom('app_users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('ivy-password');

    const again = await appAuth(club.sub, 'accept-invitation', { payload: { token: mail.token, password: 'another-password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(APP_USER_MESSAGES.invalidInvitation);
    expect((await appAuth(club.sub, 'login', { payload: { email, password: 'ivy-password' } })).statusCode).toBe(200);
    expect((await appAuth(club.sub, 'login', { payload: { email, password: 'another-password' } })).statusCode).toBe(401);
  });

  it('a link works only on its own app, before it expires, and with a long enough password', async () => {
    inbox.length = 0;
    const email = uniqueEmail('wanderer');
    await addUser(club.id, 'Wanderer', email);
    const { token } = linkTo(email, '/accept-invitation', club.sub);
    const wrongApp = await appAuth(shop.sub, 'accept-invitation', { payload: { token, password: 'long-enough' } });
    expect(wrongApp.statusCode).toBe(400);
    expect(wrongApp.json().message).toBe(APP_USER_MESSAGES.invalidInvitation);
    const short = await appAuth(club.sub, 'accept-invitation', { payload: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const common = await appAuth(club.sub, 'accept-invitation', { payload: { token, password: 'iloveyou' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    // None used it up.
    expect((await appAuth(club.sub, 'accept-invitation', { payload: { token, password: 'long-enough' } })).statusCode).toBe(200);

    inbox.length = 0;
    const late = uniqueEmail('late');
    const lateUser = await addUser(club.id, 'Late', late);
    const expired = linkTo(late, '/accept-invitation', club.sub);
    await t.ctx.db.updateTable('app_user_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('app_user_id', '=', lateUser.id).execute();
    const res = await appAuth(club.sub, 'accept-invitation', { payload: { token: expired.token, password: 'long-enough' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(APP_USER_MESSAGES.invalidInvitation);
  });

  it('a link used by several requests at once sets the password exactly once', async () => {
    inbox.length = 0;
    const email = uniqueEmail('clicker');
    await addUser(club.id, 'Clicker', email);
    const { token } = linkTo(email, '/accept-invitation', club.sub);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => appAuth(club.sub, 'accept-invitation', { payload: { token, password: `password-${i}` } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('changing the e-mail of a user who has not set a password invites the new address; the old link stops working', async () => {
    inbox.length = 0;
    const oldEmail = uniqueEmail('typo');
    const user = await addUser(club.id, 'Typo', oldEmail);
    const oldLink = linkTo(oldEmail, '/accept-invitation', club.sub);
    inbox.length = 0;
    const newEmail = uniqueEmail('fixed');
    const res = await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId: user.id, name: 'Typo', email: newEmail, permissions: 'read' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invitation_sent).toBe(true);
    expect(inbox.map((m) => m.to)).toEqual([[newEmail]]);
    const newLink = linkTo(newEmail, '/accept-invitation', club.sub);
    expect((await appAuth(club.sub, 'accept-invitation', { payload: { token: oldLink.token, password: 'long-enough' } })).statusCode).toBe(400);
    const ok = await appAuth(club.sub, 'accept-invitation', { payload: { token: newLink.token, password: 'long-enough' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().app_user.email).toBe(newEmail);

    // A name change sends nothing.
    inbox.length = 0;
    const renamed = await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId: user.id, name: 'Renamed', email: newEmail, permissions: 'read' });
    expect(renamed.json()).not.toHaveProperty('invitation_sent');
    expect(inbox).toEqual([]);
  });

  it('changing the e-mail of a user with a password sends nothing; they sign in at the new address', async () => {
    const m = await invited(club, 'settled-pass');
    inbox.length = 0;
    const newEmail = uniqueEmail('moved');
    const res = await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId: m.user.id, name: 'Member', email: newEmail, permissions: 'read' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('invitation_sent');
    expect(inbox).toEqual([]);
    expect((await appAuth(club.sub, 'login', { payload: { email: newEmail, password: 'settled-pass' } })).statusCode).toBe(200);
    expect((await appAuth(club.sub, 'login', { payload: { email: m.email, password: 'settled-pass' } })).statusCode).toBe(401);
  });

  it('escapes the names in the HTML part and uses https only when the request came over https', async () => {
    inbox.length = 0;
    const email = uniqueEmail('html');
    await addUser(club.id, '<b>Bold</b> & "Co"', email);
    const mail = linkTo(email, '/accept-invitation', club.sub);
    expect(mail.text).toContain('Hello &#60;b&#62;Bold&#60;/b&#62; &#38; &#34;Co&#34;,</p>');
    expect(mail.text).not.toContain('<p>Hello <b>');

    for (const [proto, scheme] of [
      ['https', 'https'],
      ['https://evil.example/#', 'http'],
    ]) {
      inbox.length = 0;
      const e = uniqueEmail('proto');
      const res = await api('POST', '/api/mutipageapp_users', { appId: club.id, name: 'Proto', email: e, permissions: 'read' }, owner, { 'x-forwarded-proto': proto! });
      expect(res.statusCode).toBe(201);
      expect(linkTo(e, '/accept-invitation', club.sub).scheme).toBe(scheme);
      expect(inbox[0]!.raw).not.toContain('evil');
    }
  });

  it('adds the user even when the mail server refuses, answering invitation_sent: false', async () => {
    const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const o = await signUp(down.app, 'Down Owner');
      const created = await down.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: o.cookie }, payload: { name: 'Down', kind: 'multipage' } });
      const appId = created.json().app.id as string;
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/mutipageapp_users',
        headers: { cookie: o.cookie },
        payload: { appId, name: 'Unlucky', email: 'unlucky@example.com', permissions: 'read' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().invitation_sent).toBe(false);
      // Not mailed: the owner gets the link to pass on.
      expect(res.json().invitation_link).toMatch(/\/accept-invitation\?token=/);
      const list = await down.app.inject({ method: 'GET', url: `/api/mutipageapp_users/${appId}`, headers: { cookie: o.cookie } });
      expect(list.json().app_users.map((u: { email: string }) => u.email)).toEqual(['unlucky@example.com']);
    } finally {
      await down.close();
    }
  });
});

describe('signing in as an app user', () => {
  it('signs in with the right password only; an unknown address gets the same answer', async () => {
    const m = await invited(club, 'right-password');
    const wrong = await appAuth(club.sub, 'login', { payload: { email: m.email, password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(APP_USER_MESSAGES.invalidCredentials);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await appAuth(club.sub, 'login', { payload: { email: 'nobody@example.com', password: 'right-password' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(APP_USER_MESSAGES.invalidCredentials);
    // The owner's own account is not an app user.
    expect((await appAuth(club.sub, 'login', { payload: { email: owner.email, password: 'correct horse' } })).statusCode).toBe(401);

    const ok = await appAuth(club.sub, 'login', { payload: { email: ` ${m.email.toUpperCase()} `, password: 'right-password' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ app_user: { id: m.user.id, name: 'Member', email: m.email, permissions: 'read', groups: [] } });
    expect(await me(club.sub, appCookie(ok, club.id))).toEqual(ok.json().app_user);
    expect(await me(club.sub)).toBeNull();

    const bad = await appAuth(club.sub, 'login', { payload: { email: m.email } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('password');
  });

  it('permissions come from the user record on every request', async () => {
    const m = await invited(club);
    expect((await me(club.sub, m.cookie)).permissions).toBe('read');
    await api('PUT', '/api/mutipageapp_users', { appId: club.id, userId: m.user.id, name: 'Promoted', email: m.email, permissions: 'read-write' });
    expect(await me(club.sub, m.cookie)).toMatchObject({ name: 'Promoted', permissions: 'read-write' });
  });

  it('logout ends the session and clears the cookie', async () => {
    const m = await invited(club);
    const out = await appAuth(club.sub, 'logout', { cookie: m.cookie });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^sb_app_${club.id}=;`));
    expect(await me(club.sub, m.cookie)).toBeNull();
    const hash = await t.ctx.db.selectFrom('app_user_sessions').select('id').where('app_user_id', '=', m.user.id).execute();
    expect(hash).toEqual([]);
    // Logging out without a session is fine too.
    expect((await appAuth(club.sub, 'logout')).statusCode).toBe(204);
  });

  it("a session of one app is refused by another, even under the other app's cookie name", async () => {
    const email = uniqueEmail('both');
    const inClub = await invited(club, 'club-password', email);
    const inShop = await invited(shop, 'shop-password', email);
    expect(inClub.user.id).not.toBe(inShop.user.id);
    expect(await me(shop.sub, inClub.cookie)).toBeNull();
    const token = inClub.cookie.split('=')[1]!;
    expect(await me(shop.sub, `${appSessionCookie(shop.id)}=${token}`)).toBeNull();
    expect((await me(club.sub, inClub.cookie)).id).toBe(inClub.user.id);
    expect((await me(shop.sub, inShop.cookie)).id).toBe(inShop.user.id);
    // Each app checks its own password.
    expect((await appAuth(shop.sub, 'login', { payload: { email, password: 'club-password' } })).statusCode).toBe(401);
    // An owner session is not an app-user session.
    expect(await me(club.sub, owner.cookie)).toBeNull();
  });

  it('names the app by host, `app` or `board`; an unknown app is 404', async () => {
    const m = await invited(club);
    expect((await appAuth(null, 'me', { method: 'GET', cookie: m.cookie, query: '?board=/club/home' })).json().app_user.id).toBe(m.user.id);
    expect((await appAuth(null, 'me', { method: 'GET', cookie: m.cookie, query: `?app=${club.id}` })).json().app_user.id).toBe(m.user.id);
    const login = await appAuth(null, 'login', { query: '?board=/club', payload: { email: m.email, password: m.password } });
    expect(login.statusCode).toBe(200);
    expect(appCookie(login, club.id)).toMatch(/^sb_app_/);
    for (const [sub, query] of [
      ['nowhere', ''],
      [null, ''],
      [null, '?board=/nowhere'],
    ] as const) {
      const res = await appAuth(sub, 'me', { method: 'GET', query });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(APP_USER_MESSAGES.appNotFound);
    }
    expect((await appAuth('nowhere', 'login', { payload: { email: m.email, password: m.password } })).statusCode).toBe(404);
  });

  it('marks the cookie Secure over https', async () => {
    const m = await invited(club);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app-auth/login',
      headers: { host: 'club.localhost:3000', 'x-forwarded-proto': 'https' },
      remoteAddress: freshIp(),
      payload: { email: m.email, password: m.password },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });
});

describe('registration', () => {
  it('is refused (403) until a page of the app holds a register block, then adds a read user and signs in', async () => {
    const target = await createApp('Open', 'open');
    const email = uniqueEmail('newcomer');
    const closed = await appAuth(target.sub, 'register', { payload: { name: 'Newcomer', email, password: 'newcomer-pass' } });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(APP_USER_MESSAGES.signUpClosed);
    expect(await t.ctx.db.selectFrom('app_users').select('id').where('app_id', '=', target.id).execute()).toEqual([]);

    await addRegisterBlock(target.id);
    const res = await appAuth(target.sub, 'register', { payload: { name: ' Newcomer ', email: email.toUpperCase(), password: 'newcomer-pass' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ app_user: { id: expect.any(String), name: 'Newcomer', email, permissions: 'read', groups: [] } });
    expect(await me(target.sub, appCookie(res, target.id))).toEqual(res.json().app_user);
    const listed = (await api('GET', `/api/mutipageapp_users/${target.id}`)).json().app_users;
    expect(listed).toEqual([{ ...res.json().app_user, created_at: expect.any(Number) }]);
    expect((await appAuth(target.sub, 'login', { payload: { email, password: 'newcomer-pass' } })).statusCode).toBe(200);

    const dup = await appAuth(target.sub, 'register', { payload: { name: 'Again', email, password: 'another-pass' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(APP_USER_MESSAGES.duplicateEmail);

    // An invited address cannot be taken over by registering it.
    const invitedEmail = uniqueEmail('invited');
    await addUser(target.id, 'Invited', invitedEmail);
    const takeover = await appAuth(target.sub, 'register', { payload: { name: 'Thief', email: invitedEmail, password: 'thief-pass' } });
    expect(takeover.statusCode).toBe(409);
    const row = await t.ctx.db.selectFrom('app_users').select(['name', 'password_hash']).where('email', '=', invitedEmail).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Invited', password_hash: null });

    // A register block on another app opens nothing here.
    const shopRes = await appAuth(shop.sub, 'register', { payload: { name: 'N', email: uniqueEmail('n'), password: 'long-enough' } });
    expect(shopRes.statusCode).toBe(403);
  });

  it('validates the body', async () => {
    const target = await createApp('Checked', 'checked');
    await addRegisterBlock(target.id);
    for (const [payload, message] of [
      [{ name: 'A', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters'],
      [{ name: 'A', email: 'not-an-email', password: 'long-enough' }, 'Please enter a valid email address'],
      [{ name: ' ', email: 'a@example.com', password: 'long-enough' }, 'Name is required'],
      [{ name: 'A', email: 'a@example.com', password: 'password1' }, COMMON_PASSWORD_MESSAGE],
    ] as const) {
      const res = await appAuth(target.sub, 'register', { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A field sign-up does not take is refused by name, not dropped: no one signs up read-write.
    const extra = await appAuth(target.sub, 'register', { payload: { name: 'A', email: 'a@example.com', password: 'long-enough', permissions: 'read-write' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'unknown_field', issues: [{ path: 'permissions' }] });
    expect(await t.ctx.db.selectFrom('app_users').select('id').where('app_id', '=', target.id).execute()).toEqual([]);
  });
});

describe('forgot and reset password', () => {
  it('answers {ok: true} for anyone and mails a one-hour link only to users of the app', async () => {
    const m = await invited(club);
    inbox.length = 0;
    const unknown = await appAuth(club.sub, 'forgot-password', { payload: { email: 'stranger@example.com' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    // A user of another app is a stranger here.
    const shopUser = await addUser(shop.id, 'Shop Only', uniqueEmail('shoponly'));
    inbox.length = 0;
    expect((await appAuth(club.sub, 'forgot-password', { payload: { email: shopUser.email } })).json()).toEqual({ ok: true });
    expect(inbox).toEqual([]);

    const res = await appAuth(club.sub, 'forgot-password', { payload: { email: m.email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = linkTo(m.email, '/reset-password', club.sub);
    expect(mail.raw).toMatch(/Subject: Reset your password for Club/);
    expect(mail.text).toContain('valid for 60 minutes');
    const row = await t.ctx.db.selectFrom('app_user_tokens').selectAll().where('app_user_id', '=', m.user.id).where('purpose', '=', 'reset').executeTakeFirstOrThrow();
    const minutes = (Date.parse(row.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('a reset link sets the new password once, signs in and ends the other sessions', async () => {
    const m = await invited(club, 'old-password');
    inbox.length = 0;
    await appAuth(club.sub, 'forgot-password', { payload: { email: m.email } });
    const { token } = linkTo(m.email, '/reset-password', club.sub);

    const common = await appAuth(club.sub, 'reset-password', { payload: { token, password: 'letmein123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    const res = await appAuth(club.sub, 'reset-password', { payload: { token, password: 'new-password' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ app_user: { id: m.user.id, name: 'Member', email: m.email, permissions: 'read', groups: [] } });
    expect((await me(club.sub, appCookie(res, club.id)))?.id).toBe(m.user.id);
    // The session from before the reset is over.
    expect(await me(club.sub, m.cookie)).toBeNull();
    expect((await appAuth(club.sub, 'login', { payload: { email: m.email, password: 'old-password' } })).statusCode).toBe(401);
    expect((await appAuth(club.sub, 'login', { payload: { email: m.email, password: 'new-password' } })).statusCode).toBe(200);

    const again = await appAuth(club.sub, 'reset-password', { payload: { token, password: 'third-password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(APP_USER_MESSAGES.invalidReset);
  });

  it('an invitation link cannot reset, a reset link cannot accept, and reset links expire', async () => {
    inbox.length = 0;
    const email = uniqueEmail('mixed');
    const user = await addUser(club.id, 'Mixed', email);
    const invite = linkTo(email, '/accept-invitation', club.sub);
    const asReset = await appAuth(club.sub, 'reset-password', { payload: { token: invite.token, password: 'long-enough' } });
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json().message).toBe(APP_USER_MESSAGES.invalidReset);

    inbox.length = 0;
    await appAuth(club.sub, 'forgot-password', { payload: { email } });
    const reset = linkTo(email, '/reset-password', club.sub);
    expect((await appAuth(club.sub, 'accept-invitation', { payload: { token: reset.token, password: 'long-enough' } })).statusCode).toBe(400);
    await t.ctx.db.updateTable('app_user_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('app_user_id', '=', user.id).where('purpose', '=', 'reset').execute();
    expect((await appAuth(club.sub, 'reset-password', { payload: { token: reset.token, password: 'long-enough' } })).statusCode).toBe(400);
    // The invitation still works.
    expect((await appAuth(club.sub, 'accept-invitation', { payload: { token: invite.token, password: 'long-enough' } })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('10 failed logins for one address from one IP answer 429 (right password or not); other IPs still get in', async () => {
    const m = await invited(club, 'the-right-one');
    const ip = '10.77.0.1';
    const login = (password: string, from = ip) => appAuth(club.sub, 'login', { ip: from, payload: { email: m.email, password } });
    for (let i = 0; i < 10; i++) expect((await login(`guess-${i}`)).statusCode).toBe(401);
    const blocked = await login('the-right-one');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    expect((await login('the-right-one', '10.77.0.2')).statusCode).toBe(200);
    // The same address in another app is another user: not locked.
    const inShop = await invited(shop, 'shop-right-one', m.email);
    expect((await appAuth(shop.sub, 'login', { ip, payload: { email: inShop.email, password: 'shop-right-one' } })).statusCode).toBe(200);
  });

  it('guesses spread over many IPs lock the address, but not for a browser that signed in to it before', async () => {
    const m = await invited(club, 'spread-right-one');
    const first = await appAuth(club.sub, 'login', { payload: { email: m.email, password: 'spread-right-one' } });
    const device = first.cookies.find((c) => c.name === 'sb_device');
    expect(device?.httpOnly).toBe(true);
    for (let i = 0; i < 100; i++) expect((await appAuth(club.sub, 'login', { payload: { email: m.email, password: `guess-${i}` } })).statusCode).toBe(401);
    expect((await appAuth(club.sub, 'login', { payload: { email: m.email, password: 'spread-right-one' } })).statusCode).toBe(429);
    const known = await appAuth(club.sub, 'login', { cookie: `sb_device=${device!.value}`, payload: { email: m.email, password: 'spread-right-one' } });
    expect(known.statusCode).toBe(200);
  });

  it(`an owner sends at most ${INVITATIONS_PER_OWNER} invitations an hour; then adding is refused (nothing added) and edits that mail nothing still work`, async () => {
    const busy = await signUp(t.app, 'Busy Bea');
    const res = await api('POST', '/api/apps', { name: 'Busy', subdomain: 'busy-bea', kind: 'multipage' }, busy);
    const appId = res.json().app.id as string;
    const add = (i: number) => api('POST', '/api/mutipageapp_users', { appId, name: `Guest ${i}`, email: `guest-${i}@example.com`, permissions: 'read' }, busy);
    let last = null as null | { id: string };
    for (let i = 0; i < INVITATIONS_PER_OWNER; i++) {
      const r = await add(i);
      expect(r.statusCode, r.body).toBe(201);
      last = r.json().new_app_user;
    }
    const refused = await add(INVITATIONS_PER_OWNER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many invitations sent. Please wait 60 minutes and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    const list = await api('GET', `/api/mutipageapp_users/${appId}`, undefined, busy);
    expect(list.json().app_users).toHaveLength(INVITATIONS_PER_OWNER);
    // A permission change mails nothing: allowed. A new address for someone not yet signed up would mail: refused, unchanged.
    const edit = (email: string) => api('PUT', '/api/mutipageapp_users', { appId, userId: last!.id, name: 'Guest', email, permissions: 'read-write' }, busy);
    expect((await edit(`guest-${INVITATIONS_PER_OWNER - 1}@example.com`)).statusCode).toBe(200);
    const moved = await edit('elsewhere@example.com');
    expect(moved.statusCode).toBe(429);
    const after = (await api('GET', `/api/mutipageapp_users/${appId}`, undefined, busy)).json().app_users as { id: string; email: string }[];
    expect(after.find((u) => u.id === last!.id)?.email).toBe(`guest-${INVITATIONS_PER_OWNER - 1}@example.com`);
    // Another owner is not held by this one.
    expect((await api('POST', '/api/mutipageapp_users', { appId: club.id, name: 'Fresh', email: uniqueEmail('fresh'), permissions: 'read' })).statusCode).toBe(201);
  });

  it('a success clears the count of its address and IP', async () => {
    const m = await invited(club, 'remembered');
    const login = (password: string) => appAuth(club.sub, 'login', { ip: '10.77.1.1', payload: { email: m.email, password } });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await login('nope-nope')).statusCode).toBe(401);
      expect((await login('remembered')).statusCode).toBe(200);
    }
  });

  it('an address counts however it is written (capitals, spaces), as the sign-in reads it', async () => {
    // The limit reads the body before Fastify parses it and counts failures after: both key the
    // address the schema's way, so spellings of one address share one count.
    const m = await invited(club, 'spelled-right');
    const spellings = [m.email, m.email.toUpperCase(), `  ${m.email} `];
    const login = (email: string, password: string) => appAuth(club.sub, 'login', { ip: '10.77.9.1', payload: { email, password } });
    for (let i = 0; i < 10; i++) expect((await login(spellings[i % 3]!, `guess-${i}`)).statusCode).toBe(401);
    expect((await login(` ${m.email.toUpperCase()}`, 'spelled-right')).statusCode).toBe(429);
  });

  it(`one IP failing against many addresses is stopped after ${LOGIN_MAX_FAILURES_PER_IP} failures`, async () => {
    const m = await invited(club, 'victim-pass');
    const ip = '10.77.2.1';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
      const res = await appAuth(club.sub, 'login', { ip, payload: { email: `probe-${i}@example.com`, password: 'guess-guess' } });
      expect(res.statusCode).toBe(401);
    }
    expect((await appAuth(club.sub, 'login', { ip, payload: { email: m.email, password: 'victim-pass' } })).statusCode).toBe(429);
    // Bad links from that IP are refused too, before they are looked up.
    const link = await appAuth(club.sub, 'accept-invitation', { ip, payload: { token: 'x'.repeat(43), password: 'long-enough' } });
    expect(link.statusCode).toBe(429);
    expect(link.json().message).toBe('Too many failed attempts. Please wait 15 minutes and try again.');
    expect((await appAuth(club.sub, 'login', { ip: '10.77.2.2', payload: { email: m.email, password: 'victim-pass' } })).statusCode).toBe(200);
  });

  it('guessing links from one IP is stopped', async () => {
    const ip = '10.77.3.1';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
      const path = i % 2 ? 'reset-password' : 'accept-invitation';
      expect((await appAuth(club.sub, path, { ip, payload: { token: `guess-${i}`, password: 'long-enough' } })).statusCode).toBe(400);
    }
    const res = await appAuth(club.sub, 'reset-password', { ip, payload: { token: 'one-more', password: 'long-enough' } });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    // Another IP with a real link is not affected.
    const m = await invited(club);
    expect(m.user.id).toBeTruthy();
  });

  it(`reset mails: ${RESET_MAILS_PER_EMAIL_AND_IP} per address and IP, ${RESET_MAILS_PER_EMAIL} per address, ${MAILS_PER_IP} per IP`, async () => {
    const m = await invited(club);
    inbox.length = 0;
    const forgot = (email: string, ip: string) => appAuth(club.sub, 'forgot-password', { ip, payload: { email } });
    for (let i = 0; i < RESET_MAILS_PER_EMAIL_AND_IP; i++) expect((await forgot(m.email, '10.77.4.1')).statusCode).toBe(200);
    const blocked = await forgot(m.email, '10.77.4.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many password reset requests. Please wait 15 minutes and try again.');
    expect(inbox).toHaveLength(RESET_MAILS_PER_EMAIL_AND_IP);
    // Other IPs, up to the address's own budget.
    for (let i = RESET_MAILS_PER_EMAIL_AND_IP; i < RESET_MAILS_PER_EMAIL; i++) expect((await forgot(m.email, `10.77.5.${i}`)).statusCode).toBe(200);
    expect((await forgot(m.email, '10.77.5.200')).statusCode).toBe(429);
    expect(inbox).toHaveLength(RESET_MAILS_PER_EMAIL);
    // Strangers' addresses count against the IP too.
    for (let i = 0; i < MAILS_PER_IP; i++) expect((await forgot(`someone-${i}@example.com`, '10.77.6.1')).statusCode).toBe(200);
    expect((await forgot('someone-else@example.com', '10.77.6.1')).statusCode).toBe(429);
  });

  it(`at most ${REGISTRATIONS_PER_IP} registrations per IP`, async () => {
    const target = await createApp('Popular', 'popular');
    await addRegisterBlock(target.id);
    const ip = '10.77.7.1';
    for (let i = 0; i < REGISTRATIONS_PER_IP; i++) {
      const res = await appAuth(target.sub, 'register', { ip, payload: { name: `Bot ${i}`, email: uniqueEmail('bot'), password: 'long-enough' } });
      expect(res.statusCode).toBe(201);
    }
    const res = await appAuth(target.sub, 'register', { ip, payload: { name: 'One more', email: uniqueEmail('bot'), password: 'long-enough' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many sign-up attempts. Please wait 15 minutes and try again.');
    expect((await appAuth(target.sub, 'register', { ip: '10.77.7.2', payload: { name: 'Human', email: uniqueEmail('human'), password: 'long-enough' } })).statusCode).toBe(201);
  });
});

describe('purging', () => {
  it('drops expired app-user sessions and links, keeps live ones', async () => {
    const m = await invited(club);
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 3600_000).toISOString();
    await t.ctx.db
      .insertInto('app_user_sessions')
      .values({ id: 'expired-session', app_user_id: m.user.id, app_id: club.id, expires_at: past, created_at: past })
      .execute();
    await t.ctx.db
      .insertInto('app_user_tokens')
      .values([
        { id: 'expired-token', app_user_id: m.user.id, purpose: 'reset', expires_at: past, used_at: null, created_at: past },
        { id: 'live-token', app_user_id: m.user.id, purpose: 'reset', expires_at: future, used_at: null, created_at: past },
      ])
      .execute();
    await purgeExpired(t.ctx);
    const sessions = await t.ctx.db.selectFrom('app_user_sessions').select('id').where('app_user_id', '=', m.user.id).execute();
    expect(sessions.map((s) => s.id)).not.toContain('expired-session');
    expect(sessions).toHaveLength(1);
    const tokens = await t.ctx.db.selectFrom('app_user_tokens').select('id').where('app_user_id', '=', m.user.id).execute();
    // The used (unexpired) invitation stays until it expires; the expired reset link is gone.
    expect(tokens.map((x) => x.id)).toContain('live-token');
    expect(tokens.map((x) => x.id)).not.toContain('expired-token');
    expect(tokens).toHaveLength(2);
    expect((await me(club.sub, m.cookie))?.id).toBe(m.user.id);
  });
});
