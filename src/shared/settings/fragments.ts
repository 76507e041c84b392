// Setting groups that several block schemas declare alike: the same stored keys, defaults and
// labels, read the same way by the views. They live in src/shared because a block's schema.ts
// imports only src/shared. A schema spreads a group where it stands in its panel. Every group is
// plain data (JSON round trip); where the hide rule differs per schema, a function takes the rule
// and returns the data.
import { defineSettings } from './read';
import type { HideRule } from './types';

/** `showIf` only when there is a rule: an absent key, never `showIf: undefined`. */
const shownIf = (showIf: HideRule | undefined) => (showIf ? { showIf } : {});

/**
 * A button's colours, `button_color` (indigo) and `button_text_color` (white): the app-user
 * forms' submit button, the comments' post button, card and feature link buttons.
 */
export function buttonColorSettings(showIf?: HideRule) {
  return defineSettings({
    button_color: { type: 'color', default: '#4f46e5', label: 'Button colour', ...shownIf(showIf) },
    button_text_color: { type: 'color', default: '#ffffff', label: 'Button text colour', ...shownIf(showIf) },
  });
}

/** The colours of one action button of a row (table, list, item details): `button_color`, `text_color`. */
export const actionColorSettings = defineSettings({
  button_color: { type: 'color', default: '#4f46e5', label: 'Button colour' },
  text_color: { type: 'color', default: '#ffffff', label: 'Text colour' },
});

/** The text of a card's button field (grid and data list); the default is the spec's. */
export function cardButtonTextSetting(showIf: HideRule) {
  return {
    type: 'input',
    default: 'Click me',
    label: 'Button text',
    description: "The button opens the row's link in this column (http/https), or the detail page below.",
    showIf,
  } as const;
}

/** The page a card's button field opens with its row, instead of the row's link. */
export function detailPageSetting(showIf: HideRule) {
  return {
    type: 'pages',
    default: '',
    label: 'Open detail page',
    description: 'Multipage apps: the button opens this page with the row instead of the link.',
    showIf,
  } as const;
}

/** Pages the app-user views link to (auth-forms.ts `authPage`), with the slugs found when none is chosen. */
const AUTH_PAGES = {
  login: { label: 'Sign-in page', slugs: 'login (or signin, sign-in)' },
  register: { label: 'Sign-up page', slugs: 'register (or signup, sign-up)' },
  forgot: { label: 'Forgot-password page', slugs: 'forgot (or reset, password)' },
} as const;

/** The page an app-user link opens: the one chosen, else found by its slug. */
export function authPageSetting(purpose: keyof typeof AUTH_PAGES, showIf?: HideRule) {
  const page = AUTH_PAGES[purpose];
  return { type: 'pages', default: '', label: page.label, description: `Empty: the page with the slug ${page.slugs}.`, ...shownIf(showIf) } as const;
}
