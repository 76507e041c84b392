// Live Google Sheets (issue 16, first part) end to end on the real server against the local
// Google (src/server/testing/google.ts): an owner connects their Google account through the consent
// page, pastes the link of a sheet, watches the first sync, builds a board on it and sees its rows;
// a person then edits the sheet in "Google", and Sync now brings the change to the board.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../src/server/testing/google';
import { call, newOwnerEmail, shot } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let google: FakeGoogle;
let context: BrowserContext;
let page: Page;
const GOOGLE_USER = 'ada.owner@gmail.test';
const FILE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_orders';

beforeAll(async () => {
  google = await startFakeGoogle();
  google.consent.user = GOOGLE_USER;
  google.createSpreadsheet({
    spreadsheetId: FILE_ID,
    title: 'Shop orders',
    writers: [GOOGLE_USER],
    tabs: [
      {
        title: 'Orders',
        rows: [
          ['Customer', 'Amount', 'Status'],
          ['Acme Bakery', 120, 'Paid'],
          ['Blue Door Cafe', 80, 'Open'],
          ['Corner Books', 45, 'Open'],
        ],
      },
    ],
  });
  server = await startServer({
    GOOGLE_CLIENT_ID: google.oauthClient.clientId,
    GOOGLE_CLIENT_SECRET: google.oauthClient.clientSecret,
    GOOGLE_API_URL: google.url,
    GOOGLE_OAUTH_URL: google.authUrl,
    GOOGLE_TOKEN_URL: google.tokenUrl,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await google?.close();
});

describe('a Google Sheet connected by its link', () => {
  it('connects the Google account, pastes the link and syncs the sheet', async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await call(context, server, 'POST', '/api/auth/signup', { name: 'Ada Owner', email: newOwnerEmail(), password: 'correct horse battery' });
    page = await context.newPage();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Connect a Google Sheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a Google Sheet' });
    await dialog.getByRole('button', { name: 'Connect your Google account' }).waitFor();
    // The dialog fades in: the screenshot waits for it.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await shot(page, 'google-sheets-1-connect');
    await dialog.getByRole('button', { name: 'Connect your Google account' }).click();
    // The consent page answers at once for the test's Google user, and Google sends the owner back.
    await page.waitForURL(/\/dashboard/);
    const form = page.getByRole('form', { name: 'Connect a Google Sheet' });
    await form.waitFor();
    expect(await page.getByTestId('google-account').innerText()).toContain(GOOGLE_USER);
    expect(new URL(page.url()).searchParams.get('google')).toBeNull();

    await form.getByLabel('Link to your Google Sheet').fill('https://example.com/not-a-sheet');
    await form.getByRole('button', { name: 'Connect' }).click();
    await form.getByText(/Google Sheets/).first().waitFor();
    await form.getByLabel('Link to your Google Sheet').fill(`https://docs.google.com/spreadsheets/d/${FILE_ID}/edit#gid=0`);
    await form.getByRole('button', { name: 'Connect' }).click();
    const done = page.getByTestId('google-done');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.innerText()).toContain('Shop orders');
    await shot(page, 'google-sheets-2-synced');
  });

  it('a board on it shows the rows; an edit made in Google reaches it with Sync now', async () => {
    const { spreadsheets } = await call<{ spreadsheets: { id: string; title: string }[] }>(context, server, 'GET', '/api/spreadsheets');
    const sheet = spreadsheets.find((s) => s.title === 'Shop orders')!;
    const { app } = await call<{ app: { id: string; subdomain: string } }>(context, server, 'POST', '/api/apps', { name: 'Orders board', kind: 'board', spreadsheetId: sheet.id });
    const { pages } = await call<{ pages: { page_id: string }[] }>(context, server, 'GET', `/api/pages/${app.id}`);
    await call(context, server, 'POST', '/api/blocks', { pageId: pages[0]!.page_id, type: 'table', sheet_title: 'Orders', axis: [{ column: 'Customer' }, { column: 'Amount' }, { column: 'Status', editable: 'Admins' }] });
    const board = await context.newPage();
    await board.goto(`${server.baseUrl}/${app.subdomain}`);
    await board.getByRole('cell', { name: 'Blue Door Cafe', exact: true }).waitFor();
    // The editor's Spreadsheet button opens the sheet in Google (answered here: no internet in tests).
    await context.route('https://docs.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Google Sheets</title>' }));
    const [sheetTab] = await Promise.all([board.waitForEvent('popup'), board.getByRole('button', { name: 'Spreadsheet' }).click()]);
    expect(sheetTab.url()).toBe(`https://docs.google.com/spreadsheets/d/${FILE_ID}/edit`);
    await sheetTab.close();

    // Someone edits the sheet in Google: a status changes, a row is inserted above it.
    google.setCell(FILE_ID, 'Orders', 'C3', 'Paid');
    google.insertRow(FILE_ID, 'Orders', 2, ['Daisy Florist', 60, 'Open']);
    await page.keyboard.press('Escape');
    await page.reload();
    const item = page.getByTestId('spreadsheet-item').filter({ hasText: 'Shop orders' });
    await item.getByTestId('google-badge').waitFor();
    await item.getByRole('button', { name: /Shop orders/ }).first().click();
    const status = async () => (await call<{ sync: { status: string; last_pull_at: string | null } }>(context, server, 'GET', `/api/google/spreadsheets/${sheet.id}`)).sync;
    const before = (await status()).last_pull_at;
    await item.getByRole('button', { name: 'Sync Shop orders now' }).click();
    await expect.poll(async () => { const s = await status(); return s.status === 'ok' && s.last_pull_at !== before; }, { timeout: 30_000 }).toBe(true);
    await shot(page, 'google-sheets-3-dashboard');

    await board.reload();
    await board.getByRole('cell', { name: 'Daisy Florist', exact: true }).waitFor();
    const blueDoor = board.getByRole('row').filter({ hasText: 'Blue Door Cafe' });
    expect(await blueDoor.innerText()).toContain('Paid');
    await shot(board, 'google-sheets-4-board');
  });

  it('an edit made in the board reaches the sheet in Google, on its row', async () => {
    const board = context.pages().find((p) => p !== page)!;
    const table = board.getByTestId('block-table');
    const row = table.getByRole('row').filter({ hasText: 'Corner Books' });
    await row.getByRole('button', { name: 'Edit Status' }).click();
    const dialog = board.getByRole('dialog', { name: 'Edit Status' });
    await dialog.getByLabel('Status').fill('Paid in full');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'Paid in full' }).waitFor();
    // In Google: that row (now row 5, below the row inserted there), that cell, nothing else.
    await expect.poll(() => google.values(FILE_ID, 'Orders').map((r) => r.slice(0, 3)), { timeout: 15_000 }).toEqual([
      ['Customer', 'Amount', 'Status'],
      ['Daisy Florist', 60, 'Open'],
      ['Acme Bakery', 120, 'Paid'],
      ['Blue Door Cafe', 80, 'Paid'],
      ['Corner Books', 45, 'Paid in full'],
    ]);
    await shot(board, 'google-sheets-5-edited');

    // The same cell changed in Google while an edit made here is on its way: the sheet's value
    // stands, and the dashboard says so until the owner clears the list.
    google.beforeRead((read, g) => {
      // The push reads the row it writes (row 3) just before writing: a person changes it then.
      if (read.kind !== 'sheets.values.batchGet' || !(read.body as { ranges: string[] }).ranges.some((r) => r.endsWith('!3:3'))) return;
      g.beforeRead(null);
      g.setCell(FILE_ID, 'Orders', 'C3', 'Refunded');
    });
    const acme = table.getByRole('row').filter({ hasText: 'Acme Bakery' });
    await acme.getByRole('button', { name: 'Edit Status' }).click();
    await dialog.getByLabel('Status').fill('Paid twice');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const sheet = (await call<{ spreadsheets: { id: string; title: string }[] }>(context, server, 'GET', '/api/spreadsheets')).spreadsheets.find((s) => s.title === 'Shop orders')!;
    await expect.poll(async () => (await call<{ sync: { conflict_count: number } }>(context, server, 'GET', `/api/google/spreadsheets/${sheet.id}`)).sync.conflict_count, { timeout: 15_000 }).toBe(1);
    expect(google.values(FILE_ID, 'Orders')[2]?.[2]).toBe('Refunded');
    await page.reload();
    const item = page.getByTestId('spreadsheet-item').filter({ hasText: 'Shop orders' });
    await item.getByRole('button', { name: /Shop orders/ }).first().click();
    const conflicts = item.getByTestId('google-conflicts');
    await conflicts.waitFor({ timeout: 15_000 });
    expect(await conflicts.innerText()).toContain('Status was changed to “Refunded” in Google Sheets and to “Paid twice” here. Google Sheets’ value was kept.');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await shot(page, 'google-sheets-6-conflict');
    await conflicts.getByRole('button', { name: 'Clear this list' }).click();
    await conflicts.waitFor({ state: 'detached' });
    // The board follows the sheet again.
    await board.reload();
    await board.getByTestId('block-table').getByRole('row').filter({ hasText: 'Acme Bakery' }).getByRole('cell', { name: 'Refunded' }).waitFor();
  });
});
