// /dashboard/signupbackup (issue 18): sign-up as a plain form that posts and redirects, no
// JavaScript. Both databases.
import { describe, expect, it } from 'vitest';
import { CROSS_ORIGIN_MESSAGE } from '../../platform/net/csrf';
import { sessionCookie, uniqueEmail } from '../../testing/app';
import { testServer } from '../../testing/server';

const t = testServer();

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signupbackup',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

describe('the plain sign-up page', () => {
  it('is a page of its own: a form that posts to the server, no script, no sign-in needed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard/signupbackup' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<form method="post" action="/api/auth/signupbackup"');
    for (const name of ['name', 'email', 'password']) expect(res.body).toContain(`name="${name}"`);
    expect(res.body).not.toMatch(/<script/i);
  });

  it('signs up, signs in and redirects to the dashboard', async () => {
    const email = uniqueEmail('plain');
    const res = await form({ name: 'Plain Pat', email, password: 'long enough 1' }, { origin: 'http://localhost:3000', host: 'localhost:3000' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/dashboard/start');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: sessionCookie(res) } });
    expect(me.json().user).toMatchObject({ name: 'Plain Pat', email });
    // The workspace is seeded as with the JSON sign-up (its example board).
    const apps = await t.app.inject({ method: 'GET', url: '/api/apps', headers: { cookie: sessionCookie(res) } });
    expect(apps.json().apps.length).toBeGreaterThan(0);
  });

  it('shows the problem on the form again, keeping what was typed (escaped), never the password', async () => {
    const res = await form({ name: '<script>alert(1)</script>', email: 'not-an-address', password: 'secret-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Please enter a valid email address');
    expect(res.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('secret-pass-1');
    expect(res.body).toMatch(/id="email"[^>]*aria-invalid="true"/);

    const short = await form({ name: 'Pat', email: uniqueEmail('short'), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Password must be at least 8 characters');
  });

  it('a taken address: 409, said on the form', async () => {
    const email = uniqueEmail('taken');
    expect((await form({ name: 'First', email, password: 'long enough 1' })).statusCode).toBe(303);
    const again = await form({ name: 'Second', email, password: 'long enough 2' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('An account with this email already exists');
  });

  it('a post from another site is refused, on the form', async () => {
    const res = await form({ name: 'Forged', email: uniqueEmail('forged'), password: 'long enough 1' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(CROSS_ORIGIN_MESSAGE.replace(/'/g, '&#39;'));
  });

  it('only this route reads form bodies: other routes still refuse them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=a&email=b%40c.de&password=12345678' });
    expect(res.statusCode).toBe(415);
  });
});
