// Push: the app's queued edits of a connected spreadsheet → the fewest writes to Google.
//
// 1. coalesce(): the edits of a tab, in the order they were made, become at most one operation
//    per row (an append later edited is one append of the final values, an append later deleted is
//    nothing, updates merge cell by cell, an update later deleted is a delete).
// 2. planPush(): given a fresh read of the tab, each operation finds its row by id (never by a
//    remembered row number) and becomes: one values.append body for every new row, values.batchUpdate
//    ranges of changed cells only (other cells, formulas included, are never written), and
//    deleteDimension requests highest row first. An append whose id the sheet already holds was
//    made by an earlier try and is dropped, so a retry never duplicates a row.
//
// Send in this order, all from the same read: updates (they move no row), deletes (one
// spreadsheets.batchUpdate; highest first, so each leaves the rows above it in place), the append
// (it adds below the table). Just before sending, read the id column again and check the rows
// planned by number still hold their ids (movedTargets); if not, read and plan again.
//
// Pure: no network, no database.
import { judgeDelete, resolveRow, sameCell, type Conflict, type Winner } from './conflicts';
import { a1Range, columnLetters, ID_COLUMN, quoteTitle, rowData, rowIdOf, rowsNotAsExpected, type Cell, type ParsedHeader, type ValueRange } from './ids';
import type { ReadRow } from './diff';

export type OutboxOp = 'append' | 'update' | 'delete';

/** One queued edit made in the app. */
export interface OutboxEdit {
  /** The tab (Google's numeric sheetId). */
  sheetId: number;
  op: OutboxOp;
  /** The row's id (for an append: the id the app gave the new row, newRowId). */
  rowId: string;
  /** append: the new row's values; update: the edited cells (column → new value). */
  cells?: Record<string, Cell>;
  /** update / delete: the values the app saw before editing (column → value), for conflicts. */
  base?: Record<string, Cell>;
  /** When it was made (ms); edits are applied in this order, ties in queue order. */
  at: number;
}

export interface CoalescedTab {
  sheetId: number;
  /** New rows with their final values, in the order they were first added. */
  appends: { rowId: string; cells: Record<string, Cell> }[];
  /** Changed cells only (a cell set back to what the app saw is no change), base per cell from the first edit of it. */
  updates: { rowId: string; cells: Record<string, Cell>; base: Record<string, Cell> }[];
  deletes: { rowId: string; base?: Record<string, Cell> }[];
}

type State =
  | { op: 'append'; cells: Record<string, Cell> }
  | { op: 'update'; cells: Record<string, Cell>; base: Record<string, Cell> }
  | { op: 'delete'; base?: Record<string, Cell> }
  | { op: 'gone' };

const dict = <T>(from?: Readonly<Record<string, T>>): Record<string, T> => Object.assign(Object.create(null) as Record<string, T>, from);

function step(prev: State | undefined, e: OutboxEdit): State {
  const cells = e.cells ?? {};
  if (!prev) {
    if (e.op === 'append') return { op: 'append', cells: dict(cells) };
    if (e.op === 'update') return { op: 'update', cells: dict(cells), base: dict(e.base) };
    return { op: 'delete', base: e.base };
  }
  switch (prev.op) {
    case 'gone':
    case 'delete':
      // Nothing revives a deleted row; later edits of it have nothing to land on.
      return prev;
    case 'append':
      if (e.op === 'delete') return { op: 'gone' };
      return { op: 'append', cells: Object.assign(prev.cells, cells) };
    case 'update': {
      // What the sheet still holds: the app's base for cells it edited, its last view for the rest.
      if (e.op === 'delete') return { op: 'delete', base: e.base || Object.keys(prev.base).length ? { ...e.base, ...prev.base } : undefined };
      // The base of a cell is what the app saw before its first edit of that cell.
      if (e.base) for (const [k, v] of Object.entries(e.base)) if (!Object.hasOwn(prev.base, k)) prev.base[k] = v;
      return { op: 'update', cells: Object.assign(prev.cells, cells), base: prev.base };
    }
  }
}

/** The edits of one tab or several → at most one operation per row, per tab (tabs by sheetId order). */
export function coalesce(edits: readonly OutboxEdit[]): CoalescedTab[] {
  const ordered = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i);
  const tabs = new Map<number, Map<string, State>>();
  for (const { e } of ordered) {
    let rows = tabs.get(e.sheetId);
    if (!rows) tabs.set(e.sheetId, (rows = new Map()));
    rows.set(e.rowId, step(rows.get(e.rowId), e));
  }
  const out: CoalescedTab[] = [];
  for (const sheetId of [...tabs.keys()].sort((a, b) => a - b)) {
    const tab: CoalescedTab = { sheetId, appends: [], updates: [], deletes: [] };
    for (const [rowId, s] of tabs.get(sheetId)!) {
      if (s.op === 'append') tab.appends.push({ rowId, cells: s.cells });
      else if (s.op === 'delete') tab.deletes.push(s.base ? { rowId, base: s.base } : { rowId });
      else if (s.op === 'update') {
        const cells = dict<Cell>();
        for (const [k, v] of Object.entries(s.cells)) if (!Object.hasOwn(s.base, k) || !sameCell(s.base[k], v)) cells[k] = v;
        if (Object.keys(cells).length) tab.updates.push({ rowId, cells, base: s.base });
      }
    }
    out.push(tab);
  }
  return out;
}

/** A spreadsheets.batchUpdate request deleting rows [startIndex, endIndex) (0-based). */
export interface DeleteRowsRequest {
  deleteDimension: { range: { sheetId: number; dimension: 'ROWS'; startIndex: number; endIndex: number } };
}

/** A cell of an edit that could not be placed: its column is no longer in the sheet's header. */
export interface DroppedCell {
  rowId: string;
  column: string;
  value: Cell;
}

export interface PushPlan {
  /**
   * The values.append call for every new row, or null: `range` the tab's used columns, rows in
   * sheet column order with the id in the id column; a cell the app did not set is null (left
   * alone). Send with valueInputOption RAW (text an app user typed is never run as a formula)
   * and insertDataOption INSERT_ROWS.
   */
  append: { range: string; values: (Cell | null)[][] } | null;
  /** values.batchUpdate data (valueInputOption RAW): one range per run of adjacent changed cells. */
  updates: ValueRange[];
  /** One spreadsheets.batchUpdate, highest rows first (adjacent rows merged). */
  deletes: DeleteRowsRequest[];
  /** Told to the user; the sheet's value stands unless the winner is the app. */
  conflicts: Conflict[];
  /** Edited cells of columns renamed or deleted in the sheet since: told to the user, not written. */
  dropped: DroppedCell[];
  /** Appends the sheet already holds (an earlier try got through): nothing to do. */
  alreadyAppended: string[];
  /** Deletes of rows the sheet no longer has: nothing to do. */
  alreadyDeleted: string[];
  /** Rows this plan addresses by number: check them just before sending (movedTargets). */
  targets: { row: number; rowId: string }[];
}

export interface FreshRead {
  header: Pick<ParsedHeader, 'columns' | 'positions' | 'idColumnIndex'>;
  /** The tab's data rows as just read, in sheet order (row numbers 1-based). */
  rows: readonly ReadRow[];
}

/**
 * The writes of one coalesced tab against a fresh read of it. The tab must have its id column
 * (placed on connect); without it nothing can be addressed, and this throws.
 */
export function planPush(tab: { sheetId: number; title: string }, edits: CoalescedTab, fresh: FreshRead, winner: Winner = 'sheet'): PushPlan {
  const { header } = fresh;
  const idAt = header.idColumnIndex;
  if (idAt === null) throw new Error(`The tab '${tab.title}' has no ${ID_COLUMN} column`);
  const position = new Map<string, number>();
  header.columns.forEach((c, i) => position.set(c, header.positions[i]!));
  const rowOf = new Map<string, ReadRow>();
  for (const r of fresh.rows) {
    const id = rowIdOf(r.values[idAt]);
    // The first row with an id is the row (as the pull keeps it).
    if (id !== null && !rowOf.has(id)) rowOf.set(id, r);
  }
  const plan: PushPlan = { append: null, updates: [], deletes: [], conflicts: [], dropped: [], alreadyAppended: [], alreadyDeleted: [], targets: [] };
  const where = (rowId: string) => ({ sheetId: tab.sheetId, tab: tab.title, rowId });
  const placeable = (rowId: string, cells: Record<string, Cell>) => {
    const out: Record<string, Cell> = Object.create(null);
    for (const [column, value] of Object.entries(cells)) {
      if (position.has(column)) out[column] = value;
      else plan.dropped.push({ rowId, column, value });
    }
    return out;
  };

  for (const u of edits.updates) {
    const row = rowOf.get(u.rowId);
    if (!row) {
      const first = Object.entries(u.cells)[0];
      plan.conflicts.push({ ...where(u.rowId), kind: 'row-deleted', column: null, base: null, sheet: null, app: first ? first[1] : null, winner: 'sheet' });
      continue;
    }
    const { write, conflicts } = resolveRow(where(u.rowId), { cells: placeable(u.rowId, u.cells), base: u.base }, rowData(header, row.values), winner);
    plan.conflicts.push(...conflicts);
    const cols = Object.keys(write)
      .map((c) => ({ at: position.get(c)!, value: write[c]! }))
      .sort((a, b) => a.at - b.at);
    if (!cols.length) continue;
    plan.targets.push({ row: row.row, rowId: u.rowId });
    for (let i = 0; i < cols.length; ) {
      let j = i + 1;
      while (j < cols.length && cols[j]!.at === cols[j - 1]!.at + 1) j++;
      plan.updates.push({ range: a1Range(tab.title, cols[i]!.at, row.row, cols[j - 1]!.at, row.row), majorDimension: 'ROWS', values: [cols.slice(i, j).map((c) => c.value)] });
      i = j;
    }
  }

  const doomed: number[] = [];
  for (const d of edits.deletes) {
    const row = rowOf.get(d.rowId);
    if (!row) {
      plan.alreadyDeleted.push(d.rowId);
      continue;
    }
    const conflict = judgeDelete(where(d.rowId), d.base, rowData(header, row.values), winner);
    if (conflict) {
      plan.conflicts.push(conflict);
      if (winner === 'sheet') continue;
    }
    plan.targets.push({ row: row.row, rowId: d.rowId });
    doomed.push(row.row);
  }
  doomed.sort((a, b) => b - a);
  for (let i = 0; i < doomed.length; ) {
    // A run of adjacent rows, highest first: rows hi, hi-1, …, lo become one range.
    let j = i + 1;
    while (j < doomed.length && doomed[j] === doomed[j - 1]! - 1) j++;
    const lo = doomed[j - 1]!;
    const hi = doomed[i]!;
    plan.deletes.push({ deleteDimension: { range: { sheetId: tab.sheetId, dimension: 'ROWS', startIndex: lo - 1, endIndex: hi } } });
    i = j;
  }

  const width = Math.max(idAt, ...header.positions) + 1;
  const values: (Cell | null)[][] = [];
  for (const a of edits.appends) {
    if (rowOf.has(a.rowId)) {
      plan.alreadyAppended.push(a.rowId);
      continue;
    }
    const line: (Cell | null)[] = new Array<Cell | null>(width).fill(null);
    line[idAt] = a.rowId;
    for (const [column, value] of Object.entries(placeable(a.rowId, a.cells))) line[position.get(column)!] = value;
    values.push(line);
  }
  if (values.length) plan.append = { range: `${quoteTitle(tab.title)}!A:${columnLetters(width - 1)}`, values };
  return plan;
}

/**
 * The planned rows that no longer hold their id, given the id column read again just before
 * sending (values.get of the id column from row 1: `idColumn[row - 1][0]`). Empty: send. Otherwise
 * rows moved in Google since the read: read again and plan again.
 */
export function movedTargets(targets: PushPlan['targets'], idColumn: readonly (readonly unknown[] | undefined)[]): PushPlan['targets'] {
  return rowsNotAsExpected(targets.map((t) => ({ ...t, id: t.rowId })), idColumn).map(({ row, rowId }) => ({ row, rowId }));
}
