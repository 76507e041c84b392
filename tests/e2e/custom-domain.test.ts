// A custom domain in the Publish URL, in Chromium: the owner saves it, sees that it is not verified
// and the TXT record to add; the domain does not serve the app; Verify without the record says
// what is missing; with the record (in a real DNS server on this machine) it is verified and the
// domain serves the app. Hosts ending in .test reach the test server (harness.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type TestDns } from '../../src/server/testing/dns';
import { call, guestPage, ownerWithApp, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let dns: TestDns;
let owner: OwnerBoard;

beforeAll(async () => {
  dns = await startDns();
  server = await startServer({ DNS_SERVERS: dns.server });
  browser = await launchBrowser();
  owner = await ownerWithApp(browser, server, { app: 'Garden Jobs', sheets: [{ title: 'Jobs', columns: ['Job'], rows: [{ Job: 'Prune the roses' }] }] });
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await dns?.close();
});

async function privacyDialog(page: Page) {
  await page.getByRole('navigation', { name: 'Editor tools' }).getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Privacy Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Launch Your App' });
  await dialog.waitFor();
  return dialog;
}

/** What a page on `url` gets from the API for the app of its host. */
async function homeStatus(url: string): Promise<number> {
  const guest = await guestPage(browser, url);
  try {
    return await guest.evaluate(async () => (await fetch('/api/page/home')).status);
  } finally {
    await guest.context().close();
  }
}

describe('custom domain', () => {
  it('serves the app only after the owner verifies the TXT record shown in Privacy Settings', async () => {
    const host = 'www.garden-jobs.test';
    const url = `http://${host}:${server.port}/`;
    const { page } = owner;
    let dialog = await privacyDialog(page);
    await dialog.getByLabel('Publish URL').fill(url);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The dialog stays open on the record to add.
    const pending = dialog.getByRole('region', { name: `Verify ${host}` });
    await pending.waitFor();
    await pending.getByRole('table', { name: 'DNS record' }).getByText(`_sheetboard.${host}`).waitFor();
    await shotOf(pending, 'going-live/custom-domain-pending');
    expect(await homeStatus(url)).toBe(404);

    await pending.getByRole('button', { name: 'Verify' }).click();
    await pending.getByRole('alert').getByText(`No TXT record named _sheetboard.${host} was found`, { exact: false }).waitFor();

    const { customDomain } = await call<{ customDomain: { record: { name: string; value: string } } }>(owner.context, server, 'GET', `/api/apps/${owner.app.id}/custom-domain`);
    expect(await pending.getByRole('table', { name: 'DNS record' }).textContent()).toContain(customDomain.record.value);
    dns.txt.set(customDomain.record.name, [customDomain.record.value]);
    await pending.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('status').getByText(`${host} is verified`).waitFor();

    expect(await homeStatus(url)).toBe(200);
    // Opened again, the dialog still says so.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    dialog = await privacyDialog(page);
    await dialog.getByText(`${host} is verified`).waitFor();
  });
});
