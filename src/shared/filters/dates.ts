// Date values of sheet cells: the 12 accepted formats, display, and the event date_format options.
//
// A date here is a *calendar* value (what the cell says), not an instant: no time zone is ever
// applied, so the server and the browser read '05/03/2024 10:30' identically. The 12 formats
// (each of 1 and 3–12 may be followed by a time, see TIME below):
//
//   1  YYYY-MM-DD              2024-03-05
//   2  YYYY-MM-DDTHH:MM(:SS)   2024-03-05T10:30, 2024-03-05T10:30:15.000Z (zone suffix ignored)
//   3  YYYY/MM/DD              2024/03/05
//   4  DD/MM/YYYY              05/03/2024   (default reading of an ambiguous slash date)
//   5  MM/DD/YYYY              03/25/2024   (read month-first: the second part is over 12)
//   6  DD-MM-YYYY              25-03-2024   (read day-first: the first part is over 12)
//   7  MM-DD-YYYY              03-05-2024   (default reading of an ambiguous dash date)
//   8  DD.MM.YYYY              05.03.2024
//   9  D MMMM YYYY             5 March 2024
//  10  D MMM YYYY              5 Mar 2024
//  11  MMMM D, YYYY            March 5, 2024
//  12  MMM D, YYYY             Mar 5, 2024
//
// Day and month may have one or two digits; the year always has four. Slash and dash dates with
// the year last are read day-first or month-first: a part over 12 decides (25/03 is day-first,
// 03/25 month-first); when both are 12 or less, slashes read DD/MM and dashes read MM-DD (the
// spec's own examples: DD/MM/YYYY, MM-DD-YYYY). `ambiguous` overrides that default.
// TIME: after a space or ', ' (or 'T' in format 1): HH:MM, optional :SS, optional AM/PM (12-hour clock then).
// Month names are English, any case, with an optional trailing dot ('Sept' too); day may carry
// an ordinal suffix (5th). Impossible dates (31/02/2024, 29/02/2023, 24:00) give null.

export interface LocalDateTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** False when the text held only a date (hours/minutes/seconds are then 0). */
  hasTime: boolean;
}

export interface ParseDateOptions {
  /** How to read a slash or dash date whose day and month are both ≤ 12. */
  ambiguous?: 'dmy' | 'mdy';
}

export const LONG_MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const MONTH_BY_NAME: ReadonlyMap<string, number> = new Map([
  ...LONG_MONTHS.map((m, i) => [m.toLowerCase(), i + 1] as const),
  ...SHORT_MONTHS.map((m, i) => [m.toLowerCase(), i + 1] as const),
  ['sept', 9] as const,
]);

// Built once: parsing runs per cell over whole sheets.
const NUMERIC = /^(\d{1,4})([-/.])(\d{1,2})\2(\d{1,4})/;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})/i;
const MONTH_FIRST = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})/i;
const TIME = /^(?:\s*,\s*|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:\s*([ap])\.?m\.?)?$/i;
const ISO_TIME = /^(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:\s*([ap])\.?m\.?|Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Reads a cell as a date in one of the 12 formats, or a valid JS Date (its local fields).
 * Anything else — numbers, empty text, impossible dates, other shapes — gives null; never throws.
 */
export function parseDate(value: unknown, opts?: ParseDateOptions): LocalDateTime | null {
  if (value instanceof Date) return fromJsDate(value);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (s.length < 8 || s.length > 64) return null;
  const c = s.charCodeAt(0);
  return c >= 48 && c <= 57 ? parseNumericOrDayFirst(s, opts) : parseMonthFirst(s);
}

function parseNumericOrDayFirst(s: string, opts?: ParseDateOptions): LocalDateTime | null {
  const m = NUMERIC.exec(s);
  if (!m) {
    const d = DAY_FIRST.exec(s);
    if (!d) return null;
    const month = MONTH_BY_NAME.get(d[2]!.toLowerCase());
    if (month === undefined) return null;
    return build(+d[3]!, month, +d[1]!, s.slice(d[0].length), TIME);
  }
  const [whole, a, sep, b, c] = m as unknown as [string, string, string, string, string];
  const rest = s.slice(whole.length);
  if (a.length === 4) {
    // Year first: YYYY-MM-DD (ISO, may carry a zone) or YYYY/MM/DD.
    if (c.length > 2 || sep === '.') return null;
    return build(+a, +b, +c, rest, sep === '-' ? ISO_TIME : TIME);
  }
  if (c.length !== 4 || a.length > 2) return null;
  const x = +a;
  const y = +b;
  let dayFirst: boolean;
  if (sep === '.') dayFirst = true;
  else if (x > 12) dayFirst = true;
  else if (y > 12) dayFirst = false;
  else dayFirst = opts?.ambiguous ? opts.ambiguous === 'dmy' : sep === '/';
  return dayFirst ? build(+c, y, x, rest, TIME) : build(+c, x, y, rest, TIME);
}

function parseMonthFirst(s: string): LocalDateTime | null {
  const m = MONTH_FIRST.exec(s);
  if (!m) return null;
  const month = MONTH_BY_NAME.get(m[1]!.toLowerCase());
  if (month === undefined) return null;
  return build(+m[3]!, month, +m[2]!, s.slice(m[0].length), TIME);
}

function build(year: number, month: number, day: number, rest: string, time: RegExp): LocalDateTime | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (rest === '') return { year, month, day, hours: 0, minutes: 0, seconds: 0, hasTime: false };
  const t = time.exec(rest);
  if (!t) return null;
  let hours = +t[1]!;
  const minutes = +t[2]!;
  const seconds = t[3] === undefined ? 0 : +t[3];
  if (minutes > 59 || seconds > 59) return null;
  const ampm = t[4]?.toLowerCase();
  if (ampm) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (ampm === 'p' ? 12 : 0);
  } else if (hours > 23) return null;
  return { year, month, day, hours, minutes, seconds, hasTime: true };
}

/** The local calendar fields of a JS Date (null for an invalid Date). */
export function fromJsDate(d: Date): LocalDateTime | null {
  if (Number.isNaN(d.getTime())) return null;
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hours: d.getHours(),
    minutes: d.getMinutes(),
    seconds: d.getSeconds(),
    hasTime: true,
  };
}

/** Days since 1970-01-01 of a calendar date (proleptic Gregorian; pure arithmetic, no Date). */
export function dayNumber(d: { year: number; month: number; day: number }): number {
  // Howard Hinnant's days_from_civil.
  const y = d.year - (d.month <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (d.month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d.day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Seconds since 1970-01-01T00:00 of the calendar value, for ordering (no zone involved). */
export function sortKey(d: LocalDateTime): number {
  return dayNumber(d) * 86400 + d.hours * 3600 + d.minutes * 60 + d.seconds;
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayMondayFirst(dayNum: number): number {
  // 1970-01-01 was a Thursday (3 with Monday = 0).
  return (((dayNum + 3) % 7) + 7) % 7;
}

const pad2 = (n: number): string => (n < 10 ? '0' : '') + n;
const pad4 = (n: number): string => String(n).padStart(4, '0');

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function asDate(value: unknown): LocalDateTime | null {
  if (value && typeof value === 'object' && !(value instanceof Date) && 'year' in value) {
    return value as LocalDateTime;
  }
  return parseDate(value);
}

/**
 * A cell's date as shown to people: US English, long month, hour and minute —
 * 'March 5, 2024, 10:30 AM' (a date-only cell shows 12:00 AM). Empty → 'N/A'; text that is not
 * a date is shown as it is (a sheet's 'TBD' stays 'TBD'). Hand-formatted, not Intl, so server
 * and browser (any ICU version) print the same characters.
 */
export function formatDisplayDate(value: unknown): string {
  if (isEmpty(value)) return 'N/A';
  const d = asDate(value);
  if (!d) return String(value);
  const h12 = d.hours % 12 === 0 ? 12 : d.hours % 12;
  return `${LONG_MONTHS[d.month - 1]} ${d.day}, ${d.year}, ${h12}:${pad2(d.minutes)} ${d.hours < 12 ? 'AM' : 'PM'}`;
}

/** The event block's date_format options (spec §3 Event). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD MMM YYYY', 'MMM DD, YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/**
 * Formats a date (a parsed value, a JS Date or text in one of the 12 formats) with an event
 * date_format. Empty → 'N/A', unparseable text as it is, an unknown format → YYYY-MM-DD.
 */
export function formatDate(value: unknown, format: DateFormat | string): string {
  if (isEmpty(value)) return 'N/A';
  const d = asDate(value);
  if (!d) return String(value);
  const dd = pad2(d.day);
  const mm = pad2(d.month);
  const yyyy = pad4(d.year);
  switch (format) {
    case 'DD/MM/YYYY':
      return `${dd}/${mm}/${yyyy}`;
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${yyyy}`;
    case 'DD MMM YYYY':
      return `${dd} ${SHORT_MONTHS[d.month - 1]} ${yyyy}`;
    case 'MMM DD, YYYY':
      return `${SHORT_MONTHS[d.month - 1]} ${dd}, ${yyyy}`;
    default:
      return `${yyyy}-${mm}-${dd}`;
  }
}

/** YYYY-MM-DD of a calendar value (the canonical form used in range values and URLs). */
export function toIsoDate(d: { year: number; month: number; day: number }): string {
  return `${pad4(d.year)}-${pad2(d.month)}-${pad2(d.day)}`;
}
