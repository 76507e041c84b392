import { describe, expect, it } from 'vitest';
import { FILTER_CONDITIONS, type Filter } from '../../../shared/filters/conditions';
import { changeViewFilter, sameValue, takesValue, viewFiltersFromAddress, viewFiltersParam, withFiltersParam } from './view-filters';
import {
  anyOfOptions,
  CONDITION_LABELS,
  dateRangeFromInputs,
  dateRangeInputs,
  displayValue,
  filterSummary,
  valueHint,
  valueKind,
} from './values';

const region: Filter = { name: 'Region', active: false, condition: '=', sheet_column: { sheet: 'Sales', column: 'Region' }, value: 'North' };
const status: Filter = { name: 'Status', active: true, condition: 'any_of', sheet_column: { sheet: 'Sales', column: 'Status' }, value: 'Open||New' };
const due: Filter = { name: 'Due today', active: false, condition: 'today', sheet_column: { sheet: 'Sales', column: 'Due' }, value: null };
const board = [region, status, due];

describe('viewFiltersFromAddress (address → the view of the board filters)', () => {
  it.each<[string, string, Partial<Filter>[], string[]]>([
    ['no parameter: the board as saved', '', [{}, {}, {}], []],
    ['other parameters only', '?hide_header=true', [{}, {}, {}], []],
    ['name:value switches on with that value', '?filters=Region:South', [{ active: true, value: 'South' }, {}, {}], []],
    ['a name alone switches on with the board value', '?filters=Region', [{ active: true, value: 'North' }, {}, {}], []],
    ['a value-less condition by its name', '?filters=Due%20today', [{}, {}, { active: true }], []],
    ['names match ignoring case and spaces', '?filters=%20region%20:South', [{ active: true, value: 'South' }, {}, {}], []],
    ['several parts, commas inside values as %2C', '?filters=Region:South%2CEast,Status:Closed', [{ active: true, value: 'South,East' }, { value: 'Closed' }, {}], []],
    ['!Name switches a filter off', '?filters=!Status', [{}, { active: false }, {}], []],
    ['the last part naming a filter wins', '?filters=Region:South,!Region', [{ active: false }, {}, {}], []],
    ['an empty value is kept (that filter then keeps every row)', '?filters=Region:', [{ active: true, value: '' }, {}, {}], []],
    ['unknown names are listed once, known ones still apply', '?filters=City:Paris,Region:West,City:Lyon,!Nope', [{ active: true, value: 'West' }, {}, {}], ['City', '!Nope']],
    ['a value with a colon', '?filters=Region:10:30', [{ active: true, value: '10:30' }, {}, {}], []],
    ['an empty parameter changes nothing', '?filters=', [{}, {}, {}], []],
  ])('%s', (_what, search, changes, unknown) => {
    const view = viewFiltersFromAddress(board, search);
    expect(view.filters).toEqual(board.map((f, i) => ({ ...f, ...changes[i] })));
    expect(view.unknown).toEqual(unknown);
  });

  it('a board filter really named !Name is that filter', () => {
    const bang: Filter = { ...region, name: '!Region' };
    expect(viewFiltersFromAddress([region, bang], '?filters=!Region').filters).toEqual([region, { ...bang, active: true }]);
  });

  it('does not change the board list it was given', () => {
    const copy = JSON.parse(JSON.stringify(board));
    viewFiltersFromAddress(board, '?filters=Region:South,!Status');
    expect(board).toEqual(copy);
  });
});

describe('viewFiltersParam (the view → the address)', () => {
  it.each<[string, Partial<Filter>[], string | null]>([
    ['same as the board: no parameter', [{}, {}, {}], null],
    ['switched on with the board value: the name alone', [{ active: true }, {}, {}], 'Region'],
    ['switched on with another value', [{ active: true, value: 'South' }, {}, {}], 'Region:South'],
    ['a changed value of an active filter', [{}, { value: 'Closed||Lost' }, {}], 'Status:Closed%7C%7CLost'],
    ['switched off', [{}, { active: false }, {}], '!Status'],
    ['a value-less filter switched on', [{}, {}, { active: true }], 'Due%20today'],
    ['a value changed while off does not count', [{ value: 'South' }, {}, {}], null],
    ['commas in values travel as %2C', [{ active: true, value: 'South, East' }, {}, {}], 'Region:South%2C%20East'],
    ['7 and "7" are the same value', [{}, { value: 'Open||New ' }, {}], null],
  ])('%s', (_what, changes, expected) => {
    expect(viewFiltersParam(board, board.map((f, i) => ({ ...f, ...changes[i] })))).toBe(expected);
  });

  it.each([
    [[{ active: true, value: 'South' }, { active: false }, { active: true }]],
    [[{ active: true, value: 'a:b,c' }, { value: '' }, {}]],
    [[{}, { value: 'current user' }, {}]],
  ] as Partial<Filter>[][][])('round trip through the address: %j', (changes) => {
    const view = board.map((f, i) => ({ ...f, ...changes[i] }));
    const raw = viewFiltersParam(board, view);
    const back = viewFiltersFromAddress(board, `?filters=${raw ?? ''}`).filters;
    // Values of inactive filters are not carried (they do not filter).
    expect(back.map((f) => [f.active, f.active ? String(f.value ?? '') : ''])).toEqual(view.map((f) => [f.active, f.active ? String(f.value ?? '') : '']));
  });
});

describe('withFiltersParam', () => {
  it.each<[string, string | null, string]>([
    ['', 'Region:South', '?filters=Region:South'],
    ['?hide_header=true', 'Region:South', '?hide_header=true&filters=Region:South'],
    ['?filters=Old&embed=true', 'Region:South', '?embed=true&filters=Region:South'],
    ['?filters=Old&embed=true', null, '?embed=true'],
    ['?filters=Old', null, ''],
    ['?a=%2C&filters=x', null, '?a=%2C'],
    ['?%66ilters=x&b', 'y', '?b&filters=y'],
  ])('%s with %s → %s', (search, raw, expected) => {
    expect(withFiltersParam(search, raw)).toBe(expected);
  });
});

describe('changeViewFilter', () => {
  it('switches, and a new value switches on', () => {
    expect(changeViewFilter(board, 0, { active: true })[0]).toEqual({ ...region, active: true });
    expect(changeViewFilter(board, 1, { active: false })[1]).toEqual({ ...status, active: false });
    expect(changeViewFilter(board, 0, { value: 'East' })[0]).toEqual({ ...region, active: true, value: 'East' });
    expect(changeViewFilter(board, 2, { active: true })[1]).toBe(board[1]);
  });

  it('sameValue and takesValue', () => {
    expect(sameValue(7, ' 7')).toBe(true);
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue('a', 'A')).toBe(false);
    expect(FILTER_CONDITIONS.filter((c) => !takesValue(c))).toEqual(['today', 'tomorrow', 'current_week', 'next_week']);
  });
});

describe('value inputs per condition', () => {
  it('every condition has a label and a value input', () => {
    for (const c of FILTER_CONDITIONS) expect(CONDITION_LABELS[c]).toMatch(/^[A-Z]/);
    expect(Object.fromEntries(FILTER_CONDITIONS.map((c) => [c, valueKind(c)]))).toEqual({
      '=': 'text',
      '>': 'text',
      '<': 'text',
      starts_with: 'text',
      not_starts_with: 'text',
      ends_with: 'text',
      not_ends_with: 'text',
      includes: 'text',
      not_includes: 'text',
      past_days: 'number',
      today: 'none',
      tomorrow: 'none',
      current_week: 'none',
      next_week: 'none',
      date: 'dateRange',
      any_of: 'anyOf',
    });
  });

  it('hints: the any_of separator and current user', () => {
    expect(valueHint('any_of')).toContain('||');
    expect(valueHint('any_of')).toContain('current user');
    expect(valueHint('=')).toContain('current user');
    expect(valueHint('includes')).toContain('current user');
    expect(valueHint('today')).toBeNull();
    expect(valueHint('past_days')).toContain('days');
    expect(valueHint('date')).toContain('open range');
  });

  it.each<[Filter['value'], { from: string; to: string }]>([
    ['2024-03-01..2024-03-31', { from: '2024-03-01', to: '2024-03-31' }],
    ['01/03/2024..March 31, 2024', { from: '2024-03-01', to: '2024-03-31' }],
    ['..2024-03-31', { from: '', to: '2024-03-31' }],
    ['2024-03-05', { from: '2024-03-05', to: '2024-03-05' }],
    ['soon..later', { from: '', to: '' }],
    [null, { from: '', to: '' }],
  ])('dateRangeInputs(%j)', (value, expected) => {
    expect(dateRangeInputs(value)).toEqual(expected);
  });

  it.each([
    ['2024-03-01', '2024-03-31', '2024-03-01..2024-03-31'],
    ['2024-03-01', '', '2024-03-01..'],
    ['', '2024-03-31', '..2024-03-31'],
    ['', ' ', ''],
  ])('dateRangeFromInputs(%s, %s) → %s', (from, to, expected) => {
    expect(dateRangeFromInputs(from, to)).toBe(expected);
  });

  it('anyOfOptions drops empty options', () => {
    expect(anyOfOptions(' Paris || ||Lyon')).toEqual(['Paris', 'Lyon']);
    expect(anyOfOptions(null)).toEqual([]);
  });
});

describe('how the bar reads a filter', () => {
  it.each<[Filter['condition'], Filter['value'], string]>([
    ['=', 'North', 'is North'],
    ['=', 12, 'is 12'],
    ['=', '2024-03-05', 'is March 5, 2024'],
    ['>', '05/03/2024 14:30', 'is greater than March 5, 2024, 2:30 PM'],
    ['<', '100', 'is less than 100'],
    ['=', '', 'any value'],
    ['includes', null, 'any value'],
    ['starts_with', 'No', 'starts with No'],
    ['not_includes', 'x', 'does not contain x'],
    ['past_days', '7', 'in the past 7 days'],
    ['past_days', 1, 'in the past 1 day'],
    ['today', null, 'is today'],
    ['next_week', 'ignored', 'is in the next week'],
    ['date', '2024-03-01..2024-03-31', 'from March 1, 2024 to March 31, 2024'],
    ['date', '2024-03-01..', 'from March 1, 2024'],
    ['date', '..2024-03-31', 'until March 31, 2024'],
    ['date', '2024-03-05', 'on March 5, 2024'],
    ['date', '..', 'any value'],
    ['any_of', 'Paris||Lyon', 'is any of Paris, Lyon'],
    ['any_of', 'current user', 'is any of current user'],
  ])('%s %j → %s', (condition, value, expected) => {
    expect(filterSummary({ condition, value })).toBe(expected);
  });

  it('displayValue: dates in US English (a time when the value has one); typed text as it is', () => {
    expect(displayValue('March 5, 2024 2:30 PM')).toBe('March 5, 2024, 2:30 PM');
    expect(displayValue('2024-03-05T00:00')).toBe('March 5, 2024, 12:00 AM');
    expect(displayValue('05/03/2024')).toBe('March 5, 2024');
    expect(displayValue('TBD')).toBe('TBD');
    expect(displayValue('  ')).toBe('');
    expect(displayValue(45000)).toBe('45000');
  });
});
