// Content-Security-Policy in a real browser (issue 12): the owner's dashboard and editor, a guest
// page with a chart, a map (tiles from another origin), markdown, an iframe and a video, and one
// block embedded on another site all load without a single CSP violation; a script injected into
// a page never runs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ownerWithBoard, png, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let local: Server;
let localUrl = '';
let owner: OwnerBoard;
let chartId = '';
const tiles: string[] = [];
const TILE = png(256, 256, [236, 241, 228], [214, 222, 204]);

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}
declare global {
  interface Window {
    __cspViolations?: Violation[];
    __pwned?: number;
  }
}

/** Every frame of every page of the context records the violations it sees, from its first script on. */
async function watchViolations(context: BrowserContext, consoleErrors: string[]): Promise<void> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  context.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleErrors.push(m.text());
  });
}

async function violations(frame: Page | Frame): Promise<Violation[]> {
  return frame.evaluate(() => window.__cspViolations ?? []);
}

beforeAll(async () => {
  // Map tiles and the page of another site that embeds a block.
  local = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://local');
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(u.pathname)) {
      tiles.push(u.pathname);
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(TILE);
    } else if (u.pathname === '/embedding-site') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><html><body><h1>Another site</h1><iframe title="Embedded chart" src="${u.searchParams.get('src')}" width="900" height="600"></iframe></body></html>`);
    } else if (u.pathname === '/hours') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><p>Open 9 to 5</p>');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  server = await startServer({ GEOCODER_URL: 'off', MAP_TILE_URL: `${localUrl}/tiles/{z}/{x}/{y}.png`, MAP_ATTRIBUTION: 'Test tiles' });
  browser = await launchBrowser();

  owner = await ownerWithBoard(browser, server, {
    board: 'Policy board',
    sheets: [
      {
        title: 'Shops',
        columns: ['Name', 'Month', 'Sales', 'Latitude', 'Longitude', 'Photo'],
        rows: [
          { Name: 'Paris', Month: '2024-01', Sales: 120, Latitude: 48.8584, Longitude: 2.2945, Photo: '' },
          { Name: 'Rome', Month: '2024-02', Sales: 180, Latitude: 41.8902, Longitude: 12.4922, Photo: '' },
          { Name: 'Berlin', Month: '2024-03', Sales: 90, Latitude: 52.5163, Longitude: 13.3777, Photo: '' },
        ],
      },
    ],
  });
  const { pages } = await call<{ pages: { page_id: string }[] }>(owner.context, server, 'GET', `/api/pages/${owner.app.id}`);
  const pageId = pages[0]!.page_id;
  const add = (block: Record<string, unknown>) => call<{ block: { id: string } }>(owner.context, server, 'POST', '/api/blocks', { pageId, ...block });
  chartId = (await add({ type: 'chart', sheet_title: 'Shops', title: 'Sales', x_axis: 'Month', axis: [{ column: 'Sales', type: 'bar' }] })).block.id;
  await add({ type: 'map', sheet_title: 'Shops', axis: [{ title: 'Name', description: 'Month', address: 'Name', image: 'Photo', latitude: 'Latitude', longitude: 'Longitude' }] });
  await add({ type: 'markdown', markdown_text: '## Opening hours\nWe are open **every day**.' });
  await add({ type: 'iframe', iframe_code: `<iframe src="${localUrl}/hours" height="120"></iframe>` });
  await add({ type: 'video', video_type: 'youtube', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
}, 180_000);

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await new Promise((r) => local?.close(r));
});

describe('Content-Security-Policy in the browser', () => {
  it("the owner's dashboard and editor load without a violation", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, storageState: await owner.context.storageState() });
    const consoleErrors: string[] = [];
    await watchViolations(context, consoleErrors);
    const page = await context.newPage();
    const dashboard = await page.goto(`${server.baseUrl}/dashboard`);
    expect(dashboard!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    expect(dashboard!.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    await page.getByText('Policy board').first().waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto(owner.editorUrl);
    await page.getByRole('button', { name: 'New Block' }).waitFor();
    await page.getByText('Opening hours').waitFor();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    await page.locator('canvas').first().waitFor();
    expect(await violations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a guest page with a chart, a map, markdown, an iframe and a video loads without a violation', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const consoleErrors: string[] = [];
    await watchViolations(context, consoleErrors);
    const page = await context.newPage();
    const res = await page.goto(owner.guestUrl);
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).not.toMatch(/frame-ancestors/);
    expect(res!.headers()['cross-origin-opener-policy']).toBe('same-origin');
    await page.getByText('Opening hours').waitFor();
    // Tiles from another origin (img-src), the chart's canvas, the iframe block's page (frame-src).
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await page.locator('canvas').first().waitFor();
    await page.frameLocator(`iframe[src="${localUrl}/hours"]`).getByText('Open 9 to 5').waitFor();
    await page.locator('iframe[src*="youtube"]').first().waitFor({ state: 'attached' });
    expect(tiles.length).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);

    // An injected inline script or event handler never runs, and the browser says why. (eval is
    // refused too, but DevTools' evaluate is exempt, so the editor's visit above is its test: zod
    // probing `new Function` showed up there as a violation until web/zod-jitless.ts.)
    const pwned = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = 1';
      // An allowed inline script would have run by the time append returns.
      document.body.append(s);
      const div = document.createElement('div');
      div.innerHTML = '<img src="data:image/png;base64,AAAA" onerror="window.__pwned = 2">';
      document.body.append(div);
      return window.__pwned ?? null;
    });
    expect(pwned).toBeNull();
    // The browser reports both refusals (the handler's once the image fails to decode).
    await page.waitForFunction(() => ['script-src-elem', 'script-src-attr'].every((d) => (window.__cspViolations ?? []).some((v) => v.directive === d)));
    expect(await page.evaluate(() => window.__pwned ?? null)).toBeNull();
    await context.close();
  });

  it('a block embedded on another site loads without a violation inside its frame', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const consoleErrors: string[] = [];
    await watchViolations(context, consoleErrors);
    const page = await context.newPage();
    const src = `${owner.guestUrl}?embed=true&hide_header=true&hide_footer=true&block_id=${chartId}`;
    await page.goto(`${localUrl}/embedding-site?src=${encodeURIComponent(src)}`);
    await page.frameLocator('iframe[title="Embedded chart"]').locator('canvas').first().waitFor();
    const frame = page.frames().find((f) => f.url().startsWith(owner.guestUrl));
    expect(frame).toBeDefined();
    expect(await violations(frame!)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
