// Server-side renders of the layout views (header, footer, banner hero) and item details: what
// the settings, rows and data.app say is shown, and nothing unsafe reaches the page.
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { BlockSchema } from '../shared/settings/types';
import { BannerHeroBlock } from './banner_hero/BannerHeroBlock';
import { bannerHeroSchema } from './banner_hero/schema';
import { FooterBlock } from './footer/FooterBlock';
import { FOOTER_LAYOUTS, footerSchema } from './footer/schema';
import { HeaderBlock } from './header/HeaderBlock';
import { headerSchema } from './header/schema';
import { ItemDetailsBlock } from './item_details/ItemDetailsBlock';
import { DEFAULT_ACTION_LABEL, EMPTY_ITEM_MESSAGE, itemDetailsSchema } from './item_details/schema';
import type { AppNav, BlockViewProps, Breadcrumb, NavPage } from './types';
import { renderBlock, viewData } from './testing/views';

type Row = Record<string, unknown>;

function render(View: ComponentType<BlockViewProps>, schema: BlockSchema, input: Row, rows: Row[] = [], mode: 'view' | 'edit' = 'view', app?: AppNav) {
  return renderBlock(View, schema, { sheet_title: 'Sheet', ...input }, viewData(rows, { app }), mode);
}

const page = (id: string, name: string, slug: string, extra: Partial<NavPage> = {}): NavPage => ({ id, name, slug, page_type: 'page', is_auth: false, is_public: true, ...extra });
const PAGES = [page('p1', 'Home', ''), page('p2', 'Products', 'products'), page('p3', 'About us', 'about'), page('p4', 'Sign in', 'login', { is_auth: true })];

/** An AppNav that records what the view asked of it. */
function appNav(over: Partial<AppNav> = {}): AppNav & { hrefCalls: [string, string | undefined][] } {
  const hrefCalls: [string, string | undefined][] = [];
  return {
    appId: 'app1',
    appName: 'Acme App',
    pages: PAGES,
    currentPage: PAGES[1]!,
    rowId: null,
    breadcrumbs: [] as Breadcrumb[],
    goTo: () => {},
    goToBreadcrumb: () => {},
    hrefOf: (slug: string, rowId?: string) => {
      hrefCalls.push([slug, rowId]);
      return `/app/${slug}${rowId ? `?row=${rowId}` : ''}`;
    },
    user: null,
    ...over,
    hrefCalls,
  };
}

describe('HeaderBlock', () => {
  it.each(['Right', 'Center', 'Left'])('%s layout shows the title and every navigation item', (LayoutType) => {
    const app = appNav();
    const html = render(HeaderBlock, headerSchema, { LayoutType, HeaderTitle: 'Acme' }, [], 'view', app);
    expect(html).toContain(`data-layout="${LayoutType}"`);
    expect(html).toContain('Acme');
    // Without navigation items: every page but the sign-in one, each with its app address.
    expect(html).toContain('data-nav-item="Home"');
    expect(html).toContain('data-nav-item="Products"');
    expect(html).toContain('data-nav-item="About us"');
    expect(html).not.toContain('Sign in');
    expect(html).toContain('href="/app/products"');
    expect(html).toContain('href="/app/about"');
  });
  it('the three layouts give different markup', () => {
    const htmls = ['Right', 'Center', 'Left'].map((LayoutType) => render(HeaderBlock, headerSchema, { LayoutType, HeaderTitle: 'Acme' }, [], 'view', appNav()).replace(/data-layout="\w+"/, ''));
    expect(new Set(htmls).size).toBe(3);
  });
  it("an empty title falls back to the app's name", () => {
    expect(render(HeaderBlock, headerSchema, {}, [], 'view', appNav())).toContain('Acme App');
  });
  it('page items point to their page through hrefOf and the current page is marked', () => {
    const app = appNav();
    const html = render(
      HeaderBlock,
      headerSchema,
      {
        navigationItems: [
          { name: 'Shop', linkType: 'page', pageSlug: 'products', openInNewTab: false, active: false },
          { name: '', linkType: 'page', pageSlug: '', pageId: 'p3', openInNewTab: false, active: false },
        ],
      },
      [],
      'view',
      app,
    );
    expect(app.hrefCalls.map(([slug]) => slug)).toEqual(expect.arrayContaining(['products', 'about']));
    expect(html).toMatch(/<a[^>]*href="\/app\/products"[^>]*aria-current="page"[^>]*>Shop<\/a>|<a[^>]*aria-current="page"[^>]*href="\/app\/products"[^>]*>Shop<\/a>/);
    // An item named by page id only takes the page's name.
    expect(html).toMatch(/href="\/app\/about"[^>]*>About us<\/a>/);
  });
  it('without data.app page items are plain text, not links', () => {
    const html = render(HeaderBlock, headerSchema, { HeaderTitle: 'Acme', navigationItems: [{ name: 'Shop', linkType: 'page', pageSlug: 'products' }] });
    expect(html).toContain('data-nav-item="Shop"');
    expect(html).not.toContain('href=');
    expect(html).toMatch(/<span[^>]*data-nav-item="Shop"/);
  });
  it('external links: a new tab gets target _blank and rel noopener; javascript: never becomes an href', () => {
    const html = render(
      HeaderBlock,
      headerSchema,
      {
        navigationItems: [
          { name: 'Docs', linkType: 'external', url: 'https://docs.example.test/start', openInNewTab: true },
          { name: 'Blog', linkType: 'external', url: 'https://blog.example.test/', openInNewTab: false },
          { name: 'Bad', linkType: 'external', url: 'javascript:alert(1)', openInNewTab: true },
        ],
      },
      [],
      'view',
      appNav(),
    );
    const docs = html.match(/<a[^>]*href="https:\/\/docs\.example\.test\/start"[^>]*>/)?.[0] ?? '';
    expect(docs).toContain('target="_blank"');
    expect(docs).toContain('rel="noopener noreferrer"');
    const blog = html.match(/<a[^>]*href="https:\/\/blog\.example\.test\/"[^>]*>/)?.[0] ?? '';
    expect(blog).toContain('rel="noopener noreferrer"');
    expect(blog).not.toContain('target=');
    expect(html).toMatch(/<span[^>]*data-nav-item="Bad"/);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toContain('alert(1)');
  });
  it('breadcrumbs render when enabled: earlier entries are links, the last is the current page', () => {
    const breadcrumbs = [
      { name: 'Products', path: '/products' },
      { name: 'Lamp', path: '/item?row=12' },
    ];
    const on = render(HeaderBlock, headerSchema, { enableBreadcrumbs: true, breadcrumbsSize: 18, breadcrumbsColor: '#123456' }, [], 'view', appNav({ breadcrumbs }));
    expect(on).toContain('aria-label="Breadcrumbs"');
    expect(on).toMatch(/href="\/products"[^>]*>Products<\/a>/);
    expect(on).toMatch(/aria-current="page"[^>]*>Lamp</);
    expect(on).toContain('font-size:18px');
    const off = render(HeaderBlock, headerSchema, { enableBreadcrumbs: false }, [], 'view', appNav({ breadcrumbs }));
    expect(off).not.toContain('aria-label="Breadcrumbs"');
    expect(off).not.toContain('Lamp');
  });
  it('the user menu shows the signed-in user initials; guests see none', () => {
    const user = render(HeaderBlock, headerSchema, {}, [], 'view', appNav({ user: { name: 'Ada Lovelace', email: 'ada@example.test' } }));
    expect(user).toContain('data-testid="header-user-menu"');
    expect(user).toContain('AL');
    expect(render(HeaderBlock, headerSchema, {}, [], 'view', appNav())).not.toContain('User menu');
  });
});

describe('FooterBlock', () => {
  const base = {
    FooterTitle: 'Acme Ltd',
    description: 'We make lamps.',
    copyrightText: '© 2025 Acme Ltd',
    contactItems: [
      { type: 'email', value: 'hello@acme.test', label: 'Write to us', showIcon: true, iconColor: '#0052FF' },
      { type: 'phone', value: '0123 456', countryCode: '+44', label: 'Call', showIcon: true, iconColor: '#0052FF' },
      { type: 'address', value: '1 Lamp Street', label: 'Visit', showIcon: false },
    ],
    socialItems: [
      { type: 'instagram', link: 'https://instagram.test/acme', showIcon: true, iconColor: '#0052FF' },
      { type: 'facebook', link: 'javascript:alert(1)', showIcon: true },
      { type: 'linkedin', link: 'ftp://linkedin.test/acme', showIcon: true },
    ],
    simpleLinks: [
      { text: 'Docs', url: 'https://docs.acme.test', linkToInsert: '' },
      { text: 'Our products', url: '', linkToInsert: 'products' },
    ],
    footerSublinks: [{ text: 'Privacy', url: '/privacy' }],
  };
  const renderLayout = (footerLayoutType: string) => render(FooterBlock, footerSchema, { ...base, footerLayoutType }, [], 'view', appNav());

  it('the five layouts give distinct markup', () => {
    const htmls = FOOTER_LAYOUTS.map((l) => renderLayout(l).replace(/data-layout="[^"]*"/, ''));
    expect(new Set(htmls).size).toBe(5);
    for (const l of FOOTER_LAYOUTS) expect(renderLayout(l)).toContain(`data-layout="${l}"`);
  });
  it.each(FOOTER_LAYOUTS)('%s shows the title, copyright and only http(s) social links', (layout) => {
    const html = renderLayout(layout);
    expect(html).toContain('Acme Ltd');
    expect(html).toContain('data-testid="footer-copyright"');
    expect(html).toContain('© 2025 Acme Ltd');
    expect(html).toContain('data-social="instagram"');
    expect(html).toMatch(/<a[^>]*href="https:\/\/instagram\.test\/acme"[^>]*target="_blank"[^>]*rel="noopener noreferrer"|<a[^>]*target="_blank"[^>]*rel="noopener noreferrer"[^>]*href="https:\/\/instagram\.test\/acme"/);
    expect(html).not.toContain('data-social="facebook"');
    expect(html).not.toContain('data-social="linkedin"');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('ftp:');
    expect(html).toMatch(/href="\/privacy"[^>]*>Privacy<\/a>/);
  });
  it('layout specific parts: headings, descriptions, contact cards', () => {
    expect(renderLayout('Navigation Hub Footer')).toContain('Quick links');
    expect(renderLayout('Navigation Hub Footer')).toContain('Follow us');
    expect(renderLayout('Mega Footer')).toContain('Explore');
    expect(renderLayout('Mega Footer')).toContain('>Contact<');
    expect(renderLayout('Classic Footer Bar')).not.toContain('We make lamps.');
    expect(renderLayout('Brand Info Footer')).toContain('We make lamps.');
    // Contact Centric draws its contacts as cards.
    expect(renderLayout('Contact Centric Footer')).toContain('padding:14px');
    expect(renderLayout('Brand Info Footer')).not.toContain('padding:14px');
  });
  it.each(['Contact Centric Footer', 'Brand Info Footer', 'Mega Footer'])('%s shows the contact items with mailto and tel links', (layout) => {
    const html = renderLayout(layout);
    expect(html).toContain('data-contact="email"');
    expect(html).toContain('href="mailto:hello@acme.test"');
    expect(html).toContain('Write to us');
    expect(html).toContain('href="tel:+44123456"');
    expect(html).toContain('+44 0123 456');
    expect(html).toContain('data-contact="address"');
    expect(html).toContain('1 Lamp Street');
  });
  it.each(['Navigation Hub Footer', 'Classic Footer Bar'])('%s shows no contact items', (layout) => {
    expect(renderLayout(layout)).not.toContain('data-contact=');
  });
  it.each(['Navigation Hub Footer', 'Classic Footer Bar', 'Mega Footer'])('%s shows simple links; a page link points to the app page', (layout) => {
    const html = renderLayout(layout);
    expect(html).toMatch(/href="https:\/\/docs\.acme\.test"[^>]*>Docs<\/a>/);
    expect(html).toMatch(/href="\/app\/products"[^>]*>Our products<\/a>/);
  });
});

describe('BannerHeroBlock', () => {
  it('the title keeps its allowed inline tags, without attributes', () => {
    const html = render(BannerHeroBlock, bannerHeroSchema, {
      Banner_title: 'Hello <b>bold</b>, <strong>strong</strong>, <i>it</i>, <em>em</em>, <u>under</u><br><span style="color:red" onclick="x()">span</span>',
      subtitle: 'Sub <em>title</em>',
    });
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<i>it</i>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<u>under</u>');
    expect(html).toContain('<br/>');
    expect(html).toContain('<span>span</span>');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('color:red');
    expect(html).toContain('Sub <em>title</em>');
  });
  it('a script or an onerror attribute never reaches the output', () => {
    const html = render(BannerHeroBlock, bannerHeroSchema, {
      Banner_title: 'Safe <script>alert("x")</script><img src=x onerror="alert(1)"><b onmouseover="alert(2)">bold</b>',
      subtitle: '<iframe src="https://evil.test"></iframe>Kept <svg onload=alert(3)>text</svg>',
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('onmouseover');
    expect(html).not.toContain('onload');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('alert(');
    expect(html).toContain('Safe ');
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain('Kept ');
  });
  it('shows the default title and features; unsafe images are dropped', () => {
    const html = render(BannerHeroBlock, bannerHeroSchema, { background_image: 'javascript:alert(1)', foreground_image: 'https://img.test/hero.png' });
    expect(html).toContain('Welcome to <b>your app</b>');
    expect(html).toContain('data-feature="Fast"');
    expect(html).toContain('src="https://img.test/hero.png"');
    expect(html).not.toContain('javascript:');
  });
});

describe('ItemDetailsBlock', () => {
  const rows: Row[] = [
    { _id: 'r1', Name: 'Desk lamp', Price: 25, Photo: 'https://img.test/lamp.jpg', Secret: 'hidden note', Link: 'https://shop.test/lamp' },
    { _id: 'r2', Name: 'Floor lamp', Price: 80, Photo: '', Secret: 'other', Link: 'javascript:alert(1)' },
  ];
  const input = {
    axis: [
      { column: 'Photo', type: 'image' },
      { column: 'Name', type: 'text', label: 'Product', text_size: 'xl' },
      { column: 'Price', type: 'text', show_label: false },
    ],
    actions: [{ type: 'External URL', column: 'Link' }],
  };

  it.each(['column', 'stacked'])('%s layout shows the chosen columns of the row in the address and the Click Here action', (Layout) => {
    const html = render(ItemDetailsBlock, itemDetailsSchema, { ...input, Layout }, rows, 'view', appNav({ rowId: 'r1' }));
    expect(html).toContain(`data-layout="${Layout}"`);
    expect(html).toContain('data-row-id="r1"');
    expect(html).toContain('data-testid="item-details-photo"');
    expect(html).toContain('src="https://img.test/lamp.jpg"');
    expect(html).toContain('Product');
    expect(html).toContain('Desk lamp');
    expect(html).toContain('>25<');
    expect(html).not.toContain('hidden note');
    expect(html).not.toContain('Floor lamp');
    expect(DEFAULT_ACTION_LABEL).toBe('Click Here');
    expect(html).toMatch(/<a[^>]*href="https:\/\/shop\.test\/lamp"[^>]*target="_blank"[^>]*rel="noopener noreferrer"[\s\S]*?Click Here/);
  });
  it('the two layouts differ: column puts the photo beside the details, stacked above them', () => {
    const column = render(ItemDetailsBlock, itemDetailsSchema, { ...input, Layout: 'column' }, rows, 'view', appNav({ rowId: 'r1' }));
    const stacked = render(ItemDetailsBlock, itemDetailsSchema, { ...input, Layout: 'stacked' }, rows, 'view', appNav({ rowId: 'r1' }));
    expect(column.replace('data-layout="column"', '')).not.toBe(stacked.replace('data-layout="stacked"', ''));
  });
  it('a Page action opens the page with the same row; a javascript: cell never becomes a link', () => {
    const app = appNav({ rowId: 'r2' });
    const html = render(
      ItemDetailsBlock,
      itemDetailsSchema,
      { ...input, actions: [{ type: 'Page', Pages: 'about', label: 'More' }, { type: 'External URL', column: 'Link' }] },
      rows,
      'view',
      app,
    );
    expect(html).toContain('Floor lamp');
    expect(app.hrefCalls).toContainEqual(['about', 'r2']);
    expect(html).toMatch(/href="\/app\/about\?row=r2"[\s\S]*?More/);
    expect(html).toContain('Click Here');
    expect(html).toContain('aria-disabled');
    expect(html).not.toContain('javascript:');
  });
  it('no chosen columns: every column of the row except _id and _version', () => {
    const html = render(ItemDetailsBlock, itemDetailsSchema, {}, rows, 'view', appNav({ rowId: 'r1' }));
    expect(html).toContain('hidden note');
    expect(html).toContain('data-field="Secret"');
    expect(html).not.toContain('data-field="_id"');
  });
  it('view mode without a row shows the empty state', () => {
    for (const app of [appNav({ rowId: null }), undefined]) {
      const html = render(ItemDetailsBlock, itemDetailsSchema, input, rows, 'view', app);
      expect(EMPTY_ITEM_MESSAGE).toBe('Choose an item to see its details.');
      expect(html).toContain('data-testid="item-details-empty"');
      expect(html).toContain('Choose an item to see its details.');
      expect(html).not.toContain('Desk lamp');
    }
    // A row id the sheet does not have: the same empty state.
    expect(render(ItemDetailsBlock, itemDetailsSchema, input, rows, 'view', appNav({ rowId: 'nope' }))).toContain('Choose an item to see its details.');
  });
  it('the editor previews the first row, or says No rows', () => {
    expect(render(ItemDetailsBlock, itemDetailsSchema, input, rows, 'edit')).toContain('Desk lamp');
    expect(render(ItemDetailsBlock, itemDetailsSchema, input, [], 'edit')).toContain('No rows');
  });
});
