// CSV downloads (table, list): RFC 4180 with a BOM, and formula-looking text defused.
import { cellText } from './cells';

type Row = Record<string, unknown>;

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
