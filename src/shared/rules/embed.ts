/**
 * The embed dialog's rules (blocks-and-data §2 "Embed dialog (multipage)", §6, §9): which pages
 * and blocks may be chosen, what the selection falls back to, whether a page can be embedded, and
 * the snippet. Pure: the dialog and its tests use the same functions.
 */

export const EMBED_DEFAULT_HEIGHT = 500;
export const EMBED_DEFAULT_WIDTH = 800;

/** Slugs of sign-in and admin pages: embedding them makes no sense (and invites clickjacking). */
export const NON_EMBEDDABLE_SLUGS: readonly string[] = [
  'login',
  'signin',
  'sign-in',
  'signup',
  'sign-up',
  'register',
  'register-user',
  'password',
  'forgot',
  'reset',
  'auth',
  'authenticate',
  'admin',
  'invitation',
  'invite',
  'accept-invitation',
  'accept',
];

/** whole app (initial) / this page / a specific block. */
export type EmbedChoice = 'app' | 'page' | 'block';
export const INITIAL_EMBED_CHOICE: EmbedChoice = 'app';

/** A page as the dialog needs it (the Page list item of §3: slug, auth flag, public flag). */
export interface EmbedPage {
  page_slug: string;
  page_type?: string;
  is_auth?: boolean;
  is_public?: boolean;
}

/** The page's slug as written in an address: no slashes around it, lower case. */
function bareSlug(slug: string): string {
  return slug.trim().replace(/^\/+|\/+$/g, '').toLowerCase();
}

export function isReservedEmbedSlug(slug: string): boolean {
  return NON_EMBEDDABLE_SLUGS.includes(bareSlug(slug));
}

/** Page choices: pages flagged as auth and pages with a sign-in/admin slug are left out. */
export function embeddablePages<P extends EmbedPage>(pages: readonly P[]): P[] {
  return pages.filter((p) => !p.is_auth && !isReservedEmbedSlug(p.page_slug));
}

/**
 * Block choices: everything but the page frame (header and footer blocks: the app's chrome,
 * hidden by hide_header / hide_footer, never offered on their own). `frameOf` tells a type's
 * declared frame (src/blocks/schema-loaders.ts; src/shared cannot import the catalogue).
 */
export function embeddableBlocks<B extends { type: string }>(blocks: readonly B[], frameOf: (type: string) => string | undefined): B[] {
  return blocks.filter((b) => frameOf(b.type) === undefined);
}

/**
 * The selection after the choices changed: the chosen id while it is still offered, otherwise
 * the first choice (null when there is none).
 */
export function fallbackSelection(ids: readonly string[], chosen: string | null | undefined): string | null {
  if (chosen && ids.includes(chosen)) return chosen;
  return ids[0] ?? null;
}

/** Only public pages (of a public app) can be embedded. */
export function canEmbedPage(page: EmbedPage | null | undefined, appPublic = true): boolean {
  return !!page && appPublic && page.is_public === true;
}

/** The public address of a page: the app's home URL for the home page, `{home}{slug}` otherwise. */
export function pageUrlOf(appUrl: string, page: EmbedPage): string {
  const home = appUrl.endsWith('/') ? appUrl : `${appUrl}/`;
  if (page.page_type === 'home') return home;
  const slug = bareSlug(page.page_slug);
  return slug ? `${home}${encodeURIComponent(slug)}` : home;
}

export interface EmbedTarget {
  /** The app's home URL (`http://{subdomain}.{host}/`). */
  appUrl: string;
  choice: EmbedChoice;
  /** The chosen page (this page / a specific block). */
  page?: EmbedPage | null;
  /** The chosen block (a specific block). */
  blockId?: string | null;
}

function withQuery(url: string, params: [string, string][]): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

/**
 * The embedded address. The whole app keeps its header and footer (they are its navigation); a
 * page drops them (the host site has its own); a block is that page with only the block kept.
 * Without a page, a page or block choice falls back to the whole app.
 */
export function embedUrl({ appUrl, choice, page, blockId }: EmbedTarget): string {
  if (choice === 'app' || !page) return withQuery(appUrl, [['embed', 'true']]);
  const params: [string, string][] = [
    ['embed', 'true'],
    ['hide_header', 'true'],
    ['hide_footer', 'true'],
  ];
  if (choice === 'block' && blockId) params.push(['block_id', blockId]);
  return withQuery(pageUrlOf(appUrl, page), params);
}

/** Text for a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A size from a number input: a positive whole number of pixels, otherwise the default. */
export function embedSize(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 1 ? Math.round(n) : fallback;
}

export interface SnippetOptions {
  src: string;
  fullScreen?: boolean;
  width?: unknown;
  height?: unknown;
  /** The iframe's accessible name (the app's name). */
  title?: string;
}

/** The read-only snippet: an iframe of the embed URL, 100% by 100% in full screen. */
export function embedSnippet({ src, fullScreen = false, width, height, title }: SnippetOptions): string {
  const w = fullScreen ? '100%' : String(embedSize(width, EMBED_DEFAULT_WIDTH));
  const h = fullScreen ? '100%' : String(embedSize(height, EMBED_DEFAULT_HEIGHT));
  const style = fullScreen ? 'border:0;width:100%;height:100%' : 'border:0';
  const name = title?.trim() || 'Sheetboard app';
  return `<iframe src="${escapeAttribute(src)}" width="${w}" height="${h}" style="${style}" loading="lazy" allow="fullscreen" title="${escapeAttribute(name)}"></iframe>`;
}
