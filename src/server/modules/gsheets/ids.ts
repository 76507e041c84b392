// The identity of rows and tabs of a connected Google Sheet. Row numbers shift whenever someone
// inserts, deletes or sorts rows in Google, so a row is known by the value of a hidden id column
// (`_sheetboard_id`) and row numbers are only a hint of where it was last seen. Tabs are known by
// Google's numeric `sheetId`, which survives a rename (the title does not).
//
// Where the id column lives: on connect it is put right after the last used column of the tab
// (header or data), its header cell is `_sheetboard_id`, and Google is asked to hide it. From then
// on it is found by its header name wherever it is, so moving it in Google breaks nothing. It is
// never one of the tab's columns (blocks never see it).
//
// Pure: no network, no database; randomness is passed in.
import { headerNames, type Cell } from '../../sheets';

export type { Cell };

/** The header of the hidden id column (compared trimmed, regardless of case). */
export const ID_COLUMN = '_sheetboard_id';

/** A row id we write: `sb` and 16 characters of [0-9A-Za-z] (about 95 bits). */
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 16;

/**
 * What an id cell may hold to count as an id: short and URL-safe. Anything else someone typed
 * into the (hidden) id column is treated as no id, and the row gets a fresh one.
 */
const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A uniform number in [0, 1), like Math.random; production passes a crypto-backed one. */
export type Random = () => number;

/** A new row id from `random` (called 16 times). */
export function newRowId(random: Random): string {
  let out = 'sb';
  for (let i = 0; i < ID_LENGTH; i++) out += ID_ALPHABET[Math.min(ID_ALPHABET.length - 1, Math.floor(random() * ID_ALPHABET.length))];
  return out;
}

/** The id an id cell holds, or null when it holds none (blank, too long, odd characters). */
export function rowIdOf(cell: unknown): string | null {
  if (typeof cell === 'number' && Number.isFinite(cell)) cell = String(cell);
  if (typeof cell !== 'string') return null;
  const id = cell.trim();
  return ROW_ID.test(id) ? id : null;
}

const isIdHeader = (cell: unknown) => typeof cell === 'string' && cell.trim().toLowerCase() === ID_COLUMN;

/** A tab's header row read as columns. */
export interface ParsedHeader {
  /** Visible column names in sheet order, named as the import names them (blank → 'Column N', repeats → 'Name 2'). */
  columns: string[];
  /** 0-based sheet column index of each visible column (columns[i] sits at positions[i]). */
  positions: number[];
  /** 0-based sheet column index of the id column; null when the tab has none yet. */
  idColumnIndex: number | null;
  /** Further columns headed `_sheetboard_id` (a copy pasted in Google): hidden too, never read. */
  extraIdColumns: number[];
  /** Sheet columns read: the header's width, or the widest data row's when wider. */
  width: number;
}

/**
 * The header row of a tab (row 1, as values.get returns it: trailing blanks cut) → its columns.
 * `width` is the widest row read, so data past the last header cell gets a 'Column N' name as in
 * an import rather than being dropped. The id column is the first cell headed `_sheetboard_id`.
 */
export function parseHeader(header: readonly unknown[], width = 0): ParsedHeader {
  let last = header.length;
  while (last > 0 && (header[last - 1] === '' || header[last - 1] === null || header[last - 1] === undefined)) last--;
  const full = Math.max(last, width);
  const raw = Array.from({ length: full }, (_, i) => (i < last ? header[i] : ''));
  // Named over the whole row, id column included, so 'Column N' is the sheet's column number.
  const names = headerNames(raw);
  const columns: string[] = [];
  const positions: number[] = [];
  let idColumnIndex: number | null = null;
  const extraIdColumns: number[] = [];
  for (let i = 0; i < full; i++) {
    if (isIdHeader(raw[i])) {
      if (idColumnIndex === null) idColumnIndex = i;
      else extraIdColumns.push(i);
      continue;
    }
    columns.push(names[i]!);
    positions.push(i);
  }
  return { columns, positions, idColumnIndex, extraIdColumns, width: full };
}

/** One row as our cache stores it: visible column name → value ('' for an empty cell). No prototype. */
export function rowData(header: Pick<ParsedHeader, 'columns' | 'positions'>, values: readonly unknown[]): Record<string, Cell> {
  const out: Record<string, Cell> = Object.create(null);
  for (let c = 0; c < header.columns.length; c++) out[header.columns[c]!] = cellOf(values[header.positions[c]!]);
  return out;
}

/** A value as read from Google (UNFORMATTED_VALUE gives strings, numbers, booleans) → a cell. */
export function cellOf(v: unknown): Cell {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : '';
  return String(v);
}

// ---------------------------------------------------------------------------------------------
// A1 notation

/** 0-based column index → letters (0 → A, 25 → Z, 26 → AA). */
export function columnLetters(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Bad column index ${index}`);
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A tab title quoted for A1 notation: always in single quotes, inner quotes doubled. */
export function quoteTitle(title: string): string {
  return `'${title.replace(/'/g, "''")}'`;
}

/** `'Tab'!C5` or `'Tab'!C5:E9` (columns 0-based, rows 1-based as in Google). */
export function a1Range(title: string, fromColumn: number, fromRow: number, toColumn = fromColumn, toRow = fromRow): string {
  const start = `${columnLetters(fromColumn)}${fromRow}`;
  const end = `${columnLetters(toColumn)}${toRow}`;
  return `${quoteTitle(title)}!${start === end ? start : `${start}:${end}`}`;
}

/** One entry of a values.batchUpdate `data` array. */
export interface ValueRange {
  range: string;
  majorDimension: 'ROWS';
  values: Cell[][];
}

// ---------------------------------------------------------------------------------------------
// The id column and back-filling ids

/** A request of spreadsheets.batchUpdate that this module produces. */
export type SheetRequest =
  | { appendDimension: { sheetId: number; dimension: 'COLUMNS'; length: number } }
  | { updateDimensionProperties: { range: { sheetId: number; dimension: 'COLUMNS'; startIndex: number; endIndex: number }; properties: { hiddenByUser: true }; fields: 'hiddenByUser' } };

export interface IdColumnPlacement {
  /** 0-based sheet column index of the new id column. */
  index: number;
  /** Writes the `_sheetboard_id` header cell (values.batchUpdate data). */
  header: ValueRange;
  /** spreadsheets.batchUpdate requests, sent before the values: widen the grid when it is full. */
  before: SheetRequest[];
  /** spreadsheets.batchUpdate requests, sent after: hide the column in Google's own view. */
  after: SheetRequest[];
}

/**
 * Where a tab without an id column gets one: right after its last used column. `columnCount` is
 * the tab's grid width (gridProperties.columnCount): writing past the grid fails in Google, so a
 * full grid is widened by one column first.
 */
export function placeIdColumn(tab: { sheetId: number; title: string; columnCount: number }, header: Pick<ParsedHeader, 'width' | 'idColumnIndex'>): IdColumnPlacement {
  if (header.idColumnIndex !== null) throw new Error('The tab already has an id column');
  const index = header.width;
  const before: SheetRequest[] = index >= tab.columnCount ? [{ appendDimension: { sheetId: tab.sheetId, dimension: 'COLUMNS', length: index + 1 - tab.columnCount } }] : [];
  return {
    index,
    header: { range: a1Range(tab.title, index, 1), majorDimension: 'ROWS', values: [[ID_COLUMN]] },
    before,
    after: [{ updateDimensionProperties: { range: { sheetId: tab.sheetId, dimension: 'COLUMNS', startIndex: index, endIndex: index + 1 }, properties: { hiddenByUser: true }, fields: 'hiddenByUser' } }],
  };
}

/** Cells per ValueRange of a back-fill: keeps each request's body far under Google's 2 MB advice. */
export const BACKFILL_CHUNK = 5_000;

export interface Backfill {
  /** The id given to each sheet row (1-based row number → id). */
  ids: Map<number, string>;
  /** values.batchUpdate data: one range per run of consecutive rows (at most `chunk` rows each). */
  data: ValueRange[];
}

/**
 * New ids for the given sheet rows (rows without an id, or second copies of an id) and the
 * writes that put them in the id column. Consecutive rows share one range. `chosen` gives some
 * rows the id they had before (restored: see pull.ts restoredIds).
 */
export function backfillIds(title: string, idColumnIndex: number, rows: readonly number[], random: Random, chunk = BACKFILL_CHUNK, chosen?: ReadonlyMap<number, string>): Backfill {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const ids = new Map<number, string>();
  const data: ValueRange[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start + 1;
    while (end < sorted.length && end - start < chunk && sorted[end] === sorted[end - 1]! + 1) end++;
    const values: Cell[][] = [];
    for (let i = start; i < end; i++) {
      // A row whose identity is known (found again by its content) gets its old id back.
      const id = chosen?.get(sorted[i]!) ?? newRowId(random);
      ids.set(sorted[i]!, id);
      values.push([id]);
    }
    data.push({ range: a1Range(title, idColumnIndex, sorted[start]!, idColumnIndex, sorted[end - 1]!), majorDimension: 'ROWS', values });
    start = end;
  }
  return { ids, data };
}

/** A row addressed by number, and the id it must still hold (null: it must still have none). */
export interface RowExpectation {
  row: number;
  id: string | null;
}

/**
 * The rows that no longer hold what a plan expects, given the id column read again just before
 * writing (values.get of the id column from row 1, so row r is `idColumn[r - 1][0]`). Rows move
 * whenever someone inserts, deletes or sorts in Google: a write planned by number is sent only when
 * this is empty; otherwise read again and plan again. Covers back-fills (a row that had no id must
 * still have none, or a copy must still hold the copied id) and pushes (movedTargets).
 */
export function rowsNotAsExpected<T extends RowExpectation>(expected: readonly T[], idColumn: readonly (readonly unknown[] | undefined)[]): T[] {
  return expected.filter((e) => rowIdOf(idColumn[e.row - 1]?.[0]) !== e.id);
}

// ---------------------------------------------------------------------------------------------
// Tabs

/** A tab as spreadsheets.get describes it (sheets[].properties). */
export interface TabInfo {
  sheetId: number;
  title: string;
  /** Position among the tabs. */
  index: number;
}

export interface TabChanges {
  /** Tabs present before and now, by sheetId (title possibly changed). */
  kept: { sheetId: number; title: string; previousTitle: string }[];
  /** Kept tabs whose title changed: the blocks naming `from` must now name `to`. */
  renamed: { sheetId: number; from: string; to: string }[];
  added: TabInfo[];
  removed: { sheetId: number; title: string }[];
}

/** The connected tabs (by sheetId) against the tabs Google lists now. */
export function matchTabs(previous: readonly { sheetId: number; title: string }[], current: readonly TabInfo[]): TabChanges {
  const before = new Map(previous.map((t) => [t.sheetId, t]));
  const now = new Set(current.map((t) => t.sheetId));
  const out: TabChanges = { kept: [], renamed: [], added: [], removed: [] };
  for (const t of [...current].sort((a, b) => a.index - b.index)) {
    const old = before.get(t.sheetId);
    if (!old) {
      out.added.push(t);
      continue;
    }
    out.kept.push({ sheetId: t.sheetId, title: t.title, previousTitle: old.title });
    if (old.title !== t.title) out.renamed.push({ sheetId: t.sheetId, from: old.title, to: t.title });
  }
  for (const t of previous) if (!now.has(t.sheetId)) out.removed.push({ sheetId: t.sheetId, title: t.title });
  return out;
}

/**
 * The spreadsheet id and tab (gid) of a Google Sheets URL, or null when it is not one.
 * `https://docs.google.com/spreadsheets/d/<id>/edit#gid=<sheetId>`; a bare id is accepted too.
 */
export function parseSheetUrl(input: string): { spreadsheetId: string; sheetId: number | null } | null {
  const text = input.trim();
  if (/^[A-Za-z0-9_-]{20,100}$/.test(text)) return { spreadsheetId: text, sheetId: null };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'docs.google.com') return null;
  const m = /^\/spreadsheets\/(?:u\/\d+\/)?d\/([A-Za-z0-9_-]{20,100})(?:\/|$)/.exec(url.pathname);
  if (!m) return null;
  const gid = /(?:^|[#&?])gid=(\d{1,10})(?:&|$)/.exec(url.hash) ?? /(?:^|[#&?])gid=(\d{1,10})(?:&|$)/.exec(url.search);
  return { spreadsheetId: m[1]!, sheetId: gid ? Number(gid[1]) : null };
}
