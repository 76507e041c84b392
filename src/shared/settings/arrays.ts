// Rules of list settings (`array` settings and item lists such as axes) that depend on more than
// one value: a maximum that depends on sibling settings (maxItemsWhen), the default of a new item
// that depends on the items already there (nextUnused), and settings whose change resets others
// of the same item (clearsOnChange). The editor and the server validator both use these.
import { defaultsOf } from './defaults';
import { evaluateRule } from './visibility';
import type { Setting, SettingsSchema, SettingValues } from './types';

/** The most items an array setting allows given its siblings' values; undefined = no limit. */
export function maxItemsOf(setting: Setting, siblings: SettingValues): number | undefined {
  for (const entry of setting.maxItemsWhen ?? []) if (evaluateRule(entry.when, siblings)) return entry.max;
  return setting.maxItems;
}

/** The item an "Add" button appends: the item defaults, with `nextUnused` applied. */
export function newItemOf(setting: Setting, items: readonly unknown[]): SettingValues {
  const item = defaultsOf(setting.item ?? {});
  const key = setting.nextUnused;
  const options = key ? setting.item?.[key]?.options : undefined;
  if (key && options) {
    const used = new Set(items.map((it) => (it && typeof it === 'object' ? (it as SettingValues)[key] : undefined)));
    const free = options.find((o) => !used.has(o.value));
    if (free) item[key] = free.value;
  }
  return item;
}

/**
 * The item an item list's "Add" appends (a block's axes, actions, filters): the item defaults, and
 * every `datasource` setting ({sheet, column}) left without a sheet starts on the first item's
 * sheet, so a second scorecard card reads the same sheet as the first (the column stays to choose).
 */
export function newListItem(schema: SettingsSchema, items: readonly SettingValues[]): SettingValues {
  const item = defaultsOf(schema);
  const first = items[0];
  if (!first) return item;
  for (const [key, setting] of Object.entries(schema)) {
    if (setting.type !== 'datasource') continue;
    const mine = item[key] as { sheet?: unknown } | undefined;
    const theirs = first[key] as { sheet?: unknown } | undefined;
    if (typeof theirs?.sheet === 'string' && theirs.sheet && !(typeof mine?.sheet === 'string' && mine.sheet))
      item[key] = { ...(mine && typeof mine === 'object' ? mine : {}), sheet: theirs.sheet, column: '' };
  }
  return item;
}

/** `item` with `key` set to `value`; when the value changed, the settings it clears go back to their defaults. */
export function changeItem(schema: SettingsSchema, item: SettingValues, key: string, value: unknown): SettingValues {
  const next: SettingValues = { ...item, [key]: value };
  if (item[key] === value) return next;
  const defaults = defaultsOf(schema);
  for (const cleared of schema[key]?.clearsOnChange ?? []) next[cleared] = defaults[cleared];
  return next;
}

/**
 * Applies clearsOnChange between two versions of a list (the editor's array control hands back
 * the whole list): items at the same position whose clearing setting changed lose the cleared
 * values. Items added or removed are left as they are.
 */
export function applyItemClears(schema: SettingsSchema, before: unknown, after: unknown): unknown {
  if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) return after;
  const clearing = Object.entries(schema).filter(([, s]) => s.clearsOnChange && s.clearsOnChange.length > 0);
  if (clearing.length === 0) return after;
  return after.map((item: unknown, i) => {
    const old: unknown = before[i];
    if (!item || typeof item !== 'object' || !old || typeof old !== 'object') return item;
    let out = item as SettingValues;
    for (const [key] of clearing) {
      const prev = (old as SettingValues)[key];
      if (prev !== out[key]) out = changeItem(schema, { ...out, [key]: prev }, key, out[key]);
    }
    return out;
  });
}

/**
 * An array setting as the editor's control should see it now: the maximum that holds for the
 * current values (maxItemsWhen) and item defaults equal to what the next added item gets
 * (nextUnused), so a plain array control's Add button follows both rules.
 */
export function arraySettingNow(setting: Setting, siblings: SettingValues, value: unknown): Setting {
  const max = maxItemsOf(setting, siblings);
  const next = newItemOf(setting, Array.isArray(value) ? value : []);
  const item = setting.item ? Object.fromEntries(Object.entries(setting.item).map(([k, s]) => [k, { ...s, default: next[k] }])) : undefined;
  return { ...setting, ...(max !== undefined ? { maxItems: max } : {}), ...(item ? { item } : {}) };
}
