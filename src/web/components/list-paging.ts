// The paging of the product's lists (admin areas, blog, marketplace): how many pages a total
// makes, and the words a screen reader says for the pager's arrow buttons.

/** Pages of a list (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Names of the page controls (read aloud; the buttons show arrows). */
export const PAGE_CONTROLS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** The page an address asks for (?page=): a whole number from 1, else 1. */
export function pageParam(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('page'))) || 1);
}

/** The address's parameters with some set (a string) or removed (null). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
