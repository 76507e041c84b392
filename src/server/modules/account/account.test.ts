// Owner accounts (issue 18) through a real SMTP peer: password reset links (one use, 1 hour, the
// same answer for unknown addresses, every session ended), address verification at sign-up and
// on demand, publishing refused until verified, address and password changes, the sessions list,
// and deleting the account with its workspace's data (rows, apps, files on disk).
import crypto from 'node:crypto';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db';
import { migrations } from '../../db/migrations';
import { linkInLastMail, mailSettings } from '../../testing/smtp';
import { isStored, multipart, sessionCookie, signUp, TEST_PG_URL, uniqueEmail, type TestUser } from '../../testing/app';
import { testInbox, testServer } from '../../testing/server';
import { uploadKey } from '../../platform/storage';
import { ACCOUNT_MESSAGES, EMAIL_UNVERIFIED } from '../../../shared/api/account';
import { RESETS_PER_WINDOW } from './service';

const smtp = testInbox();
const t = testServer(() => mailSettings(smtp));

const as = (u: { cookie: string }) => ({ cookie: u.cookie });
const resetToken = (email: string) => decodeURIComponent(linkInLastMail(smtp, email, /\/dashboard\/forgetPassword\?token=([A-Za-z0-9_%-]+)/)[1]!);
const verifyToken = (email: string) => decodeURIComponent(linkInLastMail(smtp, email, /\/dashboard\/emailVerify\?token=([A-Za-z0-9_%-]+)/)[1]!);
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

async function login(email: string, password: string, userAgent?: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: userAgent ? { 'user-agent': userAgent } : {} });
}
async function loginCookie(email: string, password: string, userAgent?: string): Promise<string> {
  const res = await login(email, password, userAgent);
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}
async function me(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
}
async function account(u: { cookie: string }) {
  const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: as(u) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().account as { email: string; name: string; email_verified: boolean; pending_email: string | null };
}

describe('password reset by e-mail', () => {
  it('answers the same for unknown addresses, and mails a link only to an account', async () => {
    const u = await signUp(t.app, 'Rita', uniqueEmail('rita'), 'correct horse');
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email.toUpperCase() } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: uniqueEmail('nobody') } });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(ACCOUNT_MESSAGES.resetSent);
    const mail = mailsTo(u.email).at(-1)!;
    expect(mail.raw).toMatch(/Subject: Choose a new Sheetboard password/);
    expect(resetToken(u.email)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'not an address' } });
    expect(bad.statusCode).toBe(400);
  });

  it('a link sets a new password once, ends every session of the account, and the old password stops working', async () => {
    const u = await signUp(t.app, 'Reset Ron', uniqueEmail('ron'), 'correct horse');
    const elsewhere = await loginCookie(u.email, 'correct horse');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
    const token = resetToken(u.email);

    // The owners' password rules apply: too short, too common; a refused password keeps the link.
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 8 characters/);
    const common = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);

    const done = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a brand new secret' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(ACCOUNT_MESSAGES.resetDone);
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(u.email, 'correct horse')).statusCode).toBe(401);
    expect((await login(u.email, 'a brand new secret')).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'yet another secret' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token', message: ACCOUNT_MESSAGES.badResetLink });
  });

  it('a link can be checked when its page opens, without spending it: it works, then once used or expired it says so at once', async () => {
    const u = await signUp(t.app, 'Check Chloe', uniqueEmail('chloe'), 'correct horse');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
    const token = resetToken(u.email);
    const check = () => t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token } });
    for (let i = 0; i < 2; i++) {
      const ok = await check();
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ message: ACCOUNT_MESSAGES.resetLinkWorks });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a brand new secret' } })).statusCode).toBe(200);
    const used = await check();
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'invalid_token', message: ACCOUNT_MESSAGES.badResetLink });
    const made = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token: 'x'.repeat(43) } });
    expect(made.json()).toMatchObject({ code: 'invalid_token' });
    // Strict body: an unknown field is refused in words.
    const extra = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token, password: 'x' } });
    expect(extra.statusCode).toBe(400);
  });

  it('a link is valid for one hour', async () => {
    const u = await signUp(t.app, 'Late Lou', uniqueEmail('lou'), 'correct horse');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
    const token = resetToken(u.email);
    const row = await t.ctx.db.selectFrom('account_tokens').select(['created_at', 'expires_at']).where('user_id', '=', u.id).where('purpose', '=', 'reset').executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(3600_000);
    // An hour later (the row's clock moved back by an hour and a second): refused.
    const past = (iso: string) => new Date(Date.parse(iso) - 3601_000).toISOString();
    await t.ctx.db.updateTable('account_tokens').set({ created_at: past(row.created_at), expires_at: past(row.expires_at) }).where('user_id', '=', u.id).execute();
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a brand new secret' } });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('invalid_token');
    expect((await login(u.email, 'correct horse')).statusCode).toBe(200);
  });

  it(`an address gets at most ${RESETS_PER_WINDOW} links an hour (the answer stays the same)`, async () => {
    const u = await signUp(t.app, 'Many Mo', uniqueEmail('mo'), 'correct horse');
    const before = mailsTo(u.email).length;
    for (let i = 0; i < RESETS_PER_WINDOW + 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email }, remoteAddress: `10.9.0.${i + 1}` });
      expect(res.statusCode).toBe(202);
    }
    expect(mailsTo(u.email).length - before).toBe(RESETS_PER_WINDOW);
  });

  it('one network asking for too many links is refused with 429, like sign-in links', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++)
      last = (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: uniqueEmail('flood') }, remoteAddress: '10.7.7.7' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('address verification', () => {
  it('sign-up mails a link; until it is followed the owner builds but cannot publish; following it (signed out) verifies and ends the sessions', async () => {
    const email = uniqueEmail('vera');
    const u = await signUp(t.app, 'Vera', email, 'correct horse', { verified: false });
    expect(mailsTo(email).at(-1)!.raw).toMatch(/Subject: Verify your Sheetboard e-mail address/);
    expect(await account(u)).toMatchObject({ email, email_verified: false, pending_email: null });

    // Building works: a private board, blocks.
    const created = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(u), payload: { name: 'Draft board', kind: 'board' } });
    expect(created.statusCode).toBe(201);
    const appId = created.json().app.id as string;
    // Publishing does not: going live, creating a public app, submitting to the marketplace.
    const live = await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(u), payload: { public: true } });
    expect(live.statusCode).toBe(403);
    expect(live.json()).toMatchObject({ code: EMAIL_UNVERIFIED, message: ACCOUNT_MESSAGES.unverifiedOwner });
    const publicNew = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(u), payload: { name: 'Public board', kind: 'board', public: true } });
    expect(publicNew.statusCode).toBe(403);
    expect(publicNew.json().code).toBe(EMAIL_UNVERIFIED);
    const submit = await t.app.inject({ method: 'PUT', url: '/api/multipage/marketplace/review-request', headers: as(u), payload: { form: { app_id: appId, title: 'Sales tracker', summary: 'Track sales', tags: 'sales', description: '<p>Sales</p>', category: 'sales-crm', price: 5, is_free: true, thumbnail: '/api/uploads/abc', thumbnail_bg_color: '#e3f2fd', additional_images: [] } } });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().code).toBe(EMAIL_UNVERIFIED);
    // Other changes of the app are fine.
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(u), payload: { name: 'Renamed draft' } })).statusCode).toBe(200);

    // A resend mails a fresh link; both work until one is followed.
    const resend = await t.app.inject({ method: 'POST', url: '/api/account/verification', headers: as(u) });
    expect(resend.statusCode).toBe(202);
    expect(resend.json().message).toBe(ACCOUNT_MESSAGES.verificationSent(email));
    const token = verifyToken(email);

    const followed = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ email, changed: false });
    // Proving the address proves who owns the account: the sessions of whoever signed up end
    // (ownership.test.ts), so the owner signs in again.
    expect((await me(u.cookie)).statusCode).toBe(401);
    u.cookie = await loginCookie(email, 'correct horse');
    expect(await account(u)).toMatchObject({ email_verified: true });
    const used = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'invalid_token', message: ACCOUNT_MESSAGES.badVerifyLink });

    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(u), payload: { public: true } })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/account/verification', headers: as(u) });
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
  });

  it("an editor of an unverified owner's workspace cannot publish either, and is told whose address it is", async () => {
    const o = await signUp(t.app, 'Unverified Uma', uniqueEmail('uma'), 'correct horse', { verified: false });
    const ed = await signUp(t.app, 'Editor Ed');
    const ws = await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', o.id).executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('workspace_editors')
      .values({ id: `ed${Date.now().toString(36)}`, workspace_id: ws.id, email: ed.email, user_id: ed.id, token_hash: null, token_expires_at: null, created_at: 1, joined_at: new Date().toISOString() })
      .execute();
    const appId = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(o), payload: { name: 'Shared draft', kind: 'board' } })).json().app.id;
    const res = await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(ed), payload: { public: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: EMAIL_UNVERIFIED, message: ACCOUNT_MESSAGES.unverifiedWorkspace });
  });

  it('a sign-in link proves the address too', async () => {
    const email = uniqueEmail('magic');
    const u = await signUp(t.app, 'Magic Max', email, 'correct horse', { verified: false });
    await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
    const token = decodeURIComponent(linkInLastMail(smtp, email, /\/dashboard\/auth\?token=([A-Za-z0-9_%-]+)/)[1]!);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { token } });
    expect(res.statusCode).toBe(200);
    // The link's session is the owner's; the one of whoever signed up ended.
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect(await account({ cookie: sessionCookie(res) })).toMatchObject({ email_verified: true });
  });

  it('owners who signed up before the change count as verified (migration 0020 on this database)', async () => {
    const suffix = crypto.randomBytes(5).toString('hex');
    const config =
      t.dialect === 'postgres' ? { ...t.config, pgSchema: `m_${suffix}` } : { ...t.config, dataDir: path.join(t.config.dataDir, `m-${suffix}`) };
    if (t.dialect === 'postgres') {
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      await client.query(`CREATE SCHEMA ${config.pgSchema}`);
      await client.end();
    }
    const handle = openDb(config);
    try {
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations }, ...(config.pgSchema ? { migrationTableSchema: config.pgSchema } : {}) });
      expect((await migrator.migrateTo('0019_blog')).error).toBeUndefined();
      await handle.db.insertInto('users').values({ id: 'before', name: 'Early Eve', email: 'eve@example.com', password_hash: null, created_at: '2024-01-02T03:04:05.000Z' }).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const row = await handle.db.selectFrom('users').select('email_verified_at').where('id', '=', 'before').executeTakeFirstOrThrow();
      expect(row.email_verified_at).toBe('2024-01-02T03:04:05.000Z');
    } finally {
      await handle.close();
      if (t.dialect === 'postgres') {
        const client = new pg.Client({ connectionString: TEST_PG_URL });
        await client.connect();
        await client.query(`DROP SCHEMA ${config.pgSchema} CASCADE`);
        await client.end();
      }
    }
  });

  it('a bad or made-up link is refused in words', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'not-a-real-token-at-all' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.badVerifyLink);
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: '' } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the account page', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await signUp(t.app, 'Acc Owner', uniqueEmail('acc'), 'correct horse');
  });

  it('renames the account (a clear message for an empty name)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/account', headers: as(u), payload: { name: 'Ada Account' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().account.name).toBe('Ada Account');
    expect((await me(u.cookie)).json().user.name).toBe('Ada Account');
    const empty = await t.app.inject({ method: 'PUT', url: '/api/account', headers: as(u), payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Name is required/);
  });

  it('an e-mail change needs the password, takes effect only when the link sent to the new address is followed', async () => {
    const old = u.email;
    const next = uniqueEmail('newaddr');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/account/email', headers: as(u), payload: { email: next, password: 'not it' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    const taken = await signUp(t.app, 'Taken Tim');
    const clash = await t.app.inject({ method: 'POST', url: '/api/account/email', headers: as(u), payload: { email: taken.email, password: 'correct horse' } });
    expect(clash.statusCode).toBe(409);

    const asked = await t.app.inject({ method: 'POST', url: '/api/account/email', headers: as(u), payload: { email: next, password: 'correct horse' } });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(ACCOUNT_MESSAGES.emailChangeSent(next));
    expect(await account(u)).toMatchObject({ email: old, pending_email: next, email_verified: true });
    expect((await login(old, 'correct horse')).statusCode).toBe(200);

    const token = verifyToken(next);
    // Followed in the signed-in browser: its session stays (the others end: ownership.test.ts).
    const followed = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: as(u), payload: { token } });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ email: next, changed: true });
    expect(await account(u)).toMatchObject({ email: next, pending_email: null, email_verified: true });
    expect((await login(old, 'correct horse')).statusCode).toBe(401);
    expect((await login(next, 'correct horse')).statusCode).toBe(200);
    // The old address is told.
    expect(mailsTo(old).at(-1)!.raw).toMatch(/Subject: Your Sheetboard e-mail address was changed/);
    u = { ...u, email: next };
  });

  it('a password change needs the current password and ends the other sessions, not this one', async () => {
    const other = await loginCookie(u.email, 'correct horse', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
    const here = await loginCookie(u.email, 'correct horse', 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0');
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/account/password', headers: { cookie: here }, payload: { currentPassword: 'nope', newPassword: 'a new long secret' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'currentPassword', message: ACCOUNT_MESSAGES.wrongPassword }]);
    const common = await t.app.inject({ method: 'PUT', url: '/api/account/password', headers: { cookie: here }, payload: { currentPassword: 'correct horse', newPassword: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().issues[0].path).toBe('newPassword');
    const ok = await t.app.inject({ method: 'PUT', url: '/api/account/password', headers: { cookie: here }, payload: { currentPassword: 'correct horse', newPassword: 'a new long secret' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await login(u.email, 'a new long secret')).statusCode).toBe(200);
    u = { ...u, cookie: here };
  });

  it('lists the sessions with device and last seen, ends one, and signs out everywhere else', async () => {
    const phone = await loginCookie(u.email, 'a new long secret', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36');
    await me(phone);
    const list = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: as(u) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as { id: string; device: string; current: boolean; last_seen_at: string | null }[];
    expect(sessions.find((s) => s.current)?.device).toBe('Firefox on Linux');
    const android = sessions.find((s) => s.device === 'Chrome on Android')!;
    expect(android.last_seen_at).toEqual(expect.any(String));
    // The list never hands out what the cookie or the database row is keyed on.
    expect(list.body).not.toContain(phone.split('=')[1]!);
    const stored = await t.ctx.db.selectFrom('sessions').select('id').execute();
    for (const s of stored) expect(list.body).not.toContain(s.id);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${android.id}`, headers: as(u) })).statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${android.id}`, headers: as(u) })).statusCode).toBe(404);

    const a = await loginCookie(u.email, 'a new long secret');
    const b = await loginCookie(u.email, 'a new long secret');
    const out = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: as(u) });
    expect(out.statusCode).toBe(200);
    expect(out.json().ended).toBeGreaterThanOrEqual(2);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(u.cookie)).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: as(u) })).json().sessions;
    expect(after).toHaveLength(1);
  });

  it("another owner's session cannot be ended by id", async () => {
    const x = await signUp(t.app, 'Xavier');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: as(x) })).json().sessions[0].id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${mine}`, headers: as(u) })).statusCode).toBe(404);
    expect((await me(x.cookie)).statusCode).toBe(200);
  });
});

describe('deleting the account', () => {
  it('needs the current password typed, then removes the workspace, its spreadsheets, apps, rows and files on disk', async () => {
    const u = await signUp(t.app, 'Leaving Lea', uniqueEmail('lea'), 'correct horse');
    const other = await signUp(t.app, 'Staying Stan');
    const headers = as(u);
    const spreadsheetId = (
      await t.app.inject({ method: 'POST', url: '/api/spreadsheets', headers, payload: { title: 'Mine', sheets: [{ title: 'S', columns: ['A'], rows: [{ A: 1 }, { A: 2 }] }] } })
    ).json().spreadsheet.id as string;
    const appId = (await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name: 'Mine', kind: 'board', spreadsheetId, public: true } })).json().app.id as string;
    const m = multipart('dot.png', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'));
    const upload = await t.app.inject({ method: 'POST', url: `/api/uploads?board=${appId}&purpose=block-setting&kind=image`, payload: m.payload, headers: { ...m.headers, ...headers } });
    expect(upload.statusCode, upload.body).toBe(201);
    const file = uploadKey(upload.json().upload.id);
    expect(await isStored(t, file)).toBe(true);
    const ws = (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', u.id).executeTakeFirstOrThrow()).id;

    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload: { password: 'correct horse' } });
    expect(res.statusCode, res.body).toBe(204);

    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('workspaces').select('id').where('id', '=', ws).executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('spreadsheets').select('id').where('workspace_id', '=', ws).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('apps').select('id').where('workspace_id', '=', ws).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('sheets').select('id').where('spreadsheet_id', '=', spreadsheetId).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('workspace_id', '=', ws).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await isStored(t, file)).toBe(false);
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/apps/${appId}` })).statusCode).toBe(404);
    expect((await login(u.email, 'correct horse')).statusCode).toBe(401);
    // Someone else's things stay.
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/apps', headers: as(other) })).json().apps.length).toBeGreaterThan(0);
    // The address is free again.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Lea again', email: u.email, password: 'correct horse' } })).statusCode).toBe(201);
  });

  it('without a session it is 401, even with the password', async () => {
    const u = await signUp(t.app, 'Pass Pia', uniqueEmail('pia'), 'correct horse');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account', payload: { password: 'correct horse' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account', headers: as(u), payload: { password: 'correct horse' } })).statusCode).toBe(204);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()).toBeUndefined();
  });
});
