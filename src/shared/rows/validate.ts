// One rule per input type for a value written into a sheet row (table/list axis `type`, form axis
// `type`). The server enforces it (POST/PUT rows); the browser runs the same checks to show the
// message before sending. Pure: no Node, no DOM. The regex check is passed in as a function: both
// sides compile patterns with shared/rows/regex.ts, and the server adds a budget per request
// (server/modules/rows/safe-regex.ts).

export const INPUT_TYPES = [
  'text',
  'number',
  'select',
  'multi-select',
  'textarea',
  'markdowntext',
  'file',
  'month',
  'tel',
  'time',
  'url',
  'image',
  'week',
  'email',
  'date',
  'datetime-local',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** A value as sent by a client: text, a number (number columns), or a list (multi-select). */
export type RowValue = string | number | boolean | null | string[];

export interface ValueRules {
  /** > 0: the most characters the value may have (0 or absent: no limit). */
  character_limit?: number;
  /** select / multi-select: the allowed values (absent or empty: anything). */
  options?: string[];
  /**
   * The form's regex_validation as a test: true = matches. 'over-budget' when the request's
   * values are too long to test them all (server). Never applied to `file` fields or empty values.
   */
  regex?: (value: string) => boolean | 'over-budget';
}

export const MESSAGES = {
  notText: 'Must be text',
  number: 'Must be a number',
  option: (options: string[]) => `Must be one of: ${options.join(', ')}`,
  options: (bad: string, options: string[]) => `'${bad}' is not one of: ${options.join(', ')}`,
  month: 'Must be a month (YYYY-MM)',
  time: 'Must be a time (HH:MM)',
  week: 'Must be a week (YYYY-Www)',
  date: 'Must be a date (YYYY-MM-DD)',
  datetime: 'Must be a date and time (YYYY-MM-DDTHH:MM)',
  email: 'Must be an e-mail address',
  url: 'Must be a web address starting with http:// or https://',
  image: 'Must be an image address (http://, https:// or an uploaded file)',
  tel: 'Must be a phone number',
  tooLong: (limit: number) => `At most ${limit} characters`,
  regex: 'Does not match the required format',
  regexBudget: 'Could not be checked against the required format: the answers are too long. Shorten them and try again.',
} as const;

/** Comma-separated options text ('true, false') as a list; empties dropped. */
export function parseOptions(text: unknown): string[] {
  if (Array.isArray(text)) return text.map((t) => String(t).trim()).filter(Boolean);
  if (typeof text !== 'string') return [];
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The items of a multi-select value: a list, or text stored joined with ', '. */
export function multiValues(value: RowValue | undefined): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (value === null || value === undefined) return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export function isEmptyValue(value: RowValue | undefined): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The value as stored in the sheet: multi-select lists joined with ', ', numeric text of number
 * columns and JSON numbers as numbers (so they sort and chart as numbers), everything else as text.
 */
export function normalizeValue(type: string, value: RowValue | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (type === 'multi-select') return multiValues(value).join(', ');
  if (Array.isArray(value)) return value.join(', ');
  // A number sent as a number stays one (it sorts and charts as a number, like imported ones).
  if (typeof value === 'number') return value;
  if (type === 'number') {
    const t = String(value).trim();
    if (t === '') return '';
    return NUMBER.test(t) ? Number(t) : t;
  }
  return typeof value === 'string' ? value : String(value);
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const TEL = /^\+?[\d\s().\-/]*\d[\d\s().\-/]*$/;

function pad2ok(n: number, min: number, max: number): boolean {
  return Number.isInteger(n) && n >= min && n <= max;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  return pad2ok(mo, 1, 12) && pad2ok(Number(m[3]), 1, daysIn(y, mo));
}

function isTime(text: string): boolean {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return !!m && pad2ok(Number(m[1]), 0, 23) && pad2ok(Number(m[2]), 0, 59) && (m[3] === undefined || pad2ok(Number(m[3]), 0, 59));
}

/** ISO weeks in a year: 53 when 1 January is a Thursday, or a Wednesday in a leap year. */
function isoWeeks(year: number): number {
  const jan1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return jan1 === 4 || (leap && jan1 === 3) ? 53 : 52;
}

function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    return new URL(text).hostname.length > 0;
  } catch {
    return false;
  }
}

/** The error message of a value for an input type, or null when it is fine. Empty is always fine. */
export function validateValue(type: string, value: RowValue | undefined, rules: ValueRules = {}): string | null {
  if (isEmptyValue(value)) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return MESSAGES.notText;
  if (Array.isArray(value) && (type !== 'multi-select' || value.some((v) => typeof v !== 'string'))) return MESSAGES.notText;
  if (typeof value === 'boolean' && type !== 'select') return MESSAGES.notText;
  if (typeof value === 'number' && type !== 'number' && !Number.isFinite(value)) return MESSAGES.notText;
  const text = typeof value === 'string' ? value : Array.isArray(value) ? multiValues(value).join(', ') : String(value);
  const trimmed = text.trim();
  const options = rules.options ?? [];

  let problem: string | null = null;
  switch (type) {
    case 'number':
      if (typeof value === 'number' ? !Number.isFinite(value) : !NUMBER.test(trimmed)) problem = MESSAGES.number;
      break;
    case 'select':
      if (options.length > 0 && !options.includes(trimmed)) problem = MESSAGES.option(options);
      break;
    case 'multi-select':
      if (options.length > 0) {
        const bad = multiValues(value).find((v) => !options.includes(v));
        if (bad !== undefined) problem = MESSAGES.options(bad, options);
      }
      break;
    case 'month': {
      const m = /^(\d{4})-(\d{2})$/.exec(trimmed);
      if (!m || !pad2ok(Number(m[2]), 1, 12)) problem = MESSAGES.month;
      break;
    }
    case 'week': {
      const m = /^(\d{4})-W(\d{2})$/.exec(trimmed);
      if (!m || !pad2ok(Number(m[2]), 1, isoWeeks(Number(m[1])))) problem = MESSAGES.week;
      break;
    }
    case 'time':
      if (!isTime(trimmed)) problem = MESSAGES.time;
      break;
    case 'date':
      if (!isDate(trimmed)) problem = MESSAGES.date;
      break;
    case 'datetime-local': {
      const [d, t, ...rest] = trimmed.split('T');
      if (rest.length > 0 || d === undefined || t === undefined || !isDate(d) || !isTime(t)) problem = MESSAGES.datetime;
      break;
    }
    case 'email':
      if (!EMAIL.test(trimmed)) problem = MESSAGES.email;
      break;
    case 'url':
      if (!isHttpUrl(trimmed)) problem = MESSAGES.url;
      break;
    case 'image':
      // An external URL, or an uploaded file served by this server (image_source 'Upload Image').
      if (!isHttpUrl(trimmed) && !/^\/[^/\s]\S*$/.test(trimmed)) problem = MESSAGES.image;
      break;
    case 'tel':
      if (!TEL.test(trimmed)) problem = MESSAGES.tel;
      break;
    default:
      // text, textarea, markdowntext, file and unknown types: any text.
      break;
  }
  if (problem) return problem;

  const limit = Number(rules.character_limit ?? 0);
  if (Number.isFinite(limit) && limit > 0 && [...text].length > limit) return MESSAGES.tooLong(limit);

  if (rules.regex && type !== 'file') {
    const ok = rules.regex(text);
    if (ok === 'over-budget') return MESSAGES.regexBudget;
    if (!ok) return MESSAGES.regex;
  }
  return null;
}
