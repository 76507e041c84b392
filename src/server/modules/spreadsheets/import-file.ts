// Turns an uploaded CSV or XLSX into sheets of {column: value} rows. Parsing is papaparse and
// exceljs; this file only decides types, headers and error messages. Uploads are parsed on a
// worker thread (import-worker.ts), which runs this file.
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { CsvDelimiter, TextEncoding } from '../../../shared/api/spreadsheets';
import { GUESS_SAMPLE, guessColumnType, type ColumnType } from '../../../shared/rows/column-types';
import { badRequest } from '../../errors';
import { byteOrder, decodeText } from './text-encoding';
import { checkXlsxSize, XlsxTooBig } from './xlsx-guard';

export { decodeText, type TextEncoding } from './text-encoding';

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

/** How the owner asked the file to be read (the import preview's choices); absent: detected. */
export interface ReadOptions {
  encoding?: TextEncoding;
  delimiter?: CsvDelimiter;
  /** false: the first row is data and the columns are named 'Column 1', 'Column 2'… */
  header?: boolean;
}

/** A file as read: its sheets and how its text was read (null for XLSX). */
export interface ReadFile {
  encoding: TextEncoding | null;
  delimiter: CsvDelimiter | null;
  header: boolean;
  sheets: ParsedSheet[];
}

export async function readSpreadsheetFile(buf: Buffer, filename: string, limits: ImportLimits = IMPORT_LIMITS, options: ReadOptions = {}): Promise<ReadFile> {
  if (buf.length === 0) throw badRequest(MESSAGES.empty);
  const format = detectFormat(buf, filename);
  const header = options.header ?? true;
  if (format === 'xlsx') {
    const sheets = await parseXlsx(buf, limits, header);
    if (sheets.length === 0) throw badRequest(MESSAGES.empty);
    return { encoding: null, delimiter: null, header, sheets };
  }
  const csv = readCsv(buf, titleFromName(filename), limits, options);
  return { encoding: csv.encoding, delimiter: csv.delimiter, header, sheets: [csv.sheet] };
}

export async function parseSpreadsheetFile(buf: Buffer, filename: string, limits: ImportLimits = IMPORT_LIMITS, options: ReadOptions = {}): Promise<ParsedSheet[]> {
  return (await readSpreadsheetFile(buf, filename, limits, options)).sheets;
}

/** Each column's type guessed from its values (the first GUESS_SAMPLE rows). */
export function guessSheetTypes(sheet: ParsedSheet): ColumnType[] {
  const sample = sheet.rows.length > GUESS_SAMPLE ? sheet.rows.slice(0, GUESS_SAMPLE) : sheet.rows;
  return sheet.columns.map((_, c) => guessColumnType(sample.map((r) => r[c])));
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

export function parseCsv(buf: Buffer, title: string, limits: ImportLimits = IMPORT_LIMITS, options: ReadOptions = {}): ParsedSheet {
  return readCsv(buf, title, limits, options).sheet;
}

/** The delimiters a CSV is guessed to use (papaparse's order, without its rare record separators). */
const DELIMITERS: CsvDelimiter[] = [',', '\t', '|', ';'];

function readCsv(buf: Buffer, title: string, limits: ImportLimits, options: ReadOptions): { sheet: ParsedSheet; encoding: TextEncoding; delimiter: CsvDelimiter } {
  const { text, encoding } = decodeText(buf, options.encoding);
  if (text.trim() === '') throw badRequest(MESSAGES.empty);
  const withHeader = options.header ?? true;
  // Stop parsing past the row limit (plus room for trailing blank lines) instead of building
  // millions of rows only to refuse them.
  const cap = limits.maxRows + 1 + TRAILING_BLANK_ALLOWANCE;
  // papaparse guesses the delimiter from the first rows, blank lines included, and then takes a
  // file's final newline for a one-field row: 'a;b\n1;2\n' came out comma-separated. Guess on
  // the non-blank rows, then parse with that delimiter (blank lines inside the data stay rows).
  const guessed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy', preview: 50, delimitersToGuess: DELIMITERS }).meta.delimiter;
  const delimiter: CsvDelimiter = options.delimiter ?? (DELIMITERS.find((d) => d === guessed) || ',');
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, preview: cap, delimiter });
  const data = result.data;
  if (data.length >= cap) throw badRequest(MESSAGES.tooManyRows(limits.maxRows));
  // Without a header row, the first row is data and the names are 'Column N'.
  if (!withHeader) data.unshift([]);
  // A lone trailing newline yields [''], which is not a row.
  const header = data[0] ?? [];
  if (withHeader && header.every((h) => h.trim() === '')) throw badRequest(MESSAGES.header);
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
  return { sheet: { title, columns, rows }, encoding, delimiter };
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

export async function parseXlsx(buf: Buffer, limits: ImportLimits = IMPORT_LIMITS, withHeader = true): Promise<ParsedSheet[]> {
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
    // Without a header row, the first row is data and the names are 'Column N'.
    if (!withHeader) grid.unshift([]);
    const header = grid[0]!;
    if (withHeader && isBlankRow(header)) throw badRequest(`${MESSAGES.header} (tab '${ws.name}')`);
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
