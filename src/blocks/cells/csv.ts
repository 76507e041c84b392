// CSV downloads (table, list): RFC 4180 with a BOM, and formula-looking text defused.
import { cellText } from './cells';

type Row = Record<string, unknown>;

/** A plain negative number (-2, -3.5, -.5, -1e3): a number in any spreadsheet app, never a formula. */
const NEGATIVE_NUMBER = /^-(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One CSV field: quoted when it holds a comma, quote, line break or edge spaces; quotes doubled.
 * Text starting with = + - @ tab or CR gets a leading ' (OWASP's advice) so spreadsheet apps show
 * it as text instead of running it as a formula (`-2+3+cmd|' /C calc'!A0`). The one exception is a
 * cell that is exactly a negative number, which stays a number people can sum.
 */
export function csvField(v: unknown): string {
  let s = cellText(v);
  if (/^[=+\-@\t\r]/.test(s) && !NEGATIVE_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of rows (RFC 4180, CRLF), with a UTF-8 BOM so spreadsheet apps read accents right. */
export function toCsv(rows: Row[], columns: string[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvField(r[c])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
