// The /blog listing's state in the address (page, category slug, author id, search), so a link
// reproduces the view and Back walks back through it.
import { BLOG_LIMITS } from '../../../shared/rules/blog';

export interface BlogListingState {
  page: number;
  category: string;
  author: string;
  q: string;
}

/** What GET /api/blog/posts is asked (empty filters left out). */
export interface BlogListingQuery {
  page: number;
  category?: string;
  author?: string;
  q?: string;
}

export const SEARCH_DEBOUNCE_MS = 350;
export const SEARCH_MAX = 200;

export function stateFromParams(params: URLSearchParams): BlogListingState {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    category: (params.get('category') ?? '').trim().slice(0, BLOG_LIMITS.slug),
    author: (params.get('author') ?? '').trim().slice(0, 32),
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
  };
}

export function paramsFromState(s: BlogListingState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.category) p.set('category', s.category);
  if (s.author) p.set('author', s.author);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

export function queryOf(s: BlogListingState): BlogListingQuery {
  const q: BlogListingQuery = { page: s.page };
  if (s.category) q.category = s.category;
  if (s.author) q.author = s.author;
  if (s.q.trim()) q.q = s.q.trim();
  return q;
}

export function isFiltered(s: BlogListingState): boolean {
  return !!(s.category || s.author || s.q.trim());
}

/** A filter changed: back to the first page. Only the page keeps the others. */
export function changeState(s: BlogListingState, patch: Partial<BlogListingState>): BlogListingState {
  const filterChanged = (['category', 'author', 'q'] as const).some((k) => k in patch && patch[k] !== s[k]);
  return { ...s, ...patch, page: filterChanged ? 1 : (patch.page ?? s.page) };
}

export function clearedFilters(): BlogListingState {
  return { page: 1, category: '', author: '', q: '' };
}

/** Typing in the search box replaces the history entry; other changes add one (Back undoes them). */
export function replacesHistory(before: BlogListingState, after: BlogListingState): boolean {
  return before.q !== after.q && before.category === after.category && before.author === after.author;
}

/** Pages of a listing (at least 1). */
export { pageCount } from '../../components/list-paging';

export function minutesLabel(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`;
}
