// Data list block settings (spec, blocks-and-data §3 "Data list"): rows as cards in a vertical
// list, a horizontal scrolling row or a timeline (vertical, horizontal, zigzag); sorting; card
// styles; image, text and button axes; the chart's conditional filter. Data only (JSON round trip).
import type { BlockSchema } from '../../shared/settings/types';
import { sameLabelOptions } from '../../shared/settings/options';
import { buttonColorSettings, cardButtonTextSetting, detailPageSetting } from '../../shared/settings/fragments';
import { defineSettings } from '../../shared/settings/read';

export const SORTINGS = ['None', 'Ascending', 'Descending'] as const;
export const LIST_TYPES = ['vertical', 'horizontal', 'timeline'] as const;
export const TIMELINE_LAYOUTS = ['vertical', 'horizontal', 'zigzag'] as const;
export const CARD_STYLES = ['default', 'rounded', 'sharp'] as const;
export const DATA_LIST_AXIS_TYPES = ['text', 'image', 'button'] as const;

const timeline = { setting: 'list_type', equals: 'timeline' };
const isButton = { setting: 'type', equals: 'button' };

export const dataListSettings = defineSettings({
  list_type: { type: 'select', default: 'vertical', label: 'List type', options: sameLabelOptions(...LIST_TYPES) },
  timeline_layout: {
    type: 'select',
    default: 'vertical',
    label: 'Timeline layout',
    options: sameLabelOptions(...TIMELINE_LAYOUTS),
    showIf: timeline,
  },
  sorting: { type: 'select', default: 'None', label: 'Sorting', options: sameLabelOptions(...SORTINGS) },
  sort_column: {
    type: 'sheet_columns',
    default: '',
    label: 'Sort by column',
    description: 'Empty: the first text field.',
    showIf: { not: { setting: 'sorting', equals: 'None' } },
  },
  card_style: { type: 'select', default: 'default', label: 'Card style', options: sameLabelOptions(...CARD_STYLES) },
  enable_animations: {
    type: 'boolean',
    default: true,
    label: 'Enable animations',
    description: 'Cards fade in and lift on hover (off for visitors who ask for reduced motion).',
  },
  Card_color: { type: 'color', default: '#ffffff', label: 'Card colour' },
  timeline_line_color: { type: 'color', default: '#c7d2fe', label: 'Timeline line colour', showIf: timeline },
  timeline_dot_color: { type: 'color', default: '#4f46e5', label: 'Timeline dot colour', showIf: timeline },
});

/** One field of a card (an axis). */
export const dataListAxisSettings = defineSettings({
  column: { type: 'sheet_columns', default: '', required: true, label: 'Column' },
  type: { type: 'select', default: 'text', label: 'Type', options: sameLabelOptions(...DATA_LIST_AXIS_TYPES) },
  button_text: cardButtonTextSetting(isButton),
  open_detail_page: detailPageSetting(isButton),
  ...buttonColorSettings(isButton),
  text_color: { type: 'color', default: '', label: 'Text colour', showIf: { setting: 'type', equals: 'text' } },
});

export const dataListSchema: BlockSchema = {
  kind: 'data_list',
  name: 'Data list',
  description: 'Rows of a sheet as cards: a vertical list, a horizontal scrolling row or a timeline.',
  category: 'data',
  icon: 'timeline',
  usesSheet: true,
  // No named column: the view shows every column of the sheet.
  allColumnsWithoutAxis: true,
  data: 'paged',
  settings: dataListSettings,
  axis: {
    label: 'field',
    min: 0,
    settings: dataListAxisSettings,
  },
  filters: {
    settings: {
      select_column: { type: 'sheet_columns', default: '', label: 'Column' },
      condition: { type: 'select', default: 'Is', label: 'Condition', options: sameLabelOptions('Is') },
      filter_by: { type: 'select', default: 'None', label: 'Filter by', options: sameLabelOptions('None') },
      match_with_column: { type: 'sheet_columns', default: '', label: 'Match with column' },
    },
  },
};
