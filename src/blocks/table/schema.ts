// Table block settings (spec, blocks-and-data §3 "List and table blocks" and "Actions").
// Stored keys keep the spec's spelling. Data only: this object must survive a JSON round trip.
import { columnTypesWithout } from '../../shared/rows/column-types';
import type { BlockSchema } from '../../shared/settings/types';
import { actionColorSettings } from '../../shared/settings/fragments';
import { ROLE_OPTIONS, rowBlockSettings } from '../../shared/settings/row-blocks';
import { capitalisedOptions, columnTypeOptions, sameLabelOptions, selectChoicesSettings } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export { ROLE_OPTIONS };

/** The table's column types (spec order): every column type but `file`. */
export const TABLE_COLUMN_TYPES = columnTypesWithout('file');
export type TableColumnType = (typeof TABLE_COLUMN_TYPES)[number];

export const ACTION_TYPES = [
  'Select Type',
  'Duplicate row',
  'Edit row',
  'Delete row',
  'Open link',
  'API call',
  'Compose Email',
  'Copy to clipboard',
  'Download pdf',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Action types that run in the browser (the others go through the row dialogs or the server). */
export const CLIENT_ACTION_TYPES: readonly ActionType[] = ['Open link', 'Copy to clipboard', 'Download pdf'];

export const CONDITION_OPERATORS = ['equals', 'not_equals', 'contains', 'starts_with', 'ends_with', 'empty', 'not_empty'] as const;

const isType = (...types: string[]) => ({ setting: 'type', in: types });

/** One column of the table (an axis). */
export const tableAxisSettings = defineSettings({
  column: { type: 'sheet_columns', default: '', required: true, label: 'Column' },
  type: { type: 'select', default: 'text', label: 'Type', options: columnTypeOptions(...TABLE_COLUMN_TYPES) },
  hidden: { type: 'boolean', default: false, label: 'Hidden' },
  use_markdown: { type: 'boolean', default: false, label: 'Use markdown' },
  editable: { type: 'select', default: 'None', label: 'Editable by', options: sameLabelOptions(...ROLE_OPTIONS) },
  column_width: {
    type: 'input',
    default: '',
    label: 'Column width',
    description: "Empty: the block's column width.",
  },
  text_alignment: {
    type: 'select',
    default: 'auto',
    label: 'Text alignment',
    description: 'Auto: numbers right, everything else left.',
    options: capitalisedOptions('auto', 'left', 'center', 'right'),
  },
  Conditional_formatting: {
    type: 'array',
    default: [],
    label: 'Conditional formatting',
    description: 'The first matching rule colours the cell.',
    maxItems: 10,
    showIf: isType('text'),
    item: {
      condition: { type: 'select', default: 'equals', label: 'Condition', options: sameLabelOptions(...CONDITION_OPERATORS) },
      value: { type: 'input', default: '', label: 'Value' },
      text_color: { type: 'color', default: '#1f2937', label: 'Text colour' },
      background_color: { type: 'color', default: '#fef3c7', label: 'Background colour' },
    },
  },
  ...selectChoicesSettings({ default: 'true, false', description: 'Comma separated.' }),
  character_limit: {
    type: 'number',
    default: 0,
    min: 0,
    label: 'Character limit',
    description: '0: no limit. Longer texts are cut with an ellipsis.',
  },
  image_source: {
    type: 'select',
    default: 'External URL',
    label: 'Image source',
    options: sameLabelOptions('External URL', 'Upload Image'),
    showIf: isType('image'),
  },
});

/** One action button of a row. */
export const tableActionSettings = defineSettings({
  title: { type: 'input', default: 'Action', label: 'Title' },
  type: { type: 'select', default: 'Select Type', label: 'Type', options: sameLabelOptions(...ACTION_TYPES) },
  ...actionColorSettings,
  source_column: {
    type: 'sheet_columns',
    default: '',
    label: 'Source column',
    description: 'Open link: the URL; Compose Email: the address; Copy to clipboard: the text.',
    showIf: isType('Open link', 'Compose Email', 'Copy to clipboard'),
  },
  pdf_template: {
    type: 'textarea',
    default: '',
    label: 'PDF template',
    description: 'Text of the PDF; {{Column}} is replaced by the row value. Empty: every column.',
    showIf: isType('Download pdf'),
  },
  api_endpoint: { type: 'url', default: '', label: 'API endpoint', showIf: isType('API call') },
  http_method: { type: 'select', default: 'POST', label: 'HTTP method', options: sameLabelOptions('POST'), showIf: isType('API call') },
  body_type: { type: 'select', default: 'JSON', label: 'Body type', options: sameLabelOptions('JSON', 'Form-data'), showIf: isType('API call') },
  authorization_method: {
    type: 'select',
    default: 'No Auth',
    label: 'Authorization',
    options: sameLabelOptions('No Auth', 'Bearer Token', 'Custom Header'),
    showIf: isType('API call'),
  },
  custom_header: {
    type: 'input',
    default: '',
    label: 'Header name',
    showIf: { all: [isType('API call'), { setting: 'authorization_method', equals: 'Custom Header' }] },
  },
  token: {
    type: 'input',
    default: '',
    label: 'Token',
    showIf: { all: [isType('API call'), { setting: 'authorization_method', in: ['Bearer Token', 'Custom Header'] }] },
  },
  field_mapping: {
    type: 'kv_pair',
    default: [],
    label: 'Field mapping',
    description: 'Body field name → row column.',
    showIf: isType('API call'),
  },
  success_message: {
    type: 'input',
    default: '',
    label: 'Success message',
    showIf: isType('Duplicate row', 'Edit row', 'Delete row', 'API call', 'Compose Email', 'Copy to clipboard'),
  },
  error_message: {
    type: 'input',
    default: '',
    label: 'Error message',
    showIf: isType('Duplicate row', 'Edit row', 'Delete row', 'API call', 'Compose Email', 'Copy to clipboard'),
  },
});

export const tableSchema: BlockSchema = {
  kind: 'table',
  name: 'Table',
  description: 'Rows of a sheet with search, sort, pagination, column types and CSV download.',
  category: 'data',
  icon: 'table',
  usesSheet: true,
  // No named column: the view shows every column of the sheet.
  allColumnsWithoutAxis: true,
  data: 'paged',
  settings: rowBlockSettings,
  axis: {
    label: 'column',
    min: 0,
    settings: tableAxisSettings,
  },
  actions: {
    max: 2,
    settings: tableActionSettings,
  },
  needs: { rowWrites: { noun: 'table', by: 'audiences' } },
};
