// Navigation set up once (issue 13 §2): a 3-page app whose header is set up once (on the home
// page) shows that header on every page; a guest goes from every page to every other through it,
// on a desktop and on a 390 px phone (the burger menu).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, guestPage, ownerWithApp, shot, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;

const PAGES = [
  { name: 'Home', path: '/' },
  { name: 'Prices', path: '/prices' },
  { name: 'Contact', path: '/contact' },
];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await ownerWithApp(browser, server, { app: 'Nav Trip', sheets: [{ title: 'Items', columns: ['Name'], rows: [{ Name: 'Mug' }] }] });
  await call(owner.context, server, 'PUT', `/api/apps/${owner.app.id}`, { public: true });
  for (const p of PAGES.slice(1)) await call(owner.context, server, 'POST', '/api/pages', { appId: owner.app.id, page_name: p.name });
  // The header, set up once on the home page.
  const { pages } = await call<{ pages: { blocks: { id: string; type: string }[] }[] }>(owner.context, server, 'GET', `/api/pages/${owner.app.id}`);
  const header = pages[0]!.blocks.find((b) => b.type === 'header')!;
  await call(owner.context, server, 'PUT', `/api/blocks/${header.id}`, { HeaderTitle: 'Nav Trip Co.' });
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

async function walk(guest: Page, phone: boolean, label: string) {
  const base = owner.guestUrl.replace(/\/$/, '');
  for (const from of PAGES) {
    for (const to of PAGES) {
      if (to === from) continue;
      await guest.goto(`${base}${from.path}`);
      await guest.getByTestId('header-title').filter({ hasText: 'Nav Trip Co.' }).waitFor();
      let menu = guest.getByRole('navigation', { name: 'Main', exact: true });
      if (phone) {
        await guest.getByRole('button', { name: 'Open navigation' }).click();
        menu = guest.getByRole('navigation', { name: 'Main (menu)' });
      }
      await menu.waitFor();
      if (to === PAGES[1] && from === PAGES[0]) await shot(guest, `navigation-${label}-menu`);
      await menu.getByRole('link', { name: to.name, exact: true }).click();
      await guest.waitForURL((u) => u.pathname === to.path);
      await guest.getByTestId('header-title').filter({ hasText: 'Nav Trip Co.' }).waitFor();
      expect(new URL(guest.url()).pathname).toBe(to.path);
    }
    await shot(guest, `navigation-${label}-${from.name.toLowerCase()}`);
  }
}

describe('one header for every page', () => {
  it('a guest goes from every page to every other through the header (desktop)', async () => {
    const guest = await guestPage(browser, owner.guestUrl);
    await walk(guest, false, 'desktop');
    await guest.context().close();
  });

  it('and on a 390 px phone, through the burger menu', async () => {
    const guest = await guestPage(browser, owner.guestUrl, { width: 390, height: 844 });
    await walk(guest, true, 'phone');
    await guest.context().close();
  });
});
