// Block-level settings shared by the table and list blocks (spec, blocks-and-data §3 "List and
// table blocks"). They live in src/shared because a block's schema.ts imports only src/shared, and
// the list block reuses every one of them. Data only: the object must survive a JSON round trip.
import { defineSettings } from './read';
import { capitalisedOptions, sameLabelOptions } from './options';

/** Viewer roles that may add rows, edit fields or see action buttons (spec §6). */
export const ROLE_OPTIONS = ['Admins', 'Admins & Guests', 'None', 'Everyone'] as const;

/** A button that opens a page (toolbar and item buttons): its title and colours. */
const pageButtonLook = defineSettings({
  title: { type: 'input', default: 'Open', label: 'Title' },
  button_color: { type: 'color', default: '#4f46E5', label: 'Button colour' },
  text_color: { type: 'color', default: '#ffffff', label: 'Text colour' },
});

export const rowBlockSettings = defineSettings({
  title_alignment: {
    type: 'select',
    default: 'left',
    label: 'Title alignment',
    options: capitalisedOptions('left', 'center', 'right'),
  },
  title_font: {
    type: 'select',
    default: 'default',
    label: 'Title font',
    options: capitalisedOptions('default', 'serif', 'monospace'),
  },
  paginate: { type: 'boolean', default: true, label: 'Paginate' },
  rows_per_page: {
    type: 'number',
    default: 10,
    min: 1,
    max: 1000,
    label: 'Rows per page',
    description: 'Empty means 10.',
    showIf: { setting: 'paginate', equals: true },
  },
  show_search: { type: 'boolean', default: true, label: 'Show search' },
  show_sort: { type: 'boolean', default: true, label: 'Show sort', description: 'Sort by clicking a column header.' },
  show_pagination: {
    type: 'boolean',
    default: true,
    label: 'Show pagination',
    showIf: { setting: 'paginate', equals: true },
  },
  show_filter: {
    type: 'boolean',
    default: false,
    label: 'Show filter',
    // Nothing shows it yet: the board's own filters apply to every block. Kept (hidden) so a
    // saved block keeps its value.
    hidden: true,
  },
  csv_download: { type: 'boolean', default: true, label: 'CSV download' },
  pdf_download: { type: 'boolean', default: false, label: 'PDF download' },
  show_details_on_click: { type: 'boolean', default: false, label: 'Show details on click' },
  column_width: {
    type: 'input',
    default: '200px',
    label: 'Column width',
    description: 'Default width of every column, e.g. 200px.',
  },
  add_new_row: { type: 'select', default: 'None', label: 'Add new row', options: sameLabelOptions(...ROLE_OPTIONS) },
  add_row_button_title: {
    type: 'input',
    default: 'Add Row',
    label: 'Add row button title',
    showIf: { not: { setting: 'add_new_row', equals: 'None' } },
  },
  add_row_button_color: {
    type: 'color',
    default: '#4f46e5',
    label: 'Add row button colour',
    showIf: { not: { setting: 'add_new_row', equals: 'None' } },
  },
  add_row_text_color: {
    type: 'color',
    default: '#ffffff',
    label: 'Add row text colour',
    showIf: { not: { setting: 'add_new_row', equals: 'None' } },
  },
  submit_button_title: {
    type: 'input',
    default: 'Submit',
    label: 'Submit button title',
    showIf: { not: { setting: 'add_new_row', equals: 'None' } },
  },
  action_button_visibility: {
    type: 'select',
    default: 'Everyone',
    label: 'Action buttons visible to',
    options: sameLabelOptions(...ROLE_OPTIONS),
  },
  freeze_actions_column: { type: 'boolean', default: false, label: 'Freeze actions column' },
  toolbar_buttons: {
    type: 'array',
    default: [],
    label: 'Toolbar buttons',
    description: 'Buttons above the rows that open a page of the app.',
    maxItems: 4,
    item: {
      ...pageButtonLook,
      open_page: { type: 'pages', default: '', required: true, label: 'Open page' },
    },
  },
  item_buttons: {
    type: 'array',
    default: [],
    label: 'Item buttons',
    description: "Buttons on every row that open a detail page with that row.",
    maxItems: 2,
    item: {
      ...pageButtonLook,
      open_detail_page: { type: 'pages', default: '', required: true, label: 'Open detail page' },
    },
  },
  Card_color: { type: 'color', default: '#ffffff', label: 'Card colour' },
  Pagination_color: { type: 'color', default: '#4f46e5', label: 'Pagination colour' },
  Search_color: { type: 'color', default: '#4f46e5', label: 'Search colour' },
  Filter_color: { type: 'color', default: '#4f46e5', label: 'Filter colour' },
});
