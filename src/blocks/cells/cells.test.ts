import { describe, expect, it } from 'vitest';
import { cssWidth, formatCell, parseDate, safeUrl, truncate } from './cells';

describe('widths', () => {
  it.each([
    ['150px', '150px'],
    ['150', '150px'],
    [120, '120px'],
    ['20%', '20%'],
    ['12REM', '12rem'],
    ['', '200px'],
    ['wide', '200px'],
    ['1px;color:red', '200px'],
  ])('%j → %s', (input, expected) => expect(cssWidth(input)).toBe(expected));
});

describe('dates', () => {
  it.each([
    ['2024-03-05', { y: 2024, m: 3, d: 5 }],
    ['2024-03-05T14:30:00Z', { y: 2024, m: 3, d: 5, h: 14, min: 30 }],
    ['05/03/2024', { y: 2024, m: 3, d: 5 }],
    ['03/25/2024', { y: 2024, m: 3, d: 25 }],
    ['03-05-2024', { y: 2024, m: 3, d: 5 }],
    ['25-03-2024', { y: 2024, m: 3, d: 25 }],
    ['March 5, 2024', { y: 2024, m: 3, d: 5 }],
    ['2024-13-01', null],
    ['hello', null],
    ['', null],
  ])('%j', (input, expected) => expect(parseDate(input)).toEqual(expected));
});

describe('formatCell by type', () => {
  it.each([
    ['1234.5', 'number', '1,234.5'],
    ['abc', 'number', 'abc'],
    ['2024-03-05', 'date', 'Mar 5, 2024'],
    ['not a date', 'date', 'not a date'],
    ['2024-03-05T09:05', 'datetime-local', 'Mar 5, 2024, 09:05'],
    ['2024-03', 'month', 'Mar 2024'],
    ['2024-W05', 'week', 'Week 5, 2024'],
    ['14:30', 'time', '14:30'],
    [null, 'text', ''],
    [true, 'select', 'true'],
  ])('%j as %s → %j', (value, type, expected) => expect(formatCell(value, type)).toBe(expected));
});

describe('misc', () => {
  it('truncate', () => {
    expect(truncate('hello', 0)).toBe('hello');
    expect(truncate('hello world', 6)).toBe('hello…');
  });

  it.each([
    ['https://a.b', 'link', 'https://a.b'],
    ['/local.png', 'image', '/local.png'],
    ['//evil.com', 'link', null],
    ['data:image/png;base64,AAAA', 'image', 'data:image/png;base64,AAAA'],
    ['data:image/png;base64,AAAA', 'link', null],
    ['data:text/html,<b>', 'image', null],
  ] as const)('safeUrl(%j, %s)', (url, kind, expected) => expect(safeUrl(url, kind)).toBe(expected));
});
