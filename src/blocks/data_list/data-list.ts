// Pure data list logic: the sort it asks of the server, the same sort in the browser (previews),
// the conditional filter (the chart's rule) and the card/timeline styling choices.
import type { BlockRecord } from '../../shared/settings/types';
import type { CardField } from '../grid/grid-cards';
import { cellText } from '../cells/cells';

type Row = Record<string, unknown>;

export interface SortSpec {
  column: string;
  dir: 'asc' | 'desc';
}

/**
 * The sort of a data list: `sorting` None → none; Ascending / Descending by `sort_column`, or,
 * when that is empty, by the first text field (else the first field, else the first sheet column).
 */
export function sortSpec(config: BlockRecord, fields: CardField[], sheetColumns: string[]): SortSpec | null {
  const dir = config.sorting === 'Ascending' ? 'asc' : config.sorting === 'Descending' ? 'desc' : null;
  if (!dir) return null;
  const chosen = typeof config.sort_column === 'string' ? config.sort_column : '';
  const column = chosen || fields.find((f) => f.type === 'text')?.column || fields[0]?.column || sheetColumns[0] || '';
  return column ? { column, dir } : null;
}

/** Numbers and dates in ISO form compare naturally ('9' < '10'); empty cells go last either way. */
export function sortRows<R extends Row>(rows: R[], spec: SortSpec | null): R[] {
  if (!spec) return rows;
  const sign = spec.dir === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = cellText(a[spec.column]).trim();
    const y = cellText(b[spec.column]).trim();
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return sign * x.localeCompare(y, 'en', { numeric: true, sensitivity: 'base' });
  });
}

const same = (v: unknown) => cellText(v).trim().toLowerCase();

/**
 * The conditional filter, the chart's rule (select_column "Is" match_with_column, filter_by
 * None): a row is kept when its two named columns hold the same text (trimmed, any case). A
 * filter missing either column is ignored; several filters must all hold.
 */
export function applyDataListFilters<R extends Row>(rows: R[], filters: unknown): R[] {
  if (!Array.isArray(filters)) return rows;
  const active = filters
    .filter((f): f is Record<string, unknown> => !!f && typeof f === 'object')
    .map((f) => ({ a: typeof f.select_column === 'string' ? f.select_column : '', b: typeof f.match_with_column === 'string' ? f.match_with_column : '' }))
    .filter((f) => f.a !== '' && f.b !== '');
  if (active.length === 0) return rows;
  return rows.filter((row) => active.every((f) => same(row[f.a]) === same(row[f.b])));
}

export type ListType = 'vertical' | 'horizontal' | 'timeline';
export type TimelineLayout = 'vertical' | 'horizontal' | 'zigzag';

export function listType(config: BlockRecord): ListType {
  return config.list_type === 'horizontal' || config.list_type === 'timeline' ? config.list_type : 'vertical';
}

export function timelineLayout(config: BlockRecord): TimelineLayout {
  return config.timeline_layout === 'horizontal' || config.timeline_layout === 'zigzag' ? config.timeline_layout : 'vertical';
}

/** card_style → border radius in px: default 8, rounded 18, sharp 0. */
export function cardRadius(style: unknown): number {
  return style === 'rounded' ? 18 : style === 'sharp' ? 0 : 8;
}

/** Zigzag timelines alternate sides: even items left of the line, odd ones right. */
export const zigzagSide = (index: number): 'left' | 'right' => (index % 2 === 0 ? 'left' : 'right');
