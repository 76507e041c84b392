import { describe, expect, it } from 'vitest';
import { applyItemClears, arraySettingNow, changeItem, maxItemsOf, newItemOf, newListItem } from './arrays';
import { defaultsOf } from './defaults';
import type { Setting, SettingsSchema } from './types';
import { checkValue, validate } from './validate';

const links: Setting = {
  type: 'array',
  default: [],
  maxItems: 10,
  maxItemsWhen: [{ when: { setting: 'layout', in: ['hub', 'bar'] }, max: 5 }],
  item: { text: { type: 'input', default: '' } },
};

describe('maxItemsWhen: a maximum that depends on sibling settings', () => {
  it.each([
    ['hub', 5],
    ['bar', 5],
    ['mega', 10],
    [undefined, 10],
  ])('layout %s → at most %i', (layout, max) => {
    expect(maxItemsOf(links, { layout })).toBe(max);
  });

  it('the first matching entry wins; no maxItems and no match means no limit', () => {
    const s: Setting = {
      type: 'array',
      default: [],
      maxItemsWhen: [
        { when: { setting: 'a', equals: true }, max: 1 },
        { when: { setting: 'b', equals: true }, max: 2 },
      ],
    };
    expect(maxItemsOf(s, { a: true, b: true })).toBe(1);
    expect(maxItemsOf(s, { b: true })).toBe(2);
    expect(maxItemsOf(s, {})).toBeUndefined();
  });

  it.each([
    ['hub', 5, true],
    ['hub', 6, false],
    ['mega', 10, true],
    ['mega', 11, false],
  ])('validate: layout %s with %i items → valid %s', (layout, n, ok) => {
    const schema: SettingsSchema = { layout: { type: 'input', default: '' }, links };
    const issues = validate(schema, { layout, links: Array.from({ length: n }, () => ({ text: 'x' })) });
    if (ok) expect(issues).toEqual([]);
    else expect(issues).toEqual([{ path: 'links', message: `links allows at most ${layout === 'hub' ? 5 : 10} items` }]);
  });
});

describe('nextUnused: the default of a new item depends on the items already there', () => {
  const social: Setting = {
    type: 'array',
    default: [],
    maxItems: 3,
    nextUnused: 'type',
    item: {
      type: {
        type: 'select',
        default: 'instagram',
        options: ['instagram', 'facebook', 'linkedin'].map((value) => ({ value, label: value })),
      },
      link: { type: 'url', default: '' },
    },
  };
  it.each<[string[], string]>([
    [[], 'instagram'],
    [['instagram'], 'facebook'],
    [['instagram', 'facebook'], 'linkedin'],
    [['facebook'], 'instagram'],
    [['linkedin', 'instagram'], 'facebook'],
    // Everything used: the setting's own default.
    [['instagram', 'facebook', 'linkedin'], 'instagram'],
  ])('items %j → new item %s', (types, next) => {
    expect(newItemOf(social, types.map((type) => ({ type, link: '' })))).toEqual({ type: next, link: '' });
  });

  it('without nextUnused a new item is the item defaults (a fresh copy each time)', () => {
    const s: Setting = { type: 'array', default: [], item: { tags: { type: 'colors', default: ['#fff'] } } };
    const a = newItemOf(s, []);
    (a.tags as string[]).push('#000');
    expect(newItemOf(s, [])).toEqual({ tags: ['#fff'] });
  });
});

describe('clearsOnChange', () => {
  const feature: SettingsSchema = {
    iconType: { type: 'select', default: 'text', options: [{ value: 'text', label: 'Text' }, { value: 'image', label: 'Image' }], clearsOnChange: ['icon'] },
    icon: { type: 'input', default: '' },
    title: { type: 'input', default: '' },
  };

  it.each([
    ['a changed iconType clears icon', 'iconType', 'image', { iconType: 'image', icon: '', title: 'T' }],
    ['the same iconType keeps icon', 'iconType', 'text', { iconType: 'text', icon: '★', title: 'T' }],
    ['another setting clears nothing', 'title', 'U', { iconType: 'text', icon: '★', title: 'U' }],
  ])('%s', (_, key, value, expected) => {
    expect(changeItem(feature, { iconType: 'text', icon: '★', title: 'T' }, key, value)).toEqual(expected);
  });

  it('applyItemClears compares a whole list before and after', () => {
    const before = [
      { iconType: 'text', icon: '★', title: 'A' },
      { iconType: 'text', icon: '✓', title: 'B' },
    ];
    const after = [
      { iconType: 'image', icon: '★', title: 'A' },
      { iconType: 'text', icon: '✓', title: 'B2' },
    ];
    expect(applyItemClears(feature, before, after)).toEqual([
      { iconType: 'image', icon: '', title: 'A' },
      { iconType: 'text', icon: '✓', title: 'B2' },
    ]);
    // Added or removed items: nothing to compare.
    expect(applyItemClears(feature, before, [...after, { iconType: 'image', icon: 'x', title: '' }])).toHaveLength(3);
    expect(applyItemClears(feature, 'not a list', after)).toBe(after);
  });
});

describe('pattern', () => {
  const link: Setting = { type: 'url', default: '', pattern: '^https?://', patternMessage: 'Link must start with http:// or https://', required: true };
  it.each([
    ['https://instagram.com/me', null],
    ['http://example.com', null],
    ['HTTPS://EXAMPLE.COM', null],
    ['/relative/page', 'Link must start with http:// or https://'],
    ['mailto:a@b.c', 'Link must start with http:// or https://'],
    ['#top', 'Link must start with http:// or https://'],
    ['javascript:alert(1)', 'link must start with http:// or https://'],
    ['', null],
  ])('%j → %j', (value, message) => {
    // The url type's own check comes first (it names the setting by its key).
    expect(checkValue('link', link, value)).toBe(message);
  });

  it('a required pattern setting left empty is reported as required', () => {
    expect(validate({ link }, { link: '' })).toEqual([{ path: 'link', message: 'link is required' }]);
  });

  it('without patternMessage the message names the setting', () => {
    expect(checkValue('code', { type: 'input', default: '', label: 'Code', pattern: '^[A-Z]{3}$' }, 'ab')).toBe('Code is not in the expected form');
  });
});

describe('arraySettingNow: what the editor array control is given', () => {
  const social: Setting = {
    type: 'array',
    default: [],
    maxItems: 10,
    maxItemsWhen: [{ when: { setting: 'layout', equals: 'bar' }, max: 5 }],
    nextUnused: 'type',
    item: {
      type: { type: 'select', default: 'a', options: ['a', 'b'].map((value) => ({ value, label: value })) },
      link: { type: 'url', default: '' },
    },
  };
  it('the max of the current layout, and item defaults that make the next item', () => {
    const now = arraySettingNow(social, { layout: 'bar' }, [{ type: 'a', link: '' }]);
    expect(now.maxItems).toBe(5);
    expect(defaultsOf(now.item!)).toEqual({ type: 'b', link: '' });
    expect(arraySettingNow(social, { layout: 'mega' }, []).maxItems).toBe(10);
    // The schema itself is untouched.
    expect(social.item!.type!.default).toBe('a');
  });
});

describe('newListItem: the item an item list adds', () => {
  const card: SettingsSchema = {
    source: { type: 'datasource', default: { sheet: '', column: '' } },
    label: { type: 'input', default: '' },
  };
  it('a second card starts on the first card\'s sheet, its column left to choose', () => {
    expect(newListItem(card, [{ source: { sheet: 'Orders', column: 'Amount' }, label: 'Revenue' }])).toEqual({ source: { sheet: 'Orders', column: '' }, label: '' });
  });
  it('the first card, or one after a card without a sheet, starts from the defaults', () => {
    expect(newListItem(card, [])).toEqual(defaultsOf(card));
    expect(newListItem(card, [{ source: { sheet: '', column: '' }, label: '' }])).toEqual(defaultsOf(card));
  });
});
