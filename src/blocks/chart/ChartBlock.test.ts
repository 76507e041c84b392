// Server-side renders of the chart view with the renderer's 'aggregate' data (data.chart).
import { describe, expect, it } from 'vitest';
import type { BlockChart } from '../types';
import { renderBlock, viewData } from '../testing/views';
import type { ChartSeries } from './aggregate';
import { ChartBlock } from './ChartBlock';
import { chartSchema } from './schema';

const series: ChartSeries = { labels: ['A', 'B', 'Other'], series: [[5, 3, 9]], total_rows: 1_000_000, groups: 40_000, points: 3, aggregated: true, other: true };

function render(settings: Record<string, unknown>, chart: Partial<BlockChart> | undefined, rows: Record<string, unknown>[] = []) {
  const data = viewData(rows, chart ? { chart: { series: null, loading: false, error: null, points: 3200, setPoints: () => {}, ...chart } } : {});
  return renderBlock(ChartBlock, chartSchema, { sheet_title: 'Orders', x_axis: 'City', axis: [{ column: 'Amount', type: 'pie' }], ...settings }, data);
}

describe('ChartBlock with server-grouped data', () => {
  it('draws the series, says how it was grouped, offers the PDF', () => {
    const html = render({ title: 'Sales' }, { series });
    expect(html).toContain('<canvas');
    expect(html).toContain('Sales: pie chart of Amount');
    expect(html).toContain('The 2 largest of 40,000 values are shown; the other 39,998 are combined in &#x27;Other&#x27;.');
    expect(html).not.toContain('groups shown as');
    expect(html).toContain('aria-label="Download PDF"');
  });

  it.each([
    ['top', 'top'],
    ['bottom', 'bottom'],
    ['hidden', 'hidden'],
  ])('legendPosition %s reaches the chart', (legendPosition, expected) => {
    expect(render({ legendPosition }, { series })).toContain(`data-legend="${expected}"`);
  });

  it('pdf_download off: no PDF button', () => {
    expect(render({ pdf_download: false }, { series })).not.toContain('Download PDF');
  });

  it('no caption when nothing was merged', () => {
    expect(render({}, { series: { ...series, aggregated: false, other: false } })).not.toContain('data-testid="chart-aggregated"');
  });

  // Guests read this line: what was drawn, in words, never the grouping's internals.
  it.each([
    ['a line keeps the points of its shape', { x_axis: 'Day', axis: [{ column: 'Amount', type: 'line' }] }, { labels: ['1', '5', '9'], other: false }, '3 of 1,461 values are drawn, chosen to keep the shape of the line with its highs and lows.'],
    ['bars combine neighbours into ranges', { x_axis: 'Day', axis: [{ column: 'Amount', type: 'bar' }] }, { labels: ['1 – 4', '5 – 8', '9 – 12'], other: false }, 'Neighbouring values are combined into 3 ranges to fit the chart (1,461 values in all).'],
    ['scatter draws some of its points', { x_axis: 'Day', axis: [{ column: 'Amount', type: 'scatter' }] }, { labels: [], xy: [[{ x: 1, y: 2 }, { x: 5, y: 1 }, { x: 9, y: 4 }]], other: false }, '3 of 1,461 points are drawn, chosen to keep the shape of the data.'],
  ])('%s', (_name, settings, shape, caption) => {
    const html = render(settings, { series: { ...series, ...shape, total_rows: 1461, groups: 1461 } });
    expect(html).toContain(caption);
    expect(html).not.toMatch(/rows, [\d,]+ (groups|points) shown as/);
  });

  it.each([
    ['before the width is known', { series: null, points: 0 }, 'Loading data'],
    ['while the first answer is on its way', { series: null, loading: true }, 'Loading data'],
    ['on an error', { error: 'This chart uses a column “Amount” that is no longer in the sheet. The owner can fix it in the editor.' }, 'The owner can fix it in the editor.'],
    ['when the filters leave nothing', { series: { ...series, labels: [], series: [[]], points: 0, aggregated: false, other: false } }, 'No rows'],
  ])('%s', (_label, chart, text) => {
    expect(render({}, chart)).toContain(text);
  });

  it('rows are not used when the server groups (data.chart present)', () => {
    const html = render({}, { series: null, points: 0 }, [{ City: 'X', Amount: 1 }]);
    expect(html).not.toContain('<canvas');
  });

  it('rows handed over whole are grouped by the same code', () => {
    const html = render({ axis: [{ column: 'Amount', type: 'bar' }] }, undefined, [
      { City: 'X', Amount: 1 },
      { City: 'Y', Amount: 2 },
    ]);
    expect(html).toContain('bar chart of Amount');
  });
});
