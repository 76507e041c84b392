// The data editor's rows, kept by page (PAGE_SIZE rows fetched by offset) so a sheet of a million
// rows scrolls with only the pages near the view in memory. Pure: the grid asks which pages it
// lacks, fetches them and puts them back; a new search, sort or filter starts a new generation, so
// an answer to an old question is dropped. A write marks the pages stale: they keep showing until
// their fresh copy arrives (no flash), and rows shift after an add or a delete.

export const PAGE_SIZE = 200;
/** Pages kept at most (40 × 200 = 8,000 rows); the farthest from the one just loaded go first. */
export const MAX_PAGES = 40;

export type CacheRow = Record<string, unknown> & { _id: string; _version: number };

interface Page {
  rows: CacheRow[];
  stale: boolean;
}

export class PageCache {
  private pages = new Map<number, Page>();
  private loading = new Set<number>();
  /** Rows that match the current question; null until the first page answers. */
  total: number | null = null;
  columns: string[] = [];
  generation = 0;

  constructor(
    readonly pageSize = PAGE_SIZE,
    readonly maxPages = MAX_PAGES,
  ) {}

  pageOf(rowIndex: number): number {
    return Math.floor(rowIndex / this.pageSize);
  }

  /** The row at an index, or undefined while its page is not loaded. */
  row(rowIndex: number): CacheRow | undefined {
    return this.pages.get(this.pageOf(rowIndex))?.rows[rowIndex % this.pageSize];
  }

  /** Pages the rows `first..last` (inclusive) need that are absent or stale and not on their way. */
  missing(first: number, last: number): number[] {
    if (last < first) return [];
    const out: number[] = [];
    for (let p = this.pageOf(Math.max(0, first)); p <= this.pageOf(last); p++) {
      const page = this.pages.get(p);
      if ((!page || page.stale) && !this.loading.has(p)) out.push(p);
    }
    return out;
  }

  /** Marks a page as being fetched; returns the generation its answer must carry. */
  start(page: number): number {
    this.loading.add(page);
    return this.generation;
  }

  /** A fetched page. Ignored (false) when the question changed since it was asked. */
  put(page: number, generation: number, rows: CacheRow[], total: number, columns?: string[]): boolean {
    if (generation !== this.generation) return false;
    this.loading.delete(page);
    this.pages.set(page, { rows, stale: false });
    this.total = total;
    if (columns) this.columns = columns;
    this.evict(page);
    return true;
  }

  /** A failed fetch: the page may be asked again. */
  fail(page: number, generation: number): void {
    if (generation === this.generation) this.loading.delete(page);
  }

  private evict(keep: number): void {
    if (this.pages.size <= this.maxPages) return;
    const far = [...this.pages.keys()].sort((a, b) => Math.abs(b - keep) - Math.abs(a - keep));
    for (const p of far) {
      if (this.pages.size <= this.maxPages) break;
      if (p !== keep) this.pages.delete(p);
    }
  }

  /** A new question (search, sort, filter, sheet): everything goes. */
  reset(): void {
    this.generation++;
    this.pages.clear();
    this.loading.clear();
    this.total = null;
  }

  /** After a write: every page is fetched again when seen, and shown as it was meanwhile. */
  invalidate(): void {
    this.generation++;
    this.loading.clear();
    for (const page of this.pages.values()) page.stale = true;
  }

  /** Puts a row's new copy (an edit's answer) wherever it is loaded; false when it is not. */
  replace(row: CacheRow): boolean {
    let found = false;
    for (const page of this.pages.values()) {
      const i = page.rows.findIndex((r) => r._id === row._id);
      if (i >= 0) {
        page.rows[i] = row;
        found = true;
      }
    }
    return found;
  }

  /** Where a loaded row is (its index among all rows), or -1. */
  indexOf(id: string): number {
    for (const [p, page] of this.pages) {
      const i = page.rows.findIndex((r) => r._id === id);
      if (i >= 0) return p * this.pageSize + i;
    }
    return -1;
  }

  /** Loaded rows, for the options of a choice column. */
  *loadedRows(): Generator<CacheRow> {
    for (const page of this.pages.values()) yield* page.rows;
  }

  get loadedPages(): number[] {
    return [...this.pages.keys()].sort((a, b) => a - b);
  }
}

/**
 * Browsers cap an element's height (about 17 million px in Firefox, 33 million in Chrome), and a
 * million rows of 32 px is past both. The grid's scrolling area is at most `max` px tall, and a
 * scroll position stands for `scale` times as many pixels of rows: 1 below the cap. Worked out so
 * that the bottom of the area shows the last row.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;
export function scrollScale(totalSize: number, viewport: number, max = MAX_SCROLL_HEIGHT): number {
  if (totalSize <= max || max <= viewport) return 1;
  return (totalSize - viewport) / (max - viewport);
}
