// Chart view: draws what chart-data.ts builds. Registers only the Chart.js pieces the seven
// chart types need, plus a small plugin for the axis "internal_labels" setting.
import { ActionIcon, Box, Tooltip as MTooltip } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  PolarAreaController,
  RadarController,
  RadialLinearScale,
  ScatterController,
  Tooltip,
  type Plugin,
} from 'chart.js';
import { useMemo, useRef, useState } from 'react';
import { Chart } from 'react-chartjs-2';
import { BlockFrame, BlockLoading, DataError, EmptyState, toolbarColor } from '../BlockFrame';
import { downloadName } from '../files';
import type { BlockViewProps } from '../types';
import { buildChart, internalLabelText } from './chart-data';

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

ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  PolarAreaController,
  RadarController,
  RadialLinearScale,
  ScatterController,
  Tooltip,
  internalLabels,
);

export function ChartBlock({ config, rows, data }: BlockViewProps) {
  const chartRef = useRef<ChartJS | null>(null);
  const [busy, setBusy] = useState(false);
  const built = useMemo(() => buildChart(config, rows), [config, rows]);
  const options = useMemo(() => ({ ...built.options, sbFormat: config.Data_Format }), [built.options, config.Data_Format]);
  const title = typeof config.title === 'string' ? config.title : '';
  const hasData = built.data.datasets.some((d) => d.data.length > 0);

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
    config.pdf_download !== false && hasData && data.error == null ? (
      <MTooltip label="Download PDF">
        <ActionIcon variant="subtle" color={toolbarColor(config)} aria-label="Download PDF" onClick={downloadPdf} loading={busy}>
          <IconFileTypePdf size={18} />
        </ActionIcon>
      </MTooltip>
    ) : null;

  let body;
  if (data.error != null) body = <DataError error={data.error} />;
  else if (data.loading && rows.length === 0) body = <BlockLoading />;
  else if (!config.x_axis) body = <EmptyState>Choose the X axis column in the block settings</EmptyState>;
  else if (built.data.datasets.length === 0) body = <EmptyState>Add a column to plot</EmptyState>;
  else if (!hasData) body = <EmptyState>No rows</EmptyState>;
  else
    body = (
      <Box h={320} pos="relative" role="img" aria-label={`${title || 'Chart'}: ${built.type} chart of ${built.data.datasets.map((d) => d.label).join(', ')}`}>
        <Chart
          ref={chartRef}
          type={built.type}
          // chart-data.ts builds plain objects; Chart.js's generic types cannot follow a runtime type.
          data={built.data as never}
          options={options as never}
        />
      </Box>
    );

  return (
    <BlockFrame config={config} toolbar={toolbar}>
      {body}
    </BlockFrame>
  );
}

export default ChartBlock;
