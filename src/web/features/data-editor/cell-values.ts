// A cell of the data editor, read and written with its column's type: what the editor starts
// from, what is sent back (or why not), the choices of a choice column, yes/no columns edited with
// a checkbox, and which cell Enter / Tab move to. Pure (tested in Node); the editors themselves are
// the blocks' FieldInput, so a type edits the same way in a table block and here.
import { toFieldValue, toRowValue, type FieldValue } from '../../../blocks/fields/field-values';
import { cellText } from '../../../blocks/cells/cells';
import { isColumnType, type ColumnType } from '../../../shared/rows/column-types';
import { validateValue, type RowValue } from '../../../shared/rows/validate';

export type { FieldValue };

/** A column's type, 'text' when the sheet says nothing (or something unknown). */
export function typeOf(types: Record<string, unknown> | undefined, column: string): ColumnType {
  const t = types?.[column];
  return isColumnType(t) ? t : 'text';
}

/** What a cell's editor starts from. */
export function editorValue(type: ColumnType, cell: unknown): FieldValue {
  return toFieldValue(type, cell);
}

/** What the typed value becomes (text, a number for number columns, a list for several choices), or the problem. */
export function parseInput(type: ColumnType, value: FieldValue, options: string[] = []): { value: RowValue } | { error: string } {
  const raw = toRowValue(type, value);
  const trimmed = typeof raw === 'string' && type !== 'textarea' && type !== 'markdowntext' ? raw.trim() : raw;
  // Choices come from the values already in the column: a new one is allowed (the owner is adding it).
  const error = validateValue(type, trimmed, type === 'select' || type === 'multi-select' ? {} : { options });
  if (error) return { error };
  if (type === 'number' && typeof trimmed === 'string' && trimmed !== '') return { value: Number(trimmed) };
  return { value: trimmed };
}

/** Whether a write would change the cell (so Enter on an untouched cell sends nothing). */
export function changed(type: ColumnType, cell: unknown, next: RowValue): boolean {
  const before = toRowValue(type, editorValue(type, cell));
  const a = Array.isArray(before) ? before.join(', ') : String(before ?? '');
  const b = Array.isArray(next) ? next.join(', ') : String(next ?? '');
  return a !== b;
}

/** At most this many choices are offered (the distinct values of the loaded rows). */
export const CHOICES_LIMIT = 200;

/** The distinct non-empty values of a column among `rows` (several choices split on commas), sorted. */
export function choicesOf(rows: Iterable<Record<string, unknown>>, column: string, multi = false): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const text = cellText(row[column]).trim();
    if (!text) continue;
    for (const v of multi ? text.split(',').map((s) => s.trim()).filter(Boolean) : [text]) {
      seen.add(v);
      if (seen.size >= CHOICES_LIMIT) break;
    }
    if (seen.size >= CHOICES_LIMIT) break;
  }
  return [...seen].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

const PAIRS: [string, string][] = [
  ['true', 'false'],
  ['yes', 'no'],
  ['y', 'n'],
  ['on', 'off'],
  ['checked', 'unchecked'],
  ['done', 'not done'],
];

/**
 * A choice column whose values are a yes/no pair ('TRUE'/'FALSE', 'Yes'/'No'...) edits with a
 * checkbox: the pair as written in the sheet ([checked, unchecked]), or null for other columns.
 * One value seen is enough ('Yes' alone gives ['Yes', 'No']).
 */
export function checkboxPair(choices: string[]): [string, string] | null {
  if (choices.length === 0 || choices.length > 2) return null;
  const lower = choices.map((c) => c.toLowerCase());
  for (const [on, off] of PAIRS) {
    if (!lower.every((c) => c === on || c === off)) continue;
    const written = (word: string) => choices[lower.indexOf(word)];
    const sample = choices[0]!;
    // The missing half is written like the one seen: TRUE → FALSE, Yes → No, yes → no.
    const style = (w: string) =>
      sample === sample.toUpperCase() ? w.toUpperCase() : sample[0] === sample[0]!.toUpperCase() ? w[0]!.toUpperCase() + w.slice(1) : w;
    return [written(on) ?? style(on), written(off) ?? style(off)];
  }
  return null;
}

/** The text of a cell in the grid. */
export function displayText(cell: unknown): string {
  const text = cellText(cell);
  // One line in the grid: the editor shows the rest.
  return text.length > 300 ? `${text.slice(0, 300)}…` : text.replace(/\s*\n\s*/g, ' ⏎ ');
}

export interface CellPos {
  row: number;
  col: number;
}

/** Where a key moves the selection: Tab right (wrapping to the next row), Shift+Tab left, Enter down, Shift+Enter up. */
export function moveFrom(pos: CellPos, key: 'Tab' | 'Enter' | 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight', shift: boolean, rows: number, cols: number): CellPos {
  const clampRow = (r: number) => Math.max(0, Math.min(rows - 1, r));
  const clampCol = (c: number) => Math.max(0, Math.min(cols - 1, c));
  switch (key) {
    case 'Tab': {
      const step = shift ? -1 : 1;
      let col = pos.col + step;
      let row = pos.row;
      if (col >= cols) {
        if (row + 1 >= rows) return pos;
        col = 0;
        row++;
      } else if (col < 0) {
        if (row === 0) return pos;
        col = cols - 1;
        row--;
      }
      return { row, col };
    }
    case 'Enter':
      return { row: clampRow(pos.row + (shift ? -1 : 1)), col: pos.col };
    case 'ArrowUp':
      return { row: clampRow(pos.row - 1), col: pos.col };
    case 'ArrowDown':
      return { row: clampRow(pos.row + 1), col: pos.col };
    case 'ArrowLeft':
      return { row: pos.row, col: clampCol(pos.col - 1) };
    case 'ArrowRight':
      return { row: pos.row, col: clampCol(pos.col + 1) };
  }
}

/** The values of a row as they are added back (a duplicate, an undone delete): every column but `_` ones. */
export function rowValues(row: Record<string, unknown>, columns: string[]): Record<string, RowValue> {
  const out: Record<string, RowValue> = {};
  for (const c of columns) {
    if (c.startsWith('_')) continue;
    const v = row[c];
    out[c] = v === null || v === undefined ? '' : typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : cellText(v);
  }
  return out;
}
