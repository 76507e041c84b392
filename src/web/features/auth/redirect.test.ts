import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEMPLATE_REDIRECT_KEY, redirectAfterSignIn, rememberTemplateRedirect, templateIdOf, withTemplateId } from './redirect';
import { memoryStore } from '../../../blocks/testing/storage';

beforeEach(() => vi.stubGlobal('localStorage', memoryStore()));
afterEach(() => vi.unstubAllGlobals());

describe('template_id on the auth pages', () => {
  it.each([
    ['?template_id=t1', 't1'],
    ['?template_id=%20t1%20', 't1'],
    ['?template_id=', null],
    ['', null],
    [`?template_id=${'x'.repeat(201)}`, null],
  ])('%j → %j', (search, expected) => expect(templateIdOf(search)).toBe(expected));

  it('the sign-in ↔ sign-up links carry it', () => {
    expect(withTemplateId('/dashboard/signup', 'a b')).toBe('/dashboard/signup?template_id=a+b');
    expect(withTemplateId('/dashboard/auth', null)).toBe('/dashboard/auth');
  });
});

describe('redirectAfterSignIn', () => {
  const found = vi.fn(async (key: string) => ({ id: key, subdomain: 'tpl-1' }));

  it('the stored template redirect URL first, used once', async () => {
    rememberTemplateRedirect('http://localhost:3000/tpl-1?preview=true&open_clone_modal=true');
    expect(await redirectAfterSignIn('t1', found)).toBe('http://localhost:3000/tpl-1?preview=true&open_clone_modal=true');
    expect(localStorage.getItem(TEMPLATE_REDIRECT_KEY)).toBeNull();
    expect(found).not.toHaveBeenCalled();
  });

  it('else the preview of template_id with its clone modal', async () => {
    expect(await redirectAfterSignIn('t1', found)).toBe('/tpl-1?preview=true&template_id=t1&open_clone_modal=true');
  });

  it('else, or when the template cannot be found, /dashboard', async () => {
    expect(await redirectAfterSignIn(null, found)).toBe('/dashboard');
    expect(await redirectAfterSignIn('gone', () => Promise.reject(new Error('Template not found in marketplace')))).toBe('/dashboard');
  });

  it("sign-up's home (/dashboard/start) when nothing else is asked; the template flow still wins", async () => {
    expect(await redirectAfterSignIn(null, found, '/dashboard/start')).toBe('/dashboard/start');
    expect(await redirectAfterSignIn('t1', found, '/dashboard/start')).toBe('/tpl-1?preview=true&template_id=t1&open_clone_modal=true');
    rememberTemplateRedirect('/templates/x');
    expect(await redirectAfterSignIn(null, found, '/dashboard/start')).toBe('/templates/x');
  });
});
