import { describe, expect, it } from 'vitest';
import {
  canEmbedPage,
  embeddableBlocks,
  embeddablePages,
  embedSize,
  embedSnippet,
  embedUrl,
  escapeAttribute,
  fallbackSelection,
  INITIAL_EMBED_CHOICE,
  isReservedEmbedSlug,
  NON_EMBEDDABLE_SLUGS,
  pageUrlOf,
  type EmbedPage,
} from './embed';

const page = (page_slug: string, extra: Partial<EmbedPage> = {}): EmbedPage => ({ page_slug, page_type: 'page', is_auth: false, is_public: true, ...extra });

describe('page choices', () => {
  it.each(NON_EMBEDDABLE_SLUGS.map((s) => [s]))('leaves out the reserved slug %s', (slug) => {
    expect(isReservedEmbedSlug(slug)).toBe(true);
    expect(embeddablePages([page(slug)])).toEqual([]);
  });

  it.each([
    ['Login', true],
    ['/sign-in/', true],
    [' accept ', true],
    ['login-help', false],
    ['my-admin', false],
    ['products', false],
    ['invitations', false],
    ['', false],
  ])('slug %j reserved: %s', (slug, reserved) => {
    expect(isReservedEmbedSlug(slug)).toBe(reserved);
  });

  it.each([
    ['an ordinary page', page('products'), true],
    ['a page flagged is_auth', page('members', { is_auth: true }), false],
    ['a reserved slug', page('register-user'), false],
    ['a private page (still a choice; the dialog explains)', page('team', { is_public: false }), true],
  ])('%s', (_, p, kept) => {
    expect(embeddablePages([p]).length).toBe(kept ? 1 : 0);
  });

  it('keeps the order of the pages', () => {
    const pages = [page('home', { page_type: 'home' }), page('login'), page('about'), page('faq', { is_auth: true }), page('contact')];
    expect(embeddablePages(pages).map((p) => p.page_slug)).toEqual(['home', 'about', 'contact']);
  });
});

describe('block choices', () => {
  // The catalogue's frame declarations (src/blocks/schema-loaders.ts frameOf, checked there).
  const frames: Record<string, string> = { header: 'top', footer: 'bottom' };
  const frameOf = (type: string) => frames[type];
  it.each([
    [['header', 'banner_hero', 'faq', 'footer'], ['banner_hero', 'faq']],
    [['header', 'footer'], []],
    [[], []],
    [['table', 'chart'], ['table', 'chart']],
  ])('%j → %j', (types, kept) => {
    expect(embeddableBlocks(types.map((type, i) => ({ id: `b${i}`, type })), frameOf).map((b) => b.type)).toEqual(kept);
  });
});

describe('fallback selection', () => {
  it.each([
    [['a', 'b', 'c'], 'b', 'b'],
    [['a', 'b', 'c'], 'gone', 'a'],
    [['a', 'b'], null, 'a'],
    [['a', 'b'], undefined, 'a'],
    [['a', 'b'], '', 'a'],
    [[], 'a', null],
    [[], null, null],
  ])('choices %j, chosen %j → %j', (ids, chosen, expected) => {
    expect(fallbackSelection(ids, chosen)).toBe(expected);
  });
});

describe('public pages only', () => {
  it.each([
    [page('a'), true, true],
    [page('a', { is_public: false }), true, false],
    [page('a'), false, false],
    [page('a', { is_public: undefined }), true, false],
    [null, true, false],
    [undefined, true, false],
  ])('%j in a public app %s → %s', (p, appPublic, ok) => {
    expect(canEmbedPage(p, appPublic)).toBe(ok);
  });
});

describe('embed URL', () => {
  const app = 'http://shop.localhost:3000/';
  const home = page('home', { page_type: 'home' });
  const products = page('products');
  it('starts as the whole app', () => expect(INITIAL_EMBED_CHOICE).toBe('app'));

  it.each([
    ['home page', app, home, 'http://shop.localhost:3000/'],
    ['page', app, products, 'http://shop.localhost:3000/products'],
    ['app URL without a slash', 'http://shop.localhost:3000', products, 'http://shop.localhost:3000/products'],
    ['slug with slashes', app, page('/about/'), 'http://shop.localhost:3000/about'],
  ])('%s address', (_, appUrl, p, expected) => {
    expect(pageUrlOf(appUrl, p)).toBe(expected);
  });

  it.each([
    ['whole app', { choice: 'app' as const, page: products, blockId: 'b1' }, 'http://shop.localhost:3000/?embed=true'],
    ['this page', { choice: 'page' as const, page: products }, 'http://shop.localhost:3000/products?embed=true&hide_header=true&hide_footer=true'],
    ['the home page', { choice: 'page' as const, page: home }, 'http://shop.localhost:3000/?embed=true&hide_header=true&hide_footer=true'],
    [
      'a specific block',
      { choice: 'block' as const, page: products, blockId: 'blk_42' },
      'http://shop.localhost:3000/products?embed=true&hide_header=true&hide_footer=true&block_id=blk_42',
    ],
    ['a block id needing escapes', { choice: 'block' as const, page: products, blockId: 'a&b c' }, 'http://shop.localhost:3000/products?embed=true&hide_header=true&hide_footer=true&block_id=a%26b%20c'],
    ['a block choice without a block', { choice: 'block' as const, page: products, blockId: null }, 'http://shop.localhost:3000/products?embed=true&hide_header=true&hide_footer=true'],
    ['a page choice without a page', { choice: 'page' as const, page: null }, 'http://shop.localhost:3000/?embed=true'],
  ])('%s', (_, target, expected) => {
    expect(embedUrl({ appUrl: app, ...target })).toBe(expected);
  });

  it('keeps a query the app URL already has', () => {
    expect(embedUrl({ appUrl: 'http://localhost:3000/shop?x=1', choice: 'app' })).toBe('http://localhost:3000/shop?x=1&embed=true');
  });
});

describe('snippet', () => {
  it.each([
    ['x', 'x'],
    ['a"b', 'a&quot;b'],
    ["it's", 'it&#39;s'],
    ['<script>&', '&lt;script&gt;&amp;'],
  ])('escapes %j', (raw, out) => expect(escapeAttribute(raw)).toBe(out));

  it.each([
    [600, 800, 600],
    ['640', 800, 640],
    [12.6, 800, 13],
    ['', 800, 800],
    [0, 800, 800],
    [-5, 500, 500],
    ['abc', 500, 500],
    [undefined, 500, 500],
    [Number.NaN, 500, 500],
  ])('size %j (default %d) → %d', (value, fallback, out) => expect(embedSize(value, fallback)).toBe(out));

  it('defaults to 800 by 500', () => {
    expect(embedSnippet({ src: 'http://a.localhost:3000/?embed=true', title: 'Shop' })).toBe(
      '<iframe src="http://a.localhost:3000/?embed=true" width="800" height="500" style="border:0" loading="lazy" allow="fullscreen" title="Shop"></iframe>',
    );
  });

  it('uses the given size', () => {
    const s = embedSnippet({ src: 'http://a/', width: 1024, height: '300' });
    expect(s).toContain('width="1024" height="300"');
  });

  it('full screen is 100% by 100% whatever the size inputs say', () => {
    const s = embedSnippet({ src: 'http://a/', width: 1024, height: 300, fullScreen: true });
    expect(s).toContain('width="100%" height="100%"');
    expect(s).toContain('style="border:0;width:100%;height:100%"');
  });

  it('escapes the address and the title', () => {
    const s = embedSnippet({ src: 'http://a/p?embed=true&block_id=x"><script>', title: 'Tom & "Jerry" <3' });
    expect(s).toContain('src="http://a/p?embed=true&amp;block_id=x&quot;&gt;&lt;script&gt;"');
    expect(s).toContain('title="Tom &amp; &quot;Jerry&quot; &lt;3"');
    expect(s).not.toContain('<script>');
  });

  it('names the frame even without a title', () => {
    expect(embedSnippet({ src: 'http://a/', title: '  ' })).toContain('title="Sheetboard app"');
  });
});
