// Pure table helpers: which columns show, how each column type displays a cell, widths,
// conditional formatting, and CSV export. The view renders what these return.
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { parseNumber } from '../numbers';
import { tableSchema, type TableColumnType } from './schema';

type Row = Record<string, unknown>;

export const DEFAULT_COLUMN_WIDTH = '200px';
export const DEFAULT_ROWS_PER_PAGE = 10;

const axisDefaults = Object.fromEntries(
  Object.entries(tableSchema.axis!.settings).map(([k, s]) => [k, s.default]),
) as SettingValues;

export interface TableColumn {
  /** Sheet column name (also the key in each row). */
  column: string;
  type: TableColumnType;
  width: string;
  align: 'left' | 'center' | 'right';
  markdown: boolean;
  characterLimit: number;
  rules: FormatRule[];
}

export interface FormatRule {
  condition: string;
  value: string;
  text_color: string;
  background_color: string;
}

/** rows_per_page with the spec's fallback: empty (or not a positive number) means 10. */
export function rowsPerPage(config: BlockRecord): number {
  const n = config.rows_per_page;
  const v = typeof n === 'number' ? n : typeof n === 'string' && n.trim() !== '' ? Number(n) : NaN;
  return Number.isFinite(v) && v >= 1 ? Math.floor(v) : DEFAULT_ROWS_PER_PAGE;
}

/** A CSS width: '150' → '150px'; anything that is not a length falls back. */
export function cssWidth(value: unknown, fallback = DEFAULT_COLUMN_WIDTH): string {
  const v = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^\d+(\.\d+)?$/.test(v)) return `${v}px`;
  if (/^\d+(\.\d+)?(px|%|rem|em|ch|vw)$/i.test(v)) return v.toLowerCase();
  return fallback;
}

/**
 * The columns the table shows: the configured axes (not hidden, with a column) in order, or every
 * sheet column as text when none is configured.
 */
export function tableColumns(config: BlockRecord, sheetColumns: string[]): TableColumn[] {
  const blockWidth = cssWidth(config.column_width);
  const axes: SettingValues[] = Array.isArray(config.axis) ? config.axis.map((a) => ({ ...axisDefaults, ...a })) : [];
  const source: SettingValues[] = axes.length ? axes : sheetColumns.map((column) => ({ ...axisDefaults, column }));
  return source
    .filter((a) => typeof a.column === 'string' && a.column !== '' && a.hidden !== true)
    .map((a) => {
      const type = (typeof a.type === 'string' ? a.type : 'text') as TableColumnType;
      const align = a.text_alignment === 'left' || a.text_alignment === 'center' || a.text_alignment === 'right'
        ? a.text_alignment
        : type === 'number'
          ? 'right'
          : 'left';
      return {
        column: a.column as string,
        type,
        width: cssWidth(a.column_width, blockWidth),
        align,
        markdown: a.use_markdown === true || type === 'markdowntext',
        characterLimit: typeof a.character_limit === 'number' && a.character_limit > 0 ? a.character_limit : 0,
        rules: type === 'text' && Array.isArray(a.Conditional_formatting) ? (a.Conditional_formatting as FormatRule[]) : [],
      };
    });
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
export function formatCell(value: unknown, type: TableColumnType | string): string {
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

export type CellDisplay =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'tags'; tags: string[] }
  | { kind: 'markdown'; text: string };

/** What one cell shows: the view maps each kind to an element. */
export function cellDisplay(value: unknown, col: Pick<TableColumn, 'type' | 'markdown' | 'characterLimit' | 'column'>): CellDisplay {
  const text = cellText(value).trim();
  if (col.markdown) return { kind: 'markdown', text: truncate(text, col.characterLimit) };
  switch (col.type) {
    case 'url': {
      const href = safeUrl(text);
      return href ? { kind: 'link', text: truncate(text, col.characterLimit), href } : { kind: 'text', text };
    }
    case 'image': {
      const src = safeUrl(text, 'image');
      return src ? { kind: 'image', src, alt: col.column } : { kind: 'text', text };
    }
    case 'email':
      return EMAIL.test(text) ? { kind: 'link', text, href: `mailto:${text}` } : { kind: 'text', text };
    case 'tel': {
      const digits = text.replace(/[^\d+]/g, '');
      return digits.length >= 3 ? { kind: 'link', text, href: `tel:${digits}` } : { kind: 'text', text };
    }
    case 'multi-select':
      return { kind: 'tags', tags: text.split(',').map((t) => t.trim()).filter(Boolean) };
    default:
      return { kind: 'text', text: truncate(formatCell(value, col.type), col.characterLimit) };
  }
}

/** Does a conditional formatting rule hold for a cell? Text comparisons ignore case. */
export function ruleMatches(rule: Partial<FormatRule>, value: unknown): boolean {
  const cell = cellText(value).trim().toLowerCase();
  const want = (rule.value ?? '').trim().toLowerCase();
  switch (rule.condition) {
    case 'equals':
      return cell === want;
    case 'not_equals':
      return cell !== want;
    case 'contains':
      return want !== '' && cell.includes(want);
    case 'starts_with':
      return want !== '' && cell.startsWith(want);
    case 'ends_with':
      return want !== '' && cell.endsWith(want);
    case 'empty':
      return cell === '';
    case 'not_empty':
      return cell !== '';
    default:
      return false;
  }
}

/** Colours of the first matching rule, or null. */
export function cellStyle(rules: Partial<FormatRule>[], value: unknown): { color?: string; backgroundColor?: string } | null {
  const rule = rules.find((r) => ruleMatches(r, value));
  if (!rule) return null;
  return {
    ...(rule.text_color ? { color: rule.text_color } : {}),
    ...(rule.background_color ? { backgroundColor: rule.background_color } : {}),
  };
}

/**
 * One CSV field: quoted when it holds a comma, quote, line break or edge spaces; quotes doubled.
 * Text starting with = + @ (or - not followed by a digit) gets a leading ' so spreadsheet apps
 * don't run it as a formula.
 */
export function csvField(v: unknown): string {
  let s = cellText(v);
  if (/^[=+@\t\r]/.test(s) || /^-[^\d.]/.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of rows (RFC 4180, CRLF), with a UTF-8 BOM so spreadsheet apps read accents right. */
export function toCsv(rows: Row[], columns: string[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvField(r[c])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Page numbers for 'Page n of m' (at least one page). */
export function pageInfo(total: number, limit: number, offset: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page: Math.min(pages, Math.floor(offset / limit) + 1), pages };
}

/** Fills {{Column}} placeholders of an action's pdf_template with a row's values. */
export function fillTemplate(template: string, row: Row): string {
  return template.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_, key: string) => cellText(row[key]));
}
