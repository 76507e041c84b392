// The marketplace listing's state lives in the address (?q=&category=&price=&sort=&page=), so a
// filtered listing can be shared and the back button walks back through it. These are the pure
// steps between the address and the query sent to GET /api/multipage/marketplace/templates.
// `kind` is not in the address: the path says it (/multipage-templates: multipage apps only).
import type { TemplateListQuery } from '../../../shared/api/templates';
import { categoryLabel, MARKETPLACE_CATEGORIES } from '../../../shared/rules/marketplace';
import {
  PRICE_FILTERS,
  TEMPLATE_LIMITS,
  TEMPLATE_SORT_LABELS,
  TEMPLATE_SORTS,
  type PriceFilter,
  type TemplateKindFilter,
  type TemplateSort,
} from '../../../shared/rules/templates';

/** The listing's state with every field filled in (defaults: no search, any category, all prices, newest first, page 1). */
export interface ListingState {
  q: string;
  category: string | null;
  price: PriceFilter;
  sort: TemplateSort;
  page: number;
}

export const DEFAULT_LISTING: ListingState = { q: '', category: null, price: 'all', sort: 'newest', page: 1 };

/** How long the search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 350;

export const PRICE_OPTIONS: { value: PriceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
];

export const SORT_OPTIONS = TEMPLATE_SORTS.map((value) => ({ value, label: TEMPLATE_SORT_LABELS[value] }));
export const CATEGORY_OPTIONS = MARKETPLACE_CATEGORIES.map((c) => ({ value: c.value as string, label: c.label as string }));

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null => (v !== null && (list as readonly string[]).includes(v) ? (v as T) : null);

/** The state an address holds; anything unknown or out of range falls back to its default (a hand-edited link never breaks the page). */
export function stateFromParams(params: URLSearchParams): ListingState {
  const page = Math.floor(Number(params.get('page')));
  return {
    q: (params.get('q') ?? '').trim().slice(0, TEMPLATE_LIMITS.searchMax),
    category: oneOf(
      CATEGORY_OPTIONS.map((c) => c.value),
      params.get('category'),
    ),
    price: oneOf(PRICE_FILTERS, params.get('price')) ?? 'all',
    sort: oneOf(TEMPLATE_SORTS, params.get('sort')) ?? 'newest',
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of a state: defaults left out, so the plain listing is just /marketplace. */
export function paramsFromState(s: ListingState): URLSearchParams {
  const p = new URLSearchParams();
  const q = s.q.trim();
  if (q) p.set('q', q);
  if (s.category) p.set('category', s.category);
  if (s.price !== 'all') p.set('price', s.price);
  if (s.sort !== 'newest') p.set('sort', s.sort);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

/** A change of the filters: any change but the page itself starts again at page 1. */
export function changeState(s: ListingState, patch: Partial<ListingState>): ListingState {
  const next = { ...s, ...patch };
  const filtersChanged = (['q', 'category', 'price', 'sort'] as const).some((k) => k in patch && patch[k] !== s[k]);
  if (filtersChanged && !('page' in patch)) next.page = 1;
  return next;
}

/**
 * Whether going from `prev` to `next` should replace the history entry instead of adding one:
 * refining a search already typed (each pause while typing would otherwise be a step of Back).
 */
export function replacesHistory(prev: ListingState, next: ListingState): boolean {
  return prev.q.trim() !== '' && next.q.trim() !== '' && prev.q.trim() !== next.q.trim() && prev.category === next.category && prev.price === next.price && prev.sort === next.sort;
}

/** The query sent to the server. */
export function queryOf(s: ListingState, kind: TemplateKindFilter): TemplateListQuery {
  return {
    ...(s.q.trim() ? { q: s.q.trim() } : {}),
    ...(s.category ? { category: s.category } : {}),
    price: s.price,
    kind,
    sort: s.sort,
    page: s.page,
  };
}

/** A search or a filter narrows the listing (the sort does not). */
export function isFiltered(s: ListingState): boolean {
  return s.q.trim() !== '' || s.category !== null || s.price !== 'all';
}

/** The state without its search and filters (the sort is kept). */
export function clearedFilters(s: ListingState): ListingState {
  return { ...DEFAULT_LISTING, sort: s.sort };
}

export interface FilterChip {
  key: 'q' | 'category' | 'price';
  label: string;
  /** What removing the chip changes. */
  remove: Partial<ListingState>;
}

/** The active filters as removable chips, in the order of the controls. */
export function filterChips(s: ListingState): FilterChip[] {
  const chips: FilterChip[] = [];
  if (s.q.trim()) chips.push({ key: 'q', label: `Search: “${s.q.trim()}”`, remove: { q: '' } });
  if (s.category) chips.push({ key: 'category', label: categoryLabel(s.category), remove: { category: null } });
  if (s.price !== 'all') chips.push({ key: 'price', label: s.price === 'free' ? 'Free only' : 'Paid only', remove: { price: 'all' } });
  return chips;
}

/** Pages of a listing (at least 1). */
export { pageCount } from '../../components/list-paging';

/** '1 template', '24 templates'; with a search or filter, 'found'. */
export function countLabel(total: number, filtered: boolean): string {
  const n = `${total.toLocaleString('en-US')} ${total === 1 ? 'template' : 'templates'}`;
  return filtered ? `${n} found` : n;
}

/** At most `max` tags of a card, and how many more there are. */
export function visibleTags(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** The listing pages: their path, heading, words and which kinds they list. */
export const LISTINGS = {
  marketplace: { path: '/marketplace', kind: 'all', title: 'Template marketplace', intro: 'Ready-made boards and apps for your spreadsheets. Preview any template live, then make it yours.' },
  templates: { path: '/templates', kind: 'all', title: 'Templates', intro: 'Ready-made boards and apps for your spreadsheets. Preview any template live, then make it yours.' },
  multipage: { path: '/multipage-templates', kind: 'multipage', title: 'Multipage app templates', intro: 'Complete apps with several pages, ready for your data. Preview any template live, then make it yours.' },
} as const satisfies Record<string, { path: string; kind: TemplateKindFilter; title: string; intro: string }>;
export type ListingName = keyof typeof LISTINGS;

/** What a card hands the template page (router state): the listing it came from, for its back link. */
export interface FromListing {
  listing: string;
}

/** Back to the listing the visitor came from (its search and page kept), else to all templates. */
export function backLink(state: unknown): { to: string; label: string } {
  const listing = (state as Partial<FromListing> | null)?.listing;
  if (typeof listing === 'string' && /^\/(marketplace|templates|multipage-templates)(\?|$)/.test(listing)) return { to: listing, label: 'Back to the templates' };
  return { to: '/marketplace', label: 'All templates' };
}
