// Choosing the form's images (shell §5): the thumbnail and up to 5 additional images, checked in
// the browser with the shared rules before anything is sent; and an image put inline into the
// description. Pure: the screen gives the files and turns the accepted ones into previews.
import { fileTypeName } from '../../../shared/rules/file-types';
import {
  checkThumbnail,
  MARKETPLACE_IMAGE_TYPES,
  MARKETPLACE_LIMITS,
  MARKETPLACE_MESSAGES,
  marketplaceMessages,
  planAdditionalImages,
} from '../../../shared/rules/marketplace';
import { additionalBytes, type FormImage, type MarketplaceFormState } from './form-state';

export interface ImageNotice {
  kind: 'error' | 'warning' | 'success';
  /** May hold line breaks (the multi-line report): shown as they are. */
  text: string;
}

const isImage = (f: { type: string }) => MARKETPLACE_IMAGE_TYPES.includes(f.type.toLowerCase());

/**
 * Why a file is not one of the pictures the marketplace takes, in words: another picture format
 * (SVG, AVIF, HEIC) is named, so the seller knows what to convert; anything else is "not an image".
 */
export function imageTypeProblem(file: { name: string; type: string }): string {
  if (!file.type.startsWith('image/') && !/\.(heic|heif|avif|svg)$/i.test(file.name)) return MARKETPLACE_MESSAGES.notAnImage;
  const type = file.type || (/\.heic$/i.test(file.name) ? 'image/heic' : /\.heif$/i.test(file.name) ? 'image/heif' : /\.avif$/i.test(file.name) ? 'image/avif' : 'image/svg+xml');
  return marketplaceMessages.imageFormat(file.name, fileTypeName(type, file.name));
}

/** A thumbnail chosen: the new state, or the message saying why it was not taken. */
export function chooseThumbnail<F extends { name: string; size: number; type: string }>(
  s: MarketplaceFormState<F>,
  file: F,
  toImage: (file: F) => FormImage<F>,
): { state: MarketplaceFormState<F>; notice: ImageNotice | null } {
  if (!isImage(file)) return { state: s, notice: { kind: 'error', text: imageTypeProblem(file) } };
  const check = checkThumbnail(file.size, additionalBytes(s));
  if (!check.ok) return { state: s, notice: { kind: 'error', text: check.message! } };
  return { state: { ...s, thumbnail: toImage(file) }, notice: null };
}

/**
 * Additional images chosen: those the rules accept join the list; the notices are the size report,
 * the count message and the success line, in that order.
 */
export function chooseAdditional<F extends { name: string; size: number; type: string }>(
  s: MarketplaceFormState<F>,
  files: readonly F[],
  toImage: (file: F) => FormImage<F>,
): { state: MarketplaceFormState<F>; notices: ImageNotice[] } {
  const images = files.filter(isImage);
  const notices: ImageNotice[] = [];
  for (const f of files) if (!isImage(f)) notices.push({ kind: 'error', text: imageTypeProblem(f) });
  if (images.length === 0) return { state: s, notices };
  const plan = planAdditionalImages({ count: s.additional.length, totalBytes: additionalBytes(s) + (s.thumbnail?.size ?? 0) }, images);
  if (plan.report) notices.push({ kind: 'error', text: plan.report });
  if (plan.countMessage) notices.push({ kind: plan.accepted.length ? 'warning' : 'error', text: plan.countMessage });
  if (plan.success) notices.push({ kind: 'success', text: plan.success });
  const added = plan.accepted.map((i) => toImage(images[i]!));
  return { state: added.length ? { ...s, additional: [...s.additional, ...added] } : s, notices };
}

/** Why an image cannot go inline into the description (type, the 3 MB limit, the description's size), or null. */
export function inlineImageProblem(file: { name: string; type: string; size: number }, descriptionChars: number): string | null {
  if (!isImage(file)) return imageTypeProblem(file);
  if (file.size > MARKETPLACE_LIMITS.imageMaxBytes) return marketplaceMessages.inlineImageTooLarge(file.size);
  // A data: URL takes 4 characters for every 3 bytes.
  if (descriptionChars + Math.ceil(file.size / 3) * 4 > MARKETPLACE_LIMITS.descriptionMaxChars) return MARKETPLACE_MESSAGES.descriptionTooLong;
  return null;
}
