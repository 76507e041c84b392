import { describe, expect, it } from 'vitest';
import { a1Range, backfillIds, columnLetters, ID_COLUMN, matchTabs, newRowId, parseHeader, parseSheetUrl, placeIdColumn, quoteTitle, rowData, rowIdOf, rowsNotAsExpected } from './ids';

/** A repeatable random source: the values given, round and round. */
const cycle = (...xs: number[]) => {
  let i = 0;
  return () => xs[i++ % xs.length]!;
};

describe('row ids', () => {
  it('are sb + 16 characters drawn from the random source', () => {
    expect(newRowId(() => 0)).toBe('sb0000000000000000');
    expect(newRowId(() => 0.999999)).toBe('sbzzzzzzzzzzzzzzzz');
    expect(newRowId(cycle(0, 0.5))).toBe('sb0V0V0V0V0V0V0V0V');
    const a = newRowId(Math.random);
    expect(rowIdOf(a)).toBe(a);
  });

  it.each([
    ['sbAbc123', 'sbAbc123'],
    ['  sbAbc123 ', 'sbAbc123'],
    [42, '42'],
    ['', null],
    [null, null],
    [undefined, null],
    [true, null],
    ['has space', null],
    ['=HYPERLINK("x")', null],
    ['x'.repeat(65), null],
    [Number.NaN, null],
  ])('an id cell holding %j is the id %j', (cell, id) => {
    expect(rowIdOf(cell)).toBe(id);
  });
});

describe('parseHeader', () => {
  it.each([
    {
      name: 'names as the import does: blanks are Column N (the sheet column), repeats get a number',
      header: ['Name', '', 'name', 'City', ID_COLUMN],
      width: 0,
      columns: ['Name', 'Column 2', 'name 2', 'City'],
      positions: [0, 1, 2, 3],
      id: 4,
      extra: [],
    },
    {
      name: 'the id column is found by name wherever it was moved, trimmed and in any case',
      header: ['A', ' _SheetBoard_ID ', 'B'],
      width: 0,
      columns: ['A', 'B'],
      positions: [0, 2],
      id: 1,
      extra: [],
    },
    {
      name: 'no id column yet',
      header: ['A', 'B'],
      width: 0,
      columns: ['A', 'B'],
      positions: [0, 1],
      id: null,
      extra: [],
    },
    {
      name: 'data wider than the header gets Column N names, trailing blank header cells do not count',
      header: ['A', '', null],
      width: 3,
      columns: ['A', 'Column 2', 'Column 3'],
      positions: [0, 1, 2],
      id: null,
      extra: [],
    },
    {
      name: 'a pasted copy of the id column is hidden too and never read',
      header: [ID_COLUMN, 'A', ID_COLUMN],
      width: 0,
      columns: ['A'],
      positions: [1],
      id: 0,
      extra: [2],
    },
  ])('$name', ({ header, width, columns, positions, id, extra }) => {
    const h = parseHeader(header, width);
    expect(h.columns).toEqual(columns);
    expect(h.positions).toEqual(positions);
    expect(h.idColumnIndex).toBe(id);
    expect(h.extraIdColumns).toEqual(extra);
  });

  it('reads a row into column → value, missing trailing cells empty, the id left out, no prototype', () => {
    const h = parseHeader(['__proto__', ID_COLUMN, 'B', 'C']);
    const data = rowData(h, ['x', 'sb1', 2]);
    expect(Object.getPrototypeOf(data)).toBeNull();
    expect(Object.entries(data)).toEqual([
      ['__proto__', 'x'],
      ['B', 2],
      ['C', ''],
    ]);
  });
});

describe('A1 notation', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
    [18277, 'ZZZ'],
  ])('column %i is %s', (i, letters) => {
    expect(columnLetters(i)).toBe(letters);
  });

  it.each([
    ['Sheet1', "'Sheet1'"],
    ["Bob's list", "'Bob''s list'"],
    ['A1', "'A1'"],
    ['Ventes 2024!', "'Ventes 2024!'"],
  ])('the title %s is quoted %s', (title, quoted) => {
    expect(quoteTitle(title)).toBe(quoted);
  });

  it('ranges: one cell or a block', () => {
    expect(a1Range('T', 2, 5)).toBe("'T'!C5");
    expect(a1Range('T', 2, 5, 4, 9)).toBe("'T'!C5:E9");
    expect(() => columnLetters(-1)).toThrow(RangeError);
  });
});

describe('the id column', () => {
  it.each([
    { name: 'room in the grid: header written, column hidden', columnCount: 26, width: 5, before: [] },
    { name: 'a full grid is widened first (writing past it fails in Google)', columnCount: 5, width: 5, before: [{ appendDimension: { sheetId: 7, dimension: 'COLUMNS', length: 1 } }] },
  ])('$name', ({ columnCount, width, before }) => {
    const p = placeIdColumn({ sheetId: 7, title: 'Orders', columnCount }, { width, idColumnIndex: null });
    expect(p.index).toBe(width);
    expect(p.header).toEqual({ range: "'Orders'!F1", majorDimension: 'ROWS', values: [[ID_COLUMN]] });
    expect(p.before).toEqual(before);
    expect(p.after).toEqual([{ updateDimensionProperties: { range: { sheetId: 7, dimension: 'COLUMNS', startIndex: 5, endIndex: 6 }, properties: { hiddenByUser: true }, fields: 'hiddenByUser' } }]);
  });

  it('refuses to place a second one', () => {
    expect(() => placeIdColumn({ sheetId: 1, title: 'T', columnCount: 9 }, { width: 3, idColumnIndex: 2 })).toThrow();
  });

  it.each([
    { name: 'consecutive rows share a range', rows: [2, 3, 4], chunk: 100, ranges: ["'T'!D2:D4"] },
    { name: 'gaps split ranges; order and repeats do not matter', rows: [9, 2, 3, 9, 7], chunk: 100, ranges: ["'T'!D2:D3", "'T'!D7", "'T'!D9"] },
    { name: 'long runs are cut in chunks', rows: [2, 3, 4, 5, 6], chunk: 2, ranges: ["'T'!D2:D3", "'T'!D4:D5", "'T'!D6"] },
    { name: 'nothing to fill', rows: [], chunk: 100, ranges: [] },
  ])('back-fill: $name', ({ rows, chunk, ranges }) => {
    const b = backfillIds('T', 3, rows, Math.random, chunk);
    expect(b.data.map((d) => d.range)).toEqual(ranges);
    expect([...b.ids.keys()]).toEqual([...new Set(rows)].sort((x, y) => x - y));
    // The ids written are the ids returned, row by row.
    const written = b.data.flatMap((d) => d.values.map((v) => v[0]));
    expect(written).toEqual([...b.ids.values()]);
    expect(new Set(written).size).toBe(written.length);
  });
});

describe('rowsNotAsExpected (the id column read again just before a write by row number)', () => {
  const planned = [
    { row: 3, id: null },
    { row: 4, id: 'dup' },
  ];
  it.each([
    { name: 'nothing moved: write', column: [[ID_COLUMN], ['a'], [], ['dup']], off: [] },
    { name: 'a row inserted above: the id-less row moved down, an id sits where it was', column: [[ID_COLUMN], ['new'], ['a'], [], ['dup']], off: [3, 4] },
    { name: 'the read ends early (rows deleted at the bottom)', column: [[ID_COLUMN], ['a']], off: [4] },
    { name: 'someone typed in the id cell', column: [[ID_COLUMN], ['a'], ['typed'], ['dup']], off: [3] },
  ])('$name', ({ column, off }) => {
    expect(rowsNotAsExpected(planned, column).map((e) => e.row)).toEqual(off);
  });
});

describe('tabs by sheetId', () => {
  it('a renamed tab is the same tab; added and removed by id, not title', () => {
    const changes = matchTabs(
      [
        { sheetId: 0, title: 'Orders' },
        { sheetId: 5, title: 'Clients' },
        { sheetId: 9, title: 'Old' },
      ],
      [
        { sheetId: 5, title: 'Customers', index: 0 },
        { sheetId: 0, title: 'Orders', index: 1 },
        { sheetId: 12, title: 'Old', index: 2 },
      ],
    );
    expect(changes.renamed).toEqual([{ sheetId: 5, from: 'Clients', to: 'Customers' }]);
    expect(changes.kept.map((k) => k.sheetId)).toEqual([5, 0]);
    expect(changes.added).toEqual([{ sheetId: 12, title: 'Old', index: 2 }]);
    expect(changes.removed).toEqual([{ sheetId: 9, title: 'Old' }]);
  });

  const ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
  it.each([
    [`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`, { spreadsheetId: ID, sheetId: 0 }],
    [`https://docs.google.com/spreadsheets/d/${ID}/edit?usp=sharing`, { spreadsheetId: ID, sheetId: null }],
    [`https://docs.google.com/spreadsheets/u/1/d/${ID}/edit?gid=123#gid=123`, { spreadsheetId: ID, sheetId: 123 }],
    [`  ${ID}  `, { spreadsheetId: ID, sheetId: null }],
    [`http://docs.google.com/spreadsheets/d/${ID}/edit`, null],
    [`https://evil.example/spreadsheets/d/${ID}/edit`, null],
    ['https://docs.google.com/document/d/abc/edit', null],
    ['not a url', null],
  ])('the URL %s', (url, expected) => {
    expect(parseSheetUrl(url)).toEqual(expected);
  });
});
