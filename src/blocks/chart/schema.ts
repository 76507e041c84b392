// Chart block settings (spec, blocks-and-data §3 "Chart block"). Stored keys keep the spec's
// spelling. Data only: this object must survive a JSON round trip.
import type { BlockSchema } from '../../shared/settings/types';
import { capitalisedOptions, sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export { CHART_TYPES, type ChartType } from '../../shared/settings/chart-types';

export const DEFAULT_CHART_COLORS = ['#4f46e5', '#06b6d4', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#ec4899', '#84cc16'];

export const chartSettings = defineSettings({
  x_axis: {
    type: 'sheet_columns',
    default: '',
    required: true,
    label: 'X axis',
    description: 'Column whose values label the horizontal axis (pie/polar: the slices).',
  },
  legendPosition: {
    type: 'select',
    default: 'top',
    label: 'Legend position',
    options: capitalisedOptions('top', 'bottom', 'hidden'),
  },
  showScaleLabel: {
    type: 'boolean',
    default: false,
    label: 'Show scale labels',
    description: 'Titles the axes with the x-axis column and the plotted columns.',
  },
  stackAxis: { type: 'boolean', default: false, label: 'Stack axes', description: 'Stacks bars and lines.' },
  Data_Format: {
    type: 'select',
    default: 'none',
    label: 'Data format',
    description: 'How values are written on the value axis, tooltips and labels.',
    options: [
      { value: 'none', label: 'As is' },
      { value: 'number', label: 'Thousands separators (1,234.5)' },
      { value: 'compact', label: 'Compact (1.2K)' },
      { value: 'percent', label: 'Percent (12%)' },
    ],
  },
  beginAtZero: { type: 'boolean', default: true, label: 'Begin at zero' },
  CustomStepSize: { type: 'boolean', default: false, label: 'Custom step size' },
  StepSize: {
    type: 'number',
    default: 1,
    min: 0,
    label: 'Step size',
    description: 'Distance between value-axis ticks.',
    showIf: { setting: 'CustomStepSize', equals: true },
  },
  pdf_download: { type: 'boolean', default: true, label: 'PDF download' },
  grid: { type: 'boolean', default: true, label: 'Show grid' },
  grid_color: {
    type: 'color',
    default: '#e5e7eb',
    label: 'Grid colour',
    showIf: { setting: 'grid', equals: true },
  },
});

/** One plotted column (an axis). */
export const chartAxisSettings = defineSettings({
  column: { type: 'sheet_columns', default: '', required: true, label: 'Column' },
  type: {
    type: 'select',
    default: 'bar',
    label: 'Chart type',
    options: [
      { value: 'line', label: 'Line' },
      { value: 'bar', label: 'Bar' },
      { value: 'horizontal-bar', label: 'Horizontal bar' },
      { value: 'radar', label: 'Radar' },
      { value: 'pie', label: 'Pie' },
      { value: 'polarArea', label: 'Polar area' },
      { value: 'scatter', label: 'Scatter' },
    ],
  },
  backgroundColor: {
    type: 'colors',
    default: DEFAULT_CHART_COLORS,
    label: 'Background colours',
    description:
      'Pie and polar area colour each slice from this list. Other types colour axis 1 with the first, axis 2 with the second, and so on; a single colour is always used.',
  },
  borderColor: { type: 'color', default: '#4f46e5', label: 'Border colour' },
  internal_labels: {
    type: 'select',
    default: 'None',
    label: 'Labels inside the chart',
    options: sameLabelOptions('None', 'Name', 'Value', 'Name and value'),
  },
  duplicateXAxis: {
    type: 'select',
    default: 'sum',
    label: 'Repeated x values',
    description: 'How values of rows sharing an x value are combined.',
    options: capitalisedOptions('sum', 'average'),
  },
  decimal: {
    type: 'select',
    default: 'dot',
    label: 'Decimal separator',
    description: 'Dot: 1,234.56. Comma: 1.234,56.',
    options: [
      { value: 'dot', label: 'Dot (1,234.56)' },
      { value: 'comma', label: 'Comma (1.234,56)' },
    ],
  },
  spanGaps: { type: 'boolean', default: false, label: 'Span gaps', description: 'Draw lines across empty values.' },
  borderWidth: { type: 'range', default: 1, min: 0, max: 5, step: 1, label: 'Border width' },
  pointRadius: { type: 'range', default: 3, min: 0, max: 5, step: 1, label: 'Point radius' },
  pointHoverRadius: { type: 'range', default: 4, min: 0, max: 5, step: 1, label: 'Point hover radius' },
});

/** One conditional filter. */
export const chartFilterSettings = defineSettings({
  select_column: { type: 'sheet_columns', default: '', label: 'Column' },
  condition: { type: 'select', default: 'Is', label: 'Condition', options: sameLabelOptions('Is') },
  filter_by: { type: 'select', default: 'None', label: 'Filter by', options: sameLabelOptions('None') },
  match_with_column: { type: 'sheet_columns', default: '', label: 'Match with column' },
});

export const chartSchema: BlockSchema = {
  kind: 'chart',
  name: 'Chart',
  description: 'Line, bar, horizontal bar, radar, pie, polar area or scatter chart of sheet columns.',
  category: 'charts',
  icon: 'chart-bar',
  usesSheet: true,
  // Grouped on the server into at most ~4 points per pixel of the chart (aggregate.ts).
  data: 'aggregate',
  settings: chartSettings,
  axis: {
    label: 'axis',
    min: 1,
    settings: chartAxisSettings,
  },
  filters: {
    settings: chartFilterSettings,
  },
};
