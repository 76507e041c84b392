import { describe, expect, it } from 'vitest';
import { blockDefaults, normalizeBlock } from '../../shared/settings/block';
import type { BlockRecord } from '../../shared/settings/types';
import { buildChart, buildChartFrom, internalLabelText, OTHER_COLOR, shade, sliceColor, toChartJsType, withAlpha } from './chart-data';
import { chartSchema, DEFAULT_CHART_COLORS } from './schema';

const rows = [
  { Month: 'Jan', Sales: '1,000.50', Cost: '400', Region: 'North', Home: 'North' },
  { Month: 'Feb', Sales: '2,000', Cost: '500', Region: 'South', Home: 'North' },
  { Month: 'Jan', Sales: '3,000', Cost: '', Region: 'North', Home: 'North' },
  { Month: '', Sales: '999', Cost: '1', Region: 'North', Home: 'North' },
  { Month: 'Mar', Sales: 'n/a', Cost: '300', Region: 'South', Home: 'South' },
];

function chart(settings: Record<string, unknown>, axis: Record<string, unknown>[]): BlockRecord {
  return normalizeBlock(chartSchema, { sheet_title: 'Orders', x_axis: 'Month', ...settings, axis });
}

describe('buildChart: the seven types', () => {
  it.each([
    ['line', 'line'],
    ['bar', 'bar'],
    ['horizontal-bar', 'bar'],
    ['radar', 'radar'],
    ['pie', 'pie'],
    ['polarArea', 'polarArea'],
    ['scatter', 'scatter'],
    ['nonsense', 'bar'],
  ])('%s → Chart.js %s', (type, expected) => {
    expect(toChartJsType(type)).toBe(expected);
    const built = buildChart(chart({}, [{ column: 'Sales', type }]), rows);
    expect(built.type).toBe(expected);
    expect(built.data.datasets).toHaveLength(1);
  });

  it('horizontal-bar is a bar with indexAxis y and the value axis on x', () => {
    const built = buildChart(chart({ beginAtZero: true }, [{ column: 'Sales', type: 'horizontal-bar' }]), rows);
    expect(built.options.indexAxis).toBe('y');
    expect(built.options.scales.x.beginAtZero).toBe(true);
    expect(built.options.scales.y.beginAtZero).toBeUndefined();
  });

  it('vertical bars have no indexAxis', () => {
    expect(buildChart(chart({}, [{ column: 'Sales' }]), rows).options.indexAxis).toBeUndefined();
  });

  it('scatter uses {x, y} points and a linear or category x scale', () => {
    const numeric = buildChart(chart({ x_axis: 'Cost' }, [{ column: 'Sales', type: 'scatter' }]), rows);
    expect(numeric.data.datasets[0]!.data).toEqual([
      { x: 400, y: 1000.5 },
      { x: 500, y: 2000 },
      { x: 1, y: 999 },
    ]);
    expect(numeric.options.scales.x.type).toBe('linear');
    const text = buildChart(chart({}, [{ column: 'Sales', type: 'scatter' }]), rows);
    expect(text.options.scales.x.type).toBe('category');
    expect(text.data.labels).toEqual(['Jan', 'Feb']);
  });

  it('pie and polar area colour each slice and have no cartesian axes', () => {
    const pie = buildChart(chart({}, [{ column: 'Sales', type: 'pie', backgroundColor: ['#111111', '#222222'] }]), rows);
    // Past the end of the list the colours come round again, lighter (#11 + 30% of the way to #ff).
    expect(pie.data.datasets[0]!.backgroundColor).toEqual(['#111111', '#222222', '#585858']);
    expect(pie.options.scales).toBeUndefined();
    const polar = buildChart(chart({ StepSize: 5, CustomStepSize: true }, [{ column: 'Sales', type: 'polarArea' }]), rows);
    expect(polar.options.scales.r.ticks.stepSize).toBe(5);
  });

  it('radar uses the r scale with grid colour', () => {
    const radar = buildChart(chart({ grid_color: '#123456' }, [{ column: 'Sales', type: 'radar' }]), rows);
    expect(radar.options.scales.r.grid.color).toBe('#123456');
    expect(radar.options.scales.x).toBeUndefined();
  });
});

describe('buildChart: several axes and settings', () => {
  const two = [
    { column: 'Sales', type: 'bar' },
    { column: 'Cost', type: 'line', duplicateXAxis: 'average' },
  ];

  it('one dataset per axis, each with its own aggregation and type', () => {
    const built = buildChart(chart({}, two), rows);
    expect(built.data.labels).toEqual(['Jan', 'Feb', 'Mar']);
    expect(built.data.datasets.map((d) => d.label)).toEqual(['Sales', 'Cost']);
    expect(built.data.datasets[0]!.data).toEqual([4000.5, 2000, null]);
    expect(built.data.datasets[1]!.data).toEqual([400, 500, 300]);
    expect(built.data.datasets[0]!.type).toBeUndefined();
    expect(built.data.datasets[1]!.type).toBe('line');
  });

  it('axes without a column are skipped', () => {
    expect(buildChart(chart({}, [{ column: '' }, { column: 'Sales' }]), rows).data.datasets).toHaveLength(1);
  });

  it('the default palette gives each axis its own colour', () => {
    const built = buildChart(chart({}, [{ column: 'Sales' }, { column: 'Cost' }]), rows);
    expect(built.data.datasets[0]!.backgroundColor).toBe(DEFAULT_CHART_COLORS[0]);
    expect(built.data.datasets[1]!.backgroundColor).toBe(DEFAULT_CHART_COLORS[1]);
  });

  it.each([
    [true, true, 'stack'],
    [false, false, undefined],
  ])('stackAxis %s → stacked scales %s', (stackAxis, stacked, stack) => {
    const built = buildChart(chart({ stackAxis }, two), rows);
    expect(built.options.scales.x.stacked).toBe(stacked);
    expect(built.options.scales.y.stacked).toBe(stacked);
    expect(built.data.datasets[0]!.stack).toBe(stack);
  });

  it.each([
    [true, true],
    [false, false],
  ])('beginAtZero %s', (beginAtZero, expected) => {
    expect(buildChart(chart({ beginAtZero }, two), rows).options.scales.y.beginAtZero).toBe(expected);
  });

  it.each([
    [true, 250, 250],
    [false, 250, undefined],
    [true, 0, undefined],
    [true, '', undefined],
  ])('CustomStepSize %s with StepSize %j → stepSize %j', (CustomStepSize, StepSize, expected) => {
    expect(buildChart(chart({ CustomStepSize, StepSize }, two), rows).options.scales.y.ticks.stepSize).toBe(expected);
  });

  it.each([
    ['top', true, 'top'],
    ['bottom', true, 'bottom'],
    ['hidden', false, 'top'],
  ])('legendPosition %s', (legendPosition, display, position) => {
    const legend = buildChart(chart({ legendPosition }, two), rows).options.plugins.legend;
    expect(legend.display).toBe(display);
    expect(legend.position).toBe(position);
  });

  it.each([
    [true, '#ff0000', true, '#ff0000'],
    [false, '#ff0000', false, '#ff0000'],
    [true, '', true, '#e5e7eb'],
  ])('grid %s colour %s', (grid, grid_color, display, color) => {
    const { x, y } = buildChart(chart({ grid, grid_color }, two), rows).options.scales;
    expect(x.grid).toEqual({ display, color });
    expect(y.grid).toEqual({ display, color });
  });

  it('showScaleLabel titles the axes', () => {
    const { x, y } = buildChart(chart({ showScaleLabel: true }, two), rows).options.scales;
    expect(x.title).toMatchObject({ display: true, text: 'Month' });
    expect(y.title).toMatchObject({ display: true, text: 'Sales, Cost' });
  });

  it('Data_Format shapes the tick labels', () => {
    const ticks = buildChart(chart({ Data_Format: 'compact' }, two), rows).options.scales.y.ticks;
    expect(ticks.callback(12000)).toBe('12K');
  });

  it('axis point and border settings reach the dataset', () => {
    const ds = buildChart(chart({}, [{ column: 'Sales', type: 'line', borderWidth: 5, pointRadius: 0, pointHoverRadius: 2, spanGaps: true }]), rows)
      .data.datasets[0]!;
    expect(ds).toMatchObject({ borderWidth: 5, pointRadius: 0, pointHoverRadius: 2, spanGaps: true });
  });

  it('a default block (no x axis yet) builds an empty chart without throwing', () => {
    const built = buildChart(blockDefaults(chartSchema), rows);
    expect(built.data).toEqual({ labels: [], datasets: [] });
  });
});

describe('internal labels', () => {
  it.each([
    ['None', ''],
    ['Name', 'Jan'],
    ['Value', '1,234.5'],
    ['Name and value', 'Jan: 1,234.5'],
  ])('%s', (mode, expected) => {
    expect(internalLabelText(mode, 'Jan', 1234.5, 'number')).toBe(expected);
  });
  it('no value, no label', () => expect(internalLabelText('Value', 'Jan', null, 'none')).toBe(''));
});

it.each([
  ['#4f46e5', 0.5, '#4f46e580'],
  ['red', 0.5, 'red'],
])('withAlpha(%s, %s) → %s', (c, a, expected) => expect(withAlpha(c, a)).toBe(expected));

describe('slice colours', () => {
  it.each([
    ['#000000', 0.5, '#808080'],
    ['#ffffff', -0.5, '#808080'],
    ['#f00', 0.3, '#ff4d4d'],
    ['rgb(1,2,3)', 0.3, 'rgb(1,2,3)'],
  ])('shade(%s, %d) = %s', (color, amount, expected) => expect(shade(color, amount)).toBe(expected));

  it('gives every slice of a pie a distinct colour beyond the palette', () => {
    const colors = Array.from({ length: 20 }, (_, i) => sliceColor(DEFAULT_CHART_COLORS, i));
    expect(new Set(colors).size).toBe(20);
    expect(colors.slice(0, DEFAULT_CHART_COLORS.length)).toEqual(DEFAULT_CHART_COLORS);
  });

  it('colours a pie of twelve cities without repeats', () => {
    const cities = Array.from({ length: 12 }, (_, i) => ({ City: `City ${i}`, Amount: i + 1 }));
    const record = normalizeBlock(chartSchema, { x_axis: 'City', axis: [{ column: 'Amount', type: 'pie' }] });
    const bg = buildChart(record, cities).data.datasets[0]!.backgroundColor as string[];
    expect(new Set(bg).size).toBe(12);
  });
});

describe('conditional filters through buildChart', () => {
  it.each([
    [[], [4000.5, 2000, null]],
    // Region Is Home: Feb (South ≠ North) drops out.
    [[{ select_column: 'Region', condition: 'Is', filter_by: 'None', match_with_column: 'Home' }], [4000.5, null]],
    // Half-filled filters are ignored.
    [[{ select_column: 'Region', condition: 'Is', filter_by: 'None', match_with_column: '' }], [4000.5, 2000, null]],
  ])('%j', (filters, expected) => {
    expect(buildChart(chart({ filters }, [{ column: 'Sales' }]), rows).data.datasets[0]!.data).toEqual(expected);
  });
});

describe('buildChartFrom: the server answer', () => {
  const answer = { labels: ['A', 'B', 'Other'], series: [[5, 3, 9]], total_rows: 40, groups: 30, points: 3, aggregated: true, other: true };

  it('draws the series as given, the Other slice in grey', () => {
    const pie = buildChartFrom(chart({}, [{ column: 'Sales', type: 'pie' }]), answer);
    expect(pie.data.labels).toEqual(['A', 'B', 'Other']);
    expect(pie.data.datasets[0]!.data).toEqual([5, 3, 9]);
    expect(pie.data.datasets[0]!.backgroundColor).toEqual([DEFAULT_CHART_COLORS[0], DEFAULT_CHART_COLORS[1], OTHER_COLOR]);
  });

  it('scatter reads the xy points of each axis', () => {
    const built = buildChartFrom(chart({}, [{ column: 'Sales', type: 'scatter' }]), {
      ...answer,
      labels: [],
      series: [[]],
      xy: [[{ x: 1, y: 2 }, { x: 3, y: 4 }]],
      other: false,
    });
    expect(built.data.datasets[0]!.data).toEqual([{ x: 1, y: 2 }, { x: 3, y: 4 }]);
    expect(built.options.scales.x.type).toBe('linear');
  });
});

describe("the board's palette (board settings): the default colours of charts", () => {
  const grouped = { labels: ['Jan', 'Feb'], series: [[1, 2], [3, 4]], total_rows: 2, groups: 2, points: 2, aggregated: false, other: false };
  it('axes at the default colours take the palette, one colour each', () => {
    const config = chart({}, [{ column: 'Sales', type: 'bar' }, { column: 'Cost', type: 'bar' }]);
    const built = buildChartFrom(config, grouped, ['#aa0000', '#00bb00']);
    expect(built.data.datasets.map((d) => d.backgroundColor)).toEqual(['#aa0000', '#00bb00']);
    // Without a palette, the defaults.
    expect(buildChartFrom(config, grouped).data.datasets.map((d) => d.backgroundColor)).toEqual([DEFAULT_CHART_COLORS[0], DEFAULT_CHART_COLORS[1]]);
  });
  it("an axis's own colours win over the palette", () => {
    const config = chart({}, [{ column: 'Sales', type: 'bar', backgroundColor: ['#123456'] }]);
    expect(buildChartFrom(config, grouped, ['#aa0000']).data.datasets[0]!.backgroundColor).toBe('#123456');
  });
  it('pie slices cycle through the palette', () => {
    const config = chart({}, [{ column: 'Sales', type: 'pie' }]);
    expect(buildChartFrom(config, grouped, ['#aa0000', '#00bb00']).data.datasets[0]!.backgroundColor).toEqual(['#aa0000', '#00bb00']);
  });
});
