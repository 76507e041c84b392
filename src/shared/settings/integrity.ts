// The integrity check of an app against its data (issue 33): every sheet and column a block names
// — block settings, chart axes, actions, filters, datasources, form fields and markdown `[Column]`
// references, found from the block's schema like columns.ts finds what a viewer may read — must
// exist in the app's sheets. One check for every place that can break an app: the column mapping
// of a clone (refused while a block stays broken unless the owner chooses what happens), the
// editor (broken blocks marked in words), publishing (a warning naming them) and the report of a
// column renamed in Google. Pure: the server and the browser both run it.
import { blockSettings } from './block';
import { blockLabel } from './columns';
import type { BlockRecord, BlockSchema, SettingsSchema } from './types';

/** One place a block names a column: `path` as validation issues name settings (`axis.1.column`). */
export interface ColumnReference {
  sheet: string;
  column: string;
  path: string;
  /** The setting's label in the editor (its key when it has none). */
  label: string;
}

/** A sheet as the check sees it: its title and column names. */
export interface SheetColumns {
  title: string;
  columns: readonly string[];
}

export interface BlockProblem {
  blockId: string;
  /** The block as its owner knows it (its title, else its kind's name). */
  block: string;
  sheet: string;
  /** null: the block's sheet itself is missing. */
  column: string | null;
  /** Every setting naming it (empty for a missing sheet). */
  paths: string[];
  /** The problem in words, for the owner. */
  message: string;
}

export interface BrokenBlock {
  blockId: string;
  block: string;
  problems: BlockProblem[];
}

type Values = Record<string, unknown>;

// `[Name]` is a column reference; `[text](url)` and `[text][ref]` are links, `![alt]` an image.
const MARKDOWN_REF = /(!?)\[([^\]\n]{1,200})\](?![([])/g;

/** Column names a markdown text refers to as `[Column]` (links and images left out). */
export function markdownColumns(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(MARKDOWN_REF)) if (!m[1]) out.push(m[2]!.trim());
  return out.filter((c) => c !== '' && c !== 'x' && c !== 'X');
}

function walk(schema: SettingsSchema, values: Values, ownSheet: string, prefix: string, out: ColumnReference[]) {
  for (const [key, setting] of Object.entries(schema)) {
    const v = values[key];
    const path = `${prefix}${key}`;
    const label = setting.label ?? key;
    if (setting.type === 'sheet_columns') {
      const names = typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
      for (const c of names) if (typeof c === 'string' && c && ownSheet) out.push({ sheet: ownSheet, column: c, path, label });
    } else if (setting.type === 'datasource') {
      const d = v as { sheet?: unknown; column?: unknown } | undefined;
      if (d && typeof d.sheet === 'string' && d.sheet && typeof d.column === 'string' && d.column) out.push({ sheet: d.sheet, column: d.column, path, label });
    } else if (setting.type === 'markdowntext' && typeof v === 'string' && ownSheet) {
      for (const c of markdownColumns(v)) out.push({ sheet: ownSheet, column: c, path, label });
    } else if (setting.type === 'array' && setting.item && Array.isArray(v)) {
      v.forEach((item, i) => {
        if (item && typeof item === 'object') walk(setting.item!, item as Values, ownSheet, `${path}.${i}.`, out);
      });
    }
  }
}

const LISTS = ['axis', 'actions', 'filters'] as const;
const listSettings = (schema: BlockSchema, name: (typeof LISTS)[number]) => schema[name]?.settings;

/** Every column reference of a block, with the setting naming it. */
export function columnReferences(schema: BlockSchema, block: BlockRecord): ColumnReference[] {
  const out: ColumnReference[] = [];
  const own = block.sheet_title || '';
  walk(blockSettings(schema), block as unknown as Values, own, '', out);
  for (const name of LISTS) {
    const settings = listSettings(schema, name);
    const items = (block as unknown as Values)[name];
    if (!settings || !Array.isArray(items)) continue;
    items.forEach((item, i) => {
      if (item && typeof item === 'object') walk(settings, item as Values, own, `${name}.${i}.`, out);
    });
  }
  return out;
}

const kindWord = (schema: BlockSchema) => schema.name.toLowerCase();

/** 'The chart "Sales"', or 'The chart' when the block has no title of its own. */
export function blockInWords(schema: BlockSchema, block: BlockRecord): string {
  const label = blockLabel(schema, block);
  return label === schema.name || label === block.type ? `The ${kindWord(schema)}` : `The ${kindWord(schema)} “${label}”`;
}

export const INTEGRITY_MESSAGES = {
  missingColumn: (who: string, column: string, sheet: string) => `${who} uses the column “${column}”, which is not in the sheet “${sheet}”.`,
  missingSheet: (who: string, sheet: string) => `${who} reads the sheet “${sheet}”, which is not in its spreadsheet.`,
  boardFilters: 'The board’s filters',
} as const;

/**
 * What owners and guests read when a block asks for a column its sheet no longer has (a column
 * deleted or renamed since, or hidden from this viewer: the same words, so a hidden column cannot
 * be told from a missing one). Never the request's parameter paths.
 */
export const MISSING_COLUMN_WORDS = {
  chart: (column: string) => `This chart uses a column “${column}” that is no longer in the sheet. The owner can fix it in the editor.`,
  map: (column: string) => `This map uses a column “${column}” that is no longer in the sheet. The owner can fix it in the editor.`,
  filter: (column: string) => `A filter uses a column “${column}” that is no longer in the sheet. The owner can fix it in the editor.`,
  value: (column: string) => `The column “${column}” is no longer in the sheet, so this cannot be saved. The owner can fix it in the editor.`,
} as const;

/**
 * The problems of one block against `sheets`: each sheet it reads that is missing, each column it
 * names that its sheet lacks (once per column, with every setting naming it).
 */
export function checkBlock(schema: BlockSchema, block: BlockRecord, sheets: readonly SheetColumns[]): BlockProblem[] {
  const who = blockInWords(schema, block);
  const label = blockLabel(schema, block);
  const byTitle = new Map(sheets.map((s) => [s.title, new Set(s.columns)]));
  const problems = new Map<string, BlockProblem>();
  const own = block.sheet_title || '';
  if (own && !byTitle.has(own)) problems.set(JSON.stringify([own, null]), { blockId: block.id, block: label, sheet: own, column: null, paths: [], message: INTEGRITY_MESSAGES.missingSheet(who, own) });
  for (const ref of columnReferences(schema, block)) {
    const columns = byTitle.get(ref.sheet);
    if (!columns) {
      const key = JSON.stringify([ref.sheet, null]);
      if (!problems.has(key)) problems.set(key, { blockId: block.id, block: label, sheet: ref.sheet, column: null, paths: [], message: INTEGRITY_MESSAGES.missingSheet(who, ref.sheet) });
      continue;
    }
    if (columns.has(ref.column)) continue;
    const key = JSON.stringify([ref.sheet, ref.column]);
    const seen = problems.get(key);
    if (seen) seen.paths.push(ref.path);
    else problems.set(key, { blockId: block.id, block: label, sheet: ref.sheet, column: ref.column, paths: [ref.path], message: INTEGRITY_MESSAGES.missingColumn(who, ref.column, ref.sheet) });
  }
  return [...problems.values()];
}

/** A board filter over a sheet column (board settings' `filters`). */
export interface BoardFilterRef {
  sheet_column?: { sheet?: string; column?: string } | null;
}

/**
 * The integrity check of an app: its broken blocks in page order, each with its problems; board
 * filters naming a missing column come as one entry with blockId ''. Blocks of kinds outside the
 * catalogue are skipped (the catalogue decides what a kind reads).
 */
export function checkApp(
  blocks: readonly BlockRecord[],
  sheets: readonly SheetColumns[],
  schemaFor: (type: string) => BlockSchema | null | undefined,
  boardFilters: readonly (BoardFilterRef | null | undefined)[] = [],
): BrokenBlock[] {
  const out: BrokenBlock[] = [];
  for (const block of blocks) {
    const schema = schemaFor(block.type);
    if (!schema) continue;
    const problems = checkBlock(schema, block, sheets);
    if (problems.length) out.push({ blockId: block.id, block: blockLabel(schema, block), problems });
  }
  const byTitle = new Map(sheets.map((s) => [s.title, new Set(s.columns)]));
  const filterProblems: BlockProblem[] = [];
  boardFilters.forEach((f, i) => {
    const sc = f?.sheet_column;
    if (!sc?.sheet || !sc.column) return;
    const columns = byTitle.get(sc.sheet);
    if (columns?.has(sc.column)) return;
    const who = INTEGRITY_MESSAGES.boardFilters;
    filterProblems.push({
      blockId: '',
      block: who,
      sheet: sc.sheet,
      column: columns ? sc.column : null,
      paths: [`filters.${i}`],
      message: columns ? INTEGRITY_MESSAGES.missingColumn(who, sc.column, sc.sheet) : INTEGRITY_MESSAGES.missingSheet(who, sc.sheet),
    });
  });
  if (filterProblems.length) out.push({ blockId: '', block: INTEGRITY_MESSAGES.boardFilters, problems: filterProblems });
  return out;
}

/** One line naming the broken blocks, for a warning ('2 blocks name columns … : The chart “Sales”, …'). */
export function brokenBlocksInWords(broken: readonly BrokenBlock[]): string | null {
  if (!broken.length) return null;
  const names = broken.map((b) => `“${b.block}”`).join(', ');
  const n = broken.length;
  return `${n === 1 ? 'One block names' : `${n} blocks name`} a sheet or column that is not in the data: ${names}. Open the editor to choose other columns, or the app will show these blocks empty.`;
}

/** Drops every reference to `column` of `sheet` from a settings level; null when nothing named it. */
function dropIn(schema: SettingsSchema, values: Values, ownSheet: string, sheet: string, column: string): Values | null {
  let out: Values | null = null;
  const set = (key: string, v: unknown) => {
    out ??= { ...values };
    out[key] = v;
  };
  const mine = ownSheet === sheet;
  for (const [key, setting] of Object.entries(schema)) {
    const v = values[key];
    if (setting.type === 'sheet_columns' && mine) {
      if (v === column) set(key, '');
      else if (Array.isArray(v) && v.includes(column)) set(key, v.filter((c) => c !== column));
    } else if (setting.type === 'datasource') {
      const d = v as { sheet?: unknown; column?: unknown } | undefined;
      if (d && d.sheet === sheet && d.column === column) set(key, { ...d, column: '' });
    } else if (setting.type === 'markdowntext' && mine && typeof v === 'string') {
      const next = v.replace(MARKDOWN_REF, (whole, bang: string, inner: string) => (!bang && inner.trim() === column ? '' : whole));
      if (next !== v) set(key, next);
    } else if (setting.type === 'array' && setting.item && Array.isArray(v)) {
      const next = dropItems(setting.item, v, ownSheet, sheet, column);
      if (next) set(key, next);
    }
  }
  return out;
}

/** A list of items without those naming the column (an axis, an action, a filter, a field). */
function dropItems(settings: SettingsSchema, items: readonly unknown[], ownSheet: string, sheet: string, column: string): unknown[] | null {
  const kept = items.filter((item) => {
    if (!item || typeof item !== 'object') return true;
    const refs: ColumnReference[] = [];
    walk(settings, item as Values, ownSheet, '', refs);
    return !refs.some((r) => r.sheet === sheet && r.column === column);
  });
  return kept.length === items.length ? null : kept;
}

/**
 * The block without `column` of `sheet`: an axis, action, filter or list item naming it is
 * removed, a single column setting is emptied, a datasource loses its column, a markdown
 * `[Column]` is taken out. Null when the block does not name it.
 */
export function dropColumnFromBlock(schema: BlockSchema, block: BlockRecord, sheet: string, column: string): BlockRecord | null {
  const own = block.sheet_title || '';
  let next: Values = block as unknown as Values;
  let changed = false;
  const top = dropIn(blockSettings(schema), next, own, sheet, column);
  if (top) {
    next = top;
    changed = true;
  }
  for (const name of LISTS) {
    const settings = listSettings(schema, name);
    const items = next[name];
    if (!settings || !Array.isArray(items)) continue;
    const kept = dropItems(settings, items, own, sheet, column);
    if (kept) {
      next = { ...next, [name]: kept };
      changed = true;
    }
  }
  return changed ? (next as unknown as BlockRecord) : null;
}
