import { describe, expect, it } from 'vitest';
import { UserResponse, WorkspaceResponse } from '../../../shared/api';
import { createTestApp, sessionCookie, signUp, uniqueEmail } from '../../testing/app';
import { testServer } from '../../testing/server';
import { COMMON_PASSWORD_MESSAGE } from '../../../shared/rules/passwords';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from '../../platform/password/common-passwords';
import { LOGIN_MAX_FAILURES_PER_IP, MAILS_PER_IP } from '../../platform/limits/limiter';

const t = testServer();

describe('sign-up', () => {
  it('creates the user, sets an HttpOnly Lax session cookie and answers 201 {user}', async () => {
    const email = uniqueEmail('ada');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Ada', email: email.toUpperCase(), password: 'longenough' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ user: { _id: expect.any(String), name: 'Ada', email } });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sb_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(UserResponse.safeParse(me.json()).error).toBeUndefined();
    expect(me.json().user.email).toBe(email);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Other', email: u.email, password: 'longenough' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
  });

  it.each([['password'], ['Password'], ['12345678'], ['qwertyuiop'], [' iloveyou '], ['Password1']])(
    'refuses the common password %j with 400 on the password field and creates no account',
    async (password) => {
      const email = uniqueEmail('common');
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Common', email, password } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE, issues: [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }] });
      expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    },
  );

  it('holds tens of thousands of common passwords, and accepts a password not among them', async () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(30_000);
    expect(isCommonPassword('correct horse battery')).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Fine', email: uniqueEmail('fine'), password: 'tea for two at noon' } });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [{ name: 'A', email: 'a@example.com', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ name: 'A', email: 'not-an-email', password: 'longenough' }, 'email', 'Please enter a valid email address'],
    [{ name: '', email: 'b@example.com', password: 'longenough' }, 'name', 'Name is required'],
  ])('validates %o → 400 naming %s', async (payload, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(message);
    expect(body.issues).toContainEqual({ path: field, message });
  });

  it('takes the longest name and e-mail the columns hold, and refuses a longer e-mail with 400', async () => {
    const email = `${'a'.repeat(60)}@${'b'.repeat(60)}.example.com`;
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'N'.repeat(200), email, password: 'longenough' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user.name).toHaveLength(200);
    const longEmail = `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(5)}com`;
    expect(longEmail.length).toBeGreaterThan(320);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'N', email: longEmail, password: 'longenough' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email must be at most 320 characters');
    expect(res.json().issues).toEqual([{ path: 'email', message: 'Email must be at most 320 characters' }]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });
});

describe('login and logout', () => {
  it('logs in with the right password and not with a wrong one', async () => {
    const u = await signUp(t.app, 'Grace', uniqueEmail('grace'), 'hopper1234');
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'hopper1234' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toEqual({ _id: u.id, name: 'Grace', email: u.email });
    expect(sessionCookie(ok)).toMatch(/^sb_session=.{20,}/);

    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'wrong-password' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ message: 'Invalid email or password' });

    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'whatever1' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid email or password');
  });

  it('GET /api/auth is 401 without a session and with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth' })).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: 'sb_session=forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBeTruthy();
  });

  it('logout ends the session (204) and the cookie stops working', async () => {
    const u = await signUp(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/sb_session=;/);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: u.cookie } })).statusCode).toBe(401);
  });

  it('an expired session stops working', async () => {
    const u = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    await t.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', u.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: u.cookie } })).statusCode).toBe(401);
  });

  it('signs up once when the same e-mail races in (the rest 409), leaving one user and one workspace', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: `R${i}`, email: i % 2 ? email.toUpperCase() : email, password: 'longenough' } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const users = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', users[0]!.id).execute()).toHaveLength(1);
  });

  it('many people signing up at once all get in, each with their own example board', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: `Crowd ${i}`, email: uniqueEmail(`crowd${i}`), password: 'longenough' } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const subdomains = await Promise.all(
      answers.map(async (a) => (await t.app.inject({ method: 'GET', url: '/api/apps', headers: { cookie: sessionCookie(a) } })).json().apps[0].subdomain as string),
    );
    expect(new Set(subdomains).size).toBe(10);
    for (const s of subdomains) expect(s).toMatch(/^sales-board(-\d+)?$/);
  });

  it('stores only a hash of the session token', async () => {
    const u = await signUp(t.app);
    const token = u.cookie.split('=')[1]!;
    const rows = await t.ctx.db.selectFrom('sessions').select('id').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id === token)).toBe(false);
    const stored = await t.ctx.db.selectFrom('users').select('password_hash').where('email', '=', u.email).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('correct horse');
  });
});

describe('brute force and oversized input', () => {
  it('after 10 failed attempts per e-mail and IP answers 429 (even with the right password) until the window ends', async () => {
    const u = await signUp(t.app, 'Target', uniqueEmail('target'), 'the-right-one');
    const login = (password: string, remoteAddress = '10.0.0.1', email = u.email) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
    for (let i = 0; i < 10; i++) expect((await login(`guess-${i}`)).statusCode).toBe(401);
    const blocked = await login('the-right-one');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again, or sign in with an e-mail link.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Case does not make a new address.
    expect((await login('the-right-one', '10.0.0.1', u.email.toUpperCase())).statusCode).toBe(429);
    // Another IP is not locked out by this one.
    expect((await login('the-right-one', '10.0.0.2')).statusCode).toBe(200);
  });

  it('a failing client slows down before it is refused: from the 3rd failure each attempt waits longer', async () => {
    // A slow-down base long enough to see above request time; the waits are lower bounds (timers never fire early).
    const slow = await createTestApp({ authSlowdownMs: 120 });
    try {
      const u = await signUp(slow.app, 'Slowed', uniqueEmail('slowed'), 'the-right-one');
      const timed = async (password: string, remoteAddress: string) => {
        const started = performance.now();
        const res = await slow.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: u.email, password } });
        return { status: res.statusCode, ms: performance.now() - started };
      };
      for (let i = 0; i < 3; i++) expect((await timed('wrong-guess', '10.9.0.1')).status).toBe(401);
      // After 3 failures: 120 ms, then 240 ms, then 480 ms.
      const fourth = await timed('wrong-guess', '10.9.0.1');
      const fifth = await timed('wrong-guess', '10.9.0.1');
      const sixth = await timed('the-right-one', '10.9.0.1');
      expect([fourth.status, fifth.status, sixth.status]).toEqual([401, 401, 200]);
      expect(fourth.ms).toBeGreaterThanOrEqual(119);
      expect(fifth.ms).toBeGreaterThanOrEqual(239);
      expect(sixth.ms).toBeGreaterThanOrEqual(479);
      // The real user elsewhere is not slowed by that client, and the success cleared its count.
      const elsewhere = await slow.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.0.2', payload: { email: u.email, password: 'the-right-one' } });
      expect(elsewhere.statusCode).toBe(200);
      expect((await timed('wrong-guess', '10.9.0.1')).status).toBe(401);
    } finally {
      await slow.close();
    }
  });

  it('guesses spread over many IPs lock the address, but not for a browser that signed in to it before', async () => {
    const u = await signUp(t.app, 'Spread', uniqueEmail('spread'), 'the-right-one');
    const login = (password: string, remoteAddress: string, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: cookie ? { cookie } : {}, payload: { email: u.email, password } });
    const first = await login('the-right-one', '10.8.0.1');
    const device = first.cookies.find((c) => c.name === 'sb_device');
    expect(device?.httpOnly).toBe(true);
    expect(device?.maxAge).toBe(365 * 86_400);
    for (let i = 0; i < 100; i++) expect((await login('guess-guess', `10.8.${1 + (i >> 8)}.${i & 255}`)).statusCode).toBe(401);
    // A new browser from a fresh address is refused; the known browser, from anywhere, gets in.
    expect((await login('the-right-one', '10.8.9.9')).statusCode).toBe(429);
    expect((await login('the-right-one', '10.8.9.10', `sb_device=${device!.value}`)).statusCode).toBe(200);
    expect((await login('the-right-one', '10.8.9.11', 'sb_device=made-up-made-up-made-u')).statusCode).toBe(429);
  });

  it('a success clears the count', async () => {
    const u = await signUp(t.app, 'Forgetful', uniqueEmail('forgetful'), 'remembered');
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.0.0.3', payload: { email: u.email, password } });
    for (let i = 0; i < 9; i++) expect((await login('nope')).statusCode).toBe(401);
    expect((await login('remembered')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login('nope')).statusCode).toBe(401);
    expect((await login('remembered')).statusCode).toBe(200);
  });

  it(`one IP failing against many addresses is stopped after ${LOGIN_MAX_FAILURES_PER_IP} failures; other IPs are not`, async () => {
    const u = await signUp(t.app, 'Bystander', uniqueEmail('bystander'), 'bystander-pass');
    const ip = '10.0.1.1';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: `probe-${i}@example.com`, password: 'guess-guess' } });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: u.email, password: 'bystander-pass' } });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Token guesses and sign-ups from that IP wait too.
    const token = await t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: ip, payload: { token: 'guess' } });
    expect(token.statusCode).toBe(429);
    expect(token.json().message).toBe('Too many failed attempts from your network. Please wait 15 minutes and try again.');
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.0.1.2', payload: { email: u.email, password: 'bystander-pass' } });
    expect(other.statusCode).toBe(200);
  });

  it('sign-in token guesses and taken addresses at sign-up count against the IP', async () => {
    const u = await signUp(t.app);
    const ip = '10.0.2.1';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP - 5; i++)
      expect((await t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: ip, payload: { token: `guess-${i}` } })).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: ip, payload: { name: 'Prober', email: u.email, password: 'longenough' } });
      expect(res.statusCode).toBe(409);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: ip, payload: { name: 'New', email: uniqueEmail('new'), password: 'longenough' } });
    expect(res.statusCode).toBe(429);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: '10.0.2.2', payload: { name: 'New', email: uniqueEmail('new'), password: 'longenough' } });
    expect(elsewhere.statusCode).toBe(201);
  });

  it(`sends sign-in links for at most ${MAILS_PER_IP} requests per IP`, async () => {
    const ip = '10.0.3.1';
    for (let i = 0; i < MAILS_PER_IP; i++)
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', remoteAddress: ip, payload: { email: `someone-${i}@example.com` } })).statusCode).toBe(202);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', remoteAddress: ip, payload: { email: 'one-more@example.com' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many sign-in link requests. Please wait 15 minutes and try again.');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', remoteAddress: '10.0.3.2', payload: { email: 'one-more@example.com' } })).statusCode).toBe(202);
  });

  it('refuses a password longer than sign-up allows without hashing it', async () => {
    const u = await signUp(t.app);
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'x'.repeat(500_000) } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('bodies over 1 MB are refused outside imports', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large');
  });
});

describe('workspace', () => {
  it('answers is_free_plan for the signed-in owner, 401 otherwise', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/board/workspace', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ is_free_plan: true });
    expect(WorkspaceResponse.safeParse(res.json()).error).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/board/workspace' })).statusCode).toBe(401);
  });

  it('PLAN=pro puts new workspaces on a paid plan', async () => {
    const pro = await createTestApp({ plan: 'pro' });
    try {
      const u = await signUp(pro.app);
      const res = await pro.app.inject({ method: 'GET', url: '/api/board/workspace', headers: { cookie: u.cookie } });
      expect(res.json()).toEqual({ is_free_plan: false });
    } finally {
      await pro.close();
    }
  });

  it('gives a new owner the sample spreadsheet and an example board with four blocks', async () => {
    const u = await signUp(t.app);
    const sheets = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: u.cookie } })).json();
    expect(sheets.spreadsheets).toHaveLength(1);
    const sample = sheets.spreadsheets[0];
    expect(sample.title).toBe('Sample business');
    expect(sample.sheets.map((s: { title: string }) => s.title)).toEqual(['Orders', 'Products']);
    expect(sample.sheets[0].columns).toEqual(['Order ID', 'Date', 'Customer', 'Email', 'City', 'Category', 'Product', 'Quantity', 'Amount', 'Status']);
    expect(sample.sheets[0].row_count).toBe(200);

    const apps = (await t.app.inject({ method: 'GET', url: '/api/apps', headers: { cookie: u.cookie } })).json().apps;
    expect(apps).toHaveLength(1);
    // Private like every new board: the owner publishes it when ready.
    expect(apps[0]).toMatchObject({ kind: 'board', public: false, sign_in_method: 'No sign in', spreadsheetId: sample.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/pages/${apps[0].id}` })).statusCode).toBe(403);
    const pages = (await t.app.inject({ method: 'GET', url: `/api/pages/${apps[0].id}`, headers: { cookie: u.cookie } })).json().pages;
    expect(pages).toHaveLength(1);
    expect(pages[0].blocks.map((b: { type: string }) => b.type)).toEqual(['scorecard', 'chart', 'chart', 'table']);
    const chart = pages[0].blocks[1];
    // Defaults from the chart schema were merged in.
    expect(chart).toMatchObject({ sheet_title: 'Orders', x_axis: 'Category', legendPosition: 'top', pdf_download: true });
    expect(chart.axis[0]).toMatchObject({ column: 'Amount', type: 'bar', decimal: 'dot' });
    expect(pages[0].blocks[2]).toMatchObject({ x_axis: 'City', legendPosition: 'bottom' });
    expect(pages[0].blocks[2].axis[0]).toMatchObject({ column: 'Amount', type: 'pie' });
  });
});
