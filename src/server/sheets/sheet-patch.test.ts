// Patched entries must answer exactly what a fresh load of the same rows answers, whatever the
// order the writes arrived in.
import { describe, expect, it } from 'vitest';
import { randomSheet, rng } from '../testing/random-sheet';
import { PendingWrites, type RowPatch } from './sheet-patch';
import { filterMask, indexSheet, querySheet, type CachedSheet, type Row, type SheetQueryOptions } from './sheet-query';

const VIEWS: [string, SheetQueryOptions][] = [
  ['all', {}],
  ['a asc', { sort: 'a', dir: 'asc' }],
  ['a desc', { sort: 'a', dir: 'desc' }],
  ['b desc', { sort: 'b', dir: 'desc' }],
  ['c asc', { sort: 'c', dir: 'asc' }],
  ['paris', { q: 'paris' }],
  ['item, 7 by b', { q: 'item, 7', sort: 'b' }],
];

function expectSameAsFresh(patched: CachedSheet, rows: Row[], ids: number[], versions: number[]): void {
  const fresh = indexSheet('fresh', 1, { columns: patched.columns, rows, ids, versions });
  for (const [name, opts] of VIEWS) expect(querySheet(patched, opts), name).toEqual(querySheet(fresh, opts));
}

const append = (id: number, a: string): RowPatch => ({ kind: 'append', id, version: 1, row: { a } });
const values = (sheet: CachedSheet) => querySheet(sheet, {}).rows.map((row) => [row.a, row._id, row._version]);

describe('PendingWrites', () => {
  it.each([11, 12, 13])('random appends, edits and deletes give what a fresh load gives (seed %i)', (seed) => {
    const r = rng(seed);
    const data = randomSheet(seed, 300);
    const rows = data.rows.map((row) => ({ ...row }));
    const ids = rows.map((_, i) => i);
    const versions = rows.map(() => 1);
    let version = 1;
    let nextId = rows.length;
    const sheet = indexSheet('p', version, { columns: data.columns, rows: [...rows], ids: [...ids], versions: [...versions] });
    const writes = new PendingWrites();
    const keep = (row: Row) => typeof row.b === 'number' && row.b > 3;
    // Build the derived data first, so the patches have to keep it right.
    for (const [, opts] of VIEWS) querySheet(sheet, opts);
    filterMask(sheet, 'b>3', keep);
    const randomRow = (): Row => randomSheet(Math.floor(r() * 1e6), 1).rows[0]!;
    for (let step = 0; step < 160; step++) {
      // Reads now and then apply what is queued (single patches, or a run of appends at once).
      if (step % 23 === 22) {
        expect(writes.applyTo(sheet)).toBe(true);
        for (const [, opts] of VIEWS) querySheet(sheet, opts);
      }
      const op = step >= 100 && step < 120 ? 0 : r();
      version++;
      if (op < 0.4 || rows.length === 0) {
        const row = randomRow();
        rows.push(row);
        ids.push(nextId);
        versions.push(1);
        writes.add('p', version, { kind: 'append', id: nextId++, version: 1, row });
      } else if (op < 0.75) {
        const i = Math.floor(r() * rows.length);
        const row = { ...rows[i]!, ...(r() < 0.5 ? { a: randomRow().a } : { b: randomRow().b, c: randomRow().c }) };
        rows[i] = row;
        versions[i]!++;
        writes.add('p', version, { kind: 'update', id: ids[i]!, version: versions[i]!, row });
      } else {
        const i = Math.floor(r() * rows.length);
        writes.add('p', version, { kind: 'delete', id: ids[i]! });
        rows.splice(i, 1);
        ids.splice(i, 1);
        versions.splice(i, 1);
      }
    }
    expect(writes.applyTo(sheet)).toBe(true);
    expect(sheet.version).toBe(version);
    expect(writes.has('p')).toBe(false);
    expectSameAsFresh(sheet, rows, ids, versions);
    const fresh = indexSheet('fresh', 1, { columns: data.columns, rows, ids, versions });
    const mask = filterMask(sheet, 'b>3', () => false);
    expect(querySheet(sheet, { filter: mask, q: 'a' })).toEqual(querySheet(fresh, { filter: filterMask(fresh, 'b>3', keep), q: 'a' }));
  });

  it('applies writes in the order of their versions, whatever order they came in, up to the first one missing', () => {
    const sheet = indexSheet('o', 1, { columns: ['a'], rows: [{ a: 'x' }] });
    const writes = new PendingWrites();
    writes.add('o', 3, append(2, 'z'));
    writes.add('o', 2, append(1, 'y'));
    writes.add('o', 5, append(3, 'w'));
    expect(writes.applyTo(sheet)).toBe(true);
    expect(sheet.version).toBe(3);
    expect(values(sheet)).toEqual([['x', '0', 1], ['y', '1', 1], ['z', '2', 1]]);
    // Version 5 waits for 4.
    expect(writes.has('o')).toBe(true);
    writes.add('o', 4, { kind: 'update', id: 1, version: 2, row: { a: 'Y' } });
    expect(writes.applyTo(sheet)).toBe(true);
    expect(sheet.version).toBe(5);
    expect(values(sheet)).toEqual([['x', '0', 1], ['Y', '1', 2], ['z', '2', 1], ['w', '3', 1]]);
    expect(writes.has('o')).toBe(false);
  });

  it('skips writes the entry already holds (a load that saw them)', () => {
    const writes = new PendingWrites();
    writes.add('h', 2, append(1, 'y'));
    writes.add('h', 3, { kind: 'update', id: 0, version: 2, row: { a: 'X' } });
    writes.add('h', 4, append(2, 'z'));
    // Loaded at version 3 with the append of 2 and the edit of 3 in it.
    const sheet = indexSheet('h', 3, { columns: ['a'], rows: [{ a: 'X' }, { a: 'y' }], ids: [0, 1], versions: [2, 1] });
    expect(writes.applyTo(sheet)).toBe(true);
    expect(sheet.version).toBe(4);
    expect(values(sheet)).toEqual([['X', '0', 2], ['y', '1', 1], ['z', '2', 1]]);
    // A write already in the rows under a later sheet version (an edit older than the row, a
    // deleted row, an id present) changes nothing but the version.
    writes.add('h', 5, { kind: 'update', id: 0, version: 2, row: { a: 'stale' } });
    writes.add('h', 6, { kind: 'update', id: 7, version: 2, row: { a: 'gone' } });
    writes.add('h', 7, append(2, 'again'));
    writes.add('h', 8, { kind: 'delete', id: 7 });
    expect(writes.applyTo(sheet)).toBe(true);
    expect(sheet.version).toBe(8);
    expect(values(sheet)).toEqual([['X', '0', 2], ['y', '1', 1], ['z', '2', 1]]);
  });

  it('puts fewer than 8 appends in place in the sort orders, and from 8 on drops the orders for the next sort to rebuild', () => {
    const data = randomSheet(21, 50);
    const rows = [...data.rows];
    const ids = rows.map((_, i) => i);
    const sheet = indexSheet('b', 1, { columns: data.columns, rows: [...rows], ids: [...ids] });
    querySheet(sheet, { sort: 'a', dir: 'asc' });
    querySheet(sheet, { sort: 'a', dir: 'desc' });
    const writes = new PendingWrites();
    let version = 1;
    const appendRows = (count: number, seed: number) => {
      for (const row of randomSheet(seed, count).rows) {
        rows.push(row);
        ids.push(ids.length);
        writes.add('b', ++version, { kind: 'append', id: ids.length - 1, version: 1, row });
      }
    };
    appendRows(7, 22);
    const ascBefore = sheet.sorted.get('a\u0000asc');
    expect(writes.applyTo(sheet)).toBe(true);
    expect(sheet.sorted.get('a\u0000asc')).not.toBe(ascBefore);
    expect(sheet.sorted.get('a\u0000asc')).toHaveLength(57);
    expect(sheet.ranks.has('a')).toBe(true);
    expectSameAsFresh(sheet, rows, ids, rows.map(() => 1));
    querySheet(sheet, { sort: 'a', dir: 'asc' });
    appendRows(8, 23);
    expect(writes.applyTo(sheet)).toBe(true);
    expect(sheet.sorted.size).toBe(0);
    expect(sheet.ranks.size).toBe(0);
    expect(sheet.version).toBe(16);
    expectSameAsFresh(sheet, rows, ids, rows.map(() => 1));
  });

  it('refuses an append below the last id, which only a reload can place', () => {
    const sheet = indexSheet('r', 1, { columns: ['a'], rows: [{ a: 'x' }, { a: 'y' }], ids: [0, 5] });
    const writes = new PendingWrites();
    writes.add('r', 2, append(3, 'between'));
    expect(writes.applyTo(sheet)).toBe(false);
    const many = indexSheet('m', 1, { columns: ['a'], rows: [{ a: 'x' }, { a: 'y' }], ids: [0, 5] });
    for (let k = 0; k < 8; k++) writes.add('m', 2 + k, append(k === 7 ? 3 : 6 + k, 'row'));
    expect(writes.applyTo(many)).toBe(false);
  });

  it('holds at most 1000 waiting writes per sheet', () => {
    const writes = new PendingWrites();
    for (let v = 3; v < 1003; v++) expect(writes.add('q', v, append(v, 'row'))).toBe(true);
    expect(writes.add('q', 1003, append(1003, 'row'))).toBe(false);
    expect(writes.add('other', 3, append(3, 'row'))).toBe(true);
    writes.drop('q');
    expect(writes.has('q')).toBe(false);
    expect(writes.has('other')).toBe(true);
  });
});
