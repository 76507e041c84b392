// The kept answers of sheet reads (answer-cache.ts): which encoding a request gets (the same as
// @fastify/compress picks), the byte budget, and one answer made however many ask at once.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, answerEncoding } from './answer-cache';

describe('answerEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['BR, GZIP', 'br'],
  ] as const)('%s → %s', (header, want) => {
    expect(answerEncoding(header)).toBe(want);
  });
});

describe('AnswerCache', () => {
  it('makes an answer once and keeps its JSON and each compressed form', async () => {
    const cache = new AnswerCache(1024 * 1024);
    let made = 0;
    const make = async () => {
      made++;
      return { rows: Array.from({ length: 100 }, (_, i) => ({ Name: `Row ${i}` })) };
    };
    const json = await cache.json('k', make);
    expect(await cache.json('k', make)).toBe(json);
    expect(made).toBe(1);
    const br = await cache.encoded('k', json, 'br');
    expect(zlib.brotliDecompressSync(br).toString()).toBe(json);
    expect(await cache.encoded('k', json, 'br')).toBe(br);
    expect(zlib.gunzipSync(await cache.encoded('k', json, 'gzip')).toString()).toBe(json);
  });

  it('guests asking for the same answer at the same moment wait for one making of it', async () => {
    const cache = new AnswerCache(1024 * 1024);
    let made = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const make = async () => {
      made++;
      await gate;
      return { n: 1 };
    };
    const asks = Promise.all(Array.from({ length: 20 }, () => cache.json('k', make)));
    release();
    expect(new Set(await asks)).toEqual(new Set(['{"n":1}']));
    expect(made).toBe(1);
  });

  it('a failed making is not kept: the next ask makes it again', async () => {
    const cache = new AnswerCache(1024 * 1024);
    await expect(cache.json('k', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.json('k', async () => ({ ok: true }))).toBe('{"ok":true}');
  });

  it('stays within its budget, the least recently used leaving first, and keeps no answer over an eighth of it', async () => {
    const cache = new AnswerCache(8000);
    const answer = (n: number) => async () => ({ text: 'x'.repeat(n) });
    for (const key of ['a', 'b', 'c', 'd']) await cache.json(key, answer(400)); // ~820 bytes each (2 per character)
    await cache.json('a', answer(1)); // a is used again: b is now the oldest
    for (const key of ['e', 'f', 'g', 'h', 'i', 'j']) await cache.json(key, answer(400));
    let remade = 0;
    await cache.json('b', async () => (remade++, { text: 'b' }));
    expect(remade).toBe(1);
    await cache.json('a', async () => (remade++, { text: 'a' }));
    expect(remade).toBe(1);
    expect(cache.usedBytes).toBeLessThanOrEqual(8000);
    expect(cache.size).toBe(10);

    await cache.json('big', answer(600)); // 1,220 bytes > 8000 / 8
    await cache.json('big', async () => (remade++, { text: '' }));
    expect(remade).toBe(2);
  });

  it('off at 0 MB', () => {
    expect(new AnswerCache(0).enabled).toBe(false);
    expect(new AnswerCache(1).enabled).toBe(true);
  });
});
