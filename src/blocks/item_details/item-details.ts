// What the item-details block shows for its row: the photo (the first image column), the other
// content columns in order, and its action buttons (an http(s) link from a column, or a page of
// the app with the same row). Pure and table-tested.
import { readSettings } from '../../shared/settings/read';
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { safeHref, safeImageSrc } from '../links';
import { DEFAULT_ACTION_LABEL, itemDetailsActionSettings, itemDetailsAxisSettings, itemDetailsSettings } from './schema';

type Row = Record<string, unknown>;
export type Align = 'left' | 'center' | 'right';

export interface DetailField {
  column: string;
  type: 'text' | 'image';
  label: string | null;
  align: Align;
  size: 'sm' | 'md' | 'lg' | 'xl';
  color: string | null;
}

const META = new Set(['_id', '_version']);

/** A cell as text (lists joined with ', '). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  if (typeof v === 'object') return '';
  return String(v);
}

function fieldOf(axis: SettingValues): DetailField {
  const a = readSettings(itemDetailsAxisSettings, axis);
  const { column, type } = a;
  return { column, type, label: type === 'text' && a.show_label ? a.label.trim() || column : null, align: a.alignment, size: a.text_size, color: a.text_color || null };
}

/** The content columns: the axes naming a column; none → every column of the sheet as text. */
export function detailFields(config: BlockRecord, columns: string[]): DetailField[] {
  const axes = (Array.isArray(config.axis) ? config.axis : []).filter((a) => a && typeof a.column === 'string' && a.column !== '');
  if (axes.length > 0) return axes.map(fieldOf);
  return columns.filter((c) => !META.has(c)).map((column) => fieldOf({ column, type: 'text' }));
}

/** The photo (the first image field with a safe address) and the remaining fields. */
export function splitPhoto(fields: DetailField[], row: Row): { photo: { src: string; field: DetailField } | null; rest: DetailField[] } {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.type !== 'image') continue;
    const src = safeImageSrc(cellText(row[f.column]));
    if (src) return { photo: { src, field: f }, rest: fields.filter((_, j) => j !== i) };
  }
  return { photo: null, rest: fields };
}

export type ActionTarget = { kind: 'link'; href: string } | { kind: 'page'; slug: string; rowId: string | undefined } | null;

export interface DetailAction {
  label: string;
  target: ActionTarget;
  /** Why nothing opens (shown as the disabled button's tooltip). */
  reason: string | null;
  buttonColor: string;
  textColor: string;
}

export function detailActions(config: BlockRecord, row: Row | null, canOpenPages: boolean): DetailAction[] {
  const actions = (Array.isArray(config.actions) ? config.actions : []).slice(0, 2);
  return actions.map((stored) => {
    // A cleared colour is the usual one.
    const a = readSettings(itemDetailsActionSettings, stored, { blankIsDefault: ['button_color', 'text_color'] });
    const label = a.label.trim() || DEFAULT_ACTION_LABEL;
    const colours = { buttonColor: a.button_color, textColor: a.text_color };
    if (a.type === 'Page') {
      const slug = a.Pages;
      if (!slug) return { label, target: null, reason: 'No page chosen', ...colours };
      if (!canOpenPages) return { label, target: null, reason: 'Pages open in the published app', ...colours };
      const id = row && (typeof row._id === 'string' || typeof row._id === 'number') ? String(row._id) : undefined;
      return { label, target: { kind: 'page', slug, rowId: id }, reason: null, ...colours };
    }
    const { column } = a;
    if (!column) return { label, target: null, reason: 'No column chosen', ...colours };
    const raw = cellText(row?.[column]).trim();
    const href = /^(https?:\/\/|www\.)/i.test(raw) ? safeHref(raw) : null;
    return href ? { label, target: { kind: 'link', href }, reason: null, ...colours } : { label, target: null, reason: `No http(s) link in ${column}`, ...colours };
  });
}

/**
 * Which row to show. The address names one (`?row=`): that row (the renderer loaded it). In the
 * editor without one: the first row, as a preview. A guest without one: none (empty state).
 */
export function shownRow(rows: Row[], rowId: string | null, mode: 'view' | 'edit'): Row | null {
  if (rowId) return rows.find((r) => String(r._id) === rowId) ?? null;
  return mode === 'edit' ? (rows[0] ?? null) : null;
}

export interface PhotoStyle {
  height: number;
  fit: 'cover' | 'contain';
  radius: number;
  border: string | null;
}

export function photoStyle(config: BlockRecord): PhotoStyle {
  if (config.photo_customize !== true) return { height: 360, fit: 'cover', radius: 12, border: null };
  const h = Number(config.photo_height);
  const r = Number(config.photo_radius);
  return {
    height: h >= 120 && h <= 900 ? h : 360,
    fit: config.photo_fit === 'contain' ? 'contain' : 'cover',
    radius: r >= 0 && r <= 200 ? r : 12,
    border: readSettings(itemDetailsSettings, config).photo_border_color || null,
  };
}
