// Helpers of the admin area's screens. Dates use the product's date display (lib/dates.ts).
export { formatInstant } from '../../lib/dates';

/** A link the server gave (the live preview): only http(s) addresses or this site's paths. */
export function safeLink(href: string): string | null {
  if (href.startsWith('/') && !href.startsWith('//') && !href.includes('\\')) return href;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An image the server gave: a link as above, or an inline picture (data:image/…;base64). */
export function safeImageSrc(src: string): string | null {
  if (/^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i.test(src)) return src;
  return safeLink(src);
}

/** The queue filters, in the order of the tabs. */
export const QUEUE_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'published', label: 'Published' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const;

export const DECISION_LABELS = { approved: 'Approved', rejected: 'Rejected' } as const;

/** The reason a reviewer types: required, trimmed, at most 2000 characters (RejectBody). */
export const REJECT_REASON_MAX = 2000;
export function checkRejectReason(reason: string): string | null {
  const r = reason.trim();
  if (!r) return 'Please write what the owner should change.';
  if (r.length > REJECT_REASON_MAX) return `Please keep the reason under ${REJECT_REASON_MAX} characters.`;
  return null;
}
