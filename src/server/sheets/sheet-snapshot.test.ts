// Snapshot files must give back exactly the entry they were written from: the same answers to
// every query (search, sorts both ways, filters, pages, ids and versions), for every kind of value
// a row may hold; and the cache must read them instead of the rows, and write new ones after writes.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileFilters } from '../../shared/filters/conditions';
import { randomSheet } from '../testing/random-sheet';
import { tempDirs } from '../testing/server';
import { Dictionary } from './column-store';
import { SheetCache, type SnapshotOptions } from './sheet-cache';
import { filterMask, indexSheet, querySheet, type CachedSheet, type Row } from './sheet-query';
import { partsOf, readSnapshot, snapshotFile, writeSnapshot } from './sheet-snapshot';

const tempDir = tempDirs('sheetboard-snap-');

/** Rows with every kind of value: text (accents, other scripts, emoji), numbers, booleans, null, objects, missing keys. */
function awkward(n: number): { columns: string[]; rows: Row[]; ids: number[]; versions: number[] } {
  const base = randomSheet(11, n);
  const rows = base.rows.map((row, i) => {
    const out: Row = { ...row, d: i % 7 === 0 ? null : i % 5 === 0 ? { nested: [i, 'x'] } : `Zürich 東京 ${i % 13} 😀` };
    if (i % 11 === 0) delete out.b;
    if (i % 17 === 0) out.extra = 'not a column';
    return out;
  });
  return { columns: ['a', 'b', 'c', 'd'], rows, ids: rows.map((_, i) => i * 3 + 1), versions: rows.map((_, i) => (i % 4) + 1) };
}

const QUERIES = [
  {},
  { sort: 'a', dir: 'asc' as const },
  { sort: 'a', dir: 'desc' as const, offset: 20, limit: 30 },
  { sort: 'b', dir: 'desc' as const },
  { sort: 'c', dir: 'asc' as const, q: 'paris' },
  { sort: 'd', dir: 'asc' as const },
  { q: 'zürich 東京 3, item' },
  { q: '😀', fields: ['a', 'd'] },
  { q: 'nested' },
];

function answers(entry: CachedSheet) {
  const keep = compileFilters(
    [
      { name: 'f', active: true, condition: 'includes', value: 'a', sheet_column: { sheet: 's', column: 'a' } },
      { name: 'g', active: true, condition: '>', value: '2', sheet_column: { sheet: 's', column: 'b' } },
    ] as never,
    { now: new Date(2026, 0, 1) },
  );
  const mask = filterMask(entry, 'k', keep, undefined, ['a', 'b']);
  return [...QUERIES.map((q) => querySheet(entry, q)), querySheet(entry, { filter: mask, sort: 'c', dir: 'desc' })];
}

describe('sheet snapshots', () => {
  it('read back, an entry answers every query exactly as the one it was written from', async () => {
    const dir = tempDir();
    const data = awkward(600);
    const written = indexSheet('s1', 7, data);
    const want = answers(indexSheet('s1', 7, data));
    writeSnapshot(dir, partsOf(written));
    const read = await readSnapshot(dir, 's1', 7);
    expect(read).not.toBeNull();
    // The search text waits in its own file until the first search.
    expect(read!.text).toBeNull();
    expect(read!.loadText).toBeDefined();
    expect(read!.store.length).toBe(600);
    // Ranks and the ascending order of every column come from the file.
    expect([...read!.snapshotSorted!.keys()].sort()).toEqual(['a', 'b', 'c', 'd']);
    // Nothing but the header was read: every column waits for its first use.
    expect(['a', 'b', 'c', 'd', 'extra'].some((c) => read!.store.loaded(c))).toBe(false);
    expect(answers(read!)).toEqual(want);
    // The rows themselves, every key (the one the sheet does not list too).
    for (const i of [0, 5, 7, 11, 17, 599]) expect(read!.store.row(i)).toEqual(data.rows[i]);
    // The search text read from its file is the one built from the rows.
    const built = indexSheet('x', 1, data);
    querySheet(built, { q: 'a' });
    expect(read!.text!.haystack).toBe(built.text!.haystack);
    expect([...read!.text!.offsets]).toEqual([...built.text!.offsets]);
  });

  it('a first page reads its cells one by one: no column is read whole', async () => {
    const dir = tempDir();
    const data = awkward(5000);
    const plain = { columns: data.columns, rows: data.rows };
    writeSnapshot(dir, partsOf(indexSheet('s3', 2, plain)));
    const read = (await readSnapshot(dir, 's3', 2))!;
    const want = querySheet(indexSheet('s3', 2, plain), { sort: 'b', dir: 'desc', limit: 50, offset: 10 });
    expect(querySheet(read, { sort: 'b', dir: 'desc', limit: 50, offset: 10 })).toEqual(want);
    expect(['a', 'b', 'c', 'd', 'extra'].some((c) => read.store.loaded(c))).toBe(false);
    // Rows 0..n-1 at version 1: no array of ids or versions was built for the page either.
    expect(want.rows[0]!._version).toBe(1);
    // Past a few thousand single cells a column is read whole, and answers the same.
    for (let i = 0; i < 5000; i++) expect(read.store.row(i)).toEqual(data.rows[i]);
    expect(read.store.loaded('a')).toBe(true);
  });

  it('another version, a missing file or a damaged one is no snapshot', async () => {
    const dir = tempDir();
    writeSnapshot(dir, partsOf(indexSheet('s2', 3, awkward(50))));
    expect(await readSnapshot(dir, 's2', 4)).toBeNull();
    expect(await readSnapshot(dir, 'other', 3)).toBeNull();
    fs.writeFileSync(snapshotFile(dir, 's2', 3), 'garbage');
    await expect(readSnapshot(dir, 's2', 3)).rejects.toThrow();
  });
});

describe('SheetCache with snapshots', () => {
  const options = (dir: string): SnapshotOptions => ({ dir, minRows: 100, rewriteAfterMs: 10, warn: () => {} });

  it('a new cache over the same folder reads the snapshot instead of the rows, and patched sheets are written again on close', async () => {
    const dir = tempDir();
    const data = awkward(300);
    let loads = 0;
    const load = async () => (loads++, { columns: data.columns, rows: data.rows.map((r) => ({ ...r })), ids: data.ids, versions: data.versions });
    const first = new SheetCache(1e9, options(dir));
    const e1 = await first.get('s3', 1, load);
    const want = answers(e1);
    await first.close();
    expect(loads).toBe(1);
    expect(fs.existsSync(snapshotFile(dir, 's3', 1))).toBe(true);

    const second = new SheetCache(1e9, options(dir));
    const e2 = await second.get('s3', 1, load);
    expect(loads).toBe(1);
    expect(answers(e2)).toEqual(want);
    // Writes patch the entry; closing writes the new version and removes the old file.
    second.applyWrite('s3', 2, { kind: 'append', id: 5000, version: 1, row: { a: 'new row', b: 99, c: true, d: 'fresh' } });
    second.applyWrite('s3', 3, { kind: 'update', id: data.ids[0]!, version: 9, row: { a: 'changed', b: -1 } });
    second.applyWrite('s3', 4, { kind: 'delete', id: data.ids[1]! });
    const patched = await second.get('s3', 4, load);
    const wantPatched = answers(patched);
    await second.close();
    expect(fs.existsSync(snapshotFile(dir, 's3', 4))).toBe(true);
    expect(fs.existsSync(snapshotFile(dir, 's3', 1))).toBe(false);

    const third = new SheetCache(1e9, options(dir));
    const e3 = await third.get('s3', 4, load);
    expect(loads).toBe(1);
    expect(answers(e3)).toEqual(wantPatched);
    expect(e3.store.length).toBe(300);
    expect(querySheet(e3, { q: 'new row' }).rows).toEqual([{ a: 'new row', b: 99, c: true, d: 'fresh', _id: '5000', _version: 1 }]);
    // invalidate (a re-import, a deleted sheet) removes the sheet's files.
    third.invalidate('s3');
    await third.close();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('s3.'))).toEqual([]);
  });

  it('small sheets are not written', async () => {
    const dir = tempDir();
    const cache = new SheetCache(1e9, options(dir));
    await cache.get('small', 1, async () => ({ columns: ['a'], rows: [{ a: 1 }] }));
    await cache.close();
    expect(fs.existsSync(snapshotFile(dir, 'small', 1))).toBe(false);
  });

  it('the writer thread ranks every column, and an entry still at that version takes its ranks and orders', async () => {
    const dir = tempDir();
    const cache = new SheetCache(1e9, options(dir));
    const data = awkward(400);
    const e = await cache.get('s4', 1, async () => data);
    await cache.close();
    expect([...e.ranks.keys()].sort()).toEqual(['a', 'b', 'c', 'd']);
    const fresh = indexSheet('s4', 1, data);
    expect(querySheet(e, { sort: 'd', dir: 'desc' })).toEqual(querySheet(fresh, { sort: 'd', dir: 'desc' }));
  });
});

describe('a dictionary still in its file', () => {
  it('reads single values one by one, then all at once; a big one takes a new value without reading itself', () => {
    let singles = 0;
    let wholes = 0;
    const values = Array.from({ length: 70_000 }, (_, i) => `user${i}@example.com`);
    const source = {
      count: values.length,
      one: (code: number) => (singles++, values[code]!),
      all: () => {
        wholes++;
        const blob = Buffer.from(values.join(''), 'utf8');
        const offsets = new Uint32Array(values.length + 1);
        values.forEach((v, i) => (offsets[i + 1] = offsets[i]! + Buffer.byteLength(v)));
        return { blob, offsets };
      },
    };
    const dict = new Dictionary([], null, null, source);
    expect(dict.value(5)).toBe('user5@example.com');
    expect(dict.value(5)).toBe('user5@example.com');
    expect([singles, wholes]).toEqual([1, 0]);
    // A form submit's new address: appended, nothing read.
    expect(dict.codeOf('new@example.com')).toBe(70_000);
    expect([singles, wholes]).toEqual([1, 0]);
    expect(dict.value(70_000)).toBe('new@example.com');
    // A pass over every value reads the file once.
    for (let i = 0; i < 5000; i++) expect(dict.value(i)).toBe(values[i]);
    expect(wholes).toBe(1);
    expect(singles).toBeLessThanOrEqual(2000);
  });
});
