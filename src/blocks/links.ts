// Addresses from settings that may reach an href or src (the presentation blocks: header, footer,
// banner, item details). Anything else (javascript:, data:, protocol-relative //host, odd
// schemes) is dropped, so a setting can never run script on the page.

const clean = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** A link: http(s) (www. gets https), mailto:, tel:, a path of this site (/…) or an anchor (#…). */
export function safeHref(value: unknown): string | null {
  const v = clean(value);
  if (/^tel:\+?[\d\-. ()]+$/i.test(v)) return v.replace(/[\s().-]/g, '');
  if (!v || /[\s<>"'\\]/.test(v)) return null;
  if (/^https?:\/\/[^/]/i.test(v)) {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:' ? v : null;
    } catch {
      return null;
    }
  }
  if (/^www\.[^/]/i.test(v)) return `https://${v}`;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(v)) return v;
  if (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\')) return v;
  if (/^#[\w-]*$/.test(v)) return v;
  return null;
}

/** True for links that leave the site (they open with rel="noopener noreferrer"). */
export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** An image: http(s) addresses and files uploaded to this server (/api/uploads/…, /uploads/…). */
export function safeImageSrc(value: unknown): string | null {
  const v = clean(value);
  if (/^https?:\/\/[^\s"'<>]+$/i.test(v)) return v;
  if (/^\/(?:api\/)?uploads\/[^\s"'<>]+$/.test(v) && !v.includes('..')) return v;
  return null;
}
