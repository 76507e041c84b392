// Addresses from settings and cells of the presentation blocks (gallery, image text, testimonial):
// only http(s) and files served by us (/api/uploads/{id}) reach a src; links may also be
// site-relative paths. Nothing else (javascript:, data:, //host) becomes an attribute.

/** The text of a cell or setting value. */
export function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** An image (or other media) address fit for `src`, or null. */
export function mediaSrc(v: unknown): string | null {
  const s = textOf(v);
  if (/^https?:\/\/[^\s"'<>]+$/i.test(s)) return s;
  if (/^\/api\/uploads\/[A-Za-z0-9_-]{1,32}$/.test(s)) return s;
  return null;
}

/** A link target fit for `href` (http(s), www., a site path or mailto:), or null. */
export function linkHref(v: unknown): string | null {
  const s = textOf(v);
  if (/^https?:\/\/[^\s"'<>]+$/i.test(s)) return s;
  if (/^www\.[^\s"'<>]+$/i.test(s)) return `https://${s}`;
  if (/^\/(?!\/)[^\s"'<>]*$/.test(s) && !s.includes('..')) return s;
  if (/^mailto:[^\s"'<>]+@[^\s"'<>]+$/i.test(s)) return s;
  return null;
}
