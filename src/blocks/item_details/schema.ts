// Item details settings (spec, blocks-and-data §3 "Item details" and the actions paragraph):
// Layout (stacked, column), photo_customize, content columns with their alignment, and up to two
// actions (External URL from a column, or a Page; label 'Click Here'). The row comes from the
// address (`?row={_id}`): data mode 'row'. Data only.
import type { BlockSchema, HideRule } from '../../shared/settings/types';
import { actionColorSettings } from '../../shared/settings/fragments';
import { capitalisedOptions, sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

const photo: HideRule = { setting: 'photo_customize', equals: true };
const isText: HideRule = { setting: 'type', equals: 'text' };

export const DEFAULT_ACTION_LABEL = 'Click Here';
export const EMPTY_ITEM_MESSAGE = 'Choose an item to see its details.';

export const itemDetailsSettings = defineSettings({
  Layout: {
    type: 'select',
    default: 'column',
    label: 'Layout',
    description: 'Column: the photo beside the details (stacked on phones). Stacked: the photo above them.',
    options: capitalisedOptions('stacked', 'column'),
  },
  photo_customize: { type: 'boolean', default: false, label: 'Customise the photo' },
  photo_height: { type: 'number', default: 360, min: 120, max: 900, label: 'Photo height (px)', showIf: photo },
  photo_fit: {
    type: 'select',
    default: 'cover',
    label: 'Photo fit',
    options: [
      { value: 'cover', label: 'Fill (crop)' },
      { value: 'contain', label: 'Whole photo' },
    ],
    showIf: photo,
  },
  photo_radius: { type: 'number', default: 12, min: 0, max: 200, label: 'Photo corner radius (px)', showIf: photo },
  photo_border_color: { type: 'color', default: '', label: 'Photo border colour', showIf: photo },
});

/** One content column (an axis). */
export const itemDetailsAxisSettings = defineSettings({
  column: { type: 'sheet_columns', default: '', label: 'Column', required: true },
  type: { type: 'select', default: 'text', label: 'Type', options: capitalisedOptions('text', 'image'), description: 'The first image column is the photo.' },
  label: { type: 'input', default: '', label: 'Label', description: 'Empty: the column name.', showIf: isText },
  show_label: { type: 'boolean', default: true, label: 'Show label', showIf: isText },
  alignment: { type: 'select', default: 'left', label: 'Alignment', options: capitalisedOptions('left', 'center', 'right') },
  text_size: {
    type: 'select',
    default: 'md',
    label: 'Text size',
    options: [
      { value: 'sm', label: 'Small' },
      { value: 'md', label: 'Medium' },
      { value: 'lg', label: 'Large' },
      { value: 'xl', label: 'Heading' },
    ],
    showIf: isText,
  },
  text_color: { type: 'color', default: '', label: 'Text colour', showIf: isText },
});

/** One button under the details. */
export const itemDetailsActionSettings = defineSettings({
  type: {
    type: 'select',
    default: 'External URL',
    label: 'Type',
    options: sameLabelOptions('External URL', 'Page'),
  },
  column: {
    type: 'sheet_columns',
    default: '',
    label: 'Column',
    description: 'The column holding the address (http/https) to open.',
    showIf: { setting: 'type', equals: 'External URL' },
  },
  Pages: { type: 'pages', default: '', label: 'Page', description: 'Opens this page with the same row.', showIf: { setting: 'type', equals: 'Page' } },
  label: { type: 'input', default: DEFAULT_ACTION_LABEL, label: 'Label' },
  ...actionColorSettings,
});

export const itemDetailsSchema: BlockSchema = {
  kind: 'item_details',
  name: 'Item details',
  description: 'One row of a sheet in full, chosen by the page address (a list or grid item opens it).',
  category: 'data',
  icon: 'id',
  usesSheet: true,
  // No named column: the view shows every column of the sheet.
  allColumnsWithoutAxis: true,
  data: 'row',
  settings: itemDetailsSettings,
  axis: {
    label: 'content column',
    min: 0,
    max: 40,
    settings: itemDetailsAxisSettings,
  },
  actions: {
    max: 2,
    settings: itemDetailsActionSettings,
  },
  needs: { detailPage: true },
};
