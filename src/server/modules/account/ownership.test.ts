// Taking an account back (hardening II), through a real SMTP peer: every event that proves who owns
// the account (a reset, a password change, an address becoming verified by a verification or
// sign-in link, an address change, "sign out everywhere else") ends every other session, API
// token, open e-mailed link and pending editor invitation, and the mail that confirms it says so;
// the pre-account takeover (someone signs up first with another person's address); what an
// unverified account may not do; deleting the account needs the current password.
import { describe, expect, it } from 'vitest';
import { linkInLastMail, mailSettings, plainText } from '../../testing/smtp';
import { sessionCookie, signUp, uniqueEmail, type TestUser } from '../../testing/app';
import { forTests, testInbox, testServer } from '../../testing/server';
import { startFakeStripe, stripeSettings } from '../../testing/stripe';
import { ACCOUNT_MESSAGES, EMAIL_UNVERIFIED } from '../../../shared/api/account';
import { tokensRepo } from '../../data/developer/repo';
import { sha256 } from '../../http';
import { SIGN_UP_PASSWORD_ENDED, UNPROVED_PASSWORD_NOTE } from './ownership';

const smtp = testInbox();
const stripe = forTests(() => startFakeStripe());
const t = testServer(() => ({ ...mailSettings(smtp), ...stripeSettings(stripe) }));

const PASSWORD = 'correct horse';
const as = (cookie: string) => ({ cookie });
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email)).map((m) => plainText(m.raw));
const tokenIn = (email: string, page: 'forgetPassword' | 'emailVerify' | 'auth') =>
  decodeURIComponent(linkInLastMail(smtp, email, new RegExp(`/dashboard/${page}\\?token=([A-Za-z0-9_%-]+)`))[1]!);

async function login(email: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}
/** 200 while the session cookie works, 401 once it has ended. */
const sessionStatus = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth', headers: as(cookie) })).statusCode;
/** 200 while the API token lists apps, 401 once it is revoked. */
const tokenStatus = async (secret: string) => (await t.app.inject({ method: 'GET', url: '/api/apps', headers: bearer(secret) })).statusCode;

async function makeToken(cookie: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers: as(cookie), payload: { name: 'Script', scope: 'read-write' } });
  expect(res.statusCode, res.body).toBe(201);
  const secret = res.json().secret as string;
  expect(await tokenStatus(secret)).toBe(200);
  // Read-write: it makes apps too.
  const made = await t.app.inject({ method: 'POST', url: '/api/apps', headers: bearer(secret), payload: { name: 'Made by a token', kind: 'board' } });
  expect(made.statusCode, made.body).toBe(201);
  return secret;
}

/** An editor invitation nobody has accepted yet: its mailed link. */
async function invite(cookie: string): Promise<string> {
  const email = uniqueEmail('invitee');
  const res = await t.app.inject({ method: 'POST', url: '/api/workspace/editors', headers: as(cookie), payload: { email } });
  expect(res.statusCode, res.body).toBe(201);
  return decodeURIComponent(linkInLastMail(smtp, email, /\/join-workspace\?token=([A-Za-z0-9_%-]+)/)[1]!);
}
async function joinStatus(token: string): Promise<number> {
  const someone = await signUp(t.app, 'Invited Ivy');
  return (await t.app.inject({ method: 'POST', url: '/api/workspace/join', headers: as(someone.cookie), payload: { token } })).statusCode;
}

/** What a former holder of the account left behind: another session, a token, an editor invitation, a sign-in link asked for. */
async function leftBehind(u: TestUser) {
  const session = await login(u.email);
  const token = await makeToken(session);
  const invitation = await invite(session);
  await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: u.email } });
  const signInLink = tokenIn(u.email, 'auth');
  return { session, token, invitation, signInLink };
}

async function expectAllEnded(left: Awaited<ReturnType<typeof leftBehind>>) {
  expect(await sessionStatus(left.session)).toBe(401);
  expect(await tokenStatus(left.token)).toBe(401);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth', payload: { token: left.signInLink } })).statusCode).toBe(401);
  expect(await joinStatus(left.invitation)).toBe(400);
}

describe('a reset link takes the account back', () => {
  it('ends every session, API token, open link and pending invitation; the mail says so', async () => {
    const u = await signUp(t.app, 'Reset Rosa', uniqueEmail('rosa'), PASSWORD);
    const left = await leftBehind(u);
    // An address change someone asked for, to an address of theirs, waiting for its link.
    const theirs = uniqueEmail('thief');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/email', headers: as(left.session), payload: { email: theirs, password: PASSWORD } })).statusCode).toBe(202);
    const change = tokenIn(theirs, 'emailVerify');

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
    const done = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: tokenIn(u.email, 'forgetPassword'), password: 'a brand new secret' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(ACCOUNT_MESSAGES.resetDone);

    await expectAllEnded(left);
    expect(await sessionStatus(u.cookie)).toBe(401);
    const followed = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: change } });
    expect(followed.statusCode).toBe(400);
    const mail = mailsTo(u.email).at(-1)!;
    expect(mail).toMatch(/Subject: Your Sheetboard password was changed/);
    expect(mail).toContain('revoked 1 API token and withdrew 1 invitation');
    expect(mail).toMatch(/signed out 2\s+browsers and devices/);
    // The owner signs in with the new password and makes what they need again.
    expect(await makeToken(await login(u.email, 'a brand new secret'))).toMatch(/^sbt_/);
  });
});

describe('proving the address of an account someone else signed up with (pre-account takeover)', () => {
  it('an unverified account may build, but not make API tokens, invite editors, buy or connect a payment account', async () => {
    const u = await signUp(t.app, 'Early Eric', uniqueEmail('early'), PASSWORD, { verified: false });
    const headers = as(u.cookie);
    expect((await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { name: 'A draft', kind: 'board' } })).statusCode).toBe(201);
    const refused = [
      { what: 'tokens', req: { method: 'POST', url: '/api/developer/tokens', payload: { name: 'Script', scope: 'read-write' } } },
      { what: 'editors', req: { method: 'POST', url: '/api/workspace/editors', payload: { email: uniqueEmail('friend') } } },
      { what: 'buying', req: { method: 'POST', url: '/api/billing/plan/checkout' } },
      { what: 'buying', req: { method: 'POST', url: '/api/billing/codes/redeem', payload: { code: 'SB-AAAA-BBBB-CCCC' } } },
      { what: 'buying', req: { method: 'POST', url: '/api/multipage/marketplace/templates/any-template/checkout' } },
      { what: 'payouts', req: { method: 'POST', url: '/api/billing/connect' } },
    ] as const;
    for (const { what, req } of refused) {
      const res = await t.app.inject({ ...req, headers });
      expect(res.statusCode, `${req.url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ code: EMAIL_UNVERIFIED, message: ACCOUNT_MESSAGES.unverifiedFor[what] });
    }
    expect(await tokensRepo(t.ctx.db).count(u.id)).toBe(0);
    expect(stripe.checkoutSessions.size).toBe(0);
  });

  it.each(['the verification link', 'a sign-in link', 'a reset link'] as const)(
    "the address's owner follows %s: the one who signed up first loses the session and any token",
    async (how) => {
      const victim = uniqueEmail('victim');
      const attacker = await signUp(t.app, 'Not Victor', victim, PASSWORD, { verified: false });
      const verifyLink = tokenIn(victim, 'emailVerify');
      const second = await login(victim);
      expect((await t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers: as(second), payload: { name: 'Keep', scope: 'read-write' } })).statusCode).toBe(403);
      // A token from before unverified accounts were refused them (made straight in the database).
      const secret = `sbt_${'x'.repeat(20)}${Date.now().toString(36)}${how.length}`;
      await tokensRepo(t.ctx.db).insert({ id: `tk${Date.now().toString(36)}${how.length}`, user_id: attacker.id, name: 'Old', scope: 'read-write', token_hash: sha256(secret), prefix: secret.slice(0, 8), created_at: new Date().toISOString() });
      expect(await tokenStatus(secret)).toBe(200);
      expect(await sessionStatus(attacker.cookie)).toBe(200);

      let ownerCookie: string | null = null;
      if (how === 'the verification link') {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: verifyLink } });
        expect(res.statusCode, res.body).toBe(200);
      } else if (how === 'a sign-in link') {
        await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: victim } });
        const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { token: tokenIn(victim, 'auth') } });
        expect(res.statusCode, res.body).toBe(200);
        ownerCookie = sessionCookie(res);
      } else {
        await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: victim } });
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: tokenIn(victim, 'forgetPassword'), password: 'only the owner knows' } });
        expect(res.statusCode, res.body).toBe(200);
      }

      expect(await sessionStatus(attacker.cookie)).toBe(401);
      expect(await sessionStatus(second)).toBe(401);
      expect(await tokenStatus(secret)).toBe(401);
      // The session the sign-in link opened is the owner's, and stays.
      if (ownerCookie) expect(await sessionStatus(ownerCookie)).toBe(200);
      const mail = mailsTo(victim).at(-1)!;
      expect(mail).toContain('revoked 1 API token');
      if (how === 'the verification link') expect(mail.replace(/\s+/g, ' ')).toContain(UNPROVED_PASSWORD_NOTE);
      // Came by a link, not by the password: the sign-up's password cannot sign anyone in again.
      if (how === 'a sign-in link') expect(mail.replace(/\s+/g, ' ')).toContain(SIGN_UP_PASSWORD_ENDED);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim, password: PASSWORD } });
      expect(again.statusCode, `${how}: ${again.body}`).toBe(how === 'the verification link' ? 200 : 401);
    },
  );

  it('the browser that follows the verification link keeps its session; other sessions end, and the other link is spent', async () => {
    const email = uniqueEmail('twice');
    const u = await signUp(t.app, 'Twice Tia', email, PASSWORD, { verified: false });
    const first = tokenIn(email, 'emailVerify');
    await t.app.inject({ method: 'POST', url: '/api/account/verification', headers: as(u.cookie) });
    const second = tokenIn(email, 'emailVerify');
    expect(second).not.toBe(first);
    const other = await login(email);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: as(u.cookie), payload: { token: second } })).statusCode).toBe(200);
    expect(await sessionStatus(u.cookie)).toBe(200);
    expect(await sessionStatus(other)).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: first } })).statusCode).toBe(400);
  });
});

describe('the account page takes the account back', () => {
  it.each(['a password change', 'an address change', 'sign out everywhere else'] as const)('%s ends the other sessions, tokens, links and invitations, not this session', async (event) => {
    const u = await signUp(t.app, 'Page Pat', uniqueEmail('pat'), PASSWORD);
    const here = await login(u.email);
    const left = await leftBehind(u);
    const before = mailsTo(u.email).length;
    if (event === 'a password change') {
      const res = await t.app.inject({ method: 'PUT', url: '/api/account/password', headers: as(here), payload: { currentPassword: PASSWORD, newPassword: 'a new long secret' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    } else if (event === 'an address change') {
      const next = uniqueEmail('moved');
      expect((await t.app.inject({ method: 'POST', url: '/api/account/email', headers: as(here), payload: { email: next, password: PASSWORD } })).statusCode).toBe(202);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: as(here), payload: { token: tokenIn(next, 'emailVerify') } });
      expect(res.statusCode, res.body).toBe(200);
      expect(mailsTo(next).at(-1)).toContain('revoked 1 API token');
    } else {
      const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: as(here) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ended: 2, tokens: 1, invitations: 1 });
    }
    await expectAllEnded(left);
    expect(await sessionStatus(u.cookie)).toBe(401);
    expect(await sessionStatus(here)).toBe(200);
    const told = mailsTo(u.email).slice(before);
    expect(told.at(-1)).toContain('revoked 1 API token and withdrew 1 invitation');
  });

  it('editors who joined stay (the account page lists them); only invitations nobody accepted are withdrawn', async () => {
    const owner = await signUp(t.app, 'Owner Olga', uniqueEmail('olga'), PASSWORD);
    const joined = await invite(owner.cookie);
    expect(await joinStatus(joined)).toBe(200);
    const pending = await invite(owner.cookie);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: as(owner.cookie) });
    expect(res.json()).toMatchObject({ invitations: 1 });
    const editors = (await t.app.inject({ method: 'GET', url: '/api/workspace/editors', headers: as(owner.cookie) })).json().editors as { status: string }[];
    expect(editors.map((e) => e.status)).toEqual(['active']);
    expect(await joinStatus(pending)).toBe(400);
  });
});

describe('deleting the account', () => {
  it('needs the current password: a session alone, or the address typed, is refused', async () => {
    const u = await signUp(t.app, 'Careful Cleo', uniqueEmail('cleo'), PASSWORD);
    const headers = as(u.cookie);
    for (const payload of [{ password: 'not the password' }, { password: u.email }]) {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'wrong_password', issues: [{ path: 'password', message: ACCOUNT_MESSAGES.wrongPassword }] });
    }
    const old = await t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload: { confirm: u.email } });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/confirm/);
    expect(await sessionStatus(u.cookie)).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload: { password: PASSWORD } })).statusCode).toBe(204);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()).toBeUndefined();
  });
});
