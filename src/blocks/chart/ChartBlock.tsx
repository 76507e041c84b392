// Chart view: draws what chart-data.ts builds. Registers only the Chart.js pieces the seven
// chart types need, plus a small plugin for the axis "internal_labels" setting.
import { Box, Text } from '@mantine/core';
import * as chartjs from 'chart.js';
import { Chart as ChartJS, type Plugin } from 'chart.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Chart } from 'react-chartjs-2';
import { BlockFrame, BlockLoading, DataError, EmptyState, toolbarColor } from '../BlockFrame';
import { downloadName } from '../files';
import { DownloadButton } from '../RowDownloads';
import type { BlockViewProps } from '../types';
import { aggregateChart, chartSpecOf, pointsFor, type ChartSeries } from './aggregate';
import { buildChartFrom, internalLabelText } from './chart-data';

/** Writes each value's name and/or number on the chart, per the axis `internal_labels`. */
const internalLabels: Plugin = {
  id: 'sbInternalLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const labels = (chart.data.labels ?? []) as string[];
    const format = (chart.options as { sbFormat?: string }).sbFormat ?? 'none';
    const type = (chart.config as { type?: string }).type;
    const round = type === 'pie' || type === 'polarArea';
    chart.data.datasets.forEach((ds, i) => {
      const mode = (ds as { internalLabels?: string }).internalLabels ?? 'None';
      if (mode === 'None' || !chart.isDatasetVisible(i)) return;
      const meta = chart.getDatasetMeta(i);
      meta.data.forEach((el, j) => {
        const raw = ds.data[j];
        const value = typeof raw === 'number' ? raw : raw && typeof raw === 'object' && 'y' in raw ? (raw as { y: number }).y : null;
        const text = internalLabelText(mode, labels[j] ?? '', value, format);
        if (!text) return;
        const { x, y } = el.tooltipPosition(true);
        ctx.save();
        ctx.font = '600 11px system-ui, sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = round ? 'middle' : 'bottom';
        ctx.fillStyle = round ? '#ffffff' : '#111827';
        ctx.fillText(text, x ?? 0, (y ?? 0) - (round ? 0 : 4));
        ctx.restore();
      });
    });
  },
};

// Named one by one so that the bundle keeps only these parts of Chart.js.
ChartJS.register(
  chartjs.ArcElement,
  chartjs.BarController,
  chartjs.BarElement,
  chartjs.CategoryScale,
  chartjs.Filler,
  chartjs.Legend,
  chartjs.LinearScale,
  chartjs.LineController,
  chartjs.LineElement,
  chartjs.PieController,
  chartjs.PointElement,
  chartjs.PolarAreaController,
  chartjs.RadarController,
  chartjs.RadialLinearScale,
  chartjs.ScatterController,
  chartjs.Tooltip,
  internalLabels,
);

/** Canvas width assumed before the view has measured itself (server renders, tests). */
const DEFAULT_WIDTH = 800;

export function ChartBlock({ config, rows, data }: BlockViewProps) {
  const chartRef = useRef<ChartJS | null>(null);
  const wrapRef = useRef<HTMLDivElement | null>(null);
  const [busy, setBusy] = useState(false);
  const server = data.chart;
  const setPoints = server?.setPoints;

  // The server groups the rows into as many points as this chart can draw: 4 per pixel.
  useEffect(() => {
    const el = wrapRef.current;
    if (!setPoints || !el) return;
    const measure = () => setPoints(pointsFor(el.clientWidth || DEFAULT_WIDTH));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [setPoints]);

  // Rows handed over whole (previews) are grouped here by the same code the server runs.
  const local = useMemo(() => (server ? null : aggregateChart(chartSpecOf(config), rows, pointsFor(DEFAULT_WIDTH))), [server, config, rows]);
  const grouped = server ? server.series : local;
  // The board's palette colours the axes that keep the default colours (board settings).
  const palette = data.palette;
  const built = useMemo(() => buildChartFrom(config, grouped ?? EMPTY, palette), [config, grouped, palette]);
  const options = useMemo(() => ({ ...built.options, sbFormat: config.Data_Format }), [built.options, config.Data_Format]);
  const title = typeof config.title === 'string' ? config.title : '';
  const hasData = built.data.datasets.some((d) => d.data.length > 0);
  const error = server ? server.error : data.error;
  const loading = server ? server.loading && !server.series : data.loading && rows.length === 0;

  const downloadPdf = async () => {
    const canvas = chartRef.current?.canvas;
    if (!canvas) return;
    setBusy(true);
    try {
      const { downloadChartPdf } = await import('../pdf');
      await downloadChartPdf(canvas, title, downloadName(title, 'chart', 'pdf'));
    } finally {
      setBusy(false);
    }
  };

  const toolbar =
    config.pdf_download !== false && hasData && error == null ? (
      <DownloadButton kind="pdf" color={toolbarColor(config)} onClick={() => void downloadPdf()} loading={busy} />
    ) : null;

  let body;
  if (error != null) body = <DataError error={error} />;
  else if (!config.x_axis) body = <EmptyState>Choose the X axis column in the block settings</EmptyState>;
  else if (built.data.datasets.length === 0) body = <EmptyState>Add a column to plot</EmptyState>;
  else if (loading || (server && !server.series && server.points === 0)) body = <BlockLoading />;
  else if (!hasData) body = <EmptyState>No rows</EmptyState>;
  else
    body = (
      <>
        <Box
          h={320}
          pos="relative"
          data-chart-type={built.type}
          data-legend={built.options.plugins.legend.display ? built.options.plugins.legend.position : 'hidden'}
          role="img"
          aria-label={`${title || 'Chart'}: ${built.type} chart of ${built.data.datasets.map((d) => d.label).join(', ')}`}>
          <Chart
            ref={chartRef}
            type={built.type}
            // chart-data.ts builds plain objects; Chart.js's generic types cannot follow a runtime type.
            data={built.data as never}
            options={options as never}
          />
        </Box>
        {grouped?.aggregated && (
          <Text size="xs" c="dimmed" ta="right" data-testid="chart-aggregated">
            {groupedCaption(grouped, built.type === 'scatter')}
          </Text>
        )}
      </>
    );

  return (
    <BlockFrame config={config} toolbar={toolbar}>
      {/* Always drawn, so the width is known before the first answer. */}
      <div ref={wrapRef}>{body}</div>
    </BlockFrame>
  );
}

/**
 * The line under a chart whose values did not all fit, in the guest's words: what was drawn and
 * how the rest was treated (aggregate.ts: the largest values and 'Other', the points that keep a
 * line's shape, or neighbouring values combined into ranges).
 */
function groupedCaption(g: ChartSeries, scatter: boolean): string {
  const n = (v: number) => v.toLocaleString('en-US');
  if (g.other) {
    const shown = g.points - 1;
    return `The ${n(shown)} largest of ${n(g.groups)} values are shown; the other ${n(g.groups - shown)} are combined in '${g.labels.at(-1) ?? 'Other'}'.`;
  }
  if (scatter) return `${n(g.points)} of ${n(g.groups)} points are drawn, chosen to keep the shape of the data.`;
  if (g.labels.some((l) => l.includes(' – '))) return `Neighbouring values are combined into ${n(g.points)} ranges to fit the chart (${n(g.groups)} values in all).`;
  return `${n(g.points)} of ${n(g.groups)} values are drawn, chosen to keep the shape of the line with its highs and lows.`;
}

const EMPTY: ChartSeries = { labels: [], series: [], total_rows: 0, groups: 0, points: 0, aggregated: false, other: false };

export default ChartBlock;
