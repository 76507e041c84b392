// Pure rules of the form block: its fields from the axis, file accept texts, default values (the
// tokens `today` and `user_email`), the checks made before sending, and the values sent.
// FormBlock.tsx draws them; the server checks the same rules again on POST rows.
import { dayNumber, weekdayMondayFirst } from '../../shared/filters/dates';
import { isEmptyValue, multiValues, validateValue, type RowValue } from '../../shared/rows/validate';
import { readSettings } from '../../shared/settings/read';
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { fieldOptions, toRowValue, type FieldValue } from '../fields/field-values';
import { FILE_MIME_OPTIONS, formAxisSettings } from './schema';

export interface FormField {
  column: string;
  label: string;
  description: string;
  type: string;
  required: boolean;
  hide: boolean;
  placeholder: string;
  /** The `default` setting as written (tokens unresolved). */
  defaultText: string;
  /** select / multi-select choices; empty: any text. */
  options: string[];
  /** file: the HTML accept text of the input ('' = any file). */
  accept: string;
  /** file: what the upload route is told to accept (the spec's category word when known). */
  uploadAccept: string;
  /** regex_validation ('' = none; never for files). */
  regex: string;
}

export const FORM_MESSAGES = {
  required: 'This field is required',
  nothing: 'Fill in at least one field.',
  tooBig: 'The file must be under 5 MB',
  wrongType: (what: string) => `Choose ${what}`,
  noSheet: 'Choose a sheet for this form in its settings.',
  unsaved: 'Save the block to try the form.',
  uploading: 'Wait for the upload to finish',
} as const;

/** Uploads must be under 5 MB (spec §5, §9); the server refuses bigger ones too. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Spec words of file_mime_type → accept text (older records may store the word itself). */
const WORD_ACCEPT: Record<string, string> = Object.fromEntries(FILE_MIME_OPTIONS.map((o) => [o.label, o.value]));
const ACCEPT_WORD: Record<string, string> = Object.fromEntries(FILE_MIME_OPTIONS.map((o) => [o.value, o.label]));
const ACCEPT_TEXT = /^\s*(\.[a-z0-9]+|[a-z0-9][a-z0-9.+-]*\/(\*|[a-z0-9][a-z0-9.+-]*))(\s*,\s*(\.[a-z0-9]+|[a-z0-9][a-z0-9.+-]*\/(\*|[a-z0-9][a-z0-9.+-]*)))*\s*$/i;

/**
 * The HTML accept text of a file_mime_type value: '' for all, the option's text for the spec's
 * words, a valid accept list as it is; anything else falls back to the default, images.
 */
export function acceptOf(value: unknown): string {
  const v = typeof value === 'string' ? value.trim() : '';
  if (v === '') return 'image/*';
  const text = WORD_ACCEPT[v.toLowerCase()] ?? v;
  if (text === '*/*' || text === '*') return '';
  return ACCEPT_TEXT.test(text) ? text.replace(/\s+/g, '') : 'image/*';
}

/** What the upload route is told: the spec's word for a known option (the server knows them all). */
export function uploadAcceptOf(value: unknown): string {
  const accept = acceptOf(value);
  if (accept === '') return 'all';
  return ACCEPT_WORD[accept] ?? accept;
}

/** Human words for an accept text, for the 'Choose …' message. */
export function acceptLabel(accept: string): string {
  if (accept === '') return 'a file';
  const word = ACCEPT_WORD[accept];
  const names: Record<string, string> = {
    image: 'an image',
    video: 'a video',
    audio: 'an audio file',
    text: 'a text file',
    pdf: 'a PDF file',
    'doc/docx': 'a Word document (doc, docx)',
    'csv/xml/xls/xlsm/xlsx': 'a spreadsheet (csv, xml, xls, xlsm, xlsx)',
  };
  return (word && names[word]) || `a file of type ${accept}`;
}

/**
 * Whether a file fits an accept text, as the browser's picker reads it: '.ext' by name,
 * 'type/*' by the MIME family, 'type/sub' exactly. The server checks the file's bytes again.
 */
export function fileAccepted(file: { name: string; type: string }, accept: string): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .some((t) => (t.startsWith('.') ? name.endsWith(t) : t.endsWith('/*') ? type.startsWith(t.slice(0, -1)) : type === t));
}

/** The fields of a form: one per axis entry with a column (the first entry of a column wins). */
export function formFields(config: BlockRecord, sheets: Record<string, Record<string, unknown>[]> = {}): FormField[] {
  const seen = new Set<string>();
  const out: FormField[] = [];
  for (const a of config.axis as SettingValues[]) {
    const f = readSettings(formAxisSettings, a);
    const column = f.column.trim();
    if (!column || seen.has(column)) continue;
    seen.add(column);
    const { type } = f;
    const isSelect = type === 'select' || type === 'multi-select';
    out.push({
      column,
      label: f.label.trim() || column,
      description: f.description,
      type,
      required: f.required,
      hide: f.hide,
      placeholder: f.placeholder,
      defaultText: f.default,
      // A select's options come only from its own setting; the table's 'true, false' default does not apply.
      options: isSelect ? fieldOptions({ ...a, options: f.options }, sheets) : [],
      // Read as stored: older records may hold the spec's word instead of the accept text.
      accept: type === 'file' ? acceptOf(a.file_mime_type) : '',
      uploadAccept: type === 'file' ? uploadAcceptOf(a.file_mime_type) : '',
      regex: type === 'file' ? '' : f.regex_validation,
    });
  }
  return out;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** ISO 8601 week of a calendar date: [week-year, week 1–53]. */
export function isoWeek(year: number, month: number, day: number): [number, number] {
  const n = dayNumber({ year, month, day });
  // The Thursday of this week decides its year.
  const thursday = n - weekdayMondayFirst(n) + 3;
  const y = civilYear(thursday);
  const week = Math.floor((thursday - dayNumber({ year: y, month: 1, day: 1 })) / 7) + 1;
  return [y, week];
}

function civilYear(n: number): number {
  // The year holding day number n: start from an estimate and correct it.
  let y = Math.floor(n / 365.2425) + 1970;
  while (dayNumber({ year: y, month: 1, day: 1 }) > n) y--;
  while (dayNumber({ year: y + 1, month: 1, day: 1 }) <= n) y++;
  return y;
}

/** `today` written in a field type's own format (the browser's local date and time). */
export function todayFor(type: string, now: Date): string {
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  const d = now.getDate();
  const date = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  switch (type) {
    case 'datetime-local':
      return `${date}T${time}`;
    case 'month':
      return `${pad(y, 4)}-${pad(m)}`;
    case 'week': {
      const [wy, w] = isoWeek(y, m, d);
      return `${pad(wy, 4)}-W${pad(w)}`;
    }
    case 'time':
      return time;
    default:
      return date;
  }
}

/**
 * A field's starting value: its `default` with the tokens resolved. The whole default (trimmed,
 * any case) must be the token: 'today' → today's date in the field's format; 'user_email' → the
 * visitor's e-mail ('' for anonymous guests). Files start empty (a default is a URL then).
 */
export function defaultValue(field: Pick<FormField, 'type' | 'defaultText'>, email: string | null, now: Date): FieldValue {
  const raw = field.defaultText;
  const token = raw.trim().toLowerCase();
  let text = raw;
  if (token === 'today') text = todayFor(field.type, now);
  else if (token === 'user_email') text = email ?? '';
  return field.type === 'multi-select' ? multiValues(text) : text;
}

export function initialFormValues(fields: FormField[], email: string | null, now: Date): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const f of fields) out[f.column] = defaultValue(f, email, now);
  return out;
}

/** Compiles a field's regex_validation: shared/rows/regex.ts's regexTester (RE2, as the server). */
export type PatternTesters = (pattern: string) => ((value: string) => boolean) | null;

let engine: Promise<PatternTesters | null> | null = null;

/**
 * The pattern engine, loaded on demand: RE2 (re2js) is about 50 KB of gzipped JavaScript, which
 * only forms with a regex_validation need. Null when it cannot be loaded: the server still checks.
 */
export function loadPatternTesters(): Promise<PatternTesters | null> {
  engine ??= import('../../shared/rows/regex').then(
    (m) => m.regexTester,
    () => {
      engine = null;
      return null;
    },
  );
  return engine;
}

/**
 * Messages by column before sending. A field is required only when its `required` setting is on
 * (hidden fields never: the visitor could not fill them). Every value must fit its type
 * (validateValue, the server's rules), its options and its regex_validation, tested by `patterns`
 * (skipped when empty, without `patterns`, or for files; an unusable pattern is ignored, as the
 * server does).
 */
export function formErrors(fields: FormField[], values: Record<string, FieldValue>, patterns: PatternTesters | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const value = toRowValue(f.type, values[f.column]);
    if (isEmptyValue(value) || (typeof value === 'string' && value.trim() === '')) {
      if (f.required && !f.hide) out[f.column] = FORM_MESSAGES.required;
      continue;
    }
    const message = validateValue(f.type, value, {
      options: f.options.length ? f.options : undefined,
      regex: (patterns && f.regex ? patterns(f.regex) : null) ?? undefined,
    });
    if (message) out[f.column] = message;
  }
  return out;
}

/** Every field's value as the server wants it, hidden ones included (they carry their default). */
export function submitValues(fields: FormField[], values: Record<string, FieldValue>): Record<string, RowValue> {
  const out: Record<string, RowValue> = {};
  for (const f of fields) out[f.column] = toRowValue(f.type, values[f.column]);
  return out;
}

/** True when every value is empty: such a submit would only add a blank row. */
export function nothingFilled(values: Record<string, RowValue>): boolean {
  return Object.values(values).every((v) => isEmptyValue(v) || (typeof v === 'string' && v.trim() === ''));
}
