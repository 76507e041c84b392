// The cache's fast paths (one-string search, rank-based sorts, desc derived from asc) must give
// exactly what the plain rule gives: checked against a naive implementation on random sheets.
import { describe, expect, it } from 'vitest';
import { matchesSearch, rowSearchText, searchTerms } from '../../../shared/filters/search';
import { filterMask, querySheet, SheetCache, type Row } from './sheet-cache';

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
}

const WORDS = ['apple', 'Apple', 'éclair', 'Eclair', 'item 9', 'item 10', 'zeta', 'Paris', 'paris', '', '007', 'x,y'];

function randomSheet(seed: number, n: number): { columns: string[]; rows: Row[] } {
  const r = rng(seed);
  const columns = ['a', 'b', 'c'];
  const rows = Array.from({ length: n }, () => ({
    a: WORDS[Math.floor(r() * WORDS.length)]!,
    b: r() < 0.15 ? '' : Math.floor(r() * 20) - 5,
    c: r() < 0.3 ? WORDS[Math.floor(r() * WORDS.length)]! : r() < 0.5 ? Math.round(r() * 100) / 10 : r() < 0.5,
  }));
  return { columns, rows };
}

/** A row as the cache answers it: values, then its id (the index when the loader gives none) and version. */
function wire(row: Row, i: number): Row {
  return { ...row, _id: String(i), _version: 1 };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
function naiveCompare(x: unknown, y: unknown): number {
  const empty = (v: unknown) => v === '' || v === null || v === undefined;
  const cls = (v: unknown) => (typeof v === 'number' ? 0 : typeof v === 'boolean' ? 1 : 2);
  if (cls(x) !== cls(y)) return cls(x) - cls(y);
  if (typeof x === 'number') return x - (y as number);
  if (typeof x === 'boolean') return Number(x) - Number(y);
  void empty;
  return collator.compare(String(x), String(y));
}

function naive(sheet: { columns: string[]; rows: Row[] }, q: string, sort: string | undefined, dir: 'asc' | 'desc') {
  const terms = searchTerms(q);
  let idx = sheet.rows.map((_, i) => i).filter((i) => matchesSearch(rowSearchText(sheet.rows[i]!, sheet.columns), terms));
  if (sort) {
    const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;
    const full = idx.filter((i) => !isEmpty(sheet.rows[i]![sort]));
    const empty = idx.filter((i) => isEmpty(sheet.rows[i]![sort]));
    full.sort((i, j) => (dir === 'asc' ? 1 : -1) * naiveCompare(sheet.rows[i]![sort], sheet.rows[j]![sort]) || i - j);
    idx = [...full, ...empty];
  }
  return idx;
}

describe('querySheet', () => {
  it.each([1, 2, 3, 4, 5])('matches the naive rule on random sheet %i', async (seed) => {
    const data = randomSheet(seed, 400);
    const cache = new SheetCache(64 * 1024 * 1024);
    const sheet = await cache.get(`s${seed}`, 1, async () => data);
    for (const q of ['', 'paris', 'APPLE, 10', 'item', 'éclair', 'zzz', ',,', '0', 'true']) {
      for (const sort of [undefined, 'a', 'b', 'c']) {
        // desc after asc exercises the derived order; desc first the direct sort.
        for (const dir of (seed % 2 ? ['asc', 'desc'] : ['desc', 'asc']) as ('asc' | 'desc')[]) {
          const got = querySheet(sheet, { q, sort, dir }, cache);
          const want = naive(data, q, sort, dir);
          expect(got.total).toBe(want.length);
          expect(got.rows).toEqual(want.map((i) => wire(data.rows[i]!, i)));
          const page = querySheet(sheet, { q, sort, dir, offset: 7, limit: 5 }, cache);
          expect(page.rows).toEqual(want.slice(7, 12).map((i) => wire(data.rows[i]!, i)));
        }
      }
    }
  });

  it.each([
    ['ebra', ['zebra']],
    ['abra', ['abra cadabra', 'cadabra!']],
    ['zbra', []],
    ['bra', ['zebra', 'bra', 'abra cadabra', 'cadabra!']],
    ['a!', ['cadabra!']],
    ['!', ['cadabra!']],
  ])('finds %s only where the whole term occurs (anchored search)', async (q, names) => {
    const cache = new SheetCache(1e9);
    const rows = ['bra', 'zebra', 'bra', 'abra cadabra', 'cadabra!', 'xyz'].map((a, i) => ({ a, i: i === 2 ? 'zebr' : '' }));
    const sheet = await cache.get(`anchor-${q}`, 1, async () => ({ columns: ['a', 'i'], rows }));
    const got = querySheet(sheet, { q }, cache).rows.map((r) => r.a);
    expect(got).toEqual(rows.filter((r) => names.includes(r.a)).map((r) => r.a));
  });

  it('evicts the least recently used sheet beyond its memory budget', async () => {
    const big = randomSheet(9, 500);
    const probe = new SheetCache(1e9);
    await probe.get('x', 1, async () => big);
    // Room for one sheet and a half: the second load must push the first out.
    const cache = new SheetCache(Math.round(probe.bytes * 1.5));
    await cache.get('one', 1, async () => big);
    await cache.get('two', 1, async () => big);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(Math.round(probe.bytes * 1.5));
    let loads = 0;
    await cache.get('two', 1, async () => (loads++, big));
    expect(loads).toBe(0);
    await cache.get('one', 1, async () => (loads++, big));
    expect(loads).toBe(1);
  });

  it('loads a sheet once for concurrent requests and reloads on a new version', async () => {
    const cache = new SheetCache(1e9);
    let loads = 0;
    const load = async () => (loads++, { columns: ['a'], rows: [{ a: 1 }] });
    await Promise.all([cache.get('s', 1, load), cache.get('s', 1, load), cache.get('s', 1, load)]);
    expect(loads).toBe(1);
    await cache.get('s', 2, load);
    expect(loads).toBe(2);
  });
});

describe('filter masks', () => {
  it('filters apply before search and paging (same as the plain rule), cached per key, at most 16 per sheet', async () => {
    const cache = new SheetCache(1e9);
    const data = randomSheet(7, 500);
    const sheet = await cache.get('f', 1, async () => data);
    const keep = (row: Row) => typeof row.b === 'number' && row.b > 3;
    const mask = filterMask(sheet, 'b>3', keep, cache);
    expect(filterMask(sheet, 'b>3', () => false, cache)).toBe(mask);
    const expected = data.rows.map(wire).filter((row) => keep(row) && matchesSearch(rowSearchText(row, data.columns), searchTerms('paris')));
    const r = querySheet(sheet, { q: 'paris', filter: mask, limit: 3, offset: 1 }, cache);
    expect(r.total).toBe(expected.length);
    expect(r.rows).toEqual(expected.slice(1, 4));
    expect(querySheet(sheet, { filter: mask }).total).toBe(data.rows.filter(keep).length);
    for (let i = 0; i < 20; i++) filterMask(sheet, `k${i}`, () => true, cache);
    expect(sheet.filterMasks.size).toBe(16);
    expect(sheet.filterMasks.has('b>3')).toBe(false);
  });
});

describe('applyWrite (rows written by this process patch the entry in place)', () => {
  it.each([11, 12, 13])('random appends, edits and deletes give what a fresh load gives (seed %i)', async (seed) => {
    const r = rng(seed);
    const data = randomSheet(seed, 300);
    const cache = new SheetCache(1e9);
    const rows = data.rows.map((row) => ({ ...row }));
    const ids = rows.map((_, i) => i);
    const versions = rows.map(() => 1);
    let version = 1;
    let nextId = rows.length;
    const sheet = await cache.get('p', version, async () => ({ columns: data.columns, rows: [...rows], ids: [...ids], versions: [...versions] }));
    const views: [string, Parameters<typeof querySheet>[1]][] = [
      ['all', {}],
      ['a asc', { sort: 'a', dir: 'asc' }],
      ['a desc', { sort: 'a', dir: 'desc' }],
      ['b desc', { sort: 'b', dir: 'desc' }],
      ['c asc', { sort: 'c', dir: 'asc' }],
      ['paris', { q: 'paris' }],
      ['item, 7 by b', { q: 'item, 7', sort: 'b' }],
    ];
    const keep = (row: Row) => typeof row.b === 'number' && row.b > 3;
    // Build the derived data first, so the patches have to keep it right.
    for (const [, opts] of views) querySheet(sheet, opts, cache);
    filterMask(sheet, 'b>3', keep, cache);
    const randomRow = (): Row => randomSheet(Math.floor(r() * 1e6), 1).rows[0]!;
    for (let step = 0; step < 160; step++) {
      // Reads now and then apply what is queued (single patches, or a run of appends at once).
      if (step % 23 === 22) for (const [, opts] of views) querySheet(await cache.get('p', version, async () => ({ columns: [], rows: [] })), opts, cache);
      const op = step >= 100 && step < 120 ? 0 : r();
      version++;
      if (op < 0.4 || rows.length === 0) {
        const row = randomRow();
        rows.push(row);
        ids.push(nextId);
        versions.push(1);
        cache.applyWrite('p', version, { kind: 'append', id: nextId++, version: 1, row });
      } else if (op < 0.75) {
        const i = Math.floor(r() * rows.length);
        const row = { ...rows[i]!, ...(r() < 0.5 ? { a: randomRow().a } : { b: randomRow().b, c: randomRow().c }) };
        rows[i] = row;
        versions[i]!++;
        cache.applyWrite('p', version, { kind: 'update', id: ids[i]!, version: versions[i]!, row });
      } else {
        const i = Math.floor(r() * rows.length);
        cache.applyWrite('p', version, { kind: 'delete', id: ids[i]! });
        rows.splice(i, 1);
        ids.splice(i, 1);
        versions.splice(i, 1);
      }
    }
    let loads = 0;
    const patched = await cache.get('p', version, async () => (loads++, { columns: data.columns, rows: [], ids: [], versions: [] }));
    expect(loads).toBe(0);
    expect(patched.version).toBe(version);
    const fresh = await new SheetCache(1e9).get('fresh', 1, async () => ({ columns: data.columns, rows, ids, versions }));
    for (const [name, opts] of views) expect(querySheet(patched, opts, cache), name).toEqual(querySheet(fresh, opts));
    const mask = filterMask(patched, 'b>3', () => false, cache);
    expect(querySheet(patched, { filter: mask, q: 'a' })).toEqual(querySheet(fresh, { filter: filterMask(fresh, 'b>3', keep), q: 'a' }));
  });

  it('writes that arrive out of order wait for the ones before them; a write by another process leads to a reload', async () => {
    const cache = new SheetCache(1e9);
    let loads = 0;
    const load = async () => (loads++, { columns: ['a'], rows: [{ a: 'x' }] });
    await cache.get('o', 1, load);
    cache.applyWrite('o', 3, { kind: 'append', id: 2, version: 1, row: { a: 'z' } });
    cache.applyWrite('o', 2, { kind: 'append', id: 1, version: 1, row: { a: 'y' } });
    const e = await cache.get('o', 3, load);
    expect(loads).toBe(1);
    expect(querySheet(e, {}).rows.map((row) => [row.a, row._id])).toEqual([['x', '0'], ['y', '1'], ['z', '2']]);
    // Version 4 was written elsewhere: 5 cannot be applied, and asking for 5 reloads.
    cache.applyWrite('o', 5, { kind: 'delete', id: 0 });
    await cache.get('o', 5, load);
    expect(loads).toBe(2);
  });
});
