// Turns an uploaded CSV or XLSX into sheets of {column: value} rows. Parsing is papaparse and
// exceljs; this file only decides types, headers and error messages. Uploads are parsed on a
// worker thread (import-worker.ts), which runs this file.
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest } from '../../errors';
import { checkXlsxSize, XlsxTooBig } from './xlsx-guard';

export type Cell = string | number | boolean | null;

export interface ParsedSheet {
  title: string;
  columns: string[];
  /** Values by column position (compact; turned into objects when stored). */
  rows: Cell[][];
}

export const MESSAGES = {
  type: 'Only CSV and XLSX files can be imported',
  empty: 'The file is empty',
  badUpload: 'The upload was cut off or malformed; please try again',
  header: 'The first row must hold column names',
  tooLarge: (mb: number) => `The file is larger than the ${mb} MB limit`,
  unreadable: 'The XLSX file could not be read; save it again from your spreadsheet program and retry',
  tooManyRows: (max: number) => `A sheet has more than ${max.toLocaleString('en-US')} rows; split the file and import the parts separately`,
  tooManyCells: (max: number) =>
    `The file has more than ${max.toLocaleString('en-US')} cells (rows × columns); split it and import the parts separately`,
  tooSlow: (ms: number) => {
    const n = ms >= 60_000 ? Math.round(ms / 60_000) : Math.ceil(ms / 1000);
    return `Reading the file took more than ${n} ${ms >= 60_000 ? 'minute' : 'second'}${n === 1 ? '' : 's'}; split it and import the parts separately`;
  },
  tooBigUnzipped: (mb: number) => `The XLSX file unpacks to more than ${mb} MB; split it and import the parts separately`,
};

/**
 * What one import may hold, whatever its size on disk: a 50 MB file can unpack (XLSX) or parse
 * into far more memory than the server has. 5 million cells is about 1.8 GB while exceljs holds
 * the workbook, and 100,000 rows of 50 columns.
 */
export interface ImportLimits {
  maxRows: number;
  maxCells: number;
  maxUnzippedBytes: number;
}
export const IMPORT_LIMITS: ImportLimits = { maxRows: 1_000_000, maxCells: 5_000_000, maxUnzippedBytes: 500 * 1024 * 1024 };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(buf: Buffer, magic: number[]): boolean {
  return magic.every((b, i) => buf[i] === b);
}

/** Detects the format from the bytes (names lie); the name only breaks ties for text. */
export function detectFormat(buf: Buffer, filename: string): 'xlsx' | 'csv' {
  if (startsWith(buf, ZIP_MAGIC)) return 'xlsx';
  if (startsWith(buf, OLE_MAGIC)) throw badRequest(MESSAGES.type); // legacy .xls
  const head = buf.subarray(0, Math.min(buf.length, 8192));
  // UTF-16 text is half zero bytes; any other zero byte means a binary file.
  if (head.includes(0) && !byteOrder(buf)?.encoding.startsWith('utf-16')) throw badRequest(MESSAGES.type);
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (['xlsx', 'xls', 'xlsm', 'ods', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'zip', 'docx', 'json'].includes(ext))
    throw badRequest(MESSAGES.type);
  return 'csv';
}

export async function parseSpreadsheetFile(buf: Buffer, filename: string, limits: ImportLimits = IMPORT_LIMITS): Promise<ParsedSheet[]> {
  if (buf.length === 0) throw badRequest(MESSAGES.empty);
  const format = detectFormat(buf, filename);
  const sheets = format === 'xlsx' ? await parseXlsx(buf, limits) : [parseCsv(buf, titleFromName(filename), limits)];
  if (sheets.length === 0) throw badRequest(MESSAGES.empty);
  return sheets;
}

export function titleFromName(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '').trim();
  return (base || 'Sheet1').slice(0, 100);
}

/** Column names from the header row: blanks become 'Column N', repeats get ' 2', ' 3'. */
export function headerNames(raw: unknown[]): string[] {
  const seen = new Set<string>();
  return raw.map((v, i) => {
    let name = v === null || v === undefined ? '' : String(v).trim();
    if (!name) name = `Column ${i + 1}`;
    let unique = name;
    for (let n = 2; seen.has(unique.toLowerCase()); n++) unique = `${name} ${n}`;
    seen.add(unique.toLowerCase());
    return unique;
  });
}

// Plain decimal numbers only: "007", "1e5", "+33 6..." and 16+ digit ids stay text, so codes and
// phone numbers survive the import unchanged.
const NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d+)?$/;

export function csvValue(text: string): Cell {
  if (text === '') return '';
  const t = text.trim();
  if (NUMBER.test(t) && t.length <= 17) return Number(t);
  return text;
}

function isBlankRow(row: readonly Cell[]): boolean {
  return row.every((v) => v === '' || v === null);
}

function dropTrailingBlankRows(rows: Cell[][]): void {
  while (rows.length > 0 && isBlankRow(rows[rows.length - 1]!)) rows.pop();
}

/**
 * The text encodings a CSV arrives in: what Excel and other spreadsheet programs save ("CSV
 * UTF-8" with a byte order mark, "Unicode Text" as UTF-16, plain "CSV" in the Windows code page,
 * which is Windows-1252 for western languages) and what everything else writes (UTF-8).
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * How a file's text is decoded. In order: a byte order mark; UTF-16 without one (ASCII-range text
 * leaves every other byte zero); valid UTF-8 (text with accented letters in Windows-1252 is almost
 * never valid UTF-8); else Windows-1252, of which Latin-1 (ISO-8859-1) is a subset for every
 * printable character. The whole file is one encoding: a file mixing two decodes as Windows-1252.
 */
export function decodeText(buf: Uint8Array): { text: string; encoding: TextEncoding } {
  const marked = byteOrder(buf);
  // ignoreBOM: the mark is already skipped, so a second one stays as text rather than vanishing.
  if (marked) return { text: new TextDecoder(marked.encoding, { ignoreBOM: true }).decode(buf.subarray(marked.bom)), encoding: marked.encoding };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf), encoding: 'utf-8' };
  } catch {
    return { text: windows1252(buf), encoding: 'windows-1252' };
  }
}

// Windows-1252's characters for bytes 0x80–0x9F (the five it leaves unassigned keep their C1
// control code, as the WHATWG Encoding Standard says). Node 20's TextDecoder('windows-1252')
// decodes these bytes as Latin-1's C1 controls, so "€" came out as U+0080: decode them here.
const CP1252_80_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function windows1252(buf: Uint8Array): string {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]!);
}

/** The encoding a byte order mark names (and the mark's length), or UTF-16 recognised without one. */
function byteOrder(buf: Uint8Array): { encoding: TextEncoding; bom: number } | null {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (buf[0] === 0xff && buf[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (buf[0] === 0xfe && buf[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  const utf16 = utf16WithoutBom(buf);
  return utf16 ? { encoding: utf16, bom: 0 } : null;
}

/** In the first 8 KB, zeros fill one byte of at least 3 pairs in 10 and never the other byte. */
function utf16WithoutBom(buf: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(buf.length, 8192) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenZeros++;
    if (buf[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (evenZeros === 0 && oddZeros * 10 >= pairs * 3) return 'utf-16le';
  if (oddZeros === 0 && evenZeros * 10 >= pairs * 3) return 'utf-16be';
  return null;
}

export function parseCsv(buf: Buffer, title: string, limits: ImportLimits = IMPORT_LIMITS): ParsedSheet {
  const { text } = decodeText(buf);
  if (text.trim() === '') throw badRequest(MESSAGES.empty);
  // Stop parsing past the row limit (plus room for trailing blank lines) instead of building
  // millions of rows only to refuse them.
  const cap = limits.maxRows + 1 + TRAILING_BLANK_ALLOWANCE;
  // papaparse guesses the delimiter from the first rows, blank lines included, and then takes a
  // file's final newline for a one-field row: 'a;b\n1;2\n' came out comma-separated. Guess on
  // the non-blank rows, then parse with that delimiter (blank lines inside the data stay rows).
  const { delimiter } = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy', preview: 50 }).meta;
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, preview: cap, delimiter });
  const data = result.data;
  if (data.length >= cap) throw badRequest(MESSAGES.tooManyRows(limits.maxRows));
  // A lone trailing newline yields [''], which is not a row.
  const header = data[0] ?? [];
  if (header.every((h) => h.trim() === '')) throw badRequest(MESSAGES.header);
  // Like XLSX: columns run to the last filled cell of the header or of any row, so values past
  // the header get a 'Column N' name instead of being dropped.
  // Trailing blank lines are not rows (and do not count against the limits).
  let end = data.length;
  while (end > 1 && data[end - 1]!.every((v) => v === '')) end--;
  if (end - 1 > limits.maxRows) throw badRequest(MESSAGES.tooManyRows(limits.maxRows));
  let width = header.length;
  for (let r = 1; r < end; r++) {
    const src = data[r]!;
    if (src.length <= width) continue;
    for (let c = src.length - 1; c >= width; c--)
      if (src[c] !== '') {
        width = c + 1;
        break;
      }
  }
  if (end * width > limits.maxCells) throw badRequest(MESSAGES.tooManyCells(limits.maxCells));
  const columns = headerNames(Array.from({ length: width }, (_, c) => header[c] ?? ''));
  const rows: Cell[][] = new Array(end - 1);
  let count = 0;
  for (let r = 1; r < end; r++) {
    const src = data[r]!;
    if (src.length === 1 && src[0] === '') {
      rows[count++] = columns.map(() => '');
      continue;
    }
    const row: Cell[] = new Array(columns.length);
    for (let c = 0; c < columns.length; c++) row[c] = csvValue(src[c] ?? '');
    rows[count++] = row;
  }
  rows.length = count;
  dropTrailingBlankRows(rows);
  return { title, columns, rows };
}

const TRAILING_BLANK_ALLOWANCE = 64;

function isoDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** One exceljs cell value as a JSON value: formulas give their result, dates ISO text. */
export function xlsxValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return isoDate(v);
  if (typeof v === 'object') {
    if ('result' in v || 'formula' in v || 'sharedFormula' in v) {
      const r = (v as ExcelJS.CellFormulaValue).result;
      if (r === undefined || r === null) return '';
      if (typeof r === 'object' && !(r instanceof Date)) return (r as ExcelJS.CellErrorValue).error ?? '';
      return xlsxValue(r as ExcelJS.CellValue);
    }
    if ('richText' in v) return (v as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join('');
    if ('hyperlink' in v) {
      const h = v as ExcelJS.CellHyperlinkValue;
      return typeof h.text === 'string' ? h.text : xlsxValue(h.text as ExcelJS.CellValue);
    }
    if ('error' in v) return (v as ExcelJS.CellErrorValue).error;
  }
  return String(v);
}

export async function parseXlsx(buf: Buffer, limits: ImportLimits = IMPORT_LIMITS): Promise<ParsedSheet[]> {
  try {
    await checkXlsxSize(buf, limits);
  } catch (e) {
    if (e instanceof XlsxTooBig)
      throw badRequest(e.what === 'cells' ? MESSAGES.tooManyCells(limits.maxCells) : MESSAGES.tooBigUnzipped(Math.round(limits.maxUnzippedBytes / 1024 / 1024)));
    throw badRequest(MESSAGES.unreadable);
  }
  // Loaded on first use: a CSV import's worker does not pay for exceljs.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest(MESSAGES.unreadable);
  }
  const sheets: ParsedSheet[] = [];
  const titles = new Set<string>();
  let cells = 0;
  for (const ws of wb.worksheets) {
    // Few cells can still span a huge grid (one value in XFD1048576): size the grid this tab
    // turns into before walking it.
    if (ws.rowCount > limits.maxRows + 1) throw badRequest(MESSAGES.tooManyRows(limits.maxRows));
    cells += ws.rowCount * ws.columnCount;
    if (cells > limits.maxCells) throw badRequest(MESSAGES.tooManyCells(limits.maxCells));
    const grid: Cell[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const values: Cell[] = [];
      const count = Math.max(row.cellCount, 0);
      for (let c = 1; c <= count; c++) values.push(xlsxValue(row.getCell(c).value));
      grid[rowNumber - 1] = values;
    });
    for (let i = 0; i < grid.length; i++) grid[i] ??= [];
    dropTrailingBlankRows(grid);
    if (grid.length === 0) continue; // an empty tab is not a sheet
    const header = grid[0]!;
    if (isBlankRow(header)) throw badRequest(`${MESSAGES.header} (tab '${ws.name}')`);
    // Columns run to the last filled cell of the header or of any row; data beyond the header
    // gets a 'Column N' name rather than being dropped.
    const width = grid.reduce((m, r) => Math.max(m, lastFilled(r)), 0);
    const columns = headerNames(Array.from({ length: width }, (_, c) => header[c] ?? ''));
    const rows = grid.slice(1).map((r) => columns.map((_, c) => r[c] ?? ''));
    let title = ws.name.trim().slice(0, 100) || `Sheet${sheets.length + 1}`;
    for (let n = 2; titles.has(title.toLowerCase()); n++) title = `${ws.name} ${n}`;
    titles.add(title.toLowerCase());
    sheets.push({ title, columns, rows });
  }
  return sheets;
}

/** One row as the JSON text stored in sheet_rows.data. */
export function rowJson(columns: readonly string[], values: readonly Cell[]): string {
  // No prototype: a column named '__proto__' must be a key like any other, not a setter.
  const obj: Record<string, Cell> = Object.create(null);
  for (let c = 0; c < columns.length; c++) obj[columns[c]!] = values[c] ?? '';
  return JSON.stringify(obj);
}

function lastFilled(row: readonly Cell[]): number {
  for (let i = row.length - 1; i >= 0; i--) if (row[i] !== '' && row[i] !== null) return i + 1;
  return 0;
}
