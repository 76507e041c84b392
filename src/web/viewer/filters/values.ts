// How each condition is named, which value input it takes and how a filter reads in the bar.
// Shared by the viewer's filter bar and the editor's filter manager. Pure (tested in Node).
import { ANY_OF_SEPARATOR, dateRangeValue, type Filter, type FilterCondition } from '../../../shared/filters/conditions';
import { splitDateRange } from '../../../shared/filters/board-filters';
import { formatDisplayDate, LONG_MONTHS, parseDate, toIsoDate } from '../../../shared/filters/dates';

/** Human names of the spec's conditions (the editor's list; documented in src/web/README.md). */
export const CONDITION_LABELS: Record<FilterCondition, string> = {
  '=': 'Is equal to',
  '>': 'Is greater than (after)',
  '<': 'Is less than (before)',
  starts_with: 'Starts with',
  not_starts_with: 'Does not start with',
  ends_with: 'Ends with',
  not_ends_with: 'Does not end with',
  includes: 'Contains',
  not_includes: 'Does not contain',
  past_days: 'In the past days',
  today: 'Is today',
  tomorrow: 'Is tomorrow',
  current_week: 'Is in the current week',
  next_week: 'Is in the next week',
  date: 'Is between dates',
  any_of: 'Is any of',
};

/** The input a condition's value needs. */
export type ValueKind = 'none' | 'number' | 'dateRange' | 'anyOf' | 'text';

export function valueKind(condition: FilterCondition): ValueKind {
  switch (condition) {
    case 'today':
    case 'tomorrow':
    case 'current_week':
    case 'next_week':
      return 'none';
    case 'past_days':
      return 'number';
    case 'date':
      return 'dateRange';
    case 'any_of':
      return 'anyOf';
    default:
      return 'text';
  }
}

/** The help line under a value input. */
export function valueHint(condition: FilterCondition): string | null {
  switch (valueKind(condition)) {
    case 'none':
      return null;
    case 'number':
      return 'Rows dated today or in this many days before (0 = today).';
    case 'dateRange':
      return 'Leave one date empty for an open range.';
    case 'anyOf':
      return `Separate options with ${ANY_OF_SEPARATOR}, e.g. Paris${ANY_OF_SEPARATOR}Lyon. "current user" stands for the viewer's e-mail.`;
    default:
      return condition === '=' || condition === '>' || condition === '<'
        ? 'A number, a date or text. "current user" stands for the viewer\'s e-mail.'
        : '"current user" stands for the viewer\'s e-mail.';
  }
}

/** The ends of a date range as YYYY-MM-DD for date inputs ('' when open or not a date). */
export function dateRangeInputs(value: Filter['value']): { from: string; to: string } {
  const { from, to } = splitDateRange(value);
  const iso = (s: string) => {
    const d = s === '' ? null : parseDate(s);
    return d ? toIsoDate(d) : '';
  };
  return { from: iso(from), to: iso(to) };
}

/** The 'date' value of two date inputs; '' (no filtering) when both are empty. */
export function dateRangeFromInputs(from: string, to: string): string {
  return from.trim() === '' && to.trim() === '' ? '' : dateRangeValue(from, to);
}

/** The options of an any_of value. */
export function anyOfOptions(value: Filter['value']): string[] {
  const v = value === null || value === undefined ? '' : String(value);
  return v
    .split(ANY_OF_SEPARATOR)
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

/**
 * A value as people read it: dates in US English with long month, hour and minute
 * (formatDisplayDate); else as typed. A date-only value names a whole day (the engine compares
 * whole days), so it reads 'March 7, 2024', not 'March 7, 2024, 12:00 AM', which would suggest
 * a range ends at the start of its last day.
 */
export function displayValue(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value).trim();
  if (s === '') return '';
  const d = parseDate(s);
  if (!d) return s;
  return d.hasTime ? formatDisplayDate(d) : `${LONG_MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
}

/** How the bar reads a filter after its name: 'is North', 'in the past 7 days', 'is today'. */
export function filterSummary(filter: Pick<Filter, 'condition' | 'value'>): string {
  const c = filter.condition;
  if (valueKind(c) === 'none') return CONDITION_LABELS[c].toLowerCase();
  const raw = filter.value === null || filter.value === undefined ? '' : String(filter.value).trim();
  if (raw === '') return 'any value';
  switch (c) {
    case 'past_days':
      return `in the past ${raw} ${raw === '1' ? 'day' : 'days'}`;
    case 'date': {
      const { from, to } = splitDateRange(raw);
      if (from !== '' && to !== '') return from === to ? `on ${displayValue(from)}` : `from ${displayValue(from)} to ${displayValue(to)}`;
      if (from !== '') return `from ${displayValue(from)}`;
      return to !== '' ? `until ${displayValue(to)}` : 'any value';
    }
    case 'any_of':
      return `is any of ${anyOfOptions(raw).map(displayValue).join(', ')}`;
    case '=':
      return `is ${displayValue(raw)}`;
    case '>':
      return `is greater than ${displayValue(raw)}`;
    case '<':
      return `is less than ${displayValue(raw)}`;
    default:
      return `${CONDITION_LABELS[c].toLowerCase()} ${raw}`;
  }
}
