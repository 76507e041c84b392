// The chart block's data (BlockSchema.data 'aggregate'), loaded by the renderer so the view never
// fetches: the sheet grouped on the server (GET /api/board/{spreadsheetId}/sheet/{sheetTitle}/chart)
// into at most `points` values per series. The view reports how many points it can draw
// (pointsFor(width): 4 per px, rounded up to 100) with setPoints; nothing is asked before that.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ChartSeries } from '../../blocks/chart/aggregate';
import type { BlockChart } from '../../blocks/types';
import type { BlockRecord, BlockSchema } from '../../shared/settings/types';
import { api } from '../lib/api';

export function chartPath(spreadsheetId: string, sheet: string): string {
  return `/api/board/${encodeURIComponent(spreadsheetId)}/sheet/${encodeURIComponent(sheet)}/chart`;
}

type SpecOf = typeof import('../../blocks/chart/aggregate').chartSpecOf;
/** chartSpecOf, once loaded: the chart's own chunk carries it (and the chart schema it reads), not every guest's entry. */
let specOfLoaded: SpecOf | null = null;
const loadSpecOf = (): Promise<SpecOf> => import('../../blocks/chart/aggregate').then((m) => (specOfLoaded = m.chartSpecOf));

export function useBlockChart(
  schema: BlockSchema | null,
  block: BlockRecord,
  src: { appId: string; spreadsheetId: string | null },
  filters: string | undefined,
): BlockChart | undefined {
  const isAggregate = schema?.data === 'aggregate';
  const [points, setPoints] = useState(0);
  const [chartSpecOf, setChartSpecOf] = useState<SpecOf | null>(() => specOfLoaded);
  useEffect(() => {
    if (isAggregate && !chartSpecOf) void loadSpecOf().then((f) => setChartSpecOf(() => f));
  }, [isAggregate, chartSpecOf]);
  // Only the settings that change the numbers key the request (colours and the like do not).
  // Nothing is asked before the view reports its points, by which time the spec has loaded too.
  const spec = useMemo(() => (isAggregate && chartSpecOf ? chartSpecOf(block) : null), [isAggregate, chartSpecOf, block]);
  const sheet = block.sheet_title;
  const complete = !!spec && spec.x_axis !== '' && spec.axes.length > 0;
  const series = useQuery({
    // Under the sheet's key, so row writes (which refresh ['sheet', id, title]) refresh the chart.
    queryKey: ['sheet', src.spreadsheetId, sheet, 'chart', spec, points, filters],
    queryFn: ({ signal }) =>
      api.get<ChartSeries>(chartPath(src.spreadsheetId ?? '', sheet), {
        board: src.appId,
        query: { chart: JSON.stringify(spec), points, filters },
        signal,
      }),
    enabled: isAggregate && complete && !!src.spreadsheetId && !!sheet && points > 0,
    placeholderData: keepPreviousData,
  });
  if (!isAggregate) return undefined;
  return {
    series: complete ? (series.data ?? null) : null,
    loading: series.isFetching || !chartSpecOf || (complete && points > 0 && series.isPending),
    error: series.error ? (series.error instanceof Error && series.error.message) || 'Data Error' : null,
    points,
    setPoints,
  };
}
