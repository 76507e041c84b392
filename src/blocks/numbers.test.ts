import { describe, expect, it } from 'vitest';
import { formatNumber, parseNumber } from './numbers';

describe('parseNumber', () => {
  it.each([
    [12, 'dot', 12],
    [Number.NaN, 'dot', null],
    ['1,234.56', 'dot', 1234.56],
    ['1.234,56', 'comma', 1234.56],
    ['1.234,56', 'auto', 1234.56],
    ['1,234.56', 'auto', 1234.56],
    ['1,234', 'auto', 1234],
    ['3,5', 'auto', 3.5],
    ['1.234.567', 'auto', 1234567],
    ['-3,5', 'comma', -3.5],
    ['$1,200', 'dot', 1200],
    ['€ 1.200,50', 'comma', 1200.5],
    ['-$5', 'dot', -5],
    ['(1,234)', 'dot', -1234],
    ['12%', 'dot', 12],
    ['1 234,5', 'comma', 1234.5],
    ['1e3', 'dot', 1000],
    ['.5', 'dot', 0.5],
    ['', 'dot', null],
    ['   ', 'dot', null],
    ['abc', 'dot', null],
    ['Q1', 'dot', null],
    ['12abc', 'dot', null],
    [true, 'dot', null],
    [null, 'dot', null],
    [undefined, 'dot', null],
  ] as const)('%j with %s → %j', (input, decimal, expected) => {
    expect(parseNumber(input, decimal)).toBe(expected);
  });
});

describe('formatNumber', () => {
  it.each([
    [1234.5, 'none', '1234.5'],
    [0.1 + 0.2, 'none', '0.3'],
    [1234.567, 'number', '1,234.57'],
    [1234, 'compact', '1.2K'],
    [2500000, 'compact', '2.5M'],
    [12.5, 'percent', '12.5%'],
    [7, 'unknown', '7'],
  ] as const)('%s as %s → %s', (n, format, expected) => {
    expect(formatNumber(n, format)).toBe(expected);
  });
});
