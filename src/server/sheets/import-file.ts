// Turns an uploaded CSV or XLSX into sheets of {column: value} rows. Parsing is papaparse and
// exceljs; this file only decides types, headers and error messages. Uploads are parsed on a
// worker thread (import-worker.ts), which runs this file.
import type ExcelJS from 'exceljs';
import fs from 'node:fs';
import Papa from 'papaparse';
import type { CsvDelimiter, TextEncoding } from '../../shared/api/spreadsheets';
import { GUESS_SAMPLE, guessColumnType, type ColumnType } from '../../shared/rows/column-types';
import { badRequest } from '../errors';
import { byteOrder, decodeText, GUESS_SAMPLE_BYTES, guessCodePage } from './text-encoding';
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
 * What one import may hold, whatever its size on disk. A CSV is read from disk in batches, so its
 * cap (MAX_IMPORT_CELLS) bounds the database's work; an XLSX can unpack into far more memory than
 * the server has (exceljs holds the whole workbook: 5 million cells is about 1.8 GB), so XLSX
 * files keep XLSX_MAX_CELLS whatever the setting says.
 */
export interface ImportLimits {
  maxRows: number;
  maxCells: number;
  maxUnzippedBytes: number;
}
export const XLSX_MAX_CELLS = 5_000_000;
export const IMPORT_LIMITS: ImportLimits = { maxRows: 1_000_000, maxCells: 20_000_000, maxUnzippedBytes: 500 * 1024 * 1024 };

/** The limits of this server (MAX_IMPORT_CELLS). */
export function importLimits(config: { maxImportCells: number }): ImportLimits {
  return { ...IMPORT_LIMITS, maxCells: config.maxImportCells };
}

/** The limits of a file or body held whole in memory (XLSX, JSON): the cell cap no higher than XLSX_MAX_CELLS. */
export function inMemoryLimits(limits: ImportLimits): ImportLimits {
  return { ...limits, maxCells: Math.min(limits.maxCells, XLSX_MAX_CELLS) };
}

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
  const csv = readCsv(bufferSource(buf), titleFromName(filename), limits, options);
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
  return readCsv(bufferSource(buf), title, limits, options).sheet;
}

/** The delimiters a CSV is guessed to use (papaparse's order, without its rare record separators). */
const DELIMITERS: CsvDelimiter[] = [',', '\t', '|', ';'];

/**
 * Where a CSV's bytes come from, read from the start each time it is called: the file is read
 * twice (its shape, then its rows), so an import holds a batch of rows, never the whole file.
 */
export type ByteSource = () => Iterable<Uint8Array>;

/** Bytes read per step (a file or an in-memory buffer alike). */
const CHUNK_BYTES = 1024 * 1024;

export function bufferSource(buf: Uint8Array): ByteSource {
  return function* () {
    for (let at = 0; at < buf.length; at += CHUNK_BYTES) yield buf.subarray(at, at + CHUNK_BYTES);
  };
}

/** A file read synchronously in 1 MB steps (a worker thread's, so no request waits on it). */
export function fileSource(path: string): ByteSource {
  return function* () {
    const fd = fs.openSync(path, 'r');
    try {
      for (;;) {
        const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
        const n = fs.readSync(fd, chunk, 0, CHUNK_BYTES, null);
        if (n === 0) return;
        yield chunk.subarray(0, n);
      }
    } finally {
      fs.closeSync(fd);
    }
  };
}

/** The first `n` bytes of a source (format and encoding sniffing). */
export function headOf(src: ByteSource, n: number): Buffer {
  const parts: Uint8Array[] = [];
  let got = 0;
  for (const chunk of src()) {
    parts.push(chunk);
    got += chunk.length;
    if (got >= n) break;
  }
  return Buffer.concat(parts).subarray(0, n);
}

/** How a CSV's bytes become rows: encoding (with the byte order mark to skip), delimiter, line break. */
interface CsvDialect {
  encoding: TextEncoding;
  bom: number;
  delimiter: CsvDelimiter;
  newline: '\n' | '\r\n' | '\r';
}

/** Text decoded chunk by chunk; `fatal` throws on the first byte sequence the encoding lacks. */
function* decodeChunks(src: ByteSource, encoding: TextEncoding, bom: number, fatal: boolean): Generator<string> {
  const decoder = encoding === 'windows-1252' ? null : new TextDecoder(encoding, { fatal, ignoreBOM: true });
  let skip = bom;
  try {
    for (let chunk of src()) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length);
        chunk = chunk.subarray(n);
        skip -= n;
      }
      yield decoder ? decoder.decode(chunk, { stream: true }) : decodeText(chunk, 'windows-1252').text;
    }
    if (decoder) yield decoder.decode();
  } catch (e) {
    // Only a fatal decoder throws TypeError here: bytes that are not text in this encoding.
    if (fatal && e instanceof TypeError) throw new NotUtf8();
    throw e;
  }
}

/**
 * The CSV's rows, parsed as text arrives (papaparse's own parser, fed as its file streamers feed
 * it: the unfinished last row is kept and parsed again with the next chunk).
 */
function* csvRecords(src: ByteSource, dialect: CsvDialect, fatal: boolean): Generator<string[]> {
  const parser = new Papa.Parser({ delimiter: dialect.delimiter, newline: dialect.newline });
  let carry = '';
  let pending: string | null = null;
  const parse = function* (text: string, last: boolean): Generator<string[]> {
    const result = parser.parse(text, 0, !last) as { data: string[][]; meta: { cursor: number } };
    carry = last ? '' : text.slice(result.meta.cursor);
    yield* result.data;
  };
  // One decoded chunk is held back so the last one is known (it parses its final row too).
  for (const text of decodeChunks(src, dialect.encoding, dialect.bom, fatal)) {
    if (pending !== null) yield* parse(carry + pending, false);
    pending = text;
  }
  const rest = carry + (pending ?? '');
  // A lone trailing newline is not a row; papaparse parses '' as no rows at all.
  if (rest !== '') yield* parse(rest, true);
}

/** What a first read of a CSV found: its shape, and the first rows (type guesses, previews). */
export interface CsvPlan {
  title: string;
  columns: string[];
  dialect: CsvDialect;
  header: boolean;
  /** Data rows (trailing blank lines are not rows). */
  rowCount: number;
  /** The first GUESS_SAMPLE rows, typed as stored. */
  sample: Cell[][];
}

class NotUtf8 extends Error {}

/** Sniffs how the text is read (as decodeText does on a whole buffer: the sample is the file's first megabyte). */
function csvDialect(src: ByteSource, options: ReadOptions, encoding: TextEncoding, bom: number): CsvDialect {
  // The first megabyte of text: enough rows for papaparse's guesses (it looks at 1 MB for the line break).
  let head = '';
  for (const text of decodeChunks(src, encoding, bom, false)) {
    head += text;
    if (head.length >= CHUNK_BYTES) break;
  }
  // papaparse guesses the delimiter from the first rows, blank lines included, and then takes a
  // file's final newline for a one-field row: 'a;b\n1;2\n' came out comma-separated. Guess on
  // the non-blank rows, then parse with that delimiter (blank lines inside the data stay rows).
  const guessed = Papa.parse<string[]>(head, { header: false, skipEmptyLines: 'greedy', preview: 50, delimitersToGuess: DELIMITERS }).meta.delimiter;
  const delimiter: CsvDelimiter = options.delimiter ?? (DELIMITERS.find((d) => d === guessed) || ',');
  const newline = Papa.parse<string[]>(head, { header: false, preview: 1, delimiter }).meta.linebreak as CsvDialect['newline'];
  return { encoding, bom, delimiter, newline: newline === '\r' || newline === '\r\n' ? newline : '\n' };
}

/** The encoding to read (a named one, a byte order mark, UTF-16, else UTF-8 until proven otherwise). */
function sniffEncoding(head: Uint8Array, options: ReadOptions): { encoding: TextEncoding; bom: number; provisional: boolean } {
  const mark = byteOrder(head);
  if (options.encoding) return { encoding: options.encoding, bom: mark && mark.encoding === options.encoding ? mark.bom : 0, provisional: false };
  if (mark) return { ...mark, provisional: false };
  return { encoding: 'utf-8', bom: 0, provisional: true };
}

/**
 * First read of a CSV: the shape of its sheet, held to the limits as it goes (a file over them
 * is refused without reading the rest). Rows are not kept, only a sample.
 */
export function scanCsv(src: ByteSource, title: string, limits: ImportLimits = IMPORT_LIMITS, options: ReadOptions = {}): CsvPlan {
  const head = headOf(src, GUESS_SAMPLE_BYTES);
  const sniffed = sniffEncoding(head, options);
  if (sniffed.provisional) {
    try {
      return scanWith(src, title, limits, options, csvDialect(src, options, 'utf-8', 0), true);
    } catch (e) {
      if (!(e instanceof NotUtf8)) throw e;
      // Not UTF-8: a code page, guessed from the first bytes, read without failing.
      const guessed = guessCodePage(head);
      return scanWith(src, title, limits, options, csvDialect(src, options, guessed, 0), false);
    }
  }
  return scanWith(src, title, limits, options, csvDialect(src, options, sniffed.encoding, sniffed.bom), false);
}

function scanWith(src: ByteSource, title: string, limits: ImportLimits, options: ReadOptions, dialect: CsvDialect, fatal: boolean): CsvPlan {
  const withHeader = options.header ?? true;
  // Physical rows past the row limit (plus room for trailing blank lines) stop the read.
  const cap = limits.maxRows + 1 + TRAILING_BLANK_ALLOWANCE;
  let header: string[] | null = withHeader ? null : [];
  // A row's index counts the header as row 0 (without one, an empty header stands in for it).
  let index = 1;
  let records = 0;
  let lastFilledRow = 0;
  let width = 0;
  // Anything but white space (a delimiter other than tab counts: it is text).
  let anyText = false;
  const sample: string[][] = [];
  for (const rec of csvRecords(src, dialect, fatal)) {
    if (++records >= cap) throw badRequest(MESSAGES.tooManyRows(limits.maxRows));
    if (!anyText && ((rec.length > 1 && dialect.delimiter !== '\t') || rec.some((v) => v.trim() !== ''))) anyText = true;
    if (header === null) {
      header = rec;
      width = rec.length;
      continue;
    }
    const filled = lastFilled(rec);
    if (filled > 0) {
      lastFilledRow = index;
      if (filled > width) width = filled;
      // Cells only grow from here: refuse now rather than after reading the rest.
      if ((lastFilledRow + 1) * width > limits.maxCells) throw badRequest(MESSAGES.tooManyCells(limits.maxCells));
    }
    if (index <= GUESS_SAMPLE) sample.push(rec);
    index++;
  }
  if (!anyText) throw badRequest(MESSAGES.empty);
  header ??= [];
  if (withHeader && header.every((h) => h.trim() === '')) throw badRequest(MESSAGES.header);
  const end = lastFilledRow + 1;
  if (end - 1 > limits.maxRows) throw badRequest(MESSAGES.tooManyRows(limits.maxRows));
  if (end * width > limits.maxCells) throw badRequest(MESSAGES.tooManyCells(limits.maxCells));
  const columns = headerNames(Array.from({ length: width }, (_, c) => header[c] ?? ''));
  const rowCount = end - 1;
  return { title, columns, dialect, header: withHeader, rowCount, sample: sample.slice(0, rowCount).map((r) => typedRow(r, columns.length)) };
}

/** One CSV record as stored: `width` typed values (a blank line is a row of empty values). */
function typedRow(src: readonly string[], width: number): Cell[] {
  const row: Cell[] = new Array(width);
  for (let c = 0; c < width; c++) row[c] = csvValue(src[c] ?? '');
  return row;
}

/** Second read: the rows `scanCsv` planned, `batchRows` at a time. */
export function* csvRowBatches(src: ByteSource, plan: CsvPlan, batchRows: number): Generator<Cell[][]> {
  const width = plan.columns.length;
  let skipHeader = plan.header;
  let left = plan.rowCount;
  let batch: Cell[][] = [];
  if (left === 0) return;
  for (const rec of csvRecords(src, plan.dialect, false)) {
    if (skipHeader) {
      skipHeader = false;
      continue;
    }
    batch.push(typedRow(rec, width));
    if (--left === 0) break;
    if (batch.length >= batchRows) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function readCsv(src: ByteSource, title: string, limits: ImportLimits, options: ReadOptions): { sheet: ParsedSheet; encoding: TextEncoding; delimiter: CsvDelimiter } {
  const plan = scanCsv(src, title, limits, options);
  const rows: Cell[][] = [];
  for (const batch of csvRowBatches(src, plan, 10_000)) for (const r of batch) rows.push(r);
  return { sheet: { title, columns: plan.columns, rows }, encoding: plan.dialect.encoding, delimiter: plan.dialect.delimiter };
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

export async function parseXlsx(buf: Buffer, allLimits: ImportLimits = IMPORT_LIMITS, withHeader = true): Promise<ParsedSheet[]> {
  const limits = inMemoryLimits(allLimits);
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

/**
 * rowJson for many rows of the same columns: the keys are encoded once. Gives the same text as
 * rowJson for unique column names (an import's always are).
 */
export function rowJsonOf(columns: readonly string[]): (values: readonly Cell[]) => string {
  const keys = columns.map((c, i) => (i === 0 ? '{' : ',') + JSON.stringify(c) + ':');
  const n = keys.length;
  return (values) => {
    if (n === 0) return '{}';
    let out = '';
    for (let c = 0; c < n; c++) {
      const v = values[c] ?? '';
      out += keys[c]! + (typeof v === 'string' ? JSON.stringify(v) : v === null ? 'null' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'null') : String(v));
    }
    return out + '}';
  };
}

function lastFilled(row: readonly Cell[]): number {
  for (let i = row.length - 1; i >= 0; i--) if (row[i] !== '' && row[i] !== null) return i + 1;
  return 0;
}
