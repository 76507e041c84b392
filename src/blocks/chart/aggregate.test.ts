import { describe, expect, it } from 'vitest';
import { normalizeBlock } from '../../shared/settings/block';
import { parseNumber } from '../numbers';
import { aggregateChart, cellNumber, chartSpecOf, lttb, MAX_CHART_POINTS, OTHER_LABEL, pointsFor, specColumns, xOrder, type ChartSpec } from './aggregate';
import { chartSchema } from './schema';

type Row = Record<string, unknown>;

const spec = (axes: Partial<ChartSpec['axes'][number]>[], x = 'X', filters: ChartSpec['filters'] = []): ChartSpec => ({
  x_axis: x,
  axes: axes.map((a) => ({ column: 'V', type: 'bar', duplicateXAxis: 'sum', decimal: 'dot', ...a })),
  filters,
});

const rowsOf = (pairs: [unknown, unknown][]): Row[] => pairs.map(([X, V]) => ({ X, V }));

describe('chartSpecOf', () => {
  it('keeps axes with a column and complete filters, with the schema defaults', () => {
    const block = normalizeBlock(chartSchema, {
      x_axis: 'Month',
      axis: [{ column: 'Sales' }, { column: '' }, { column: 'Cost', type: 'line', duplicateXAxis: 'average', decimal: 'comma' }],
      filters: [
        { select_column: 'Region', condition: 'Is', filter_by: 'None', match_with_column: 'Home' },
        { select_column: 'Region', match_with_column: '' },
      ],
    });
    expect(chartSpecOf(block)).toEqual({
      x_axis: 'Month',
      axes: [
        { column: 'Sales', type: 'bar', duplicateXAxis: 'sum', decimal: 'dot' },
        { column: 'Cost', type: 'line', duplicateXAxis: 'average', decimal: 'comma' },
      ],
      filters: [{ select_column: 'Region', match_with_column: 'Home' }],
    });
  });

  it('names every column it reads', () => {
    expect(specColumns(spec([{}], 'X', [{ select_column: 'A', match_with_column: 'B' }]))).toEqual([
      { path: 'x_axis', column: 'X' },
      { path: 'axes.0.column', column: 'V' },
      { path: 'filters.0.select_column', column: 'A' },
      { path: 'filters.0.match_with_column', column: 'B' },
    ]);
  });
});

describe('grouping under the limit', () => {
  it.each([
    ['categories keep first appearance, empties skipped', ['Jan', 'Feb', 'Jan', '', 'Mar'], ['Jan', 'Feb', 'Mar']],
    ['numbers ascend', ['10', '2', '33', '2'], ['2', '10', '33']],
    ['ISO dates ascend', ['2024-03-01', '2024-01-15', '2024-02-01'], ['2024-01-15', '2024-02-01', '2024-03-01']],
    ['ISO months ascend', ['2024-03', '2023-12'], ['2023-12', '2024-03']],
    ['mixed stays in sheet order', ['10', 'b', '2'], ['10', 'b', '2']],
    ['other date formats stay in sheet order', ['05/03/2024', '01/01/2024'], ['05/03/2024', '01/01/2024']],
    ['numbers in number cells ascend too', [3, 1, 2], ['1', '2', '3']],
  ])('labels: %s', (_, xs, expected) => {
    const out = aggregateChart(spec([{}]), xs.map((X) => ({ X, V: 1 })), 100);
    expect(out.labels).toEqual(expected);
    expect(out).toMatchObject({ aggregated: false, other: false, points: expected.length, groups: expected.length });
  });

  it.each([
    ['sum', [4000.5, 2000, null]],
    ['average', [2000.25, 2000, null]],
  ] as const)('repeated x values → %s; a label without numbers is a gap', (duplicateXAxis, expected) => {
    const rows = rowsOf([['Jan', '1,000.50'], ['Feb', '2,000'], ['Jan', '3,000'], ['', '999'], ['Mar', 'n/a']]);
    const out = aggregateChart(spec([{ duplicateXAxis }]), rows, 100);
    expect(out.series).toEqual([expected]);
    expect(out.total_rows).toBe(5);
  });

  it.each([
    ['dot', [['a', '1,234.56']], [1234.56]],
    ['comma', [['a', '1.234,56']], [1234.56]],
    ['comma', [['a', '1,5'], ['a', '2,5']], [4]],
    ['dot', [['a', 7]], [7]],
  ] as const)('decimal %s', (decimal, pairs, expected) => {
    expect(aggregateChart(spec([{ decimal }]), rowsOf(pairs.map((p) => [...p])), 100).series).toEqual([expected]);
  });

  it('conditional filters (select_column Is match_with_column, case-insensitive) and the board mask', () => {
    const rows = [
      { X: 'a', V: 1, R: 'North', H: 'north' },
      { X: 'a', V: 2, R: 'South', H: 'North' },
      { X: 'b', V: 4, R: 'South', H: 'South' },
    ];
    const s = spec([{}], 'X', [{ select_column: 'R', match_with_column: 'H' }]);
    expect(aggregateChart(s, rows, 100)).toMatchObject({ labels: ['a', 'b'], series: [[1, 4]], total_rows: 2 });
    expect(aggregateChart(s, rows, 100, Uint8Array.from([0, 1, 1]))).toMatchObject({ labels: ['b'], series: [[4]], total_rows: 1 });
  });

  it('several axes share the labels', () => {
    const rows = [
      { X: 'a', V: 1, W: '' },
      { X: 'b', V: '', W: 3 },
    ];
    expect(aggregateChart(spec([{}, { column: 'W', duplicateXAxis: 'average' }]), rows, 100).series).toEqual([
      [1, null],
      [null, 3],
    ]);
  });

  it('no x axis or no axis: nothing to draw, rows still counted', () => {
    expect(aggregateChart({ x_axis: '', axes: [], filters: [] }, rowsOf([['a', 1]]), 100)).toMatchObject({ labels: [], total_rows: 1, points: 0 });
  });
});

describe('categories over the limit: top groups and Other', () => {
  // 10 categories c0..c9 with value i+1 each, twice (sum doubles), one extra c9 row.
  const rows = [...Array.from({ length: 10 }, (_, i) => ({ X: `c${i}`, V: i + 1 })), ...Array.from({ length: 10 }, (_, i) => ({ X: `c${i}`, V: i + 1 }))];

  it.each(['bar', 'pie', 'polarArea', 'line', 'radar'] as const)('%s: top limit-1 by value in sheet order, the rest summed into Other', (type) => {
    const out = aggregateChart(spec([{ type }]), rows, 4);
    expect(out.labels).toEqual(['c7', 'c8', 'c9', OTHER_LABEL]);
    // Other = 2 × (1 + 2 + … + 7) = 56; the total is kept exactly.
    expect(out.series).toEqual([[16, 18, 20, 56]]);
    expect(out.series[0]!.reduce((a, b) => a! + b!, 0)).toBe(110);
    expect(out).toMatchObject({ aggregated: true, other: true, points: 4, groups: 10 });
  });

  it('average: Other is the mean of the rows it holds', () => {
    const out = aggregateChart(spec([{ duplicateXAxis: 'average' }]), rows, 4);
    expect(out.series).toEqual([[8, 9, 10, 4]]);
  });

  it('a category really named Other does not merge with the bucket', () => {
    const named = [...rows, { X: 'Other', V: 1000 }];
    expect(aggregateChart(spec([{}]), named, 3).labels).toEqual(['c9', 'Other', 'Other (9 more)']);
  });

  it('pie charts of ordered x also keep the top slices', () => {
    const nums = Array.from({ length: 50 }, (_, i) => ({ X: i, V: i === 7 ? 1000 : 1 }));
    const out = aggregateChart(spec([{ type: 'pie' }]), nums, 3);
    expect(out.labels).toEqual(['0', '7', OTHER_LABEL]);
    expect(out.series).toEqual([[1, 1000, 48]]);
  });
});

describe('ordered x over the limit', () => {
  it('bars: even buckets in order, exact sums, labelled first – last', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ X: 10 - i, V: 10 - i }));
    const out = aggregateChart(spec([{}]), rows, 3);
    expect(out.labels).toEqual(['1 – 3', '4 – 6', '7 – 10']);
    expect(out.series).toEqual([[6, 15, 34]]);
    expect(out).toMatchObject({ aggregated: true, other: false, points: 3 });
  });

  it('bars of dates: average over the rows of each bucket', () => {
    const rows = [
      { X: '2024-01-01', V: 1 },
      { X: '2024-01-01', V: 3 },
      { X: '2024-01-02', V: 8 },
      { X: '2024-01-03', V: 5 },
      { X: '2024-01-04', V: 7 },
      { X: '2024-01-05', V: 9 },
    ];
    const out = aggregateChart(spec([{ duplicateXAxis: 'average' }]), rows, 3);
    expect(out.labels).toEqual(['2024-01-01', '2024-01-02 – 2024-01-03', '2024-01-04 – 2024-01-05']);
    expect(out.series).toEqual([[2, 6.5, 8]]);
  });

  it('lines: LTTB on the first axis keeps exact values, the ends and the spike', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ X: i, V: i === 613 ? 500 : i === 200 ? -300 : Math.sin(i / 20), W: i }));
    const out = aggregateChart(spec([{ type: 'line' }, { column: 'W', type: 'line' }]), rows, 50);
    expect(out.points).toBeLessThanOrEqual(50);
    expect(out.labels).toHaveLength(out.points);
    expect(out.labels).toEqual(expect.arrayContaining(['0', '999', '613', '200']));
    const at613 = out.labels.indexOf('613');
    expect(out.series[0]![at613]).toBe(500);
    // The second axis takes its exact value at the same x.
    expect(out.series[1]![at613]).toBe(613);
    // Labels stay in x order.
    expect(out.labels.map(Number)).toEqual([...out.labels.map(Number)].sort((a, b) => a - b));
  });
});

it('a line whose first axis has no numbers over the limit falls back to buckets', () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ X: i, V: '', W: 1 }));
  const out = aggregateChart(spec([{ type: 'line' }, { column: 'W', type: 'line' }]), rows, 5);
  expect(out.labels).toEqual(['0 – 1', '2 – 3', '4 – 5', '6 – 7', '8 – 9']);
  expect(out.series).toEqual([
    [null, null, null, null, null],
    [2, 2, 2, 2, 2],
  ]);
});

describe('scatter', () => {
  it('one point per row, numeric x when every x is a number', () => {
    const out = aggregateChart(spec([{ type: 'scatter', decimal: 'comma' }], 'x'), [{ x: '1', V: '2' }, { x: '3,5', V: '4' }, { x: '5', V: '' }], 100);
    expect(out.xy).toEqual([[{ x: 1, y: 2 }, { x: 3.5, y: 4 }]]);
    const text = aggregateChart(spec([{ type: 'scatter' }], 'x'), [{ x: 'a', V: '2' }, { x: '1', V: '3' }], 100);
    expect(text.xy).toEqual([[{ x: 'a', y: 2 }, { x: '1', y: 3 }]]);
  });

  it('over the limit: LTTB per axis in x order, extremes kept', () => {
    // Unsorted x: the points are put in x order first.
    const rows = Array.from({ length: 5000 }, (_, k) => {
      const i = (k * 7919) % 5000;
      return { X: i, V: i === 4321 ? 1e6 : i === 17 ? -1e6 : (i % 13) - 6 };
    });
    const out = aggregateChart(spec([{ type: 'scatter' }]), rows, 200);
    const pts = out.xy![0]!;
    expect(pts.length).toBeLessThanOrEqual(200);
    expect(out).toMatchObject({ aggregated: true, groups: 5000, points: pts.length });
    expect(pts).toEqual(expect.arrayContaining([{ x: 4321, y: 1e6 }, { x: 17, y: -1e6 }, { x: 0, y: -6 }, { x: 4999, y: (4999 % 13) - 6 }]));
    const xs = pts.map((p) => p.x as number);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });
});

describe('lttb', () => {
  const wave = (n: number) => Array.from({ length: n }, (_, i) => Math.sin(i / 7) * 10 + (i === 77 ? 40 : 0) - (i === 301 ? 40 : 0));

  it.each([3, 4, 5, 6, 10, 50, 100, 399])('never more than %i points, ascending, unique; extremes kept', (threshold) => {
    const ys = wave(400);
    const xs = ys.map((_, i) => i);
    const picked = lttb(xs, ys, threshold);
    expect(picked.length).toBeLessThanOrEqual(threshold);
    expect(picked).toEqual([...new Set(picked)].sort((a, b) => a - b));
    expect(picked).toContain(77);
    expect(picked).toContain(301);
    if (threshold >= 5) expect(picked).toEqual(expect.arrayContaining([0, 399]));
  });

  it('keeps everything when it fits', () => expect(lttb([0, 1, 2], [5, 6, 7], 3)).toEqual([0, 1, 2]));
});

describe('never more than the points asked for', () => {
  const random = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

  it.each(['bar', 'line', 'pie', 'radar', 'horizontal-bar', 'scatter', 'polarArea'] as const)('%s on 20,000 random rows', (type) => {
    const r = random(42);
    const rows = Array.from({ length: 20000 }, () => ({ X: Math.floor(r() * 5000), V: Math.round(r() * 100) }));
    for (const points of [3, 7, 100, 1000]) {
      const out = aggregateChart(spec([{ type }]), rows, points);
      const sizes = type === 'scatter' ? out.xy!.map((s) => s.length) : [out.labels.length, ...out.series.map((s) => s.length)];
      for (const size of sizes) expect(size).toBeLessThanOrEqual(points);
      expect(out.points).toBe(Math.max(...sizes));
      // Sums survive every grouping (not LTTB, which drops points on purpose).
      if (type !== 'line' && type !== 'scatter') expect(out.series[0]!.reduce((a, b) => a! + (b ?? 0), 0)).toBe(rows.reduce((a, b) => a + b.V, 0));
    }
  });
});

it.each([
  [0, 3200],
  [1, 100],
  [320, 1300],
  [800, 3200],
  [801, 3300],
  [100000, MAX_CHART_POINTS],
])('pointsFor(%i px) = %i', (width, expected) => expect(pointsFor(width)).toBe(expected));

it.each([
  [['1', '2'], 'number'],
  [['2024-01', '2023-05-06'], 'date'],
  [['1', 'x'], 'category'],
  [['7'], 'category'],
] as const)('xOrder(%j) = %s', (labels, expected) => expect(xOrder(labels)).toBe(expected));

describe('cellNumber: the fast path gives what parseNumber gives', () => {
  const samples = [
    '1', '-1', '+1', '007', '1.5', '.5', '5.', '-.5', '1,234', '1,234.56', '1.234,56', '1,5', '1.2.3', '1,2,3', '-,5', '+-5', '-', '.', ',', '',
    ' 12 ', '$1,200', '12%', '(1,234)', '1e3', '1E-2', 'abc', '12abc', '1 234,5', '€ 3,50', '9'.repeat(400), '1'.repeat(31), '١٢',
  ];
  it.each(samples.flatMap((s) => [[s, 'dot'] as const, [s, 'comma'] as const]))('%j (%s)', (text, decimal) => {
    expect(cellNumber(text, decimal)).toBe(parseNumber(text, decimal));
  });

  it('random strings of digits, marks and signs', () => {
    const r = ((seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646)(7);
    const alphabet = '0123456789.,-+ $%e';
    for (let k = 0; k < 5000; k++) {
      const text = Array.from({ length: 1 + Math.floor(r() * 10) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
      for (const decimal of ['dot', 'comma'] as const) expect([text, decimal, cellNumber(text, decimal)]).toEqual([text, decimal, parseNumber(text, decimal)]);
    }
  });

  it.each([
    [12.5, 12.5],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [true, null],
  ])('%s → %s', (value, expected) => {
    expect(cellNumber(value, 'dot')).toBe(expected);
  });
});

describe('rows already in x order take a shortcut with the same result', () => {
  // The plain rule: group by label text in order of first appearance, then order the axis.
  function reference(rows: Row[]) {
    const sums = new Map<string, number>();
    for (const r of rows) {
      const label = r.X === null || r.X === undefined ? '' : String(r.X).trim();
      if (label === '') continue;
      sums.set(label, (sums.get(label) ?? 0) + (typeof r.V === 'number' ? r.V : Number(r.V)));
    }
    let labels = [...sums.keys()];
    const order = xOrder(labels);
    if (order === 'number') labels = [...labels].sort((a, b) => Number(a) - Number(b));
    if (order === 'date') labels = [...labels].sort();
    return { labels, series: [labels.map((l) => sums.get(l)!)] };
  }

  it.each([
    ['ascending numbers with repeats', [1, 1, 2, 3, 3, 3, 10]],
    ['ascending then an earlier number again', [1, 2, 3, 2, 4, 1]],
    ['numbers, then the same number as text', [1, 5, 7, '5', 8]],
    ['text in order with repeats', ['a', 'a', 'b', 'c', 'c']],
    ['text out of order', ['b', 'c', 'a', 'b']],
    ['dates in order', ['2024-01-01', '2024-01-01', '2024-01-02', '2024-02-01']],
    ['empties in between', [1, '', null, 2, '  ', 2, undefined, 3]],
    ['text then a number', ['x', 'y', 3, 'x']],
    ['minus zero and zero', [-1, -0, 0, 1]],
    ['numbers with spaces as text', [' 1', '1', '2 ', 2]],
    ['a boolean stops the shortcut', [1, 2, true, 3, 'true']],
  ])('%s', (_label, xs) => {
    const rows = (xs as unknown[]).map((X, i) => ({ X, V: i + 1 }));
    const out = aggregateChart(spec([{}]), rows, 1000);
    expect({ labels: out.labels, series: out.series }).toEqual(reference(rows));
    expect(out.total_rows).toBe(rows.length);
  });

  it('random runs of sorted and shuffled values', () => {
    const r = ((seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646)(3);
    for (let k = 0; k < 200; k++) {
      const n = 1 + Math.floor(r() * 60);
      let xs: unknown[] = Array.from({ length: n }, () => Math.floor(r() * 20));
      if (r() < 0.6) xs = [...xs].sort((a, b) => (a as number) - (b as number));
      if (r() < 0.3) xs = xs.map((v) => `k${String(v).padStart(2, '0')}`);
      if (r() < 0.2) xs.splice(Math.floor(r() * xs.length), 0, '');
      const rows = xs.map((X, i) => ({ X, V: i }));
      const out = aggregateChart(spec([{}]), rows, 1000);
      expect({ labels: out.labels, series: out.series }).toEqual(reference(rows));
    }
  });
});
