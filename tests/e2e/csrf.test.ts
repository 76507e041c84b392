// Cross-site request forgery, in Chromium: a page of another origin on the same site (localhost
// on another port, as a sibling app subdomain would be) posts to the API with the owner's
// cookies, once by a form and once by fetch. Both are refused (403) and the owner stays signed
// in; the owner's own pages still save.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_ORIGIN_MESSAGE } from '../../src/server/platform/net/csrf';
import { call } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let attacker: Server;
let attackerUrl: string;

/** The attacker's page: a text/plain form and a no-cors fetch, the two ways a page can post to another origin without asking it. */
function attackerPage(target: string): string {
  return `<!doctype html><html><body>
<form id="forged" method="POST" enctype="text/plain" action="${target}/api/auth/logout"><input name="x" value="1"></form>
<script>
  window.forgedFetch = () =>
    fetch(${JSON.stringify(`${target}/api/auth/logout`)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: 'x' }).then(() => 'sent', (e) => String(e));
</script>
</body></html>`;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(attackerPage(server.baseUrl));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  // localhost on another port: another origin, but the same site, so SameSite=Lax cookies go along.
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
  context = await browser.newContext();
  await call(context, server, 'POST', '/api/auth/signup', { name: 'Ada Owner', email: `csrf${Date.now()}@example.com`, password: 'correct horse battery' });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await new Promise((r) => (attacker ? attacker.close(r) : r(undefined)));
});

const signedIn = async () => (await context.request.get(`${server.baseUrl}/api/auth`)).status();

describe('requests from another origin', () => {
  it('a fetch with credentials from another origin is refused and the owner stays signed in', async () => {
    const page = await context.newPage();
    const forwarded: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/auth/logout')) forwarded.push(r.status());
    });
    await page.goto(attackerUrl);
    expect(await page.evaluate(() => (window as unknown as { forgedFetch: () => Promise<string> }).forgedFetch())).toBe('sent');
    expect(forwarded).toEqual([403]);
    expect(await signedIn()).toBe(200);
    await page.close();
  });

  it('a form posted from another origin is refused with a message and changes nothing', async () => {
    const page = await context.newPage();
    await page.goto(attackerUrl);
    const [answer] = await Promise.all([page.waitForNavigation(), page.locator('#forged').evaluate((f: HTMLFormElement) => f.submit())]);
    expect(answer?.status()).toBe(403);
    expect(await page.textContent('body')).toContain(CROSS_ORIGIN_MESSAGE);
    expect(await signedIn()).toBe(200);
    await page.close();
  });

  it('the same request from our own page passes (and does sign out)', async () => {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/dashboard`);
    expect(await page.evaluate(async () => (await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' })).status)).toBe(204);
    expect(await signedIn()).toBe(401);
    await page.close();
  });
});
