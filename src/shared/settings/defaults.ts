import type { SettingsSchema, SettingValues } from './types';

/** Deep copy of a JSON value, so callers can never mutate a schema's defaults. */
function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The defaults of a schema: the only tree of defaults there is. */
export function defaultsOf(schema: SettingsSchema): SettingValues {
  const out: SettingValues = {};
  for (const [key, setting] of Object.entries(schema)) out[key] = copy(setting.default);
  return out;
}
