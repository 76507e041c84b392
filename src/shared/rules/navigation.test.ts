import { describe, expect, it } from 'vitest';
import { breadcrumbName, breadcrumbsOf, navigate, parseHistory, prettifySlug, slugOfPath, type NavAction, type NavEntry } from './navigation';

const pages = [
  { slug: 'home', name: 'Home' },
  { slug: 'products', name: 'Our Products' },
  { slug: 'item', name: '' },
  { slug: 'contact', name: 'Contact us' },
];

const e = (path: string, name: string): NavEntry => ({ path, name });

describe('navigate', () => {
  it.each<[string, NavEntry[], NavAction, NavEntry[]]>([
    ['first visit adds an entry', [], { type: 'visit', path: '/products' }, [e('/products', 'Our Products')]],
    ['a different path adds an entry', [e('/products', 'Our Products')], { type: 'visit', path: '/item?row=3' }, [e('/products', 'Our Products'), e('/item?row=3', 'Item')]],
    ['the same path as the last entry adds nothing', [e('/products', 'Our Products')], { type: 'visit', path: '/products' }, [e('/products', 'Our Products')]],
    ['the same page with another row is another path', [e('/item?row=3', 'Item')], { type: 'visit', path: '/item?row=4' }, [e('/item?row=3', 'Item'), e('/item?row=4', 'Item')]],
    ['a path seen earlier (not last) is added again', [e('/products', 'Our Products'), e('/contact', 'Contact us')], { type: 'visit', path: '/products' }, [e('/products', 'Our Products'), e('/contact', 'Contact us'), e('/products', 'Our Products')]],
    ['a header click resets to the new page', [e('/products', 'Our Products'), e('/item?row=3', 'Item')], { type: 'visit', path: '/contact', reset: true }, [e('/contact', 'Contact us')]],
    ['a header click on the page already shown also resets', [e('/products', 'Our Products'), e('/contact', 'Contact us')], { type: 'visit', path: '/contact', reset: true }, [e('/contact', 'Contact us')]],
    ['the root path clears the history', [e('/products', 'Our Products')], { type: 'visit', path: '/' }, []],
    ['the root path with a query clears too', [e('/products', 'Our Products')], { type: 'visit', path: '/?preview=true' }, []],
    ['a header click to the root clears', [e('/products', 'Our Products')], { type: 'visit', path: '/', reset: true }, []],
    ['a breadcrumb click truncates to it', [e('/products', 'P'), e('/item?row=3', 'Item'), e('/contact', 'C')], { type: 'breadcrumb', index: 0 }, [e('/products', 'P')]],
    ['the last breadcrumb keeps everything', [e('/products', 'P'), e('/contact', 'C')], { type: 'breadcrumb', index: 1 }, [e('/products', 'P'), e('/contact', 'C')]],
    ['an index out of range changes nothing', [e('/products', 'P')], { type: 'breadcrumb', index: 5 }, [e('/products', 'P')]],
    ['a negative index changes nothing', [e('/products', 'P')], { type: 'breadcrumb', index: -1 }, [e('/products', 'P')]],
  ])('%s', (_name, history, action, expected) => {
    expect(navigate(history, action, pages)).toEqual(expected);
  });

  it('never changes the history it is given', () => {
    const history = Object.freeze([e('/products', 'P')]) as NavEntry[];
    navigate(history, { type: 'visit', path: '/contact' }, pages);
    expect(history).toEqual([e('/products', 'P')]);
  });
});

describe('breadcrumb names', () => {
  it.each([
    ['/products', 'Our Products'],
    ['/PRODUCTS', 'Our Products'],
    ['/item?row=3', 'Item'],
    ['/unknown-page', 'Unknown Page'],
    ['/team_members', 'Team Members'],
    ['/contact#form', 'Contact us'],
    ['/about%20us', 'About Us'],
  ])('%s → %s', (path, name) => {
    expect(breadcrumbName(path, pages)).toBe(name);
  });

  it('follow renamed pages', () => {
    expect(breadcrumbsOf([e('/contact', 'Old name')], pages)).toEqual([e('/contact', 'Contact us')]);
  });
});

describe('slugs of paths and prettified slugs', () => {
  it.each([
    ['/', ''],
    ['', ''],
    ['/?row=1', ''],
    ['/products', 'products'],
    ['/products/', 'products'],
    ['/Item?row=2', 'item'],
    ['/%E0%A4%A', '%e0%a4%a'],
  ])('slugOfPath(%j) = %j', (path, slug) => {
    expect(slugOfPath(path)).toBe(slug);
  });

  it.each([
    ['about-us', 'About Us'],
    ['faq', 'Faq'],
    ['a--b', 'A B'],
    ['', ''],
  ])('prettifySlug(%j) = %j', (slug, name) => {
    expect(prettifySlug(slug)).toBe(name);
  });
});

describe('parseHistory', () => {
  it.each<[string | null, NavEntry[]]>([
    [null, []],
    ['', []],
    ['not json', []],
    ['{"path":"/a"}', []],
    ['[{"path":"/a","name":"A"},{"path":3},null]', [e('/a', 'A')]],
  ])('%j', (raw, expected) => {
    expect(parseHistory(raw)).toEqual(expected);
  });
});
