// The board settings panel as data (blocks-and-data §3 "Board state" and "Page state"): the same
// setting format as block settings, so the editor's one SettingsForm draws them (colour inputs with
// swatches, image upload, lists). The server checks what is saved with the zod schemas of
// shared/api/board-settings.ts; board-state.test.ts keeps these keys and defaults equal to them.
// Runtime state of §3 (search, filters' values, page, current_section, tempo_block, can_edit,
// user_role, owner_email, sheets_data...) is not a setting and is not here.
import { BOARD_COLOUR_DEFAULTS, MAX_SOCIAL_ICONS, SOCIAL_BRANDS, SOCIAL_LABELS, SOCIAL_LINK_SCHEME } from '../rules/board-state';

export { BOARD_COLOUR_DEFAULTS };
import { defineSettings } from './read';
import type { SettingsSchema } from './types';

/** The three fields of `footer` and of `event`. */
export const footerGroupSettings = defineSettings({
  logo: { type: 'image', default: '', label: 'Logo' },
  socialMediaIcons: {
    type: 'array',
    default: [],
    label: 'Social icons',
    maxItems: MAX_SOCIAL_ICONS,
    nextUnused: 'type',
    item: {
      type: { type: 'select', default: 'facebook', label: 'Network', options: SOCIAL_BRANDS.map((b) => ({ value: b, label: SOCIAL_LABELS[b] })) },
      link: { type: 'url', default: '', label: 'Link', required: true, pattern: '^https?://', patternMessage: SOCIAL_LINK_SCHEME },
    },
  },
  copyrightText: { type: 'input', default: '', label: 'Copyright text' },
});

/** Tabs of the board settings panel; `group` names a nested object of the board state (footer, event). */
export interface BoardSettingsTab {
  value: string;
  label: string;
  group?: 'footer' | 'event';
  description?: string;
  settings: SettingsSchema;
}

export const BOARD_SETTINGS_TABS = [
  {
    value: 'general',
    label: 'General',
    settings: defineSettings({
      title: { type: 'input', default: '', label: 'Title', description: 'Shown in the navigation bar, the hero and the browser tab.' },
      logo: { type: 'image', default: '', label: 'Logo', description: 'Shown in the navigation bar.' },
      hide_hero: { type: 'boolean', default: false, label: 'Hide hero' },
      hero: { type: 'textarea', default: '', label: 'Hero text', description: 'A few words under the title at the top of the board.' },
      hero_image: { type: 'image', default: '', label: 'Hero image' },
      hide_search: { type: 'boolean', default: false, label: 'Hide search' },
      hide_filters: { type: 'boolean', default: true, label: 'Hide filters', description: 'The filters themselves are set under Filters.' },
    }),
  },
  {
    value: 'colours',
    label: 'Colours',
    settings: defineSettings({
      nav_background: { type: 'color', default: BOARD_COLOUR_DEFAULTS.nav_background, label: 'Navigation background' },
      hero_background: { type: 'color', default: BOARD_COLOUR_DEFAULTS.hero_background, label: 'Hero background' },
      board_background: { type: 'color', default: BOARD_COLOUR_DEFAULTS.board_background, label: 'Board background' },
      block_border: { type: 'color', default: BOARD_COLOUR_DEFAULTS.block_border, label: 'Block border' },
      block_shadow: { type: 'color', default: BOARD_COLOUR_DEFAULTS.block_shadow, label: 'Block shadow' },
      palette: { type: 'colors', default: [], label: 'Palette', description: 'The colours of charts that keep their default colours.' },
    }),
  },
  {
    value: 'sections',
    label: 'Sections',
    settings: defineSettings({
      sections: {
        type: 'input',
        default: '',
        label: 'Sections',
        description: 'Names separated by commas, e.g. Sales, Stock. Visitors switch between them; a block shows under the section named in its settings (blocks without one show under all).',
      },
      active_section_text_color: { type: 'color', default: BOARD_COLOUR_DEFAULTS.active_section_text_color, label: 'Active section text colour' },
      active_section_background_color: { type: 'color', default: BOARD_COLOUR_DEFAULTS.active_section_background_color, label: 'Active section background colour' },
      inactive_section_text_color: { type: 'color', default: BOARD_COLOUR_DEFAULTS.inactive_section_text_color, label: 'Inactive section text colour' },
    }),
  },
  { value: 'footer', label: 'Footer', group: 'footer', description: 'The bottom of the board.', settings: footerGroupSettings },
  {
    value: 'event',
    label: 'Event',
    group: 'event',
    description: 'An event strip above the footer: the event’s organiser or sponsor, their links and their line of text.',
    settings: footerGroupSettings,
  },
] as const satisfies readonly BoardSettingsTab[];

/** What a multipage app's App Settings offer besides its name: its pages' default colours and palette. */
export const APP_SETTINGS = defineSettings({
  nav_background: { type: 'color', default: BOARD_COLOUR_DEFAULTS.nav_background, label: 'Navigation background', description: 'The header block’s background where it keeps its own default.' },
  board_background: { type: 'color', default: BOARD_COLOUR_DEFAULTS.board_background, label: 'Page background' },
  block_border: { type: 'color', default: BOARD_COLOUR_DEFAULTS.block_border, label: 'Block border' },
  block_shadow: { type: 'color', default: BOARD_COLOUR_DEFAULTS.block_shadow, label: 'Block shadow' },
  palette: { type: 'colors', default: [], label: 'Palette', description: 'The colours of charts that keep their default colours.' },
});

/**
 * A multipage page's own settings (page state) besides its colours, which the page settings form
 * has had since issue 4: empty values follow the app's.
 */
export const PAGE_STATE_SETTINGS = defineSettings({
  title: { type: 'input', default: '', label: 'Browser tab title', description: 'Empty: the page name and the app name.' },
  nav_background: { type: 'color', default: '', label: 'Navigation background', description: 'Colours the app’s header on this page. Empty: the app’s.' },
  palette: { type: 'colors', default: [], label: 'Palette', description: 'The colours of charts on this page. Empty: the app’s.' },
});
