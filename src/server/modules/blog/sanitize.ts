// The one cleaner of a blog post's rich text: applied on every write and again whenever a post is
// served (API, HTML page, feed), so a rule tightened later also covers what was stored before.
// The same allow-list as the marketplace description (marketplace/sanitize.ts richTextOptions);
// what differs is that images come only from the blog's media library (re-encoded on upload) and
// that links are the provider's own (no nofollow).
import { richTextOptions, sanitize } from '../../platform/sanitize';

/** A media library image: `/api/blog/media/{id}`, nothing before or after. */
export const BLOG_MEDIA_URL = /^\/api\/blog\/media\/[A-Za-z0-9_-]{1,32}$/;

const OPTIONS = richTextOptions({ imageSrc: BLOG_MEDIA_URL, dataImages: false, linkRel: 'noopener noreferrer' });

/** A post's content as it may be stored and shown. */
export function cleanPostHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/** `text` safe inside HTML text and quoted attributes (also XML: &apos; is not needed there). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
