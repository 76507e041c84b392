// Who may change what in a table or list, and which action buttons a row shows. Pure: the views
// draw what these return; the server (src/server/modules/rows/service.ts) enforces the same
// audiences with the same `allows` rule.
import { allows, type ViewerRole } from '../audience';
import { fieldOptions, type FieldSpec } from '../fields/field-values';
import { readSettings, type SettingsOf } from '../../shared/settings/read';
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { tableActionSettings, type ActionType } from '../table/schema';

export type RowsKind = 'table' | 'list';

export const rowsKind = (config: BlockRecord): RowsKind => (config.type === 'list' ? 'list' : 'table');

/** Spec §3: `editable` defaults to None for tables and Everyone for lists. */
export function editableAudience(kind: RowsKind, entry: SettingValues): unknown {
  return entry.editable ?? (kind === 'list' ? 'Everyone' : 'None');
}

/** A column the row editor offers, with what its editor needs. */
export interface EditField extends FieldSpec {
  options: string[];
  character_limit: number;
  /** image_source 'Upload Image': the editor offers an upload. */
  upload: boolean;
}

const axes = (config: BlockRecord): SettingValues[] => (Array.isArray(config.axis) ? config.axis : []);

/** List axes type only text or image; other values edit as text. */
function fieldType(kind: RowsKind, entry: SettingValues): string {
  const t = typeof entry.type === 'string' ? entry.type : 'text';
  if (kind === 'list') return t === 'image' ? 'image' : 'text';
  return t;
}

function toField(kind: RowsKind, entry: SettingValues, sheets: Record<string, Record<string, unknown>[]>): EditField {
  const type = fieldType(kind, entry);
  const limit = Number(entry.character_limit ?? 0);
  return {
    column: String(entry.column),
    type,
    options: type === 'select' || type === 'multi-select' ? fieldOptions(entry, sheets) : [],
    character_limit: Number.isFinite(limit) && limit > 0 ? limit : 0,
    upload: type === 'image' && entry.image_source === 'Upload Image',
  };
}

const named = (entry: SettingValues) => typeof entry.column === 'string' && entry.column !== '';

/**
 * The fields of a whole row (the 'Add Row' form and the 'Edit row' action): the shown columns in
 * order (configured columns that are not hidden, or every sheet column as text without any).
 */
export function rowFields(config: BlockRecord, sheetColumns: string[], sheets: Record<string, Record<string, unknown>[]> = {}): EditField[] {
  const kind = rowsKind(config);
  const list = axes(config).filter(named);
  if (list.length === 0) return sheetColumns.map((column) => toField(kind, { column }, sheets));
  return list.filter((a) => a.hidden !== true).map((a) => toField(kind, a, sheets));
}

/** Columns `role` may edit in place (their `editable` audience allows it), by column name. */
export function editableFields(config: BlockRecord, role: ViewerRole, sheets: Record<string, Record<string, unknown>[]> = {}): Map<string, EditField> {
  const kind = rowsKind(config);
  const out = new Map<string, EditField>();
  for (const a of axes(config)) {
    if (!named(a) || a.hidden === true) continue;
    if (allows(editableAudience(kind, a), role)) out.set(String(a.column), toField(kind, a, sheets));
  }
  return out;
}

export const canAddRow = (config: BlockRecord, role: ViewerRole): boolean => allows(config.add_new_row ?? 'None', role);

/** Action types a list offers (spec: lists only Edit row and Delete row). */
export const LIST_ACTION_TYPES: readonly ActionType[] = ['Edit row', 'Delete row'];

/** How an action runs: in the browser, through the row dialogs, or on the server (runAction). */
export type ActionRun = 'client' | 'edit' | 'delete' | 'server';

export function actionRun(type: unknown): ActionRun | null {
  switch (type) {
    case 'Open link':
    case 'Copy to clipboard':
    case 'Download pdf':
      return 'client';
    case 'Edit row':
      return 'edit';
    case 'Delete row':
      return 'delete';
    case 'Duplicate row':
    case 'API call':
    case 'Compose Email':
      // The server holds secrets (tokens, headers) and makes outbound calls; viewers never do.
      return 'server';
    default:
      return null;
  }
}

/** An action as stored, typed by the table's action settings (a list's are a subset). */
export type TableAction = SettingsOf<typeof tableActionSettings>;

export interface RowAction {
  /** Position in the block's `actions` (runAction's index). */
  index: number;
  action: TableAction;
  run: ActionRun;
}

/**
 * The action buttons a row shows `role`: typed ones (not 'Select Type'), only Edit row / Delete
 * row on lists, none when action_button_visibility refuses the role, at most 2.
 */
export function rowActions(config: BlockRecord, role: ViewerRole): RowAction[] {
  if (!allows(config.action_button_visibility ?? 'Everyone', role)) return [];
  const kind = rowsKind(config);
  const out: RowAction[] = [];
  (Array.isArray(config.actions) ? config.actions : []).forEach((stored, index) => {
    // A cleared button colour is the usual one.
    const action = readSettings(tableActionSettings, stored, { blankIsDefault: ['button_color', 'text_color'] });
    const run = actionRun(action.type);
    if (!run) return;
    if (kind === 'list' && !LIST_ACTION_TYPES.includes(action.type)) return;
    out.push({ index, action, run });
  });
  return out.slice(0, 2);
}

export interface PageButton {
  title: string;
  page: string;
  button_color: string;
  text_color: string;
}

/** Toolbar buttons (`toolbar_buttons[].open_page`) or item buttons (`item_buttons[].open_detail_page`) that name a page. */
export function pageButtons(config: BlockRecord, key: 'toolbar_buttons' | 'item_buttons'): PageButton[] {
  const list = Array.isArray(config[key]) ? (config[key] as SettingValues[]) : [];
  const pageKey = key === 'toolbar_buttons' ? 'open_page' : 'open_detail_page';
  return list
    .filter((b) => b && typeof b[pageKey] === 'string' && b[pageKey] !== '')
    .map((b) => ({
      title: typeof b.title === 'string' && b.title ? b.title : 'Open',
      page: String(b[pageKey]),
      button_color: typeof b.button_color === 'string' && b.button_color ? b.button_color : '#4f46E5',
      text_color: typeof b.text_color === 'string' && b.text_color ? b.text_color : '#ffffff',
    }));
}
