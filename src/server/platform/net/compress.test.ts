// Compressed answers (net/compress.ts) and the web app's files (modules/site/routes.ts with the
// build's .br/.gz siblings from scripts/precompress-plugin.ts): what each Accept-Encoding gets,
// what is never compressed, and the cache headers of hashed and unhashed files.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress-plugin';
import { publicBoardOverSheet, signUp, type TestUser } from '../../testing/app';
import { testServer, testWebBuild } from '../../testing/server';
import { compressible, compressOptions, COMPRESS_AT_ONCE_MAX, COMPRESS_THRESHOLD, refuseIncompressible } from './compress';

let owner: TestUser;
let sheetId: string;
let appId: string;

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, 7)]);
const ROWS = Array.from({ length: 300 }, (_, i) => ({ Name: `Customer ${i}`, City: ['Paris', 'Oslo', 'Lyon'][i % 3]!, Amount: i * 3 }));

const web = testWebBuild({
  // An index.html over the threshold, so the page route has something to compress.
  'index.html': `<!doctype html><html><head><title>Sheetboard</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`,
  'assets/main-abc123.js': SCRIPT,
  'assets/logo-abc123.png': PNG,
  'sw.js': `self.VERSION = 'v1';\n${'// shell\n'.repeat(200)}`,
});
beforeAll(async () => {
  await precompressDir(web.dir);
});
const t = testServer(() => ({ webDir: web.dir }));

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  const board = await publicBoardOverSheet(t.app, owner, { spreadsheet: 'Customers', board: 'People' }, { title: 'People', columns: ['Name', 'City', 'Amount'], rows: ROWS });
  sheetId = board.spreadsheetId;
  appId = board.app.id;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', ...headers } });

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

describe('JSON answers', () => {
  const url = () => `/api/board/${sheetId}/sheet/People?board=${appId}&limit=200`;

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('Accept-Encoding %j → %s', async (accept, expected) => {
    const plain = await get(url());
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD * 4);
    const res = await get(url(), accept ? { 'accept-encoding': accept } : {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    if (expected) {
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    expect(JSON.parse(decode(expected, res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['', undefined],
  ])('an answer of a few KB that is not a sheet read (the board state) is compressed at once: Accept-Encoding %j → %s', async (accept, expected) => {
    const state = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${appId}`, headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers }, payload: {} });
    const plain = await state({});
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    expect(plain.rawPayload.length).toBeLessThanOrEqual(COMPRESS_AT_ONCE_MAX);
    const res = await state(accept ? { 'accept-encoding': accept } : {});
    expect(res.headers['content-encoding']).toBe(expected);
    if (expected) {
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'] ?? res.rawPayload.length)).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
    expect(JSON.parse(decode(expected, res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('a small answer goes as it is', async () => {
    const res = await get(`/api/board/${sheetId}/sheet/People?board=${appId}&limit=1`, { 'accept-encoding': 'br, gzip' });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().rows).toHaveLength(1);
  });

  it('a 304 has no body to compress', async () => {
    const first = await get(url(), { 'accept-encoding': 'br' });
    const res = await get(url(), { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a request body sent compressed is refused, not unpacked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apps',
      headers: { host: 'localhost:3000', cookie: owner.cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ name: 'Zipped', kind: 'board' })),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('downloads', () => {
  it('a CSV export streams compressed and unpacks to the whole sheet', async () => {
    const res = await get(`/api/spreadsheets/${sheetId}/export?sheet=People&format=csv`, { cookie: owner.cookie, 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const csv = decode('br', res.rawPayload).toString('utf8');
    expect(csv.trim().split(/\r?\n/)).toHaveLength(ROWS.length + 1);
    expect(csv).toContain('Customer 299');
  });

  it('an XLSX export (already a zip) is sent as it is', async () => {
    const res = await get(`/api/spreadsheets/${sheetId}/export?sheet=People&format=xlsx`, { cookie: owner.cookie, 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('pages and the web build', () => {
  it('a page (index.html for a client route) is compressed, with its security headers', async () => {
    const res = await get('/dashboard', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.rawPayload).toString('utf8')).toContain('<div id="root">');
  });

  it.each([
    ['br', '.br'],
    ['gzip', '.gz'],
  ])('a hashed script with Accept-Encoding %s: its precompressed sibling, immutable', async (accept, ext) => {
    const file = path.join(web.dir, 'assets', 'main-abc123.js');
    const res = await get('/assets/main-abc123.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(accept);
    expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file on disk, not one compressed for this request.
    expect(res.rawPayload.equals(fs.readFileSync(file + ext))).toBe(true);
    expect(decode(accept, res.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('a hashed script without Accept-Encoding: the file itself, still Vary', async () => {
    const res = await get('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('an image is never compressed', async () => {
    const res = await get('/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(fs.existsSync(path.join(web.dir, 'assets', 'logo-abc123.png.br'))).toBe(false);
  });

  it.each(['/sw.js', '/index.html'])('%s (not hashed) is revalidated: no-cache', async (url) => {
    const res = await get(url, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('a missing asset is still a plain 404, whatever the encoding', async () => {
    const res = await get('/assets/gone-000000.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('compressible', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['text/csv; charset=utf-8', true],
    ['application/javascript', true],
    ['text/javascript; charset=utf-8', true],
    ['image/svg+xml', true],
    ['application/rss+xml; charset=utf-8', true],
    ['application/problem+json', true],
    ['text/event-stream', false],
    ['image/png', false],
    ['image/jpeg', false],
    ['image/bmp', false],
    ['video/mp4', false],
    ['video/webm', false],
    ['application/zip', false],
    ['application/pdf', false],
    ['application/octet-stream', false],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['font/woff2', false],
  ])('%s → %s', (type, expected) => {
    expect(compressible(type)).toBe(expected);
  });
});

describe('types the plugin alone would compress', () => {
  // mime-db calls octet-stream and BMP compressible; the app's own list has the last word.
  it.each([
    ['application/octet-stream', undefined],
    ['image/bmp', undefined],
    ['text/event-stream', undefined],
    ['text/plain; charset=utf-8', 'br'],
  ])('%s → %s', async (type, expected) => {
    const app = Fastify();
    await app.register(fastifyCompress, compressOptions());
    app.addHook('onSend', refuseIncompressible);
    app.get('/file', async (_request, reply) => reply.type(type).send(Buffer.alloc(20_000, 65)));
    try {
      const res = await app.inject({ method: 'GET', url: '/file', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding']).toBe(expected);
      expect(decode(expected, res.rawPayload).length).toBe(20_000);
    } finally {
      await app.close();
    }
  });
});
