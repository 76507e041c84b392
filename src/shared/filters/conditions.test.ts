import { describe, expect, it } from 'vitest';
import {
  anyOfValue,
  applyFilters,
  compileFilters,
  dateRangeValue,
  FILTER_CONDITIONS,
  filtersForSheet,
  matchesFilter,
  parseNumber,
  type Filter,
  type FilterCondition,
  type FilterContext,
} from './conditions';
import { filterSchema } from './schema';
import { parseDate } from './dates';

// Wednesday 6 March 2024, 10:00 (local calendar). Its week runs Mon 4 – Sun 10 March.
const ctx: FilterContext = { now: parseDate('2024-03-06T10:00')!, userEmail: 'Ann@Example.com' };

function filter(condition: FilterCondition, value: Filter['value'], column = 'c'): Filter {
  return { name: 'f', active: true, condition, sheet_column: { sheet: 'S', column }, value };
}
const matches = (condition: FilterCondition, value: Filter['value'], cell: unknown, c: FilterContext = ctx): boolean =>
  matchesFilter({ c: cell }, filter(condition, value), c);

describe('parseNumber', () => {
  it.each<[unknown, number | null]>([
    ['12', 12],
    [' 12.5 ', 12.5],
    ['1,234.5', 1234.5],
    ['1,234,567', 1234567],
    ['$12', 12],
    ['-$3.50', -3.5],
    ['$-3.50', -3.5],
    ['€ 1,000', 1000],
    ['12%', 12],
    ['.5', 0.5],
    ['+7', 7],
    ['1e3', 1000],
    [42, 42],
    [0, 0],
    [NaN, null],
    [Infinity, null],
    ['', null],
    ['abc', null],
    ['12abc', null],
    ['1,23', null], // commas only as thousands groups
    ['1.234,5', null],
    ['2024-03-05', null],
    ['05/03/2024', null],
    ['--5', null],
    ['-+5', null],
    [null, null],
    [true, null],
  ])('%j → %j', (v, n) => expect(parseNumber(v)).toBe(n));
});

describe('text conditions: trimmed, case-insensitive', () => {
  it.each<[FilterCondition, string, unknown, boolean]>([
    ['starts_with', 'par', 'Paris', true],
    ['starts_with', ' PAR ', '  paris', true],
    ['starts_with', 'ris', 'Paris', false],
    ['starts_with', 'par', '', false],
    ['starts_with', 'par', null, false],
    ['starts_with', '12', 123, true],
    ['not_starts_with', 'par', 'Paris', false],
    ['not_starts_with', 'lyo', 'Paris', true],
    ['not_starts_with', 'par', '', true],
    ['not_starts_with', 'par', null, true],
    ['ends_with', 'RIS', 'Paris', true],
    ['ends_with', 'par', 'Paris', false],
    ['ends_with', '.5', 12.5, true],
    ['not_ends_with', 'ris', 'Paris ', false],
    ['not_ends_with', 'par', 'Paris', true],
    ['includes', 'ari', 'PARIS', true],
    ['includes', 'x', 'Paris', false],
    ['includes', 'true', true, true],
    ['not_includes', 'ari', 'Paris', false],
    ['not_includes', 'x', 'Paris', true],
    ['not_includes', 'x', undefined, true],
    ['starts_with', '2024-03-05t10:30', new Date(2024, 2, 5, 10, 30), true], // a JS Date by its local fields
  ])('%s %j on %j → %s', (cond, value, cell, out) => expect(matches(cond, value, cell)).toBe(out));
});

describe('= > <: numbers, then dates, then text', () => {
  it.each<[FilterCondition, Filter['value'], unknown, boolean]>([
    // numbers (both sides must parse)
    ['=', '12', 12, true],
    ['=', '12', '12.0', true],
    ['=', '1234.5', '1,234.5', true],
    ['=', '12', '$12', true],
    ['=', 12, '12', true],
    ['=', '12', '13', false],
    ['=', '12', 'twelve', false],
    ['>', '9', '10', true], // numeric, not text ('10' < '9' as text)
    ['>', '10', '9', false],
    ['>', '$1,000', '1,000.01', true],
    ['<', '9', '10', false],
    ['<', '-1', '-2', true],
    ['>', '5', '', false], // an empty cell is never > or <
    ['<', '5', '', false],
    ['<', '5', null, false],
    ['>', '5', 'abc', true], // number vs text → text comparison ('abc' > '5')
    // dates (both sides must parse)
    ['=', '2024-03-05', '05/03/2024', true],
    ['=', '2024-03-05', 'March 5, 2024 10:30 PM', true], // a day filter matches any time that day
    ['=', '2024-03-05 10:30', '2024-03-05T10:30:45', true], // to the minute
    ['=', '2024-03-05 10:30', '2024-03-05T10:31', false],
    ['=', '2024-03-05', '06/03/2024', false],
    ['>', '2024-03-05', '2024-03-06', true],
    ['>', '2024-03-05', '2024-03-05T23:00', false], // same day is not after the day
    ['>', '2024-03-05 12:00', '2024-03-05T23:00', true],
    ['<', '03/10/2024', '2024-02-29', true], // 10 March 2024 (dash/slash rules apply to values too)
    ['<', '2024-03-05', '2024-03-05', false],
    ['>', '2024-03-05', 'soon', true], // not a date → text ('soon' > '2024-03-05')
    // text
    ['=', 'Paris', ' paris ', true],
    ['=', 'Paris', 'Paris!', false],
    ['=', 'Paris', '', false],
    ['>', 'b', 'c', true],
    ['>', 'b', 'a', false],
    ['<', 'b', 'A', true],
  ])('%s %j on %j → %s', (cond, value, cell, out) => expect(matches(cond, value, cell)).toBe(out));
});

describe('relative date conditions (now = Wed 2024-03-06, weeks start Monday)', () => {
  it.each<[FilterCondition, Filter['value'], unknown, boolean]>([
    ['today', null, '2024-03-06', true],
    ['today', null, '06/03/2024 23:59', true],
    ['today', null, 'March 6, 2024', true],
    ['today', null, '2024-03-05', false],
    ['today', null, 'today', false],
    ['today', null, '', false],
    ['today', 'ignored', '2024-03-06', true],
    ['tomorrow', null, '2024-03-07T08:00', true],
    ['tomorrow', null, '2024-03-06', false],
    ['current_week', null, '2024-03-04', true], // Monday
    ['current_week', null, '2024-03-10 23:00', true], // Sunday
    ['current_week', null, '2024-03-03', false], // previous Sunday
    ['current_week', null, '2024-03-11', false],
    ['next_week', null, '2024-03-11', true],
    ['next_week', null, '2024-03-17', true],
    ['next_week', null, '2024-03-18', false],
    ['next_week', null, '2024-03-10', false],
    ['past_days', '7', '2024-02-28', true],
    ['past_days', '7', '2024-02-27', false],
    ['past_days', '7', '2024-03-06 23:00', true], // today counts
    ['past_days', '7', '2024-03-07', false], // the future does not
    ['past_days', '0', '2024-03-06', true],
    ['past_days', '0', '2024-03-05', false],
    ['past_days', 7, '2024-03-01', true],
    ['past_days', 'seven', '2024-03-06', false], // a bad value matches nothing
    ['past_days', '-1', '2024-03-06', false],
    ['past_days', '', '1999-01-01', true], // no value: filter not applied
    ['past_days', '7', 'not a date', false],
  ])('%s %j on %j → %s', (cond, value, cell, out) => expect(matches(cond, value, cell)).toBe(out));

  it('weeks cross month and year ends', () => {
    const sunday = { now: parseDate('2023-12-31T12:00')! }; // Sunday: week Mon 25 – Sun 31 Dec
    expect(matches('current_week', null, '2023-12-25', sunday)).toBe(true);
    expect(matches('next_week', null, '2024-01-01', sunday)).toBe(true);
    expect(matches('tomorrow', null, '01/01/2024', sunday)).toBe(true);
    expect(matches('past_days', '1', '2023-12-30', sunday)).toBe(true);
  });

  it('accepts a JS Date as now (its local calendar day)', () => {
    const c = { now: new Date(2024, 1, 29, 18, 0) };
    expect(matches('today', null, '29/02/2024', c)).toBe(true);
    expect(matches('tomorrow', null, '2024-03-01', c)).toBe(true);
  });
  it('an invalid now matches nothing', () => {
    expect(matches('today', null, '2024-03-06', { now: new Date('x') })).toBe(false);
  });
});

describe('date (range) condition', () => {
  it.each<[string, unknown, boolean]>([
    ['2024-03-01..2024-03-31', '2024-03-15', true],
    ['2024-03-01..2024-03-31', '2024-03-31T23:59', true], // the end day is whole
    ['2024-03-01..2024-03-31', '2024-03-01', true],
    ['2024-03-01..2024-03-31', '2024-04-01', false],
    ['2024-03-01..2024-03-31', '2024-02-29', false],
    ['01/03/2024 .. 31/03/2024', 'March 10, 2024', true], // any accepted format, spaces allowed
    ['01.03.2024..31.03.2024', '10.03.2024', true],
    ['2024-03-01..', '2030-01-01', true], // open end
    ['2024-03-01..', '2024-02-01', false],
    ['..2024-03-01', '2000-01-01', true], // open start
    ['..2024-03-01', '2024-03-02', false],
    ['2024-03-05', '2024-03-05T18:00', true], // a single date is that day
    ['2024-03-05', '2024-03-06', false],
    ['2024-03-05 09:00..2024-03-05 17:00', '2024-03-05T12:00', true],
    ['2024-03-05 09:00..2024-03-05 17:00', '2024-03-05T17:30', false],
    ['2024-03-31..2024-03-01', '2024-03-15', false], // reversed range: empty
    ['2024-02-30..2024-03-31', '2024-03-15', false], // an invalid end: matches nothing
    ['garbage', '2024-03-15', false],
    ['..', 'anything', true], // no bounds: not applied
    ['', 'anything', true],
    ['2024-03-01..2024-03-31', '', false],
    ['2024-03-01..2024-03-31', 'someday', false],
  ])('%j on %j → %s', (value, cell, out) => expect(matches('date', value, cell)).toBe(out));

  it('dateRangeValue builds the value', () => {
    expect(dateRangeValue('2024-03-01', '2024-03-31')).toBe('2024-03-01..2024-03-31');
    expect(dateRangeValue('2024-03-01', null)).toBe('2024-03-01..');
  });
});

describe('any_of: options split by ||', () => {
  it.each<[string | null, unknown, boolean]>([
    ['Paris||Lyon', 'lyon', true],
    ['Paris || Lyon', ' Paris ', true],
    ['Paris||Lyon', 'Nice', false],
    ['Paris||Lyon', 'Paris, Lyon', false], // whole-cell equality per option
    ['1||2', '2.0', true], // each option compares like =
    ['2024-03-05||2024-03-07', '07/03/2024', true],
    ['Paris||||', 'Paris', true], // empty options dropped
    ['Paris,Lyon', 'Paris', false], // a comma is not a separator
    ['Paris,Lyon', 'paris,lyon', true],
    ['', 'anything', true], // no options: not applied
    [null, 'anything', true],
    ['current user||boss@example.com', 'ann@example.com', true],
    ['current user||boss@example.com', 'Boss@example.com', true],
  ])('%j on %j → %s', (value, cell, out) => expect(matches('any_of', value, cell)).toBe(out));

  it('anyOfValue joins options', () => expect(anyOfValue([' a ', '', 'b'])).toBe('a||b'));
  it('current user without a user: that option is dropped; alone, nothing matches', () => {
    const anon = { now: ctx.now };
    expect(matches('any_of', 'current user||boss@x.com', 'boss@x.com', anon)).toBe(true);
    expect(matches('any_of', 'current user', '', anon)).toBe(false);
    expect(matches('any_of', 'Current User', 'current user', anon)).toBe(false);
  });
});

describe("'current user' becomes the signed-in user's e-mail", () => {
  it.each<[FilterCondition, string, unknown, FilterContext, boolean]>([
    ['=', 'current user', 'ann@example.com', ctx, true],
    ['=', ' Current User ', 'ANN@example.com', ctx, true],
    ['=', 'current user', 'bob@example.com', ctx, false],
    ['=', 'current user', 'current user', ctx, false], // never the literal text
    ['includes', 'current user', 'owner: ann@example.com', ctx, true],
    ['not_includes', 'current user', 'bob@example.com', ctx, true],
    ['=', 'current user', 'ann@example.com', { now: ctx.now }, false], // no user: nothing matches
    ['=', 'current user', '', { now: ctx.now, userEmail: '' }, false],
    ['not_includes', 'current user', 'bob@example.com', { now: ctx.now, userEmail: null }, false],
  ])('%s %j on %j → %s', (cond, value, cell, c, out) => expect(matches(cond, value, cell, c)).toBe(out));
});

describe('every condition: empty or bad values never throw', () => {
  const cells: unknown[] = ['', null, undefined, 0, 12.5, true, 'text', '2024-03-06', new Date(2024, 2, 6), { a: 1 }, [1]];
  const values: Filter['value'][] = ['', null, undefined, '0', 'x', '2024-03-06', '..', '||', 12];
  it.each(FILTER_CONDITIONS.map((c) => [c]))('%s', (cond) => {
    for (const cell of cells) for (const value of values) expect(typeof matches(cond, value, cell)).toBe('boolean');
  });
  it('an empty value means the filter is not applied (value conditions)', () => {
    for (const cond of FILTER_CONDITIONS.filter((c) => !['today', 'tomorrow', 'current_week', 'next_week'].includes(c))) {
      expect(matches(cond, '  ', 'anything')).toBe(true);
    }
  });
  it('an unknown condition matches nothing', () => {
    expect(matchesFilter({ c: 'x' }, { ...filter('=', 'x'), condition: 'nope' as FilterCondition }, ctx)).toBe(false);
  });
});

describe('matchesFilter / applyFilters', () => {
  const rows = [
    { city: 'Paris', total: '10', due: '2024-03-06' },
    { city: 'Lyon', total: '1,200', due: '2024-03-07' },
    { city: 'Nice', total: '$5', due: '' },
  ];
  it('an inactive filter is ignored', () => {
    expect(applyFilters(rows, [{ ...filter('=', 'Paris', 'city'), active: false }], ctx)).toHaveLength(3);
  });
  it('all active filters must match', () => {
    const fs = [filter('>', '6', 'total'), filter('not_includes', 'par', 'city')];
    expect(applyFilters(rows, fs, ctx).map((r) => r.city)).toEqual(['Lyon']);
  });
  it('a column missing from the row matches nothing, even a not_ condition', () => {
    expect(applyFilters(rows, [filter('not_includes', 'x', 'nope')], ctx)).toEqual([]);
    expect(matchesFilter({}, filter('not_starts_with', 'x'), ctx)).toBe(false);
    expect(matchesFilter({ c: 'toString' }, filter('=', 'x', 'toString'), ctx)).toBe(false); // own keys only
  });
  it('a column missing from the row does not matter when the filter is not applied', () => {
    expect(applyFilters(rows, [filter('includes', '', 'nope')], ctx)).toHaveLength(3);
  });
  it('works on rows without a prototype', () => {
    const row = Object.assign(Object.create(null) as Record<string, unknown>, { c: 'Paris' });
    expect(matchesFilter(row, filter('=', 'paris'), ctx)).toBe(true);
  });
  it('no filters keep every row', () => expect(applyFilters(rows, [], ctx)).toEqual(rows));
  it('filtersForSheet keeps the filters of one sheet', () => {
    const other = { ...filter('=', 'x'), sheet_column: { sheet: 'Other', column: 'c' } };
    expect(filtersForSheet([filter('=', 'x'), other], 'Other')).toEqual([other]);
  });
});

describe('filterSchema', () => {
  it.each<[unknown, boolean]>([
    [{ name: 'City', active: true, condition: 'includes', sheet_column: { sheet: 'S', column: 'city' }, value: 'par' }, true],
    [{ name: 'Due', active: false, condition: 'today', sheet_column: { sheet: 'S', column: 'due' } }, true],
    [{ name: 'N', active: true, condition: '>', sheet_column: { sheet: 'S', column: 'n' }, value: 5 }, true],
    [{ name: 'N', active: true, condition: 'any_of', sheet_column: { sheet: 'S', column: 'n' }, value: null }, true],
    [{ name: 'N', active: true, condition: 'like', sheet_column: { sheet: 'S', column: 'n' }, value: 'x' }, false],
    [{ name: 'N', active: 'yes', condition: '=', sheet_column: { sheet: 'S', column: 'n' }, value: 'x' }, false],
    [{ name: 'N', active: true, condition: '=', sheet_column: { sheet: 'S' }, value: 'x' }, false],
    [{ name: 'N', active: true, condition: '=', sheet_column: { sheet: 'S', column: 'n' }, value: { a: 1 } }, false],
  ])('%j valid=%s', (f, ok) => expect(filterSchema.safeParse(f).success).toBe(ok));
});

describe('compileFilters agrees with matchesFilter over 24,000 generated rows', () => {
  it('same rows for every condition and a combination', () => {
    const words = ['Paris', 'lyon', ' NICE ', '', 'Ann@example.com', 'bob@example.com', 'par-is', '12abc'];
    const dates = ['2024-03-06', '05/03/2024 10:30', 'March 11, 2024', '2024-02-20T08:00', '', 'soon', '31/02/2024', '2024-03-10 11:00 PM', '07/03/2024 09:00'];
    const rows = Array.from({ length: 24_000 }, (_, i) => ({
      text: words[i % words.length],
      num: i % 7 === 0 ? '' : i % 5 === 0 ? `$${(i % 3000).toLocaleString('en-US')}` : String((i * 37) % 2000),
      when: dates[(i * 13) % dates.length],
      ...(i % 97 === 0 ? {} : { extra: i % 2 ? 'x' : 'y' }),
    }));
    const f = (condition: FilterCondition, column: string, value: Filter['value']): Filter => ({
      name: condition,
      active: true,
      condition,
      sheet_column: { sheet: 'S', column },
      value,
    });
    const filters: Filter[] = [
      f('=', 'text', 'paris'),
      f('=', 'text', 'current user'),
      f('>', 'num', '1,000'),
      f('<', 'num', '$500'),
      f('starts_with', 'text', 'par'),
      f('not_starts_with', 'text', 'par'),
      f('ends_with', 'text', 'ice'),
      f('not_ends_with', 'text', 'com'),
      f('includes', 'text', '@'),
      f('not_includes', 'extra', 'x'),
      f('past_days', 'when', '14'),
      f('today', 'when', null),
      f('tomorrow', 'when', null),
      f('current_week', 'when', null),
      f('next_week', 'when', null),
      f('date', 'when', '2024-03-01..2024-03-10'),
      f('any_of', 'text', 'lyon||nice||current user'),
      f('>', 'when', '2024-03-05'),
    ];
    for (const flt of filters) {
      const compiled = compileFilters([flt], ctx);
      let count = 0;
      for (const row of rows) {
        const a = compiled(row);
        if (a !== matchesFilter(row, flt, ctx)) throw new Error(`${flt.condition} differs on ${JSON.stringify(row)}`);
        if (a) count++;
      }
      // Every filter keeps some rows and drops some: the generated data exercises both outcomes.
      expect([flt.condition, count > 0 && count < rows.length]).toEqual([flt.condition, true]);
    }
    const combo = [filters[4]!, filters[3]!, { ...filters[0]!, active: false }, filters[10]!];
    const compiled = compileFilters(combo, ctx);
    const expected = rows.filter((r) => combo.every((flt) => !flt.active || matchesFilter(r, flt, ctx)));
    expect(rows.filter(compiled)).toEqual(expected);
    expect(applyFilters(rows, combo, ctx)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });
});
