// Which sheet columns a block reads, from its schema: every `sheet_columns` setting (block level,
// per axis, per action, per conditional filter), every `datasource` ({sheet, column}) and the
// `[Column]` references of markdown text. The browser loads these columns (useBlockData) and the
// server sends a viewer of an app no other column of its sheets (issue 5: a viewer receives only
// the columns the app's blocks use).
import { blockSettings } from './block';
import type { BlockRecord, BlockSchema, SettingValues, SettingsSchema } from './types';

type Values = SettingValues | Record<string, unknown>;

function scan(schema: SettingsSchema, values: Values, own: Set<string>, sources: Record<string, Set<string>>) {
  for (const [key, setting] of Object.entries(schema)) {
    const v = (values as Record<string, unknown>)[key];
    if (setting.type === 'sheet_columns') {
      if (typeof v === 'string' && v) own.add(v);
      else if (Array.isArray(v)) for (const c of v) if (typeof c === 'string' && c) own.add(c);
    } else if (setting.type === 'datasource') {
      const d = v as { sheet?: unknown; column?: unknown } | undefined;
      if (d && typeof d.sheet === 'string' && d.sheet) {
        const set = (sources[d.sheet] ??= new Set());
        if (typeof d.column === 'string' && d.column) set.add(d.column);
      }
    } else if (setting.type === 'markdowntext' && typeof v === 'string') {
      for (const m of v.matchAll(/\[([^\]\n]{1,200})\]/g)) own.add(m[1]!.trim());
    } else if (setting.type === 'array' && setting.item && Array.isArray(v)) {
      for (const item of v) if (item && typeof item === 'object') scan(setting.item, item as Values, own, sources);
    }
  }
}

function collect(schema: BlockSchema, block: BlockRecord) {
  const own = new Set<string>();
  const sources: Record<string, Set<string>> = {};
  scan(blockSettings(schema), block, own, sources);
  if (schema.axis) for (const a of block.axis ?? []) scan(schema.axis.settings, a, own, sources);
  if (schema.actions) for (const a of block.actions ?? []) scan(schema.actions.settings, a, own, sources);
  const filters = (block as Record<string, unknown>).filters;
  if (schema.filters && Array.isArray(filters)) for (const f of filters) if (f && typeof f === 'object') scan(schema.filters.settings, f as Values, own, sources);
  return { own, sources };
}

/** Columns a block reads from its own sheet (`sheet_title`). */
export function usedColumns(schema: BlockSchema, block: BlockRecord): string[] {
  return [...collect(schema, block).own];
}

/** Sheets named by datasource settings → the columns needed from each. */
export function datasourceSheets(schema: BlockSchema, block: BlockRecord): Record<string, string[]> {
  return Object.fromEntries(Object.entries(collect(schema, block).sources).map(([k, v]) => [k, [...v]]));
}

/** True when the block shows every column of its sheet (no axis names one; `allColumnsWithoutAxis`). */
export function readsWholeSheet(schema: BlockSchema, block: BlockRecord): boolean {
  return !!schema.allColumnsWithoutAxis && !(block.axis ?? []).some((a) => typeof a?.column === 'string' && a.column !== '');
}

/**
 * Every column of `sheetTitle` the block reads, whether it is its own sheet or a datasource;
 * 'all' when it shows the whole sheet (readsWholeSheet).
 */
export function columnsReadFrom(schema: BlockSchema, block: BlockRecord, sheetTitle: string): string[] | 'all' {
  if (block.sheet_title === sheetTitle && readsWholeSheet(schema, block)) return 'all';
  const { own, sources } = collect(schema, block);
  const out = new Set(sources[sheetTitle] ?? []);
  if (block.sheet_title === sheetTitle) for (const c of own) out.add(c);
  return [...out];
}
