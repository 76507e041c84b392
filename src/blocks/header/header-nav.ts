// What the header shows: its navigation links (pages of the app or external addresses), the
// title, and the user's initials. Pure, so the rules are table-tested without a DOM.
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { safeHref } from '../links';
import type { AppNav, NavPage } from '../types';

export type HeaderLayout = 'Right' | 'Center' | 'Left';

export interface NavLink {
  key: string;
  label: string;
  /** page: opens `slug` through the app (history reset); external: `href`; none: plain text. */
  kind: 'page' | 'external' | 'none';
  slug: string;
  /** A real address for the link (hrefOf for pages; null when nothing can be opened). */
  href: string | null;
  newTab: boolean;
  active: boolean;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export function headerLayout(config: BlockRecord): HeaderLayout {
  return config.LayoutType === 'Center' || config.LayoutType === 'Left' ? config.LayoutType : 'Right';
}

/** 'about-us' → 'About us' (breadcrumbs and nav names use the page name first). */
export function prettySlug(slug: string): string {
  const words = slug.replace(/^\/+/, '').replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Home';
}

/** Pages a header offers when it lists none itself: every page but the sign-in (auth) and detail ones. */
export function defaultNavPages(pages: NavPage[]): NavPage[] {
  return pages.filter((p) => !p.is_auth && p.is_details !== true);
}

function pageOf(item: SettingValues, pages: NavPage[]): NavPage | null {
  const slug = str(item.pageSlug);
  const id = str(item.pageId);
  return pages.find((p) => (slug && p.slug === slug) || (!slug && id && p.id === id)) ?? null;
}

/**
 * The header's links. Page links go through the app (`data.app.goTo` with reset); without an
 * app (boards, previews) a page link has no address and is shown as text. External links must
 * be http(s) (or mailto/tel/path); anything else is shown as text, never as a link.
 */
export function navLinks(config: BlockRecord, app: AppNav | undefined): NavLink[] {
  const pages = app?.pages ?? [];
  const current = app?.currentPage?.slug;
  const items = Array.isArray(config.navigationItems) ? (config.navigationItems as SettingValues[]).filter((i) => i && typeof i === 'object') : [];
  if (items.length === 0)
    return defaultNavPages(pages).map((p) => ({
      key: `page:${p.id}`,
      label: p.name || prettySlug(p.slug),
      kind: 'page',
      slug: p.slug,
      href: app ? app.hrefOf(p.slug) : null,
      newTab: false,
      active: current !== undefined && p.slug === current,
    }));
  return items.map((item, i) => {
    const newTab = item.openInNewTab === true;
    const flagged = item.active === true;
    if (item.linkType === 'external') {
      const href = safeHref(item.url);
      return { key: `ext:${i}`, label: str(item.name) || str(item.url) || 'Link', kind: href ? 'external' : 'none', slug: '', href, newTab, active: flagged };
    }
    const page = pageOf(item, pages);
    const slug = page?.slug ?? str(item.pageSlug);
    const label = str(item.name) || page?.name || (slug ? prettySlug(slug) : 'Page');
    const known = !!app && (page !== null || slug !== '');
    return {
      key: `page:${i}`,
      label,
      kind: known ? 'page' : 'none',
      slug,
      href: known && app ? app.hrefOf(slug) : null,
      newTab,
      active: flagged || (current !== undefined && !!page && page.slug === current),
    };
  });
}

/** Up to two initials of a name (or of the e-mail's name part). */
export function initialsOf(user: { name: string; email: string } | null): string {
  if (!user) return '';
  const base = user.name.trim() || user.email.split('@')[0] || '';
  const parts = base.split(/[\s._-]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');
}

/** Whether a click should stay in the app (a plain left click) or be left to the browser. */
export function isPlainClick(e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
