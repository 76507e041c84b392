// Pull: a tab's rows as read from Google against the rows our cache holds → one apply plan
// (inserts, changed rows, deletes, new order), applied by the sync in one transaction. Rows are
// matched by id, never by row number; a row counts as changed only when its content hash moved.
// One pass over each side with Maps: linear in the number of rows (100,000 rows is routine).
//
// Pure: no network, no database.
import crypto from 'node:crypto';
import { rowData, rowIdOf, type Cell, type ParsedHeader, type RowExpectation } from './ids';

/** A data row as read: its values (sheet column order) and its 1-based row number in the sheet. */
export interface ReadRow {
  row: number;
  values: readonly unknown[];
}

/** A row the cache holds. `sheetRow` is where it was last seen (a hint, used for order only). */
export interface CachedRow {
  id: string;
  hash: string;
  sheetRow: number;
}

/** A row of the plan: its data for the cache, its hash, and where it is now in the sheet. */
export interface PlannedRow {
  id: string;
  data: Record<string, Cell>;
  hash: string;
  sheetRow: number;
}

/** A read row that has no id yet: it becomes a row once an id is written to it (assignIds). */
export interface UnidentifiedRow {
  data: Record<string, Cell>;
  hash: string;
  sheetRow: number;
}

export interface PullPlan {
  /** Ids we do not hold yet (a row added in Google, or a retried append we already made). */
  inserts: PlannedRow[];
  /** Held ids whose content hash changed. */
  updates: PlannedRow[];
  /** Held ids no longer in the tab. */
  deletes: string[];
  /** Held ids with unchanged content that now sit on another sheet row. */
  moved: { id: string; sheetRow: number }[];
  /** Every id of the tab in sheet order (the cache's row order) with its sheet row. */
  order: { id: string; sheetRow: number }[];
  /** Rows without an id (added in Google before we saw them): back-fill, then assignIds. */
  withoutId: UnidentifiedRow[];
  /**
   * Later rows carrying an id an earlier row already has (a row copied in Google): the first keeps
   * the id; these are reported and, given fresh ids (backfillIds + assignIds), become new rows.
   */
  duplicates: (UnidentifiedRow & { id: string; keptRow: number })[];
  /** Rows with every visible cell empty: not rows (Google keeps blank lines between data). */
  blank: number;
}

/**
 * The hash of a row's content: sha1 of canonical JSON (column-sorted [name, value] pairs, empty
 * cells left out). Left out so that adding or deleting an empty column changes no row; sorted so
 * that moving a column changes none either. The cache stores it beside each row.
 */
export function rowHash(data: Readonly<Record<string, unknown>>): string {
  const pairs: [string, unknown][] = [];
  for (const k of Object.keys(data)) {
    const v = data[k];
    if (v === '' || v === null || v === undefined) continue;
    pairs.push([k, v]);
  }
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return crypto.createHash('sha1').update(JSON.stringify(pairs)).digest('base64url');
}

function isBlank(data: Record<string, Cell>): boolean {
  for (const k in data) if (data[k] !== '') return false;
  return true;
}

/**
 * The plan that brings `cached` to what `rows` hold. `header` is the tab's parsed header; rows
 * carry their 1-based sheet row numbers (the header is row 1, so data starts at 2) and come in
 * sheet order (batches of a big read concatenated).
 */
export function diffRows(header: Pick<ParsedHeader, 'columns' | 'positions' | 'idColumnIndex'>, rows: readonly ReadRow[], cached: readonly CachedRow[]): PullPlan {
  const held = new Map<string, CachedRow>();
  for (const c of cached) held.set(c.id, c);
  const plan: PullPlan = { inserts: [], updates: [], deletes: [], moved: [], order: [], withoutId: [], duplicates: [], blank: 0 };
  const seen = new Map<string, number>();
  const idAt = header.idColumnIndex;
  for (const r of rows) {
    const data = rowData(header, r.values);
    if (isBlank(data)) {
      plan.blank++;
      continue;
    }
    const hash = rowHash(data);
    const id = idAt === null ? null : rowIdOf(r.values[idAt]);
    if (id === null) {
      plan.withoutId.push({ data, hash, sheetRow: r.row });
      continue;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      plan.duplicates.push({ id, keptRow: first, data, hash, sheetRow: r.row });
      continue;
    }
    seen.set(id, r.row);
    plan.order.push({ id, sheetRow: r.row });
    const old = held.get(id);
    if (!old) plan.inserts.push({ id, data, hash, sheetRow: r.row });
    else if (old.hash !== hash) plan.updates.push({ id, data, hash, sheetRow: r.row });
    else if (old.sheetRow !== r.row) plan.moved.push({ id, sheetRow: r.row });
  }
  for (const c of cached) if (!seen.has(c.id)) plan.deletes.push(c.id);
  return plan;
}

/**
 * The rows a back-fill writes ids to, with what each must still hold when it is sent (no id, or
 * the copied id): pass the rows to backfillIds and check them with rowsNotAsExpected first.
 */
export function backfillTargets(plan: Pick<PullPlan, 'withoutId' | 'duplicates'>): RowExpectation[] {
  return [...plan.withoutId.map((r) => ({ row: r.sheetRow, id: null })), ...plan.duplicates.map((r) => ({ row: r.sheetRow, id: r.id }))].sort((a, b) => a.row - b.row);
}

/**
 * The plan once `ids` (sheet row → id, from backfillIds) have been written: those rows without an
 * id and those duplicates become inserts, in sheet order. Rows not in `ids` stay where they were.
 * A row given back an id the cache holds (`held`: id → hash) is that cached row again: an update
 * when its content changed, nothing otherwise, and no longer a delete.
 */
export function assignIds(plan: PullPlan, ids: ReadonlyMap<number, string>, held: ReadonlyMap<string, string> = new Map()): PullPlan {
  const added: PlannedRow[] = [];
  // Ids the cache holds, given back to rows that had lost them: the same rows, not new ones.
  const restored = new Map<string, PlannedRow>();
  const withoutId: UnidentifiedRow[] = [];
  const duplicates: PullPlan['duplicates'] = [];
  for (const r of plan.withoutId) {
    const id = ids.get(r.sheetRow);
    if (id === undefined) withoutId.push(r);
    else {
      const row = { id, data: r.data, hash: r.hash, sheetRow: r.sheetRow };
      added.push(row);
      if (held.has(id)) restored.set(id, row);
    }
  }
  for (const r of plan.duplicates) {
    const id = ids.get(r.sheetRow);
    if (id === undefined) duplicates.push(r);
    else added.push({ id, data: r.data, hash: r.hash, sheetRow: r.sheetRow });
  }
  if (added.length === 0) return plan;
  // Both lists are in sheet-row order once the added rows are sorted: one merge pass.
  added.sort((a, b) => a.sheetRow - b.sheetRow);
  const order: PullPlan['order'] = [];
  let i = 0;
  for (const o of plan.order) {
    while (i < added.length && added[i]!.sheetRow < o.sheetRow) order.push({ id: added[i]!.id, sheetRow: added[i++]!.sheetRow });
    order.push(o);
  }
  for (; i < added.length; i++) order.push({ id: added[i]!.id, sheetRow: added[i]!.sheetRow });
  const inserts = [...plan.inserts, ...added.filter((r) => !restored.has(r.id))];
  const updates = [...plan.updates, ...[...restored.values()].filter((r) => held.get(r.id) !== r.hash)];
  const deletes = plan.deletes.filter((id) => !restored.has(id));
  return { ...plan, inserts, updates, deletes, order, withoutId, duplicates };
}
