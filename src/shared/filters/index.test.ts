import { describe, expect, it } from 'vitest';
import * as filters from './index';

// What the engine may import (this folder and zod) is checked for all of src/shared by
// tests/unit/imports.test.ts.
describe('src/shared/filters index', () => {
  it('index exports the whole API', () => {
    for (const name of [
      'searchTerms', 'matchesSearch', 'rowSearchText',
      'parseDate', 'formatDisplayDate', 'formatDate', 'DATE_FORMATS',
      'filterSchema', 'filtersSchema', 'FILTER_CONDITIONS', 'matchesFilter', 'applyFilters', 'compileFilters',
      'parseUrlFilters', 'serializeUrlFilters', 'urlFiltersToActive', 'mergeUrlFilters',
    ]) {
      expect(typeof (filters as Record<string, unknown>)[name], name).not.toBe('undefined');
    }
  });
});
