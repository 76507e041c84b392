import { maxItemsOf } from './arrays';
import { evaluateRule, isVisible } from './visibility';
import type { FormatChecks, Setting, SettingsSchema, SettingValues, ValidationIssue } from './types';

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC_COLOR = /^(?:rgba?|hsla?)\(\s*[\d.%\s,/]+\)$/i;
const NAMED = /^(?:transparent|[a-z]{3,20})$/i;

export function isColor(value: unknown): boolean {
  return typeof value === 'string' && (value === '' || HEX.test(value) || FUNC_COLOR.test(value) || NAMED.test(value));
}

function isEmpty(value: unknown): boolean {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'sheet' in value && 'column' in value)
    return !(value as { column: unknown }).column;
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function label(key: string, setting: Setting): string {
  return setting.label ?? key;
}

/**
 * Checks one value against its setting; returns a message or null. `siblings` are the values
 * beside it (an array's `maxItemsWhen` rules read them); `formats` check `format` settings.
 */
export function checkValue(key: string, setting: Setting, value: unknown, siblings: SettingValues = {}, formats: FormatChecks = {}): string | null {
  const problem =
    checkType(key, setting, value, siblings) ??
    (setting.urlWhen && typeof value === 'string' && evaluateRule(setting.urlWhen, siblings) ? urlProblem(label(key, setting), value) : null);
  if (problem || typeof value !== 'string' || value === '') return problem;
  const format = setting.format ? formats[setting.format] : undefined;
  // A hidden pattern (a field turned into a file field) is never run, and the owner could not see
  // it to fix it.
  if (format && isVisible(setting, siblings)) {
    const reason = format(value);
    // Named by the field it checks (siblings.column), as the owner sees the form's fields.
    const column = typeof siblings.column === 'string' && siblings.column.trim() ? ` of '${siblings.column.trim()}'` : '';
    if (reason) return `${label(key, setting)}${column} ${reason}`;
  }
  if (setting.pattern === undefined) return null;
  return new RegExp(setting.pattern, 'i').test(value) ? null : (setting.patternMessage ?? `${label(key, setting)} is not in the expected form`);
}

/**
 * A link setting's value: empty, or starting with one of the schemes a link may have (an
 * allow-list, so javascript:, data: and vbscript: in any case, behind spaces or control
 * characters, never pass).
 */
function urlProblem(name: string, value: unknown): string | null {
  if (typeof value !== 'string') return `${name} must be a URL`;
  return value === '' || /^(https?:\/\/|\/|#|mailto:|tel:)/i.test(value) ? null : `${name} must start with http:// or https://`;
}

function checkType(key: string, setting: Setting, value: unknown, siblings: SettingValues): string | null {
  const name = label(key, setting);
  if (value === undefined || value === null) return null;
  switch (setting.type) {
    case 'color':
      return isColor(value) ? null : `${name} must be a colour such as #4f46e5`;
    case 'colors':
      return Array.isArray(value) && value.every(isColor) ? null : `${name} must be a list of colours`;
    case 'select': {
      const allowed = (setting.options ?? []).map((o) => o.value);
      if (value === '' && !setting.required) return null;
      return typeof value === 'string' && allowed.includes(value)
        ? null
        : `${name} must be one of: ${allowed.join(', ')}`;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : `${name} must be true or false`;
    case 'booleantext':
      return typeof value === 'boolean' || typeof value === 'string' ? null : `${name} must be true, false or a text`;
    case 'number':
    case 'range':
    case 'slider': {
      if (value === '' && !setting.required) return null;
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} must be a number`;
      if (setting.min !== undefined && value < setting.min) return `${name} must be at least ${setting.min}`;
      if (setting.max !== undefined && value > setting.max) return `${name} must be at most ${setting.max}`;
      return null;
    }
    case 'sheet_columns':
      return typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
        ? null
        : `${name} must name a column`;
    case 'url':
      return urlProblem(name, value);
    case 'array': {
      if (!Array.isArray(value)) return `${name} must be a list`;
      const max = maxItemsOf(setting, siblings);
      if (max !== undefined && value.length > max) return `${name} allows at most ${max} items`;
      return null;
    }
    case 'datasource': {
      // A {sheet, column} pair (e.g. a scorecard axis source); an empty pair is "not chosen".
      const v = value as { sheet?: unknown; column?: unknown };
      return typeof value === 'object' && !Array.isArray(value) && typeof v.sheet === 'string' && typeof v.column === 'string'
        ? null
        : `${name} must name a sheet and a column`;
    }
    case 'kv_pair':
      return Array.isArray(value) &&
        value.every((p) => p && typeof p === 'object' && typeof (p as { key?: unknown }).key === 'string')
        ? null
        : `${name} must be a list of key-value pairs`;
    case 'input':
    case 'text':
    case 'textarea':
    case 'markdowntext':
    case 'pages':
    case 'image':
    case 'imageBlock':
    case 'date':
    case 'time':
    case 'video_upload':
    case 'audio_upload':
    case 'image_upload':
      return typeof value === 'string' ? null : `${name} must be a text`;
    default:
      return unknownType(setting.type);
  }
}

/** Reached only by a setting type the switch does not know: a type error before it is a runtime one. */
function unknownType(type: never): never {
  throw new Error(`Unknown setting type '${String(type)}'`);
}

/**
 * Validates values against a schema. Unknown keys are reported (a typo must not be stored
 * silently); hidden settings are not required. `prefix` names nested paths (`axis.0.`).
 */
export function validate(
  schema: SettingsSchema,
  values: SettingValues,
  options: { prefix?: string; allowKeys?: readonly string[]; formats?: FormatChecks } = {},
): ValidationIssue[] {
  const prefix = options.prefix ?? '';
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(values)) {
    if (!(key in schema) && !options.allowKeys?.includes(key))
      issues.push({ path: prefix + key, message: `Unknown setting '${key}'` });
  }
  for (const [key, setting] of Object.entries(schema)) {
    const value = values[key];
    const visible = isVisible(setting, values);
    // A hidden setting left empty is fine even when required (e.g. StepSize without CustomStepSize).
    if (!visible && isEmpty(value)) continue;
    if (setting.required && visible && isEmpty(value)) {
      issues.push({ path: prefix + key, message: `${label(key, setting)} is required` });
      continue;
    }
    const problem = checkValue(key, setting, value, values, options.formats);
    if (problem) {
      issues.push({ path: prefix + key, message: problem });
      continue;
    }
    if (setting.type === 'array' && setting.item && Array.isArray(value)) {
      value.forEach((item, i) => {
        if (!item || typeof item !== 'object' || Array.isArray(item)) {
          issues.push({ path: `${prefix}${key}.${i}`, message: `${label(key, setting)} items must be objects` });
          return;
        }
        issues.push(...validate(setting.item!, item as SettingValues, { prefix: `${prefix}${key}.${i}.`, formats: options.formats }));
      });
    }
  }
  return issues;
}
