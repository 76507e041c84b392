import { describe, expect, it } from 'vitest';
import { AUTH_PAGE_SLUGS, isAuthPage } from './auth-pages';

describe('isAuthPage', () => {
  it.each([
    [{ page_slug: 'login' }, true],
    [{ page_slug: '/Sign-In/' }, true],
    [{ page_slug: 'accept-invitation' }, true],
    [{ page_slug: 'members', is_auth: true }, true],
    [{ page_slug: 'members', is_auth: 1 }, true],
    [{ page_slug: 'members', is_auth: false }, false],
    [{ page_slug: 'home' }, false],
    [{ page_slug: 'admin' }, false],
    [{ page_slug: 'login-help' }, false],
  ])('%j → %s', (page, expected) => expect(isAuthPage(page)).toBe(expected));

  it('is the spec list without admin', () => {
    expect(AUTH_PAGE_SLUGS).toContain('forgot');
    expect(AUTH_PAGE_SLUGS).not.toContain('admin');
    expect(AUTH_PAGE_SLUGS).toHaveLength(16);
  });
});
