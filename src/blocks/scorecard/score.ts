// Pure scorecard computation: one card per axis, from the rows of the sheet its source names.
import type { SettingValues } from '../../shared/settings/types';
import { parseNumber } from '../numbers';

type Row = Record<string, unknown>;

export interface ScoreSource {
  sheet: string;
  column: string;
}

export function sourceOf(axis: SettingValues): ScoreSource {
  const s = axis.source as Partial<ScoreSource> | undefined;
  return {
    sheet: typeof s?.sheet === 'string' ? s.sheet : '',
    column: typeof s?.column === 'string' ? s.column : '',
  };
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * The value of a card: sum and average over the cells that hold numbers (text cells are skipped;
 * decimal separators are guessed per cell); first row and last row read the first and last
 * non-empty cell, as a number when it is one, else as its text; count counts the non-empty cells.
 * No value at all gives null (count gives 0).
 */
export function computeScore(rows: Row[], column: string, fn: string): number | string | null {
  // Count: the rows whose cell is not empty, whatever it holds (text, numbers, dates).
  if (fn === 'count') return rows.reduce((n, r) => (isBlank(r[column]) ? n : n + 1), 0);
  if (fn === 'first row' || fn === 'last row') {
    const cells = rows.map((r) => r[column]).filter((v) => !isBlank(v));
    const cell = fn === 'first row' ? cells[0] : cells[cells.length - 1];
    if (cell === undefined) return null;
    return parseNumber(cell, 'auto') ?? String(cell);
  }
  const nums = rows.map((r) => parseNumber(r[column], 'auto')).filter((n): n is number => n !== null);
  if (fn === 'average') return nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : null;
  return nums.reduce((a, b) => a + b, 0);
}

/**
 * Writes a value with its symbol. Currency-like symbols ($, €, £, one character) go before the
 * number, after the minus sign; '%' and words (kg, USD) go after it. Two decimals at most.
 */
export function formatScore(value: number | string | null, symbol: string): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  const abs = Math.abs(value).toLocaleString('en-US', { maximumFractionDigits: 2 });
  const sign = value < 0 && abs !== '0' ? '-' : '';
  const s = symbol.trim();
  if (s === '') return `${sign}${abs}`;
  if (s === '%') return `${sign}${abs}%`;
  if (/^\p{L}{2,}$/u.test(s)) return `${sign}${abs} ${s}`;
  return `${sign}${s}${abs}`;
}

export interface ScoreCard {
  label: string;
  value: string;
  error: string | null;
}

/** Every card of a scorecard block, given the rows of each sheet by title. */
export function scoreCards(axes: SettingValues[], sheets: Record<string, Row[]>): ScoreCard[] {
  return axes.map((axis) => {
    const { sheet, column } = sourceOf(axis);
    const label = typeof axis.label === 'string' && axis.label.trim() ? axis.label : column || 'Score';
    const symbol = typeof axis.symbol === 'string' ? axis.symbol : '$';
    const fn = typeof axis.function === 'string' ? axis.function : 'sum';
    if (!sheet || !column) return { label, value: '—', error: 'Choose a sheet and column' };
    const rows = sheets[sheet];
    if (!rows) return { label, value: '—', error: `Sheet '${sheet}' not found` };
    // A count is a number of rows, not an amount: no currency symbol.
    return { label, value: formatScore(computeScore(rows, column, fn), fn === 'count' ? '' : symbol), error: null };
  });
}
