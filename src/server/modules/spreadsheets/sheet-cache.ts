// Per-process cache of parsed sheets, so search + sort + one page of a 100,000-row sheet answers
// in milliseconds. Rows stay in the database as the source of truth; an entry is keyed by sheet
// id and version, so any write (which bumps the version) makes the next request reload it,
// unless the write was made by this process: then applyWrite patches the entry in place (a form
// submit must not make a 1,000,000-row sheet be read again).
import { matchesSearch, rowSearchText, searchTerms } from '../../../shared/filters/search';

export type Row = Record<string, unknown>;

/** What a loader gives the cache. Without ids, rows are 0..n-1; without versions, all 1. */
export interface SheetRows {
  columns: string[];
  rows: Row[];
  ids?: number[];
  versions?: number[];
}

/** A row write committed by this process, to patch a cached entry (ids are row indexes). */
export type RowPatch =
  | { kind: 'append'; id: number; version: number; row: Row }
  | { kind: 'update'; id: number; version: number; row: Row }
  | { kind: 'delete'; id: number };

export interface CachedSheet {
  sheetId: string;
  version: number;
  columns: string[];
  rows: Row[];
  /** Stable id (row_index) of each row, ascending: the wire `_id`. */
  ids: number[];
  /** Version of each row: the wire `_version`. */
  versions: number[];
  /**
   * Lowercased searchable text of every row (shared/filters/search rule), joined into one string
   * with a separator no term can hold; `offsets[i]` is where row i starts. One native indexOf
   * sweep per term finds the matching rows far faster than a test per row.
   */
  haystack: string;
  offsets: Uint32Array;
  /** How often each UTF-16 code unit occurs in the haystack (to anchor searches on a rare one). */
  charFreq: Uint32Array;
  /** Per column, each row's sort rank (ties equal, empties +Infinity), computed on first use. */
  ranks: Map<string, Float64Array>;
  bytes: number;
  /** Sorted row orders by `${column}\u0000${dir}`, computed on first use. */
  sorted: Map<string, Uint32Array>;
  /** Recent search masks by term (most recent last). */
  masks: Map<string, Uint8Array>;
  /** Recent board-filter masks by filterKey (most recent last). */
  filterMasks: Map<string, Uint8Array>;
  /** The predicate behind each filter mask, so a written row's bit can be recomputed. */
  filterKeeps: Map<string, (row: Row) => boolean>;
}

export interface SheetQueryOptions {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
  fields?: string[];
  /** Rows the board filters keep (1) or drop (0), from filterMask; applied before search. */
  filter?: Uint8Array | null;
  /**
   * Search only these columns (a viewer's columns, access/columns.ts). The cached mask of the whole
   * row narrows the candidates first; each candidate is then checked on these columns alone.
   */
  searchColumns?: readonly string[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const ROW_SEPARATOR = '\u0001';
const MAX_MASKS = 32;
const MAX_FILTER_MASKS = 16;
/** Out-of-order writes a sheet may wait on before its entry is dropped instead. */
const MAX_PENDING = 1000;
/** From this many appends in a row, they are applied in one pass and sort orders rebuilt lazily. */
const APPEND_BATCH = 8;

export class SheetCache {
  private entries = new Map<string, CachedSheet>();
  private loading = new Map<string, Promise<CachedSheet>>();
  /** Writes that arrived ahead of an earlier one (or of a load), by sheet and sheet version. */
  private pending = new Map<string, Map<number, RowPatch>>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  async get(sheetId: string, version: number, load: () => Promise<SheetRows>): Promise<CachedSheet> {
    const hit = this.entries.get(sheetId);
    // Writes are applied when the sheet is next read, many at once (200 form submits in a row
    // cost one pass over a big sheet, not 200).
    if (hit) this.drain(hit);
    // A newer entry than asked for is fine: the request read the version just before a write
    // of this process patched the entry.
    if (hit && hit.version >= version) {
      // Map order is the LRU order: move to the back.
      this.entries.delete(sheetId);
      this.entries.set(sheetId, hit);
      return hit;
    }
    const key = `${sheetId}@${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then((loaded) => this.store(sheetId, version, loaded))
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  invalidate(sheetId: string): void {
    const e = this.entries.get(sheetId);
    if (e) {
      this.used -= e.bytes;
      this.entries.delete(sheetId);
    }
    this.pending.delete(sheetId);
  }

  /**
   * A row write this process committed, which took the sheet to `version`. Applied in place when
   * the entry holds version - 1; writes that commit out of order (PostgreSQL runs them at once)
   * wait in a small queue for the ones before them. An entry that can't catch up (a write by
   * another process) is simply reloaded by the next get, which sees a newer version.
   */
  applyWrite(sheetId: string, version: number, patch: RowPatch): void {
    const e = this.entries.get(sheetId);
    const loading = [...this.loading.keys()].some((k) => k.startsWith(`${sheetId}@`));
    if (!e && !loading) return;
    if (e && e.version >= version) return;
    let queue = this.pending.get(sheetId);
    if (!queue) this.pending.set(sheetId, (queue = new Map()));
    queue.set(version, patch);
    if (queue.size > MAX_PENDING) {
      this.invalidate(sheetId);
      return;
    }
  }

  private drain(e: CachedSheet): void {
    const queue = this.pending.get(e.sheetId);
    if (!queue) return;
    for (const v of [...queue.keys()]) if (v <= e.version) queue.delete(v);
    for (let next = queue.get(e.version + 1); next; next = queue.get(e.version + 1)) {
      const before = e.bytes;
      // A run of appends is applied in one pass.
      const run: Extract<RowPatch, { kind: 'append' }>[] = [];
      for (let p: RowPatch | undefined = next; p?.kind === 'append'; p = queue.get(e.version + 1 + run.length)) run.push(p);
      if (run.length >= APPEND_BATCH) {
        for (let k = 1; k <= run.length; k++) queue.delete(e.version + k);
        if (!appendMany(e, run)) {
          this.invalidate(e.sheetId);
          return;
        }
        e.version += run.length;
      } else {
        queue.delete(e.version + 1);
        if (!patchEntry(e, next)) {
          this.invalidate(e.sheetId);
          return;
        }
        e.version++;
      }
      this.used += e.bytes - before;
    }
    if (queue.size === 0) this.pending.delete(e.sheetId);
    this.evict(e.sheetId);
  }

  private store(sheetId: string, version: number, loaded: SheetRows): CachedSheet {
    const { columns, rows } = loaded;
    const ids = loaded.ids ?? Array.from({ length: rows.length }, (_, i) => i);
    const versions = loaded.versions ?? new Array<number>(rows.length).fill(1);
    const parts = new Array<string>(rows.length);
    const offsets = new Uint32Array(rows.length + 1);
    let at = 0;
    let bytes = 1024;
    for (let i = 0; i < rows.length; i++) {
      const text = rowSearchText(rows[i]!, columns) + ROW_SEPARATOR;
      parts[i] = text;
      offsets[i] = at;
      at += text.length;
      // Rough: the row object (~ its text twice, UTF-16) plus the search text and object overhead.
      bytes += text.length * 6 + 64 + columns.length * 16;
    }
    offsets[rows.length] = at;
    const haystack = parts.join('');
    const charFreq = new Uint32Array(65536);
    for (let i = 0; i < haystack.length; i++) charFreq[haystack.charCodeAt(i)]!++;
    bytes += charFreq.byteLength;
    bytes += rows.length * 16;
    const entry: CachedSheet = {
      sheetId,
      version,
      columns,
      rows,
      ids,
      versions,
      haystack,
      offsets,
      charFreq,
      bytes,
      sorted: new Map(),
      ranks: new Map(),
      masks: new Map(),
      filterMasks: new Map(),
      filterKeeps: new Map(),
    };
    const queue = this.pending.get(sheetId);
    this.invalidate(sheetId);
    if (queue) this.pending.set(sheetId, queue);
    this.entries.set(sheetId, entry);
    this.used += bytes;
    this.drain(entry);
    this.evict(sheetId);
    return entry;
  }

  private evict(keep: string): void {
    for (const [id, e] of this.entries) {
      if (this.used <= this.maxBytes) break;
      if (id === keep) continue;
      this.used -= e.bytes;
      this.entries.delete(id);
    }
  }

  /** Accounts for memory added to an entry after it was stored (sort orders, masks). */
  grow(entry: CachedSheet, bytes: number): void {
    if (this.entries.get(entry.sheetId) !== entry) return;
    entry.bytes += bytes;
    this.used += bytes;
    this.evict(entry.sheetId);
  }
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

/**
 * Sort rank of every row for a column: numbers numerically, then booleans, then text by a locale
 * collator (numeric aware: "item 9" < "item 10"); empty cells +Infinity. Text is ranked through
 * its distinct values, so the collator runs once per value, not per comparison of rows.
 */
function ranksOf(sheet: CachedSheet, column: string, cache?: SheetCache): Float64Array {
  const hit = sheet.ranks.get(column);
  if (hit) return hit;
  const n = sheet.rows.length;
  const rank = new Float64Array(n);
  const texts = new Map<string, number>();
  const numbers: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = sheet.rows[i]![column];
    if (isEmpty(v)) continue;
    if (typeof v === 'number') numbers.push(v);
    else if (typeof v !== 'boolean') texts.set(typeof v === 'string' ? v : JSON.stringify(v), 0);
  }
  const numRank = new Map<number, number>();
  Array.from(new Set(numbers))
    .sort((a, b) => a - b)
    .forEach((v, i) => numRank.set(v, i));
  const base = numRank.size + 2;
  // Values the collator calls equal ('Apple', 'apple') share a rank, so they tie and keep sheet order.
  let r = base - 1;
  let prev: string | null = null;
  for (const t of Array.from(texts.keys()).sort(collator.compare)) {
    if (prev === null || collator.compare(prev, t) !== 0) r++;
    texts.set(t, r);
    prev = t;
  }
  for (let i = 0; i < n; i++) {
    const v = sheet.rows[i]![column];
    if (isEmpty(v)) rank[i] = Number.POSITIVE_INFINITY;
    else if (typeof v === 'number') rank[i] = numRank.get(v)!;
    else if (typeof v === 'boolean') rank[i] = numRank.size + (v ? 1 : 0);
    else rank[i] = texts.get(typeof v === 'string' ? v : JSON.stringify(v))!;
  }
  sheet.ranks.set(column, rank);
  cache?.grow(sheet, n * 8);
  return rank;
}

/** Row order for a column and direction; empty cells last either way; ties keep sheet order. */
export function sortOrder(sheet: CachedSheet, column: string, dir: 'asc' | 'desc', cache?: SheetCache): Uint32Array {
  const key = `${column}\u0000${dir}`;
  const hit = sheet.sorted.get(key);
  if (hit) return hit;
  const n = sheet.rows.length;
  const rank = ranksOf(sheet, column, cache);
  let order: Uint32Array;
  const asc = sheet.sorted.get(`${column}\u0000asc`);
  if (dir === 'desc' && asc) {
    // Derived from the ascending order in O(n): walk it backwards one run of equal ranks at a
    // time, keeping each run in sheet order; empties (the last run) stay last.
    order = new Uint32Array(n);
    let empties = n;
    while (empties > 0 && rank[asc[empties - 1]!] === Number.POSITIVE_INFINITY) empties--;
    let out = 0;
    let end = empties;
    while (end > 0) {
      let start = end - 1;
      while (start > 0 && rank[asc[start - 1]!] === rank[asc[end - 1]!]) start--;
      for (let k = start; k < end; k++) order[out++] = asc[k]!;
      end = start;
    }
    for (let k = empties; k < n; k++) order[out++] = asc[k]!;
  } else {
    order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const sign = dir === 'desc' ? -1 : 1;
    order.sort((a, b) => {
      const ra = rank[a]!;
      const rb = rank[b]!;
      if (ra === rb) return a - b;
      if (ra === Number.POSITIVE_INFINITY) return 1;
      if (rb === Number.POSITIVE_INFINITY) return -1;
      return sign * (ra - rb);
    });
  }
  sheet.sorted.set(key, order);
  cache?.grow(sheet, n * 4);
  return order;
}

/** Index of the row holding haystack position `pos` (binary search over row starts). */
function rowAt(offsets: Uint32Array, pos: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Rows whose text holds one term: one native indexOf sweep over the joined haystack. */
function termMask(sheet: CachedSheet, term: string, cache?: SheetCache): Uint8Array {
  const hit = sheet.masks.get(term);
  if (hit) {
    // Map order is the LRU order: move to the back.
    sheet.masks.delete(term);
    sheet.masks.set(term, hit);
    return hit;
  }
  const mask = new Uint8Array(sheet.rows.length);
  const { haystack, offsets, charFreq } = sheet;
  // A separator can never be part of a real match, so a term holding one matches nothing.
  if (!term.includes(ROW_SEPARATOR)) {
    // indexOf runs fastest when the first character of what it looks for is rare, so look for
    // the tail of the term that starts at its rarest character and check the head at each hit.
    let k = 0;
    for (let i = 1; i < term.length; i++) if (charFreq[term.charCodeAt(i)]! < charFreq[term.charCodeAt(k)]!) k = i;
    const tail = term.slice(k);
    let pos = haystack.indexOf(tail, k);
    while (pos !== -1) {
      const start = pos - k;
      if (k === 0 || haystack.startsWith(term, start)) {
        // The term holds no separator, so a match lies inside one row: skip to the next row.
        const row = rowAt(offsets, start);
        mask[row] = 1;
        pos = haystack.indexOf(tail, offsets[row + 1]! + k);
      } else pos = haystack.indexOf(tail, pos + 1);
    }
  }
  sheet.masks.set(term, mask);
  if (sheet.masks.size > MAX_MASKS) {
    const oldest = sheet.masks.keys().next().value as string;
    sheet.masks.delete(oldest);
  } else cache?.grow(sheet, mask.length);
  return mask;
}

/**
 * Same rule as matchesSearch (any term is a substring of the row's text). Masks are cached per
 * term, because searches grow a term at a time ("paris" then "paris, berlin") and repeat while
 * the viewer pages.
 */
function searchMask(sheet: CachedSheet, terms: string[], cache?: SheetCache): Uint8Array {
  const unique = [...new Set(terms)];
  if (unique.length === 1) return termMask(sheet, unique[0]!, cache);
  const out = new Uint8Array(sheet.rows.length);
  for (const term of unique) {
    const m = termMask(sheet, term, cache);
    for (let i = 0; i < out.length; i++) if (m[i] === 1) out[i] = 1;
  }
  return out;
}

/**
 * Rows the compiled board filters keep, cached per sheet under `key` (which must name everything
 * the predicate depends on: the filters, the user's e-mail, today's date), a few per sheet.
 */
export function filterMask(sheet: CachedSheet, key: string, keep: (row: Row) => boolean, cache?: SheetCache): Uint8Array {
  const hit = sheet.filterMasks.get(key);
  if (hit) {
    sheet.filterMasks.delete(key);
    sheet.filterMasks.set(key, hit);
    return hit;
  }
  const mask = new Uint8Array(sheet.rows.length);
  for (let i = 0; i < mask.length; i++) if (keep(sheet.rows[i]!)) mask[i] = 1;
  sheet.filterMasks.set(key, mask);
  sheet.filterKeeps.set(key, keep);
  if (sheet.filterMasks.size > MAX_FILTER_MASKS) {
    const oldest = sheet.filterMasks.keys().next().value as string;
    sheet.filterMasks.delete(oldest);
    sheet.filterKeeps.delete(oldest);
  } else cache?.grow(sheet, mask.length);
  return mask;
}

export function querySheet(sheet: CachedSheet, opts: SheetQueryOptions, cache?: SheetCache): { rows: Row[]; total: number } {
  const n = sheet.rows.length;
  const terms = searchTerms(opts.q);
  const order = opts.sort ? sortOrder(sheet, opts.sort, opts.dir ?? 'asc', cache) : null;
  const offset = opts.offset ?? 0;
  const limit = opts.limit ?? n;
  const picked: number[] = [];
  let total = 0;
  const filter = opts.filter ?? null;
  if (terms.length === 0 && !filter) {
    total = n;
    for (let k = offset; k < n && picked.length < limit; k++) picked.push(order ? order[k]! : k);
  } else {
    const mask = terms.length > 0 ? searchMask(sheet, terms, cache) : null;
    const within = mask && opts.searchColumns ? opts.searchColumns : null;
    const end = offset + limit;
    for (let k = 0; k < n; k++) {
      const i = order ? order[k]! : k;
      if (filter && filter[i] === 0) continue;
      if (mask && mask[i] === 0) continue;
      if (within && !matchesSearch(rowSearchText(sheet.rows[i]!, within), terms)) continue;
      if (total >= offset && total < end) picked.push(i);
      total++;
    }
  }
  const fields = opts.fields;
  // `_id` and `_version` are not columns: never searched or sorted, always on the wire (after
  // the values, so a column of the same name cannot hide them).
  const rows = picked.map((i) => {
    const row = sheet.rows[i]!;
    if (!fields) return { ...row, _id: String(sheet.ids[i]), _version: sheet.versions[i]! };
    const out: Row = Object.create(null);
    for (const f of fields) out[f] = row[f] ?? '';
    out._id = String(sheet.ids[i]);
    out._version = sheet.versions[i]!;
    return out;
  });
  return { rows, total };
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

/** Same order as ranksOf: numbers, then booleans, then text (collator); callers handle empties. */
function compareValues(a: unknown, b: unknown): number {
  const ka = typeof a === 'number' ? 0 : typeof a === 'boolean' ? 1 : 2;
  const kb = typeof b === 'number' ? 0 : typeof b === 'boolean' ? 1 : 2;
  if (ka !== kb) return ka - kb;
  if (ka === 0) return (a as number) - (b as number);
  if (ka === 1) return Number(a) - Number(b);
  const ta = typeof a === 'string' ? a : JSON.stringify(a);
  const tb = typeof b === 'string' ? b : JSON.stringify(b);
  return collator.compare(ta, tb);
}

/** The order a sort key puts rows i and j in (empties last, ties in sheet order). */
function compareRows(sheet: CachedSheet, column: string, dir: 'asc' | 'desc', i: number, j: number): number {
  const a = sheet.rows[i]![column];
  const b = sheet.rows[j]![column];
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
  const value = sheet.rows[i]![column];
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
    const sameAs = (j: number) => j >= 0 && !isEmpty(sheet.rows[j]![column]) && compareValues(sheet.rows[j]![column], value) === 0;
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
  const n = sheet.rows.length;
  if (sheet.ranks.delete(column)) sheet.bytes -= n * 8;
  for (const dir of ['asc', 'desc']) if (sheet.sorted.delete(`${column}\u0000${dir}`)) sheet.bytes -= n * 4;
}

function replaceText(sheet: CachedSheet, i: number, text: string): void {
  const { haystack, offsets } = sheet;
  const start = offsets[i]!;
  const end = offsets[i + 1]!;
  for (let k = start; k < end; k++) sheet.charFreq[haystack.charCodeAt(k)]!--;
  for (let k = 0; k < text.length; k++) sheet.charFreq[text.charCodeAt(k)]!++;
  sheet.haystack = haystack.slice(0, start) + text + haystack.slice(end);
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
  const n = sheet.rows.length;
  const textOf = (row: Row) => rowSearchText(row, sheet.columns) + ROW_SEPARATOR;
  if (patch.kind === 'append') {
    const last = n > 0 ? sheet.ids[n - 1]! : -1;
    if (positionOf(sheet, patch.id) >= 0) return true;
    if (patch.id < last) return false;
    const text = textOf(patch.row);
    sheet.rows.push(patch.row);
    sheet.ids.push(patch.id);
    sheet.versions.push(patch.version);
    const offsets = new Uint32Array(n + 2);
    offsets.set(sheet.offsets);
    offsets[n + 1] = offsets[n]! + text.length;
    sheet.offsets = offsets;
    sheet.haystack += text;
    for (let k = 0; k < text.length; k++) sheet.charFreq[text.charCodeAt(k)]!++;
    sheet.bytes += text.length * 6 + 64 + sheet.columns.length * 16 + 20;
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
    const old = sheet.rows[i]!;
    const text = textOf(patch.row);
    replaceText(sheet, i, text);
    sheet.rows[i] = patch.row;
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
  const { offsets } = sheet;
  replaceText(sheet, i, '');
  const shrunk = new Uint32Array(n);
  shrunk.set(offsets.subarray(0, i));
  shrunk.set(offsets.subarray(i + 1), i);
  sheet.offsets = shrunk;
  sheet.rows.splice(i, 1);
  sheet.ids.splice(i, 1);
  sheet.versions.splice(i, 1);
  sheet.bytes -= 64 + sheet.columns.length * 16 + 20;
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
  const n = sheet.rows.length;
  const last = n > 0 ? sheet.ids[n - 1]! : -1;
  for (let k = 0; k < fresh.length; k++) if (fresh[k]!.id <= (k > 0 ? fresh[k - 1]!.id : last)) return false;
  const k = fresh.length;
  if (k === 0) return true;
  for (const column of [...sheet.ranks.keys()]) dropColumn(sheet, column);
  const texts = fresh.map((p) => rowSearchText(p.row, sheet.columns) + ROW_SEPARATOR);
  const offsets = new Uint32Array(n + k + 1);
  offsets.set(sheet.offsets);
  let at = offsets[n]!;
  for (let j = 0; j < k; j++) {
    const text = texts[j]!;
    for (let c = 0; c < text.length; c++) sheet.charFreq[text.charCodeAt(c)]!++;
    at += text.length;
    offsets[n + j + 1] = at;
    sheet.rows.push(fresh[j]!.row);
    sheet.ids.push(fresh[j]!.id);
    sheet.versions.push(fresh[j]!.version);
    sheet.bytes += text.length * 6 + 64 + sheet.columns.length * 16 + 20;
  }
  sheet.offsets = offsets;
  sheet.haystack += texts.join('');
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
