// The main layout's host rule (shell §2.3): the product's own pages (dashboard, admin, blog,
// marketplace...) live on the board base host; opened on another name of the same site (an IP
// address, a bare alias) they move there, keeping path, query and hash, so the session cookie and
// every link are the base host's. An app host or a custom domain serves boards and is never moved.
export const MAIN_LAYOUT_PATHS =
  /^\/(?:$|dashboard(?:\/|$)|admin(?:_old|-login)?(?:\/|$)|blog(?:-admin)?(?:\/|$)|marketplace\/?$|templates(?:\/|$)|multipage-templates\/?$|payment_success\/?$|payment_fail\/?$|boardWorkspace\/?$|join-workspace\/?$)/;

/**
 * Where the page should be instead, or null to stay. `appHost`: the current host serves an app
 * (lib/host.ts appSubdomain is not null).
 */
export function mainHostRedirect(href: string, baseUrl: string, appHost: boolean): string | null {
  if (appHost) return null;
  let here: URL;
  let base: URL;
  try {
    here = new URL(href);
    base = new URL(baseUrl);
  } catch {
    return null;
  }
  if (here.host === base.host) return null;
  if (!MAIN_LAYOUT_PATHS.test(here.pathname)) return null;
  return `${base.protocol}//${base.host}${here.pathname}${here.search}${here.hash}`;
}
