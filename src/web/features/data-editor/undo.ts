// What the data editor can undo: the last changes to rows, newest first. Each entry says how to
// put things back: a cell edit is undone by writing the old values (with the row's version after
// the edit, so someone else's change since is not overwritten: the server answers 409), an added
// row by deleting it, a deleted row by adding its values back (a new row at the end).
import type { RowValue } from '../../../shared/rows/validate';

export type Values = Record<string, RowValue>;

export type Change =
  | { kind: 'edit'; rowId: string; before: Values; after: Values; version: number }
  | { kind: 'add'; rowId: string; values: Values }
  | { kind: 'delete'; rowId: string; values: Values };

/** The write that undoes a change. */
export type UndoStep =
  | { kind: 'update'; rowId: string; values: Values; version: number }
  | { kind: 'delete'; rowId: string }
  | { kind: 'add'; values: Values };

export const UNDO_LIMIT = 50;

export function undoStep(change: Change): UndoStep {
  switch (change.kind) {
    case 'edit':
      return { kind: 'update', rowId: change.rowId, values: change.before, version: change.version };
    case 'add':
      return { kind: 'delete', rowId: change.rowId };
    case 'delete':
      return { kind: 'add', values: change.values };
  }
}

/** How a change reads on the Undo button's tooltip. */
export function describeChange(change: Change): string {
  switch (change.kind) {
    case 'edit': {
      const cols = Object.keys(change.after);
      return cols.length === 1 ? `Undo the change to ${cols[0]}` : 'Undo the change to the row';
    }
    case 'add':
      return 'Undo adding the row';
    case 'delete':
      return 'Undo deleting the row';
  }
}

/** An immutable stack (newest last), at most UNDO_LIMIT changes. */
export class UndoStack {
  private constructor(readonly changes: readonly Change[]) {}

  static empty(): UndoStack {
    return new UndoStack([]);
  }

  push(change: Change): UndoStack {
    const next = [...this.changes, change];
    return new UndoStack(next.length > UNDO_LIMIT ? next.slice(next.length - UNDO_LIMIT) : next);
  }

  get last(): Change | undefined {
    return this.changes[this.changes.length - 1];
  }

  pop(): UndoStack {
    return new UndoStack(this.changes.slice(0, -1));
  }

  get size(): number {
    return this.changes.length;
  }

  /**
   * After a row was re-added by an undo it has a new id: older changes naming the old id now name
   * the new one (and the version of the new row), so they can still be undone.
   */
  renameRow(from: string, to: string, version: number): UndoStack {
    return new UndoStack(this.changes.map((c) => (c.rowId !== from ? c : c.kind === 'edit' ? { ...c, rowId: to, version } : { ...c, rowId: to })));
  }

  /** A later write to a row (not an undo) gives it a new version: an older edit's undo must carry it. */
  bumpVersion(rowId: string, version: number): UndoStack {
    return new UndoStack(this.changes.map((c) => (c.kind === 'edit' && c.rowId === rowId ? { ...c, version } : c)));
  }
}
