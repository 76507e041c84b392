import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  daysInMonth,
  formatDate,
  formatDisplayDate,
  isLeapYear,
  parseDate,
  sortKey,
  toIsoDate,
  weekdayMondayFirst,
} from './dates';

// [input, year, month, day, hours, minutes, seconds, hasTime]
type Row = [string, number, number, number, number, number, number, boolean];

describe('parseDate: the 12 formats', () => {
  it.each<Row>([
    // 1 YYYY-MM-DD
    ['2024-03-05', 2024, 3, 5, 0, 0, 0, false],
    ['2024-3-5', 2024, 3, 5, 0, 0, 0, false],
    ['2024-03-05 10:30', 2024, 3, 5, 10, 30, 0, true],
    ['2024-03-05 10:30 PM', 2024, 3, 5, 22, 30, 0, true],
    // 2 YYYY-MM-DDTHH:MM(:SS)
    ['2024-03-05T10:30', 2024, 3, 5, 10, 30, 0, true],
    ['2024-03-05T10:30:15', 2024, 3, 5, 10, 30, 15, true],
    ['2024-03-05T23:59:59.999Z', 2024, 3, 5, 23, 59, 59, true],
    ['2024-03-05T10:30:00+02:00', 2024, 3, 5, 10, 30, 0, true],
    // 3 YYYY/MM/DD
    ['2024/03/05', 2024, 3, 5, 0, 0, 0, false],
    ['2024/03/05 7:05 am', 2024, 3, 5, 7, 5, 0, true],
    // 4 DD/MM/YYYY (ambiguous slash → day first)
    ['05/03/2024', 2024, 3, 5, 0, 0, 0, false],
    ['25/03/2024', 2024, 3, 25, 0, 0, 0, false],
    ['5/3/2024 14:00', 2024, 3, 5, 14, 0, 0, true],
    // 5 MM/DD/YYYY (second part over 12 decides)
    ['03/25/2024', 2024, 3, 25, 0, 0, 0, false],
    ['12/31/2024 11:59 PM', 2024, 12, 31, 23, 59, 0, true],
    // 6 DD-MM-YYYY (first part over 12 decides)
    ['25-03-2024', 2024, 3, 25, 0, 0, 0, false],
    ['31-12-2024 08:15:30', 2024, 12, 31, 8, 15, 30, true],
    // 7 MM-DD-YYYY (ambiguous dash → month first)
    ['03-05-2024', 2024, 3, 5, 0, 0, 0, false],
    ['03-25-2024 12:00 AM', 2024, 3, 25, 0, 0, 0, true],
    // 8 DD.MM.YYYY (always day first)
    ['05.03.2024', 2024, 3, 5, 0, 0, 0, false],
    ['05.03.2024 12:30 PM', 2024, 3, 5, 12, 30, 0, true],
    // 9 D MMMM YYYY
    ['5 March 2024', 2024, 3, 5, 0, 0, 0, false],
    ['05 march 2024 10:30', 2024, 3, 5, 10, 30, 0, true],
    ['1st January 2024', 2024, 1, 1, 0, 0, 0, false],
    // 10 D MMM YYYY
    ['5 Mar 2024', 2024, 3, 5, 0, 0, 0, false],
    ['5 Sept 2024, 9:00 am', 2024, 9, 5, 9, 0, 0, true],
    ['29 Feb. 2024', 2024, 2, 29, 0, 0, 0, false],
    // 11 MMMM D, YYYY
    ['March 5, 2024', 2024, 3, 5, 0, 0, 0, false],
    ['March 5 2024', 2024, 3, 5, 0, 0, 0, false],
    ['December 31, 2024, 11:59 PM', 2024, 12, 31, 23, 59, 0, true],
    ['JULY 4, 1776 1:02:03 p.m.', 1776, 7, 4, 13, 2, 3, true],
    // 12 MMM D, YYYY
    ['Mar 5, 2024', 2024, 3, 5, 0, 0, 0, false],
    ['Mar. 5th, 2024 12:00 PM', 2024, 3, 5, 12, 0, 0, true],
    ['  Oct 10, 2024  ', 2024, 10, 10, 0, 0, 0, false],
  ])('%j', (input, year, month, day, hours, minutes, seconds, hasTime) => {
    expect(parseDate(input)).toEqual({ year, month, day, hours, minutes, seconds, hasTime });
  });
});

describe('parseDate: bad values give null, never throw', () => {
  it.each<[unknown]>([
    [''],
    ['   '],
    [null],
    [undefined],
    [20240305],
    [45000],
    [true],
    [{}],
    [['2024-03-05']],
    ['hello world'],
    ['2024'],
    ['20240305'],
    ['31/02/2024'], // impossible
    ['29/02/2023'], // not a leap year
    ['29-02-1900'], // century, not leap
    ['2024-13-01'],
    ['2024-00-10'],
    ['2024-01-00'],
    ['32/01/2024'],
    ['13/13/2024'],
    ['05/03/24'], // two-digit year
    ['05.03.24'],
    ['2024.03.05'],
    ['05/03-2024'], // mixed separators
    ['2024-03-05T24:00'],
    ['2024-03-05T10:60'],
    ['2024-03-05 10:30:61'],
    ['05/03/2024 13:00 PM'], // AM/PM needs 1–12
    ['05/03/2024 0:30 AM'],
    ['05/03/2024 10'],
    ['05/03/2024 garbage'],
    ['5 Marchh 2024'],
    ['Foo 5, 2024'],
    ['31 April 2024'],
    ['February 30, 2024'],
    ['05/03/2024Z'],
    ['05/03/2024T10:30'], // 'T' only after a year-first ISO date
    ['0000-01-01'],
    [new Date('nope')],
    ['1'.repeat(100)],
  ])('%j', (input) => expect(parseDate(input)).toBeNull());
});

describe('parseDate: leap years and ambiguity', () => {
  it.each([
    ['29/02/2024', true],
    ['29/02/2000', true],
    ['29/02/2100', false],
    ['02-29-2024', true],
    ['Feb 29, 2023', false],
  ])('%s valid=%s', (s, ok) => expect(parseDate(s) !== null).toBe(ok));

  it.each([
    ['04/05/2024', 'dmy', 5, 4],
    ['04/05/2024', 'mdy', 4, 5],
    ['04-05-2024', 'dmy', 5, 4],
    ['04-05-2024', 'mdy', 4, 5],
    ['25/05/2024', 'mdy', 5, 25], // a part over 12 still decides
  ] as const)('%s read %s → month %i day %i', (s, ambiguous, month, day) => {
    expect(parseDate(s, { ambiguous })).toMatchObject({ month, day });
  });

  it('reads a JS Date by its local calendar fields', () => {
    expect(parseDate(new Date(2024, 2, 5, 10, 30))).toEqual({
      year: 2024, month: 3, day: 5, hours: 10, minutes: 30, seconds: 0, hasTime: true,
    });
  });
});

describe('calendar arithmetic', () => {
  it.each([
    [{ year: 1970, month: 1, day: 1 }, 0],
    [{ year: 2000, month: 3, day: 1 }, 11017],
    [{ year: 1969, month: 12, day: 31 }, -1],
    [{ year: 2024, month: 3, day: 5 }, Date.UTC(2024, 2, 5) / 86400000],
  ])('dayNumber(%j) = %i', (d, n) => expect(dayNumber(d)).toBe(n));

  it.each([
    ['2024-03-04', 0], // Monday
    ['2024-03-10', 6], // Sunday
    ['1970-01-01', 3], // Thursday
    ['1969-12-29', 0],
  ])('weekday of %s = %i', (s, wd) => expect(weekdayMondayFirst(dayNumber(parseDate(s)!))).toBe(wd));

  it('leap years and month lengths', () => {
    expect([2024, 2000, 2100, 2023].map(isLeapYear)).toEqual([true, true, false, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 4)).toBe(30);
  });

  it('sortKey orders by time within a day', () => {
    expect(sortKey(parseDate('2024-03-05 10:00')!)).toBeLessThan(sortKey(parseDate('2024-03-05 10:01')!));
    expect(sortKey(parseDate('2024-03-05 23:59')!)).toBeLessThan(sortKey(parseDate('2024-03-06')!));
  });
  it('toIsoDate pads', () => expect(toIsoDate({ year: 987, month: 1, day: 2 })).toBe('0987-01-02'));
});

describe('formatDisplayDate: US English, long month, hour and minute', () => {
  it.each<[unknown, string]>([
    ['2024-03-05T10:30', 'March 5, 2024, 10:30 AM'],
    ['2024-03-05T00:05', 'March 5, 2024, 12:05 AM'],
    ['2024-03-05T12:00', 'March 5, 2024, 12:00 PM'],
    ['2024-03-05T23:59:59', 'March 5, 2024, 11:59 PM'],
    ['05/03/2024', 'March 5, 2024, 12:00 AM'],
    ['Dec 31, 2024 7:45 pm', 'December 31, 2024, 7:45 PM'],
    [new Date(2024, 0, 9, 9, 5), 'January 9, 2024, 9:05 AM'],
    ['', 'N/A'],
    ['   ', 'N/A'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['TBD', 'TBD'],
    ['31/02/2024', '31/02/2024'],
    [42, '42'],
  ])('%j → %s', (v, out) => expect(formatDisplayDate(v)).toBe(out));
});

describe('formatDate: event date_format options', () => {
  it.each([
    ['DD/MM/YYYY', '05/03/2024'],
    ['MM/DD/YYYY', '03/05/2024'],
    ['YYYY-MM-DD', '2024-03-05'],
    ['DD MMM YYYY', '05 Mar 2024'],
    ['MMM DD, YYYY', 'Mar 05, 2024'],
    ['nonsense', '2024-03-05'],
  ])('%s → %s', (format, out) => {
    expect(formatDate('2024-03-05T10:30', format)).toBe(out);
    expect(formatDate(parseDate('March 5, 2024'), format)).toBe(out);
  });
  it.each<[unknown, string]>([
    ['', 'N/A'],
    [null, 'N/A'],
    ['soon', 'soon'],
  ])('%j → %s', (v, out) => expect(formatDate(v, 'DD/MM/YYYY')).toBe(out));
});
