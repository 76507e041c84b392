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

/**
 * The block with column `from` of sheet `sheetTitle` renamed `to` wherever usedColumns /
 * datasourceSheets would find it (block settings, axis, actions, filters, datasources of other
 * sheets, markdown `[Column]`); null when the block does not use the column.
 */
export function renameColumnInBlock(schema: BlockSchema, block: BlockRecord, sheetTitle: string, from: string, to: string): BlockRecord | null {
  // A rename is the mapping of one column: the same walk over every place a reference can be.
  return remapBlockColumns(schema, block, { sheet: () => undefined, column: (sheet, column) => (sheet === sheetTitle && column === from ? to : undefined) });
}

/**
 * What a column mapping does to references: `sheet(title)` is the sheet a sheet title becomes
 * (undefined: unchanged), `column(title, name)` the column a column of that sheet becomes
 * (undefined: unchanged). Both keyed by the old names.
 */
export interface ColumnMap {
  sheet(title: string): string | undefined;
  column(sheetTitle: string, column: string): string | undefined;
}

/** One level of settings with every sheet and column reference mapped at once (a swap stays a swap). */
function remapIn(schema: SettingsSchema, values: Values, ownSheet: string | undefined, map: ColumnMap): Values | null {
  let out: Record<string, unknown> | null = null;
  const set = (key: string, v: unknown) => {
    out ??= { ...(values as Record<string, unknown>) };
    out[key] = v;
  };
  const own = (c: unknown) => (typeof c === 'string' && c && ownSheet !== undefined ? (map.column(ownSheet, c) ?? c) : c);
  for (const [key, setting] of Object.entries(schema)) {
    const v = (values as Record<string, unknown>)[key];
    if (setting.type === 'sheet_columns') {
      if (typeof v === 'string' && own(v) !== v) set(key, own(v));
      else if (Array.isArray(v)) {
        const next = v.map(own);
        if (next.some((c, i) => c !== v[i])) set(key, next);
      }
    } else if (setting.type === 'datasource') {
      const d = v as { sheet?: unknown; column?: unknown } | undefined;
      if (d && typeof d.sheet === 'string' && d.sheet) {
        const sheet = map.sheet(d.sheet) ?? d.sheet;
        const column = typeof d.column === 'string' && d.column ? (map.column(d.sheet, d.column) ?? d.column) : d.column;
        if (sheet !== d.sheet || column !== d.column) set(key, { ...d, sheet, column });
      }
    } else if (setting.type === 'markdowntext' && typeof v === 'string') {
      if (ownSheet === undefined) continue;
      // The references the scan reads: `[ Name ]` (trimmed) is the column Name; spacing is kept.
      const next = v.replace(/\[([^\]\n]{1,200})\]/g, (whole, inner: string) => {
        const name = inner.trim();
        const to = map.column(ownSheet, name);
        return to === undefined ? whole : `[${inner.replace(name, () => to)}]`;
      });
      if (next !== v) set(key, next);
    } else if (setting.type === 'array' && setting.item && Array.isArray(v)) {
      let changed = false;
      const items = v.map((item) => {
        if (!item || typeof item !== 'object') return item;
        const r = remapIn(setting.item!, item as Values, ownSheet, map);
        if (r) changed = true;
        return r ?? item;
      });
      if (changed) set(key, items);
    }
  }
  return out;
}

/**
 * The block with every sheet and column reference mapped at once, wherever usedColumns /
 * datasourceSheets find them (its sheet_title, block settings, axis, actions, filters,
 * datasources, markdown `[Column]`); null when nothing changed.
 */
export function remapBlockColumns(schema: BlockSchema, block: BlockRecord, map: ColumnMap): BlockRecord | null {
  const ownSheet = block.sheet_title || undefined;
  let changed = false;
  let next = block as BlockRecord;
  const top = remapIn(blockSettings(schema), block, ownSheet, map);
  if (top) {
    next = { ...next, ...(top as Partial<BlockRecord>) };
    changed = true;
  }
  const list = (items: unknown, settings: SettingsSchema | undefined): unknown[] | null => {
    if (!settings || !Array.isArray(items)) return null;
    let any = false;
    const out = items.map((item) => {
      if (!item || typeof item !== 'object') return item;
      const r = remapIn(settings, item as Values, ownSheet, map);
      if (r) any = true;
      return r ?? item;
    });
    return any ? out : null;
  };
  const axis = list(block.axis, schema.axis?.settings);
  if (axis) {
    next = { ...next, axis: axis as BlockRecord['axis'] };
    changed = true;
  }
  const actions = list(block.actions, schema.actions?.settings);
  if (actions) {
    next = { ...next, actions: actions as BlockRecord['actions'] };
    changed = true;
  }
  const filters = list((block as Record<string, unknown>).filters, schema.filters?.settings);
  if (filters) {
    next = { ...next, filters } as BlockRecord;
    changed = true;
  }
  if (ownSheet !== undefined) {
    const sheet = map.sheet(ownSheet);
    if (sheet !== undefined && sheet !== ownSheet) {
      next = { ...next, sheet_title: sheet };
      changed = true;
    }
  }
  return changed ? next : null;
}

/** A block as its owner knows it: its title, else its kind's name ('Table'), else the kind. */
export function blockLabel(schema: BlockSchema | null | undefined, block: BlockRecord): string {
  const title = (block as { title?: unknown }).title;
  if (typeof title === 'string' && title.trim()) return title.trim().slice(0, 100);
  return schema?.name ?? block.type;
}
