// Which pages of an app are its sign-in pages (issue 5): a visitor of an app that needs a
// password sees these, and only these, before signing in. A page is one when the owner flags it
// (is_auth, Pages popup) or when its slug is one of the spec's sign-in slugs (blocks-and-data §2).
import { NON_EMBEDDABLE_SLUGS } from './embed';

/** The sign-in slugs of the spec's list ('admin' is an owner's area, not a visitor's sign-in page). */
export const AUTH_PAGE_SLUGS: readonly string[] = NON_EMBEDDABLE_SLUGS.filter((s) => s !== 'admin');

export function isAuthPage(page: { page_slug: string; is_auth?: boolean | number | null }): boolean {
  return page.is_auth === true || Number(page.is_auth) === 1 || AUTH_PAGE_SLUGS.includes(page.page_slug.trim().replace(/^\/+|\/+$/g, '').toLowerCase());
}
