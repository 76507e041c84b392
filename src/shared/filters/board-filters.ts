// The rules a board's saved filters must follow (the owner saves them with the board state).
// The engine in ./conditions.ts evaluates any Filter it is given; these rules only stop an owner
// from saving filters that cannot work or that the address could not name: the server refuses
// them (400 naming the filter) and the editor shows the same messages before saving. The check of
// a whole list, boardFilterProblems, is in ./schema.ts (it needs zod; these helpers do not).
import { DATE_RANGE_SEPARATOR, VALUELESS_CONDITIONS, type Filter } from './conditions';
import { parseDate, sortKey, dayNumber } from './dates';

/** At most this many filters per board (the sheet route takes at most 50 active ones). */
export const MAX_BOARD_FILTERS = 50;
export const MAX_FILTER_NAME = 100;
export const MAX_FILTER_VALUE = 1000;

export interface FilterProblem {
  /** Index of the filter in the list. */
  index: number;
  /** Field of that filter: 'name', 'condition', 'sheet_column.sheet', 'sheet_column.column', 'value', or '' for the whole filter. */
  field: string;
  message: string;
}

/** How a filter is named in messages: its name, else its position. */
export function filterLabel(item: unknown, index: number): string {
  const name = (item as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() !== '' ? `'${name.trim()}'` : `#${index + 1}`;
}

/** The two ends of a 'date' range value ('FROM..TO'; a value without '..' is a single day). */
export function splitDateRange(value: unknown): { from: string; to: string } {
  const v = value === null || value === undefined ? '' : String(value);
  const at = v.indexOf(DATE_RANGE_SEPARATOR);
  if (at < 0) return { from: v.trim(), to: v.trim() };
  return { from: v.slice(0, at).trim(), to: v.slice(at + DATE_RANGE_SEPARATOR.length).trim() };
}

/** Why this value cannot work with this condition, or null (empty values are always fine: they switch the filter off). */
export function filterValueProblem(condition: Filter['condition'], value: Filter['value']): string | null {
  if (VALUELESS_CONDITIONS.has(condition)) return null;
  const v = value === null || value === undefined ? '' : String(value).trim();
  if (v === '') return null;
  if (v.length > MAX_FILTER_VALUE) return `The value may be at most ${MAX_FILTER_VALUE} characters`;
  if (condition === 'past_days' && !/^\d{1,6}$/.test(v)) return 'The number of days must be a whole number (0 or more)';
  if (condition === 'date') {
    const { from, to } = splitDateRange(v);
    const a = from === '' ? null : parseDate(from);
    const b = to === '' ? null : parseDate(to);
    if (from !== '' && !a) return `'${from}' is not a date`;
    if (to !== '' && !b) return `'${to}' is not a date`;
    if (a && b) {
      const ka = a.hasTime && b.hasTime ? sortKey(a) : dayNumber(a);
      const kb = a.hasTime && b.hasTime ? sortKey(b) : dayNumber(b);
      if (ka > kb) return 'The start date must not be after the end date';
    }
  }
  return null;
}
