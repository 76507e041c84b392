// The rules a board's saved filters must follow (the owner saves them with the board state).
// The engine in ./conditions.ts evaluates any Filter it is given; these rules only stop an owner
// from saving filters that cannot work or that the address could not name: the server refuses
// them (400 naming the filter) and the editor shows the same messages before saving.
import { DATE_RANGE_SEPARATOR, filterSchema, VALUELESS_CONDITIONS, type Filter } from './conditions';
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

/**
 * Every problem of a list of board filters, as the server checks it before saving: the Filter
 * shape (spec entity), a name (unique, trimmed, case-insensitive, no ',' — the address separates
 * filters with commas), a sheet and a column, and a value that fits the condition.
 */
export function boardFilterProblems(items: readonly unknown[]): FilterProblem[] {
  const out: FilterProblem[] = [];
  if (items.length > MAX_BOARD_FILTERS) {
    out.push({ index: MAX_BOARD_FILTERS, field: '', message: `A board may have at most ${MAX_BOARD_FILTERS} filters` });
    return out;
  }
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const who = `Filter ${filterLabel(item, index)}`;
    const shape = filterSchema.safeParse(item);
    if (!shape.success) {
      for (const issue of shape.error.issues) {
        const field = issue.path.map(String).join('.');
        out.push({ index, field, message: `${who}: ${field ? `${field}: ` : ''}${issue.message}` });
      }
      return;
    }
    const f = shape.data;
    const name = f.name.trim();
    if (name === '') out.push({ index, field: 'name', message: `${who}: A name is required` });
    else if (name.length > MAX_FILTER_NAME) out.push({ index, field: 'name', message: `${who}: The name may be at most ${MAX_FILTER_NAME} characters` });
    else if (name.includes(',')) out.push({ index, field: 'name', message: `${who}: The name may not contain a comma` });
    else {
      const key = name.toLowerCase();
      if (seen.has(key)) out.push({ index, field: 'name', message: `${who}: Another filter has the same name` });
      else seen.set(key, index);
    }
    if (f.sheet_column.sheet.trim() === '') out.push({ index, field: 'sheet_column.sheet', message: `${who}: Choose a sheet` });
    if (f.sheet_column.column.trim() === '') out.push({ index, field: 'sheet_column.column', message: `${who}: Choose a column` });
    const problem = filterValueProblem(f.condition, f.value);
    if (problem) out.push({ index, field: 'value', message: `${who}: ${problem}` });
  });
  return out;
}
