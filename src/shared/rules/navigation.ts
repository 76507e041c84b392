// Navigation history and breadcrumbs of a multipage app (blocks-and-data §4):
// - a new entry only when the path differs from the last entry;
// - a header navigation click resets history and breadcrumbs (the new page starts them again);
// - clicking a breadcrumb truncates history to it;
// - the root path clears it;
// - breadcrumb names come from the page name, otherwise the slug prettified.
// Paths are the app's own ('/', '/products', '/item?row=12'), whatever host serves the app.

export interface NavEntry {
  /** The app path with its query, as navigated. */
  path: string;
  name: string;
}

export interface NamedPage {
  slug: string;
  name: string;
}

/** The page slug of an app path: its first segment, without query or hash ('' for the root). */
export function slugOfPath(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  const first = clean.split('/').filter(Boolean)[0] ?? '';
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

export function isRootPath(path: string): boolean {
  return slugOfPath(path) === '';
}

/** 'about-us' → 'About Us', 'faq_page' → 'Faq Page'. */
export function prettifySlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The breadcrumb name of a path: the page's name, else its slug prettified. */
export function breadcrumbName(path: string, pages: readonly NamedPage[]): string {
  const slug = slugOfPath(path);
  const page = pages.find((p) => p.slug.toLowerCase() === slug);
  return page?.name.trim() || prettifySlug(slug);
}

export type NavAction =
  /** Any navigation (links, item buttons, back/forward, first load). `reset`: a header navigation click. */
  | { type: 'visit'; path: string; reset?: boolean }
  /** A breadcrumb click: history is cut back to that entry (the viewer then shows its path). */
  | { type: 'breadcrumb'; index: number };

/** The next history. Pure: the viewer keeps the result (sessionStorage) and derives breadcrumbs from it. */
export function navigate(history: readonly NavEntry[], action: NavAction, pages: readonly NamedPage[]): NavEntry[] {
  if (action.type === 'breadcrumb') {
    if (action.index < 0 || action.index >= history.length) return [...history];
    return history.slice(0, action.index + 1);
  }
  if (isRootPath(action.path)) return [];
  const entry = { path: action.path, name: breadcrumbName(action.path, pages) };
  if (action.reset) return [entry];
  const last = history[history.length - 1];
  if (last && last.path === action.path) return [...history];
  return [...history, entry];
}

/**
 * Breadcrumbs to show: the history with names refreshed from the current page list (a page
 * renamed since the visit shows its new name).
 */
export function breadcrumbsOf(history: readonly NavEntry[], pages: readonly NamedPage[]): NavEntry[] {
  return history.map((e) => ({ path: e.path, name: breadcrumbName(e.path, pages) }));
}

/** A stored history read back defensively (sessionStorage may hold anything). */
export function parseHistory(raw: string | null): NavEntry[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return v.flatMap((e) => {
      const o = (e ?? {}) as Record<string, unknown>;
      return typeof o.path === 'string' && typeof o.name === 'string' ? [{ path: o.path, name: o.name }] : [];
    });
  } catch {
    return [];
  }
}
