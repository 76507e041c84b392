// Row writes of this process applied to a cached entry in place, in the order of the sheet
// versions they made: rows, search text, term and filter masks, ranks and sort orders all stay
// what a fresh load would build, so a form submit does not make a big sheet be read again.
import { compareValues, isEmpty, ROW_SEPARATOR, rowText, unpackRanks, type CachedSheet, type Row } from './sheet-query';

/** A row write committed by this process, to patch a cached entry (ids are row indexes). */
export type RowPatch =
  | { kind: 'append'; id: number; version: number; row: Row }
  | { kind: 'update'; id: number; version: number; row: Row }
  | { kind: 'delete'; id: number };


/** Out-of-order writes a sheet may wait on before its entry is dropped instead. */
const MAX_PENDING = 1000;
/** From this many appends in a row, they are applied in one pass and sort orders rebuilt lazily. */
const APPEND_BATCH = 8;

/**
 * Writes waiting to be applied, by sheet and the sheet version each one made. Writes that commit
 * out of order (PostgreSQL runs them at once) wait for the ones before them; they are applied
 * when the sheet is next read, many at once (200 form submits in a row cost one pass over a big
 * sheet, not 200).
 */
export class PendingWrites {
  private bySheet = new Map<string, Map<number, RowPatch>>();

  /** False when the sheet has more writes waiting than it may: drop its entry instead. */
  add(sheetId: string, version: number, patch: RowPatch): boolean {
    let queue = this.bySheet.get(sheetId);
    if (!queue) this.bySheet.set(sheetId, (queue = new Map()));
    queue.set(version, patch);
    return queue.size <= MAX_PENDING;
  }

  has(sheetId: string): boolean {
    return this.bySheet.has(sheetId);
  }

  /** Whether a sheet has more writes waiting than it may. */
  full(sheetId: string): boolean {
    return (this.bySheet.get(sheetId)?.size ?? 0) > MAX_PENDING;
  }

  drop(sheetId: string): void {
    this.bySheet.delete(sheetId);
  }

  /**
   * Applies the writes that follow the entry's version, one version after another, up to the
   * first one missing; those the entry already holds are dropped. False when the entry cannot
   * take a write (it is then to be dropped and reloaded); what it took before stays applied.
   */
  applyTo(e: CachedSheet): boolean {
    const queue = this.bySheet.get(e.sheetId);
    if (!queue) return true;
    for (const v of [...queue.keys()]) if (v <= e.version) queue.delete(v);
    for (let next = queue.get(e.version + 1); next; next = queue.get(e.version + 1)) {
      // A run of appends is applied in one pass.
      const run: Extract<RowPatch, { kind: 'append' }>[] = [];
      for (let p: RowPatch | undefined = next; p?.kind === 'append'; p = queue.get(e.version + 1 + run.length)) run.push(p);
      if (run.length >= APPEND_BATCH) {
        for (let k = 1; k <= run.length; k++) queue.delete(e.version + k);
        if (!appendMany(e, run)) return false;
        e.version += run.length;
      } else {
        queue.delete(e.version + 1);
        if (!patchEntry(e, next)) return false;
        e.version++;
      }
    }
    if (queue.size === 0) this.bySheet.delete(e.sheetId);
    return true;
  }
}

/** Index of the row with stable id `id` (ids ascend), or -1. */
function positionOf(sheet: CachedSheet, id: number): number {
  const ids = sheet.ids;
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = ids[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The order a sort key puts rows i and j in (empties last, ties in sheet order). */
function compareRows(sheet: CachedSheet, column: string, dir: 'asc' | 'desc', i: number, j: number): number {
  const a = sheet.store.get(i, column);
  const b = sheet.store.get(j, column);
  const ea = isEmpty(a);
  const eb = isEmpty(b);
  if (ea || eb) return ea && eb ? i - j : ea ? 1 : -1;
  const c = compareValues(a, b);
  if (c !== 0) return dir === 'asc' ? c : -c;
  return i - j;
}

/** Where row i goes in a sorted order that does not hold it (binary search). */
function insertionPoint(sheet: CachedSheet, order: Uint32Array, column: string, dir: 'asc' | 'desc', i: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareRows(sheet, column, dir, order[mid]!, i) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertAt(order: Uint32Array, at: number, value: number): Uint32Array {
  const out = new Uint32Array(order.length + 1);
  out.set(order.subarray(0, at));
  out[at] = value;
  out.set(order.subarray(at), at + 1);
  return out;
}

function withoutValue(order: Uint32Array, value: number): Uint32Array {
  const out = new Uint32Array(order.length - 1);
  let k = 0;
  for (let j = 0; j < order.length; j++) if (order[j] !== value) out[k++] = order[j]!;
  return out;
}

/**
 * Puts row i (new, or just changed and taken out of the orders) into the column's sort orders
 * and gives it a rank between its neighbours' (ranks are floats: only their order and ties
 * matter). When the neighbours' ranks leave no room, the column's sort data is dropped and is
 * rebuilt by the next sort.
 */
function placeRow(sheet: CachedSheet, column: string, i: number): void {
  const rank = sheet.ranks.get(column);
  if (!rank) return;
  const dirs = (['asc', 'desc'] as const).filter((d) => sheet.sorted.has(`${column}\u0000${d}`));
  const value = sheet.store.get(i, column);
  if (isEmpty(value)) rank[i] = Number.POSITIVE_INFINITY;
  else {
    const dir = dirs[0];
    if (!dir) {
      dropColumn(sheet, column);
      return;
    }
    const order = sheet.sorted.get(`${column}\u0000${dir}`)!;
    const at = insertionPoint(sheet, order, column, dir, i);
    const before = at > 0 ? order[at - 1]! : -1;
    const after = at < order.length ? order[at]! : -1;
    const sameAs = (j: number) => j >= 0 && !isEmpty(sheet.store.get(j, column)) && compareValues(sheet.store.get(j, column), value) === 0;
    if (sameAs(before)) rank[i] = rank[before]!;
    else if (sameAs(after)) rank[i] = rank[after]!;
    else {
      // Ranks grow along an ascending order and shrink along a descending one.
      const step = dir === 'asc' ? 1 : -1;
      const lo = before >= 0 ? rank[before]! : undefined;
      const hi = after >= 0 && rank[after] !== Number.POSITIVE_INFINITY ? rank[after]! : undefined;
      const r = lo !== undefined && hi !== undefined ? (lo + hi) / 2 : lo !== undefined ? lo + step : hi !== undefined ? hi - step : 0;
      if (r === lo || r === hi) {
        dropColumn(sheet, column);
        return;
      }
      rank[i] = r;
    }
  }
  for (const dir of dirs) {
    const key = `${column}\u0000${dir}`;
    const order = sheet.sorted.get(key)!;
    sheet.sorted.set(key, insertAt(order, insertionPoint(sheet, order, column, dir, i), i));
  }
}

function dropColumn(sheet: CachedSheet, column: string): void {
  const n = sheet.store.length;
  if (sheet.ranks.delete(column)) sheet.bytes -= n * 8;
  for (const dir of ['asc', 'desc']) if (sheet.sorted.delete(`${column}\u0000${dir}`)) sheet.bytes -= n * 4;
}

function replaceText(sheet: CachedSheet, i: number, text: string): void {
  const st = sheet.text;
  if (!st) return;
  const { haystack, offsets } = st;
  const start = offsets[i]!;
  const end = offsets[i + 1]!;
  for (let k = start; k < end; k++) st.charFreq[haystack.charCodeAt(k)]!--;
  for (let k = 0; k < text.length; k++) st.charFreq[text.charCodeAt(k)]!++;
  st.haystack = haystack.slice(0, start) + text + haystack.slice(end);
  const delta = text.length - (end - start);
  if (delta !== 0) for (let k = i + 1; k < offsets.length; k++) offsets[k] = offsets[k]! + delta;
  sheet.bytes += delta * 6;
}

/**
 * Applies one row write to an entry in place: the rows, the search text, search and filter
 * masks and sort orders all stay right, in O(n) typed-array copies at worst (no sorting, no
 * re-reading). Writes the entry already holds (a load that saw them) are skipped. False when the
 * entry cannot take the patch (then it is dropped and reloaded).
 */
function patchEntry(sheet: CachedSheet, patch: RowPatch): boolean {
  // Sort orders read from a snapshot are kept in step through their ranks.
  unpackRanks(sheet);
  const n = sheet.store.length;
  const textOf = (row: Row) => rowText(row, sheet.columns);
  if (patch.kind === 'append') {
    const last = n > 0 ? sheet.ids[n - 1]! : -1;
    if (positionOf(sheet, patch.id) >= 0) return true;
    if (patch.id < last) return false;
    const text = textOf(patch.row);
    sheet.store.push(patch.row);
    sheet.ids.push(patch.id);
    sheet.versions.push(patch.version);
    const st = sheet.text;
    if (st) {
      const offsets = new Uint32Array(n + 2);
      offsets.set(st.offsets);
      offsets[n + 1] = offsets[n]! + text.length;
      st.offsets = offsets;
      st.haystack += text;
      for (let k = 0; k < text.length; k++) st.charFreq[text.charCodeAt(k)]!++;
    }
    sheet.bytes += text.length * 2 + sheet.columns.length * 13 + 20;
    for (const [term, mask] of sheet.masks) {
      const grown = new Uint8Array(n + 1);
      grown.set(mask);
      grown[n] = !term.includes(ROW_SEPARATOR) && text.includes(term) ? 1 : 0;
      sheet.masks.set(term, grown);
      sheet.bytes += 1;
    }
    for (const [key, mask] of sheet.filterMasks) {
      const grown = new Uint8Array(n + 1);
      grown.set(mask);
      grown[n] = sheet.filterKeeps.get(key)?.(patch.row) ? 1 : 0;
      sheet.filterMasks.set(key, grown);
      sheet.bytes += 1;
    }
    for (const [column, rank] of [...sheet.ranks]) {
      const grown = new Float64Array(n + 1);
      grown.set(rank);
      sheet.ranks.set(column, grown);
      sheet.bytes += 12;
      placeRow(sheet, column, n);
    }
    return true;
  }
  const i = positionOf(sheet, patch.id);
  if (patch.kind === 'update') {
    if (i < 0) return true; // deleted by a later write the entry already holds
    if (sheet.versions[i]! >= patch.version) return true;
    const old = sheet.store.row(i);
    const text = textOf(patch.row);
    replaceText(sheet, i, text);
    sheet.store.set(i, patch.row);
    sheet.versions[i] = patch.version;
    for (const [term, mask] of sheet.masks) mask[i] = !term.includes(ROW_SEPARATOR) && text.includes(term) ? 1 : 0;
    for (const [key, mask] of sheet.filterMasks) mask[i] = sheet.filterKeeps.get(key)?.(patch.row) ? 1 : 0;
    for (const column of [...sheet.ranks.keys()]) {
      if (old[column] === patch.row[column]) continue;
      for (const dir of ['asc', 'desc']) {
        const key = `${column}\u0000${dir}`;
        const order = sheet.sorted.get(key);
        if (order) sheet.sorted.set(key, withoutValue(order, i));
      }
      placeRow(sheet, column, i);
    }
    return true;
  }
  // delete
  if (i < 0) return true;
  replaceText(sheet, i, '');
  if (sheet.text) {
    const { offsets } = sheet.text;
    const shrunk = new Uint32Array(n);
    shrunk.set(offsets.subarray(0, i));
    shrunk.set(offsets.subarray(i + 1), i);
    sheet.text.offsets = shrunk;
  }
  sheet.store.remove(i);
  sheet.ids.splice(i, 1);
  sheet.versions.splice(i, 1);
  sheet.bytes -= sheet.columns.length * 13 + 20;
  const cut = (mask: Uint8Array) => {
    const out = new Uint8Array(n - 1);
    out.set(mask.subarray(0, i));
    out.set(mask.subarray(i + 1), i);
    return out;
  };
  for (const [term, mask] of sheet.masks) sheet.masks.set(term, cut(mask));
  for (const [key, mask] of sheet.filterMasks) sheet.filterMasks.set(key, cut(mask));
  for (const [column, rank] of sheet.ranks) {
    const out = new Float64Array(n - 1);
    out.set(rank.subarray(0, i));
    out.set(rank.subarray(i + 1), i);
    sheet.ranks.set(column, out);
  }
  for (const [key, order] of sheet.sorted) {
    const out = new Uint32Array(n - 1);
    let k = 0;
    for (let j = 0; j < order.length; j++) {
      const v = order[j]!;
      if (v !== i) out[k++] = v > i ? v - 1 : v;
    }
    sheet.sorted.set(key, out);
  }
  return true;
}

/**
 * Many appends at once: one copy of each array instead of one per row. Sort orders are dropped
 * (the next sort rebuilds them) rather than merged row by row.
 */
function appendMany(sheet: CachedSheet, patches: Extract<RowPatch, { kind: 'append' }>[]): boolean {
  const fresh = patches.filter((p) => positionOf(sheet, p.id) < 0);
  const n = sheet.store.length;
  const last = n > 0 ? sheet.ids[n - 1]! : -1;
  for (let k = 0; k < fresh.length; k++) if (fresh[k]!.id <= (k > 0 ? fresh[k - 1]!.id : last)) return false;
  const k = fresh.length;
  if (k === 0) return true;
  unpackRanks(sheet);
  for (const column of [...sheet.ranks.keys()]) dropColumn(sheet, column);
  const texts = fresh.map((p) => rowText(p.row, sheet.columns));
  const st = sheet.text;
  const offsets = new Uint32Array(st ? n + k + 1 : 0);
  if (st) offsets.set(st.offsets);
  let at = st ? offsets[n]! : 0;
  for (let j = 0; j < k; j++) {
    const text = texts[j]!;
    if (st) {
      for (let c = 0; c < text.length; c++) st.charFreq[text.charCodeAt(c)]!++;
      at += text.length;
      offsets[n + j + 1] = at;
    }
    sheet.store.push(fresh[j]!.row);
    sheet.ids.push(fresh[j]!.id);
    sheet.versions.push(fresh[j]!.version);
    sheet.bytes += text.length * 2 + sheet.columns.length * 13 + 20;
  }
  if (st) {
    st.offsets = offsets;
    st.haystack += texts.join('');
  }
  for (const [term, mask] of sheet.masks) {
    const grown = new Uint8Array(n + k);
    grown.set(mask);
    if (!term.includes(ROW_SEPARATOR)) for (let j = 0; j < k; j++) grown[n + j] = texts[j]!.includes(term) ? 1 : 0;
    sheet.masks.set(term, grown);
    sheet.bytes += k;
  }
  for (const [key, mask] of sheet.filterMasks) {
    const keep = sheet.filterKeeps.get(key);
    const grown = new Uint8Array(n + k);
    grown.set(mask);
    for (let j = 0; j < k; j++) grown[n + j] = keep?.(fresh[j]!.row) ? 1 : 0;
    sheet.filterMasks.set(key, grown);
    sheet.bytes += k;
  }
  return true;
}
