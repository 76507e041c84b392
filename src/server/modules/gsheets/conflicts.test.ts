import { describe, expect, it } from 'vitest';
import { cellKey, judgeCell, judgeDelete, resolveRow } from './conflicts';
import type { Cell } from './ids';

const where = { sheetId: 3, tab: 'Orders', rowId: 'sbA' };

describe('judgeCell (base: what the app saw, sheet: fresh read, app: new value)', () => {
  it.each([
    { name: 'only the app changed it: write', base: 'x', sheet: 'x', app: 'y', verdict: 'write' },
    { name: 'both changed it to different values: conflict', base: 'x', sheet: 'z', app: 'y', verdict: 'conflict' },
    { name: 'both changed it to the same value: nothing to write', base: 'x', sheet: 'y', app: 'y', verdict: 'same' },
    { name: 'the app set it back to what the sheet has: nothing to write', base: 'x', sheet: 'x', app: 'x', verdict: 'same' },
    { name: 'the app fills an empty cell', base: '', sheet: null, app: 'y', verdict: 'write' },
    { name: 'someone filled the cell the app also filled: conflict', base: '', sheet: 'z', app: 'y', verdict: 'conflict' },
    { name: 'the sheet number equals the app text', base: '1', sheet: 2, app: '2', verdict: 'same' },
    { name: 'the sheet number is what the app saw as text', base: '1', sheet: 1, app: '5', verdict: 'write' },
    { name: 'a boolean read back as TRUE', base: 'FALSE', sheet: false, app: 'TRUE', verdict: 'write' },
  ])('$name', ({ base, sheet, app, verdict }) => {
    expect(judgeCell(base, sheet, app)).toBe(verdict);
  });

  it('without a base the app value is written unless the sheet already has it', () => {
    expect(judgeCell(null, 'z', 'y', false)).toBe('write');
    expect(judgeCell(null, 'y', 'y', false)).toBe('same');
  });

  it.each([
    [undefined, ''],
    [null, ''],
    ['', ''],
    [0, '0'],
    [true, 'TRUE'],
    ['text', 'text'],
  ])('cellKey(%j) is %j', (v, k) => {
    expect(cellKey(v)).toBe(k);
  });
});

describe('resolveRow', () => {
  const edit = { cells: { City: 'Rome', Qty: 5, Note: 'late' }, base: { City: 'Paris', Qty: 1, Note: '' } };
  const sheet = { City: 'Lyon', Qty: 1, Note: 'late', Total: '=B2*C2' };

  it.each([
    { winner: 'sheet' as const, write: { Qty: 5 } },
    { winner: 'app' as const, write: { City: 'Rome', Qty: 5 } },
  ])('the $winner wins: writes $write, reports the conflict either way', ({ winner, write }) => {
    const r = resolveRow(where, edit, sheet, winner);
    expect({ ...r.write }).toEqual(write);
    expect(r.conflicts).toEqual([{ ...where, kind: 'cell', column: 'City', base: 'Paris', sheet: 'Lyon', app: 'Rome', winner }]);
  });

  it('a cell the edit has no base for is written', () => {
    const r = resolveRow(where, { cells: { City: 'Rome' } }, sheet);
    expect({ ...r.write }).toEqual({ City: 'Rome' });
    expect(r.conflicts).toEqual([]);
  });
});

describe('judgeDelete', () => {
  it.each<{ name: string; base: Record<string, Cell> | undefined; sheet: Record<string, Cell>; conflict: unknown }>([
    { name: 'no base: delete', base: undefined, sheet: { A: 'x' }, conflict: null },
    { name: 'the sheet still holds what the app saw: delete', base: { A: 'x', B: 2 }, sheet: { A: 'x', B: '2' }, conflict: null },
    {
      name: 'changed in the sheet since: kept, reported',
      base: { A: 'x', B: 2 },
      sheet: { A: 'x', B: 3 },
      conflict: { ...where, kind: 'row-changed', column: 'B', base: 2, sheet: 3, app: null, winner: 'sheet' },
    },
    { name: 'a column gone from the sheet is no change', base: { A: 'x', Gone: 1 }, sheet: { A: 'x' }, conflict: null },
  ])('$name', ({ base, sheet, conflict }) => {
    expect(judgeDelete(where, base, sheet)).toEqual(conflict);
  });
});
