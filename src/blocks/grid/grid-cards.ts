// Pure card helpers shared by the Grid and Data list views: which fields a card shows, what a
// button opens, the grid's columns and its on-page filter. The views only render the results.
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { cellText } from '../cells/cells';
import { readSettings } from '../../shared/settings/read';
import { gridAxisSettings, IMAGE_SIZES, type CardAxisType } from './schema';

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

export const IMAGE_HEIGHTS: Record<(typeof IMAGE_SIZES)[number], number> = { small: 96, medium: 160, large: 240 };

/** Settings where a cleared value means the usual one (the button's text and colours). */
const BLANK_IS_DEFAULT = ['button_text', 'button_color', 'button_text_color'] as const;

/** One field from an axis (the data list's axes read the same way: their settings are the grid's, without hide_on_grid). */
function fieldOf(axis: SettingValues): CardField {
  const a = readSettings(gridAxisSettings, axis, { blankIsDefault: BLANK_IS_DEFAULT });
  return {
    column: a.column,
    type: a.type,
    align: a.alignment,
    imageHeight: IMAGE_HEIGHTS[a.image_size],
    roundImage: a.round_image,
    buttonText: a.button_text,
    roundButton: a.round_button,
    page: a.open_detail_page,
    buttonColor: a.button_color,
    buttonTextColor: a.button_text_color,
    ...(a.text_color ? { textColor: a.text_color } : {}),
    hideOnGrid: a.hide_on_grid,
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
