// Number parsing and formatting shared by the chart and scorecard blocks. Sheet cells arrive as
// numbers or as text written by people ("1.234,56", "$1,200", "12%"), so parsing is explicit
// about the decimal separator instead of trusting Number().

export type DecimalSeparator = 'dot' | 'comma' | 'auto';

/**
 * Picks the decimal separator of one text: with both marks the later one is decimal; a lone
 * comma followed by exactly three digits groups thousands ("1,234"), otherwise it is decimal.
 */
function guessSeparator(text: string): 'dot' | 'comma' {
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastComma > lastDot ? 'comma' : 'dot';
  if (lastComma >= 0) return /^[+-]?\d{1,3}(,\d{3})+$/.test(text) ? 'dot' : 'comma';
  if (lastDot >= 0 && /^[+-]?\d{1,3}(\.\d{3}){2,}$/.test(text)) return 'comma';
  return 'dot';
}

/** The number a cell holds, or null when it holds none. */
export function parseNumber(value: unknown, decimal: DecimalSeparator = 'dot'): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let text = value.trim();
  if (text === '') return null;
  let negative = false;
  // Accounting style "(1,234)".
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  // Currency symbols, percent, spaces (incl. narrow no-break) and apostrophes used as grouping.
  text = text.replace(/[\s\u00a0\u202f'’%$€£¥₹₩₽¢]|\b(?:USD|EUR|GBP)\b/gi, '');
  if (text === '') return null;
  const sep = decimal === 'auto' ? guessSeparator(text) : decimal;
  text = sep === 'comma' ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

export type NumberFormat = 'none' | 'number' | 'compact' | 'percent';

/** Writes a number the way a chart's Data_Format asks. */
export function formatNumber(n: number, format: NumberFormat | string = 'none'): string {
  switch (format) {
    case 'number':
      return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
    case 'compact':
      return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
    case 'percent':
      return `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
    default:
      return String(Math.round(n * 1e10) / 1e10);
  }
}
