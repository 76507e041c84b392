// The cache's own contract: entries keyed by sheet and version, loads shared, a byte budget with
// the least recently used sheets leaving first, and this process's writes patched in.
import { describe, expect, it } from 'vitest';
import { randomSheet } from '../testing/random-sheet';
import { SheetCache } from './sheet-cache';
import { querySheet } from './sheet-query';

const big = randomSheet(9, 500);

/** The bytes one entry of `big` takes. */
async function entryBytes(): Promise<number> {
  const probe = new SheetCache(1e9);
  await probe.get('x', 1, async () => big);
  return probe.bytes;
}

describe('SheetCache', () => {
  it('evicts the least recently used sheet beyond its memory budget', async () => {
    const one = await entryBytes();
    // Room for one sheet and a half: the second load must push the first out.
    const cache = new SheetCache(Math.round(one * 1.5));
    await cache.get('one', 1, async () => big);
    await cache.get('two', 1, async () => big);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(Math.round(one * 1.5));
    let loads = 0;
    await cache.get('two', 1, async () => (loads++, big));
    expect(loads).toBe(0);
    await cache.get('one', 1, async () => (loads++, big));
    expect(loads).toBe(1);
  });

  it('a read makes a sheet the most recently used', async () => {
    const cache = new SheetCache(Math.round((await entryBytes()) * 2.5));
    await cache.get('one', 1, async () => big);
    await cache.get('two', 1, async () => big);
    await cache.get('one', 1, async () => big);
    await cache.get('three', 1, async () => big);
    let loads = 0;
    await cache.get('one', 1, async () => (loads++, big));
    expect(loads).toBe(0);
    await cache.get('two', 1, async () => (loads++, big));
    expect(loads).toBe(1);
  });

  it('memory an entry gains counts against the budget and pushes other sheets out, never the entry itself', async () => {
    const one = await entryBytes();
    // Room for two entries, one of them searched (its search text takes about 280 KB).
    const cache = new SheetCache(Math.round(one * 2.5) + 300_000);
    const first = await cache.get('one', 1, async () => big);
    const second = await cache.get('two', 1, async () => big);
    expect(cache.bytes).toBe(first.bytes + second.bytes);
    // Sort orders and masks report through grow.
    querySheet(second, { q: 'paris', sort: 'a' }, cache);
    // The search text (built by the first search), the ranks, the sort order and the term's mask.
    const text = second.text!;
    expect(second.bytes).toBe(one + text.haystack.length * 2 + text.offsets.byteLength + text.charFreq.byteLength + 500 * (8 + 4 + 1));
    expect(cache.bytes).toBe(first.bytes + second.bytes);
    cache.grow(second, one * 3);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(second.bytes);
    let loads = 0;
    await cache.get('two', 1, async () => (loads++, big));
    expect(loads).toBe(0);
    // An entry that has left no longer counts.
    cache.grow(first, one);
    expect(cache.bytes).toBe(second.bytes);
  });

  it('invalidate frees the entry and its memory', async () => {
    const cache = new SheetCache(1e9);
    await cache.get('s', 1, async () => big);
    cache.invalidate('s');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
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

describe('applyWrite (rows written by this process patch the entry in place)', () => {
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

  it('thousands of writes between two reads are taken by the entry, not a reason to load the sheet again', async () => {
    const cache = new SheetCache(1e9);
    let loads = 0;
    const load = async () => (loads++, { columns: ['a'], rows: [{ a: 'first' }] });
    await cache.get('busy', 1, load);
    for (let k = 1; k <= 2500; k++) cache.applyWrite('busy', 1 + k, { kind: 'append', id: k, version: 1, row: { a: `row ${k}` } });
    const e = await cache.get('busy', 2501, load);
    expect(loads).toBe(1);
    expect(e.version).toBe(2501);
    expect(querySheet(e, { q: 'row 2500' }).rows).toEqual([{ a: 'row 2500', _id: '2500', _version: 1 }]);
    expect(querySheet(e, {}).total).toBe(2501);
    // A write that never arrives (another process's) still drops the sheet once too many wait behind it.
    for (let k = 1; k <= 1100; k++) cache.applyWrite('busy', 2502 + k, { kind: 'append', id: 3000 + k, version: 1, row: { a: 'x' } });
    await cache.get('busy', 3602, async () => (loads++, { columns: ['a'], rows: [] }));
    expect(loads).toBe(2);
  });

  it('a write made while the sheet loads is applied to what the load brings', async () => {
    const cache = new SheetCache(1e9);
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const pending = cache.get('l', 1, async () => (await loaded, { columns: ['a'], rows: [{ a: 'x' }] }));
    cache.applyWrite('l', 2, { kind: 'append', id: 1, version: 1, row: { a: 'y' } });
    release();
    const e = await pending;
    expect(e.version).toBe(2);
    expect(querySheet(e, {}).rows.map((row) => row.a)).toEqual(['x', 'y']);
  });

  it('ignores writes to sheets it does not hold, and counts the memory patches add', async () => {
    const cache = new SheetCache(1e9);
    cache.applyWrite('absent', 2, { kind: 'append', id: 0, version: 1, row: { a: 'x' } });
    let loads = 0;
    const e = await cache.get('absent', 2, async () => (loads++, { columns: ['a'], rows: [] }));
    expect(loads).toBe(1);
    expect(e.store.length).toBe(0);
    for (let v = 3; v < 20; v++) cache.applyWrite('absent', v, { kind: 'append', id: v, version: 1, row: { a: `row ${v}` } });
    const patched = await cache.get('absent', 19, async () => (loads++, { columns: ['a'], rows: [] }));
    expect(loads).toBe(1);
    expect(patched.store.length).toBe(17);
    expect(cache.bytes).toBe(patched.bytes);
  });
});
