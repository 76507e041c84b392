// The rest of the shell (issue 18) in a real browser, on a server of this file's own (the live
// chat's settings, and a copy of the built web app whose sw.js the test rewrites):
// - the live chat (Chatwoot's loader contract, served by a tiny local server of ours) shows on
//   its pages, goes and comes back as the visitor moves in the single-page app, and never loads
//   in an embed;
// - the main layout moves the product's pages to the board base host (127.0.0.1 → localhost);
// - the loading animation (puzzle pieces, 'Loading...', still with reduced motion);
// - the service worker: an installed update reloads the page once; offline (server gone too) the
//   cached shell starts and says 'You are offline'; no API answer is ever cached.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newOwnerEmail, shot, signUpOwner } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
let server: RunningServer;
let browser: Browser;
let chat: Server;
let chatUrl = '';
let sdkRequests = 0;
let webDir = '';

// Chatwoot's loader contract: sdk.js defines window.chatwootSDK.run({ websiteToken, baseUrl }),
// which adds the bubble and window.$chatwoot (toggleBubbleVisibility, toggle), then says ready.
const FAKE_SDK = `
window.chatwootSDK = {
  run: function (options) {
    var holder = document.createElement('div');
    holder.className = 'woot--bubble-holder';
    var bubble = document.createElement('button');
    bubble.className = 'woot-widget-bubble';
    bubble.setAttribute('data-testid', 'chatwoot-bubble');
    bubble.setAttribute('data-token', options.websiteToken);
    bubble.setAttribute('data-base', options.baseUrl);
    bubble.textContent = 'Chat with us';
    holder.appendChild(bubble);
    document.body.appendChild(holder);
    window.$chatwoot = {
      toggleBubbleVisibility: function (v) { holder.setAttribute('data-visibility', v); },
      toggle: function () {}
    };
    window.dispatchEvent(new Event('chatwoot:ready'));
  }
};`;

beforeAll(async () => {
  chat = createServer((req, res) => {
    if (req.url === '/packs/js/sdk.js') {
      sdkRequests++;
      res.writeHead(200, { 'Content-Type': 'application/javascript' });
      res.end(FAKE_SDK);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => chat.listen(0, '127.0.0.1', r));
  chatUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}`;
  // A copy of the built app, so rewriting its sw.js touches no other file's server.
  webDir = mkdtempSync(join(tmpdir(), 'sheetboard-shell-web-'));
  cpSync(process.env.E2E_WEB_DIR ?? join(root, 'dist/web'), webDir, { recursive: true });
  server = await startServer({ WEB_DIR: webDir, CHATWOOT_URL: chatUrl, CHATWOOT_WEBSITE_TOKEN: 'tok_test_42' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => chat?.close(r));
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

describe('the live chat (shell §9)', () => {
  it('shows on its pages, hides on the others as the visitor moves, and comes back', async () => {
    const { context, page } = await visitor();
    const violations: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.effectiveDirective} ${e.blockedURI}`));
    });
    page.on('console', (m) => {
      if (m.text().startsWith('CSP ')) violations.push(m.text());
    });
    await page.goto(`${server.baseUrl}/marketplace`);
    const bubble = page.getByTestId('chatwoot-bubble');
    await expect.poll(() => bubble.isVisible()).toBe(true);
    expect(await bubble.getAttribute('data-token')).toBe('tok_test_42');
    expect(await bubble.getAttribute('data-base')).toBe(chatUrl);

    // Multipage apps (/multipage-templates) is not a chat page: hidden, without a page load.
    await page.getByRole('navigation', { name: 'Template listings' }).getByRole('link', { name: 'Multipage apps' }).click();
    await page.waitForURL(/\/multipage-templates$/);
    await expect.poll(() => bubble.isVisible()).toBe(false);
    expect(await page.locator('.woot--bubble-holder').getAttribute('data-visibility')).toBe('hide');
    // Back to the listings: shown again, the SDK loaded once.
    await page.getByRole('navigation', { name: 'Template listings' }).getByRole('link', { name: 'All templates' }).click();
    await page.waitForURL(/\/marketplace$/);
    await expect.poll(() => bubble.isVisible()).toBe(true);
    expect(await page.locator('script[data-chatwoot]').count()).toBe(1);

    // The sign-in page is a chat page too (the landing page's Sign in).
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/auth$/);
    await expect.poll(() => bubble.isVisible()).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('never loads in an embed (a board with embed=true, on its app host or the base host), nor on a board', async () => {
    const owner = await browser.newContext();
    await signUpOwner(owner, server, { name: 'Chat Owner', email: newOwnerEmail('chat'), password: 'correct horse battery' });
    const { spreadsheet } = await call<{ spreadsheet: { id: string } }>(owner, server, 'POST', '/api/spreadsheets', {
      title: 'Chat data',
      sheets: [{ title: 'Sales', columns: ['Region', 'Amount'], rows: [{ Region: 'North', Amount: 10 }] }],
    });
    const { app } = await call<{ app: { subdomain: string } }>(owner, server, 'POST', '/api/apps', {
      name: 'Chat board',
      kind: 'board',
      spreadsheetId: spreadsheet.id,
      public: true,
    });
    await owner.close();
    const before = sdkRequests;
    for (const url of [
      `http://${app.subdomain}.localhost:${server.port}/?embed=true`,
      `${server.baseUrl}/${app.subdomain}?embed=true&hide_header=true`,
      `http://${app.subdomain}.localhost:${server.port}/`,
    ]) {
      const { context, page } = await visitor();
      await page.goto(url);
      await page.getByTestId('board').waitFor();
      // The settings are not even asked for, and no chat script is added.
      expect(await page.locator('script[data-chatwoot]').count()).toBe(0);
      expect(await page.getByTestId('chatwoot-bubble').count()).toBe(0);
      await context.close();
    }
    expect(sdkRequests).toBe(before);
  });
});

describe('the main layout (shell §2.3)', () => {
  it('moves the product pages to the board base host, keeping path and query', async () => {
    const { context, page } = await visitor();
    await page.goto(`http://127.0.0.1:${server.port}/marketplace?sort=newest`);
    await page.waitForURL(`http://localhost:${server.port}/marketplace?sort=newest`);
    await page.getByTestId('template-empty').waitFor();
    await context.close();
  });
});

describe('the loading animation (shell §2.3, §9)', () => {
  it("shows puzzle pieces and 'Loading...', still with reduced motion", async () => {
    const { context, page } = await visitor();
    // Hold the session check so the dashboard's loading screen stays up.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/dashboard`);
    const status = page.getByRole('status').filter({ hasText: 'Loading...' });
    await status.waitFor();
    const piece = page.getByTestId('puzzle-loader').locator('.sb-puzzle-piece').first();
    expect(await page.getByTestId('puzzle-loader').getAttribute('aria-hidden')).toBe('true');
    // The page may swap one loading screen for the next (the screen's code, then the session
    // check): read the piece that is on screen once things settle.
    await expect.poll(() => piece.evaluate((el) => (el.isConnected ? getComputedStyle(el).animationName : 'detached'))).toBe('sb-puzzle-in');
    await expect.poll(() => piece.evaluate((el) => (el.isConnected ? getComputedStyle(el).animationDuration : 'detached'))).toBe('4s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => piece.evaluate((el) => (el.isConnected ? getComputedStyle(el).animationName : 'detached'))).toBe('none');
    expect(await status.isVisible()).toBe(true);
    await shot(page, 'shell-loading');
    release();
    await page.waitForURL(/\/dashboard\/auth$/);
    await context.close();
  });
});

describe('the service worker (shell §4, §7)', () => {
  let context: BrowserContext;
  let page: Page;

  it('is registered at the site root and controls the page', async () => {
    ({ context, page } = await visitor());
    await page.goto(`${server.baseUrl}/marketplace`);
    await page.getByTestId('template-empty').waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseUrl}/`);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const sw = await fetch(`${server.baseUrl}/sw.js`);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('an installed update reloads the page, once', async () => {
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.evaluate(() => ((window as unknown as { __beforeUpdate: boolean }).__beforeUpdate = true));
    const file = join(webDir, 'sw.js');
    const source = readFileSync(file, 'utf8');
    const version = /const VERSION = "([0-9a-f]+)"/.exec(source)?.[1];
    expect(version).toBeTruthy();
    writeFileSync(file, source.replace(`const VERSION = "${version}"`, 'const VERSION = "updated0001"'));
    // As a new build would: its compressed copies are of the new file (the server prefers them).
    writeFileSync(`${file}.br`, brotliCompressSync(readFileSync(file)));
    writeFileSync(`${file}.gz`, gzipSync(readFileSync(file)));
    const reloaded = page.waitForEvent('load');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration!.update();
    });
    await reloaded;
    await page.getByTestId('template-empty').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate)).toBeUndefined();
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames).toEqual(['sheetboard-shell-updated0001']);
    expect(loads).toEqual([`${server.baseUrl}/marketplace`]);
  });

  it('offline: a banner says so, and with the server gone the cached shell still starts', async () => {
    const banner = page.getByTestId('offline-banner');
    expect(await banner.count()).toBe(0);
    await context.setOffline(true);
    await banner.waitFor();
    expect(await banner.textContent()).toContain('You are offline.');
    // Nothing of the API was stored.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);

    await server.stop();
    await page.reload();
    await banner.waitFor();
    // The shell and the marketplace's screen came from the cache; its data cannot load.
    await page.getByRole('link', { name: 'Sheetboard marketplace' }).waitFor();
    await shot(page, 'shell-offline');
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });
});
