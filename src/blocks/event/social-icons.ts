// Social icons of the event block: Font Awesome names ('fa-brands fa-linkedin', 'fab fa-x-twitter',
// 'facebook') are mapped to the brand they name; the view draws that brand with the icon set we
// ship (no icon font is downloaded). Image icons must be safe addresses; links http(s) only.
import { linkHref, mediaSrc } from '../media-src';

export const BRANDS = [
  'facebook',
  'instagram',
  'linkedin',
  'x',
  'youtube',
  'tiktok',
  'github',
  'whatsapp',
  'telegram',
  'discord',
  'pinterest',
  'reddit',
  'mail',
  'globe',
] as const;
export type Brand = (typeof BRANDS)[number] | 'link';

const ALIASES: Record<string, Brand> = {
  twitter: 'x',
  'x-twitter': 'x',
  'square-x-twitter': 'x',
  envelope: 'mail',
  'envelope-open': 'mail',
  at: 'mail',
  'earth-americas': 'globe',
  link: 'link',
};

/** The brand a Font Awesome name points at ('fa-brands fa-facebook-f' → facebook). */
export function brandOf(icon: unknown): Brand {
  const names = (typeof icon === 'string' ? icon.toLowerCase() : '')
    .split(/\s+/)
    .map((n) => n.replace(/^fa-/, ''))
    .filter((n) => n && !['fab', 'fas', 'far', 'fa', 'brands', 'solid', 'regular'].includes(n));
  for (const n of names) {
    const base = n.replace(/-(?:f|square|in|alt|circle|official|play|btn)$/, '').replace(/^square-/, '');
    if ((BRANDS as readonly string[]).includes(base)) return base as Brand;
    if (ALIASES[n]) return ALIASES[n]!;
    if (ALIASES[base]) return ALIASES[base]!;
  }
  return 'link';
}

export interface SocialIcon {
  kind: 'brand' | 'image' | 'text';
  brand: Brand;
  image: string | null;
  text: string;
  href: string;
}

/** The icons to draw: items whose link is safe, each as a brand, an image or a short text. */
export function socialIconsOf(value: unknown): SocialIcon[] {
  if (!Array.isArray(value)) return [];
  const out: SocialIcon[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') continue;
    const it = item as Record<string, unknown>;
    const href = linkHref(it.url);
    if (!href || href.startsWith('/')) continue;
    const icon = typeof it.icon === 'string' ? it.icon.trim() : '';
    if (it.iconType === 'image') {
      const image = mediaSrc(icon);
      out.push({ kind: image ? 'image' : 'brand', brand: 'link', image, text: '', href });
    } else if (it.iconType === 'text') out.push({ kind: 'text', brand: 'link', image: null, text: icon.slice(0, 24) || 'Link', href });
    else out.push({ kind: 'brand', brand: brandOf(icon), image: null, text: '', href });
  }
  return out;
}
