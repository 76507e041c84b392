import { describe, expect, it } from 'vitest';
import { filterSchema } from '../../shared/filters/schema';
import { parseFilter, toBoardState } from './board-state';

const ok = { name: 'Mine', active: true, condition: '=', sheet_column: { sheet: 'S', column: 'C' }, value: 'x' };

// The guest's hand-written check must read a saved filter exactly as the engine's zod schema does.
describe('parseFilter matches filterSchema', () => {
  it.each<[string, unknown]>([
    ['a complete filter', ok],
    ['a number value', { ...ok, value: 3 }],
    ['a null value', { ...ok, value: null }],
    ['no value key', { name: 'a', active: false, condition: 'today', sheet_column: { sheet: 'S', column: 'C' } }],
    ['an undefined value', { ...ok, value: undefined }],
    ['extra keys (stripped)', { ...ok, extra: 1, sheet_column: { sheet: 'S', column: 'C', more: true } }],
    ['every condition: any_of', { ...ok, condition: 'any_of', value: 'a||b' }],
    ['an unknown condition', { ...ok, condition: 'like' }],
    ['active as a string', { ...ok, active: 'true' }],
    ['a missing name', { ...ok, name: undefined }],
    ['a numeric name', { ...ok, name: 1 }],
    ['a boolean value', { ...ok, value: true }],
    ['an object value', { ...ok, value: {} }],
    ['a NaN value', { ...ok, value: Number.NaN }],
    ['an infinite value', { ...ok, value: Number.POSITIVE_INFINITY }],
    ['a missing sheet_column', { ...ok, sheet_column: undefined }],
    ['a sheet_column array', { ...ok, sheet_column: ['S', 'C'] }],
    ['a numeric column', { ...ok, sheet_column: { sheet: 'S', column: 1 } }],
    ['null', null],
    ['an array', [ok]],
    ['a string', 'filter'],
  ])('%s', (_, input) => {
    const expected = filterSchema.safeParse(input);
    expect(parseFilter(input)).toEqual(expected.success ? expected.data : null);
    if (expected.success) expect(Object.keys(parseFilter(input)!)).toEqual(Object.keys(expected.data));
  });

  it('toBoardState keeps the valid filters and drops the rest', () => {
    const state = toBoardState({ filters: [ok, { ...ok, condition: 'nope' }, 5] });
    expect(state.filters).toEqual([filterSchema.parse(ok)]);
  });
});
