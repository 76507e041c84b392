import { describe, expect, it } from 'vitest';
import { blockDefaults, validateBlock } from '../../shared/settings/block';
import type { AppNav, NavPage } from '../types';
import { headerLayout, initialsOf, isPlainClick, navLinks, prettySlug } from './header-nav';
import { headerSchema } from './schema';

const page = (id: string, slug: string, name: string, is_auth = false): NavPage => ({ id, slug, name, page_type: 'page', is_auth, is_public: true });
const PAGES = [page('p1', '', 'Home'), page('p2', 'products', 'Products'), page('p3', 'login', 'Log in', true), page('p4', 'about-us', '')];

function app(current = 'products'): AppNav {
  return {
    appId: 'a',
    appName: 'Shop',
    pages: PAGES,
    currentPage: PAGES.find((p) => p.slug === current) ?? null,
    rowId: null,
    breadcrumbs: [],
    goTo: () => undefined,
    goToBreadcrumb: () => undefined,
    hrefOf: (slug, rowId) => `/${slug}${rowId ? `?row=${rowId}` : ''}`,
    user: null,
  };
}

const config = (extra: Record<string, unknown> = {}) => ({ ...blockDefaults(headerSchema, 'h'), ...extra });
const item = (extra: Record<string, unknown>) => ({ name: '', linkType: 'page', pageSlug: '', pageId: '', url: '', active: false, openInNewTab: false, ...extra });

describe('header navigation links', () => {
  it('no items: every page but auth pages, the current one active', () => {
    const links = navLinks(config(), app());
    expect(links.map((l) => [l.label, l.href, l.active])).toEqual([
      ['Home', '/', false],
      ['Products', '/products', true],
      ['About us', '/about-us', false],
    ]);
  });

  it('no items: detail pages (item details) stay out of the menu', () => {
    const withDetails = { ...app(), pages: [...PAGES, { ...page('p5', 'order', 'Order'), is_details: true }] };
    expect(navLinks(config(), withDetails).map((l) => l.label)).toEqual(['Home', 'Products', 'About us']);
  });

  it.each<[string, Record<string, unknown>, Partial<ReturnType<typeof navLinks>[number]>]>([
    ['a page by slug, its name', item({ pageSlug: 'products' }), { kind: 'page', label: 'Products', href: '/products', slug: 'products', active: true }],
    ['a page by id (older records)', item({ pageId: 'p4' }), { kind: 'page', label: 'About us', href: '/about-us', active: false }],
    ['a page with its own name', item({ pageSlug: 'about-us', name: 'Team' }), { label: 'Team', href: '/about-us' }],
    ['a page in a new tab', item({ pageSlug: 'about-us', openInNewTab: true }), { kind: 'page', newTab: true }],
    ['the active flag highlights', item({ pageSlug: 'about-us', active: true }), { active: true }],
    ['no page chosen: text', item({}), { kind: 'none', href: null, label: 'Page' }],
    ['an external link', item({ linkType: 'external', url: 'https://docs.example', name: 'Docs', openInNewTab: true }), { kind: 'external', href: 'https://docs.example', newTab: true, label: 'Docs' }],
    ['javascript: is never a link', item({ linkType: 'external', url: 'javascript:alert(1)', name: 'X' }), { kind: 'none', href: null }],
    ['an external link without name shows its address', item({ linkType: 'external', url: 'https://a.example' }), { label: 'https://a.example' }],
  ])('%s', (_, it1, expected) => {
    expect(navLinks(config({ navigationItems: [it1] }), app())[0]).toMatchObject(expected);
  });

  it('without data.app page links are text and external links stay links', () => {
    const links = navLinks(config({ navigationItems: [item({ pageSlug: 'products' }), item({ linkType: 'external', url: 'https://x.example' })] }), undefined);
    expect(links.map((l) => [l.kind, l.href])).toEqual([
      ['none', null],
      ['external', 'https://x.example'],
    ]);
    expect(navLinks(config(), undefined)).toEqual([]);
  });
});

describe('header helpers', () => {
  it.each([
    ['Right', 'Right'],
    ['Center', 'Center'],
    ['Left', 'Left'],
    ['Nope', 'Right'],
  ])('layout %s → %s', (v, expected) => {
    expect(headerLayout(config({ LayoutType: v }))).toBe(expected);
  });

  it.each([
    ['about-us', 'About us'],
    ['/contact_page', 'Contact page'],
    ['', 'Home'],
  ])('prettySlug(%j) → %j', (slug, expected) => {
    expect(prettySlug(slug)).toBe(expected);
  });

  it.each<[{ name: string; email: string } | null, string]>([
    [{ name: 'Ada Lovelace', email: 'ada@x.example' }, 'AL'],
    [{ name: '', email: 'john.smith@x.example' }, 'JS'],
    [{ name: 'Plato', email: '' }, 'P'],
    [null, ''],
  ])('initials %j → %s', (user, expected) => {
    expect(initialsOf(user)).toBe(expected);
  });

  it.each([
    [{ button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false }, true],
    [{ button: 0, metaKey: true, ctrlKey: false, shiftKey: false, altKey: false }, false],
    [{ button: 1, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false }, false],
  ])('plain click %j → %s', (e, expected) => {
    expect(isPlainClick(e)).toBe(expected);
  });

  it('defaults validate; breadcrumbs size is 10–24 px', () => {
    expect(validateBlock(headerSchema, config())).toEqual([]);
    expect(validateBlock(headerSchema, config({ enableBreadcrumbs: true, breadcrumbsSize: 30 })).map((i) => i.path)).toEqual(['breadcrumbsSize']);
    expect(validateBlock(headerSchema, config({ navigationItems: [item({ linkType: 'external', url: 'javascript:x' })] })).map((i) => i.path)).toEqual(['navigationItems.0.url']);
  });
});
