// Grouping of sheet rows into chart series, and the reduction that keeps a chart within the
// points it can draw. Pure: the server runs it on the cached sheet (GET .../sheet/{title}/chart)
// and the browser runs the very same code when it holds the rows itself (previews), so both
// always agree on labels, sums, averages and the 'Other' bucket.
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { parseNumber } from '../numbers';
import type { ChartType } from '../../shared/settings/chart-types';
import { readSettings } from '../../shared/settings/read';
import { chartAxisSettings, chartFilterSettings, chartSettings } from './schema';

type Row = Record<string, unknown>;

export interface ChartAxisSpec {
  column: string;
  type: ChartType;
  duplicateXAxis: 'sum' | 'average';
  decimal: 'dot' | 'comma';
}

export interface ChartFilterSpec {
  select_column: string;
  match_with_column: string;
}

/** The settings of a chart block that decide its numbers (the rest only decide its looks). */
export interface ChartSpec {
  x_axis: string;
  axes: ChartAxisSpec[];
  filters: ChartFilterSpec[];
}

/** What the chart draws: one value per label and axis, or (scatter) points per axis. */
export interface ChartSeries {
  labels: string[];
  /** One array per axis, aligned with `labels` (empty arrays for scatter). */
  series: (number | null)[][];
  /** Scatter only: the points of each axis. */
  xy?: { x: number | string; y: number }[][];
  /** Rows left after the board filters and the conditional filters. */
  total_rows: number;
  /** Distinct x values (scatter: the most points of one axis) before any reduction. */
  groups: number;
  /** Points sent per series (labels, or the longest scatter series); never above the limit asked. */
  points: number;
  /** True when groups were merged or points dropped to fit the limit. */
  aggregated: boolean;
  /** True when the last label is the 'Other' bucket (the groups that did not make the top). */
  other: boolean;
}

/** Bounds of the `points` a caller may ask for. */
export const MIN_CHART_POINTS = 3;
export const MAX_CHART_POINTS = 20000;
export const OTHER_LABEL = 'Other';

/** Points a canvas `width` px wide asks for: 4 per px, rounded up to 100 so a resize rarely refetches. */
export function pointsFor(width: number): number {
  const w = Number.isFinite(width) && width > 0 ? width : 800;
  return Math.min(MAX_CHART_POINTS, Math.max(100, Math.ceil((w * 4) / 100) * 100));
}

const objects = (list: unknown): SettingValues[] =>
  Array.isArray(list) ? list.filter((v): v is SettingValues => !!v && typeof v === 'object' && !Array.isArray(v)) : [];

/** The chart-relevant settings of a block record: axes with a column, complete filters only. */
export function chartSpecOf(config: BlockRecord): ChartSpec {
  const axes = objects(config.axis)
    .map((a) => readSettings(chartAxisSettings, a))
    .filter((a) => a.column !== '')
    .map(({ column, type, duplicateXAxis, decimal }) => ({ column, type, duplicateXAxis, decimal }));
  const filters = objects(config.filters)
    .map((f) => readSettings(chartFilterSettings, f))
    .filter((f) => f.select_column !== '' && f.match_with_column !== '')
    .map(({ select_column, match_with_column }) => ({ select_column, match_with_column }));
  return { x_axis: readSettings(chartSettings, config).x_axis, axes, filters };
}

/** Every column a spec reads (the server checks each exists). */
export function specColumns(spec: ChartSpec): { path: string; column: string }[] {
  return [
    { path: 'x_axis', column: spec.x_axis },
    ...spec.axes.map((a, i) => ({ path: `axes.${i}.column`, column: a.column })),
    ...spec.filters.flatMap((f, i) => [
      { path: `filters.${i}.select_column`, column: f.select_column },
      { path: `filters.${i}.match_with_column`, column: f.match_with_column },
    ]),
  ];
}

/** Text of an x value: how labels are grouped (numbers and text alike). */
export function cellLabel(v: unknown): string {
  if (v === null || v === undefined) return '';
  return String(v).trim();
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}(-\d{2})?([T ]\d{2}:\d{2}(:\d{2})?)?/;

export type XOrder = 'number' | 'date' | 'category';

/** Plain numbers and ISO dates are ordered axes; anything else is a category in sheet order. */
export function xOrder(labels: readonly string[]): XOrder {
  if (labels.length > 1 && labels.every((l) => NUMERIC.test(l))) return 'number';
  if (labels.length > 1 && labels.every((l) => ISO_DATE.test(l))) return 'date';
  return 'category';
}

/** Position of an ordered label on its axis (for decimation). */
function xPosition(label: string, order: XOrder, index: number): number {
  if (order === 'number') return Number(label);
  if (order === 'date') {
    const t = Date.parse(label.length === 7 ? `${label}-01` : label);
    return Number.isFinite(t) ? t : index;
  }
  return index;
}

/**
 * Largest-Triangle-Three-Buckets: indexes (ascending) of at most `threshold` points of a line
 * (xs ascending) that keep its visual shape. The first and last points are always kept, and so
 * are the highest and the lowest (LTTB alone may miss a spike), within the same `threshold`.
 */
export function lttb(xs: ArrayLike<number>, ys: ArrayLike<number>, threshold: number): number[] {
  const n = ys.length;
  if (threshold >= n) return Array.from({ length: n }, (_, i) => i);
  if (threshold <= 0) return [];
  let hi = 0;
  let lo = 0;
  for (let i = 1; i < n; i++) {
    if (ys[i]! > ys[hi]!) hi = i;
    if (ys[i]! < ys[lo]!) lo = i;
  }
  if (threshold < 5) {
    const few = [...new Set([0, n - 1, hi, lo])].sort((a, b) => a - b);
    // Extremes first, then the ends, when even those do not fit.
    const byPriority = [hi, lo, 0, n - 1].filter((v, i, all) => all.indexOf(v) === i);
    return few.length <= threshold ? few : byPriority.slice(0, threshold).sort((a, b) => a - b);
  }
  // Two places are kept free for the extremes.
  const target = threshold - 2;
  const picked: number[] = [0];
  const every = (n - 2) / (target - 2);
  let a = 0;
  for (let i = 0; i < target - 2; i++) {
    const avgStart = Math.floor((i + 1) * every) + 1;
    const avgEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let j = avgStart; j < avgEnd; j++) {
      avgX += xs[j]!;
      avgY += ys[j]!;
    }
    const len = Math.max(avgEnd - avgStart, 1);
    avgX /= len;
    avgY /= len;
    const start = Math.floor(i * every) + 1;
    const end = Math.min(Math.floor((i + 1) * every) + 1, n - 1);
    const ax = xs[a]!;
    const ay = ys[a]!;
    let best = -1;
    let bestIdx = start;
    for (let j = start; j < end; j++) {
      const area = Math.abs((ax - avgX) * (ys[j]! - ay) - (ax - xs[j]!) * (avgY - ay));
      if (area > best) {
        best = area;
        bestIdx = j;
      }
    }
    picked.push(bestIdx);
    a = bestIdx;
  }
  picked.push(n - 1);
  const out = new Set(picked);
  out.add(hi);
  out.add(lo);
  return [...out].sort((x, y) => x - y);
}

/**
 * parseNumber with a fast path for the common cells (plain numbers, "1,234.5", "-12,5"): the
 * same result, without its clean-up regexes, which cost most of a pass over 1,000,000 rows.
 * Anything unusual (spaces, currency, %, exponents, brackets) goes to parseNumber itself.
 */
export function cellNumber(value: unknown, decimal: 'dot' | 'comma'): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const n = value.length;
  if (n === 0 || n > 30) return parseNumber(value, decimal);
  const sep = decimal === 'comma' ? 44 : 46;
  const group = decimal === 'comma' ? 46 : 44;
  let i = 0;
  let c = value.charCodeAt(0);
  if (c === 45 || c === 43) i = 1;
  let digits = 0;
  let point = false;
  let grouped = false;
  for (; i < n; i++) {
    c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === group) grouped = true;
    else if (c === sep && !point) point = true;
    else return parseNumber(value, decimal);
  }
  if (digits === 0) return parseNumber(value, decimal);
  let text = value;
  if (decimal === 'comma') text = (grouped ? text.replace(/\./g, '') : text).replace(',', '.');
  else if (grouped) text = text.replace(/,/g, '');
  const v = Number(text);
  return Number.isFinite(v) ? v : null;
}

function keepsRow(row: Row, filters: ChartFilterSpec[]): boolean {
  for (const f of filters) if (cellLabel(row[f.select_column]).toLowerCase() !== cellLabel(row[f.match_with_column]).toLowerCase()) return false;
  return true;
}

const ROUND: ChartType[] = ['pie', 'polarArea'];

function rowAt(rows: ChartRows, i: number): Row {
  return Array.isArray(rows) ? (rows as readonly Row[])[i]! : (rows as { at(i: number): Row }).at(i);
}

/** Row i when the chart counts it (not left out by `keep`, and through the chart's filters), else null. */
function countedRow(rows: ChartRows, i: number, keep: Uint8Array | null, filters: ChartFilterSpec[]): Row | null {
  if (keep && keep[i] === 0) return null;
  const row = rowAt(rows, i);
  return filters.length > 0 && !keepsRow(row, filters) ? null : row;
}

/** True when inOrder(i) holds for every i in 1..n-1 (sheets are often already in x order). */
function ascending(n: number, inOrder: (i: number) => boolean): boolean {
  for (let i = 1; i < n; i++) if (!inOrder(i)) return false;
  return true;
}

/**
 * Groups `rows` (those `keep` marks 1, when given) the way the chart reads them and reduces the
 * result to at most `maxPoints` values per series:
 * - categories (text x), and every pie / polar area: the top maxPoints − 1 groups by value
 *   (the sum of the axes' absolute values) in their own order, the rest summed (or averaged,
 *   over their rows) into a last 'Other' group;
 * - numbers or ISO dates on x: lines keep the groups LTTB picks on the first axis (exact
 *   values, extremes kept); bars and radars merge neighbouring groups into maxPoints even
 *   buckets labelled 'first – last';
 * - scatter: one point per row; over the limit, LTTB per axis on the points in x order.
 */
/**
 * Rows as an array, or as `at(i)` (the server's column store: it may hand back one reused object,
 * so a pass reads each row's values at once and keeps none of the objects).
 */
export type ChartRows = readonly Row[] | { readonly length: number; at(i: number): Row };

/** The columns a spec reads, each once (what a column store's reader must hold). */
export function specReads(spec: ChartSpec): string[] {
  return [...new Set(specColumns(spec).map((c) => c.column))];
}

export function aggregateChart(spec: ChartSpec, rows: ChartRows, maxPoints: number, keep?: Uint8Array | null): ChartSeries {
  const limit = Math.max(MIN_CHART_POINTS, Math.floor(maxPoints));
  const axes = spec.axes;
  const type = axes[0]?.type ?? 'bar';
  const empty: ChartSeries = { labels: [], series: axes.map(() => []), total_rows: 0, groups: 0, points: 0, aggregated: false, other: false };
  if (!spec.x_axis || axes.length === 0) {
    let total = 0;
    for (let i = 0; i < rows.length; i++) if ((!keep || keep[i] === 1) && keepsRow(rowAt(rows, i), spec.filters)) total++;
    return { ...empty, total_rows: total };
  }
  return type === 'scatter' ? scatter(spec, rows, limit, keep ?? null) : grouped(spec, rows, limit, keep ?? null, type);
}

function grouped(spec: ChartSpec, rows: ChartRows, limit: number, keep: Uint8Array | null, type: ChartType): ChartSeries {
  const { axes, x_axis: x } = spec;
  const index = new Map<string, number>();
  const labels: string[] = [];
  const sums: number[][] = axes.map(() => []);
  const counts: number[][] = axes.map(() => []);
  const decimals = axes.map((a) => a.decimal);
  let total = 0;
  let run: 'start' | 'number' | 'text' | 'off' = 'start';
  let lastNumber = 0;
  let lastText = '';
  const newGroup = (label: string) => {
    labels.push(label);
    for (let j = 0; j < axes.length; j++) {
      sums[j]!.push(0);
      counts[j]!.push(0);
    }
    return labels.length - 1;
  };
  for (let i = 0; i < rows.length; i++) {
    const row = countedRow(rows, i, keep, spec.filters);
    if (!row) continue;
    total++;
    const v = row[x];
    let g: number | undefined;
    if (run !== 'off') {
      // Sheets in x order (time series, sequences): while every x is the last one or greater,
      // a greater x is a new group for certain, so the label map is not needed (it costs most
      // of a pass when every x differs). The first x out of order fills the map and stops this.
      if (typeof v === 'number' && Number.isFinite(v) && run !== 'text') {
        if (run === 'start' || v > lastNumber) {
          g = newGroup(String(v));
          lastNumber = v;
          run = 'number';
        } else if (v === lastNumber) g = labels.length - 1;
      } else if (typeof v === 'string' && run !== 'number') {
        const text = v.trim();
        if (text === '') continue;
        if (run === 'start' || text > lastText) {
          g = newGroup(text);
          lastText = text;
          run = 'text';
        } else if (text === lastText) g = labels.length - 1;
      } else if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) continue;
      if (g === undefined) {
        run = 'off';
        for (let k = 0; k < labels.length; k++) index.set(labels[k]!, k);
      }
    }
    if (g === undefined) {
      const label = cellLabel(v);
      if (label === '') continue;
      g = index.get(label);
      if (g === undefined) {
        g = newGroup(label);
        index.set(label, g);
      }
    }
    for (let j = 0; j < axes.length; j++) {
      const n = cellNumber(row[axes[j]!.column], decimals[j]!);
      if (n === null) continue;
      sums[j]![g]! += n;
      counts[j]![g]! += 1;
    }
  }

  const order = xOrder(labels);
  const groups = labels.length;
  let sequence = Array.from({ length: groups }, (_, i) => i);
  if (order === 'number') {
    const keys = Float64Array.from(labels, Number);
    if (!ascending(groups, (i) => keys[i - 1]! <= keys[i]!)) sequence = sequence.sort((a, b) => keys[a]! - keys[b]!);
  } else if (order === 'date') {
    if (!ascending(groups, (i) => labels[i - 1]! <= labels[i]!)) sequence = sequence.sort((a, b) => (labels[a]! < labels[b]! ? -1 : labels[a]! > labels[b]! ? 1 : 0));
  }
  const value = (j: number, sum: number, count: number) => (count === 0 ? null : axes[j]!.duplicateXAxis === 'average' ? sum / count : sum);
  const at = (j: number, g: number) => value(j, sums[j]![g]!, counts[j]![g]!);
  const base = { total_rows: total, groups };

  if (groups <= limit) {
    return { ...base, labels: sequence.map((g) => labels[g]!), series: axes.map((_, j) => sequence.map((g) => at(j, g))), points: groups, aggregated: false, other: false };
  }

  if (order === 'category' || ROUND.includes(type)) {
    // Top groups by size; ties keep the groups earlier on the axis. The cut-off is the
    // (limit-1)-th largest size (a native sort of the sizes, not of the groups).
    const weight = new Float64Array(groups);
    for (let g = 0; g < groups; g++) {
      let w = 0;
      for (let j = 0; j < axes.length; j++) w += Math.abs(at(j, g) ?? 0);
      weight[g] = w;
    }
    const cutoff = Float64Array.from(weight).sort()[groups - (limit - 1)]!;
    let above = 0;
    for (let g = 0; g < groups; g++) if (weight[g]! > cutoff) above++;
    let ties = limit - 1 - above;
    const shown: number[] = [];
    const rest: number[] = [];
    for (const g of sequence) {
      const w = weight[g]!;
      if (w > cutoff || (w === cutoff && ties-- > 0)) shown.push(g);
      else rest.push(g);
    }
    const shownLabels = shown.map((g) => labels[g]!);
    const otherLabel = shownLabels.includes(OTHER_LABEL) ? `${OTHER_LABEL} (${rest.length} more)` : OTHER_LABEL;
    const series = axes.map((_, j) => {
      let s = 0;
      let c = 0;
      for (const g of rest) {
        s += sums[j]![g]!;
        c += counts[j]![g]!;
      }
      return [...shown.map((g) => at(j, g)), value(j, s, c)];
    });
    return { ...base, labels: [...shownLabels, otherLabel], series, points: shown.length + 1, aggregated: true, other: true };
  }

  const placed = type === 'line' ? sequence.filter((g) => counts[0]![g]! > 0) : [];
  if (placed.length > 0) {
    // Lines: decimate on the first axis (its exact values at the picked x); groups without a
    // number on that axis cannot be placed on its line and drop out (none at all: buckets).
    const xs = placed.map((g, i) => xPosition(labels[g]!, order, i));
    const ys = placed.map((g) => at(0, g)!);
    const picked = lttb(xs, ys, limit).map((i) => placed[i]!);
    return { ...base, labels: picked.map((g) => labels[g]!), series: axes.map((_, j) => picked.map((g) => at(j, g))), points: picked.length, aggregated: true, other: false };
  }

  // Bars and radars: neighbouring groups merged into `limit` even buckets.
  const outLabels: string[] = [];
  const series: (number | null)[][] = axes.map(() => []);
  for (let b = 0; b < limit; b++) {
    const from = Math.floor((b * groups) / limit);
    const to = Math.floor(((b + 1) * groups) / limit);
    if (to <= from) continue;
    const first = labels[sequence[from]!]!;
    const last = labels[sequence[to - 1]!]!;
    outLabels.push(to - from === 1 ? first : `${first} – ${last}`);
    for (let j = 0; j < axes.length; j++) {
      let s = 0;
      let c = 0;
      for (let k = from; k < to; k++) {
        s += sums[j]![sequence[k]!]!;
        c += counts[j]![sequence[k]!]!;
      }
      series[j]!.push(value(j, s, c));
    }
  }
  return { ...base, labels: outLabels, series, points: outLabels.length, aggregated: true, other: false };
}

function scatter(spec: ChartSpec, rows: ChartRows, limit: number, keep: Uint8Array | null): ChartSeries {
  const { axes, x_axis: x } = spec;
  const rawX: unknown[][] = axes.map(() => []);
  const ys: number[][] = axes.map(() => []);
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = countedRow(rows, i, keep, spec.filters);
    if (!row) continue;
    total++;
    const xv = row[x];
    if (cellLabel(xv) === '') continue;
    for (let j = 0; j < axes.length; j++) {
      const y = cellNumber(row[axes[j]!.column], axes[j]!.decimal);
      if (y === null) continue;
      rawX[j]!.push(xv);
      ys[j]!.push(y);
    }
  }
  let groups = 0;
  let points = 0;
  let aggregated = false;
  const xy = axes.map((a, j) => {
    const xsRaw = rawX[j]!;
    const y = ys[j]!;
    const n = y.length;
    groups = Math.max(groups, n);
    const nums = xsRaw.map((v) => cellNumber(v, a.decimal));
    const numeric = nums.every((v) => v !== null);
    // Text x: a category axis in order of first appearance.
    const cats = new Map<string, number>();
    const xText = numeric ? [] : xsRaw.map(cellLabel);
    const pos: number[] = numeric
      ? (nums as number[])
      : xText.map((t) => {
          let c = cats.get(t);
          if (c === undefined) cats.set(t, (c = cats.size));
          return c;
        });
    const point = (i: number) => ({ x: numeric ? pos[i]! : xText[i]!, y: y[i]! });
    if (n <= limit) {
      points = Math.max(points, n);
      return Array.from({ length: n }, (_, i) => point(i));
    }
    aggregated = true;
    let order = Array.from({ length: n }, (_, i) => i);
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) if (pos[i]! < pos[i - 1]!) sorted = false;
    if (!sorted) order = order.sort((p, q) => pos[p]! - pos[q]! || p - q);
    const picked = lttb(
      order.map((i) => pos[i]!),
      order.map((i) => y[i]!),
      limit,
    );
    points = Math.max(points, picked.length);
    return picked.map((k) => point(order[k]!));
  });
  return { labels: [], series: axes.map(() => []), xy, total_rows: total, groups, points, aggregated, other: false };
}
