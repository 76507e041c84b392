// Route input: declared once in the route's `schema`, parsed once before the handler, strictly
// (an unknown field is a 400 that names it), and only after the access rule has let the caller in.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boardWithSheets, signUp, type TestUser } from '../testing/app';
import { testServer } from '../testing/server';
import { acceptedKeys, parseInput, unknownFieldError } from './input';

describe('the keys an input schema takes', () => {
  const Base = z.object({ a: z.string(), b: z.number().optional() });
  it.each([
    ['an object', Base, ['a', 'b']],
    ['an optional object', Base.optional(), ['a', 'b']],
    ['a transformed object', Base.transform((v) => v.a), ['a', 'b']],
    ['a union of objects', z.union([Base, z.object({ c: z.boolean() })]), ['a', 'b', 'c']],
    ['an extended object', Base.extend({ d: z.string() }), ['a', 'b', 'd']],
    ['an intersection', z.intersection(Base, z.object({ e: z.string() })), ['a', 'b', 'e']],
    ['a strict object', Base.strict(), ['a', 'b']],
  ])('%s', (_name, schema, keys) => {
    expect([...(acceptedKeys(schema) ?? [])].sort()).toEqual(keys);
  });

  it.each([
    ['a loose object', Base.loose()],
    ['an object with a catch-all', Base.catchall(z.string())],
    ['a record', z.record(z.string(), z.string())],
    ['a union with a record in it', z.union([Base, z.record(z.string(), z.number())])],
  ])('%s takes any key', (_name, schema) => {
    expect(acceptedKeys(schema)).toBeNull();
    expect(unknownFieldError(schema, { anything: 1 }, 'body')).toBeNull();
  });
});

describe('unknown fields', () => {
  const Body = z.object({ page_name: z.string(), page_slug: z.string().optional() });

  it('names the field and says what the request takes', () => {
    const err = unknownFieldError(Body, { page_name: 'Home', is_public: false }, 'body');
    expect(err?.status).toBe(400);
    expect(err?.code).toBe('unknown_field');
    expect(err?.message).toBe('is_public is not a setting this request takes. It takes: page_name and page_slug.');
    expect(err?.issues).toEqual([{ path: 'is_public', message: 'is_public is not a setting this request takes' }]);
  });

  it('names every unknown field', () => {
    expect(unknownFieldError(Body, { x: 1, y: 2, page_name: 'a' }, 'body')?.message).toBe('x and y are not settings this request takes. It takes: page_name and page_slug.');
    expect(unknownFieldError(z.object({}), { q: 'a' }, 'querystring')?.message).toBe('q is not an option of this address. This address takes no options.');
  });

  it("takes the web app's and the spec clients' own query parameters on every address, and reads none of them", () => {
    const Query = z.object({ q: z.string().optional() });
    expect(parseInput(Query, { q: 'a', board: '/x', referer: 'http://h/x', _id: '1', _email: 'a@b.c', _filters: '[]' }, 'querystring')).toEqual({ value: { q: 'a' } });
    expect(unknownFieldError(Query, { board: '/x' }, 'body')?.code).toBe('unknown_field');
  });

  it('parses a known body, and words a bad value as before', () => {
    expect(parseInput(Body, { page_name: 'Home' }, 'body')).toEqual({ value: { page_name: 'Home' } });
    const bad = parseInput(Body, { page_name: 3 }, 'body');
    expect('error' in bad && bad.error.status).toBe(400);
    expect(parseInput(z.object({ n: z.number().optional() }), null, 'body')).toEqual({ value: {} });
  });
});

describe('on a real route', () => {
  const t = testServer();
  let owner: TestUser;
  let pageId: string;
  let appId: string;
  beforeAll(async () => {
    owner = await signUp(t.app, 'Ada Strict');
    ({ pageId, appId } = await boardWithSheets(t.app, owner, 'Strict board', [{ title: 'People', columns: ['Name'], rows: [{ Name: 'Ada' }] }]));
  });

  it('refuses a field the route does not take, and changes nothing', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/pages/${pageId}`, headers: { cookie: owner.cookie }, payload: { page_name: 'Renamed', is_public: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_field', message: expect.stringMatching(/^is_public is not a setting this request takes\. It takes: .*page_name/) });
    const pages = await t.app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: { cookie: owner.cookie } });
    expect(pages.statusCode).toBe(200);
    expect(pages.json().pages.map((p: { page_name: string }) => p.page_name)).not.toContain('Renamed');
  });

  it('asks the access rule first: no session is a 401 whatever the body holds', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/pages/${pageId}`, payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });

  it('hands the handler the parsed body (trimmed name)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/pages/${pageId}`, headers: { cookie: owner.cookie }, payload: { page_name: '  Start  ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().page.page_name).toBe('Start');
  });
});
