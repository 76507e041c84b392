// A new owner's first hour (issue 13), walked as a new user would, on a desktop and on a 390 px
// phone: sign up; import a Latin-1 CSV from Excel on Windows (the names right, through the
// preview); build a 3-page app on it with a table on the home page; open the data editor from
// the editor's Spreadsheet button, edit a cell and see the open editor's table change; set the
// header up once; publish; and, as a guest, go from every page to every other through the header.
// Every step leaves a screenshot (first-hour-walk/<width>-<step>.png).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, saveBlock, shot, skipOnboarding, verifyOwnerEmail } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// What Excel saves as "CSV" on a German Windows: semicolons, Windows-1252 (Latin-1) bytes.
const KUNDEN = Buffer.from('Kunde;Stadt;Umsatz\r\nMüller;Köln;1200\r\nJürgen Größ;München;800\r\nZoë;Düsseldorf;450\r\n', 'latin1');

const PAGES = [
  { name: 'Home', path: '/' },
  { name: 'Preise', path: '/preise' },
  { name: 'Kontakt', path: '/kontakt' },
];

for (const [label, viewport] of [
  ['desktop', { width: 1400, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  describe(`the first hour (${label})`, () => {
    let context: BrowserContext;
    let page: Page;
    let subdomain = '';
    const appName = `Kunden ${label}`;
    const step = (name: string, p: Page = page) => shot(p, `first-hour-walk/${label}-${name}`);

    afterAll(async () => {
      await context?.close();
    });

    it('signs up', async () => {
      context = await browser.newContext({ viewport });
      page = await context.newPage();
      await page.goto(`${server.baseUrl}/dashboard/signup`);
      await page.getByLabel('Name').fill('Ada Owner');
      const email = `walk-${label}-${Date.now()}@example.com`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByRole('button', { name: /sign up/i }).click();
      await skipOnboarding(page);
      // Publishing needs the address verified (accounts.test.ts follows the link itself).
      verifyOwnerEmail(server, email);
      await page.reload();
      await page.getByTestId('import-input').waitFor({ state: 'attached' });
      await step('1-dashboard');
    });

    it('imports a Latin-1 CSV: the preview and the stored names are right', async () => {
      await page.getByTestId('import-input').setInputFiles({ name: 'kunden.csv', mimeType: 'text/csv', buffer: KUNDEN });
      const dialog = page.getByRole('dialog', { name: 'Check the import' });
      await dialog.getByTestId('import-preview').getByRole('cell', { name: 'Müller' }).waitFor();
      await dialog.getByTestId('import-preview').getByRole('cell', { name: 'Köln' }).waitFor();
      await step('2-import-preview');
      await dialog.getByTestId('import-confirm').click();
      await page.getByText('kunden: 1 sheet ready to use.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await step('3-imported');
    });

    it('builds an app on it with a table on the home page', async () => {
      await page.getByRole('link', { name: 'New multipage app' }).click();
      const form = page.getByRole('form', { name: 'New multipage app' });
      await form.getByLabel('App name').fill(appName);
      await choose(page, form, /^Spreadsheet/, 'kunden');
      await form.getByRole('button', { name: 'Create app' }).click();
      await page.getByRole('button', { name: 'New Block' }).waitFor();
      subdomain = new URL(page.url()).pathname.slice(1);
      const panel = await addBlock(page, 'table');
      await panel.getByRole('tab', { name: 'Data' }).click();
      await choose(page, panel, 'Sheet', 'kunden');
      await saveBlock(page);
      await page.getByTestId('block-table').getByRole('cell', { name: 'Müller', exact: true }).waitFor();
      await step('4-editor-table');
    });

    it("opens the data editor from the Spreadsheet button; a cell edited there changes the editor's table", async () => {
      const [data] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Spreadsheet' }).first().click()]);
      await data.waitForURL('**/dashboard/data/**');
      const grid = data.getByTestId('data-grid');
      const city = grid.getByRole('gridcell', { name: 'Stadt, row 1', exact: true });
      await city.getByText('Köln', { exact: true }).waitFor();
      await step('5-data-editor', data);
      await city.click();
      await city.click();
      const editor = data.getByRole('dialog', { name: 'Edit Stadt' });
      await editor.getByRole('textbox').fill('Köln-Ehrenfeld');
      await editor.getByRole('textbox').press('Enter');
      await city.getByText('Köln-Ehrenfeld', { exact: true }).waitFor();
      await step('6-data-edited', data);
      // The app's editor, open in the other tab, shows the change without a reload.
      await page.getByTestId('block-table').getByRole('cell', { name: 'Köln-Ehrenfeld', exact: true }).waitFor();
      await step('7-editor-updated');
      await data.close();
    });

    it('adds two pages and sets the header up once', async () => {
      await page.getByRole('navigation', { name: 'Editor tools' }).getByRole('button', { name: 'Pages' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pages' });
      for (const p of PAGES.slice(1)) {
        await dialog.getByLabel('New page').fill(p.name);
        await dialog.getByRole('button', { name: 'Add page' }).click();
        await dialog.getByRole('listitem', { name: p.name }).waitFor();
      }
      await step('8-pages');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Edit header' }).first().click();
      const panel = page.getByRole('region', { name: 'Block settings' });
      await panel.waitFor();
      let title = panel.getByLabel('Header title');
      if (!(await title.isVisible())) {
        await panel.getByRole('tab', { name: 'General' }).click();
        title = panel.getByLabel('Header title');
      }
      await title.fill('Kunden & Co.');
      await saveBlock(page);
      await page.getByTestId('header-title').filter({ hasText: 'Kunden & Co.' }).first().waitFor();
      await step('9-header');
    });

    it('publishes the app', async () => {
      // The sidebar's Publish → Privacy Settings (on a phone the title's Public/Private badge is hidden).
      await page.getByRole('navigation', { name: 'Editor tools' }).getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('menuitem', { name: 'Privacy Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Launch Your App' });
      const toggle = dialog.getByRole('switch', { name: 'App privacy' });
      await toggle.waitFor();
      await toggle.check();
      await dialog.getByText('Public: visitors can open the app.').waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      if (label === 'desktop') await expect.poll(() => page.getByTestId('privacy-badge').textContent()).toBe('Public');
      await step('10-public');
    });

    it('a guest goes from every page to every other through the one header', async () => {
      const base = `http://${subdomain}.localhost:${server.port}`;
      const guest = await guestPage(browser, `${base}/`, viewport);
      for (const from of PAGES) {
        await guest.goto(`${base}${from.path}`);
        await guest.getByTestId('header-title').filter({ hasText: 'Kunden & Co.' }).waitFor();
        // The picture once the page has loaded: the footer (every page) and the home page's table.
        await guest.getByTestId('block-footer').getByText('Your Company').first().waitFor();
        if (from.path === '/') await guest.getByTestId('block-table').getByRole('cell', { name: 'Müller', exact: true }).waitFor();
        await step(`11-guest-${from.name.toLowerCase()}`, guest);
        for (const to of PAGES) {
          if (to === from) continue;
          await guest.goto(`${base}${from.path}`);
          let menu = guest.getByRole('navigation', { name: 'Main', exact: true });
          if (label === 'phone') {
            await guest.getByRole('button', { name: 'Open navigation' }).click();
            menu = guest.getByRole('navigation', { name: 'Main (menu)' });
          }
          await menu.getByRole('link', { name: to.name, exact: true }).click();
          await guest.waitForURL((u) => u.pathname === to.path);
          await guest.getByTestId('header-title').filter({ hasText: 'Kunden & Co.' }).waitFor();
        }
      }
      // The home page's table shows the edited, correctly decoded names.
      await guest.goto(`${base}/`);
      await guest.getByTestId('block-table').getByRole('cell', { name: 'Köln-Ehrenfeld', exact: true }).waitFor();
      expect(await guest.getByTestId('block-table').getByText('Jürgen Größ').count()).toBe(1);
      await guest.context().close();
    });
  });
}
