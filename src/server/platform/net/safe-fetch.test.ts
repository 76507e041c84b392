// safeFetch against a real HTTP server on a local port. The address rule is on for every test
// but the ones that say otherwise; the local target is let through by exact address only
// (allowAddresses), so its neighbours (127.0.0.2, ::1, localhost's other forms) stay refused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { httpTarget } from '../../testing/http-target';
import { safeFetch, SafeFetchError } from './safe-fetch';

const hanging = new Set<http.ServerResponse>();

const target = httpTarget((url, res) => {
  switch (url.pathname) {
    case '/echo':
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ ok: true }));
    case '/redirect': {
      const to = url.searchParams.get('to')!;
      res.statusCode = Number(url.searchParams.get('status') ?? 302);
      res.setHeader('location', to);
      return res.end();
    }
    case '/loop':
      res.statusCode = 302;
      res.setHeader('location', '/loop');
      return res.end();
    case '/hang':
      hanging.add(res);
      return;
    case '/slow-body':
      res.write('partial');
      hanging.add(res);
      return;
    case '/big':
      // No Content-Length: the limit must hold while streaming.
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024, 97));
      return res.end();
    case '/big-declared':
      res.setHeader('content-length', String(2 * 1024 * 1024));
      res.write(Buffer.alloc(1024, 97));
      hanging.add(res);
      return;
    default:
      res.statusCode = 404;
      return res.end('nope');
  }
});

afterAll(() => {
  for (const res of hanging) res.destroy();
});

const allowTarget = { allowAddresses: ['127.0.0.1'] };

async function failure(p: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SafeFetchError);
    return e as SafeFetchError;
  }
  throw new Error('expected a failure');
}

describe('safeFetch', () => {
  it('sends method, headers and body and reads the answer', async () => {
    target.seen.length = 0;
    const res = await safeFetch(`${target.base}/echo`, { ...allowTarget, method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t0k' }, body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
    expect(target.seen[0]).toMatchObject({ method: 'POST', url: '/echo', body: '{"a":1}', headers: { authorization: 'Bearer t0k', 'content-length': '7' } });
  });

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${target.port}/echo`],
    ['localhost (resolves to loopback)', () => `http://localhost:${target.port}/echo`],
    ['::1', () => `http://[::1]:${target.port}/echo`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${target.port}/echo`],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['0.0.0.0', () => `http://0.0.0.0:${target.port}/echo`],
  ])('refuses %s without the setting, before any request is made', async (_name, url) => {
    target.seen.length = 0;
    const err = await failure(safeFetch(url(), { method: 'POST', body: 'x' }));
    expect(err.code).toBe('blocked');
    expect(err.message).toMatch(/^The address is not allowed: requests to (loopback|metadata|unspecified) network addresses are refused$/);
    expect(target.seen).toHaveLength(0);
  });

  it('ALLOW_PRIVATE_ACTION_TARGETS lifts the address rule (localhost included)', async () => {
    const res = await safeFetch(`http://localhost:${target.port}/echo`, { allowPrivate: true });
    expect(res.status).toBe(200);
  });

  it.each([['ftp://example.com/x'], ['file:///etc/passwd'], ['javascript:alert(1)']])('refuses the scheme of %s', async (url) => {
    const err = await failure(safeFetch(url, { allowPrivate: true }));
    expect(err.code).toBe('scheme');
    expect(err.message).toBe('Only http and https addresses are allowed');
  });

  it('follows redirects: 307 keeps POST and body, 302 after POST continues as GET', async () => {
    target.seen.length = 0;
    const r307 = await safeFetch(`${target.base}/redirect?status=307&to=/echo`, { ...allowTarget, method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } });
    expect(r307.status).toBe(200);
    expect(r307.url).toBe(`${target.base}/echo`);
    expect(target.seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/redirect?status=307&to=/echo', 'payload'],
      ['POST', '/echo', 'payload'],
    ]);
    target.seen.length = 0;
    await safeFetch(`${target.base}/redirect?status=302&to=/echo`, { ...allowTarget, method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } });
    expect(target.seen.map((s) => [s.method, s.url, s.body, s.headers['content-type']])).toEqual([
      ['POST', '/redirect?status=302&to=/echo', 'payload', 'text/plain'],
      ['GET', '/echo', '', undefined],
    ]);
  });

  it('drops the authorization and secret headers when a redirect leaves the origin', async () => {
    target.seen.length = 0;
    await safeFetch(`${target.base}/redirect?status=307&to=${encodeURIComponent(`http://localhost:${target.port}/echo`)}`, {
      allowPrivate: true,
      method: 'POST',
      headers: { authorization: 'Bearer secret', 'x-api-key': 'k', 'x-other': 'kept' },
      secretHeaders: ['X-Api-Key'],
    });
    expect(target.seen).toHaveLength(2);
    expect(target.seen[0]!.headers).toMatchObject({ authorization: 'Bearer secret', 'x-api-key': 'k' });
    expect(target.seen[1]!.headers.authorization).toBeUndefined();
    expect(target.seen[1]!.headers['x-api-key']).toBeUndefined();
    expect(target.seen[1]!.headers['x-other']).toBe('kept');
  });

  it.each([
    ['another loopback address', () => `http://127.0.0.2:${target.port}/echo`],
    ['IPv6 loopback', () => `http://[::1]:${target.port}/echo`],
    ['the metadata address', () => 'http://169.254.169.254/'],
    ['a private address', () => 'http://10.0.0.1/'],
  ])('refuses a redirect to %s', async (_name, to) => {
    target.seen.length = 0;
    const err = await failure(safeFetch(`${target.base}/redirect?to=${encodeURIComponent(to())}`, allowTarget));
    expect(err.code).toBe('blocked');
    // The first hop was made; the blocked one never was.
    expect(target.seen).toHaveLength(1);
  });

  it('stops after 5 redirects', async () => {
    target.seen.length = 0;
    const err = await failure(safeFetch(`${target.base}/loop`, allowTarget));
    expect(err.code).toBe('redirects');
    expect(err.message).toBe('The request was redirected more than 5 times');
    expect(target.seen).toHaveLength(6);
  });

  it('refuses a redirect to another scheme', async () => {
    const err = await failure(safeFetch(`${target.base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, allowTarget));
    expect(err.code).toBe('scheme');
  });

  it('times out on a server that never answers', async () => {
    const err = await failure(safeFetch(`${target.base}/hang`, { ...allowTarget, timeoutMs: 150 }));
    expect(err.code).toBe('timeout');
    expect(err.message).toBe('The request timed out after 150 ms');
  });

  it('times out on an answer that never ends (one deadline for the whole exchange)', async () => {
    const err = await failure(safeFetch(`${target.base}/slow-body`, { ...allowTarget, timeoutMs: 150 }));
    expect(err.code).toBe('timeout');
  });

  it.each([['/big'], ['/big-declared']])('stops reading %s past 1 MB', async (path) => {
    const err = await failure(safeFetch(`${target.base}${path}`, allowTarget));
    expect(err.code).toBe('too_large');
    expect(err.message).toBe('The answer is larger than 1 MB; it was not read');
  });

  it('reports a refused connection plainly', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(safeFetch(`http://127.0.0.1:${freePort}/`, allowTarget));
    expect(err.message).toBe('The server refused the connection');
  });
});
