// Stored settings as typed values. A schema declared with defineSettings keeps its literal types,
// so SettingsOf<typeof schema> says what each key holds (as Puck types each field by its type):
// a select is the union of its option values, a boolean a boolean, a number a number, text a
// string, an array a list of its item's settings. readSettings turns the JSON a block record
// holds into that object: a value of the wrong shape (or a select value not among the options)
// reads as the schema's default, so views never guess with local str() helpers.
import type { Setting, SettingsSchema, SettingType, SettingValues } from './types';

/** A `datasource` setting: a column of another sheet. */
export interface DataSourceValue {
  sheet: string;
  column: string;
}

/** One entry of a `kv_pair` setting. */
export interface KeyValuePair {
  key: string;
  value: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * How a stored value of each setting type is read: the value, or undefined when it has the wrong
 * shape (the default stands in). A new setting type fails type-checking here until it is read.
 */
const READERS = {
  color: text,
  colors: (v: unknown) => (Array.isArray(v) && v.every((c) => typeof c === 'string') ? (v as string[]) : undefined),
  select: text,
  boolean: (v: unknown) => (typeof v === 'boolean' ? v : undefined),
  booleantext: (v: unknown) => (typeof v === 'boolean' || typeof v === 'string' ? v : undefined),
  number,
  input: text,
  text,
  textarea: text,
  markdowntext: text,
  range: number,
  slider: number,
  sheet_columns: (v: unknown) => (typeof v === 'string' || (Array.isArray(v) && v.every((c) => typeof c === 'string')) ? (v as string | string[]) : undefined),
  datasource: (v: unknown): DataSourceValue | undefined =>
    isObject(v) && typeof v.sheet === 'string' && typeof v.column === 'string' ? { sheet: v.sheet, column: v.column } : undefined,
  pages: text,
  image: text,
  imageBlock: text,
  url: text,
  date: text,
  time: text,
  array: (v: unknown) => (Array.isArray(v) ? v.filter(isObject) : undefined),
  kv_pair: (v: unknown): KeyValuePair[] | undefined =>
    Array.isArray(v)
      ? v.filter(isObject).filter((p) => typeof p.key === 'string').map((p) => ({ key: p.key as string, value: typeof p.value === 'string' ? p.value : '' }))
      : undefined,
  video_upload: text,
  audio_upload: text,
  image_upload: text,
} satisfies Record<SettingType, (value: unknown) => unknown>;

type TypeValue = { [T in SettingType]: Exclude<ReturnType<(typeof READERS)[T]>, undefined> };

type OptionValue<S> = S extends { options: readonly { value: infer V }[] } ? V : string;

/**
 * The value type of one setting. A default of another shape joins the type (a number whose
 * default is '' is `number | ''`); a `sheet_columns` whose default is a list names several columns.
 */
export type SettingValue<S extends Setting> = S['type'] extends 'select'
  ? OptionValue<S>
  : S['type'] extends 'array'
    ? S extends { item: infer I extends SettingsSchema }
      ? SettingsOf<I>[]
      : SettingValues[]
    : S['type'] extends 'sheet_columns'
      ? S['default'] extends readonly unknown[]
        ? string[]
        : string
      : TypeValue[S['type']] | Exclude<S['default'], TypeValue[S['type']]>;

export type SettingsOf<S extends SettingsSchema> = { -readonly [K in keyof S]: SettingValue<S[K]> };

/** Declares settings keeping their literal types (option values, defaults); the object is returned as is. */
export function defineSettings<const S extends SettingsSchema>(settings: S): S {
  return settings;
}

export interface ReadOptions<S extends SettingsSchema = SettingsSchema> {
  /**
   * An empty text reads as the default too, for every setting (true) or the ones named: where a
   * cleared text means "the usual" (a button titled 'Submit', the theme colour), not "nothing".
   */
  blankIsDefault?: boolean | readonly (keyof S & string)[];
}

function copy<T>(value: T): T {
  return value === undefined || value === null || typeof value !== 'object' ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** One stored value read as its setting's type, else the setting's default (also for '' when `blankIsDefault`). */
export function readSetting<S extends Setting>(setting: S, value: unknown, blankIsDefault = false): SettingValue<S> {
  let read: unknown = READERS[setting.type](value);
  if (setting.type === 'select' && read !== undefined && !(setting.options ?? []).some((o) => o.value === read)) read = undefined;
  if (setting.type === 'sheet_columns' && read !== undefined && Array.isArray(read) !== Array.isArray(setting.default)) read = undefined;
  if (blankIsDefault && read === '') read = undefined;
  if (read === undefined) return copy(setting.default) as SettingValue<S>;
  if (setting.type === 'array' && setting.item) {
    const item = setting.item;
    return (read as SettingValues[]).map((v) => readSettings(item, v, { blankIsDefault })) as SettingValue<S>;
  }
  return read as SettingValue<S>;
}

/** Every setting of a schema read from stored values (a block record, an axis, an action). */
export function readSettings<S extends SettingsSchema>(schema: S, values: Readonly<Record<string, unknown>>, options: ReadOptions<S> = {}): SettingsOf<S> {
  const blank = options.blankIsDefault ?? false;
  const out: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(schema)) out[key] = readSetting(setting, values[key], blank === true || (blank !== false && blank.includes(key)));
  return out as SettingsOf<S>;
}
