// Header (multipage) settings (spec, blocks-and-data §3 "Header (multipage)"): layout, title,
// logo, user menu, navigation items to pages or external links, breadcrumbs. Data only.
import type { BlockSchema, HideRule } from '../../shared/settings/types';
import { sameLabelOptions } from '../../shared/settings/options';
import { COMMON_SETTINGS } from '../../shared/settings/common';
import { defineSettings } from '../../shared/settings/read';

const isPage: HideRule = { setting: 'linkType', equals: 'page' };
const isExternal: HideRule = { setting: 'linkType', equals: 'external' };
const crumbs: HideRule = { setting: 'enableBreadcrumbs', equals: true };

export const headerSettings = defineSettings({
  // The common title, told apart from the header's own (issue 33: two 'title' fields).
  title: { ...COMMON_SETTINGS.title, label: 'Title bar', description: 'A line above the header, as every block may have. Empty: no bar.' },
  LayoutType: {
    type: 'select',
    default: 'Right',
    label: 'Layout',
    description: 'Where the navigation sits: right of the logo, centred under it, or beside it on the left.',
    options: sameLabelOptions('Right', 'Center', 'Left'),
  },
  HeaderTitle: { type: 'input', default: '', label: 'Header title', description: "The name inside the header, beside the logo. Empty: the app's name." },
  Logo: { type: 'image', default: '', label: 'Logo' },
  UserMenu: { type: 'boolean', default: true, label: 'User menu', description: 'Shows the signed-in user with a sign-out button.' },
  userProfileImage: {
    type: 'image',
    default: '',
    label: 'User profile image',
    description: "Empty: the user's initials.",
    showIf: { setting: 'UserMenu', equals: true },
  },
  navigationItems: {
    type: 'array',
    default: [],
    label: 'Navigation items',
    itemLabel: 'Link',
    description: "Empty: every page of the app in the app's order, except sign-in pages and detail pages (pages that show one item).",
    maxItems: 12,
    item: {
      name: { type: 'input', default: '', label: 'Name', description: "Empty: the page's name." },
      linkType: {
        type: 'select',
        default: 'page',
        label: 'Link type',
        options: [
          { value: 'page', label: 'Page' },
          { value: 'external', label: 'External URL' },
        ],
      },
      pageSlug: { type: 'pages', default: '', label: 'Page', showIf: isPage },
      pageId: { type: 'input', default: '', label: 'Page id', hidden: true },
      url: { type: 'url', default: '', label: 'URL', showIf: isExternal },
      active: { type: 'boolean', default: false, label: 'Highlighted', description: 'Always shown as the active item.' },
      openInNewTab: { type: 'boolean', default: false, label: 'Open in a new tab' },
    },
  },
  active_color: { type: 'color', default: '#4f46e5', label: 'Active item colour' },
  enableBreadcrumbs: { type: 'boolean', default: false, label: 'Breadcrumbs', description: 'The pages visited since the last header click.' },
  breadcrumbsColor: { type: 'color', default: '#6b7280', label: 'Breadcrumbs colour', showIf: crumbs },
  breadcrumbsSize: { type: 'number', default: 14, min: 10, max: 24, label: 'Breadcrumbs size (px)', showIf: crumbs },
});

export const headerSchema: BlockSchema = {
  kind: 'header',
  name: 'Header',
  description: 'Logo, title and navigation of a multipage app, with a user menu and breadcrumbs.',
  category: 'layout',
  icon: 'layout-navbar',
  usesSheet: false,
  data: 'none',
  settings: {
    ...headerSettings,
  },
  needs: { frame: 'top' },
};
