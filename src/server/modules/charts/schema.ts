// Request shape of GET /api/board/{spreadsheetId}/sheet/{sheetTitle}/chart: the chart-relevant
// settings travel as one JSON `chart` parameter (see chartSpecOf in src/blocks/chart/aggregate.ts).
import { z } from 'zod';
import { CHART_TYPES } from '../../../blocks/chart/schema';
import { MAX_CHART_POINTS, MIN_CHART_POINTS } from '../../../blocks/chart/aggregate';

/** Default `points` when the caller names none: a 800 px wide chart. */
export const DEFAULT_CHART_POINTS = 3200;
/** More axes or filters than any chart needs (each is a pass over every row). */
export const MAX_CHART_AXES = 20;
export const MAX_CHART_FILTERS = 20;

const column = z.string().min(1, 'Choose a column').max(500);

export const ChartSpecSchema = z.object({
  x_axis: column,
  axes: z
    .array(
      z.object({
        column,
        type: z.enum(CHART_TYPES).default('bar'),
        duplicateXAxis: z.enum(['sum', 'average']).default('sum'),
        decimal: z.enum(['dot', 'comma']).default('dot'),
      }),
    )
    .min(1, 'Add a column to plot')
    .max(MAX_CHART_AXES),
  filters: z
    .array(
      z.object({
        select_column: column,
        // The spec offers only these two; they are accepted so a whole filter record may be sent.
        condition: z.literal('Is').optional(),
        filter_by: z.literal('None').optional(),
        match_with_column: column,
      }),
    )
    .max(MAX_CHART_FILTERS)
    .default([]),
});

export const ChartQuery = z.object({
  board: z.string().optional(),
  app: z.string().optional(),
  referer: z.string().optional(),
  chart: z.string({ error: 'The chart settings are required' }).min(1, 'The chart settings are required'),
  points: z.coerce.number().int().min(MIN_CHART_POINTS).max(MAX_CHART_POINTS).default(DEFAULT_CHART_POINTS),
  filters: z.string().optional(),
  nocache: z.string().optional(),
});
export type ChartQuery = z.infer<typeof ChartQuery>;
