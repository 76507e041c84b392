// The data-contract guard: each sync reads a tab's header again, and a column renamed or deleted
// in Google that a block uses is reported (which blocks, which settings) with a one-click remap.
// What a block reads comes from its schema (src/shared/settings/columns.ts: usedColumns,
// datasourceSheets, remapBlockColumns), so no block kind is named here and a new kind is covered
// the day it joins the catalogue.
//
// Pure: no network, no database.
import { schemaOf } from '../../../blocks/schemas';
import { blockLabel, remapBlockColumns, type ColumnMap } from '../../../shared/settings/columns';
import { columnReferences } from '../../../shared/settings/integrity';
import type { BlockRecord, BlockSchema } from '../../../shared/settings/types';
import type { ParsedHeader } from './ids';

/** A visible column and its 0-based sheet column index. */
export interface HeaderColumn {
  name: string;
  position: number;
}

/** The columns of a parsed header with their positions (what the sync stores for next time). */
export function headerColumns(header: Pick<ParsedHeader, 'columns' | 'positions'>): HeaderColumn[] {
  return header.columns.map((name, i) => ({ name, position: header.positions[i]! }));
}

export interface HeaderChanges {
  /** A column whose name changed in place (see compareHeaders). */
  renamed: { from: string; to: string; position: number }[];
  deleted: HeaderColumn[];
  added: HeaderColumn[];
  /** Columns still there whose order among the others changed (blocks do not care; reported). */
  moved: { name: string; from: number; to: number }[];
}

/** Indexes (into `xs`) of one longest strictly increasing subsequence: O(n log n). */
function increasingRun(xs: readonly number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array<number>(xs.length).fill(-1);
  for (let i = 0; i < xs.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[tails[mid]!]! < xs[i]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const out = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i !== -1; i = prev[i]!) out.add(i);
  return out;
}

/**
 * The previous header against the new one. Columns are matched by name; a column kept in place
 * (its order among the other kept columns unchanged) is an anchor. A name gone and a new name in
 * the same place (between the same two anchors) is a rename; several gone and as many new in one
 * place pair up in order. Anything else is a deletion and an addition: a guess is never made when
 * the counts differ, and a name that still exists elsewhere is never taken for renamed.
 */
export function compareHeaders(previous: readonly HeaderColumn[], next: readonly HeaderColumn[]): HeaderChanges {
  const before = [...previous].sort((a, b) => a.position - b.position);
  const after = [...next].sort((a, b) => a.position - b.position);
  const beforeAt = new Map(before.map((c, i) => [c.name, i]));
  const afterNames = new Set(after.map((c) => c.name));
  // Kept columns in their new order, by their old index; the longest increasing run stays put.
  const kept = after.filter((c) => beforeAt.has(c.name));
  const oldIndex = kept.map((c) => beforeAt.get(c.name)!);
  const staying = increasingRun(oldIndex);
  const anchors = new Set(kept.filter((_, i) => staying.has(i)).map((c) => c.name));
  const out: HeaderChanges = { renamed: [], deleted: [], added: [], moved: [] };
  kept.forEach((c, i) => {
    if (!staying.has(i)) out.moved.push({ name: c.name, from: before[oldIndex[i]!]!.position, to: c.position });
  });
  // The place of a column: how many anchors come before it.
  const gaps = (cols: HeaderColumn[], take: (c: HeaderColumn) => boolean) => {
    const byGap = new Map<number, HeaderColumn[]>();
    let gap = 0;
    for (const c of cols) {
      if (anchors.has(c.name)) gap++;
      else if (take(c)) {
        const list = byGap.get(gap);
        if (list) list.push(c);
        else byGap.set(gap, [c]);
      }
    }
    return byGap;
  };
  const gone = gaps(before, (c) => !afterNames.has(c.name));
  const fresh = gaps(after, (c) => !beforeAt.has(c.name));
  for (const [gap, olds] of gone) {
    const news = fresh.get(gap);
    if (news && news.length === olds.length) {
      olds.forEach((o, i) => out.renamed.push({ from: o.name, to: news[i]!.name, position: news[i]!.position }));
      fresh.delete(gap);
    } else out.deleted.push(...olds);
  }
  for (const news of fresh.values()) out.added.push(...news);
  out.deleted.sort((a, b) => a.position - b.position);
  out.added.sort((a, b) => a.position - b.position);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Which blocks a change breaks

/** A setting of a block, by path as validation issues name it (`x_axis`, `axis.0.column`). */
export interface SettingUse {
  path: string;
  /** The setting's label in the editor (its key when it has none). */
  label: string;
}

export interface BlockColumnUse {
  blockId: string;
  type: string;
  /** The block as the owner knows it (its title, else its kind's name). */
  blockName: string;
  column: string;
  change: 'renamed' | 'deleted';
  /** The new name of a renamed column; null for a deleted one. */
  to: string | null;
  settings: SettingUse[];
}

/**
 * The blocks that name a renamed or deleted column of `sheetTitle`, and in which settings. A block
 * that shows every column without naming any (a table with no columns chosen) is not broken by
 * either and is not listed. Blocks of kinds outside the catalogue are skipped.
 */
export function affectedBlocks(sheetTitle: string, changes: Pick<HeaderChanges, 'renamed' | 'deleted'>, blocks: readonly BlockRecord[], schemaFor: (type: string) => BlockSchema | null = schemaOf): BlockColumnUse[] {
  const lost: { column: string; change: 'renamed' | 'deleted'; to: string | null }[] = [
    ...changes.renamed.map((r) => ({ column: r.from, change: 'renamed' as const, to: r.to })),
    ...changes.deleted.map((d) => ({ column: d.name, change: 'deleted' as const, to: null })),
  ];
  const out: BlockColumnUse[] = [];
  if (!lost.length) return out;
  for (const block of blocks) {
    const schema = schemaFor(block.type);
    if (!schema) continue;
    // The integrity check's references (shared/settings/integrity.ts): the same settings the
    // mapping page, the editor and publishing name.
    const refs = columnReferences(schema, block).filter((r) => r.sheet === sheetTitle);
    for (const l of lost) {
      const settings = new Map<string, SettingUse>();
      for (const r of refs) if (r.column === l.column && !settings.has(r.path)) settings.set(r.path, { path: r.path, label: r.label });
      if (!settings.size) continue;
      out.push({ blockId: block.id, type: block.type, blockName: blockLabel(schema, block), column: l.column, change: l.change, to: l.to, settings: [...settings.values()] });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The one-click remap

/**
 * A ColumnMap from plain pairs, keyed by old names: tabs renamed (`sheets`: old title → new) and
 * columns renamed or remapped per tab (`columns`: old tab title → old column → new column).
 * Maps, not objects, so a column named `constructor` maps like any other.
 */
export function columnMap(pairs: { sheets?: Iterable<readonly [string, string]>; columns?: Iterable<readonly [string, Iterable<readonly [string, string]>]> }): ColumnMap {
  const sheets = new Map(pairs.sheets ?? []);
  const columns = new Map<string, Map<string, string>>();
  for (const [sheet, cols] of pairs.columns ?? []) columns.set(sheet, new Map(cols));
  return { sheet: (title) => sheets.get(title), column: (sheet, column) => columns.get(sheet)?.get(column) };
}

/** The ColumnMap that follows every rename of a tab's header (the one-click remap of a rename). */
export function renameMap(sheetTitle: string, changes: Pick<HeaderChanges, 'renamed'>): ColumnMap {
  return columnMap({ columns: [[sheetTitle, changes.renamed.map((r) => [r.from, r.to] as const)]] });
}

/** The blocks the map changes, remapped (remapBlockColumns); blocks it leaves alone are not listed. */
export function remapBlocks(blocks: readonly BlockRecord[], map: ColumnMap, schemaFor: (type: string) => BlockSchema | null = schemaOf): BlockRecord[] {
  const out: BlockRecord[] = [];
  for (const block of blocks) {
    const schema = schemaFor(block.type);
    const next = schema ? remapBlockColumns(schema, block, map) : null;
    if (next) out.push(next);
  }
  return out;
}
