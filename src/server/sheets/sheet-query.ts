// The query engine over a cached sheet: search over one string holding every row's text, term
// and board-filter masks, per-column ranks and sort orders, paging. What is derived is built on
// first use and kept on the entry; the cache holding the entry is told the memory that adds.
import { matchesSearch, rowSearchText, searchTerms } from '../../shared/filters/search';
import { cell, ColumnStore, Tag, type Row } from './column-store';

export type { Row };

/**
 * What a loader gives the cache: row objects, or rows already in a column store (a database
 * load fills one as it reads). Without ids, rows are 0..n-1; without versions, all 1.
 */
export type SheetRows = { columns: string[]; ids?: number[]; versions?: number[] } & ({ rows: Row[]; store?: undefined } | { store: ColumnStore; rows?: undefined });

export interface CachedSheet {
  sheetId: string;
  version: number;
  columns: string[];
  /** The rows, by column (column-store.ts); `store.row(i)` is row i as an object. */
  store: ColumnStore;
  /** Stable id (row_index) of each row, ascending: the wire `_id`. */
  ids: number[];
  /** Version of each row: the wire `_version`. */
  versions: number[];
  /** The search text, built (or read from the snapshot) on the first search. */
  text: SearchText | null;
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
  /** Ranks read from a snapshot as whole numbers, widened to `ranks` when a column is first sorted. */
  packedRanks?: Map<string, Uint32Array>;
  /** A snapshot's ranks and ascending order of each column, read on the column's first sort. */
  snapshotSorted?: Map<string, SnapshotSorted>;
  /** Loads the search text from somewhere cheaper than the rows (a snapshot), when there is one. */
  loadText?: () => SearchText | null;
}

/**
 * Lowercased searchable text of every row (shared/filters/search rule), joined into one string
 * with a separator no term can hold; `offsets[i]` is where row i starts. One native indexOf
 * sweep per term finds the matching rows far faster than a test per row.
 */
export interface SearchText {
  haystack: string;
  offsets: Uint32Array;
  /** How often each UTF-16 code unit occurs in the haystack (to anchor searches on a rare one). */
  charFreq: Uint32Array;
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

/** Told of memory an entry gains after it was stored (the sheet cache, so its budget holds). */
export interface EntryMemory {
  grow(entry: CachedSheet, bytes: number): void;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** Ends each row's text in the haystack: no term holds it, so no match spans two rows. */
export const ROW_SEPARATOR = '\u0001';
const MAX_MASKS = 32;
const MAX_FILTER_MASKS = 16;

/** A row's text as the haystack holds it. */
export function rowText(row: Row, columns: readonly string[]): string {
  return rowSearchText(row, columns) + ROW_SEPARATOR;
}

/** A new entry for loaded rows: ranks, sort orders, masks and the search text on first use. */
export function indexSheet(sheetId: string, version: number, loaded: SheetRows): CachedSheet {
  const store = loaded.store ?? ColumnStore.fromRows(loaded.columns, loaded.rows);
  return entryOf(sheetId, version, loaded.columns, store, loaded.ids, loaded.versions);
}

/** A new entry over rows already in a column store (a snapshot read back). */
export function entryOf(sheetId: string, version: number, columns: string[], store: ColumnStore, ids?: number[], versions?: number[]): CachedSheet {
  const n = store.length;
  const entry: CachedSheet = {
    sheetId,
    version,
    columns,
    store,
    ids: ids ?? [],
    versions: versions ?? [],
    text: null,
    bytes: 1024 + store.bytes + n * 16,
    sorted: new Map(),
    ranks: new Map(),
    masks: new Map(),
    filterMasks: new Map(),
    filterKeeps: new Map(),
  };
  // Without them, rows are 0..n-1 at version 1: the arrays are built when first used (a write),
  // not for a first page of a million rows (see idOf, versionOf).
  if (!ids) builtOnUse(entry, 'ids', () => sequence(n));
  if (!versions) builtOnUse(entry, 'versions', () => new Array<number>(n).fill(1));
  return entry;
}

/** Entries whose `ids` / `versions` are not built yet (still 0..n-1 and all 1). */
const unbuilt = new WeakMap<CachedSheet, Set<'ids' | 'versions'>>();

function builtOnUse(entry: CachedSheet, key: 'ids' | 'versions', build: () => number[]): void {
  const pending = unbuilt.get(entry) ?? new Set();
  pending.add(key);
  unbuilt.set(entry, pending);
  Object.defineProperty(entry, key, {
    configurable: true,
    enumerable: true,
    get: () => {
      const value = build();
      pending.delete(key);
      Object.defineProperty(entry, key, { value, writable: true, enumerable: true, configurable: true });
      return value;
    },
    set: (value: number[]) => {
      pending.delete(key);
      Object.defineProperty(entry, key, { value, writable: true, enumerable: true, configurable: true });
    },
  });
}

/** Row i's stable id (`_id`), without building the array when the rows are still 0..n-1. */
export function idOf(sheet: CachedSheet, i: number): number {
  return unbuilt.get(sheet)?.has('ids') ? i : sheet.ids[i]!;
}

/** Row i's version (`_version`), likewise. */
export function versionOf(sheet: CachedSheet, i: number): number {
  return unbuilt.get(sheet)?.has('versions') ? 1 : sheet.versions[i]!;
}

/** 0..n-1 as a plain array (a loop: Array.from walks an iterator, many times slower on a million). */
export function sequence(n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Row i's search text as the haystack holds it, read from the columns (no row object). */
export function storeRowText(store: ColumnStore, columns: readonly string[], i: number, lowered: Map<unknown, string>[]): string {
  let out = '';
  for (let c = 0; c < columns.length; c++) {
    const col = store.column(columns[c]!);
    if (!col) continue;
    const tag = col.tags[i];
    if (tag === Tag.Missing || tag === Tag.Null) continue;
    if (tag === Tag.Text) {
      const code = col.codes[i]!;
      const memo = lowered[c]!;
      let t = memo.get(code);
      if (t === undefined) {
        const v = col.dict.value(code);
        t = v === '' ? '' : v.toLowerCase() + '\u0000';
        memo.set(code, t);
      }
      out += t;
    } else out += rowSearchText({ v: store.get(i, columns[c]!) }, ['v']);
  }
  return out + ROW_SEPARATOR;
}

/** Builds the search text of every row (or takes it from the snapshot) and keeps it on the entry. */
export function searchTextOf(sheet: CachedSheet, cache?: EntryMemory): SearchText {
  if (sheet.text) return sheet.text;
  let text = sheet.loadText?.() ?? null;
  if (!text) {
    const n = sheet.store.length;
    const parts = new Array<string>(n);
    const offsets = new Uint32Array(n + 1);
    // Distinct values are lowered once (cities, categories): a column of few values costs little.
    const lowered = sheet.columns.map(() => new Map<unknown, string>());
    let at = 0;
    for (let i = 0; i < n; i++) {
      const t = storeRowText(sheet.store, sheet.columns, i, lowered);
      parts[i] = t;
      offsets[i] = at;
      at += t.length;
      if ((i & 0xffff) === 0xffff) for (const m of lowered) if (m.size > 4096) m.clear();
    }
    offsets[n] = at;
    const haystack = parts.join('');
    const charFreq = new Uint32Array(65536);
    for (let i = 0; i < haystack.length; i++) charFreq[haystack.charCodeAt(i)]!++;
    text = { haystack, offsets, charFreq };
  }
  sheet.text = text;
  sheet.loadText = undefined;
  cache?.grow(sheet, text.haystack.length * 2 + text.offsets.byteLength + text.charFreq.byteLength);
  return text;
}

export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

/**
 * Same order as ranksOf: numbers, then booleans, then text (collator); callers handle empties.
 * Patches place a written row by it without rebuilding the ranks.
 */
export function compareValues(a: unknown, b: unknown): number {
  const ka = typeof a === 'number' ? 0 : typeof a === 'boolean' ? 1 : 2;
  const kb = typeof b === 'number' ? 0 : typeof b === 'boolean' ? 1 : 2;
  if (ka !== kb) return ka - kb;
  if (ka === 0) return (a as number) - (b as number);
  if (ka === 1) return Number(a) - Number(b);
  const ta = typeof a === 'string' ? a : JSON.stringify(a);
  const tb = typeof b === 'string' ? b : JSON.stringify(b);
  return collator.compare(ta, tb);
}

/**
 * Sort rank of every row for a column: numbers numerically, then booleans, then text by a locale
 * collator (numeric aware: "item 9" < "item 10"); empty cells +Infinity. Text is ranked through
 * its distinct values, so the collator runs once per value, not per comparison of rows.
 */
/** The largest packed rank stands for an empty cell. */
const PACKED_EMPTY = 0xffffffff;

/** A snapshot's sort data of one column, each part read when first needed. */
export interface SnapshotSorted {
  rank: () => Uint32Array;
  asc: () => Uint32Array;
  desc: () => Uint32Array;
}

/** Reads a column's order in one direction from the snapshot, when it has it and it is not read yet. */
function takeSnapshotOrder(sheet: CachedSheet, column: string, dir: 'asc' | 'desc'): void {
  const read = sheet.snapshotSorted?.get(column);
  const key = `${column}\u0000${dir}`;
  if (read && !sheet.sorted.has(key)) sheet.sorted.set(key, read[dir]());
}

/** Reads a column's ranks (and both orders, which writes keep in step with them) from the snapshot. */
function takeSnapshotSorted(sheet: CachedSheet, column: string): void {
  const read = sheet.snapshotSorted?.get(column);
  if (!read) return;
  takeSnapshotOrder(sheet, column, 'asc');
  takeSnapshotOrder(sheet, column, 'desc');
  sheet.snapshotSorted!.delete(column);
  (sheet.packedRanks ??= new Map()).set(column, read.rank());
}

/** A packed column's ranks as floats (patches put new rows between two ranks). */
function unpack(sheet: CachedSheet, column: string, cache?: EntryMemory): Float64Array | undefined {
  takeSnapshotSorted(sheet, column);
  const packed = sheet.packedRanks?.get(column);
  if (!packed) return undefined;
  const rank = new Float64Array(packed.length);
  for (let i = 0; i < packed.length; i++) rank[i] = packed[i] === PACKED_EMPTY ? Number.POSITIVE_INFINITY : packed[i]!;
  sheet.packedRanks!.delete(column);
  sheet.ranks.set(column, rank);
  if (cache) cache.grow(sheet, rank.byteLength - packed.byteLength);
  else sheet.bytes += rank.byteLength - packed.byteLength;
  return rank;
}

/** Widens every packed column (before a write is applied: it keeps ranks and orders in step). */
export function unpackRanks(sheet: CachedSheet): void {
  for (const column of [...(sheet.snapshotSorted?.keys() ?? [])]) takeSnapshotSorted(sheet, column);
  if (!sheet.packedRanks) return;
  for (const column of [...sheet.packedRanks.keys()]) unpack(sheet, column);
}

/** Ranks as whole numbers, empties the largest (a snapshot's form); fresh ranks are whole. */
export function packRanks(rank: Float64Array): Uint32Array {
  const out = new Uint32Array(rank.length);
  for (let i = 0; i < rank.length; i++) out[i] = rank[i] === Number.POSITIVE_INFINITY ? PACKED_EMPTY : rank[i]!;
  return out;
}

function ranksOf(sheet: CachedSheet, column: string, cache?: EntryMemory): Float64Array {
  const hit = sheet.ranks.get(column) ?? unpack(sheet, column, cache);
  if (hit) return hit;
  const rank = computeRanks(sheet.store, column);
  sheet.ranks.set(column, rank);
  cache?.grow(sheet, rank.byteLength);
  return rank;
}

/**
 * Ranks of a column read from its arrays: numbers through their distinct values, text through
 * the dictionary codes the rows use (each distinct text is compared, not each row).
 */
export function computeRanks(store: ColumnStore, column: string): Float64Array {
  const n = store.length;
  const rank = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const col = store.column(column);
  if (!col) return rank;
  const { tags, nums, codes, dict } = col;
  const numbers: number[] = [];
  const used = new Uint8Array(dict.size);
  for (let i = 0; i < n; i++) {
    const t = tags[i];
    if (t === Tag.Number) numbers.push(nums[i]!);
    else if (t === Tag.Text || t === Tag.Json) used[codes[i]!] = 1;
  }
  const numRank = new Map<number, number>();
  Float64Array.from(new Set(numbers))
    .sort()
    .forEach((v, i) => numRank.set(v, i));
  const base = numRank.size + 2;
  // Values the collator calls equal ('Apple', 'apple') share a rank, so they tie and keep sheet order.
  const textCodes: number[] = [];
  for (let c = 0; c < used.length; c++) if (used[c] === 1 && dict.value(c) !== '') textCodes.push(c);
  textCodes.sort((a, b) => collator.compare(dict.value(a), dict.value(b)));
  const codeRank = new Float64Array(dict.size).fill(Number.POSITIVE_INFINITY);
  let r = base - 1;
  let prev: string | null = null;
  for (const c of textCodes) {
    const t = dict.value(c);
    if (prev === null || collator.compare(prev, t) !== 0) r++;
    codeRank[c] = r;
    prev = t;
  }
  for (let i = 0; i < n; i++) {
    const t = tags[i];
    if (t === Tag.Number) rank[i] = numRank.get(nums[i]!)!;
    else if (t === Tag.True) rank[i] = numRank.size + 1;
    else if (t === Tag.False) rank[i] = numRank.size;
    else if (t === Tag.Text || t === Tag.Json) rank[i] = codeRank[codes[i]!]!;
  }
  return rank;
}

/** Row order for a column and direction; empty cells last either way; ties keep sheet order. */
export function sortOrder(sheet: CachedSheet, column: string, dir: 'asc' | 'desc', cache?: EntryMemory): Uint32Array {
  const key = `${column}\u0000${dir}`;
  takeSnapshotOrder(sheet, column, dir);
  const hit = sheet.sorted.get(key);
  if (hit) return hit;
  const n = sheet.store.length;
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

/** How many rows a mask keeps. */
function countOnes(mask: Uint8Array): number {
  // Four bytes (each 0 or 1) at a time: their sum is the sum of the word's bytes.
  const words = mask.byteOffset % 4 === 0 ? mask.length >> 2 : 0;
  const w = new Uint32Array(mask.buffer, mask.byteOffset, words);
  let c = 0;
  for (let k = 0; k < words; k++) {
    const x = w[k]!;
    c += (x & 0xff) + ((x >>> 8) & 0xff) + ((x >>> 16) & 0xff) + (x >>> 24);
  }
  for (let i = words * 4; i < mask.length; i++) c += mask[i]!;
  return c;
}

/** `into` &= `other`, four bytes at a time. */
function andInto(into: Uint8Array, other: Uint8Array): void {
  const words = into.byteOffset % 4 === 0 && other.byteOffset % 4 === 0 ? into.length >> 2 : 0;
  const a = new Uint32Array(into.buffer, into.byteOffset, words);
  const b = new Uint32Array(other.buffer, other.byteOffset, words);
  for (let k = 0; k < words; k++) a[k] = a[k]! & b[k]!;
  for (let i = words * 4; i < into.length; i++) into[i] = into[i]! & other[i]!;
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
function termMask(sheet: CachedSheet, term: string, cache?: EntryMemory): Uint8Array {
  const hit = sheet.masks.get(term);
  if (hit) {
    // Map order is the LRU order: move to the back.
    sheet.masks.delete(term);
    sheet.masks.set(term, hit);
    return hit;
  }
  const mask = new Uint8Array(sheet.store.length);
  const { haystack, offsets, charFreq } = searchTextOf(sheet, cache);
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
function searchMask(sheet: CachedSheet, terms: string[], cache?: EntryMemory): Uint8Array {
  const unique = [...new Set(terms)];
  if (unique.length === 1) return termMask(sheet, unique[0]!, cache);
  const out = new Uint8Array(sheet.store.length);
  for (const term of unique) {
    const m = termMask(sheet, term, cache);
    for (let i = 0; i < out.length; i++) if (m[i] === 1) out[i] = 1;
  }
  return out;
}

/** A cached filter mask (moved to the back: the map's order is the LRU order), or undefined. */
function cachedMask(sheet: CachedSheet, key: string): Uint8Array | undefined {
  const hit = sheet.filterMasks.get(key);
  if (hit) {
    sheet.filterMasks.delete(key);
    sheet.filterMasks.set(key, hit);
  }
  return hit;
}

/** Keeps a filter mask and the predicate a written row's bit is recomputed with; a few per sheet. */
function keepMask(sheet: CachedSheet, key: string, mask: Uint8Array, keep: (row: Row) => boolean, cache?: EntryMemory): Uint8Array {
  sheet.filterMasks.set(key, mask);
  sheet.filterKeeps.set(key, keep);
  if (sheet.filterMasks.size > MAX_FILTER_MASKS) {
    const oldest = sheet.filterMasks.keys().next().value as string;
    sheet.filterMasks.delete(oldest);
    sheet.filterKeeps.delete(oldest);
  } else cache?.grow(sheet, mask.length);
  return mask;
}

/**
 * Rows the compiled board filters keep, cached per sheet under `key` (which must name everything
 * the predicate depends on: the filters, the user's e-mail, today's date), a few per sheet.
 */
export function filterMask(sheet: CachedSheet, key: string, keep: (row: Row) => boolean, cache?: EntryMemory, reads?: readonly string[]): Uint8Array {
  const hit = cachedMask(sheet, key);
  if (hit) return hit;
  const mask = new Uint8Array(sheet.store.length);
  // A predicate that says which columns it reads gets one reused object holding just those.
  const row = reads ? sheet.store.reader(reads) : (i: number) => sheet.store.row(i);
  for (let i = 0; i < mask.length; i++) if (keep(row(i))) mask[i] = 1;
  return keepMask(sheet, key, mask, keep, cache);
}

/**
 * Rows whose value in `column` passes `test` (a row without the column never does), cached like
 * filterMask. Read straight from the column: numbers as they are, and text through its
 * dictionary, each distinct value tested once (a city filter tests 20 names, not a million rows).
 */
export function columnFilterMask(sheet: CachedSheet, key: string, column: string, test: (value: unknown) => boolean, cache?: EntryMemory): Uint8Array {
  const hit = cachedMask(sheet, key);
  if (hit) return hit;
  const n = sheet.store.length;
  const mask = new Uint8Array(n);
  const col = sheet.store.column(column);
  if (col) {
    const { tags, nums, codes, dict } = col;
    // Per dictionary code: 0 not tested yet, 1 kept, 2 dropped.
    const seen = new Uint8Array(dict.size);
    for (let i = 0; i < n; i++) {
      const tag = tags[i];
      if (tag === Tag.Text) {
        const code = codes[i]!;
        let verdict = seen[code]!;
        if (verdict === 0) {
          verdict = test(dict.value(code)) ? 1 : 2;
          seen[code] = verdict;
        }
        if (verdict === 1) mask[i] = 1;
      } else if (tag === Tag.Number) {
        if (test(nums[i])) mask[i] = 1;
      } else if (tag !== Tag.Missing && test(cell(col, i))) mask[i] = 1;
    }
  }
  return keepMask(sheet, key, mask, (row) => Object.hasOwn(row, column) && test(row[column]), cache);
}

/**
 * Rows every one of several filters keeps: the AND of their own masks (each cached on its own, so
 * a new combination of filters seen before costs one pass over bytes), cached under `key`.
 */
export function allOfMasks(sheet: CachedSheet, key: string, parts: () => Uint8Array[], keep: (row: Row) => boolean, cache?: EntryMemory): Uint8Array {
  const hit = cachedMask(sheet, key);
  if (hit) return hit;
  const [first, ...rest] = parts();
  const mask = first ? first.slice() : new Uint8Array(sheet.store.length).fill(1);
  for (const m of rest) andInto(mask, m);
  return keepMask(sheet, key, mask, keep, cache);
}

export function querySheet(sheet: CachedSheet, opts: SheetQueryOptions, cache?: EntryMemory): { rows: Row[]; total: number } {
  const n = sheet.store.length;
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
    const only = within ? null : mask && filter ? null : (mask ?? filter);
    if (only) {
      // One mask decides: the total is its count, and the walk in sort order stops at the page's
      // end (a filter keeping 2% of a million rows finds a first page in a few thousand steps).
      total = countOnes(only);
      let seen = 0;
      for (let k = 0; k < n && seen < end; k++) {
        const i = order ? order[k]! : k;
        if (only[i] === 0) continue;
        if (seen >= offset) picked.push(i);
        seen++;
      }
    } else {
      for (let k = 0; k < n; k++) {
        const i = order ? order[k]! : k;
        if (filter && filter[i] === 0) continue;
        if (mask && mask[i] === 0) continue;
        if (within && !matchesSearch(rowSearchText(sheet.store.row(i), within), terms)) continue;
        if (total >= offset && total < end) picked.push(i);
        total++;
      }
    }
  }
  const fields = opts.fields;
  // `_id` and `_version` are not columns: never searched or sorted, always on the wire (after
  // the values, so a column of the same name cannot hide them).
  const rows = picked.map((i) => {
    if (!fields) return { ...sheet.store.row(i), _id: String(idOf(sheet, i)), _version: versionOf(sheet, i) };
    const out: Row = Object.create(null);
    for (const f of fields) out[f] = sheet.store.get(i, f) ?? '';
    out._id = String(idOf(sheet, i));
    out._version = versionOf(sheet, i);
    return out;
  });
  return { rows, total };
}
