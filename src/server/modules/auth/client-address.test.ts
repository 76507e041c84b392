// Whose address a request is (TRUST_PROXY): by default the connection's, whatever
// X-Forwarded-For says, so a made-up header cannot reset the per-IP limits; behind configured
// proxies, the address they forward.
import { describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, type TestApp } from '../../testing/app';
import { testServer } from '../../testing/server';
import { LOGIN_MAX_FAILURES } from '../../platform/limits/limiter';

const TOO_MANY = 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or sign in with an e-mail link.';

/** A sign-up whose request says, through X-Forwarded-Proto, that the visit was https (201). */
async function signUpSaidHttps(t: TestApp) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'x-forwarded-proto': 'https' },
    payload: { name: 'Sec', email: uniqueEmail('sec'), password: 'longenough' },
  });
  expect(res.statusCode).toBe(201);
  return res;
}

describe('by default (TRUST_PROXY unset)', () => {
  const t = testServer();

  it('trusts no forwarded header', () => {
    expect(t.config.trustProxy).toBe(false);
  });

  it('a made-up X-Forwarded-For per attempt does not reset the wrong-password limit', async () => {
    const u = await signUp(t.app, 'Target', uniqueEmail('spoofed'), 'the-right-one');
    const login = (password: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': `203.0.113.${n}` },
        payload: { email: u.email, password },
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(`guess-${i}`, i)).statusCode).toBe(401);
    const blocked = await login('the-right-one', 99);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY);
  });

  it('a forwarded https does not make the cookie Secure (the connection was plain http)', async () => {
    const res = await signUpSaidHttps(t);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

describe('behind a proxy at 127.0.0.1 (TRUST_PROXY=127.0.0.1)', () => {
  const t = testServer({ trustProxy: ['127.0.0.1'] });

  it('counts failures by the address the proxy forwards', async () => {
    const u = await signUp(t.app, 'Target', uniqueEmail('proxied'), 'the-right-one');
    const login = (password: string, client: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: { 'x-forwarded-for': client }, payload: { email: u.email, password } });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(`guess-${i}`, '203.0.113.5')).statusCode).toBe(401);
    expect((await login('the-right-one', '203.0.113.5')).statusCode).toBe(429);
    // Another client behind the same proxy is its own address.
    expect((await login('the-right-one', '203.0.113.6')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    const u = await signUp(t.app, 'Target', uniqueEmail('direct'), 'the-right-one');
    const login = (password: string, n: number) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.30', headers: { 'x-forwarded-for': `203.0.113.${n}` }, payload: { email: u.email, password } });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(`guess-${i}`, 50 + i)).statusCode).toBe(401);
    expect((await login('the-right-one', 99)).statusCode).toBe(429);
  });

  it('marks the cookie Secure when the proxy says the visit was https', async () => {
    const res = await signUpSaidHttps(t);
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });
});
