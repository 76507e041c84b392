import { describe, expect, it } from 'vitest';
import type { ReadRow } from './diff';
import { ID_COLUMN, parseHeader } from './ids';
import { coalesce, movedTargets, planPush, type OutboxEdit } from './outbox';

const tab = { sheetId: 7, title: 'Orders' };
let clock = 0;
const edit = (op: OutboxEdit['op'], rowId: string, cells?: OutboxEdit['cells'], base?: OutboxEdit['base'], sheetId = 7): OutboxEdit => ({
  sheetId,
  op,
  rowId,
  at: ++clock,
  ...(cells ? { cells } : {}),
  ...(base ? { base } : {}),
});

describe('coalesce', () => {
  it.each([
    {
      name: 'an append later edited is one append of the final values',
      edits: () => [edit('append', 'n', { Name: 'Ann', City: 'Paris' }), edit('update', 'n', { City: 'Rome' }, { City: 'Paris' })],
      expect: { appends: [{ rowId: 'n', cells: { Name: 'Ann', City: 'Rome' } }], updates: [], deletes: [] },
    },
    {
      name: 'an append later deleted is nothing, and stays nothing',
      edits: () => [edit('append', 'n', { Name: 'Ann' }), edit('delete', 'n'), edit('update', 'n', { Name: 'B' })],
      expect: { appends: [], updates: [], deletes: [] },
    },
    {
      name: 'several updates are one update of the union, latest wins, base from the first edit of each cell',
      edits: () => [
        edit('update', 'r', { City: 'Rome' }, { City: 'Paris' }),
        edit('update', 'r', { Qty: 2 }, { Qty: 1 }),
        edit('update', 'r', { City: 'Oslo' }, { City: 'Rome' }),
      ],
      expect: { appends: [], updates: [{ rowId: 'r', cells: { City: 'Oslo', Qty: 2 }, base: { City: 'Paris', Qty: 1 } }], deletes: [] },
    },
    {
      name: 'a cell set back to what the app saw is no change',
      edits: () => [edit('update', 'r', { City: 'Rome', Qty: 2 }, { City: 'Paris', Qty: 1 }), edit('update', 'r', { City: 'Paris' }, { City: 'Rome' })],
      expect: { appends: [], updates: [{ rowId: 'r', cells: { Qty: 2 }, base: { City: 'Paris', Qty: 1 } }], deletes: [] },
    },
    {
      name: 'an update then a delete is a delete (its base: what the sheet still holds)',
      edits: () => [edit('update', 'r', { City: 'Rome' }, { City: 'Paris' }), edit('delete', 'r', undefined, { Name: 'Ann', City: 'Rome' })],
      expect: { appends: [], updates: [], deletes: [{ rowId: 'r', base: { Name: 'Ann', City: 'Paris' } }] },
    },
    {
      name: 'edits after a delete land nowhere',
      edits: () => [edit('delete', 'r'), edit('update', 'r', { City: 'Rome' })],
      expect: { appends: [], updates: [], deletes: [{ rowId: 'r' }] },
    },
  ])('$name', ({ edits, expect: e }) => {
    const [out] = coalesce(edits());
    const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
    expect(plain({ appends: out!.appends, updates: out!.updates, deletes: out!.deletes })).toEqual(e);
  });

  it('orders by time (ties in queue order) and splits by tab', () => {
    const late = { ...edit('update', 'r', { A: 'late' }), at: 100 };
    const early = { ...edit('update', 'r', { A: 'early' }), at: 50 };
    const other = edit('append', 'x', { A: 1 }, undefined, 2);
    const out = coalesce([late, early, other]);
    expect(out.map((t) => t.sheetId)).toEqual([2, 7]);
    expect(out[1]!.updates[0]!.cells.A).toBe('late');
    expect(out[0]!.appends).toEqual([{ rowId: 'x', cells: { A: 1 } }]);
  });
});

// Name | City | Qty | Total (a formula) | _sheetboard_id
const header = parseHeader(['Name', 'City', 'Qty', 'Total', ID_COLUMN]);
const rows = (...list: [number, string, unknown[]][]): ReadRow[] => list.map(([row, id, v]) => ({ row, values: [...v, id] }));
const fresh = (...list: [number, string, unknown[]][]) => ({ header, rows: rows(...list) });
const sheet = fresh([2, 'a', ['Ann', 'Paris', 1, 10]], [3, 'b', ['Bob', 'Lyon', 2, 20]], [4, 'c', ['Cid', 'Nice', 3, 30]], [5, 'd', ['Dee', 'Oslo', 4, 40]]);

describe('planPush', () => {
  it('appends go out in one call, in column order with the id, unset cells left alone (null)', () => {
    const [t] = coalesce([edit('append', 'n1', { City: 'Rome', Name: 'Nia' }), edit('append', 'n2', { Qty: 9 })]);
    const plan = planPush(tab, t!, sheet);
    expect(plan.append).toEqual({
      range: "'Orders'!A:E",
      values: [
        ['Nia', 'Rome', null, null, 'n1'],
        [null, null, 9, null, 'n2'],
      ],
    });
  });

  it('a retried append whose row got through the first time is not sent again', () => {
    const [t] = coalesce([edit('append', 'a', { Name: 'Ann' }), edit('append', 'n2', { Name: 'New' })]);
    const plan = planPush(tab, t!, sheet);
    expect(plan.alreadyAppended).toEqual(['a']);
    expect(plan.append!.values.map((v) => v[4])).toEqual(['n2']);
    const again = planPush(tab, coalesce([edit('append', 'a', { Name: 'Ann' })])[0]!, sheet);
    expect(again.append).toBeNull();
  });

  it.each([
    {
      name: 'changed cells only, at the row the id is on now (a row was inserted above since)',
      edits: () => [edit('update', 'c', { City: 'Rome' }, { City: 'Nice' })],
      read: fresh([2, 'z', ['Zed', 'X', 0, 0]], [3, 'a', ['Ann', 'Paris', 1, 10]], [4, 'b', ['Bob', 'Lyon', 2, 20]], [5, 'c', ['Cid', 'Nice', 3, 30]]),
      ranges: [["'Orders'!B5", [['Rome']]]],
    },
    {
      name: 'adjacent cells share a range; the formula column between is never written',
      edits: () => [edit('update', 'b', { Name: 'Bo', City: 'Metz', Qty: 5 }, { Name: 'Bob', City: 'Lyon', Qty: 2 }), edit('update', 'd', { Name: 'Di', Qty: 7 }, { Name: 'Dee', Qty: 4 })],
      read: sheet,
      ranges: [
        ["'Orders'!A3:C3", [['Bo', 'Metz', 5]]],
        ["'Orders'!A5", [['Di']]],
        ["'Orders'!C5", [[7]]],
      ],
    },
    {
      name: 'a cell the sheet already holds is not written',
      edits: () => [edit('update', 'a', { City: 'Paris', Qty: 3 }, { City: 'Lille', Qty: 1 })],
      read: sheet,
      ranges: [["'Orders'!C2", [[3]]]],
    },
  ])('updates: $name', ({ edits, read, ranges }) => {
    const plan = planPush(tab, coalesce(edits())[0]!, read);
    expect(plan.updates.map((u) => [u.range, u.values])).toEqual(ranges);
    expect(plan.conflicts).toEqual([]);
  });

  it('a cell changed in the sheet too is a conflict: not written, reported', () => {
    const plan = planPush(tab, coalesce([edit('update', 'b', { City: 'Metz', Qty: 5 }, { City: 'Paris', Qty: 2 })])[0]!, sheet);
    expect(plan.updates.map((u) => u.range)).toEqual(["'Orders'!C3"]);
    expect(plan.conflicts).toEqual([{ sheetId: 7, tab: 'Orders', rowId: 'b', kind: 'cell', column: 'City', base: 'Paris', sheet: 'Lyon', app: 'Metz', winner: 'sheet' }]);
  });

  it('an edit of a row deleted in the sheet, and of a column renamed since, is reported, never written elsewhere', () => {
    const plan = planPush(tab, coalesce([edit('update', 'gone', { City: 'Rome' }, { City: 'Nice' }), edit('update', 'a', { Town: 'Rome', Qty: 2 }, { Town: 'Paris', Qty: 1 })])[0]!, sheet);
    expect(plan.conflicts).toEqual([expect.objectContaining({ rowId: 'gone', kind: 'row-deleted', column: null, app: 'Rome' })]);
    expect(plan.dropped).toEqual([{ rowId: 'a', column: 'Town', value: 'Rome' }]);
    expect(plan.updates.map((u) => u.range)).toEqual(["'Orders'!C2"]);
  });

  it.each([
    { name: 'highest row first, adjacent rows in one request', ids: ['b', 'd', 'c'], ranges: [[2, 5]] },
    { name: 'separate rows: highest first', ids: ['a', 'c'], ranges: [[3, 4], [1, 2]] },
    { name: 'a row already gone: nothing to do', ids: ['zz'], ranges: [] },
  ])('deletes (0-based, end excluded; row 2 is index 1): $name', ({ ids, ranges }) => {
    const plan = planPush(tab, coalesce(ids.map((id) => edit('delete', id)))[0]!, sheet);
    expect(plan.deletes.map((d) => [d.deleteDimension.range.startIndex, d.deleteDimension.range.endIndex])).toEqual(ranges);
    expect(plan.deletes.every((d) => d.deleteDimension.range.sheetId === 7 && d.deleteDimension.range.dimension === 'ROWS')).toBe(true);
    expect(plan.alreadyDeleted).toEqual(ids.filter((id) => id === 'zz'));
  });

  it('a delete of a row changed in the sheet since the app saw it keeps the row and says so', () => {
    const plan = planPush(tab, coalesce([edit('delete', 'a', undefined, { Name: 'Ann', City: 'Lille' })])[0]!, sheet);
    expect(plan.deletes).toEqual([]);
    expect(plan.conflicts).toEqual([expect.objectContaining({ rowId: 'a', kind: 'row-changed', column: 'City', sheet: 'Paris' })]);
  });

  it('a copied id: the first row is the one edited', () => {
    const read = fresh([2, 'a', ['Ann', 'Paris', 1, 10]], [3, 'a', ['Ann copy', 'Paris', 1, 10]]);
    const plan = planPush(tab, coalesce([edit('update', 'a', { Qty: 2 }, { Qty: 1 })])[0]!, read);
    expect(plan.updates.map((u) => u.range)).toEqual(["'Orders'!C2"]);
  });

  it('a push that half got through plans to only what is left when tried again (nothing twice)', () => {
    const [t] = coalesce([
      edit('update', 'b', { City: 'Metz' }, { City: 'Lyon' }),
      edit('delete', 'c'),
      edit('append', 'n1', { Name: 'Nia' }),
      edit('append', 'n2', { Name: 'Noe' }),
    ]);
    const first = planPush(tab, t!, sheet);
    expect([first.updates.length, first.deletes.length, first.append?.values.length]).toEqual([1, 1, 2]);
    // The update and the delete went through, the append too but its answer was lost (a timeout).
    const after = fresh([2, 'a', ['Ann', 'Paris', 1, 10]], [3, 'b', ['Bob', 'Metz', 2, 20]], [4, 'd', ['Dee', 'Oslo', 4, 40]], [5, 'n1', ['Nia', '', '', '']], [6, 'n2', ['Noe', '', '', '']]);
    const again = planPush(tab, t!, after);
    expect(again).toMatchObject({ append: null, updates: [], deletes: [], conflicts: [], alreadyAppended: ['n1', 'n2'], alreadyDeleted: ['c'], targets: [] });
  });

  it('refuses a tab without its id column', () => {
    expect(() => planPush(tab, coalesce([edit('delete', 'a')])[0]!, { header: parseHeader(['Name']), rows: [] })).toThrow(/_sheetboard_id/);
  });

  it('movedTargets: the rows planned by number are checked against the id column read just before sending', () => {
    const plan = planPush(tab, coalesce([edit('update', 'b', { Qty: 5 }, { Qty: 2 }), edit('delete', 'd')])[0]!, sheet);
    expect(plan.targets).toEqual([
      { row: 3, rowId: 'b' },
      { row: 5, rowId: 'd' },
    ]);
    const same = [[ID_COLUMN], ['a'], ['b'], ['c'], ['d']];
    expect(movedTargets(plan.targets, same)).toEqual([]);
    // Someone inserted a row at the top between the read and the write.
    const shifted = [[ID_COLUMN], ['new'], ['a'], ['b'], ['c'], ['d']];
    expect(movedTargets(plan.targets, shifted)).toEqual(plan.targets);
  });
});
