import { describe, expect, it } from 'vitest';
import { PageCache, scrollScale, type CacheRow } from './page-cache';
import { UndoStack, UNDO_LIMIT, describeChange, undoStep, type Change } from './undo';
import { changed, checkboxPair, choicesOf, displayText, editorValue, moveFrom, parseInput, rowValues, typeOf } from './cell-values';

const rows = (page: number, n: number, size = 10): CacheRow[] =>
  Array.from({ length: n }, (_, i) => ({ _id: `r${page * size + i}`, _version: 1, Name: `Row ${page * size + i}` }));

describe('page cache', () => {
  it('asks for the pages a range of rows needs, once', () => {
    const c = new PageCache(10, 5);
    expect(c.missing(0, 25)).toEqual([0, 1, 2]);
    const g = c.start(0);
    c.start(1);
    expect(c.missing(0, 25)).toEqual([2]);
    expect(c.put(0, g, rows(0, 10), 1_000_000, ['Name'])).toBe(true);
    expect(c.total).toBe(1_000_000);
    expect(c.row(3)?.Name).toBe('Row 3');
    expect(c.row(13)).toBeUndefined();
    expect(c.missing(0, 9)).toEqual([]);
    expect(c.missing(5, 4)).toEqual([]);
  });

  it('drops an answer to an old question after a reset', () => {
    const c = new PageCache(10, 5);
    const g = c.start(0);
    c.reset();
    expect(c.put(0, g, rows(0, 10), 50)).toBe(false);
    expect(c.row(0)).toBeUndefined();
    expect(c.total).toBeNull();
    expect(c.missing(0, 0)).toEqual([0]);
  });

  it('keeps stale pages on screen after a write, and fetches them again', () => {
    const c = new PageCache(10, 5);
    c.put(0, c.start(0), rows(0, 10), 20);
    c.invalidate();
    expect(c.row(0)?.Name).toBe('Row 0');
    expect(c.missing(0, 9)).toEqual([0]);
    const g = c.start(0);
    expect(c.missing(0, 9)).toEqual([]);
    c.put(0, g, [{ _id: 'x', _version: 1, Name: 'New first' }], 21);
    expect(c.row(0)?.Name).toBe('New first');
    expect(c.total).toBe(21);
  });

  it('keeps at most maxPages, dropping the farthest from the page just loaded', () => {
    const c = new PageCache(10, 3);
    for (const p of [0, 1, 2, 50]) c.put(p, c.start(p), rows(p, 10), 1000);
    expect(c.loadedPages).toEqual([1, 2, 50]);
  });

  it('replaces a row by id and finds where it is', () => {
    const c = new PageCache(10, 5);
    c.put(1, c.start(1), rows(1, 10), 20);
    expect(c.replace({ _id: 'r12', _version: 2, Name: 'Changed' })).toBe(true);
    expect(c.row(12)).toEqual({ _id: 'r12', _version: 2, Name: 'Changed' });
    expect(c.indexOf('r12')).toBe(12);
    expect(c.indexOf('nope')).toBe(-1);
    expect(c.replace({ _id: 'nope', _version: 1 })).toBe(false);
  });

  it('a failed page may be asked again', () => {
    const c = new PageCache(10, 5);
    const g = c.start(2);
    c.fail(2, g);
    expect(c.missing(20, 29)).toEqual([2]);
  });
});

describe('undo stack', () => {
  const edit: Change = { kind: 'edit', rowId: 'a', before: { Name: 'Old' }, after: { Name: 'New' }, version: 2 };

  it.each<[Change, ReturnType<typeof undoStep>]>([
    [edit, { kind: 'update', rowId: 'a', values: { Name: 'Old' }, version: 2 }],
    [{ kind: 'add', rowId: 'b', values: { Name: 'X' } }, { kind: 'delete', rowId: 'b' }],
    [{ kind: 'delete', rowId: 'c', values: { Name: 'Y' } }, { kind: 'add', values: { Name: 'Y' } }],
  ])('%j is undone by %j', (change, step) => {
    expect(undoStep(change)).toEqual(step);
  });

  it('is last in, first out, and immutable', () => {
    const a = UndoStack.empty();
    const b = a.push(edit).push({ kind: 'add', rowId: 'b', values: {} });
    expect(a.size).toBe(0);
    expect(b.size).toBe(2);
    expect(b.last?.kind).toBe('add');
    expect(b.pop().last).toEqual(edit);
  });

  it(`keeps the last ${UNDO_LIMIT} changes`, () => {
    let s = UndoStack.empty();
    for (let i = 0; i < UNDO_LIMIT + 5; i++) s = s.push({ kind: 'add', rowId: `r${i}`, values: {} });
    expect(s.size).toBe(UNDO_LIMIT);
    expect(s.changes[0]?.rowId).toBe('r5');
  });

  it('follows a row re-added under a new id, and a row written again', () => {
    const s = UndoStack.empty().push(edit).push({ kind: 'delete', rowId: 'a', values: { Name: 'New' } });
    const renamed = s.pop().renameRow('a', 'a2', 1);
    expect(renamed.last).toEqual({ ...edit, rowId: 'a2', version: 1 });
    expect(UndoStack.empty().push(edit).bumpVersion('a', 7).last).toEqual({ ...edit, version: 7 });
    expect(UndoStack.empty().push(edit).bumpVersion('other', 7).last).toEqual(edit);
  });

  it('says what Undo will do', () => {
    expect(describeChange(edit)).toBe('Undo the change to Name');
    expect(describeChange({ kind: 'delete', rowId: 'x', values: {} })).toBe('Undo deleting the row');
  });
});

describe('cell values', () => {
  it.each<[Parameters<typeof parseInput>[0], string | string[], unknown]>([
    ['number', ' 12.5 ', { value: 12.5 }],
    ['number', '', { value: '' }],
    ['number', 'twelve', { error: 'Must be a number' }],
    ['date', '2024-03-05', { value: '2024-03-05' }],
    ['date', '2024-02-30', { error: 'Must be a date (YYYY-MM-DD)' }],
    ['datetime-local', '2024-03-05T10:30', { value: '2024-03-05T10:30' }],
    ['email', 'ada@example.com', { value: 'ada@example.com' }],
    ['email', 'ada', { error: 'Must be an e-mail address' }],
    ['url', 'example.com', { error: 'Must be a web address starting with http:// or https://' }],
    ['select', 'A brand new choice', { value: 'A brand new choice' }],
    ['multi-select', ['Red', 'Blue'], { value: ['Red', 'Blue'] }],
    ['textarea', 'line 1\nline 2\n', { value: 'line 1\nline 2\n' }],
    ['text', '  hello ', { value: 'hello' }],
  ])('%s %j → %j', (type, input, out) => {
    expect(parseInput(type, input)).toEqual(out);
  });

  it('starts date editors from any of the accepted formats', () => {
    expect(editorValue('date', '05/03/2024')).toBe('2024-03-05');
    expect(editorValue('datetime-local', '2024-03-05 10:30')).toBe('2024-03-05T10:30');
    expect(editorValue('multi-select', 'Red, Blue')).toEqual(['Red', 'Blue']);
    expect(editorValue('date', 'TBD')).toBe('TBD');
  });

  it('sends nothing for an untouched cell', () => {
    expect(changed('date', '05/03/2024', '2024-03-05')).toBe(false);
    expect(changed('number', 12, 12)).toBe(false);
    expect(changed('text', 'a', 'b')).toBe(true);
  });

  it('offers the distinct values of a choice column', () => {
    const r = [{ S: 'Open' }, { S: 'Done' }, { S: '' }, { S: 'Open' }, { S: 'Red, Blue' }];
    expect(choicesOf(r, 'S')).toEqual(['Done', 'Open', 'Red, Blue']);
    expect(choicesOf(r, 'S', true)).toEqual(['Blue', 'Done', 'Open', 'Red']);
  });

  it.each<[string[], [string, string] | null]>([
    [['TRUE', 'FALSE'], ['TRUE', 'FALSE']],
    [['FALSE'], ['TRUE', 'FALSE']],
    [['Yes'], ['Yes', 'No']],
    [['no', 'yes'], ['yes', 'no']],
    [['Open', 'Done'], null],
    [['yes', 'no', 'maybe'], null],
    [[], null],
  ])('checkbox pair of %j is %j', (choices, pair) => {
    expect(checkboxPair(choices)).toEqual(pair);
  });

  it('reads the type of a column, text when unknown', () => {
    expect(typeOf({ A: 'number', B: 'nonsense' }, 'A')).toBe('number');
    expect(typeOf({ A: 'number', B: 'nonsense' }, 'B')).toBe('text');
    expect(typeOf(undefined, 'C')).toBe('text');
  });

  it('shows one line per cell', () => {
    expect(displayText('a\nb')).toBe('a ⏎ b');
    expect(displayText(null)).toBe('');
    expect(displayText('x'.repeat(400))).toHaveLength(301);
  });

  it.each<[Parameters<typeof moveFrom>[1], boolean, { row: number; col: number }]>([
    ['Tab', false, { row: 1, col: 2 }],
    ['Tab', true, { row: 1, col: 0 }],
    ['Enter', false, { row: 2, col: 1 }],
    ['Enter', true, { row: 0, col: 1 }],
    ['ArrowLeft', false, { row: 1, col: 0 }],
  ])('%s (shift %s) from row 1, column 1 → %j', (key, shift, to) => {
    expect(moveFrom({ row: 1, col: 1 }, key, shift, 5, 3)).toEqual(to);
  });

  it('Tab wraps to the next row and stops at the last cell', () => {
    expect(moveFrom({ row: 1, col: 2 }, 'Tab', false, 5, 3)).toEqual({ row: 2, col: 0 });
    expect(moveFrom({ row: 4, col: 2 }, 'Tab', false, 5, 3)).toEqual({ row: 4, col: 2 });
    expect(moveFrom({ row: 2, col: 0 }, 'Tab', true, 5, 3)).toEqual({ row: 1, col: 2 });
    expect(moveFrom({ row: 4, col: 1 }, 'Enter', false, 5, 3)).toEqual({ row: 4, col: 1 });
  });

  it('copies a row without its id and version', () => {
    expect(rowValues({ _id: 'x', _version: 3, A: 1, B: null, C: 'c' }, ['A', 'B', 'C'])).toEqual({ A: 1, B: '', C: 'c' });
  });
});

describe('scroll scale', () => {
  it('is 1 under the cap', () => {
    expect(scrollScale(32_000, 800, 8_000_000)).toBe(1);
  });
  it('maps the bottom of the capped area onto the last rows', () => {
    const total = 1_000_000 * 32;
    const s = scrollScale(total, 800, 8_000_000);
    // The largest scroll position (area − viewport) reaches the last viewport of rows.
    expect((8_000_000 - 800) * s + 800).toBeCloseTo(total, 3);
  });
});
