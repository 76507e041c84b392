// FAQ block settings (spec, blocks-and-data §3 "FAQ"): Layout (accordion, list), question and
// answer columns, allow_search, expand_first_item, allow_multiple_open. One question per sheet row.
// Data only (JSON round trip).
import type { BlockSchema } from '../../shared/settings/types';
import { sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const FAQ_LAYOUTS = ['accordion', 'list'] as const;

const accordion = { setting: 'Layout', equals: 'accordion' };

export const faqSettings = defineSettings({
  Layout: { type: 'select', default: 'accordion', label: 'Layout', options: sameLabelOptions(...FAQ_LAYOUTS) },
  question_column: { type: 'sheet_columns', default: '', required: true, label: 'Question column' },
  answer_column: { type: 'sheet_columns', default: '', required: true, label: 'Answer column' },
  allow_search: {
    type: 'boolean',
    default: true,
    label: 'Allow search',
    description: 'A search box over questions and answers (any case; commas separate several terms).',
  },
  expand_first_item: { type: 'boolean', default: true, label: 'Expand first item', showIf: accordion },
  allow_multiple_open: { type: 'boolean', default: false, label: 'Allow multiple open', showIf: accordion },
  question_color: { type: 'color', default: '#111827', label: 'Question colour' },
  answer_color: { type: 'color', default: '#4b5563', label: 'Answer colour' },
  item_background_color: { type: 'color', default: '#f9fafb', label: 'Item background colour' },
  accent_color: { type: 'color', default: '#4f46e5', label: 'Accent colour' },
});

export const faqSchema: BlockSchema = {
  kind: 'faq',
  name: 'FAQ',
  description: 'Questions and answers from a sheet, as an accordion or a list, with a search box.',
  category: 'content',
  icon: 'help',
  usesSheet: true,
  data: 'all',
  settings: {
    ...faqSettings,
  },
};
