// Magic links through a real SMTP peer (smtp-server on a random local port), not a mock.
import { mailSettings, plainText, type ReceivedMail } from '../../testing/smtp';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { createTestApp, sessionCookie, signUp, uniqueEmail } from '../../testing/app';
import { testInbox, testServer } from '../../testing/server';

const smtp = testInbox();
// These tests play a proxy in front of the server (X-Forwarded-Proto), so they trust it.
const t = testServer(() => ({ ...mailSettings(smtp), trustProxy: true }));
let inbox: ReceivedMail[] = [];
beforeAll(() => {
  inbox = smtp.messages;
});

/** The token of the link in a received message (quoted-printable soft breaks removed). */
function tokenFrom(raw: string): string {
  const text = plainText(raw);
  const m = text.match(/http:\/\/localhost:3000\/dashboard\/auth\?token=([A-Za-z0-9_%-]+)/);
  if (!m) throw new Error(`no link in mail:\n${raw}`);
  return decodeURIComponent(m[1]!);
}

describe('magic link', () => {
  it('mails a one-time link that signs in once', async () => {
    const u = await signUp(t.app, 'Linus', uniqueEmail('linus'));
    // Sign-up mails its verification link (account module); these tests count sign-in links only.
    inbox.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: u.email } });
    expect(res.statusCode).toBe(202);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual([u.email]);
    expect(inbox[0]!.raw).toMatch(/Subject: Your Sheetboard sign-in link/);
    const token = tokenFrom(inbox[0]!.raw);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { token } });
    expect(login.statusCode).toBe(200);
    // The cookie carries the session; the body names the user and nothing a script could replay.
    expect(login.json()).toEqual({ user: { _id: expect.any(String), name: 'Linus', email: u.email } });
    expect(login.body).not.toContain(sessionCookie(login).split('=')[1]!);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: sessionCookie(login) } });
    expect(me.json().user.email).toBe(u.email);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { token } });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This sign-in link is invalid or has expired');
  });

  it('a token used by several requests at once signs in exactly one of them', async () => {
    const u = await signUp(t.app);
    // Sign-up mails its verification link (account module); these tests count sign-in links only.
    inbox.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: u.email } });
    const token = tokenFrom(inbox[0]!.raw);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/auth', payload: { token } })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('a forged X-Forwarded-Proto cannot point the link elsewhere', async () => {
    const u = await signUp(t.app);
    // Sign-up mails its verification link (account module); these tests count sign-in links only.
    inbox.length = 0;
    for (const proto of ['https://evil.example/#', 'javascript:alert(1)//', 'https']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', headers: { 'x-forwarded-proto': proto }, payload: { email: u.email } });
      expect(res.statusCode).toBe(202);
    }
    const links = inbox.map((m) => plainText(m.raw).match(/(\S+):\/\/localhost:3000\/dashboard\/auth\?token=/)?.[1]);
    expect(links).toEqual(['http', 'http', 'https']);
    expect(inbox.map((m) => m.raw).join('\n')).not.toMatch(/evil|javascript/);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    inbox.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: 'nobody-here@example.com' } });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/sign-in link/);
    expect(inbox).toHaveLength(0);
  });

  it('refuses an expired token', async () => {
    const u = await signUp(t.app);
    // Sign-up mails its verification link (account module); these tests count sign-in links only.
    inbox.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: u.email } });
    const token = tokenFrom(inbox[0]!.raw);
    // 15 minutes pass.
    await t.ctx.db.updateTable('login_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { token } });
    expect(res.statusCode).toBe(401);
  });

  it('sends at most 5 links per address per 15 minutes, answering the same', async () => {
    const u = await signUp(t.app);
    // Sign-up mails its verification link (account module); these tests count sign-in links only.
    inbox.length = 0;
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: u.email } });
      expect(res.statusCode).toBe(202);
    }
    expect(inbox.filter((m) => m.to.includes(u.email))).toHaveLength(5);
  });

  it('validates the bodies', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: 'nope' } });
    expect(a.statusCode).toBe(400);
    expect(a.json().issues[0].path).toBe('email');
    const b = await t.app.inject({ method: 'POST', url: '/api/auth', payload: {} });
    expect(b.statusCode).toBe(400);
    expect(b.json().issues[0].path).toBe('token');
  });
});

describe('magic link without SMTP', () => {
  it('writes the link to the log instead', async () => {
    const lines: string[] = [];
    const plain = await createTestApp();
    try {
      // The real log transport (what runs without SMTP_URL), with a logger that records lines.
      const log = { info: (_obj: unknown, msg: string) => lines.push(msg) } as unknown as FastifyBaseLogger;
      plain.ctx.mailer = createMailer({ smtpUrl: null, from: 'x@localhost', log });
      const u = await signUp(plain.app);
      const res = await plain.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: u.email } });
      expect(res.statusCode).toBe(202);
      expect(lines.join('\n')).toMatch(/http:\/\/localhost:3000\/dashboard\/auth\?token=/);
    } finally {
      await plain.close();
    }
  });
});
