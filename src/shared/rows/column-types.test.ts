import { describe, expect, it } from 'vitest';
import { COLUMN_TYPE_LABELS, COLUMN_TYPES, guessColumnType, guessColumnTypes, isColumnType } from './column-types';

describe('column types', () => {
  it('every type has a label for people, none of them the stored value', () => {
    for (const t of COLUMN_TYPES) {
      expect(COLUMN_TYPE_LABELS[t]).toMatch(/^[A-Z][a-z ]+$/);
    }
    expect(COLUMN_TYPE_LABELS['datetime-local']).toBe('Date and time');
    expect(COLUMN_TYPE_LABELS.markdowntext).toBe('Rich text');
  });

  it.each([
    [['1', '2.5', '-3', '1,200'], 'number'],
    [[1, 2, 3], 'number'],
    [['2024-01-02', '2024-03-04'], 'date'],
    [['2024-01-02', '2024-03-04 10:30'], 'datetime-local'],
    // Dates with a month's name, as spreadsheets export them (issue 33: the weather data set).
    [['Jan 1 2000', 'Feb 29 2000', 'December 31, 2012'], 'date'],
    [['1 Jan 2000', '2nd March 2001', '2000-01-03'], 'date'],
    [['Jan 1 2000 10:30', 'Jan 2 2000'], 'datetime-local'],
    [['Jan 32 2000'], 'text'],
    [['January'], 'text'],
    [['May the force be with you 2000'], 'text'],
    [['10:30', '23:59'], 'time'],
    [['2024-05'], 'month'],
    [['ann@example.com', 'bo@example.org'], 'email'],
    [['https://example.com/a', 'https://example.com/b.png'], 'url'],
    [['https://example.com/b.png'], 'image'],
    [['+49 30 1234567', '(030) 123-4567'], 'tel'],
    [['Müller', 'Köln', '12'], 'text'],
    [['007', '01234'], 'text'],
    [['0.5', '0', '10'], 'number'],
    [['', null, undefined], 'text'],
    [['a'.repeat(300)], 'textarea'],
  ])('guesses %j as %s', (values, type) => {
    expect(guessColumnType(values)).toBe(type);
  });

  it('a column of few repeated short values is a choice', () => {
    const values = Array.from({ length: 60 }, (_, i) => ['Open', 'Closed', 'Pending'][i % 3]);
    expect(guessColumnType(values)).toBe('select');
  });

  it('guesses every column of rows', () => {
    expect(guessColumnTypes(['a', 'b'], [{ a: '1', b: 'x' }, { a: '2', b: 'y' }])).toEqual({ a: 'number', b: 'text' });
    expect(isColumnType('date')).toBe(true);
    expect(isColumnType('Date')).toBe(false);
  });
});
