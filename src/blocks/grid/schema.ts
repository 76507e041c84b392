// Grid block settings (spec, blocks-and-data §3 "Grid"): cards in 1–4 columns, search/sort/filter
// toolbar, image / text / button axes with alignment, image size, round images and buttons, and
// hide_on_grid (shown only in the detail pop-up). Data only (JSON round trip).
import type { BlockSchema } from '../../shared/settings/types';
import { capitalisedOptions, sameLabelOptions } from '../../shared/settings/options';
import { buttonColorSettings, cardButtonTextSetting, detailPageSetting } from '../../shared/settings/fragments';
import { defineSettings } from '../../shared/settings/read';

export const CARD_AXIS_TYPES = ['text', 'image', 'button'] as const;
export type CardAxisType = (typeof CARD_AXIS_TYPES)[number];
export const IMAGE_SIZES = ['small', 'medium', 'large'] as const;

const isType = (type: CardAxisType) => ({ setting: 'type', equals: type });

export const gridSettings = defineSettings({
  columns: {
    type: 'number',
    default: 3,
    min: 1,
    max: 4,
    label: 'Columns',
    description: 'Cards per row on wide screens (narrow screens show fewer).',
  },
  show_search: { type: 'boolean', default: true, label: 'Show search' },
  show_sort: { type: 'boolean', default: true, label: 'Show sort' },
  show_filter: {
    type: 'boolean',
    default: false,
    label: 'Show filter',
    description: 'A column and value picker that narrows the cards of the current page.',
  },
  Card_color: { type: 'color', default: '#ffffff', label: 'Card colour' },
});

/** One field of a card (an axis). */
export const gridAxisSettings = defineSettings({
  column: { type: 'sheet_columns', default: '', required: true, label: 'Column' },
  type: { type: 'select', default: 'text', label: 'Type', options: sameLabelOptions(...CARD_AXIS_TYPES) },
  alignment: {
    type: 'select',
    default: 'left',
    label: 'Alignment',
    options: capitalisedOptions('left', 'center', 'right'),
  },
  image_size: {
    type: 'select',
    default: 'medium',
    label: 'Image size',
    description: 'Small 96px, medium 160px, large 240px high.',
    options: sameLabelOptions(...IMAGE_SIZES),
    showIf: isType('image'),
  },
  round_image: { type: 'boolean', default: false, label: 'Round image', showIf: isType('image') },
  button_text: cardButtonTextSetting(isType('button')),
  round_button: { type: 'boolean', default: false, label: 'Round button', showIf: isType('button') },
  open_detail_page: detailPageSetting(isType('button')),
  ...buttonColorSettings(isType('button')),
  text_color: { type: 'color', default: '', label: 'Text colour', showIf: isType('text') },
  hide_on_grid: {
    type: 'boolean',
    default: false,
    label: 'Hide on grid',
    description: 'Shown only in the detail pop-up.',
  },
});

export const gridSchema: BlockSchema = {
  kind: 'grid',
  name: 'Grid',
  description: 'Rows of a sheet as cards in columns (images, texts, buttons), with search, sort and a detail pop-up.',
  category: 'data',
  icon: 'layout-grid',
  usesSheet: true,
  // No named column: the view shows every column of the sheet.
  allColumnsWithoutAxis: true,
  data: 'paged',
  settings: gridSettings,
  axis: {
    label: 'field',
    min: 0,
    settings: gridAxisSettings,
  },
};
