// The paged sheet query as the table, list, grid and data list drive it: whole queries to the
// renderer (it replaces, never merges), page numbers, the page size setting, and the browser's
// search for previews that hand the rows over whole. The hook around these is useSheetQuery.
import { matchesSearch, rowSearchText, searchTerms } from '../../shared/filters/search';
import type { BlockRecord } from '../../shared/settings/types';
import type { SheetQuery } from '../types';

type Row = Record<string, unknown>;

export const DEFAULT_ROWS_PER_PAGE = 10;

/** rows_per_page with the spec's fallback: empty (or not a positive number) means 10. */
export function rowsPerPage(config: BlockRecord): number {
  const n = config.rows_per_page;
  const v = typeof n === 'number' ? n : typeof n === 'string' && n.trim() !== '' ? Number(n) : NaN;
  return Number.isFinite(v) && v >= 1 ? Math.floor(v) : DEFAULT_ROWS_PER_PAGE;
}

/** Rows asked for at once when pagination is off (the renderer uses the same cap). */
export const UNPAGED_LIMIT = 1000;

/** The settings of a paged view's query controls (table, list). */
interface QueryControlSettings {
  paginate: boolean;
  show_pagination: boolean;
  show_search: boolean;
  show_sort: boolean;
}

/** A paged view's page size and which of its controls show: the pager, the search box, sorting. */
export function queryControlsOf(config: BlockRecord, settings: QueryControlSettings) {
  return {
    pageSize: settings.paginate ? rowsPerPage(config) : UNPAGED_LIMIT,
    showPagination: settings.paginate && settings.show_pagination,
    showSearch: settings.show_search,
    showSort: settings.show_sort,
  };
}

/** Page numbers for 'Page n of m' (at least one page). */
export function pageInfo(total: number, limit: number, offset: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page: Math.min(pages, Math.floor(offset / limit) + 1), pages };
}

/** A query with `changes` applied; cleared parts (undefined or '') are left out, not sent empty. */
export function nextQuery(query: SheetQuery, changes: SheetQuery): SheetQuery {
  const next: SheetQuery = { ...query, ...changes };
  for (const k of Object.keys(next) as (keyof SheetQuery)[]) if (next[k] === undefined || next[k] === '') delete next[k];
  return next;
}

/** Whether a query already holds every part the view pins (an undefined part must be absent). */
export function holds(query: SheetQuery | undefined, pinned: SheetQuery): boolean {
  return (Object.keys(pinned) as (keyof SheetQuery)[]).every((k) => query?.[k] === pinned[k]);
}

/** The rows of a search in the browser, with the server's rules (any term, any listed column). */
export function searchRows<R extends Row>(rows: R[], columns: string[], q: string | undefined): R[] {
  const terms = searchTerms(q);
  if (!terms.length) return rows;
  const cols = columns.length ? columns : Object.keys(rows[0] ?? {});
  return rows.filter((r) => matchesSearch(rowSearchText(r, cols), terms));
}
