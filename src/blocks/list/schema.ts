// List block settings (spec, blocks-and-data §3 "List and table blocks"): the table's block
// settings, list axes (text or image lines, text_color, font_style; editable defaults to
// Everyone) and only the Edit row / Delete row actions. Data only (JSON round trip).
import type { BlockSchema } from '../../shared/settings/types';
import { actionColorSettings } from '../../shared/settings/fragments';
import { ROLE_OPTIONS, rowBlockSettings } from '../../shared/settings/row-blocks';
import { sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const LIST_AXIS_TYPES = ['text', 'image'] as const;
export const FONT_STYLES = ['normal', 'bold', 'italic', 'bold italic'] as const;

const rowMessage = { setting: 'type', in: ['Edit row', 'Delete row'] };

export const listSettings = defineSettings({
  ...rowBlockSettings,
  column_width: {
    type: 'input',
    default: '200px',
    label: 'Image width',
    description: "Width of each item's image, e.g. 200px.",
  },
});

/** One line of an item (an axis). */
export const listAxisSettings = defineSettings({
  column: { type: 'sheet_columns', default: '', required: true, label: 'Column' },
  type: { type: 'select', default: 'text', label: 'Type', options: sameLabelOptions(...LIST_AXIS_TYPES) },
  text_color: { type: 'color', default: '', label: 'Text colour', showIf: { setting: 'type', equals: 'text' } },
  font_style: {
    type: 'select',
    default: 'normal',
    label: 'Font style',
    options: sameLabelOptions(...FONT_STYLES),
    showIf: { setting: 'type', equals: 'text' },
  },
  hidden: { type: 'boolean', default: false, label: 'Hidden' },
  editable: { type: 'select', default: 'Everyone', label: 'Editable by', options: sameLabelOptions(...ROLE_OPTIONS) },
});

/** One action button of an item. */
export const listActionSettings = defineSettings({
  title: { type: 'input', default: 'Action', label: 'Title' },
  type: { type: 'select', default: 'Select Type', label: 'Type', options: sameLabelOptions('Select Type', 'Edit row', 'Delete row') },
  ...actionColorSettings,
  success_message: { type: 'input', default: '', label: 'Success message', showIf: rowMessage },
  error_message: { type: 'input', default: '', label: 'Error message', showIf: rowMessage },
});

export const listSchema: BlockSchema = {
  kind: 'list',
  name: 'List',
  description: 'Rows of a sheet as a list of items (image and text lines), with search, pages and row editing.',
  category: 'data',
  icon: 'list',
  usesSheet: true,
  // No named column: the view shows every column of the sheet.
  allColumnsWithoutAxis: true,
  data: 'paged',
  settings: listSettings,
  axis: {
    label: 'line',
    min: 0,
    settings: listAxisSettings,
  },
  actions: {
    max: 2,
    settings: listActionSettings,
  },
  needs: { rowWrites: { noun: 'list', by: 'audiences' } },
};
