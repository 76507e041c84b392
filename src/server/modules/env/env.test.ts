import { describe, expect, it } from 'vitest';
import { testServer } from '../../testing/server';


const t = testServer({ baseHost: 'boards.test:8080' });

describe('GET /api/getENV/{name}', () => {
  it('answers whitelisted settings as raw text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getENV/BOARD_BASE_URL' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('http://boards.test:8080');
  });

  it('404 for anything else, secrets included', async () => {
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'PATH', 'nope', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/getENV/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`Unknown setting '${name}'`);
    }
  });
});

describe('unknown API routes', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)('%s /api/nope → 404 {message: Not found}', async (method) => {
    const res = await t.app.inject({ method, url: '/api/nope/deeper' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('JSON bodies', () => {
  it('accept an empty body on POST and drop __proto__ keys', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.map((i: { path: string }) => i.path)).toEqual(['email', 'password']);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","password":"x","__proto__":{"polluted":true}}',
    });
    expect(poisoned.statusCode).toBe(401);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
