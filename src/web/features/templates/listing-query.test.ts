import { describe, expect, it } from 'vitest';
import { TEMPLATE_LIMITS } from '../../../shared/rules/templates';
import {
  backLink,
  changeState,
  clearedFilters,
  countLabel,
  DEFAULT_LISTING,
  filterChips,
  isFiltered,
  pageCount,
  paramsFromState,
  queryOf,
  replacesHistory,
  stateFromParams,
  visibleTags,
  type ListingState,
} from './listing-query';

const state = (patch: Partial<ListingState> = {}): ListingState => ({ ...DEFAULT_LISTING, ...patch });
const fromSearch = (search: string) => stateFromParams(new URLSearchParams(search));

describe('the address ↔ the listing state', () => {
  it.each<[string, ListingState]>([
    ['', DEFAULT_LISTING],
    ['q=crm', state({ q: 'crm' })],
    ['q=%20%20sales%20board%20', state({ q: 'sales board' })],
    ['category=sales-crm&price=paid&sort=price_low&page=3', state({ category: 'sales-crm', price: 'paid', sort: 'price_low', page: 3 })],
    ['category=nope', DEFAULT_LISTING],
    ['price=cheap', DEFAULT_LISTING],
    ['sort=random', DEFAULT_LISTING],
    ['page=0', DEFAULT_LISTING],
    ['page=-2', DEFAULT_LISTING],
    ['page=abc', DEFAULT_LISTING],
    ['page=2.7', state({ page: 2 })],
    ['page=1000001', DEFAULT_LISTING],
  ])('?%s', (search, expected) => {
    expect(fromSearch(search)).toEqual(expected);
  });

  it('cuts a search longer than the server takes', () => {
    expect(fromSearch(`q=${'a'.repeat(500)}`).q).toHaveLength(TEMPLATE_LIMITS.searchMax);
  });

  it.each<[ListingState, string]>([
    [DEFAULT_LISTING, ''],
    [state({ q: '  crm ' }), 'q=crm'],
    [state({ category: 'other', price: 'free' }), 'category=other&price=free'],
    [state({ sort: 'title', page: 2 }), 'sort=title&page=2'],
  ])('%j → ?%s (defaults left out)', (s, search) => {
    expect(paramsFromState(s).toString()).toBe(search);
  });

  it.each([
    state({ q: 'invoice tracker', category: 'finance-accounting', price: 'paid', sort: 'oldest', page: 4 }),
    state({ q: 'a&b=c?#', page: 2 }),
    DEFAULT_LISTING,
  ])('round trip %j', (s) => {
    expect(stateFromParams(paramsFromState(s))).toEqual(s);
  });
});

describe('changing the listing', () => {
  it.each<[Partial<ListingState>, number]>([
    [{ q: 'crm' }, 1],
    [{ category: 'other' }, 1],
    [{ price: 'free' }, 1],
    [{ sort: 'title' }, 1],
    [{ page: 5 }, 5],
    // Picking what is already chosen keeps the page.
    [{ price: 'all' }, 3],
  ])('%j from page 3 → page %d', (patch, page) => {
    expect(changeState(state({ page: 3 }), patch).page).toBe(page);
  });

  it('keeps the other fields', () => {
    expect(changeState(state({ q: 'crm', sort: 'title', page: 2 }), { price: 'paid' })).toEqual(state({ q: 'crm', sort: 'title', price: 'paid', page: 1 }));
  });

  it.each<[ListingState, ListingState, boolean]>([
    [state({ q: 'cr' }), state({ q: 'crm' }), true],
    [state(), state({ q: 'crm' }), false],
    [state({ q: 'crm' }), state(), false],
    [state({ q: 'crm' }), state({ q: 'crm', price: 'free' }), false],
    [state({ q: 'crm', page: 2 }), state({ q: 'crm', page: 3 }), false],
  ])('replaces history from %j to %j: %s', (prev, next, replace) => {
    expect(replacesHistory(prev, next)).toBe(replace);
  });

  it('clearing the filters keeps the sort and starts at page 1', () => {
    expect(clearedFilters(state({ q: 'x', category: 'other', price: 'paid', sort: 'price_high', page: 4 }))).toEqual(state({ sort: 'price_high' }));
  });
});

describe('the query sent', () => {
  it('sends the kind of the path and leaves out an empty search and category', () => {
    expect(queryOf(DEFAULT_LISTING, 'multipage')).toEqual({ price: 'all', kind: 'multipage', sort: 'newest', page: 1 });
    expect(queryOf(state({ q: ' crm ', category: 'sales-crm', price: 'free', page: 2 }), 'all')).toEqual({ q: 'crm', category: 'sales-crm', price: 'free', kind: 'all', sort: 'newest', page: 2 });
  });
});

describe('filter chips', () => {
  it('shows none without filters (the sort is not a filter)', () => {
    expect(filterChips(state({ sort: 'title' }))).toEqual([]);
    expect(isFiltered(state({ sort: 'title', page: 3 }))).toBe(false);
  });

  it('names each active filter in words and says what removing it changes', () => {
    const chips = filterChips(state({ q: 'crm', category: 'hr-hiring-teams', price: 'paid' }));
    expect(chips.map((c) => c.label)).toEqual(['Search: “crm”', 'HR /Hiring & Teams', 'Paid only']);
    expect(chips.map((c) => c.remove)).toEqual([{ q: '' }, { category: null }, { price: 'all' }]);
    expect(filterChips(state({ price: 'free' }))[0]!.label).toBe('Free only');
  });

  it('removing a chip through changeState drops that filter only, back to page 1', () => {
    const s = state({ q: 'crm', price: 'paid', page: 2 });
    const [search] = filterChips(s);
    expect(changeState(s, search!.remove)).toEqual(state({ price: 'paid' }));
  });
});

describe('counts and tags', () => {
  it.each([
    [0, 24, 1],
    [1, 24, 1],
    [24, 24, 1],
    [25, 24, 2],
    [10_000, 24, 417],
  ])('%d templates, %d a page → %d pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it.each([
    [1, false, '1 template'],
    [24, false, '24 templates'],
    [10000, true, '10,000 templates found'],
  ])('%d (filtered: %s) → %s', (total, filtered, label) => {
    expect(countLabel(total, filtered)).toBe(label);
  });

  it('shows three tags and how many more', () => {
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('the template page’s back link', () => {
  it.each<[unknown, string, string]>([
    [{ listing: '/marketplace?q=crm&page=2' }, '/marketplace?q=crm&page=2', 'Back to the templates'],
    [{ listing: '/multipage-templates' }, '/multipage-templates', 'Back to the templates'],
    [{ listing: '/templates?price=free' }, '/templates?price=free', 'Back to the templates'],
    // Only a listing of this site: anything else falls back.
    [{ listing: 'https://evil.example/marketplace' }, '/marketplace', 'All templates'],
    [{ listing: '/templates/other-template' }, '/marketplace', 'All templates'],
    [{ listing: 42 }, '/marketplace', 'All templates'],
    [null, '/marketplace', 'All templates'],
    [undefined, '/marketplace', 'All templates'],
  ])('%j → %s', (state, to, label) => {
    expect(backLink(state)).toEqual({ to, label });
  });
});
