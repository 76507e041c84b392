// Scorecard block settings (spec, blocks-and-data §3 "Scorecard axis"): one card per axis, each
// reading a {sheet, column} source. The legacy kind `score_card` resolves here (schemas.ts).
import type { BlockSchema } from '../../shared/settings/types';
import { capitalisedOptions } from '../../shared/settings/options';

// The spec's four, then 'count' (the cells of the column that are not empty): ours, beyond the spec.
export const SCORE_FUNCTIONS = ['sum', 'average', 'first row', 'last row', 'count'] as const;
export type ScoreFunction = (typeof SCORE_FUNCTIONS)[number];

export const scorecardSchema: BlockSchema = {
  kind: 'scorecard',
  name: 'Scorecard',
  description: 'Key numbers: the sum, average, first or last value of a column, one card each.',
  category: 'data',
  thumbnail: 'figure',
  icon: 'scorecard',
  usesSheet: false,
  data: 'none',
  needs: { ownHeight: true },
  settings: {},
  axis: {
    label: 'card',
    min: 1,
    settings: {
      source: {
        type: 'datasource',
        default: { sheet: '', column: '' },
        required: true,
        label: 'Source',
        description: 'Sheet and column the card reads.',
      },
      label: { type: 'input', default: '', label: 'Label', description: 'Empty: the column name.' },
      function: {
        type: 'select',
        default: 'sum',
        label: 'Function',
        options: capitalisedOptions('sum', 'average', 'first row', 'last row', 'count'),
      },
      symbol: { type: 'input', default: '$', label: 'Symbol' },
    },
  },
};
