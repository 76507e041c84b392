// Per-process cache of parsed sheets, so search + sort + one page of a 100,000-row sheet answers
// in milliseconds. Rows stay in the database as the source of truth; an entry is keyed by sheet
// id and version, so any write (which bumps the version) makes the next request reload it.
import { matchesSearch, rowSearchText, searchTerms } from '../../../shared/filters/search';

export type Row = Record<string, unknown>;

export interface CachedSheet {
  sheetId: string;
  version: number;
  columns: string[];
  rows: Row[];
  /** Lowercased searchable text of each row (shared/filters/search rule). */
  search: string[];
  bytes: number;
  /** Sorted row orders by `${column}\u0000${dir}`, computed on first use. */
  sorted: Map<string, Uint32Array>;
  /** Recent search masks by normalised query (a typed-in search repeats while paging). */
  masks: Map<string, Uint8Array>;
}

export interface SheetQueryOptions {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
  fields?: string[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const MAX_MASKS = 16;

export class SheetCache {
  private entries = new Map<string, CachedSheet>();
  private loading = new Map<string, Promise<CachedSheet>>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  async get(sheetId: string, version: number, load: () => Promise<{ columns: string[]; rows: Row[] }>): Promise<CachedSheet> {
    const hit = this.entries.get(sheetId);
    if (hit && hit.version === version) {
      // Map order is the LRU order: move to the back.
      this.entries.delete(sheetId);
      this.entries.set(sheetId, hit);
      return hit;
    }
    const key = `${sheetId}@${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then(({ columns, rows }) => this.store(sheetId, version, columns, rows))
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
  }

  private store(sheetId: string, version: number, columns: string[], rows: Row[]): CachedSheet {
    const search = new Array<string>(rows.length);
    let bytes = 1024;
    for (let i = 0; i < rows.length; i++) {
      const text = rowSearchText(rows[i]!, columns);
      search[i] = text;
      // Rough: the row object (~ its text twice, UTF-16) plus the search text and object overhead.
      bytes += text.length * 4 + 64 + columns.length * 16;
    }
    const entry: CachedSheet = { sheetId, version, columns, rows, search, bytes, sorted: new Map(), masks: new Map() };
    this.invalidate(sheetId);
    this.entries.set(sheetId, entry);
    this.used += bytes;
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
 * Row order for a column: numbers numerically, then booleans, then text by a locale collator
 * (numeric aware: "item 9" < "item 10"); empty cells last in both directions; ties keep sheet order.
 */
export function sortOrder(sheet: CachedSheet, column: string, dir: 'asc' | 'desc', cache?: SheetCache): Uint32Array {
  const key = `${column}\u0000${dir}`;
  const hit = sheet.sorted.get(key);
  if (hit) return hit;
  const n = sheet.rows.length;
  const rank = new Float64Array(n);
  // Text is ranked through its distinct values, so the collator runs once per value, not per
  // comparison of rows (a category column of 100,000 rows has a handful of values).
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
  Array.from(texts.keys())
    .sort(collator.compare)
    .forEach((t, i) => texts.set(t, base + i));
  const sign = dir === 'desc' ? -1 : 1;
  for (let i = 0; i < n; i++) {
    const v = sheet.rows[i]![column];
    let r: number;
    if (isEmpty(v)) {
      rank[i] = Number.POSITIVE_INFINITY;
      continue;
    }
    if (typeof v === 'number') r = numRank.get(v)!;
    else if (typeof v === 'boolean') r = numRank.size + (v ? 1 : 0);
    else r = texts.get(typeof v === 'string' ? v : JSON.stringify(v))!;
    rank[i] = sign * r;
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => rank[a]! - rank[b]! || a - b);
  sheet.sorted.set(key, order);
  cache?.grow(sheet, n * 4);
  return order;
}

function searchMask(sheet: CachedSheet, terms: string[], cache?: SheetCache): Uint8Array {
  const key = terms.join('\u0000');
  const hit = sheet.masks.get(key);
  if (hit) {
    sheet.masks.delete(key);
    sheet.masks.set(key, hit);
    return hit;
  }
  const mask = new Uint8Array(sheet.rows.length);
  for (let i = 0; i < mask.length; i++) mask[i] = matchesSearch(sheet.search[i]!, terms) ? 1 : 0;
  sheet.masks.set(key, mask);
  if (sheet.masks.size > MAX_MASKS) {
    const oldest = sheet.masks.keys().next().value as string;
    sheet.masks.delete(oldest);
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
  if (terms.length === 0) {
    total = n;
    for (let k = offset; k < n && picked.length < limit; k++) picked.push(order ? order[k]! : k);
  } else {
    const mask = searchMask(sheet, terms, cache);
    const end = offset + limit;
    for (let k = 0; k < n; k++) {
      const i = order ? order[k]! : k;
      if (mask[i] === 0) continue;
      if (total >= offset && total < end) picked.push(i);
      total++;
    }
  }
  const fields = opts.fields;
  const rows = picked.map((i) => {
    const row = sheet.rows[i]!;
    if (!fields) return row;
    const out: Row = {};
    for (const f of fields) out[f] = row[f] ?? '';
    return out;
  });
  return { rows, total };
}
