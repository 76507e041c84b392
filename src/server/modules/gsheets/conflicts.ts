// A cell changed both in the sheet and in the app since the app last saw it. Before a push the
// target rows are read again, and each edited cell is judged three ways: `base` (what the app saw
// when the person edited), `sheet` (the fresh read) and `app` (the new value). Nothing is lost
// silently: a conflict is either written (app wins) or kept out and reported (sheet wins, the
// default), and it is reported in both cases.
//
// Pure: no network, no database.
import type { Cell } from './ids';

/** Who wins a conflict. The sheet by default: it is the shared source other people edit. */
export type Winner = 'sheet' | 'app';

/** What to do with one cell. */
export type CellVerdict = 'write' | 'conflict' | 'same';

/**
 * A cell as compared: empty, null and missing are one value; numbers and booleans compare by the
 * text Google shows for them (the app's forms send text, Google reads back numbers).
 */
export function cellKey(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

export const sameCell = (a: unknown, b: unknown) => cellKey(a) === cellKey(b);

/**
 * One cell three ways. The sheet already holds the app's value → 'same' (nothing to write); the
 * sheet still holds what the app saw → 'write'; otherwise both changed it → 'conflict'. Without a
 * base (an edit that did not say what it saw) the app's value is written.
 */
export function judgeCell(base: unknown, sheet: unknown, app: unknown, hasBase = true): CellVerdict {
  if (sameCell(sheet, app)) return 'same';
  if (!hasBase || sameCell(sheet, base)) return 'write';
  return 'conflict';
}

/** A conflict as told to the user (tab, row, column, the three values). */
export interface Conflict {
  sheetId: number;
  tab: string;
  rowId: string;
  /**
   * 'cell': edited in both. 'row-deleted': the app edited a row deleted in the sheet.
   * 'row-changed': the app deleted a row changed in the sheet since it was seen (it is kept).
   */
  kind: 'cell' | 'row-deleted' | 'row-changed';
  /** The column, for 'cell' and 'row-changed' (the first changed column); null for 'row-deleted'. */
  column: string | null;
  base: Cell | null;
  sheet: Cell | null;
  app: Cell | null;
  /** Whose value stands. A row deleted in the sheet stays deleted whoever wins ('sheet'). */
  winner: Winner;
}

export interface CellEdit {
  /** New values by column. */
  cells: Readonly<Record<string, Cell>>;
  /** What the app saw before editing, by column (a column absent: no base for that cell). */
  base?: Readonly<Record<string, Cell>>;
}

export interface Resolution {
  /** Cells to write (column → value). */
  write: Record<string, Cell>;
  conflicts: Conflict[];
}

/**
 * The cells of one row edit to write, given the row as freshly read (`sheet`, column → value).
 * A conflicting cell is written only when the app wins; it is reported either way.
 */
export function resolveRow(where: { sheetId: number; tab: string; rowId: string }, edit: CellEdit, sheet: Readonly<Record<string, unknown>>, winner: Winner = 'sheet'): Resolution {
  const write: Record<string, Cell> = Object.create(null);
  const conflicts: Conflict[] = [];
  for (const [column, app] of Object.entries(edit.cells)) {
    const hasBase = !!edit.base && Object.hasOwn(edit.base, column);
    const base = hasBase ? edit.base![column]! : null;
    const now = sheet[column];
    const verdict = judgeCell(base, now, app, hasBase);
    if (verdict === 'same') continue;
    if (verdict === 'conflict') {
      conflicts.push({ ...where, kind: 'cell', column, base, sheet: cellOrNull(now), app, winner });
      if (winner === 'sheet') continue;
    }
    write[column] = app;
  }
  return { write, conflicts };
}

/**
 * Whether the app may delete a row: yes when it gave no base or the sheet still holds what it saw.
 * Otherwise a 'row-changed' conflict naming the first column that moved (sheet wins: kept).
 */
export function judgeDelete(where: { sheetId: number; tab: string; rowId: string }, base: Readonly<Record<string, Cell>> | undefined, sheet: Readonly<Record<string, unknown>>, winner: Winner = 'sheet'): Conflict | null {
  if (!base) return null;
  for (const [column, seen] of Object.entries(base)) {
    if (!Object.hasOwn(sheet, column)) continue;
    if (!sameCell(seen, sheet[column])) return { ...where, kind: 'row-changed', column, base: seen, sheet: cellOrNull(sheet[column]), app: null, winner };
  }
  return null;
}

function cellOrNull(v: unknown): Cell | null {
  if (v === undefined) return null;
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}
