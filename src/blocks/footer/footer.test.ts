// Footer rules (spec §3 Footer, §5 limits): the server validator (validateBlock) enforces the
// limits and the social link rule; the editor's Add button follows the same schema data.
import { describe, expect, it } from 'vitest';
import { maxItemsOf, newItemOf } from '../../shared/settings/arrays';
import { blockDefaults, validateBlock } from '../../shared/settings/block';
import type { AppNav } from '../types';
import { contactEntry, footerLayout, linkEntry, listOf, socialEntries } from './footer-layout';
import { FOOTER_LAYOUTS, footerSchema, SOCIAL_LINK_MESSAGE } from './schema';

const base = (extra: Record<string, unknown> = {}) => ({ ...blockDefaults(footerSchema, 'f'), ...extra });
const n = (count: number, make: (i: number) => Record<string, unknown>) => Array.from({ length: count }, (_, i) => make(i));
const link = (i: number) => ({ text: `L${i}`, url: `https://x.example/${i}`, linkToInsert: '' });
const sublink = (i: number) => ({ text: `S${i}`, url: `/legal/${i}` });
const contact = () => ({ type: 'phone', value: '555 0100', countryCode: '+1', label: '', showIcon: true, iconColor: '#0052FF' });
const social = (i: number) => ({ type: ['instagram', 'facebook', 'linkedin', 'instagram'][i], link: 'https://s.example', showIcon: true, iconColor: '#0052FF' });
const paths = (extra: Record<string, unknown>) => validateBlock(footerSchema, base(extra)).map((i) => `${i.path}: ${i.message}`);

describe('footer limits (server validator)', () => {
  it('the defaults validate', () => {
    expect(validateBlock(footerSchema, base())).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['4 sub-links', { footerSublinks: n(4, sublink) }, []],
    ['5 sub-links', { footerSublinks: n(5, sublink) }, ['footerSublinks: Sub-links allows at most 4 items']],
    ['3 contact items', { contactItems: n(3, contact) }, []],
    ['4 contact items', { contactItems: n(4, contact) }, ['contactItems: Contact items allows at most 3 items']],
    ['3 social items', { socialItems: n(3, social) }, []],
    ['4 social items', { socialItems: n(4, social) }, ['socialItems: Social items allows at most 3 items']],
    ...FOOTER_LAYOUTS.flatMap((layout): [string, Record<string, unknown>, string[]][] => {
      const max = layout === 'Navigation Hub Footer' || layout === 'Classic Footer Bar' ? 5 : 10;
      return [
        [`${layout}: ${max} simple links`, { footerLayoutType: layout, simpleLinks: n(max, link) }, []],
        [`${layout}: ${max + 1} simple links`, { footerLayoutType: layout, simpleLinks: n(max + 1, link) }, [`simpleLinks: Simple links allows at most ${max} items`]],
      ];
    }),
  ])('%s', (_, extra, expected) => {
    expect(paths(extra)).toEqual(expected);
  });

  it.each<[string, string[]]>([
    ['https://instagram.com/me', []],
    ['http://facebook.com/me', []],
    ['', ['socialItems.0.link: Link is required']],
    ['instagram.com/me', ['socialItems.0.link: Link must start with http:// or https://']],
    ['/local', [`socialItems.0.link: ${SOCIAL_LINK_MESSAGE}`]],
    ['mailto:a@b.example', [`socialItems.0.link: ${SOCIAL_LINK_MESSAGE}`]],
  ])('social link %j', (value, expected) => {
    expect(paths({ socialItems: [{ ...social(0), link: value }] })).toEqual(expected);
  });

  it('types are checked: contact type, social type', () => {
    expect(paths({ contactItems: [{ ...contact(), type: 'fax' }] })).toEqual(['contactItems.0.type: Type must be one of: address, email, phone']);
    expect(paths({ socialItems: [{ ...social(0), type: 'tiktok' }] })).toEqual(['socialItems.0.type: Type must be one of: instagram, facebook, linkedin']);
  });
});

describe('new items (the editor Add button)', () => {
  it('a new contact item is a phone with its icon on in #0052FF', () => {
    expect(newItemOf(footerSchema.settings.contactItems!, [])).toEqual({ type: 'phone', value: '', countryCode: '', label: '', showIcon: true, iconColor: '#0052FF' });
  });

  it.each<[string[], string]>([
    [[], 'instagram'],
    [['instagram'], 'facebook'],
    [['instagram', 'facebook'], 'linkedin'],
    [['facebook', 'linkedin'], 'instagram'],
  ])('social items %j → the next is %s', (types, next) => {
    expect(newItemOf(footerSchema.settings.socialItems!, types.map((type) => ({ type }))).type).toBe(next);
  });

  it.each(FOOTER_LAYOUTS.map((l) => [l, l === 'Navigation Hub Footer' || l === 'Classic Footer Bar' ? 5 : 10] as const))('%s allows %i simple links', (layout, max) => {
    expect(maxItemsOf(footerSchema.settings.simpleLinks!, { footerLayoutType: layout })).toBe(max);
  });

  it('every pattern in the schema compiles', () => {
    for (const s of Object.values(footerSchema.settings)) for (const i of Object.values(s.item ?? {})) if (i.pattern) expect(() => new RegExp(i.pattern!, 'i')).not.toThrow();
  });
});

describe('what the footer shows', () => {
  it.each(FOOTER_LAYOUTS.map((l) => [l]))('layout %s is kept', (layout) => {
    expect(footerLayout(base({ footerLayoutType: layout }))).toBe(layout);
  });
  it('an unknown layout falls back to Contact Centric Footer', () => {
    expect(footerLayout(base({ footerLayoutType: 'x' }))).toBe('Contact Centric Footer');
  });

  it('stored lists over the limit are cut to it (records saved before a layout change)', () => {
    expect(listOf(base({ footerLayoutType: 'Classic Footer Bar', simpleLinks: n(9, link) }), 'simpleLinks')).toHaveLength(5);
    expect(listOf(base({ footerLayoutType: 'Mega Footer', simpleLinks: n(12, link) }), 'simpleLinks')).toHaveLength(10);
    expect(listOf(base({ contactItems: [...n(5, contact), 'junk'] }), 'contactItems')).toHaveLength(3);
  });

  it.each<[Record<string, unknown>, Partial<ReturnType<typeof contactEntry>>]>([
    [{ type: 'phone', value: '555 0100', countryCode: '+1', showIcon: true, iconColor: '#0052FF' }, { text: '+1 555 0100', href: 'tel:+15550100', icon: '#0052FF' }],
    [{ type: 'phone', value: '020 7946 0000', countryCode: '+44', showIcon: false }, { text: '+44 020 7946 0000', href: 'tel:+442079460000', icon: null }],
    [{ type: 'phone', value: '+33 1 23', countryCode: '+1' }, { href: 'tel:+33123' }],
    [{ type: 'email', value: 'hi@x.example', label: 'Mail' }, { text: 'hi@x.example', href: 'mailto:hi@x.example', label: 'Mail' }],
    [{ type: 'email', value: 'not an email' }, { href: null }],
    [{ type: 'address', value: '1 Main St' }, { text: '1 Main St', href: null }],
  ])('contact %j', (item, expected) => {
    expect(contactEntry(item)).toMatchObject(expected);
  });

  it('social icons: only http(s) links, each with its name and colour', () => {
    const items = [
      { type: 'instagram', link: 'https://instagram.com/a', showIcon: true, iconColor: '#e1306c' },
      { type: 'facebook', link: 'javascript:alert(1)', showIcon: true, iconColor: '#000' },
      { type: 'linkedin', link: 'https://linkedin.com/in/a', showIcon: false, iconColor: '#000' },
    ];
    expect(socialEntries(base({ socialItems: items }))).toEqual([
      { type: 'instagram', name: 'Instagram', href: 'https://instagram.com/a', icon: '#e1306c' },
      { type: 'linkedin', name: 'LinkedIn', href: 'https://linkedin.com/in/a', icon: null },
    ]);
  });

  const app = { pages: [{ id: 'p', slug: 'contact', name: 'Contact us', page_type: 'page', is_auth: false, is_public: true }], hrefOf: (s: string) => `/${s}` } as unknown as AppNav;
  it.each<[Record<string, unknown>, AppNav | undefined, ReturnType<typeof linkEntry>]>([
    [{ text: 'Docs', url: 'https://docs.example' }, undefined, { text: 'Docs', href: 'https://docs.example', page: null }],
    [{ text: 'Bad', url: 'javascript:alert(1)' }, undefined, { text: 'Bad', href: null, page: null }],
    [{ text: '', url: '', linkToInsert: 'contact' }, app, { text: 'Contact us', href: '/contact', page: 'contact' }],
    [{ text: 'Talk', url: 'https://x.example', linkToInsert: 'contact' }, app, { text: 'Talk', href: '/contact', page: 'contact' }],
    [{ text: 'Talk', url: '', linkToInsert: 'contact' }, undefined, { text: 'Talk', href: null, page: null }],
  ])('link %j', (item, a, expected) => {
    expect(linkEntry(item, a)).toEqual(expected);
  });
});
