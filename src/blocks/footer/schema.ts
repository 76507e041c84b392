// Footer settings (spec, blocks-and-data §3 "Footer" and the §5 limits): five layouts, brand,
// sub-links (≤ 4), contact items (≤ 3; a new one is a phone with its icon on in #0052FF), social
// items (≤ 3; added instagram, facebook, linkedin; link required, http(s) only) and simple links
// (≤ 10, ≤ 5 in the Navigation Hub and Classic Footer Bar layouts). Data only.
import type { BlockSchema, HideRule } from '../../shared/settings/types';
import { capitalisedOptions, sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const FOOTER_LAYOUTS = ['Contact Centric Footer', 'Navigation Hub Footer', 'Classic Footer Bar', 'Brand Info Footer', 'Mega Footer'] as const;
export type FooterLayout = (typeof FOOTER_LAYOUTS)[number];

/** Spec §5 / §9 limits. */
export const FOOTER_LIMITS = { footerSublinks: 4, contactItems: 3, socialItems: 3, simpleLinks: 10, simpleLinksNarrow: 5 } as const;
/** Layouts that allow only 5 simple links. */
export const NARROW_LINK_LAYOUTS: FooterLayout[] = ['Navigation Hub Footer', 'Classic Footer Bar'];
export const SOCIAL_LINK_MESSAGE = 'Social link must start with http:// or https://';

const layoutIn = (...layouts: FooterLayout[]): HideRule => ({ setting: 'footerLayoutType', in: layouts });
const iconOn: HideRule = { setting: 'showIcon', equals: true };

export const footerSettings = defineSettings({
  footerLayoutType: { type: 'select', default: 'Contact Centric Footer', label: 'Layout', options: sameLabelOptions(...FOOTER_LAYOUTS) },
  FooterTitle: { type: 'input', default: 'Your Company', label: 'Footer title' },
  description: {
    type: 'textarea',
    default: 'A short line about what you do and who it is for.',
    label: 'Description',
    showIf: layoutIn('Contact Centric Footer', 'Navigation Hub Footer', 'Brand Info Footer', 'Mega Footer'),
  },
  logoImage: { type: 'image', default: '', label: 'Logo image' },
  copyrightText: { type: 'input', default: '© Your Company. All rights reserved.', label: 'Copyright text' },
  footerSublinks: {
    type: 'array',
    default: [],
    label: 'Sub-links',
    description: 'Small links beside the copyright (privacy, terms…).',
    maxItems: FOOTER_LIMITS.footerSublinks,
    item: {
      text: { type: 'input', default: '', label: 'Text' },
      url: { type: 'url', default: '', label: 'URL' },
    },
  },
  contactItems: {
    type: 'array',
    default: [
      { type: 'address', value: '123 Main Street, Springfield', countryCode: '', label: 'Address', showIcon: true, iconColor: '#0052FF' },
      { type: 'email', value: 'hello@example.com', countryCode: '', label: 'Email', showIcon: true, iconColor: '#0052FF' },
    ],
    label: 'Contact items',
    itemLabel: 'Contact',
    maxItems: FOOTER_LIMITS.contactItems,
    showIf: layoutIn('Contact Centric Footer', 'Mega Footer', 'Brand Info Footer'),
    item: {
      type: { type: 'select', default: 'phone', label: 'Type', options: capitalisedOptions('address', 'email', 'phone') },
      value: { type: 'input', default: '', label: 'Value' },
      countryCode: { type: 'input', default: '', label: 'Country code', description: 'e.g. +1', showIf: { setting: 'type', equals: 'phone' } },
      label: { type: 'input', default: '', label: 'Label' },
      showIcon: { type: 'boolean', default: true, label: 'Show icon' },
      iconColor: { type: 'color', default: '#0052FF', label: 'Icon colour', showIf: iconOn },
    },
  },
  socialItems: {
    type: 'array',
    default: [
      { type: 'instagram', link: 'https://www.instagram.com/', showIcon: true, iconColor: '#0052FF' },
      { type: 'facebook', link: 'https://www.facebook.com/', showIcon: true, iconColor: '#0052FF' },
      { type: 'linkedin', link: 'https://www.linkedin.com/', showIcon: true, iconColor: '#0052FF' },
    ],
    label: 'Social items',
    itemLabel: 'Social link',
    maxItems: FOOTER_LIMITS.socialItems,
    nextUnused: 'type',
    item: {
      type: { type: 'select', default: 'instagram', label: 'Type', options: sameLabelOptions('instagram', 'facebook', 'linkedin') },
      link: { type: 'url', default: '', label: 'Link', required: true, pattern: '^https?://', patternMessage: SOCIAL_LINK_MESSAGE },
      showIcon: { type: 'boolean', default: true, label: 'Show icon' },
      iconColor: { type: 'color', default: '#0052FF', label: 'Icon colour', showIf: iconOn },
    },
  },
  simpleLinks: {
    type: 'array',
    default: [],
    label: 'Simple links',
    itemLabel: 'Link',
    description: 'At most 10 (5 in the Navigation Hub and Classic Footer Bar layouts).',
    maxItems: FOOTER_LIMITS.simpleLinks,
    maxItemsWhen: [{ when: layoutIn(...NARROW_LINK_LAYOUTS), max: FOOTER_LIMITS.simpleLinksNarrow }],
    showIf: layoutIn('Navigation Hub Footer', 'Classic Footer Bar', 'Mega Footer'),
    item: {
      text: { type: 'input', default: '', label: 'Text' },
      url: { type: 'url', default: '', label: 'URL' },
      linkToInsert: { type: 'pages', default: '', label: 'Or a page of the app', description: 'When chosen, the link opens this page instead of the URL.' },
    },
  },
  background_color: { type: 'color', default: '#161819', label: 'Background colour' },
  font_color: { type: 'color', default: '#f8f9fa', label: 'Font colour' },
  link_color: { type: 'color', default: '#c7d2fe', label: 'Link colour' },
});

export const footerSchema: BlockSchema = {
  kind: 'footer',
  name: 'Footer',
  description: 'The bottom of every page: brand, links, contact details and social icons, in five layouts.',
  category: 'layout',
  icon: 'layout-bottombar',
  usesSheet: false,
  data: 'none',
  settings: {
    ...footerSettings,
  },
  needs: { frame: 'bottom' },
};
