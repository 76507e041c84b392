// Chart aggregation on the server: a chart of a 1,000,000-row sheet gets at most `points` values
// per series (about 4 per pixel of its width), grouped by the same pure code the browser uses
// (src/blocks/chart/aggregate.ts), from the sheet cache, after the board filters.
import { aggregateChart, specColumns, specReads, type ChartSeries, type ChartSpec } from '../../../blocks/chart/aggregate';
import { MISSING_COLUMN_WORDS } from '../../../shared/settings/integrity';
import type { ServerContext } from '../../platform/context';
import { badRequest } from '../../errors';
import { activeSheetFilters, boardFilterMask, cachedSheetRows, checkFilterColumns, visibleColumns, type ViewerSheet } from '../spreadsheets/service';
import type { CachedSheet } from '../../sheets';
import { ChartSpecSchema } from './schema';

export interface ChartInput {
  sheetTitle: string;
  chart: string;
  points: number;
  filters?: string;
}

/** The `chart` parameter as a spec, or 400 naming the problem. */
export function parseChartSpec(raw: string): ChartSpec {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid chart: not valid JSON', [{ path: 'chart', message: 'Not valid JSON' }]);
  }
  const result = ChartSpecSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = ['chart', ...issue.path.map(String)].join('.');
    throw badRequest(issue.message, [{ path: where, message: issue.message }]);
  }
  const { x_axis, axes, filters } = result.data;
  return { x_axis, axes, filters: filters.map((f) => ({ select_column: f.select_column, match_with_column: f.match_with_column })) };
}

/**
 * Results per cached sheet (held weakly: dropped with the sheet's cache entry), keyed by the
 * sheet version, the spec, the points and the board-filter key, a few per sheet. Writes patch
 * the cached sheet in place and bump its version, so an old result is never served.
 */
const results = new WeakMap<CachedSheet, Map<string, ChartSeries>>();
const RESULTS_PER_SHEET = 16;

function remember(sheet: CachedSheet, key: string, make: () => ChartSeries): { value: ChartSeries; cached: boolean } {
  let byKey = results.get(sheet);
  if (!byKey) results.set(sheet, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) {
    byKey.delete(key);
    byKey.set(key, hit);
    return { value: hit, cached: true };
  }
  const value = make();
  byKey.set(key, value);
  if (byKey.size > RESULTS_PER_SHEET) byKey.delete(byKey.keys().next().value as string);
  return { value, cached: false };
}

/** The chart of a sheet opened for its reader (spreadsheets/service.ts openSheet). */
export async function chartData(ctx: ServerContext, sheet: ViewerSheet, input: ChartInput): Promise<ChartSeries & { cached: boolean }> {
  const spec = parseChartSpec(input.chart);
  // A viewer charts only the columns the app's blocks use (the owner any column).
  const columns = visibleColumns(sheet);
  for (const { path, column } of specColumns(spec))
    if (!columns.includes(column)) throw badRequest(MISSING_COLUMN_WORDS.chart(column), [{ path: `chart.${path}`, message: MISSING_COLUMN_WORDS.chart(column) }]);
  const filters = activeSheetFilters(input.filters, input.sheetTitle);
  checkFilterColumns(filters, sheet.allowedColumns);

  // Browsers ask in hundreds; rounding down keeps every answer within what was asked while a
  // caller cycling through 3…20,000 cannot make 20,000 different passes over a big sheet.
  const points = input.points > 100 ? Math.floor(input.points / 100) * 100 : input.points;
  const cached = await cachedSheetRows(ctx, sheet);
  const { mask, key: filterKey } = boardFilterMask(ctx, sheet, cached, filters);
  const key = JSON.stringify([cached.version, spec, points, filterKey]);
  const { value, cached: hit } = remember(cached, key, () => aggregateChart(spec, { length: cached.store.length, at: cached.store.reader(specReads(spec)) }, points, mask));
  return { ...value, cached: hit };
}
