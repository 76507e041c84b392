// Turns an uploaded CSV or XLSX into sheets of {column: value} rows. Parsing is papaparse and
// exceljs; this file only decides types, headers and error messages.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest } from '../../errors';

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
  header: 'The first row must hold column names',
  tooLarge: (mb: number) => `The file is larger than the ${mb} MB limit`,
  unreadable: 'The XLSX file could not be read; save it again from your spreadsheet program and retry',
};

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
  if (head.includes(0)) throw badRequest(MESSAGES.type);
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (['xlsx', 'xls', 'xlsm', 'ods', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'zip', 'docx', 'json'].includes(ext))
    throw badRequest(MESSAGES.type);
  return 'csv';
}

export async function parseSpreadsheetFile(buf: Buffer, filename: string): Promise<ParsedSheet[]> {
  if (buf.length === 0) throw badRequest(MESSAGES.empty);
  const format = detectFormat(buf, filename);
  const sheets = format === 'xlsx' ? await parseXlsx(buf) : [parseCsv(buf, titleFromName(filename))];
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

export function parseCsv(buf: Buffer, title: string): ParsedSheet {
  let text = buf.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw badRequest(MESSAGES.empty);
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  const data = result.data;
  // A lone trailing newline yields [''], which is not a row.
  const header = data[0] ?? [];
  if (header.every((h) => h.trim() === '')) throw badRequest(MESSAGES.header);
  const columns = headerNames(header);
  const rows: Cell[][] = new Array(Math.max(0, data.length - 1));
  let count = 0;
  for (let r = 1; r < data.length; r++) {
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

export async function parseXlsx(buf: Buffer): Promise<ParsedSheet[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest(MESSAGES.unreadable);
  }
  const sheets: ParsedSheet[] = [];
  const titles = new Set<string>();
  for (const ws of wb.worksheets) {
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

function lastFilled(row: readonly Cell[]): number {
  for (let i = row.length - 1; i >= 0; i--) if (row[i] !== '' && row[i] !== null) return i + 1;
  return 0;
}
