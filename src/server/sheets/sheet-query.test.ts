// The query engine's fast paths (one-string search, rank-based sorts, desc derived from asc) must
// give exactly what the plain rule gives: checked against a naive implementation on random sheets.
import { describe, expect, it } from 'vitest';
import { matchesSearch, rowSearchText, searchTerms } from '../../shared/filters/search';
import { randomSheet } from '../testing/random-sheet';
import { compileFilter, compileFilterTest, type Filter } from '../../shared/filters/conditions';
import { allOfMasks, columnFilterMask, filterMask, idOf, indexSheet, querySheet, versionOf, type CachedSheet, type EntryMemory, type Row } from './sheet-query';

/** A row as the engine answers it: values, then its id (the index when the loader gives none) and version. */
function wire(row: Row, i: number): Row {
  return { ...row, _id: String(i), _version: 1 };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
function naiveCompare(x: unknown, y: unknown): number {
  const cls = (v: unknown) => (typeof v === 'number' ? 0 : typeof v === 'boolean' ? 1 : 2);
  if (cls(x) !== cls(y)) return cls(x) - cls(y);
  if (typeof x === 'number') return x - (y as number);
  if (typeof x === 'boolean') return Number(x) - Number(y);
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

/** Records what the engine reports growing, as the sheet cache would count it. */
function meter(): EntryMemory & { grown: number[] } {
  const grown: number[] = [];
  return { grown, grow: (_entry: CachedSheet, bytes: number) => void grown.push(bytes) };
}

describe('querySheet', () => {
  it.each([1, 2, 3, 4, 5])('matches the naive rule on random sheet %i', (seed) => {
    const data = randomSheet(seed, 400);
    const memory = meter();
    const sheet = indexSheet(`s${seed}`, 1, data);
    for (const q of ['', 'paris', 'APPLE, 10', 'item', 'éclair', 'zzz', ',,', '0', 'true']) {
      for (const sort of [undefined, 'a', 'b', 'c']) {
        // desc after asc exercises the derived order; desc first the direct sort.
        for (const dir of (seed % 2 ? ['asc', 'desc'] : ['desc', 'asc']) as ('asc' | 'desc')[]) {
          const got = querySheet(sheet, { q, sort, dir }, memory);
          const want = naive(data, q, sort, dir);
          expect(got.total).toBe(want.length);
          expect(got.rows).toEqual(want.map((i) => wire(data.rows[i]!, i)));
          const page = querySheet(sheet, { q, sort, dir, offset: 7, limit: 5 }, memory);
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
  ])('finds %s only where the whole term occurs (anchored search)', (q, names) => {
    const rows = ['bra', 'zebra', 'bra', 'abra cadabra', 'cadabra!', 'xyz'].map((a, i) => ({ a, i: i === 2 ? 'zebr' : '' }));
    const sheet = indexSheet(`anchor-${q}`, 1, { columns: ['a', 'i'], rows });
    const got = querySheet(sheet, { q }, meter()).rows.map((r) => r.a);
    expect(got).toEqual(rows.filter((r) => names.includes(r.a)).map((r) => r.a));
  });

  it('answers the loader ids and versions as _id and _version, after the values', () => {
    const sheet = indexSheet('ids', 1, { columns: ['a', '_id'], rows: [{ a: 'x', _id: 'mine' }, { a: 'y', _id: 'mine' }], ids: [4, 9], versions: [2, 7] });
    expect(querySheet(sheet, {}).rows).toEqual([
      { a: 'x', _id: '4', _version: 2 },
      { a: 'y', _id: '9', _version: 7 },
    ]);
    expect(querySheet(sheet, { fields: ['a', 'missing'], q: 'y' }).rows).toEqual([{ a: 'y', missing: '', _id: '9', _version: 7 }]);
  });

  it('reports the memory of every rank array, sort order and term mask it keeps, and none for what it replaces', () => {
    const n = 100;
    const sheet = indexSheet('m', 1, randomSheet(3, n));
    const memory = meter();
    querySheet(sheet, { sort: 'a', dir: 'asc' }, memory);
    // The column's ranks (Float64), then its ascending order (Uint32).
    expect(memory.grown).toEqual([n * 8, n * 4]);
    querySheet(sheet, { sort: 'a', dir: 'desc' }, memory);
    querySheet(sheet, { sort: 'a', dir: 'desc' }, memory);
    expect(memory.grown).toEqual([n * 8, n * 4, n * 4]);
    memory.grown.length = 0;
    querySheet(sheet, { q: 'apple' }, memory);
    // The first search builds the search text (UTF-16 haystack, row starts, character counts).
    const text = sheet.text!;
    expect(memory.grown.shift()).toBe(text.haystack.length * 2 + (n + 1) * 4 + 65536 * 4);
    for (let t = 0; t < 31; t++) querySheet(sheet, { q: `term ${t}` }, memory);
    expect(memory.grown).toEqual(new Array(32).fill(n));
    // A repeated term is answered from its mask and becomes the most recent.
    querySheet(sheet, { q: 'apple' }, memory);
    // At most 32 masks per sheet: the 33rd takes the place of the least recently used one.
    querySheet(sheet, { q: 'one more' }, memory);
    expect(memory.grown).toHaveLength(32);
    expect(sheet.masks.size).toBe(32);
    expect(sheet.masks.has('term 0')).toBe(false);
    expect(sheet.masks.has('apple')).toBe(true);
  });
});

describe('filter masks', () => {
  it('filters apply before search and paging (same as the plain rule), cached per key, at most 16 per sheet', () => {
    const memory = meter();
    const data = randomSheet(7, 500);
    const sheet = indexSheet('f', 1, data);
    const keep = (row: Row) => typeof row.b === 'number' && row.b > 3;
    const mask = filterMask(sheet, 'b>3', keep, memory);
    expect(filterMask(sheet, 'b>3', () => false, memory)).toBe(mask);
    const expected = data.rows.map(wire).filter((row) => keep(row) && matchesSearch(rowSearchText(row, data.columns), searchTerms('paris')));
    const r = querySheet(sheet, { q: 'paris', filter: mask, limit: 3, offset: 1 }, memory);
    expect(r.total).toBe(expected.length);
    expect(r.rows).toEqual(expected.slice(1, 4));
    expect(querySheet(sheet, { filter: mask }).total).toBe(data.rows.filter(keep).length);
    for (let i = 0; i < 20; i++) filterMask(sheet, `k${i}`, () => true, memory);
    expect(sheet.filterMasks.size).toBe(16);
    expect(sheet.filterMasks.has('b>3')).toBe(false);
    expect(sheet.filterKeeps.has('b>3')).toBe(false);
  });

  it('searches only the given columns when asked, after the whole-row mask', () => {
    const rows = [
      { a: 'paris', b: 'x' },
      { a: 'x', b: 'paris' },
      { a: 'berlin', b: 'paris' },
    ];
    const sheet = indexSheet('cols', 1, { columns: ['a', 'b'], rows });
    expect(querySheet(sheet, { q: 'paris' }).total).toBe(3);
    const r = querySheet(sheet, { q: 'paris, berlin', searchColumns: ['a'], fields: ['a'] });
    expect(r.rows.map((row) => row.a)).toEqual(['paris', 'berlin']);
  });
});

describe('column filter masks', () => {
  // Every kind of cell: text (with case variants), numbers, numbers as text, '', booleans, null, objects, missing keys.
  const data = randomSheet(13, 700);
  data.rows.forEach((row, i) => {
    const r = row as Record<string, unknown>;
    r.d = i % 7 === 0 ? null : i % 5 === 0 ? { nested: [i, 'x'] } : i % 3 === 0 ? i % 2 === 0 : `${i % 9} Paris`;
    if (i % 11 === 0) delete r.b;
  });
  data.columns.push('d');
  const ctx = { now: new Date(2026, 0, 1) };
  const filter = (column: string, condition: string, value: string): Filter => ({ name: 'x', active: true, condition: condition as Filter['condition'], sheet_column: { sheet: 's', column }, value });
  const cases: [string, string, string][] = [
    ['a', 'includes', 'a'],
    ['a', '=', 'paris'],
    ['a', 'not_starts_with', 'i'],
    ['a', 'any_of', 'zeta||Apple'],
    ['b', '>', '2'],
    ['b', '<', '0'],
    ['b', '=', '7'],
    ['c', '>', '5'],
    ['c', 'includes', 'item'],
    ['c', '=', 'true'],
    ['d', 'includes', 'nested'],
    ['d', 'ends_with', 'paris'],
    ['d', 'not_includes', '3'],
    ['missing', 'includes', 'a'],
  ];

  it('keeps exactly the rows the row predicate keeps, testing each distinct text once', () => {
    const sheet = indexSheet('m', 1, data);
    for (const [column, condition, value] of cases) {
      const f = filter(column, condition, value);
      const compiled = compileFilterTest(f, ctx);
      if (compiled === 'all' || compiled === 'none') throw new Error(`${condition} ${value} should test cells`);
      const tested: unknown[] = [];
      const mask = columnFilterMask(sheet, `${column}${condition}${value}`, compiled.column, (v) => {
        tested.push(v);
        return compiled.test(v);
      });
      const keep = compileFilter(f, ctx);
      expect([...mask], `${column} ${condition} ${value}`).toEqual(data.rows.map((row) => (keep(row) ? 1 : 0)));
      const texts = tested.filter((v) => typeof v === 'string');
      expect(new Set(texts).size).toBe(texts.length);
      // A written row's bit is recomputed with the same rule.
      for (const row of data.rows.slice(0, 50)) expect(sheet.filterKeeps.get(`${column}${condition}${value}`)!(row)).toBe(keep(row));
    }
  });

  it('the AND of several masks, cached under its own key', () => {
    const sheet = indexSheet('m', 1, data);
    const fa = compileFilterTest(filter('a', 'includes', 'a'), ctx);
    const fb = compileFilterTest(filter('b', '>', '2'), ctx);
    if (typeof fa === 'string' || typeof fb === 'string') throw new Error('cell tests expected');
    const ma = columnFilterMask(sheet, 'fa', fa.column, fa.test);
    const mb = columnFilterMask(sheet, 'fb', fb.column, fb.test);
    const both = (row: Row) => compileFilter(filter('a', 'includes', 'a'), ctx)(row) && compileFilter(filter('b', '>', '2'), ctx)(row);
    const mask = allOfMasks(sheet, 'both', () => [ma, mb], both);
    expect([...mask]).toEqual(data.rows.map((row) => (both(row) ? 1 : 0)));
    expect(allOfMasks(sheet, 'both', () => [], () => false)).toBe(mask);
    expect(querySheet(sheet, { filter: mask }).total).toBe(data.rows.filter(both).length);
  });
});

describe('ids and versions not given', () => {
  it('are 0..n-1 and 1 on the wire, and built as arrays only when a write needs them', () => {
    const data = randomSheet(3, 40);
    const sheet = indexSheet('i', 1, data);
    expect(querySheet(sheet, { limit: 2, offset: 5 }).rows.map((r) => [r._id, r._version])).toEqual([
      ['5', 1],
      ['6', 1],
    ]);
    expect(idOf(sheet, 39)).toBe(39);
    // First use of the arrays builds them; a write then moves them on.
    sheet.ids.push(100);
    sheet.versions.push(4);
    expect(sheet.ids.length).toBe(41);
    expect(idOf(sheet, 40)).toBe(100);
    expect(versionOf(sheet, 40)).toBe(4);
    expect(idOf(sheet, 7)).toBe(7);
    expect(versionOf(sheet, 7)).toBe(1);
    sheet.versions = sheet.versions.map(() => 2);
    expect(versionOf(sheet, 7)).toBe(2);
  });
});

describe('a page decided by one mask', () => {
  it('filter alone or search alone: the total is the mask count and the page is the sorted rows, at any offset', () => {
    const data = randomSheet(21, 900);
    const sheet = indexSheet('p', 1, data);
    const keep = (row: Row) => typeof row.b === 'number' && row.b > 6;
    const mask = filterMask(sheet, 'b>6', keep);
    for (const [sort, dir] of [[undefined, 'asc'], ['a', 'asc'], ['c', 'desc'], ['b', 'desc']] as const) {
      const sorted = naive(data, '', sort, dir);
      const kept = sorted.filter((i) => keep(data.rows[i]!));
      for (const [offset, limit] of [[0, 50], [37, 20], [kept.length - 3, 50], [kept.length + 5, 10]] as const) {
        const r = querySheet(sheet, { sort, dir, filter: mask, offset, limit });
        expect(r.total).toBe(kept.length);
        expect(r.rows).toEqual(kept.slice(offset, offset + limit).map((i) => wire(data.rows[i]!, i)));
      }
      const found = naive(data, 'item', sort, dir);
      const r = querySheet(sheet, { sort, dir, q: 'item', offset: 4, limit: 30 });
      expect(r.total).toBe(found.length);
      expect(r.rows).toEqual(found.slice(4, 34).map((i) => wire(data.rows[i]!, i)));
    }
  });
});
