// Link prefetching (shell §9): when the pointer rests on, or the keyboard reaches, a link to one
// of our lazy screens, its code chunk starts loading, so the click opens it at once. Skipped on
// 2g or data-saver connections (connection.ts canPrefetch, the one gate).
import { matchRoutes, type RouteObject } from 'react-router';
import { canPrefetch, currentConnection, type ConnectionInfo } from './connection';

type LazyRoute = RouteObject & { lazy?: unknown };

/**
 * Starts loading the lazy chunks of the routes `pathname` matches; returns how many it started.
 * `connection` decides first: nothing is fetched on 2g or with data saver on.
 */
export function prefetchPath(routes: RouteObject[], pathname: string, connection: ConnectionInfo | undefined = currentConnection()): number {
  if (!canPrefetch(connection)) return 0;
  let started = 0;
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const lazy = (match.route as LazyRoute).lazy;
    // A route whose chunk arrived has no `lazy` left (React Router resolves it in place).
    if (typeof lazy === 'function') {
      started++;
      // A failure now is retried by the navigation itself, which shows or reloads as usual.
      Promise.resolve()
        .then(() => (lazy as () => Promise<unknown>)())
        .catch(() => {});
    }
  }
  return started;
}

/** The same-origin path a link element points at, or null (other sites, downloads, new tabs). */
export function linkPath(anchor: HTMLAnchorElement, origin = window.location.origin): string | null {
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  try {
    const url = new URL(anchor.href, origin);
    return url.origin === origin ? url.pathname : null;
  } catch {
    return null;
  }
}

/** Listens for link intent on the whole document; returns the clean-up. */
export function watchLinkIntent(routes: RouteObject[]): () => void {
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const path = linkPath(anchor);
    if (!path || seen.has(path)) return;
    seen.add(path);
    prefetchPath(routes, path);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  return () => {
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
  };
}
