import { describe, expect, it } from 'vitest';
import { applyFilters, type Filter } from './conditions';
import { parseDate } from './dates';
import {
  mergeUrlFilters,
  parseUrlFilters,
  rawUrlFiltersParam,
  serializeUrlFilters,
  urlFiltersToActive,
  type UrlFilter,
} from './url-filters';

describe('parseUrlFilters', () => {
  it.each<[string | null | undefined, UrlFilter[]]>([
    [null, []],
    [undefined, []],
    ['', []],
    [',, ,', []],
    ['Status:Open', [{ name: 'Status', value: 'Open' }]],
    ['Status:Open,City:Paris', [{ name: 'Status', value: 'Open' }, { name: 'City', value: 'Paris' }]],
    ['Status:Open,,City:Paris,', [{ name: 'Status', value: 'Open' }, { name: 'City', value: 'Paris' }]],
    ['Time:10:30', [{ name: 'Time', value: '10:30' }]], // values may hold ':'
    ['Url:https://x.io/a', [{ name: 'Url', value: 'https://x.io/a' }]],
    ['City:Saint%20%C3%89tienne', [{ name: 'City', value: 'Saint Étienne' }]],
    ['City:Saint+Etienne', [{ name: 'City', value: 'Saint Etienne' }]],
    ['Names:Ann%2CBob', [{ name: 'Names', value: 'Ann,Bob' }]], // an encoded comma stays in the value
    ['Due%20date:2024-03-01..2024-03-31', [{ name: 'Due date', value: '2024-03-01..2024-03-31' }]],
    ['a%3Ab:c', [{ name: 'a:b', value: 'c' }]], // a ':' in a name travels encoded
    ['City:Paris||Lyon', [{ name: 'City', value: 'Paris||Lyon' }]],
    ['Empty:', [{ name: 'Empty', value: '' }]],
    ['Due today', [{ name: 'Due today' }]], // no ':' → the board's own value
    [':orphan', []], // no name
    [' Status : Open ', [{ name: 'Status', value: 'Open' }]],
    ['Pct:100%', [{ name: 'Pct', value: '100%' }]], // malformed escape kept as written
    ['Mine:current%20user', [{ name: 'Mine', value: 'current user' }]],
  ])('%j', (raw, out) => expect(parseUrlFilters(raw)).toEqual(out));
});

describe('serializeUrlFilters round-trips', () => {
  it.each<[UrlFilter[], string]>([
    [[{ name: 'Status', value: 'Open' }], 'Status:Open'],
    [[{ name: 'Status', value: 'Open' }, { name: 'City', value: 'Paris' }], 'Status:Open,City:Paris'],
    [[{ name: 'Time', value: '10:30' }], 'Time:10:30'],
    [[{ name: 'Names', value: 'Ann,Bob' }], 'Names:Ann%2CBob'],
    [[{ name: 'a:b', value: 'c' }], 'a%3Ab:c'],
    [[{ name: 'City', value: 'Saint Étienne' }], 'City:Saint%20%C3%89tienne'],
    [[{ name: 'Due today' }], 'Due%20today'],
    [[{ name: 'Plus', value: 'a+b' }], 'Plus:a%2Bb'],
    [[{ name: 'Pct', value: '100%' }], 'Pct:100%25'],
    [[{ name: '  ', value: 'x' }], ''],
  ])('%j → %s', (filters, raw) => {
    expect(serializeUrlFilters(filters)).toBe(raw);
    expect(parseUrlFilters(raw)).toEqual(filters.filter((f) => f.name.trim() !== ''));
  });
});

describe('rawUrlFiltersParam', () => {
  it.each<[string, string | null]>([
    ['?filters=City:Paris%2CNice,Status:Open', 'City:Paris%2CNice,Status:Open'],
    ['?a=1&filters=x:1&b=2', 'x:1'],
    ['filters=', ''],
    ['?a=1', null],
    ['', null],
  ])('%j → %j', (search, raw) => expect(rawUrlFiltersParam(search)).toBe(raw));

  it('keeps an encoded comma in a value (URLSearchParams would not)', () => {
    const search = '?filters=City:Paris%2CNice,Status:Open';
    expect(parseUrlFilters(rawUrlFiltersParam(search))).toEqual([
      { name: 'City', value: 'Paris,Nice' },
      { name: 'Status', value: 'Open' },
    ]);
  });
});

describe('address filters become active board filters', () => {
  const board: Filter[] = [
    { name: 'City', active: false, condition: '=', sheet_column: { sheet: 'S', column: 'city' }, value: 'Lyon' },
    { name: 'Due today', active: false, condition: 'today', sheet_column: { sheet: 'S', column: 'due' }, value: null },
    { name: 'Min total', active: true, condition: '>', sheet_column: { sheet: 'S', column: 'total' }, value: '5' },
  ];

  it.each<[string, Array<Pick<Filter, 'name' | 'active' | 'value'>>]>([
    ['City:Paris', [{ name: 'City', active: true, value: 'Paris' }]],
    ['city:Paris', [{ name: 'City', active: true, value: 'Paris' }]], // names case-insensitive
    ['City', [{ name: 'City', active: true, value: 'Lyon' }]], // name alone: board value
    ['Unknown:x', []],
    ['City:Paris,City:Nice', [{ name: 'City', active: true, value: 'Nice' }]], // last wins
    ['Due today', [{ name: 'Due today', active: true, value: null }]],
  ])('%j', (raw, out) => {
    expect(urlFiltersToActive(board, parseUrlFilters(raw)).map(({ name, active, value }) => ({ name, active, value }))).toEqual(out);
  });

  it('merge keeps the other board filters as they were', () => {
    const merged = mergeUrlFilters(board, parseUrlFilters('City:Paris'));
    expect(merged.map((f) => [f.name, f.active, f.value])).toEqual([
      ['City', true, 'Paris'],
      ['Due today', false, null],
      ['Min total', true, '5'],
    ]);
    expect(board[0]!.active).toBe(false); // the board's own filters are not changed
  });

  it('filters the rows end to end', () => {
    const rows = [
      { city: 'Paris', due: '2024-03-06', total: '10' },
      { city: 'Paris', due: '2024-03-07', total: '10' },
      { city: 'Lyon', due: '2024-03-06', total: '10' },
      { city: 'Paris', due: '2024-03-06', total: '1' },
    ];
    const filters = mergeUrlFilters(board, parseUrlFilters('City:paris,Due%20today'));
    expect(applyFilters(rows, filters, { now: parseDate('2024-03-06T09:00')! })).toEqual([rows[0]]);
  });
});
