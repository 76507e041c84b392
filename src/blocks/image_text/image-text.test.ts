import { describe, expect, it } from 'vitest';
import { FALLBACK_ICON, fontAwesomeIcon } from './feature-icons';
import { featuresOf, learnMoreOf } from './image-text';

describe('fontAwesomeIcon', () => {
  it.each([
    ['fa-star', 'star'],
    ['fas fa-check', 'check'],
    ['fa-solid fa-house fa-2x', 'home'],
    ['fa fa-envelope-o', 'mail'],
    ['far fa-heart', 'heart'],
    ['fab fa-github', 'brand-github'],
    ['fa-brands fa-x-twitter', 'brand-x'],
    ['FA-STAR', 'star'],
    ['  fa-fw fa-bolt ', 'bolt'],
    ['star', 'star'],
    ['fa-magnifying-glass', 'search'],
    ['fa-circle-check', 'circle-check'],
    ['fa-location-dot', 'map-pin'],
    ['fa-unknown-thing', FALLBACK_ICON],
    ['fas', FALLBACK_ICON],
    ['', FALLBACK_ICON],
    [null, FALLBACK_ICON],
    [42, FALLBACK_ICON],
  ])('%j → %s', (name, key) => {
    expect(fontAwesomeIcon(name)).toBe(key);
  });
});

describe('featuresOf', () => {
  it('maps icon types, keeps at most four, falls back to the block image', () => {
    const items = [
      { iconType: 'fontawesome', icon: 'fas fa-check', title: 'A', description: 'a' },
      { iconType: 'image', icon_image: 'https://x.example/i.png', title: 'B' },
      { iconType: 'image', icon_image: 'javascript:alert(1)', title: 'C' },
      { iconType: 'text', icon: '24/7 support', title: 'D', image: '/api/uploads/abc' },
      { iconType: 'text', icon: 'x', title: 'E' },
    ];
    const out = featuresOf(items, 'https://x.example/block.png');
    expect(out.map((f) => [f.icon, f.image, f.title])).toEqual([
      [{ kind: 'icon', key: 'check' }, 'https://x.example/block.png', 'A'],
      [{ kind: 'image', src: 'https://x.example/i.png' }, 'https://x.example/i.png', 'B'],
      [{ kind: 'none' }, 'https://x.example/block.png', 'C'],
      [{ kind: 'text', text: '24/7' }, '/api/uploads/abc', 'D'],
    ]);
    expect(out[0]!.colors).toEqual({ icon: '#4f46e5', iconBackground: '#eef2ff', title: '#111827', description: '#6b7280' });
  });
  it.each([[null], ['x'], [[1, 'a', null]]])('%j gives no features', (v) => {
    expect(featuresOf(v, '')).toEqual([]);
  });
});

describe('learnMoreOf', () => {
  it.each([
    [{ learn_more_link: '' }, null],
    [{ learn_more_link: 'javascript:alert(1)' }, null],
    [{ learn_more_link: 'https://x.example', learn_more_text: '' }, { href: 'https://x.example', text: 'Learn More', external: true, newTab: false }],
    [{ learn_more_link: '/about', learn_more_text: 'About us', open_in_new_tab: true }, { href: '/about', text: 'About us', external: false, newTab: true }],
  ])('%j', (config, out) => {
    expect(learnMoreOf(config)).toEqual(out);
  });
});
