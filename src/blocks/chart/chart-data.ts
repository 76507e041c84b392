// Pure translation of sheet rows + a chart block record into Chart.js data and options. The view
// only registers Chart.js pieces and draws what this returns, so every rule here is unit-tested.
import { withCommon } from '../../shared/settings/common';
import { readSettings, type SettingsOf } from '../../shared/settings/read';
import type { BlockRecord } from '../../shared/settings/types';
import { formatNumber } from '../numbers';
import { aggregateChart, chartSpecOf, type ChartSeries } from './aggregate';
import { DEFAULT_CHART_COLORS, chartAxisSettings, chartSettings } from './schema';

type Row = Record<string, unknown>;

/** Chart.js's own type names (horizontal-bar is a bar with indexAxis 'y'). */
export type ChartJsType = 'line' | 'bar' | 'radar' | 'pie' | 'polarArea' | 'scatter';

export interface ChartDataset {
  type?: ChartJsType;
  label: string;
  data: (number | null)[] | { x: number | string; y: number }[];
  backgroundColor: string | string[];
  borderColor: string | string[];
  borderWidth: number;
  pointRadius: number;
  pointHoverRadius: number;
  spanGaps: boolean;
  fill?: boolean;
  stack?: string;
  /** Read by the view's internal-labels plugin. */
  internalLabels: string;
}

export interface BuiltChart {
  type: ChartJsType;
  data: { labels: string[]; datasets: ChartDataset[] };
  // Chart.js options are deep and loosely typed; the view hands this object to react-chartjs-2.
  options: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

type ChartAxis = SettingsOf<typeof chartAxisSettings>;

/** Chart settings as stored; a cleared grid colour is the usual one. */
const readChart = (config: BlockRecord) => readSettings(withCommon(chartSettings), config, { blankIsDefault: ['grid_color'] });

export function toChartJsType(type: string): ChartJsType {
  if (type === 'horizontal-bar') return 'bar';
  return (['line', 'bar', 'radar', 'pie', 'polarArea', 'scatter'] as const).find((t) => t === type) ?? 'bar';
}

/**
 * An axis's colours: its own, else the board's palette (board settings) when it has one, else the
 * defaults. An axis left at the default colours counts as having none of its own.
 */
function colorsOf(axis: ChartAxis, palette: readonly string[] = []): string[] {
  const c = axis.backgroundColor.filter((x) => x !== '');
  const own = c.length > 0 && !(c.length === DEFAULT_CHART_COLORS.length && c.every((x, i) => x.toLowerCase() === DEFAULT_CHART_COLORS[i]));
  if (own) return c;
  return palette.length > 0 ? [...palette] : DEFAULT_CHART_COLORS;
}

/** Picks slice i's colour, cycling through the list. */
export function cycle(colors: string[], i: number): string {
  return colors[i % colors.length] ?? DEFAULT_CHART_COLORS[0]!;
}

/**
 * Slice i's colour for pie and polar charts. Past the end of the list the colours come round
 * again lighter, then darker, and so on, so twelve cities on an eight-colour palette never share
 * a colour with a neighbour in the legend.
 */
export function sliceColor(colors: string[], i: number): string {
  const base = cycle(colors, i);
  const round = Math.floor(i / Math.max(colors.length, 1));
  if (round === 0) return base;
  const step = Math.ceil(round / 2) * 0.3;
  return shade(base, round % 2 === 1 ? step : -step);
}

/** Mixes a #rgb / #rrggbb colour towards white (amount > 0) or black (amount < 0). */
export function shade(color: string, amount: number): string {
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const t = Math.min(Math.abs(amount), 1);
  const target = amount > 0 ? 255 : 0;
  const channel = (k: number) => {
    const v = parseInt(hex!.slice(k, k + 2), 16);
    return Math.round(v + (target - v) * t)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(2)}${channel(4)}`;
}

const ROUND_TYPES: ChartJsType[] = ['pie', 'polarArea'];

/** Colour of the 'Other' slice or bar (the groups that did not make the top). */
export const OTHER_COLOR = '#9ca3af';

/** Chart.js data and options for rows held in the browser (the same grouping as the server's). */
export function buildChart(config: BlockRecord, rows: Row[], maxPoints = Number.POSITIVE_INFINITY): BuiltChart {
  return buildChartFrom(config, aggregateChart(chartSpecOf(config), rows, maxPoints));
}

/** Chart.js data and options from grouped series (the server's answer, or aggregateChart's). */
export function buildChartFrom(config: BlockRecord, grouped: ChartSeries, palette?: readonly string[]): BuiltChart {
  const axes = (Array.isArray(config.axis) ? config.axis : [])
    .map((a) => readSettings(chartAxisSettings, a))
    .filter((a) => a.column !== '');
  const firstType = axes[0]?.type ?? 'bar';
  const type = toChartJsType(firstType);
  const horizontal = firstType === 'horizontal-bar';
  const round = ROUND_TYPES.includes(type);
  const radial = round || type === 'radar';
  const labels = grouped.labels;
  const stack = config.stackAxis === true;
  const otherAt = grouped.other ? labels.length - 1 : -1;

  const datasets: ChartDataset[] = axes.map((a, i) => {
    const { column, type: ownType } = a;
    const dsType = toChartJsType(ownType);
    const colors = colorsOf(a, palette);
    const border = a.borderColor;
    // The default palette gives each axis its own colour; one chosen colour is used as is.
    const fillColor = colors.length === 1 ? colors[0]! : cycle(colors, i);
    const lineLike = dsType === 'line' || dsType === 'radar' || dsType === 'scatter';
    const borderIsDefault = border === chartAxisSettings.borderColor.default;
    const data = type === 'scatter' ? (grouped.xy?.[i] ?? []) : (grouped.series[i] ?? []);
    const ds: ChartDataset = {
      label: column,
      data,
      backgroundColor: round
        ? labels.map((_, j) => (j === otherAt ? OTHER_COLOR : sliceColor(colors, j)))
        : lineLike
          ? withAlpha(fillColor, dsType === 'radar' ? 0.25 : 0.6)
          : fillColor,
      borderColor: round ? border : lineLike && borderIsDefault ? fillColor : border,
      borderWidth: a.borderWidth,
      pointRadius: a.pointRadius,
      pointHoverRadius: a.pointHoverRadius,
      spanGaps: a.spanGaps,
      internalLabels: a.internal_labels,
    };
    // Mixed bar/line charts: each cartesian dataset keeps its own type.
    if (!radial && type !== 'scatter' && dsType !== type && (dsType === 'bar' || dsType === 'line')) ds.type = dsType;
    if (dsType === 'line') ds.fill = stack;
    if (stack && !radial) ds.stack = 'stack';
    return ds;
  });

  const options = chartOptions(config, type, horizontal, axes.map((a) => a.column));
  let chartLabels = labels;
  if (type === 'scatter') {
    // Text x values cannot sit on a linear scale: switch the x axis to categories.
    const points = datasets.flatMap((d) => d.data as { x: number | string }[]);
    const textX = points.some((p) => typeof p.x === 'string');
    chartLabels = textX ? [...new Set(points.map((p) => String(p.x)))] : [];
    options.scales.x.type = textX ? 'category' : 'linear';
  }
  return { type, data: { labels: chartLabels, datasets }, options };
}

/** Adds transparency to a #rrggbb colour (fills under lines and radar areas). */
export function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const a = Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${m[1]}${a}`;
}

export function chartOptions(config: BlockRecord, type: ChartJsType, horizontal: boolean, columns: string[]): BuiltChart['options'] {
  const settings = readChart(config);
  const legend = settings.legendPosition;
  const format = settings.Data_Format;
  const showGrid = config.grid !== false;
  const gridColor = settings.grid_color;
  const stack = config.stackAxis === true;
  const step = config.CustomStepSize === true && typeof config.StepSize === 'number' && config.StepSize > 0 ? config.StepSize : undefined;
  const beginAtZero = config.beginAtZero !== false;
  const showTitles = config.showScaleLabel === true;
  const fontColor = settings.font_color || undefined;
  const tick = (value: unknown) => (typeof value === 'number' ? formatNumber(value, format) : String(value));

  const options: BuiltChart['options'] = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: legend !== 'hidden', position: legend === 'bottom' ? 'bottom' : 'top', labels: { color: fontColor } },
      tooltip: {
        callbacks: {
          label: (ctx: { dataset: { label?: string }; parsed: unknown; label?: string }) => {
            const p = ctx.parsed as number | { x?: number; y?: number; r?: number } | null;
            const v = typeof p === 'number' ? p : horizontal ? p?.x : (p?.y ?? p?.r);
            const name = ctx.dataset.label ?? '';
            return `${name}: ${typeof v === 'number' ? formatNumber(v, format) : ''}`;
          },
        },
      },
    },
  };

  if (type === 'pie') return options;
  if (type === 'radar' || type === 'polarArea') {
    options.scales = {
      r: {
        beginAtZero,
        grid: { display: showGrid, color: gridColor },
        angleLines: { display: showGrid, color: gridColor },
        ticks: { stepSize: step, callback: tick, backdropColor: 'transparent' },
        pointLabels: { color: fontColor },
      },
    };
    return options;
  }

  const xTitle = settings.x_axis;
  const yTitle = columns.join(', ');
  const valueAxis = {
    beginAtZero,
    stacked: stack,
    grid: { display: showGrid, color: gridColor },
    ticks: { stepSize: step, callback: tick, color: fontColor },
    title: { display: showTitles, text: yTitle, color: fontColor },
  };
  const categoryAxis = {
    stacked: stack,
    grid: { display: showGrid, color: gridColor },
    ticks: { color: fontColor },
    title: { display: showTitles, text: xTitle, color: fontColor },
  };
  if (horizontal) {
    options.indexAxis = 'y';
    options.scales = { x: valueAxis, y: categoryAxis };
  } else if (type === 'scatter') {
    options.scales = { x: { ...categoryAxis }, y: valueAxis };
  } else {
    options.scales = { x: categoryAxis, y: valueAxis };
  }
  return options;
}

/** Text an internal label shows for one value (None, Name, Value, Name and value). */
export function internalLabelText(mode: string, name: string, value: number | null, format: string): string {
  if (value === null) return '';
  const v = formatNumber(value, format);
  switch (mode) {
    case 'Name':
      return name;
    case 'Value':
      return v;
    case 'Name and value':
      return `${name}: ${v}`;
    default:
      return '';
  }
}

