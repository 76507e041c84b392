// The type of a sheet column, for people: what the data editor edits a cell with, what an import
// guesses and the owner may correct, what a form's "add all columns" starts each field as. The
// types are the input types rows are validated by (validate.ts INPUT_TYPES); the labels are the
// words shown on screen (never the stored value, which is an HTML input type).
import { parseDate } from '../filters/dates';
import { INPUT_TYPES, type InputType } from './validate';

export type ColumnType = InputType;
export const COLUMN_TYPES = INPUT_TYPES;

/** The column types in their order, but `left` (the table has no file columns, the form no image fields). */
export function columnTypesWithout<const L extends ColumnType>(...left: L[]): Exclude<ColumnType, L>[] {
  return COLUMN_TYPES.filter((t): t is Exclude<ColumnType, L> => !(left as readonly ColumnType[]).includes(t));
}

/** What each type is called on screen. */
export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  text: 'Text',
  number: 'Number',
  select: 'Choice',
  'multi-select': 'Several choices',
  textarea: 'Long text',
  markdowntext: 'Rich text',
  file: 'File',
  month: 'Month',
  tel: 'Phone number',
  time: 'Time',
  url: 'Web address',
  image: 'Image',
  week: 'Week',
  email: 'Email address',
  date: 'Date',
  'datetime-local': 'Date and time',
};

/** `{value, label}` options of a type picker, in the order of COLUMN_TYPES. */
export const COLUMN_TYPE_OPTIONS = COLUMN_TYPES.map((value) => ({ value, label: COLUMN_TYPE_LABELS[value] }));

export function isColumnType(v: unknown): v is ColumnType {
  return typeof v === 'string' && (COLUMN_TYPES as readonly string[]).includes(v);
}

/** A sheet's column types as stored (`sheets.column_types`): column name → type; absent: guessed. */
export type ColumnTypes = Record<string, ColumnType>;

const NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][-+]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
const URL_RE = /^https?:\/\/\S+$/i;
const IMAGE_URL = /^https?:\/\/\S+\.(png|jpe?g|gif|webp|avif)(\?\S*)?$/i;
const TEL = /^\+?[\d\s().-]{7,20}$/;

/** The rows a guess looks at, at most: enough to be sure, cheap on a big sheet. */
export const GUESS_SAMPLE = 1000;

function typeOfValue(s: string): ColumnType {
  // Codes with leading zeros ('007', '01234' postcodes) are text: a number would lose the zeros.
  if (NUMBER.test(s) && /\d/.test(s) && !/^[-+]?0\d/.test(s)) return 'number';
  if (DATE.test(s)) return 'date';
  // Dates written with a month's name ('Jan 1 2000', '1 January 2000, 10:30'), as spreadsheets
  // export them: the date filters and charts read them (filters/dates.ts parseDate).
  if (/^[a-z]/i.test(s) || /^\d{1,2}(st|nd|rd|th)?\s+[a-z]/i.test(s)) {
    const d = parseDate(s);
    if (d) return d.hasTime ? 'datetime-local' : 'date';
  }
  if (DATETIME.test(s)) return 'datetime-local';
  if (MONTH.test(s)) return 'month';
  if (TIME.test(s)) return 'time';
  if (EMAIL.test(s)) return 'email';
  if (IMAGE_URL.test(s)) return 'image';
  if (URL_RE.test(s)) return 'url';
  if (TEL.test(s) && (s.match(/\d/g)?.length ?? 0) >= 7) return 'tel';
  return s.length > 200 || s.includes('\n') ? 'textarea' : 'text';
}

/**
 * The type most values of a column have: every non-empty value (of the first GUESS_SAMPLE) must
 * agree, except that dates and date-times mix as date-times, images count as web addresses, and
 * long text wins over text. A column of few distinct short values among many rows is a choice.
 */
export function guessColumnType(values: Iterable<unknown>): ColumnType {
  let type: ColumnType | null = null;
  let seen = 0;
  const distinct = new Set<string>();
  let longest = 0;
  for (const v of values) {
    if (seen >= GUESS_SAMPLE) break;
    if (v === null || v === undefined) continue;
    const s = String(v).trim();
    if (!s) continue;
    seen++;
    if (distinct.size <= 20) distinct.add(s);
    longest = Math.max(longest, s.length);
    const t = typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'text' : typeOfValue(s);
    if (type === null || type === t) type = t;
    else if ((type === 'date' && t === 'datetime-local') || (type === 'datetime-local' && t === 'date')) type = 'datetime-local';
    else if ((type === 'url' && t === 'image') || (type === 'image' && t === 'url')) type = 'url';
    else if ((type === 'text' && t === 'textarea') || (type === 'textarea' && t === 'text')) type = 'textarea';
    else return distinct.size <= 20 && longest <= 40 && seen >= 10 && distinct.size * 3 <= seen ? 'select' : 'text';
  }
  if (type === null) return 'text';
  if (type === 'text' && seen >= 10 && distinct.size <= 20 && longest <= 40 && distinct.size * 3 <= seen) return 'select';
  return type;
}

/** Types of every column of `rows`, guessed from their values. */
export function guessColumnTypes(columns: readonly string[], rows: readonly Record<string, unknown>[]): ColumnTypes {
  const out: ColumnTypes = {};
  const sample = rows.slice(0, GUESS_SAMPLE);
  for (const c of columns) out[c] = guessColumnType(sample.map((r) => r[c]));
  return out;
}
