import { describe, expect, it } from 'vitest';
import { absoluteUrl, metaDescription, metaTags, pageTitle } from './page-meta';

describe('page meta', () => {
  it('titles a page after the product', () => {
    expect(pageTitle('Sales board')).toBe('Sales board · Sheetboard');
  });

  it('keeps a description on one line and at most 200 characters', () => {
    expect(metaDescription('  Track\n\nyour   sales  ')).toBe('Track your sales');
    const long = metaDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it.each([
    ['/api/uploads/abc', 'http://localhost:3000/api/uploads/abc'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['', null],
    [null, null],
  ])('absoluteUrl(%s) → %s', (src, url) => {
    expect(absoluteUrl(src, 'http://localhost:3000')).toBe(url);
  });

  it('sets the description and the Open Graph tags, the image only when there is one', () => {
    expect(metaTags({ title: 'Sales board', description: 'Track sales', image: 'http://x/a.png' })).toEqual([
      ['name', 'description', 'Track sales'],
      ['property', 'og:title', 'Sales board'],
      ['property', 'og:description', 'Track sales'],
      ['property', 'og:type', 'website'],
      ['property', 'og:image', 'http://x/a.png'],
    ]);
    expect(metaTags({ title: 'T', description: 'D' }).at(-1)).toEqual(['property', 'og:image', null]);
  });
});
