import { describe, expect, it } from 'vitest';
import { regexTester } from './regex';
import { MESSAGES, multiValues, normalizeValue, parseOptions, validateValue, type RowValue } from './validate';

const good: [string, RowValue][] = [
  ['text', 'anything at all'],
  ['textarea', 'line 1\nline 2'],
  ['markdowntext', '**bold**'],
  ['file', '/uploads/abc.png'],
  ['number', '42'],
  ['number', '-3.5'],
  ['number', ' 1e3 '],
  ['number', 7],
  ['number', '.5'],
  ['month', '2025-02'],
  ['month', '1999-12'],
  ['tel', '+33 6 12 34 56 78'],
  ['tel', '(555) 010-9999'],
  ['time', '00:00'],
  ['time', '23:59'],
  ['time', '09:30:15'],
  ['url', 'https://example.com/path?q=1'],
  ['url', 'http://localhost:3000'],
  ['image', 'https://cdn.example.com/a.png'],
  ['image', '/uploads/photo.jpg'],
  ['week', '2025-W01'],
  ['week', '2020-W53'],
  ['email', 'ada@example.com'],
  ['date', '2024-02-29'],
  ['date', '2025-12-31'],
  ['datetime-local', '2025-03-14T09:30'],
  ['datetime-local', '2025-03-14T23:59:59'],
  ['unknown-type', 'treated as text'],
];

const bad: [string, RowValue, string][] = [
  ['number', 'abc', MESSAGES.number],
  ['number', '1,5', MESSAGES.number],
  ['number', '12abc', MESSAGES.number],
  ['number', Number.NaN, MESSAGES.number],
  ['month', '2025-13', MESSAGES.month],
  ['month', '2025-1', MESSAGES.month],
  ['month', '02-2025', MESSAGES.month],
  ['tel', 'call me', MESSAGES.tel],
  ['tel', '+', MESSAGES.tel],
  ['time', '24:00', MESSAGES.time],
  ['time', '9:30', MESSAGES.time],
  ['time', '12:60', MESSAGES.time],
  ['url', 'example.com', MESSAGES.url],
  ['url', 'javascript:alert(1)', MESSAGES.url],
  ['url', 'https://exa mple.com', MESSAGES.url],
  ['image', 'photo.jpg', MESSAGES.image],
  ['image', 'data:image/png;base64,xx', MESSAGES.image],
  ['week', '2025-W00', MESSAGES.week],
  ['week', '2025-W53', MESSAGES.week],
  ['week', '2025-12', MESSAGES.week],
  ['email', 'ada@', MESSAGES.email],
  ['email', 'ada example.com', MESSAGES.email],
  ['email', 'ada@example', MESSAGES.email],
  ['date', '2025-02-29', MESSAGES.date],
  ['date', '2025-04-31', MESSAGES.date],
  ['date', '14/03/2025', MESSAGES.date],
  ['datetime-local', '2025-03-14', MESSAGES.datetime],
  ['datetime-local', '2025-03-14 09:30', MESSAGES.datetime],
  ['datetime-local', '2025-03-14T25:00', MESSAGES.datetime],
  ['text', ['a', 'b'], MESSAGES.notText],
  ['text', { a: 1 } as unknown as RowValue, MESSAGES.notText],
  ['date', true, MESSAGES.notText],
];

describe('validateValue', () => {
  it.each(good)('%s accepts %j', (type, value) => {
    expect(validateValue(type, value)).toBeNull();
  });

  it.each(bad)('%s refuses %j', (type, value, message) => {
    expect(validateValue(type, value)).toBe(message);
  });

  it.each(['text', 'number', 'date', 'email', 'select', 'multi-select', 'url'])('%s: an empty value is always fine', (type) => {
    for (const empty of ['', null, [] as string[]]) expect(validateValue(type, empty, { options: ['a'], character_limit: 1, regex: () => false })).toBeNull();
  });

  it.each([
    ['select', 'b', null],
    ['select', ' b ', null],
    ['select', 'z', MESSAGES.option(['a', 'b'])],
    ['multi-select', ['a', 'b'], null],
    ['multi-select', 'a, b', null],
    ['multi-select', ['a', 'z'], MESSAGES.options('z', ['a', 'b'])],
    ['multi-select', [1] as unknown as string[], MESSAGES.notText],
  ] as [string, RowValue, string | null][])('%s among options: %j', (type, value, message) => {
    expect(validateValue(type, value, { options: ['a', 'b'] })).toBe(message);
  });

  it('select without options takes anything', () => {
    expect(validateValue('select', 'whatever')).toBeNull();
    expect(validateValue('select', true, { options: ['true', 'false'] })).toBeNull();
  });

  it.each([
    ['text', 'abcde', 5, null],
    ['text', 'abcdef', 5, MESSAGES.tooLong(5)],
    ['text', 'ééééé', 5, null],
    ['textarea', '😀😀😀', 2, MESSAGES.tooLong(2)],
    ['number', '123456', 3, MESSAGES.tooLong(3)],
    ['text', 'long text', 0, null],
  ] as [string, string, number, string | null][])('%s %j with character_limit %i', (type, value, limit, message) => {
    expect(validateValue(type, value, { character_limit: limit })).toBe(message);
  });

  it('applies the regex test to every type but file, and reports an exhausted budget', () => {
    const digits = regexTester('^[0-9]+$')!;
    expect(validateValue('text', '123', { regex: digits })).toBeNull();
    expect(validateValue('text', '12a', { regex: digits })).toBe(MESSAGES.regex);
    expect(validateValue('tel', '555 0101', { regex: digits })).toBe(MESSAGES.regex);
    expect(validateValue('file', '/uploads/x.pdf', { regex: digits })).toBeNull();
    expect(validateValue('text', 'x', { regex: () => 'over-budget' })).toBe(MESSAGES.regexBudget);
    // The type is checked first: a bad date is named as a bad date.
    expect(validateValue('date', 'nope', { regex: digits })).toBe(MESSAGES.date);
  });
});

describe('helpers', () => {
  it.each([
    ['true, false', ['true', 'false']],
    [' a ,, b ,', ['a', 'b']],
    [['x', ' y '], ['x', 'y']],
    [undefined, []],
  ] as [unknown, string[]][])('parseOptions(%j)', (text, want) => {
    expect(parseOptions(text)).toEqual(want);
  });

  it.each([
    ['multi-select', ['a', 'b'], 'a, b'],
    ['multi-select', 'a,b', 'a, b'],
    ['number', '12.5', 12.5],
    ['number', 3, 3],
    ['number', '', ''],
    ['text', 5, 5],
    ['text', '5', '5'],
    ['text', null, ''],
    ['select', true, 'true'],
  ] as [string, RowValue, string | number][])('normalizeValue(%s, %j) = %j', (type, value, want) => {
    expect(normalizeValue(type, value)).toBe(want);
  });

  it('multiValues splits stored text and keeps lists', () => {
    expect(multiValues('a, b ,c')).toEqual(['a', 'b', 'c']);
    expect(multiValues(['a', ''])).toEqual(['a']);
    expect(multiValues(null)).toEqual([]);
  });
});
