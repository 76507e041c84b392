// `data.app` of multipage apps (AppNav in src/blocks/types.ts): the pages, the page on screen,
// the address's row, and the navigation history and breadcrumbs of blocks-and-data §4
// (src/shared/rules/navigation.ts), kept in sessionStorage so a reload keeps them.
// The app lives at `/{page_slug}` on its own host and at `/{subdomain}/{page_slug}` on the base
// host; history entries hold the app's own path ('/item?row=3') whichever host serves it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AppNav, NavPage } from '../../blocks/types';
import { breadcrumbsOf, navigate as step, parseHistory, type NavAction, type NavEntry } from '../../shared/rules/navigation';
import type { PageRecord } from '../lib/queries';

/** Query parameters that travel with every navigation (an embedded or previewed app stays so). */
const KEPT_PARAMS = ['embed', 'hide_header', 'hide_footer', 'preview', 'button_text', 'template_data', 'template_id'];

export function navPage(p: PageRecord): NavPage {
  return { id: p.page_id, name: p.page_name, slug: p.page_slug, page_type: p.page_type, is_auth: p.is_auth, is_public: p.is_public, is_details: p.is_details };
}

/** The app's own path of a page ('/' for the home page), with the row when given. */
export function appPath(pages: readonly Pick<NavPage, 'slug' | 'page_type'>[], slug: string, rowId?: string | null): string {
  const clean = slug.replace(/^\/+/, '').toLowerCase();
  const home = !clean || pages.some((p) => p.page_type === 'home' && p.slug === clean);
  const path = home ? '/' : `/${encodeURIComponent(clean)}`;
  return rowId ? `${path}?row=${encodeURIComponent(rowId)}` : path;
}

/**
 * The browser address of an app path: under `/{subdomain}` on the base host (basePath), as it
 * is on the app host; the kept parameters of the current address are carried over.
 */
export function hrefOfPath(basePath: string, path: string, currentSearch = ''): string {
  const [pathname = '/', query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  const current = new URLSearchParams(currentSearch);
  for (const k of KEPT_PARAMS) {
    const v = current.get(k);
    if (v !== null && !params.has(k)) params.set(k, v);
  }
  const full = basePath ? (pathname === '/' ? basePath : `${basePath}${pathname}`) : pathname;
  const qs = params.toString();
  return qs ? `${full}?${qs}` : full;
}

const storageKey = (appId: string) => `sheetboard:nav:${appId}`;

function readStored(appId: string): NavEntry[] {
  try {
    return parseHistory(sessionStorage.getItem(storageKey(appId)));
  } catch {
    return [];
  }
}

function store(appId: string, history: NavEntry[]) {
  try {
    sessionStorage.setItem(storageKey(appId), JSON.stringify(history));
  } catch {
    /* private mode or full storage: history lives for this page only */
  }
}

export interface AppNavInput {
  appId: string;
  appName: string;
  pages: PageRecord[];
  current: PageRecord | null;
  /** '' on the app host, '/{subdomain}' on the base host. */
  basePath: string;
  user: AppNav['user'];
  signOut?: () => void;
  /**
   * Overrides how a page is opened (the editor switches its page instead); the history still
   * follows the address.
   */
  open?: (href: string) => void;
}

export function useAppNav({ appId, appName, pages, current, basePath, user, signOut, open }: AppNavInput): AppNav {
  const location = useLocation();
  const routerNavigate = useNavigate();
  const navPages = useMemo(() => pages.map(navPage), [pages]);
  const named = useMemo(() => navPages.map((p) => ({ slug: p.slug, name: p.name })), [navPages]);
  const rowId = new URLSearchParams(location.search).get('row') || null;
  const currentPage = useMemo(() => (current ? navPage(current) : null), [current]);
  const here = currentPage ? appPath(navPages, currentPage.slug, rowId) : null;

  const [history, setHistory] = useState<NavEntry[]>(() => readStored(appId));
  // What the next address change means: a header click (reset) or a breadcrumb (truncate).
  const pending = useRef<NavAction | null>(null);

  // Names come from the page list, read when the address changes: a renamed page is not a
  // navigation. (Declared first, so the effect below sees this render's names.)
  const latestNames = useRef(named);
  useEffect(() => {
    latestNames.current = named;
  }, [named]);

  useEffect(() => {
    if (here === null) return;
    const action = pending.current ?? { type: 'visit', path: here };
    pending.current = null;
    setHistory((h) => {
      const next = step(h, action, latestNames.current);
      store(appId, next);
      return next;
    });
  }, [here, appId]);

  const go = useCallback(
    (href: string) => {
      if (open) open(href);
      else {
        routerNavigate(href);
        window.scrollTo({ top: 0 });
      }
    },
    [open, routerNavigate],
  );

  const hrefOf = useCallback((slug: string, row?: string) => hrefOfPath(basePath, appPath(navPages, slug, row), location.search), [basePath, navPages, location.search]);

  const goTo = useCallback(
    (slug: string, options?: { rowId?: string; reset?: boolean }) => {
      const path = appPath(navPages, slug, options?.rowId);
      pending.current = { type: 'visit', path, reset: options?.reset === true };
      // Same address (a header click on the page on screen): no address change, apply now.
      if (path === here) {
        const action = pending.current;
        pending.current = null;
        setHistory((h) => {
          const next = step(h, action, named);
          store(appId, next);
          return next;
        });
        return;
      }
      go(hrefOfPath(basePath, path, location.search));
    },
    [navPages, here, go, basePath, location.search, named, appId],
  );

  const goToBreadcrumb = useCallback(
    (index: number) => {
      const entry = history[index];
      if (!entry) return;
      pending.current = { type: 'breadcrumb', index };
      if (entry.path === here) {
        pending.current = null;
        setHistory((h) => {
          const next = step(h, { type: 'breadcrumb', index }, named);
          store(appId, next);
          return next;
        });
        return;
      }
      go(hrefOfPath(basePath, entry.path, location.search));
    },
    [history, here, go, basePath, location.search, named, appId],
  );

  const breadcrumbs = useMemo(() => breadcrumbsOf(history, named), [history, named]);

  return useMemo(
    () => ({
      appId,
      appName,
      pages: navPages,
      currentPage,
      rowId,
      breadcrumbs,
      goTo,
      goToBreadcrumb,
      hrefOf,
      user,
      ...(signOut ? { signOut } : {}),
    }),
    [appId, appName, navPages, currentPage, rowId, breadcrumbs, goTo, goToBreadcrumb, hrefOf, user, signOut],
  );
}

/** The page a path names: the slug's page, the home page for the root; null when there is none. */
export function pageOfSlug(pages: PageRecord[], slug: string | undefined): PageRecord | null {
  const s = (slug ?? '').toLowerCase();
  if (!s) return pages.find((p) => p.page_type === 'home') ?? pages[0] ?? null;
  return pages.find((p) => p.page_slug === s) ?? null;
}
