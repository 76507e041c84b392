// Validation messages for people. zod's own English ("Too big: expected string to have <=100
// characters", "Invalid input: expected string, received undefined") names types and operators;
// this map turns every issue a schema did not word itself into a sentence that names the field by
// a label ("The name can be at most 100 characters", "Choose one of: Yes, No"). A message a schema
// gives (`.min(1, 'Name is required')`) still wins: zod asks this map only when there is none.
//
// Installed once per process with `z.config({ customError: peopleMessage })`: by the server
// (src/server/errors.ts) and by the web build's zod (src/web/zod.ts). Type-only imports here, so
// the web's zod alias can import this file without importing itself.
import type { $ZodRawIssue } from 'zod/v4/core';

/** Field keys as people call them ("The name", "The e-mail address"); others are spelled out. */
const FIELD_LABELS: Record<string, string> = {
  name: 'The name',
  email: 'The e-mail address',
  password: 'The password',
  newPassword: 'The new password',
  currentPassword: 'The current password',
  title: 'The title',
  subtitle: 'The subtitle',
  description: 'The description',
  subdomain: 'The app address',
  appName: 'The app name',
  publishUrl: 'The Publish URL',
  url: 'The link',
  link: 'The link',
  label: 'The label',
  text: 'The text',
  message: 'The message',
  comment: 'The comment',
  content: 'The content',
  column: 'The column',
  columns: 'The columns',
  sheet: 'The sheet',
  sheetName: 'The sheet',
  spreadsheetId: 'The spreadsheet',
  type: 'The type',
  value: 'The value',
  values: 'The values',
  token: 'The link',
  permissions: 'The permissions',
  sign_in_method: 'The sign-in method',
  public: 'Public',
  color: 'The color',
  icon: 'The icon',
  query: 'The search',
  q: 'The search',
  address: 'The address',
  page: 'The page',
  pages: 'The pages',
  filters: 'The filters',
  sort: 'The sort order',
};

/** "publishUrl" → "The publish url", "sign_in_method" → "The sign in method". */
function spelledOut(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? `The ${words}` : 'This field';
}

/** The label of the last named segment of a path; "This field" for a list item or no path. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const last = path?.length ? path[path.length - 1] : undefined;
  if (typeof last !== 'string' || !last) return 'This field';
  return FIELD_LABELS[last] ?? spelledOut(last);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  date: 'a date',
  object: 'a group of fields',
  record: 'a group of fields',
  map: 'a group of fields',
  set: 'a list',
  null: 'empty',
};

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

/** A value of a fixed choice as a person reads it. */
function choiceText(v: unknown): string {
  if (v === null) return 'empty';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** The sentence for one issue. Exhaustive over zod 4's issue codes; unknown codes get a plain fallback. */
export function peopleMessage(issue: $ZodRawIssue): string {
  const field = fieldLabel(issue.path);
  const i = issue as $ZodRawIssue & Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return field === 'This field' ? 'This field is required' : `${field} is required`;
      const word = TYPE_WORDS[String(i.expected)];
      return word ? `${field} must be ${word}` : `${field} is not valid`;
    }
    case 'too_big': {
      const max = i.maximum as number | bigint;
      const inclusive = i.inclusive !== false;
      switch (i.origin) {
        case 'string':
          return inclusive ? `${field} can be at most ${plural(max, 'character', 'characters')}` : `${field} must be shorter than ${plural(max, 'character', 'characters')}`;
        case 'number':
        case 'int':
        case 'bigint':
          return inclusive ? `${field} can be at most ${max}` : `${field} must be less than ${max}`;
        case 'array':
        case 'set':
          return inclusive ? `${field} can have at most ${plural(max, 'item', 'items')}` : `${field} must have fewer than ${plural(max, 'item', 'items')}`;
        case 'date':
          return `${field} is too late`;
        case 'file':
          return `${field} is too large`;
        default:
          return `${field} is too large`;
      }
    }
    case 'too_small': {
      const min = i.minimum as number | bigint;
      const inclusive = i.inclusive !== false;
      switch (i.origin) {
        case 'string':
          if (inclusive && Number(min) === 1) return field === 'This field' ? 'This field is required' : `${field} is required`;
          return inclusive ? `${field} must be at least ${plural(min, 'character', 'characters')}` : `${field} must be longer than ${plural(min, 'character', 'characters')}`;
        case 'number':
        case 'int':
        case 'bigint':
          return inclusive ? `${field} must be at least ${min}` : `${field} must be more than ${min}`;
        case 'array':
        case 'set':
          if (inclusive && Number(min) === 1) return `${field} must have at least one item`;
          return inclusive ? `${field} must have at least ${plural(min, 'item', 'items')}` : `${field} must have more than ${plural(min, 'item', 'items')}`;
        case 'date':
          return `${field} is too early`;
        default:
          return `${field} is too small`;
      }
    }
    case 'invalid_format': {
      switch (i.format) {
        case 'email':
          return `${field} is not a valid e-mail address (for example name@example.com)`;
        case 'url':
          return `${field} must be a web address, like https://example.com`;
        case 'date':
          return `${field} must be a date, like 2024-12-31`;
        case 'datetime':
          return `${field} must be a date and time, like 2024-12-31 18:30`;
        case 'time':
          return `${field} must be a time, like 18:30`;
        case 'starts_with':
          return `${field} must start with "${String(i.prefix)}"`;
        case 'ends_with':
          return `${field} must end with "${String(i.suffix)}"`;
        case 'includes':
          return `${field} must contain "${String(i.includes)}"`;
        default:
          return `${field} is not in the expected form`;
      }
    }
    case 'not_multiple_of':
      return Number(i.divisor) === 1 ? `${field} must be a whole number` : `${field} must be a multiple of ${String(i.divisor)}`;
    case 'invalid_value': {
      const values = (i.values as unknown[] | undefined) ?? [];
      if (values.length === 1) return `${field} must be ${choiceText(values[0])}`;
      if (values.length > 0 && values.length <= 12) return `Choose one of: ${values.map(choiceText).join(', ')}`;
      return `${field} is not one of the choices`;
    }
    case 'unrecognized_keys': {
      const keys = (i.keys as string[] | undefined) ?? [];
      return keys.length === 1 ? `"${keys[0]}" is not something that can be set here` : `These cannot be set here: ${keys.map((k) => `"${k}"`).join(', ')}`;
    }
    case 'invalid_key':
      return `${field} has a name that is not allowed`;
    case 'invalid_element':
      return `${field} holds a value that is not allowed`;
    case 'invalid_union':
      return `${field} is not valid`;
    case 'custom':
      return `${field} is not valid`;
    default:
      return `${field} is not valid`;
  }
}
