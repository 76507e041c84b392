// Markdown block settings (spec, blocks-and-data §3 "Markdown"): text that may reference columns
// as [Column], loop (one block per row, else the first row), columns 1–4 and gap 0/3/6/10.
// The sheet is optional (usesSheet false): without one the text is shown as typed.
// Data only (JSON round trip).
import type { BlockSchema } from '../../shared/settings/types';

const looping = { setting: 'loop', equals: true };

export const markdownSchema: BlockSchema = {
  kind: 'markdown',
  name: 'Markdown',
  description: 'Formatted text; [Column] shows a value of the sheet, once or once per row.',
  category: 'content',
  icon: 'markdown',
  usesSheet: false,
  data: 'paged',
  settings: {
    markdown_text: {
      type: 'markdowntext',
      default: '## Hello\nWrite **Markdown** here. Put a column name in brackets, like [Name], to show its value.',
      label: 'Markdown text',
      description: '[Column] shows the value of that column; a bracket that is not a column stays as typed.',
    },
    loop: { type: 'boolean', default: false, label: 'Loop', description: 'One block per row (otherwise the first row only).' },
    columns: { type: 'number', default: 4, min: 1, max: 4, label: 'Columns', showIf: looping },
    gap: {
      type: 'select',
      default: '3',
      label: 'Gap',
      description: 'Space between blocks: 0, 3 (12px), 6 (24px) or 10 (40px).',
      options: ['0', '3', '6', '10'].map((value) => ({ value, label: value })),
      showIf: looping,
    },
  },
};
