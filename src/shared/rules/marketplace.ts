// Marketplace submission rules (shell §3, §4, §5, §8, §9): the one place the editor's form and the
// server's PUT /api/multipage/marketplace/review-request read their limits, lists and messages, so
// both say the same thing in the same words.

import { TEMPLATE_PREVIEW_READ_ONLY } from './template-preview';

export const MARKETPLACE_LIMITS = {
  minPrice: 5,
  /**
   * The highest price: Stripe charges at most 99,999,999 cents in one payment, and the price is
   * stored in whole cents (an integer column on PostgreSQL).
   */
  maxPrice: 999_999.99,
  priceStep: 0.01,
  defaultPrice: 5,
  summaryMax: 175,
  /** 3 MB per image. */
  imageMaxBytes: 3145728,
  /** 20 MB for the thumbnail and the additional images together. */
  totalMaxBytes: 20971520,
  maxAdditionalImages: 5,
  /** The dialog closes this long after a successful submit. */
  submitCloseMs: 3000,
  titleMax: 100,
  tagsMax: 20,
  tagMax: 40,
  /** The rich description's HTML, inline images included (its route accepts a body this big). */
  descriptionMaxChars: 4_000_000,
  rejectionReasonMax: 2000,
  /** Successful submissions of one app per hour (each freezes a full copy of the app and its rows). */
  submitsPerAppPerHour: 10,
} as const;

export const MARKETPLACE_CATEGORIES = [
  { value: 'ecommerce-retail', label: 'E-Commerce & Retail' },
  { value: 'education-training', label: 'Education & Training' },
  { value: 'hr-hiring-teams', label: 'HR /Hiring & Teams' },
  { value: 'events-bookings', label: 'Events & Bookings' },
  { value: 'operations-logistics', label: 'Operations & Logistics' },
  { value: 'finance-accounting', label: 'Finance & Accounting' },
  { value: 'sales-crm', label: 'Sales & CRM' },
  { value: 'real-estate-property', label: 'Real Estate & Property' },
  { value: 'personal-lifestyle', label: 'Personal & Lifestyle' },
  { value: 'project-task-management', label: 'Project & Task Management' },
  { value: 'other', label: 'Other' },
] as const;

export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number]['value'];

export function categoryLabel(value: string): string {
  return MARKETPLACE_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

export const THUMBNAIL_BG_PRESETS = [
  '#ffffff',
  '#f8f9fa',
  '#e3f2fd',
  '#f3e5f5',
  '#e8f5e8',
  '#fff3e0',
  '#ffebee',
  '#f5f5f5',
  '#000000',
  '#2196f3',
  '#9c27b0',
  '#4caf50',
] as const;
export const DEFAULT_THUMBNAIL_BG = '#ffffff';
/** A colour the free picker may give: #rgb or #rrggbb. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Review status (§4): none is "no request". */
export type ReviewStatus = 'none' | 'pending' | 'published' | 'rejected';
export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
/**
 * Submission is allowed from these only: a first submission (none), a resubmission (rejected), or
 * an update of a published template (its approved version stays listed until the update is approved).
 */
export const SUBMITTABLE: readonly ReviewStatus[] = ['none', 'rejected', 'published'];

export const MARKETPLACE_DIALOG_TITLES: Record<ReviewStatus, string> = {
  none: 'Publish to Marketplace',
  pending: 'Submission Status',
  published: 'Template Published',
  rejected: 'Resubmit Template',
};

export const REVIEW_STATUS_TEXT: Record<Exclude<ReviewStatus, 'none'>, string> = {
  pending: 'Pending Review',
  published: 'Published',
  rejected: 'Changes Requested',
};

/** §4's three status descriptions. */
export const REVIEW_STATUS_DESCRIPTIONS: Record<Exclude<ReviewStatus, 'none'>, string> = {
  pending: "Your template is being reviewed by our team. We'll e-mail you when it is approved or when changes are needed.",
  published: 'Your template has been approved and is live in the marketplace.',
  rejected: 'Your template was not approved. Review the feedback below, make your changes and resubmit.',
};

/** The sign-in methods (§3); only the first may go to the marketplace. */
export const NO_SIGN_IN = 'No sign in';
export const PASSWORD_SIGN_IN_METHOD = 'Use password set by user';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

/** Every message of §5 and §8 about the marketplace form, verbatim; numbers filled in by the functions. */
export const MARKETPLACE_MESSAGES = {
  required: 'Please fill in all required fields (Title, Summary, Description, Category)',
  descriptionRequired: 'Description is required',
  minPrice: 'Minimum price should be USD 5',
  priceTooHigh: 'Enter a price up to USD 999,999.99 with at most two decimals',
  noThumbnail: 'Please upload a thumbnail image',
  noAdditional: 'Please upload at least one additional image',
  fifthImage: 'Maximum of 5 additional images allowed. Please remove an image first.',
  imageRequirements: 'Image requirements: Max 3MB per image, 20MB total for all images.',
  summaryTooLong: `The summary can be at most ${MARKETPLACE_LIMITS.summaryMax} characters`,
  titleTooLong: `The title can be at most ${MARKETPLACE_LIMITS.titleMax} characters`,
  unknownCategory: 'Please choose a category from the list',
  badColour: 'Please choose a background colour from the presets or the colour picker',
  tooManyTags: `Please use at most ${MARKETPLACE_LIMITS.tagsMax} tags, each at most ${MARKETPLACE_LIMITS.tagMax} characters`,
  descriptionTooLong: 'The description is too long: please use fewer or smaller inline images',
  appNotPublic: 'App Not Public',
  appNotPublicHelp: "Your app must be public before it can go to the marketplace. Make it public first via 'Publish to Live'.",
  signInNotAllowed: 'Sign-in Method Not Allowed',
  signInNotAllowedHelp: "Only 'No sign-in' is allowed for the marketplace. Change the sign-in method in 'Publish to Live'.",
  stripeCheckFailed: 'Error checking Stripe account status. Please try again.',
  stripeNotConnected: 'To publish the template, please go to the billing page for Stripe connectivity.',
  noAppData: 'Unable to get current app data',
  submitServerError: 'An unexpected error occurred. Please try again or contact support if the problem persists.',
  submitFailed: 'Failed to submit template',
  submitted: 'Template submitted for review',
  cancelled: 'Submission cancelled successfully',
  cancelFailed: 'Failed to cancel submission',
  notSubmittable: 'This template is waiting for review. You can send changes once the review is done.',
  noRequest: 'There is no submission to cancel',
  thumbnailTooBigUpload: 'Thumbnail image exceeds the 3MB size limit. Please choose a smaller image.',
  paidOff: 'Paid templates are not available on this server yet: submit it as a free template.',
  rejectionReasonRequired: 'Please give the reason for the rejection: the owner reads it.',
  /** Any change through a template's frozen copy (rows, forms, uploads, actions, comments, the app itself). */
  templatePreviewReadOnly: TEMPLATE_PREVIEW_READ_ONLY,
  imageNotUploaded: 'Please upload the images again: one of them was not uploaded for this template.',
  imageTooBig: 'The image is too big: the limit is 3MB per image.',
  uploadNoImage: "Choose an image to upload (form field 'thumbnail' or 'image')",
  cannotCancelPublished: 'This template is published in the marketplace, so its submission can no longer be cancelled.',
  notAnImage: 'Please choose an image file (PNG, JPEG, GIF or WebP).',
} as const;

/**
 * The picture formats the marketplace takes (the server's image uploads take the same: SVG may
 * carry scripts; AVIF and HEIC are not shown by every browser).
 */
export const MARKETPLACE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** What the provider's admin area answers (sign-in, review decisions); shown as the screens' messages. */
export const ADMIN_MESSAGES = {
  /** Wrong e-mail or wrong password alike: which one is not told. */
  invalidCredentials: 'Invalid email or password',
  signIn: 'Please sign in to the admin area',
  tooManyAttempts: (wait: string) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
  requestNotFound: 'This review request does not exist',
  notPending: 'Only a request waiting for review can be approved or rejected: this one was already decided or withdrawn.',
  noVersion: 'This request has no template version to publish.',
  reasonTooLong: `The reason can be at most ${MARKETPLACE_LIMITS.rejectionReasonMax} characters`,
} as const;

export const marketplaceMessages = {
  /** A picture of a format the marketplace does not take, named in words (fileTypeName). */
  imageFormat: (name: string, said: string) => `${name} is ${said}, which cannot be used here. Please choose a PNG, JPEG, GIF or WebP image.`,
  thumbnailTooLarge: (bytes: number) => `Thumbnail image is too large (${mb(bytes)} MB). Maximum size per image is 3MB.`,
  thumbnailExceedsTotal: (totalBytes: number) =>
    `Adding this thumbnail would exceed the 20MB total limit (would be ${mb(totalBytes)} MB). Please choose a smaller image or remove an additional image.`,
  notAdded: (n: number) => `${n} file(s) were not added`,
  partialAdd: (added: number, tried: number) => `Only ${added} of ${tried} images were added. Maximum limit is 5 images.`,
  added: (n: number, totalBytes: number) => `${n} image(s) added successfully. Total size: ${mb(totalBytes)} MB / 20MB`,
  totalAtSubmit: (totalBytes: number) => `Total image size exceeds 20MB limit (${mb(totalBytes)} MB). Please reduce image sizes.`,
  imageTooBigUpload: (n: number) => `Image ${n} exceeds the 3MB size limit. Please choose smaller images.`,
  thumbnailUploadFailed: (why: string) => `Failed to upload thumbnail: ${why}`,
  imageUploadFailed: (n: number, why: string) => `Failed to upload image ${n}: ${why}`,
  /** A submission's rate limit (each one freezes a copy of the app); `wait` reads like '3 minutes'. */
  tooManySubmissions: (wait: string) => `This app was submitted too many times in a short while. Please wait ${wait} and try again.`,
  /** An image inserted into the description (same 3 MB limit as the others). */
  inlineImageTooLarge: (bytes: number) => `This image is too large (${mb(bytes)} MB). Maximum size per image is 3MB.`,
};

/** Tags as typed: comma separated, trimmed, empties dropped (an array passes through the same way). */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((t) => t.split(','));
  return parts.map((t) => t.trim()).filter((t) => t !== '');
}

/** Whether rich-text HTML holds anything: text other than white space, or an image. */
export function richTextHasContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    // Non-breaking and zero-width spaces, as characters or entities (&nbsp; &#160; &#xa0; &#8203; ...).
    .replace(/&nbsp;|&#0*160;|&#x0*a0;|&#0*8203;|&#x0*200b;|&ZeroWidthSpace;|\u200b|\u200c|\u200d|\ufeff/gi, ' ')
    .trim();
  return text !== '';
}

export interface ThumbnailCheck {
  ok: boolean;
  message?: string;
}

/** A thumbnail chosen in the form: its own size, then the total with the additional images. */
export function checkThumbnail(size: number, additionalBytes: number): ThumbnailCheck {
  if (size > MARKETPLACE_LIMITS.imageMaxBytes) return { ok: false, message: marketplaceMessages.thumbnailTooLarge(size) };
  if (size + additionalBytes > MARKETPLACE_LIMITS.totalMaxBytes) return { ok: false, message: marketplaceMessages.thumbnailExceedsTotal(size + additionalBytes) };
  return { ok: true };
}

export interface AdditionalImagesPlan {
  /** Indexes (into the files given) to add, in order. */
  accepted: number[];
  /** The multi-line report of files refused for size ('{n} file(s) were not added' ...), if any. */
  report: string | null;
  /** 'Maximum of 5 ...' when nothing can be added, or 'Only x of y ...' when some were left out for the count. */
  countMessage: string | null;
  /** 'n image(s) added successfully. Total size: ...' when any were added. */
  success: string | null;
}

/**
 * Which of the chosen files join the additional images (§5): each at most 3 MB, the total (with
 * the thumbnail and the images already there) at most 20 MB, at most 5 additional images.
 */
export function planAdditionalImages(
  current: { count: number; totalBytes: number },
  files: readonly { name: string; size: number }[],
): AdditionalImagesPlan {
  const max = MARKETPLACE_LIMITS.maxAdditionalImages;
  if (current.count >= max) return { accepted: [], report: null, countMessage: MARKETPLACE_MESSAGES.fifthImage, success: null };
  const accepted: number[] = [];
  const refused: string[] = [];
  let total = current.totalBytes;
  let sizeOk = 0;
  files.forEach((file, i) => {
    if (file.size > MARKETPLACE_LIMITS.imageMaxBytes) return void refused.push(`- ${file.name}: exceeds 3MB limit`);
    if (total + file.size > MARKETPLACE_LIMITS.totalMaxBytes) return void refused.push(`- ${file.name}: would exceed 20MB total limit`);
    sizeOk += 1;
    if (current.count + accepted.length >= max) return;
    accepted.push(i);
    total += file.size;
  });
  const report = refused.length ? [marketplaceMessages.notAdded(refused.length) + ':', ...refused, '', MARKETPLACE_MESSAGES.imageRequirements].join('\n') : null;
  const countMessage = sizeOk > accepted.length ? marketplaceMessages.partialAdd(accepted.length, sizeOk) : null;
  const success = accepted.length ? marketplaceMessages.added(accepted.length, total) : null;
  return { accepted, report, countMessage, success };
}

/** The submission as the form holds it (§3's submit payload, images as their stored references). */
export interface MarketplaceFormValues {
  title: string;
  summary: string;
  tags: string[];
  description: string;
  category: string;
  price: number;
  is_free: boolean;
  thumbnail: string;
  thumbnail_bg_color: string;
  additional_images: string[];
}

/**
 * The first problem of a submission, in §5's words (null: it may be sent). `imageBytes` is the
 * size of the thumbnail plus the additional images, when known (the server always knows it).
 */
export function marketplaceFormProblem(form: MarketplaceFormValues, imageBytes?: number): string | null {
  const tags = parseTags(form.tags);
  if (!form.title.trim() || !form.summary.trim() || !richTextHasContent(form.description) || !form.category || tags.length === 0)
    return MARKETPLACE_MESSAGES.required;
  if (!form.thumbnail) return MARKETPLACE_MESSAGES.noThumbnail;
  if (form.additional_images.length === 0) return MARKETPLACE_MESSAGES.noAdditional;
  if (form.title.trim().length > MARKETPLACE_LIMITS.titleMax) return MARKETPLACE_MESSAGES.titleTooLong;
  if (form.summary.trim().length > MARKETPLACE_LIMITS.summaryMax) return MARKETPLACE_MESSAGES.summaryTooLong;
  if (form.description.length > MARKETPLACE_LIMITS.descriptionMaxChars) return MARKETPLACE_MESSAGES.descriptionTooLong;
  if (!MARKETPLACE_CATEGORIES.some((c) => c.value === form.category)) return MARKETPLACE_MESSAGES.unknownCategory;
  if (tags.length > MARKETPLACE_LIMITS.tagsMax || tags.some((t) => t.length > MARKETPLACE_LIMITS.tagMax)) return MARKETPLACE_MESSAGES.tooManyTags;
  if (!form.is_free) {
    const problem = priceProblem(form.price);
    if (problem) return problem;
  }
  if (!HEX_COLOUR.test(form.thumbnail_bg_color)) return MARKETPLACE_MESSAGES.badColour;
  if (form.additional_images.length > MARKETPLACE_LIMITS.maxAdditionalImages) return MARKETPLACE_MESSAGES.fifthImage;
  if (imageBytes !== undefined && imageBytes > MARKETPLACE_LIMITS.totalMaxBytes) return marketplaceMessages.totalAtSubmit(imageBytes);
  return null;
}

/**
 * What is wrong with a paid template's price as typed (null: nothing). The price is taken as
 * written, never rounded first: 10.999 is refused rather than charged as 11.00, and anything over
 * Stripe's largest charge is refused here rather than by Stripe when a buyer pays.
 */
export function priceProblem(price: number): string | null {
  if (!Number.isFinite(price) || price < MARKETPLACE_LIMITS.minPrice) return MARKETPLACE_MESSAGES.minPrice;
  // A number typed with at most two decimals reads back the same from its two-decimal text.
  if (price > MARKETPLACE_LIMITS.maxPrice || Number(price.toFixed(2)) !== price) return MARKETPLACE_MESSAGES.priceTooHigh;
  return null;
}

/** A paid price in whole cents (the price passed priceProblem). */
export function priceCents(price: number): number {
  return Math.round(price * 100);
}

/** A price as the status view shows it: Free or $amount. */
export function priceLabel(isFree: boolean, price: number): string {
  return isFree ? 'Free' : `$${price.toFixed(2)}`;
}

/** The file name of a gallery download (§2.4): template-{type}-{index}.jpg. */
export function galleryDownloadName(type: 'thumbnail' | 'additional', index: number): string {
  return `template-${type}-${index}.jpg`;
}

// ---- Sellers' payment accounts (Stripe Connect, /dashboard/accountbilling) ----

export const STRIPE_LIMITS = {
  /** Largest webhook body Stripe may deliver to POST /api/stripe/webhook (events are a few kB). */
  webhookBodyMaxBytes: 1024 * 1024,
  /** Onboarding links and account checks one owner may ask for per window (each is a call to Stripe). */
  connectCallsPerOwner: 30,
  connectWindowMinutes: 10,
} as const;

/** What the billing routes answer when Stripe is not there to ask, in words for the owner. */
export const STRIPE_MESSAGES = {
  unreachable: 'Stripe could not be reached just now. Please try again in a few minutes.',
  misconfigured: 'Payments are not set up correctly on this server. Please tell its administrator.',
  tooManyCalls: (wait: string) => `Too many requests to Stripe. Please wait ${wait} and try again.`,
  webhookOff: 'Stripe webhooks are not set up on this server (STRIPE_WEBHOOK_SECRET is missing).',
  badSignature: 'The Stripe signature of this webhook is missing, wrong or too old.',
} as const;
