import { describe, expect, it } from 'vitest';
import { headTags } from './head';

const values = (h: Parameters<typeof headTags>[0]) => Object.fromEntries(headTags(h).map((t) => [t.selector, t.value]));

describe('the blog’s head tags', () => {
  it('describes a post, with its canonical address and no robots tag', () => {
    const v = values({ title: 'Pivot tables', description: '  Sum   a column\nby another ', image: 'https://x.test/c.png', canonical: 'https://x.test/blog/pivot', type: 'article' });
    expect(v['meta[name="description"]']).toBe('Sum a column by another');
    expect(v['meta[property="og:type"]']).toBe('article');
    expect(v['meta[property="og:image"]']).toBe('https://x.test/c.png');
    expect(v['link[rel="canonical"]']).toBe('https://x.test/blog/pivot');
    expect(v['meta[name="robots"]']).toBeNull();
  });

  it('keeps previews out of search engines', () => {
    const v = values({ title: 'Draft', description: '', noindex: true });
    expect(v['meta[name="robots"]']).toBe('noindex, nofollow');
    expect(v['link[rel="canonical"]']).toBeNull();
    expect(v['meta[property="og:image"]']).toBeNull();
  });
});
