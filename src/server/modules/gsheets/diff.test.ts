import { describe, expect, it } from 'vitest';
import { assignIds, backfillTargets, diffRows, rowHash, type CachedRow, type ReadRow } from './diff';
import { ID_COLUMN, parseHeader, rowData } from './ids';

// Tab: Name | City | _sheetboard_id
const header = parseHeader(['Name', 'City', ID_COLUMN]);
const read = (...rows: [number, unknown[]][]): ReadRow[] => rows.map(([row, values]) => ({ row, values }));
const cachedOf = (rows: ReadRow[]): CachedRow[] => rows.map((r) => ({ id: String(r.values[2]), hash: rowHash(rowData(header, r.values)), sheetRow: r.row }));

describe('rowHash', () => {
  it.each([
    { name: 'column order does not matter', a: { A: 1, B: 'x' }, b: { B: 'x', A: 1 }, same: true },
    { name: 'an empty cell is no cell (adding an empty column changes no row)', a: { A: 1, B: '' }, b: { A: 1 }, same: true },
    { name: 'null and empty are one', a: { A: null }, b: { A: '' }, same: true },
    { name: 'a number is not its text', a: { A: 1 }, b: { A: '1' }, same: false },
    { name: 'a renamed column changes the row', a: { A: 1 }, b: { B: 1 }, same: false },
    { name: 'a value changes the row', a: { A: 'x' }, b: { A: 'y' }, same: false },
    { name: 'names and values cannot be confused', a: { 'A","B': 'C' }, b: { A: 'B', C: '' }, same: false },
  ])('$name', ({ a, b, same }) => {
    expect(rowHash(a) === rowHash(b)).toBe(same);
  });

  it('is stable (a stored hash stays valid)', () => {
    expect(rowHash({ Name: 'Ann', City: 'Paris' })).toBe(rowHash({ City: 'Paris', Name: 'Ann' }));
    expect(rowHash({ Name: 'Ann' })).toMatch(/^[A-Za-z0-9_-]{27}$/);
  });
});

describe('diffRows', () => {
  const base = read([2, ['Ann', 'Paris', 'a']], [3, ['Bob', 'Lyon', 'b']], [4, ['Cid', 'Nice', 'c']]);

  it.each([
    {
      name: 'nothing changed: an empty plan',
      rows: base,
      expect: { inserts: [], updates: [], deletes: [], moved: [] },
    },
    {
      name: 'a row inserted above shifts the rest: moved, not changed (no edit hits the wrong row)',
      rows: read([2, ['Zed', 'Rome', 'z']], [3, ['Ann', 'Paris', 'a']], [4, ['Bob', 'Lyon', 'b']], [5, ['Cid', 'Nice', 'c']]),
      expect: { inserts: ['z'], updates: [], deletes: [], moved: [['a', 3], ['b', 4], ['c', 5]] },
    },
    {
      name: 'a row deleted in Google: deleted by id, the one below moves up',
      rows: read([2, ['Ann', 'Paris', 'a']], [3, ['Cid', 'Nice', 'c']]),
      expect: { inserts: [], updates: [], deletes: ['b'], moved: [['c', 3]] },
    },
    {
      name: 'a cell changed: that row only',
      rows: read([2, ['Ann', 'Paris', 'a']], [3, ['Bob', 'Lille', 'b']], [4, ['Cid', 'Nice', 'c']]),
      expect: { inserts: [], updates: ['b'], deletes: [], moved: [] },
    },
    {
      name: 'sorted in Google: every row moved, none changed',
      rows: read([2, ['Cid', 'Nice', 'c']], [3, ['Bob', 'Lyon', 'b']], [4, ['Ann', 'Paris', 'a']]),
      expect: { inserts: [], updates: [], deletes: [], moved: [['c', 2], ['a', 4]] },
    },
  ])('$name', ({ rows, expect: e }) => {
    const plan = diffRows(header, rows, cachedOf(base));
    expect(plan.inserts.map((r) => r.id)).toEqual(e.inserts);
    expect(plan.updates.map((r) => r.id)).toEqual(e.updates);
    expect(plan.deletes).toEqual(e.deletes);
    expect(plan.moved.map((m) => [m.id, m.sheetRow])).toEqual(e.moved);
    expect(plan.order.map((o) => o.id)).toEqual(rows.map((r) => r.values[2]));
  });

  it('an update carries the new data for the cache (no prototype) and its hash', () => {
    const plan = diffRows(header, read([2, ['Ann', 'Rome', 'a']]), cachedOf(base));
    expect(plan.updates).toHaveLength(1);
    expect(Object.getPrototypeOf(plan.updates[0]!.data)).toBeNull();
    expect({ ...plan.updates[0]!.data }).toEqual({ Name: 'Ann', City: 'Rome' });
    expect(plan.updates[0]!.hash).toBe(rowHash({ City: 'Rome', Name: 'Ann' }));
    expect(plan.deletes).toEqual(['b', 'c']);
  });

  it('rows without an id are listed for a back-fill; blank lines are not rows; a copied id keeps the first', () => {
    const plan = diffRows(
      header,
      read([2, ['Ann', 'Paris', 'a']], [3, ['New', 'Oslo']], [4, []], [5, ['', '', 'x']], [6, ['Ann copy', 'Paris', 'a']], [7, ['Odd', 'Bern', 'bad id!']]),
      cachedOf(base),
    );
    expect(plan.withoutId.map((r) => r.sheetRow)).toEqual([3, 7]);
    expect(plan.duplicates).toEqual([expect.objectContaining({ id: 'a', keptRow: 2, sheetRow: 6 })]);
    expect(plan.blank).toBe(2);
    expect(plan.order).toEqual([{ id: 'a', sheetRow: 2 }]);
    expect(plan.deletes).toEqual(['b', 'c']);

    expect(backfillTargets(plan)).toEqual([
      { row: 3, id: null },
      { row: 6, id: 'a' },
      { row: 7, id: null },
    ]);

    // After the back-fill wrote ids to rows 3, 6 and 7 they are inserts, in sheet order.
    const after = assignIds(plan, new Map([[3, 'n1'], [6, 'n2'], [7, 'n3']]));
    expect(after.inserts.map((r) => [r.id, r.sheetRow])).toEqual([['n1', 3], ['n2', 6], ['n3', 7]]);
    expect(after.order.map((o) => o.id)).toEqual(['a', 'n1', 'n2', 'n3']);
    expect(after.withoutId).toEqual([]);
    expect(after.duplicates).toEqual([]);
    // Rows the back-fill did not reach stay listed.
    expect(assignIds(plan, new Map([[3, 'n1']])).withoutId.map((r) => r.sheetRow)).toEqual([7]);
  });

  it('a tab without an id column: every row waits for its id', () => {
    const plain = parseHeader(['Name', 'City']);
    const plan = diffRows(plain, read([2, ['Ann', 'Paris']], [3, ['Bob', 'Lyon']]), []);
    expect(plan.withoutId.map((r) => r.sheetRow)).toEqual([2, 3]);
    expect(plan.inserts).toEqual([]);
  });

  it('100,000 rows: one pass with maps gives the exact plan', () => {
    const n = 100_000;
    const rows: ReadRow[] = [];
    const cached: CachedRow[] = [];
    // Cached: ids r0..r99999 on rows 2… . Now: every 10th row edited, every 1000th deleted, a row
    // inserted at the top (everything below moves down), 500 new rows at the end.
    rows.push({ row: 2, values: ['top', 'x', 'new-top'] });
    for (let i = 0; i < n; i++) {
      const values = [`name ${i}`, `city ${i % 97}`, `r${i}`];
      cached.push({ id: `r${i}`, hash: rowHash(rowData(header, values)), sheetRow: i + 2 });
      if (i % 1000 === 999) continue;
      if (i % 10 === 0) values[1] = 'edited';
      rows.push({ row: rows.length + 2, values });
    }
    for (let i = 0; i < 500; i++) rows.push({ row: rows.length + 2, values: [`added ${i}`, '', `a${i}`] });
    const plan = diffRows(header, rows, cached);
    expect(plan.inserts).toHaveLength(501);
    expect(plan.inserts[0]!.id).toBe('new-top');
    expect(plan.updates).toHaveLength(n / 10);
    expect(plan.updates.every((u) => u.data.City === 'edited')).toBe(true);
    expect(plan.deletes).toHaveLength(n / 1000);
    expect(plan.deletes[0]).toBe('r999');
    expect(plan.order).toHaveLength(rows.length);
    // Rows 1..998 moved down by one (the inserted top row); unchanged rows after a deletion
    // moved back: r1000..r1998 sit where they were.
    expect(plan.moved.find((m) => m.id === 'r1')).toEqual({ id: 'r1', sheetRow: 4 });
    expect(plan.moved.find((m) => m.id === 'r1001')).toBeUndefined();
    // Row offset of block k (rows k·1000…): +1 (top row) − k (deletions above): zero only for k = 1.
    // Unchanged rows per block: 1000 − 100 edited − 1 deleted.
    expect(plan.moved).toHaveLength(99 * 899);
    expect(plan.withoutId).toEqual([]);
  });
});
