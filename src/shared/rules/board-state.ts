// The rules of the board state settings that the guest's page needs too (no zod here: the guest's
// path must not download it): section names, palette colours, image references, social networks
// and the spec's colours. shared/api/board-settings.ts checks saves with them.

/** Spec defaults (blocks-and-data §9) and the section colours' own. */
export const BOARD_COLOUR_DEFAULTS = {
  nav_background: '#161819',
  hero_background: '#161819',
  board_background: '#FAFAFA',
  block_border: '#e7ebf3',
  block_shadow: '#ebeff3',
  active_section_text_color: '#ffffff',
  inactive_section_text_color: '#4b5563',
  active_section_background_color: '#4f46e5',
} as const;

/** Image settings hold an uploaded file (/api/uploads/{id}, the uploads module) or an http(s) address. */
export const IMAGE_REF_MESSAGE = 'Use an image address starting with https:// or upload an image';
export function isImageRef(v: string): boolean {
  return v === '' || /^https?:\/\/[^\s"'<>]+$/i.test(v) || /^\/api\/uploads\/[A-Za-z0-9_-]{1,32}$/.test(v);
}

/** An http(s) link fit for href, else null (social links). */
export function httpLink(v: unknown): string | null {
  const s = typeof v === 'string' ? v.trim() : '';
  return /^https?:\/\/[^\s"'<>]+$/i.test(s) ? s : null;
}

/** Brands a footer social icon may show (blocks-and-data §3 footer {socialMediaIcons}). */
export const SOCIAL_BRANDS = ['facebook', 'instagram', 'linkedin', 'x', 'youtube', 'tiktok', 'github', 'whatsapp', 'telegram', 'website'] as const;
export type SocialBrand = (typeof SOCIAL_BRANDS)[number];
export const SOCIAL_LABELS: Record<SocialBrand, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  github: 'GitHub',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  website: 'Website',
};
/** Spec §5: 'Footer social link is required and must start with http or https.' */
export const SOCIAL_LINK_REQUIRED = 'Social link is required';
export const SOCIAL_LINK_SCHEME = 'Social link must start with http:// or https://';
export const MAX_SOCIAL_ICONS = 10;

/** Sections (comma-separated text): the board's tabs. */
export const MAX_SECTIONS = 20;
export const MAX_SECTION_NAME = 40;
/** The section names of the comma-separated text: trimmed, empties and repeats dropped. */
export function sectionNames(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
}

/** The palette (default chart colours): a list of colours, or the same as comma-separated text. */
export const MAX_PALETTE = 20;
/** The palette's colours ([] when none): what charts use unless a chart sets its own. */
export function paletteColours(v: unknown): string[] {
  const list: unknown[] = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  return list
    .filter((c): c is string => typeof c === 'string')
    .map((c) => c.trim())
    .filter(Boolean)
    .slice(0, MAX_PALETTE);
}
