import { describe, expect, it } from 'vitest';
import { BlogPostPageResponse, BlogPostsResponse } from '../../../shared/api/blog';
import { BLOG_DATA_ID, bootDataFits, captureBlogData, parseBootPayload, takeBlogData } from './boot-data';

const card = {
  slug: 'hello-world',
  title: 'Hello world',
  excerpt: 'First post',
  cover_image: '/api/blog/media/abc',
  author: { id: 'a1', name: 'Ada', avatar: null },
  category: { name: 'News', slug: 'news' },
  tags: ['intro'],
  published_at: '2026-11-20T10:00:00.000Z',
  reading_minutes: 3,
};
const listing = { posts: [card], total: 1, page: 1, page_size: 12 };
const postPage = {
  post: { ...card, content: '<p>Hi</p>', author: { id: 'a1', name: 'Ada', avatar: null, bio: 'Writes' }, seo_title: '', seo_description: '', canonical_url: 'https://x.test/blog/hello-world', updated_at: '2026-11-20T10:00:00.000Z' },
  related: [],
  preview: false,
};

/** A document holding the element with this text; `removed` tells whether it was taken out. */
function fakeDoc(text: string | null) {
  const state = { removed: false, reads: 0 };
  const doc = {
    getElementById(id: string) {
      state.reads += 1;
      if (id !== BLOG_DATA_ID || state.removed) return null;
      return { textContent: text, remove: () => void (state.removed = true) };
    },
  };
  return { doc, state };
}

const at = (pathname: string, search = '') => ({ pathname, search });

describe('the blog page data the server puts in the HTML', () => {
  it('gives a valid listing to /blog once, and removes the element', () => {
    const { doc, state } = fakeDoc(JSON.stringify({ path: '/blog', data: listing }));
    captureBlogData(doc);
    expect(state.removed).toBe(true);
    expect(takeBlogData(BlogPostsResponse, at('/blog'))).toEqual(listing);
    // Read once: the query cache holds it afterwards.
    expect(takeBlogData(BlogPostsResponse, at('/blog'))).toBeUndefined();
  });

  it('gives a post page to its own path (tracking params do not matter)', () => {
    captureBlogData(fakeDoc(JSON.stringify({ path: '/blog/hello-world', data: postPage })).doc);
    expect(takeBlogData(BlogPostPageResponse, at('/blog/hello-world', '?utm_source=news'))).toEqual(postPage);
  });

  it('is not used on another path, and stays for its own', () => {
    captureBlogData(fakeDoc(JSON.stringify({ path: '/blog/hello-world', data: postPage })).doc);
    expect(takeBlogData(BlogPostPageResponse, at('/blog/other-post'))).toBeUndefined();
    expect(takeBlogData(BlogPostPageResponse, at('/blog/hello-world'))).toEqual(postPage);
  });

  it('is not used for /blog with a page, category, author or search', () => {
    for (const search of ['?page=2', '?category=news', '?author=a1', '?q=sheet']) {
      captureBlogData(fakeDoc(JSON.stringify({ path: '/blog', data: listing })).doc);
      expect(takeBlogData(BlogPostsResponse, at('/blog', search))).toBeUndefined();
    }
    expect(bootDataFits('/blog', at('/blog', '?page=1&q='))).toBe(true);
    expect(bootDataFits('/blog', at('/blog/'))).toBe(true);
  });

  it('drops malformed JSON', () => {
    const { doc, state } = fakeDoc('{"path": "/blog", "data": ');
    captureBlogData(doc);
    expect(state.removed).toBe(true);
    expect(takeBlogData(BlogPostsResponse, at('/blog'))).toBeUndefined();
    expect(parseBootPayload('not json')).toBeNull();
    expect(parseBootPayload('[1,2]')).toBeNull();
    expect(parseBootPayload('{"path": 3, "data": {}}')).toBeNull();
    expect(parseBootPayload('')).toBeNull();
  });

  it('drops data of the wrong shape', () => {
    captureBlogData(fakeDoc(JSON.stringify({ path: '/blog', data: { posts: [{ ...card, title: 42 }], total: 1, page: 1, page_size: 12 } })).doc);
    expect(takeBlogData(BlogPostsResponse, at('/blog'))).toBeUndefined();
    // A post's answer is not a listing.
    captureBlogData(fakeDoc(JSON.stringify({ path: '/blog', data: postPage })).doc);
    expect(takeBlogData(BlogPostsResponse, at('/blog'))).toBeUndefined();
  });

  it('does nothing without the element', () => {
    captureBlogData(fakeDoc(JSON.stringify({ path: '/blog', data: listing })).doc);
    captureBlogData({ getElementById: () => null });
    // The earlier capture is kept when a later call finds no element.
    expect(takeBlogData(BlogPostsResponse, at('/blog'))).toEqual(listing);
    captureBlogData(undefined);
    expect(takeBlogData(BlogPostsResponse, at('/blog'))).toBeUndefined();
  });
});
