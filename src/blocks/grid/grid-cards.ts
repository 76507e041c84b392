// Pure card helpers shared by the Grid and Data list views: which fields a card shows, what a
// button opens, the grid's columns and its on-page filter. The views only render the results.
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { cellText } from '../cells/cells';
import { DEFAULT_BUTTON_TEXT, type CardAxisType } from './schema';

type Row = Record<string, unknown>;

export interface CardField {
  column: string;
  type: CardAxisType;
  align: 'left' | 'center' | 'right';
  /** Image height in px (image_size small 96, medium 160, large 240). */
  imageHeight: number;
  roundImage: boolean;
  buttonText: string;
  roundButton: boolean;
  /** open_detail_page: a page of a multipage app, '' for none. */
  page: string;
  buttonColor: string;
  buttonTextColor: string;
  textColor?: string;
  hideOnGrid: boolean;
}

export const IMAGE_HEIGHTS: Record<string, number> = { small: 96, medium: 160, large: 240 };

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' && v !== '' ? v : fallback);

function fieldOf(a: SettingValues): CardField {
  const type: CardAxisType = a.type === 'image' || a.type === 'button' ? a.type : 'text';
  const align = a.alignment === 'center' || a.alignment === 'right' ? a.alignment : 'left';
  return {
    column: String(a.column),
    type,
    align,
    imageHeight: IMAGE_HEIGHTS[str(a.image_size, 'medium')] ?? IMAGE_HEIGHTS.medium!,
    roundImage: a.round_image === true,
    buttonText: str(a.button_text, DEFAULT_BUTTON_TEXT),
    roundButton: a.round_button === true,
    page: str(a.open_detail_page),
    buttonColor: str(a.button_color, '#4f46e5'),
    buttonTextColor: str(a.button_text_color, '#ffffff'),
    ...(str(a.text_color) ? { textColor: str(a.text_color) } : {}),
    hideOnGrid: a.hide_on_grid === true,
  };
}

/**
 * The fields of every card: the axes naming a column, in order. Without any, every sheet column
 * as left-aligned text, so a fresh block shows something readable.
 */
export function cardFields(config: BlockRecord, sheetColumns: string[]): CardField[] {
  const axes: SettingValues[] = Array.isArray(config.axis) ? config.axis : [];
  const named = axes.filter((a) => a && typeof a.column === 'string' && a.column !== '');
  if (named.length === 0) return sheetColumns.map((column) => fieldOf({ column, type: 'text' }));
  return named.map(fieldOf);
}

/** Fields drawn on the grid's cards (hide_on_grid ones are left for the pop-up). */
export const onCard = (fields: CardField[]): CardField[] => fields.filter((f) => !f.hideOnGrid);

/** Every field, hide_on_grid included: what the detail pop-up shows. */
export const inDetails = (fields: CardField[]): CardField[] => fields;

/** Columns the sort menu offers: the text fields (images and links make poor sort keys). */
export function sortColumns(fields: CardField[]): string[] {
  return [...new Set(fields.filter((f) => f.type === 'text').map((f) => f.column))];
}

/** `columns` setting → 1..4; anything else is the default 3. */
export function gridColumns(config: BlockRecord): number {
  const n = Number(config.columns);
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 3;
}

/** A link a button may open: http(s) only (www. gets https), never javascript:, data: or relative tricks. */
export function buttonHref(value: unknown): string | null {
  const v = cellText(value).trim();
  if (/^https?:\/\/[^\s]+$/i.test(v)) {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
    } catch {
      return null;
    }
  }
  if (/^www\.[^\s]+$/i.test(v)) return `https://${v}`;
  return null;
}

export type ButtonTarget = { kind: 'page'; page: string; rowId?: string } | { kind: 'link'; href: string } | null;

/**
 * What a button field opens for a row: its detail page when one is chosen and the app has pages
 * (multipage), otherwise the row's value of the button's column when it is an http(s) link.
 * null: nothing to open (the view disables the button and says why).
 */
export function buttonTarget(field: CardField, row: Row, canOpenPages: boolean): ButtonTarget {
  if (field.page && canOpenPages) {
    const id = typeof row._id === 'string' || typeof row._id === 'number' ? String(row._id) : '';
    return id ? { kind: 'page', page: field.page, rowId: id } : { kind: 'page', page: field.page };
  }
  const href = buttonHref(row[field.column]);
  return href ? { kind: 'link', href } : null;
}

/** Distinct non-empty values of a column among the given rows, sorted (at most `max`). */
export function filterValues(rows: Row[], column: string, max = 100): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    const v = cellText(r[column]).trim();
    if (v) seen.add(v);
  }
  return [...seen].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).slice(0, max);
}

/** Rows whose `column` holds exactly `value` (trimmed); no column or value keeps every row. */
export function applyCardFilter<R extends Row>(rows: R[], column: string | null, value: string | null): R[] {
  if (!column || !value) return rows;
  return rows.filter((r) => cellText(r[column]).trim() === value);
}
