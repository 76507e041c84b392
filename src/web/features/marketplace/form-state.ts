// The marketplace form (shell §3, §4, §5, §8) as pure steps: the state the screen holds, the state
// pre-filled from a rejected request, the values checked with the shared validator, the §3 submit
// payload, and which §8 message a failed upload or submit shows. MarketplaceForm.tsx runs them.
import {
  DEFAULT_THUMBNAIL_BG,
  MARKETPLACE_DIALOG_TITLES,
  MARKETPLACE_LIMITS,
  MARKETPLACE_MESSAGES,
  marketplaceMessages,
  NO_SIGN_IN,
  parseTags,
  REVIEW_STATUS_TEXT,
  type MarketplaceFormValues,
  type ReviewStatus,
} from '../../../shared/rules/marketplace';
import type { ReviewRequest, SubmitForm, TemplateContentsSheet } from '../../../shared/api/marketplace';
import { ApiError } from '../../lib/api';

/**
 * One image of the form: either already stored (`url`, from the request being edited) or chosen
 * in this browser and not uploaded yet (`file`, shown through `src`, an object URL).
 */
export interface FormImage<F = File> {
  id: string;
  name: string;
  /** Bytes; 0 when unknown (an image already stored: the server counts it). */
  size: number;
  /** What an <img> shows. */
  src: string;
  /** Stored reference (image URL) once uploaded, or of an existing image. */
  url?: string;
  file?: F;
}

export interface MarketplaceFormState<F = File> {
  title: string;
  summary: string;
  /** As typed: comma separated (parseTags makes the list). */
  tagsText: string;
  description: string;
  category: string;
  isFree: boolean;
  price: number;
  bg: string;
  thumbnail: FormImage<F> | null;
  additional: FormImage<F>[];
  /** Whether the sample rows ship (false: "Send the template without its data"). */
  withData: boolean;
  /** The request being edited (edit & resubmit), else null. */
  requestId: string | null;
}

export function emptyFormState<F = File>(): MarketplaceFormState<F> {
  return {
    title: '',
    summary: '',
    tagsText: '',
    description: '',
    category: '',
    isFree: true,
    price: MARKETPLACE_LIMITS.defaultPrice,
    bg: DEFAULT_THUMBNAIL_BG,
    thumbnail: null,
    additional: [],
    withData: true,
    requestId: null,
  };
}

/**
 * What an image sent before is called in the form: its file name when its address has one
 * (photo.png); an uploaded one's address ends in the upload's id, which names nothing a seller
 * chose, so it is called after its place ('Current thumbnail').
 */
export const fileNameOf = (url: string, fallback: string) => {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  return /\.[a-z0-9]{2,5}$/i.test(name) && !url.startsWith('/api/uploads/') ? name : fallback;
};

/** 'Edit & Resubmit' and 'Submit an update': the form pre-filled from the existing request, its images counting as added. */
export function formStateFromRequest<F = File>(r: ReviewRequest): MarketplaceFormState<F> {
  return {
    title: r.title,
    summary: r.summary,
    tagsText: r.tags.join(', '),
    description: r.description,
    category: r.category,
    isFree: r.is_free,
    price: r.is_free ? MARKETPLACE_LIMITS.defaultPrice : r.price,
    bg: r.thumbnail_bg_color || DEFAULT_THUMBNAIL_BG,
    thumbnail: r.thumbnail ? { id: 'existing-thumbnail', name: fileNameOf(r.thumbnail, 'Current thumbnail'), size: 0, src: r.thumbnail, url: r.thumbnail } : null,
    additional: r.additional_images.map((url, i) => ({ id: `existing-${i}`, name: fileNameOf(url, `Current image ${i + 1}`), size: 0, src: url, url })),
    // A resubmission starts from the last choice: rows held back once are not sent by a default.
    withData: r.with_data,
    requestId: r.id,
  };
}

/** The summary keeps at most 175 characters as typed (it is trimmed when sent). */
export const clampSummary = (text: string) => text.slice(0, MARKETPLACE_LIMITS.summaryMax);
/** The counter under the summary: 'n / 175'. */
export const summaryCounter = (text: string) => `${text.trim().length} / ${MARKETPLACE_LIMITS.summaryMax}`;

/** Bytes of the images chosen in this browser (stored ones are counted by the server). */
export const additionalBytes = (s: Pick<MarketplaceFormState<unknown>, 'additional'>) => s.additional.reduce((n, i) => n + i.size, 0);
export const imageBytes = (s: Pick<MarketplaceFormState<unknown>, 'additional' | 'thumbnail'>) => additionalBytes(s) + (s.thumbnail?.size ?? 0);

/**
 * The values marketplaceFormProblem checks. Images not uploaded yet stand in with their preview
 * address (they are uploaded only once the form passes).
 */
export function formValues(s: MarketplaceFormState<unknown>): MarketplaceFormValues {
  return {
    title: s.title.trim(),
    summary: s.summary.trim(),
    tags: parseTags(s.tagsText),
    description: s.description,
    category: s.category,
    price: s.isFree ? MARKETPLACE_LIMITS.defaultPrice : s.price,
    is_free: s.isFree,
    thumbnail: s.thumbnail ? (s.thumbnail.url ?? s.thumbnail.src) : '',
    thumbnail_bg_color: s.bg,
    additional_images: s.additional.map((i) => i.url ?? i.src),
  };
}

/** The app as read at submit time (GET /api/apps/{id}): where the payload's app fields come from. */
export interface SubmitApp {
  id: string;
  public: boolean;
  sign_in_method: string;
  publishUrl?: string | null | undefined;
}

/**
 * §3's submit payload, sent as { form }. `thumbnail` and `additional` are the stored references
 * (uploaded first); `previewUrl` is the app's public address.
 */
export function submitPayload(s: MarketplaceFormState<unknown>, uploaded: { thumbnail: string; additional: string[] }, app: SubmitApp, previewUrl: string): SubmitForm {
  const v = formValues(s);
  return {
    title: v.title,
    summary: v.summary,
    tags: v.tags,
    description: v.description,
    category: v.category,
    price: v.price,
    is_free: v.is_free,
    thumbnail: uploaded.thumbnail,
    thumbnail_bg_color: v.thumbnail_bg_color,
    additional_images: uploaded.additional,
    preview_url: previewUrl,
    app_id: app.id,
    request_id: s.requestId,
    is_public: app.public,
    publish_url: app.publishUrl?.trim() || previewUrl,
    sign_in_method: app.sign_in_method,
    // The marketplace takes 'No sign in' apps only: there is never a password to send.
    sign_in_password: null,
    with_data: s.withData,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const columnList = (columns: readonly string[]) => (columns.length ? `columns: ${columns.join(', ')}` : 'no columns');

/**
 * What ships with the template, in plain words (GET review-request/contents): '1 sheet, 2 rows;
 * columns: Item, Price', or for several sheets a first line '3 sheets, 41 rows' and one line per
 * sheet. Without its data the rows read 'no rows'. Plain text: React renders it, never as markup.
 */
export function contentsSummary(sheets: readonly TemplateContentsSheet[], withData: boolean): { headline: string; lines: string[] } {
  if (sheets.length === 0) return { headline: 'No sheet data: no block on a public page of this app shows a sheet.', lines: [] };
  const rowsText = (n: number) => (withData ? plural(n, 'row', 'rows') : 'no rows');
  const total = sheets.reduce((sum, s) => sum + s.rows, 0);
  const head = `${plural(sheets.length, 'sheet', 'sheets')}, ${rowsText(total)}`;
  if (sheets.length === 1) return { headline: `${head}; ${columnList(sheets[0]!.columns)}`, lines: [] };
  return { headline: head, lines: sheets.map((s) => `${s.title}: ${rowsText(s.rows)}; ${columnList(s.columns)}`) };
}

/** Why the form is locked (§2.4, §5), or null when the app may go to the marketplace. */
export function formLock(app: { public: boolean; sign_in_method: string } | null | undefined): 'not-public' | 'sign-in' | null {
  if (!app || !app.public) return 'not-public';
  if (app.sign_in_method !== NO_SIGN_IN) return 'sign-in';
  return null;
}

const isTooBig = (e: unknown) => e instanceof ApiError && e.status === 400 && /too big/i.test(e.message);
const why = (e: unknown) => (e instanceof Error && e.message ? e.message : MARKETPLACE_MESSAGES.submitFailed);

/** §8's upload messages: the thumbnail, or additional image number `n` (1-based). */
export function uploadErrorMessage(e: unknown, n: number | 'thumbnail'): string {
  if (n === 'thumbnail') return isTooBig(e) ? MARKETPLACE_MESSAGES.thumbnailTooBigUpload : marketplaceMessages.thumbnailUploadFailed(why(e));
  return isTooBig(e) ? marketplaceMessages.imageTooBigUpload(n) : marketplaceMessages.imageUploadFailed(n, why(e));
}

/** §8's submit messages: 500 → the unexpected-error text; else the server's message or the default. */
export function submitErrorMessage(e: unknown): string {
  if (e instanceof ApiError && e.status === 500) return MARKETPLACE_MESSAGES.submitServerError;
  return e instanceof Error && e.message ? e.message : MARKETPLACE_MESSAGES.submitFailed;
}

/** The status of an app's request (none when there is none, or it could not be loaded). */
export const statusOf = (r: Pick<ReviewRequest, 'status'> | null | undefined): ReviewStatus => r?.status ?? 'none';

/** 'Launch Your App', followed by the review status when there is a request ('Launch Your App · Pending Review'). */
export function launchDialogTitle(status: ReviewStatus): string {
  return status === 'none' ? 'Launch Your App' : `Launch Your App · ${REVIEW_STATUS_TEXT[status]}`;
}

/** The title of the form that sends an update of a listed template (the spec names only the rejected one's). */
export const UPDATE_TEMPLATE_TITLE = 'Update Your Listed Template';

/**
 * The marketplace part's title: edit mode of a rejected request is the spec's resubmission; of a
 * published one it sends an update, and says so (the listed version stays until it is approved).
 */
export function marketplaceTitle(status: ReviewStatus, editing: boolean): string {
  if (editing) return status === 'published' ? UPDATE_TEMPLATE_TITLE : MARKETPLACE_DIALOG_TITLES.rejected;
  return MARKETPLACE_DIALOG_TITLES[status];
}

/**
 * A version of this template was approved (an 'approved' decision sets the published version), so
 * it stays listed in the marketplace while a newer version is reviewed and the request can no
 * longer be cancelled (the server answers 409).
 */
export const hasPublishedVersion = (r: Pick<ReviewRequest, 'decisions'>) => r.decisions.some((d) => d.decision === 'approved');

/**
 * The status view's buttons: 'Cancel Submission' while pending (never once a version is listed),
 * 'Edit & Resubmit' when changes are requested, 'Submit an update' when published (both open the
 * form pre-filled, in edit mode).
 */
export function statusActions(r: Pick<ReviewRequest, 'status' | 'decisions'>): { cancel: boolean; edit: 'Edit & Resubmit' | 'Submit an update' | null } {
  return {
    cancel: r.status === 'pending' && !hasPublishedVersion(r),
    edit: r.status === 'rejected' ? 'Edit & Resubmit' : r.status === 'published' ? 'Submit an update' : null,
  };
}

/** The submit button: 'Update Template' in edit mode, 'Submit for Review' otherwise. */
export const submitLabel = (editing: boolean) => (editing ? 'Update Template' : 'Submit for Review');

/** The gallery's pictures: the thumbnail first, then the additional images (with their download names' parts). */
export function galleryItems(r: Pick<ReviewRequest, 'thumbnail' | 'additional_images'>): { src: string; type: 'thumbnail' | 'additional'; index: number }[] {
  return [
    ...(r.thumbnail ? [{ src: r.thumbnail, type: 'thumbnail' as const, index: 1 }] : []),
    ...r.additional_images.map((src, i) => ({ src, type: 'additional' as const, index: i + 1 })),
  ];
}

/** The gallery's position after a key (§2.4: ← back; → or space forward; wraps around), or null for keys it ignores. */
export function galleryStep(key: string, at: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'ArrowRight' || key === ' ' || key === 'Spacebar') return (at + 1) % count;
  return null;
}
