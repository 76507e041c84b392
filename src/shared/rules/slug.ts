/**
 * The spec's name-to-slug rule (shell §5): lowercase, strip characters other than letters,
 * digits, spaces and hyphens, turn spaces into hyphens, collapse repeated hyphens.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')
    .replace(/-+/g, '-');
}

/** Subdomain form of a name: the slug rule plus what a DNS label needs (no edge hyphens, 63 max). */
export function subdomainOf(name: string): string {
  return slugify(name.trim()).replace(/^-+|-+$/g, '').slice(0, 63).replace(/-+$/g, '');
}

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether `name` has the form of a subdomain (a DNS label of lowercase letters, digits and hyphens). */
export function isSubdomainShaped(name: string): boolean {
  return SUBDOMAIN.test(name) && !/^\d+$/.test(name);
}

/**
 * The one list of names no app may take. A board is also served at `/{subdomain}` of the base
 * host, so every top path the server answers is here (an app there would hide the path, or the
 * path the app; the service worker would cache a board at /tutorials/… as a video): the web app's
 * pages (src/web/reserved-paths.test.ts reads router.tsx), the server's routes, its static files
 * and folders (src/server/modules/site/reserved-paths.test.ts reads the routes the server
 * registers, dist/web and src/web/public), a file's name counting without its extension
 * (/sitemap.xml reserves `sitemap`). Apps that held a name before it was listed keep it:
 * docs/decisions/2026-11-29-reserved-names-that-apps-already-hold.md.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'www',
  'api',
  'admin',
  'admin-login',
  'app',
  'dashboard',
  'mail',
  'static',
  'assets',
  'blog',
  'blog-admin',
  'accept-invitation',
  'reset-password',
  'join-workspace',
  'marketplace',
  'templates',
  'multipage-templates',
  // /boardWorkspace: routes match without regard to case.
  'boardworkspace',
  // The health probes (GET /healthz, GET /readyz: modules/health).
  'healthz',
  'readyz',
  // The server's own top paths: the spec's data calls, sitemap.xml, the sample images.
  'v3',
  'sitemap',
  // The blog's feed under the names readers try (/rss, /feed: blog/feeds.ts).
  'rss',
  'feed',
  'samples',
  // Files and folders of the built web app: the tutorial videos, the service worker, the page.
  'tutorials',
  'sw',
  'index',
  // Names a site is expected to answer, or may come to: kept free for the product.
  'openapi',
  'favicon',
  'robots',
  'manifest',
];

/** Whether `name` (any case) is one of the reserved names: its path on the base host is never an app. */
export function isReservedSubdomain(name: string): boolean {
  return RESERVED_SUBDOMAINS.includes(name.toLowerCase());
}

export function subdomainProblem(sub: string): string | null {
  if (!SUBDOMAIN.test(sub)) return 'Subdomain may use lowercase letters, digits and hyphens (not at the ends), 63 at most';
  if (!isSubdomainShaped(sub)) return 'Subdomain cannot be only digits';
  if (RESERVED_SUBDOMAINS.includes(sub)) return `The subdomain '${sub}' is reserved`;
  return null;
}

/** App name from the first label of a host name; empty for 'www' or a number (shell §5). */
export function appNameFromHost(host: string): string {
  const first = host.split(':')[0]!.split('.')[0] ?? '';
  if (first === 'www' || /^\d+$/.test(first)) return '';
  return first;
}

/** pages.page_slug holds 100 characters (PostgreSQL refuses more). */
export const MAX_PAGE_SLUG_LENGTH = 100;

/** A page slug from a page name: the slug rule without edge hyphens, 'page' when nothing is left. */
export function pageSlugOf(name: string): string {
  return slugify(name.trim()).replace(/^-+|-+$/g, '').slice(0, MAX_PAGE_SLUG_LENGTH).replace(/-+$/g, '') || 'page';
}

/**
 * The first of `base`, `base-2`, `base-3`... that no other page of the app uses (page slugs are
 * unique per app). The suffix replaces the end of a base at the length limit.
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_PAGE_SLUG_LENGTH - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Why a slug someone typed cannot be used as it is, or null. */
export function pageSlugProblem(slug: string): string | null {
  if (slug.length > MAX_PAGE_SLUG_LENGTH) return `Page slug may have at most ${MAX_PAGE_SLUG_LENGTH} characters`;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return 'Page slug may use lowercase letters, digits and hyphens';
  return null;
}
