// Cell values as every data block reads them: text of any cell, dates of the spec's formats,
// display text by column type, safe link/image addresses and CSS widths from settings. Table,
// list, grid, data list, calendar, markdown, forms and PDFs share these so a cell reads the same
// everywhere.
import { parseNumber } from '../numbers';

export const DEFAULT_COLUMN_WIDTH = '200px';

/** A CSS width: '150' → '150px'; anything that is not a length falls back. */
export function cssWidth(value: unknown, fallback = DEFAULT_COLUMN_WIDTH): string {
  const v = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^\d+(\.\d+)?$/.test(v)) return `${v}px`;
  if (/^\d+(\.\d+)?(px|%|rem|em|ch|vw)$/i.test(v)) return v.toLowerCase();
  return fallback;
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function truncate(text: string, limit: number): string {
  if (!limit || text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

/** Only these schemes become links or image sources (no javascript:, no data: except images). */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link'): string | null {
  const v = raw.trim();
  if (/^https?:\/\//i.test(v)) return v;
  if (/^www\./i.test(v)) return `https://${v}`;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  if (kind === 'image' && /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(v)) return v;
  return null;
}

export const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Reads a date cell: ISO (2024-03-05, with time), DD/MM/YYYY and MM-DD-YYYY (the spec's formats;
 * a first part over 12 decides the day), or a JS Date string. Returned as UTC parts.
 */
export function parseDate(raw: unknown): { y: number; m: number; d: number; h?: number; min?: number } | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const s = String(raw).trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2}))?/.exec(s);
  if (m) return valid(+m[1]!, +m[2]!, +m[3]!, m[4] ? +m[4] : undefined, m[5] ? +m[5] : undefined);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2}))?/.exec(s);
  if (m) {
    // DD/MM/YYYY, unless the first part cannot be a day of that reading.
    const a = +m[1]!, b = +m[2]!;
    const [d, mo] = b > 12 ? [b, a] : [a, b];
    return valid(+m[3]!, mo, d, m[4] ? +m[4] : undefined, m[5] ? +m[5] : undefined);
  }
  m = /^(\d{1,2})-(\d{1,2})-(\d{4})(?:[ T](\d{1,2}):(\d{2}))?/.exec(s);
  if (m) {
    // MM-DD-YYYY, unless the first part is over 12.
    const a = +m[1]!, b = +m[2]!;
    const [mo, d] = a > 12 ? [b, a] : [a, b];
    return valid(+m[3]!, mo, d, m[4] ? +m[4] : undefined, m[5] ? +m[5] : undefined);
  }
  const t = Date.parse(s);
  if (!Number.isNaN(t) && /[a-z]/i.test(s)) {
    const dt = new Date(t);
    return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
  }
  return null;
}

function valid(y: number, m: number, d: number, h?: number, min?: number) {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const out: { y: number; m: number; d: number; h?: number; min?: number } = { y, m, d };
  if (h !== undefined) {
    out.h = h;
    out.min = min ?? 0;
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Human text of a cell by column type (dates as "Mar 5, 2024"); unknown formats stay as typed. */
export function formatCell(value: unknown, type: string): string {
  const text = cellText(value);
  if (text === '') return '';
  switch (type) {
    case 'number': {
      const n = parseNumber(value, 'auto');
      return n === null ? text : n.toLocaleString('en-US', { maximumFractionDigits: 10 });
    }
    case 'date': {
      const d = parseDate(value);
      return d ? `${MONTHS[d.m - 1]} ${d.d}, ${d.y}` : text;
    }
    case 'datetime-local': {
      const d = parseDate(value);
      if (!d) return text;
      return `${MONTHS[d.m - 1]} ${d.d}, ${d.y}${d.h !== undefined ? `, ${pad(d.h)}:${pad(d.min ?? 0)}` : ''}`;
    }
    case 'month': {
      const m = /^(\d{4})-(\d{1,2})$/.exec(text.trim());
      return m && +m[2]! >= 1 && +m[2]! <= 12 ? `${MONTHS[+m[2]! - 1]} ${m[1]}` : text;
    }
    case 'week': {
      const m = /^(\d{4})-W(\d{1,2})$/i.exec(text.trim());
      return m ? `Week ${+m[2]!}, ${m[1]}` : text;
    }
    default:
      return text;
  }
}
