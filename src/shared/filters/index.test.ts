import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as filters from './index';

// The engine runs on the server and in the browser: it may import only this folder and zod.
describe('src/shared/filters stays pure', () => {
  const dir = __dirname;
  const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  it.each(sources.map((f) => [f]))('%s imports only ./ and zod, and no DOM or Node globals', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const specifiers = [...text.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
    for (const s of specifiers) expect(s === 'zod' || s!.startsWith('./')).toBe(true);
    expect(text).not.toMatch(/\b(window|document|process|Buffer|require)\b[.(]/);
  });

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
