import { describe, expect, it } from 'vitest';
import { filterLabel, filterValueProblem, splitDateRange } from './board-filters';
import { boardFilterProblems } from './schema';
import type { Filter } from './conditions';

const f = (over: Partial<Filter> = {}): Filter => ({
  name: 'Region',
  active: true,
  condition: '=',
  sheet_column: { sheet: 'Sales', column: 'Region' },
  value: 'North',
  ...over,
});

describe('filterValueProblem', () => {
  it.each<[Filter['condition'], Filter['value'], string | null]>([
    ['=', 'North', null],
    ['=', '', null],
    ['=', null, null],
    ['=', 12, null],
    ['>', '2024-03-05', null],
    ['includes', 'x'.repeat(1001), 'The value may be at most 1000 characters'],
    ['past_days', '7', null],
    ['past_days', 7, null],
    ['past_days', '0', null],
    ['past_days', ' ', null],
    ['past_days', 'seven', 'The number of days must be a whole number (0 or more)'],
    ['past_days', '-1', 'The number of days must be a whole number (0 or more)'],
    ['past_days', '1.5', 'The number of days must be a whole number (0 or more)'],
    ['today', 'anything at all', null],
    ['next_week', 'x'.repeat(5000), null],
    ['date', '2024-03-01..2024-03-31', null],
    ['date', '01/03/2024..', null],
    ['date', '..March 31, 2024', null],
    ['date', '2024-03-05', null],
    ['date', '..', null],
    ['date', '2024-03-31..2024-03-01', 'The start date must not be after the end date'],
    ['date', '2024-03-05 10:00..2024-03-05 09:00', 'The start date must not be after the end date'],
    ['date', '2024-03-05 10:00..2024-03-05', null],
    ['date', 'soon..2024-03-01', "'soon' is not a date"],
    ['date', '2024-03-01..31/02/2024', "'31/02/2024' is not a date"],
    ['any_of', 'Paris||Lyon', null],
    ['any_of', 'current user', null],
  ])('%s with %j → %s', (condition, value, expected) => {
    expect(filterValueProblem(condition, value)).toBe(expected);
  });
});

describe('splitDateRange', () => {
  it.each([
    ['2024-03-01..2024-03-31', { from: '2024-03-01', to: '2024-03-31' }],
    [' 2024-03-01 .. ', { from: '2024-03-01', to: '' }],
    ['..2024-03-31', { from: '', to: '2024-03-31' }],
    ['2024-03-05', { from: '2024-03-05', to: '2024-03-05' }],
    ['', { from: '', to: '' }],
    [null, { from: '', to: '' }],
  ])('%j', (value, expected) => {
    expect(splitDateRange(value)).toEqual(expected);
  });
});

describe('boardFilterProblems', () => {
  it('a good list has no problems', () => {
    expect(boardFilterProblems([f(), f({ name: 'Due', condition: 'today', value: null })])).toEqual([]);
  });

  it('names the filter and the field of each problem', () => {
    expect(
      boardFilterProblems([
        f(),
        f({ name: 'REGION ' }),
        f({ name: '', sheet_column: { sheet: '', column: '' } }),
        f({ name: 'Days', condition: 'past_days', value: 'x' }),
        { name: 'Odd', active: 1 },
      ]),
    ).toEqual([
      { index: 1, field: 'name', message: "Filter 'REGION': Another filter has the same name" },
      { index: 2, field: 'name', message: 'Filter #3: A name is required' },
      { index: 2, field: 'sheet_column.sheet', message: 'Filter #3: Choose a sheet' },
      { index: 2, field: 'sheet_column.column', message: 'Filter #3: Choose a column' },
      { index: 3, field: 'value', message: "Filter 'Days': The number of days must be a whole number (0 or more)" },
      { index: 4, field: 'active', message: expect.stringContaining("Filter 'Odd': active:") },
      { index: 4, field: 'condition', message: expect.stringContaining("Filter 'Odd': condition:") },
      { index: 4, field: 'sheet_column', message: expect.stringContaining("Filter 'Odd': sheet_column:") },
    ]);
  });

  it('refuses more than 50 filters', () => {
    const many = Array.from({ length: 51 }, (_, i) => f({ name: `F${i}` }));
    expect(boardFilterProblems(many)).toEqual([{ index: 50, field: '', message: 'A board may have at most 50 filters' }]);
    expect(boardFilterProblems(many.slice(0, 50))).toEqual([]);
  });

  it('filterLabel: the trimmed name, else the position', () => {
    expect(filterLabel({ name: ' Region ' }, 0)).toBe("'Region'");
    expect(filterLabel({ name: '' }, 2)).toBe('#3');
    expect(filterLabel(null, 0)).toBe('#1');
  });
});
