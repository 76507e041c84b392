import { describe, expect, it } from 'vitest';
import type { Filter } from '../../../shared/filters/conditions';
import { cleanFilters, formErrors, hasErrors, localErrors, newFilter, withCondition, withSheet } from './filters-form';

const sheets = [
  { title: 'Sales', columns: ['Region', 'Revenue'] },
  { title: 'Stock', columns: ['Item'] },
];
const f = (over: Partial<Filter> = {}): Filter => ({ ...newFilter(sheets), name: 'Region', sheet_column: { sheet: 'Sales', column: 'Region' }, value: 'North', ...over });

describe('filters form', () => {
  it('a new filter is on, "=", on the first sheet, unnamed', () => {
    expect(newFilter(sheets)).toEqual({ name: '', active: true, condition: '=', sheet_column: { sheet: 'Sales', column: '' }, value: '' });
    expect(newFilter([]).sheet_column.sheet).toBe('');
  });

  it('another sheet clears the column; the same sheet keeps it', () => {
    expect(withSheet(f(), 'Stock').sheet_column).toEqual({ sheet: 'Stock', column: '' });
    expect(withSheet(f(), 'Sales').sheet_column).toEqual({ sheet: 'Sales', column: 'Region' });
  });

  it.each<[Filter['condition'], Filter['value'], Filter['condition'], Filter['value']]>([
    ['=', 'North', 'includes', 'North'],
    ['=', 'North', 'any_of', 'North'],
    ['any_of', 'A||B', '=', 'A||B'],
    ['=', 'North', 'past_days', ''],
    ['past_days', '7', 'date', ''],
    ['date', '2024-03-01..', '=', ''],
    ['=', 'North', 'today', null],
    ['today', null, '=', ''],
    ['today', null, 'next_week', null],
    ['past_days', '7', 'past_days', '7'],
  ])('%s %j → %s gives %j', (from, value, to, expected) => {
    const out = withCondition(f({ condition: from, value }), to);
    expect(out.condition).toBe(to);
    expect(out.value).toBe(expected);
  });

  it('cleanFilters trims, drops unknown keys and values of value-less conditions', () => {
    const dirty = { ...f({ name: ' Region ', value: ' North ' }), extra: 1 } as Filter;
    expect(cleanFilters([dirty, f({ name: 'Due', condition: 'today', value: 'x' }), f({ name: 'Days', condition: 'past_days', value: 7 })])).toEqual([
      { name: 'Region', active: true, condition: '=', sheet_column: { sheet: 'Sales', column: 'Region' }, value: 'North' },
      { name: 'Due', active: true, condition: 'today', sheet_column: { sheet: 'Sales', column: 'Region' }, value: null },
      { name: 'Days', active: true, condition: 'past_days', sheet_column: { sheet: 'Sales', column: 'Region' }, value: '7' },
    ]);
  });

  it('server issues land on the filter and field they name', () => {
    const e = formErrors([
      { path: 'filters.1.value', message: 'bad value' },
      { path: 'filters.1.value', message: 'second message is not shown' },
      { path: 'filters.0.sheet_column', message: 'no column object' },
      { path: 'filters.2.sheet_column.sheet', message: 'choose a sheet' },
      { path: 'filters.50', message: 'A board may have at most 50 filters' },
      { path: 'filters', message: 'Expected array' },
      { path: 'title', message: 'not ours' },
    ]);
    expect(e).toEqual({
      byFilter: { 0: { 'sheet_column.column': 'no column object' }, 1: { value: 'bad value' }, 2: { 'sheet_column.sheet': 'choose a sheet' } },
      general: ['A board may have at most 50 filters', 'Expected array'],
    });
    expect(hasErrors(e)).toBe(true);
    expect(hasErrors(formErrors([]))).toBe(false);
  });

  it('local checks are the server rules on the cleaned list', () => {
    expect(hasErrors(localErrors([f()]))).toBe(false);
    expect(localErrors([f(), f({ name: 'region ' }), f({ name: 'Days', condition: 'past_days', value: 'x', sheet_column: { sheet: 'Sales', column: '' } })]).byFilter).toEqual({
      1: { name: 'Another filter has the same name' },
      2: { 'sheet_column.column': 'Choose a column', value: 'The number of days must be a whole number (0 or more)' },
    });
  });
});
