import { describe, expect, it } from 'vitest';
import { matchesSearch, rowSearchText, searchTerms } from './search';

describe('searchTerms', () => {
  it.each([
    ['', []],
    ['Paris', ['paris']],
    [' paris , LYON,, ', ['paris', 'lyon']],
    [',,', []],
  ])('%j → %j', (q, terms) => expect(searchTerms(q)).toEqual(terms));
});

describe('matchesSearch', () => {
  const text = rowSearchText({ city: 'Paris', total: 12.5, note: null }, ['city', 'total', 'note']);
  it('matches any term, case-insensitively', () => {
    expect(matchesSearch(text, searchTerms('lyon, PAR'))).toBe(true);
    expect(matchesSearch(text, searchTerms('12.5'))).toBe(true);
  });
  it('rejects when no term occurs', () => {
    expect(matchesSearch(text, searchTerms('lyon, berlin'))).toBe(false);
  });
  it('matches everything without terms', () => expect(matchesSearch(text, [])).toBe(true));
  it('does not match across cell boundaries', () => expect(matchesSearch(text, ['paris12'])).toBe(false));
});
