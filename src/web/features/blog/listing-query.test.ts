import { describe, expect, it } from 'vitest';
import { changeState, clearedFilters, isFiltered, minutesLabel, pageCount, paramsFromState, queryOf, replacesHistory, stateFromParams } from './listing-query';

describe('the /blog listing in the address', () => {
  it('reads page, category, author and search, and writes them back', () => {
    const s = stateFromParams(new URLSearchParams('page=3&category=news&author=a1&q=pivot%20tables'));
    expect(s).toEqual({ page: 3, category: 'news', author: 'a1', q: 'pivot tables' });
    expect(paramsFromState(s).toString()).toBe('q=pivot+tables&category=news&author=a1&page=3');
    expect(queryOf(s)).toEqual({ page: 3, category: 'news', author: 'a1', q: 'pivot tables' });
    expect(isFiltered(s)).toBe(true);
  });

  it('falls back to page 1 on a bad page and leaves empty filters out', () => {
    for (const page of ['0', '-2', '1.5', 'abc', '100001', '']) expect(stateFromParams(new URLSearchParams({ page })).page).toBe(1);
    const s = stateFromParams(new URLSearchParams('q=%20%20'));
    expect(isFiltered(s)).toBe(false);
    expect(paramsFromState(s).toString()).toBe('');
    expect(queryOf(s)).toEqual({ page: 1 });
  });

  it('goes back to the first page when a filter changes, not when the page does', () => {
    const s = { page: 4, category: 'news', author: '', q: '' };
    expect(changeState(s, { author: 'a1' }).page).toBe(1);
    expect(changeState(s, { category: 'news' }).page).toBe(4);
    expect(changeState(s, { page: 2 })).toEqual({ ...s, page: 2 });
    expect(clearedFilters()).toEqual({ page: 1, category: '', author: '', q: '' });
  });

  it('replaces the history entry while typing only', () => {
    const s = clearedFilters();
    expect(replacesHistory(s, { ...s, q: 'a' })).toBe(true);
    expect(replacesHistory(s, { ...s, category: 'news' })).toBe(false);
    expect(replacesHistory(s, { ...s, page: 2 })).toBe(false);
  });

  it('counts pages and minutes', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(minutesLabel(0)).toBe('1 min read');
    expect(minutesLabel(7)).toBe('7 min read');
  });
});
