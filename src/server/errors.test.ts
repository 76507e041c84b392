// The one error handler: client mistakes are 4xx on both databases, and a 500 says nothing
// about the code or the SQL behind it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';
import { signUp, type TestUser } from './testing/app';
import { testServer } from './testing/server';

const t = testServer();
let owner: TestUser;
beforeAll(async () => {
  owner = await signUp(t.app);
});

describe('error handler', () => {
  it('a 500 carries a generic message: no stack, no SQL, no error text', () => {
    const sent: { status?: number; body?: unknown } = {};
    const reply = {
      status(code: number) {
        sent.status = code;
        return this;
      },
      send(body: unknown) {
        sent.body = body;
        return this;
      },
    } as unknown as FastifyReply;
    const logged: unknown[] = [];
    const request = { log: { error: (o: unknown) => logged.push(o) } } as unknown as FastifyRequest;
    const error = new Error('SQLITE_ERROR: near "FROM": syntax error in SELECT password_hash FROM users');
    errorHandler(error, request, reply);
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ message: 'An unexpected error occurred. Please try again or contact support if the problem persists.' });
    expect(JSON.stringify(sent.body)).not.toMatch(/SELECT|users|stack|at /);
    expect(logged).toHaveLength(1);
  });

  it.each([
    ['GET', '/api/apps/a%00b', undefined],
    ['POST', '/api/apps', { name: 'Nul\u0000name' }],
    ['POST', '/api/auth/login', { email: 'a\u0000@example.com', password: 'whatever1' }],
    ['POST', '/api/spreadsheets', { title: 'T\u0000', sheets: [{ title: 'S', columns: ['a'], rows: [] }] }],
  ] as const)('%s %s with a NUL character is not a 500 (PostgreSQL refuses NUL in text)', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/0x00|invalid byte sequence|UTF8/);
  });
});
