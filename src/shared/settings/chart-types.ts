// The seven chart types of the spec (exactly Chart.js's, plus horizontal-bar): the chart block's
// schema and its server-side aggregation both name them; apart from the schema so the viewer's
// chart-data hook (on the guest's entry path) does not carry the whole schema.
export const CHART_TYPES = ['line', 'bar', 'horizontal-bar', 'radar', 'pie', 'polarArea', 'scatter'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
