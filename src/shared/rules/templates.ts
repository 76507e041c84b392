// Marketplace, part 2 (issue 15): what visitors see when they browse, preview, use, clone and buy
// templates. One file for the editor-free screens and the server alike, so the words agree.
import { slugify } from './slug';

export const TEMPLATE_LIMITS = {
  /** Templates a listing page holds. */
  pageSize: 24,
  /** Longest search text. */
  searchMax: 200,
  /** Longest name of a cloned app. */
  cloneNameMax: 100,
  /** Clones one account may make per hour (each copies a whole app with its rows). */
  clonesPerHour: 20,
  /** Template updates applied or undone by one account per hour. */
  updatesPerHour: 30,
  /** Checkout sessions one account may open per hour. */
  checkoutsPerHour: 20,
  /** Longest listing slug. */
  slugMax: 100,
} as const;

/** §8 template flow: shown this long, then the visitor goes to /templates. */
export const TEMPLATE_FLOW_FALLBACK_MS = 3000;

/** Every text of the browse / use / clone / buy screens that the spec gives, verbatim. */
export const TEMPLATE_MESSAGES = {
  unidentified: 'Unable to identify template',
  notFound: 'Template not found in marketplace',
  loadFailed: 'Failed to load template information',
  useTemplate: 'Use Template',
  // Ours (the spec shows none):
  notPurchased: 'This template is paid: buy it first, then you can use it.',
  alreadyPurchased: 'You already bought this template: you can use it right away.',
  freeNoCheckout: 'This template is free: use it right away.',
  ownTemplate: 'This is your own template: you already have the app it was made from.',
  sellerCannotBePaid: 'The seller of this template cannot take payments right now. Please try again later.',
  paymentsOff: 'Paid templates cannot be bought on this server: payments are not set up.',
  cloneNameRequired: 'Please give the new app a name.',
  cloneNameTooLong: `The name can be at most ${TEMPLATE_LIMITS.cloneNameMax} characters.`,
  cloneFailed: 'The template could not be copied into your workspace. Please try again.',
  tooManyClones: (wait: string) => `You have copied many templates in a short while. Please wait ${wait} and try again.`,
  tooManyUpdates: (wait: string) => `You have applied or undone many template updates in a short while. Please wait ${wait} and try again.`,
  tooManyCheckouts: (wait: string) => `Too many payment attempts in a short while. Please wait ${wait} and try again.`,
  purchaseNotFound: 'We could not find this payment. If you were charged, please contact support.',
  mappingSheetMissing: 'Choose a sheet of your spreadsheet for every sheet the app uses.',
  mappingColumnUnknown: (column: string, sheet: string) => `The column '${column}' is not in the sheet '${sheet}'.`,
  mappingSpreadsheetNotYours: 'Choose one of your own spreadsheets.',
  mappingBreaks: (problems: readonly string[]) =>
    `This mapping would leave ${problems.length === 1 ? 'a block' : 'blocks'} without ${problems.length === 1 ? 'its column' : 'their columns'}: ${problems.join(' ')} Choose one of your columns for each, or say whether to drop the column from the block or remove the block.`,
} as const;

/** Listing filters (query `price`). */
export const PRICE_FILTERS = ['all', 'free', 'paid'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

/** Listing orders (query `sort`); newest first by default. */
export const TEMPLATE_SORTS = ['newest', 'oldest', 'price_low', 'price_high', 'title'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];
export const TEMPLATE_SORT_LABELS: Record<TemplateSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  price_low: 'Price: low to high',
  price_high: 'Price: high to low',
  title: 'Title (A–Z)',
};

/** Listing kinds: /templates and /marketplace show every kind, /multipage-templates multipage apps. */
export const TEMPLATE_KINDS = ['all', 'board', 'multipage'] as const;
export type TemplateKindFilter = (typeof TEMPLATE_KINDS)[number];

/**
 * A listing slug from a title: the spec's name-to-slug rule without edge hyphens, at most
 * TEMPLATE_LIMITS.slugMax characters; 'template' when nothing is left.
 */
export function templateSlugOf(title: string): string {
  return (
    slugify(title.trim())
      .replace(/^-+|-+$/g, '')
      .slice(0, TEMPLATE_LIMITS.slugMax)
      .replace(/-+$/g, '') || 'template'
  );
}

/**
 * The normalised form of a template name the use-template flow looks templates up by (§4: by
 * subdomain, slug or normalised name): the slug rule, so 'Sales  Board!' finds 'sales-board'.
 */
export function normalisedTemplateName(name: string): string {
  return templateSlugOf(name);
}
