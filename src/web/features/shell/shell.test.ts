import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../../blocks/testing/storage';
import { mainHostRedirect } from './base-host';
import { chatAllowed, chatSettings, chatwootSdkUrl } from './chat';
import { CHUNK_RELOAD_KEY, chunkReloadDue, isChunkLoadError, mayReload, reloadForChunkError } from './chunk-reload';
import { canPrefetch } from './connection';
import { prefetchPath } from './prefetch';

describe('chatAllowed (shell §9: only /, /dashboard, /admin, /marketplace, /dashboard/auth, /dashboard/signup; never embeds)', () => {
  const at = (pathname: string, search = '', more: { framed?: boolean; appHost?: boolean } = {}) =>
    chatAllowed({ pathname, search, framed: more.framed ?? false, appHost: more.appHost ?? false });
  it.each(['/', '/dashboard', '/admin', '/marketplace', '/dashboard/auth', '/dashboard/signup', '/dashboard/', '/marketplace/'])('%s → shown', (p) => {
    expect(at(p)).toBe(true);
  });
  it.each(['/templates', '/multipage-templates', '/dashboard/account', '/admin_old', '/admin-login', '/blog', '/sales-board', '/dashboard/users', '/marketplaceX'])(
    '%s → not shown',
    (p) => {
      expect(at(p)).toBe(false);
    },
  );
  it('never in an embed: embed=true, inside a frame, or on an app host or custom domain (boards)', () => {
    expect(at('/', '?embed=true')).toBe(false);
    expect(at('/', '?embed=1&hide_header=true')).toBe(false);
    expect(at('/marketplace', '?embed=TRUE')).toBe(false);
    expect(at('/marketplace', '?embed=false')).toBe(true);
    expect(at('/dashboard', '', { framed: true })).toBe(false);
    expect(at('/', '', { appHost: true })).toBe(false);
  });
  it('needs both settings and an http(s) origin', () => {
    expect(chatSettings('https://chat.example.com/', 'tok')).toEqual({ baseUrl: 'https://chat.example.com', websiteToken: 'tok' });
    expect(chatSettings('', 'tok')).toBeNull();
    expect(chatSettings('https://chat.example.com', '')).toBeNull();
    expect(chatSettings('javascript:alert(1)', 'tok')).toBeNull();
    expect(chatSettings(null, undefined)).toBeNull();
    expect(chatwootSdkUrl('https://chat.example.com/')).toBe('https://chat.example.com/packs/js/sdk.js');
  });
});

describe('canPrefetch (shell §9: skipped on 2g or data-saver connections)', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ])('%j → %s', (connection, expected) => {
    expect(canPrefetch(connection)).toBe(expected);
  });

  it('prefetchPath loads the lazy chunks of the routes a path matches, and nothing on 2g or with data saver', async () => {
    const lazy = vi.fn(async () => ({}));
    const other = vi.fn(async () => ({}));
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { path: 'marketplace', lazy },
          { path: 'dashboard', lazy: other },
        ],
      },
    ];
    expect(prefetchPath(routes, '/marketplace', { effectiveType: '2g' })).toBe(0);
    expect(prefetchPath(routes, '/marketplace', { saveData: true })).toBe(0);
    await Promise.resolve();
    expect(lazy).not.toHaveBeenCalled();
    expect(prefetchPath(routes, '/marketplace', { effectiveType: '4g' })).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(prefetchPath(routes, '/nowhere', {})).toBe(0);
  });
});

describe('chunk reload (shell §4: once, at most once a minute)', () => {
  it('reloads the first time and stores when', () => {
    const storage = memoryStore();
    const reload = vi.fn();
    expect(reloadForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.m.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('not again within a minute, again after one', () => {
    const storage = memoryStore({ [CHUNK_RELOAD_KEY]: '1000000' });
    const reload = vi.fn();
    expect(reloadForChunkError(storage, reload, 1_059_999)).toBe(false);
    expect(chunkReloadDue(storage, 1_059_999)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(chunkReloadDue(storage, 1_060_000)).toBe(true);
    expect(reloadForChunkError(storage, reload, 1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an unreadable stored time does not block the reload', () => {
    expect(mayReload(5, 'garbage')).toBe(true);
    expect(mayReload(5, null)).toBe(true);
  });

  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/Dash-abc.js'), true],
    [new TypeError('error loading dynamically imported module'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/x.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    [{ status: 404 }, false],
    [null, false],
  ])('isChunkLoadError(%s) → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('mainHostRedirect (shell §2.3: the main layout moves to the board base host)', () => {
  const base = 'http://localhost:3000';
  it.each([
    ['http://127.0.0.1:3000/marketplace?q=x#top', 'http://localhost:3000/marketplace?q=x#top'],
    ['http://127.0.0.1:3000/dashboard/account', 'http://localhost:3000/dashboard/account'],
    ['http://127.0.0.1:3000/', 'http://localhost:3000/'],
    ['http://127.0.0.1:3000/admin', 'http://localhost:3000/admin'],
    ['http://127.0.0.1:3000/blog/a-post', 'http://localhost:3000/blog/a-post'],
    ['http://127.0.0.1:3000/templates/crm', 'http://localhost:3000/templates/crm'],
    ['http://127.0.0.1:3000/sales-board', null],
    ['http://127.0.0.1:3000/sales-board/page', null],
    ['http://localhost:3000/dashboard', null],
    ['http://localhost:3000/marketplace', null],
  ])('%s → %s', (href, expected) => {
    expect(mainHostRedirect(href, base, false)).toBe(expected);
  });

  it('never on an app host or a custom domain (they serve boards)', () => {
    expect(mainHostRedirect('http://sales.localhost:3000/dashboard', base, true)).toBeNull();
    expect(mainHostRedirect('https://shop.example.com/', base, true)).toBeNull();
  });

  it('keeps the scheme of the base URL and ignores addresses it cannot read', () => {
    expect(mainHostRedirect('http://10.0.0.5/dashboard', 'https://boards.example.com', false)).toBe('https://boards.example.com/dashboard');
    expect(mainHostRedirect('not a url', base, false)).toBeNull();
    expect(mainHostRedirect('http://127.0.0.1/dashboard', 'nope', false)).toBeNull();
  });
});
