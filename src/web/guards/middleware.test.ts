import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { resolveMiddleware, UNKNOWN_MIDDLEWARE, type Guard } from './middleware';
import { MIDDLEWARE } from './registry';

const A: Guard = ({ children }) => children;
const B: Guard = ({ children }) => children;

describe('route middleware', () => {
  it('gives the named guards in the order the route names them', () => {
    expect(resolveMiddleware(['a', 'b'], { a: A, b: B })).toEqual({ ok: true, guards: [A, B] });
    expect(resolveMiddleware(['b', 'a'], { a: A, b: B })).toEqual({ ok: true, guards: [B, A] });
    expect(resolveMiddleware([], { a: A })).toEqual({ ok: true, guards: [] });
  });

  it("answers an unknown name with status 500 'Unknown middleware'", () => {
    const r = resolveMiddleware(['a', 'nope'], { a: A });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(ApiError);
    expect(r.error.status).toBe(500);
    expect(r.error.message).toBe(UNKNOWN_MIDDLEWARE);
    expect(UNKNOWN_MIDDLEWARE).toBe('Unknown middleware');
  });

  it("does not take the registry object's own machinery for a guard", () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) expect(resolveMiddleware([name], MIDDLEWARE).ok, name).toBe(false);
  });

  it('registers admin-auth and blog-admin-auth by name (shell §2.2)', () => {
    expect(Object.keys(MIDDLEWARE)).toEqual(['admin-auth', 'blog-admin-auth']);
    const r = resolveMiddleware(['admin-auth'], MIDDLEWARE);
    expect(r.ok && r.guards.length).toBe(1);
    const b = resolveMiddleware(['blog-admin-auth'], MIDDLEWARE);
    expect(b.ok && b.guards[0]?.name).toBe('BlogAdminAuth');
  });
});
