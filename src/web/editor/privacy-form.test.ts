import { describe, expect, it } from 'vitest';
import {
  defaultPublishUrl,
  fallbackSettings,
  initialPrivacyState,
  PRIVACY_TEXT,
  privacyReducer,
  resolveAppId,
  saveBody,
  savedMessage,
  settingsFromApp,
  SIGN_IN_METHODS,
  type PrivacyState,
} from './privacy-form';

const ADDRESS = 'http://sales.localhost:3000';
const loaded = (over: Partial<PrivacyState['settings']> = {}): PrivacyState =>
  privacyReducer(initialPrivacyState(ADDRESS), { type: 'loaded', settings: { isPublic: true, publishUrl: ADDRESS, signInMethod: 'No sign in', ...over } });

describe('privacy settings: loading', () => {
  it('offers the spec two sign-in methods', () => {
    expect(SIGN_IN_METHODS).toEqual(['No sign in', 'Use password set by user']);
  });

  it.each([
    ['http://localhost:3000', 'sales', 'http://sales.localhost:3000'],
    ['https://sheetboard.example', 'sales', 'https://sales.sheetboard.example'],
    ['http://localhost:3000/', 'app-2', 'http://app-2.localhost:3000'],
  ])('the app address on %s for %s is %s', (base, sub, url) => {
    expect(defaultPublishUrl(base, sub)).toBe(url);
  });

  it.each([
    ['a saved public app', { public: true, sign_in_method: 'Use password set by user', publishUrl: 'http://shop.example.com' }, { isPublic: true, publishUrl: 'http://shop.example.com', signInMethod: 'Use password set by user' }],
    ['an empty Publish URL shows the app address', { public: true, sign_in_method: 'No sign in', publishUrl: '' }, { isPublic: true, publishUrl: ADDRESS, signInMethod: 'No sign in' }],
    ['no Publish URL at all', { public: false, sign_in_method: 'No sign in' }, { isPublic: false, publishUrl: ADDRESS, signInMethod: 'No sign in' }],
    ['an unknown method reads as No sign in', { public: true, sign_in_method: 'magic', publishUrl: '  ' }, { isPublic: true, publishUrl: ADDRESS, signInMethod: 'No sign in' }],
  ] as const)('%s', (_name, app, settings) => {
    expect(settingsFromApp(app, ADDRESS)).toEqual(settings);
  });

  it('a failed load falls back to not public and No sign in, with the message', () => {
    const s = privacyReducer(initialPrivacyState(ADDRESS), { type: 'load-failed', settings: fallbackSettings(ADDRESS), error: PRIVACY_TEXT.noAppInfo, detail: 'App not found' });
    expect(s.loading).toBe(false);
    expect(s.settings).toEqual({ isPublic: false, publishUrl: ADDRESS, signInMethod: 'No sign in' });
    expect(s.notice).toEqual({ kind: 'error', text: 'Unable to get app information', detail: 'App not found' });
  });
});

describe('privacy settings: which app', () => {
  const never = () => Promise.reject(new Error('not called'));

  it('uses the id the editor knows without asking', async () => {
    await expect(resolveAppId('app_1', 'www.localhost:3000', never)).resolves.toBe('app_1');
  });

  it('asks POST /api/app/app-info with the host first label', async () => {
    const asked: string[] = [];
    const id = await resolveAppId(undefined, 'sales.localhost:3000', async (appName) => {
      asked.push(appName);
      return { app: { id: 'app_9' } };
    });
    expect(id).toBe('app_9');
    expect(asked).toEqual(['sales']);
  });

  it.each(['www.localhost:3000', '127.0.0.1:3000', '42.example.com'])('%s names no app: Unable to determine app name', async (host) => {
    await expect(resolveAppId(undefined, host, never)).rejects.toThrow('Unable to determine app name');
  });

  it('a failed or empty lookup: Unable to get app information', async () => {
    await expect(resolveAppId(undefined, 'sales.localhost', () => Promise.reject(new Error('boom')))).rejects.toMatchObject({ message: 'Unable to get app information', detail: 'boom' });
    await expect(resolveAppId(undefined, 'sales.localhost', async () => ({ app: {} }))).rejects.toThrow('Unable to get app information');
    await expect(resolveAppId(undefined, 'sales.localhost', async () => null)).rejects.toThrow('Unable to get app information');
  });
});

describe('privacy settings: transitions', () => {
  it('turning public off saves at once with the auto-save message', () => {
    const s = privacyReducer(loaded(), { type: 'toggle', on: false });
    expect(s.settings.isPublic).toBe(false);
    expect(s.autoSaving).toBe(true);
    expect(s.notice).toEqual({ kind: 'info', text: 'Auto-saving privacy settings...' });
    // Saved: the message stays for its 2 s, then goes.
    const saved = privacyReducer(s, { type: 'auto-save-ok' });
    expect(saved.autoSaving).toBe(false);
    expect(saved.notice?.text).toBe('Auto-saving privacy settings...');
    expect(privacyReducer(saved, { type: 'notice-expired', text: PRIVACY_TEXT.autoSaving }).notice).toBeNull();
  });

  it('a failed auto-save says so and shows the app as public again', () => {
    const s = privacyReducer(privacyReducer(loaded(), { type: 'toggle', on: false }), { type: 'auto-save-failed', detail: 'Only the owner can do this' });
    expect(s.settings.isPublic).toBe(true);
    expect(s.notice).toEqual({ kind: 'error', text: 'Failed to automatically save settings. Please try again.', detail: 'Only the owner can do this' });
    // The expiry of the earlier message does not hide the error.
    expect(privacyReducer(s, { type: 'notice-expired', text: PRIVACY_TEXT.autoSaving }).notice?.kind).toBe('error');
  });

  it('turning public on clears the messages', () => {
    const failed = privacyReducer(loaded({ isPublic: false }), { type: 'save-failed', detail: 'x', fieldErrors: { publishUrl: 'Bad' } });
    const s = privacyReducer(failed, { type: 'toggle', on: true });
    expect(s.settings.isPublic).toBe(true);
    expect(s.notice).toBeNull();
    expect(s.fieldErrors).toEqual({});
    expect(s.autoSaving).toBe(false);
  });

  it('the same position again changes nothing', () => {
    const s = loaded();
    expect(privacyReducer(s, { type: 'toggle', on: true })).toBe(s);
  });

  it('Save: busy, then the saved settings; a failure shows the spec message and the field issues', () => {
    const busy = privacyReducer(loaded(), { type: 'save-start' });
    expect(busy.saving).toBe(true);
    const ok = privacyReducer(busy, { type: 'save-ok', settings: { isPublic: true, publishUrl: 'http://shop.example.com', signInMethod: 'Use password set by user' } });
    expect(ok.saving).toBe(false);
    expect(ok.settings.signInMethod).toBe('Use password set by user');
    const failed = privacyReducer(busy, { type: 'save-failed', detail: 'Invalid host', fieldErrors: { publishUrl: 'Invalid host' } });
    expect(failed.notice).toEqual({ kind: 'error', text: 'Failed to public. Please try again.', detail: 'Invalid host' });
    expect(failed.fieldErrors).toEqual({ publishUrl: 'Invalid host' });
    // Typing again clears the field issues.
    expect(privacyReducer(failed, { type: 'edit', patch: { publishUrl: 'http://x.example' } }).fieldErrors).toEqual({});
  });

  it('sends exactly public, publishUrl (trimmed) and sign_in_method', () => {
    expect(saveBody({ isPublic: true, publishUrl: '  http://shop.example.com ', signInMethod: 'No sign in' })).toEqual({
      public: true,
      publishUrl: 'http://shop.example.com',
      sign_in_method: 'No sign in',
    });
  });

  it('the success message names the address and who may view', () => {
    expect(savedMessage({ isPublic: true, publishUrl: ADDRESS, signInMethod: 'No sign in' })).toContain(ADDRESS);
    expect(savedMessage({ isPublic: true, publishUrl: ADDRESS, signInMethod: 'Use password set by user' })).toContain('sign in');
    expect(savedMessage({ isPublic: false, publishUrl: ADDRESS, signInMethod: 'No sign in' })).toContain('private');
  });
});
