// The one filter engine: board filters (spec §3 Filter, §9 conditions) evaluated the same way by
// the server's sheet queries and by the browser. Decisions are listed in ./README.md.
import { dayNumber, fromJsDate, parseDate, sortKey, toIsoDate, weekdayMondayFirst, type LocalDateTime } from './dates';

export const FILTER_CONDITIONS = [
  '=',
  '>',
  '<',
  'starts_with',
  'not_starts_with',
  'ends_with',
  'not_ends_with',
  'includes',
  'not_includes',
  'past_days',
  'today',
  'tomorrow',
  'current_week',
  'next_week',
  'date',
  'any_of',
] as const;
export type FilterCondition = (typeof FILTER_CONDITIONS)[number];

/** Conditions that ignore the filter's value. */
export const VALUELESS_CONDITIONS: ReadonlySet<FilterCondition> = new Set<FilterCondition>([
  'today',
  'tomorrow',
  'current_week',
  'next_week',
]);

/** Separates the options of an any_of value: 'Paris||Lyon'. */
export const ANY_OF_SEPARATOR = '||';
/** Separates the ends of a date range value: '2024-03-01..2024-03-31', open ends allowed. */
export const DATE_RANGE_SEPARATOR = '..';
/** A value (or any_of option) that stands for the signed-in user's e-mail, any case. */
export const CURRENT_USER = 'current user';

/**
 * A board filter (spec Filter entity). Plain TypeScript so the browser's guest path needs no zod:
 * the zod shape the server checks with is ./schema.ts (filterSchema), kept equal to this type
 * there at compile time.
 */
export interface Filter {
  name: string;
  active: boolean;
  condition: FilterCondition;
  sheet_column: { sheet: string; column: string };
  value?: string | number | null;
}

export interface FilterContext {
  /** The moment date conditions are relative to; its calendar day is 'today'. */
  now: Date | LocalDateTime;
  /** The signed-in user's e-mail, decided by the server's session (never by the query). */
  userEmail?: string | null;
}

export type Row = Readonly<Record<string, unknown>>;
export type RowPredicate = (row: Row) => boolean;
/** The test of one cell's value (a row's value in the filter's column). */
export type CellTest = (cell: unknown) => boolean;

const ALWAYS = (): boolean => true;
const NEVER = (): boolean => false;

// '1,234.5', '$12', '-$3', '12%', '.5', '1e3'. Commas only as thousands groups; no locales with
// decimal commas (they would make '1,234' ambiguous).
const NUMBER = /^([+-])?\s*[$€£¥]?\s*([+-])?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)([eE][+-]?\d+)?\s*%?$/;

/** Tolerant number reading of a cell or value; null when it is not a number. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (s === '' || s.length > 64) return null;
  const m = NUMBER.exec(s);
  if (!m) return null;
  if (m[1] && m[2]) return null;
  const n = Number(m[3]!.replace(/,/g, '') + (m[4] ?? ''));
  if (!Number.isFinite(n)) return null;
  return m[1] === '-' || m[2] === '-' ? -n : n;
}

/** A cell as compared text: trimmed, lowercased; null/undefined are ''. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    // Its local calendar value, like parseDate reads it (no zone conversion).
    const d = fromJsDate(cell);
    if (!d) return '';
    const t = [d.hours, d.minutes, d.seconds].map((n) => String(n).padStart(2, '0')).join(':');
    return `${toIsoDate(d)}t${t}`;
  }
  return String(cell).trim().toLowerCase();
}

/** The filter's value with 'current user' replaced; null when it names a user and none is signed in. */
function resolveValue(raw: unknown, ctx: FilterContext): string | null {
  const s = raw === null || raw === undefined ? '' : String(raw).trim();
  if (s.toLowerCase() !== CURRENT_USER) return s;
  const email = ctx.userEmail?.trim();
  return email ? email : null;
}

function todayOf(ctx: FilterContext): number | null {
  const now = ctx.now instanceof Date ? fromJsDate(ctx.now) : ctx.now;
  return now ? dayNumber(now) : null;
}

function dayRange(from: number, to: number): CellTest {
  return (cell) => {
    const d = parseDate(cell);
    if (!d) return false;
    const n = dayNumber(d);
    return n >= from && n <= to;
  };
}

function equalsTest(v: string): CellTest {
  const num = parseNumber(v);
  const date = num === null ? parseDate(v) : null;
  const text = v.toLowerCase();
  if (num !== null) {
    return (cell) => {
      const n = parseNumber(cell);
      return n !== null ? n === num : cellText(cell) === text;
    };
  }
  if (date !== null) {
    // Without a time the filter names a whole day; with one, a minute.
    const day = dayNumber(date);
    const minute = Math.floor(sortKey(date) / 60);
    return (cell) => {
      const d = parseDate(cell);
      if (!d) return cellText(cell) === text;
      return date.hasTime ? Math.floor(sortKey(d) / 60) === minute : dayNumber(d) === day;
    };
  }
  return (cell) => cellText(cell) === text;
}

function compareTest(v: string, greater: boolean): CellTest {
  const num = parseNumber(v);
  const date = num === null ? parseDate(v) : null;
  const text = v.toLowerCase();
  const textTest = (t: string): boolean => (greater ? t > text : t < text);
  if (num !== null) {
    return (cell) => {
      const n = parseNumber(cell);
      if (n !== null) return greater ? n > num : n < num;
      const t = cellText(cell);
      return t !== '' && textTest(t);
    };
  }
  if (date !== null) {
    const key = date.hasTime ? sortKey(date) : dayNumber(date);
    return (cell) => {
      const d = parseDate(cell);
      if (!d) {
        const t = cellText(cell);
        return t !== '' && textTest(t);
      }
      const k = date.hasTime ? sortKey(d) : dayNumber(d);
      return greater ? k > key : k < key;
    };
  }
  return (cell) => {
    const t = cellText(cell);
    return t !== '' && textTest(t);
  };
}

/** Range ends: a day (inclusive, whole day) or, when the end carries a time, that second. */
function dateRangeTest(v: string): CellTest {
  const at = v.indexOf(DATE_RANGE_SEPARATOR);
  const fromText = (at < 0 ? v : v.slice(0, at)).trim();
  const toText = (at < 0 ? v : v.slice(at + DATE_RANGE_SEPARATOR.length)).trim();
  if (fromText === '' && toText === '') return ALWAYS;
  const from = fromText === '' ? null : parseDate(fromText);
  const to = toText === '' ? null : parseDate(toText);
  if ((fromText !== '' && !from) || (toText !== '' && !to)) return NEVER;
  const fromKey = from ? (from.hasTime ? sortKey(from) : dayNumber(from)) : 0;
  const toKey = to ? (to.hasTime ? sortKey(to) : dayNumber(to)) : 0;
  return (cell) => {
    const d = parseDate(cell);
    if (!d) return false;
    if (from && (from.hasTime ? sortKey(d) : dayNumber(d)) < fromKey) return false;
    if (to && (to.hasTime ? sortKey(d) : dayNumber(d)) > toKey) return false;
    return true;
  };
}

function anyOfTest(raw: unknown, ctx: FilterContext): CellTest {
  const parts = (raw === null || raw === undefined ? '' : String(raw))
    .split(ANY_OF_SEPARATOR)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return ALWAYS;
  const tests: CellTest[] = [];
  for (const p of parts) {
    const v = resolveValue(p, ctx);
    if (v !== null) tests.push(equalsTest(v));
  }
  if (tests.length === 0) return NEVER;
  if (tests.length === 1) return tests[0]!;
  return (cell) => {
    for (const t of tests) if (t(cell)) return true;
    return false;
  };
}

/** The test of one cell, with everything about the value parsed once. */
function compileCellTest(condition: string, raw: unknown, ctx: FilterContext): CellTest {
  switch (condition) {
    case 'today':
    case 'tomorrow':
    case 'current_week':
    case 'next_week': {
      const today = todayOf(ctx);
      if (today === null) return NEVER;
      if (condition === 'today') return dayRange(today, today);
      if (condition === 'tomorrow') return dayRange(today + 1, today + 1);
      const monday = today - weekdayMondayFirst(today);
      return condition === 'current_week' ? dayRange(monday, monday + 6) : dayRange(monday + 7, monday + 13);
    }
    case 'any_of':
      return anyOfTest(raw, ctx);
  }
  const v = resolveValue(raw, ctx);
  if (v === null) return NEVER;
  if (v === '') return ALWAYS;
  const lower = v.toLowerCase();
  switch (condition) {
    case '=':
      return equalsTest(v);
    case '>':
      return compareTest(v, true);
    case '<':
      return compareTest(v, false);
    case 'starts_with':
      return (cell) => cellText(cell).startsWith(lower);
    case 'not_starts_with':
      return (cell) => !cellText(cell).startsWith(lower);
    case 'ends_with':
      return (cell) => cellText(cell).endsWith(lower);
    case 'not_ends_with':
      return (cell) => !cellText(cell).endsWith(lower);
    case 'includes':
      return (cell) => cellText(cell).includes(lower);
    case 'not_includes':
      return (cell) => !cellText(cell).includes(lower);
    case 'past_days': {
      if (!/^\d{1,6}$/.test(v)) return NEVER;
      const today = todayOf(ctx);
      return today === null ? NEVER : dayRange(today - Number(v), today);
    }
    case 'date':
      return dateRangeTest(v);
    default:
      return NEVER;
  }
}

/**
 * One filter as a test of its column's value: 'all' when it keeps every row (inactive, or no
 * value), 'none' when it keeps none. A row without the column never matches a test. Callers
 * holding a sheet by column test each distinct value once (server/modules/spreadsheets).
 */
export function compileFilterTest(filter: Filter, ctx: FilterContext): { column: string; test: CellTest } | 'all' | 'none' {
  if (!filter || filter.active !== true) return 'all';
  const column = filter.sheet_column?.column;
  if (typeof column !== 'string') return 'none';
  const test = compileCellTest(filter.condition, filter.value, ctx);
  if (test === ALWAYS) return 'all';
  if (test === NEVER) return 'none';
  return { column, test };
}

/** One filter as a row predicate. Inactive filters and filters without a value match every row. */
export function compileFilter(filter: Filter, ctx: FilterContext): RowPredicate {
  const c = compileFilterTest(filter, ctx);
  if (c === 'all') return ALWAYS;
  if (c === 'none') return NEVER;
  const { column, test } = c;
  return (row) => Object.hasOwn(row, column) && test(row[column]);
}

/** All active filters as one predicate (every one must match); values are parsed here, once. */
export function compileFilters(filters: readonly Filter[], ctx: FilterContext): RowPredicate {
  const preds = filters.map((f) => compileFilter(f, ctx)).filter((p) => p !== ALWAYS);
  if (preds.includes(NEVER)) return NEVER;
  if (preds.length === 0) return ALWAYS;
  if (preds.length === 1) return preds[0]!;
  return (row) => {
    for (const p of preds) if (!p(row)) return false;
    return true;
  };
}

export function matchesFilter(row: Row, filter: Filter, ctx: FilterContext): boolean {
  return compileFilter(filter, ctx)(row);
}

export function applyFilters<R extends Row>(rows: readonly R[], filters: readonly Filter[], ctx: FilterContext): R[] {
  return rows.filter(compileFilters(filters, ctx));
}

/** The filters that apply to rows of one sheet (board filters name their sheet). */
export function filtersForSheet(filters: readonly Filter[], sheet: string): Filter[] {
  return filters.filter((f) => f.sheet_column?.sheet === sheet);
}

/** A date range value for the 'date' condition; either end may be omitted. */
export function dateRangeValue(from?: string | null, to?: string | null): string {
  return `${from?.trim() ?? ''}${DATE_RANGE_SEPARATOR}${to?.trim() ?? ''}`;
}

/** An any_of value from its options (empty options dropped). */
export function anyOfValue(options: readonly string[]): string {
  return options
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .join(ANY_OF_SEPARATOR);
}
