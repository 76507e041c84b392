import { describe, expect, it } from 'vitest';
import { normalizeBlock, validateBlock } from '../../shared/settings/block';
import { migrateBlockRecord, resolveKind, schemaOf } from '../schemas';
import { migrateScorecardAxis, migrateScorecardRecord } from './migrate';
import { computeScore, formatScore, scoreCards } from './score';
import { SCORE_FUNCTIONS, scorecardSchema } from './schema';

const rows = [{ Amount: '1,200.50' }, { Amount: '' }, { Amount: 'n/a' }, { Amount: 300 }, { Amount: '1.000,25' }];

describe('computeScore', () => {
  it.each([
    ['sum', 2500.75],
    ['average', 2500.75 / 3],
    ['first row', 1200.5],
    ['last row', 1000.25],
    ['unknown', 2500.75],
  ])('%s', (fn, expected) => {
    expect(computeScore(rows, 'Amount', fn)).toBeCloseTo(expected as number, 6);
  });

  it.each([
    ['sum', [], 0],
    ['average', [], null],
    ['first row', [], null],
    ['last row', [{ A: '' }], null],
    ['first row', [{ A: 'Paris' }, { A: 'Rome' }], 'Paris'],
    ['last row', [{ A: 'Paris' }, { A: 'Rome' }], 'Rome'],
  ] as const)('%s of %j → %j', (fn, data, expected) => {
    expect(computeScore([...data], 'A', fn)).toBe(expected);
  });
});

describe('formatScore', () => {
  it.each([
    [1234.5, '$', '$1,234.5'],
    [-1234.567, '$', '-$1,234.57'],
    [0, '$', '$0'],
    [12.5, '%', '12.5%'],
    [10, 'kg', '10 kg'],
    [10, '€', '€10'],
    [10, '', '10'],
    [null, '$', '—'],
    ['Paris', '$', 'Paris'],
  ] as const)('%j with %j → %s', (value, symbol, expected) => {
    expect(formatScore(value, symbol)).toBe(expected);
  });
});

describe('scoreCards', () => {
  const sheets = { Orders: [{ Total: '10' }, { Total: '20' }] };
  it('one card per axis with label, value and symbol', () => {
    expect(
      scoreCards(
        [
          { source: { sheet: 'Orders', column: 'Total' }, label: 'Revenue', function: 'sum', symbol: '$' },
          { source: { sheet: 'Orders', column: 'Total' }, label: '', function: 'average', symbol: '€' },
          { source: { sheet: 'Missing', column: 'Total' }, label: 'X', function: 'sum', symbol: '$' },
          { source: { sheet: '', column: '' }, label: '', function: 'sum', symbol: '$' },
        ],
        sheets,
      ),
    ).toEqual([
      { label: 'Revenue', value: '$30', error: null },
      { label: 'Total', value: '€15', error: null },
      { label: 'X', value: '—', error: "Sheet 'Missing' not found" },
      { label: 'Score', value: '—', error: 'Choose a sheet and column' },
    ]);
  });
});

describe('legacy score_card records', () => {
  it('score_card resolves to the scorecard schema', () => {
    expect(resolveKind('score_card')).toBe('scorecard');
    expect(schemaOf('score_card')).toBe(scorecardSchema);
  });

  it.each([
    [{ sheet: 'Orders', column: 'Total', function: 'Sum' }, '', { source: { sheet: 'Orders', column: 'Total' }, function: 'sum' }],
    [{ sheet_title: 'Orders', column: 'Total', function: 'avg' }, '', { source: { sheet: 'Orders', column: 'Total' }, function: 'average' }],
    [{ column: 'Total', function: 'First Row' }, 'Orders', { source: { sheet: 'Orders', column: 'Total' }, function: 'first row' }],
    [{ source: 'Total', function: 'last_row' }, 'Orders', { source: { sheet: 'Orders', column: 'Total' }, function: 'last row' }],
    [{ source: { sheet: 'S', column: 'C' }, function: 'sum', symbol: '€' }, '', { source: { sheet: 'S', column: 'C' }, function: 'sum', symbol: '€' }],
  ])('axis %j (block sheet %j) → %j', (input, sheet, expected) => {
    expect(migrateScorecardAxis(input, sheet)).toEqual(expected);
  });

  it('migrates a whole stored record into one that validates, and is idempotent', () => {
    const legacy = {
      id: 'b1',
      type: 'score_card',
      section: '',
      sheet_title: 'Orders',
      actions: [],
      full_width: false,
      axis: [{ column: 'Total', label: 'Revenue', function: 'Average', symbol: '$' }],
    };
    const migrated = migrateBlockRecord(legacy);
    expect(migrated.type).toBe('scorecard');
    expect(migrated.axis).toEqual([{ source: { sheet: 'Orders', column: 'Total' }, label: 'Revenue', function: 'average', symbol: '$' }]);
    expect(migrateBlockRecord(migrated)).toEqual(migrated);
    expect(validateBlock(scorecardSchema, normalizeBlock(scorecardSchema, migrated))).toEqual([]);
  });

  it('leaves other kinds alone', () => {
    const chart = { type: 'chart', axis: [{ column: 'A' }] };
    expect(migrateBlockRecord(chart)).toBe(chart);
    expect(migrateScorecardRecord(chart)).toBe(chart);
  });
});

describe('count (ours, beside the spec\'s four functions)', () => {
  const rows = [{ Name: 'Ada', Amount: '10' }, { Name: '', Amount: 'n/a' }, { Name: 'Grace', Amount: null }, { Name: '  ', Amount: 0 }, { Name: 'Linus' }];
  it('counts the non-empty cells of the column, whatever they hold', () => {
    expect(computeScore(rows, 'Name', 'count')).toBe(3);
    expect(computeScore(rows, 'Amount', 'count')).toBe(3);
    expect(computeScore([], 'Name', 'count')).toBe(0);
  });
  it('the function list keeps the spec\'s four, verbatim, then count; a count card shows no currency symbol', () => {
    expect(SCORE_FUNCTIONS).toEqual(['sum', 'average', 'first row', 'last row', 'count']);
    expect(scorecardSchema.axis!.settings.function!.options!.map((o) => o.value)).toEqual([...SCORE_FUNCTIONS]);
    const [card] = scoreCards([{ source: { sheet: 'People', column: 'Name' }, function: 'count', symbol: '$', label: 'People' }], { People: rows });
    expect(card).toEqual({ label: 'People', value: '3', error: null });
    expect(validateBlock(scorecardSchema, normalizeBlock(scorecardSchema, { axis: [{ source: { sheet: 'People', column: 'Name' }, function: 'count' }] }))).toEqual([]);
  });
  it('keeps its own height in a row (needs.ownHeight)', () => {
    expect(scorecardSchema.needs?.ownHeight).toBe(true);
  });
});
