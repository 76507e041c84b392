// The data-contract guard's one-click remap (issue 16) end to end on the real server against the
// local Google (src/server/testing/google.ts): a board's table reads columns of a connected sheet;
// someone renames one column and deletes another in Google; after Sync now the dashboard names
// both, "Use 'Stage'" fixes the renamed one there, the editor's notice offers the tab's columns in
// place of the deleted one, and the table shows data again under the columns chosen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../src/server/testing/google';
import { call, choose, newOwnerEmail, shot } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let google: FakeGoogle;
let context: BrowserContext;
let page: Page;
const GOOGLE_USER = 'grace.owner@gmail.test';
const FILE_ID = '1RemapEfGhIjKlMnOpQrStUvWxYz0123456789_orders';

interface Sync {
  status: string;
  last_pull_at: string | null;
  broken_columns: { column: string; change: string; to: string | null }[];
}

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
          ['Customer', 'Status', 'Amount', 'Notes', 'Region'],
          ['Acme Bakery', 'Paid', 120, 'Leave at door', 'North'],
          ['Blue Door Cafe', 'Open', 80, 'Call first', 'South'],
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

describe('columns renamed or deleted in Google', () => {
  it('are reported on the dashboard and in the editor, and one click points the blocks at the right columns', async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await call(context, server, 'POST', '/api/auth/signup', { name: 'Grace Owner', email: newOwnerEmail(), password: 'correct horse battery' });
    page = await context.newPage();
    // Connect the Google account: Google's consent page answers at once and sends the owner back.
    const { url } = await call<{ url: string }>(context, server, 'POST', '/api/google/connect', { mode: 'read-write' });
    await page.goto(url);
    await page.waitForURL(/\/dashboard/);
    const { spreadsheet } = await call<{ spreadsheet: { id: string } }>(context, server, 'POST', '/api/google/spreadsheets', { url: `https://docs.google.com/spreadsheets/d/${FILE_ID}/edit` });
    const status = async () => (await call<{ sync: Sync }>(context, server, 'GET', `/api/google/spreadsheets/${spreadsheet.id}`)).sync;
    await expect.poll(async () => (await status()).status, { timeout: 30_000 }).toBe('ok');

    // A board whose table reads Customer, Status and Notes.
    const { app } = await call<{ app: { id: string; subdomain: string } }>(context, server, 'POST', '/api/apps', { name: 'Orders board', kind: 'board', spreadsheetId: spreadsheet.id });
    const { pages } = await call<{ pages: { page_id: string }[] }>(context, server, 'GET', `/api/pages/${app.id}`);
    await call(context, server, 'POST', '/api/blocks', { pageId: pages[0]!.page_id, type: 'table', sheet_title: 'Orders', axis: [{ column: 'Customer' }, { column: 'Status' }, { column: 'Notes' }] });

    // In Google: 'Status' renamed 'Stage', 'Notes' deleted (column D goes, Region moves left). (A
    // rename next to a deletion would be reported as two deletions: the guard never guesses.)
    google.renameHeader(FILE_ID, 'Orders', 'Status', 'Stage');
    const tab = google.spreadsheets.get(FILE_ID)!.tabs[0]!;
    tab.rows = tab.rows.map((r) => r.filter((_, i) => i !== 3));

    // Sync now on the dashboard: both columns are named, with the blocks that read them.
    await page.goto(`${server.baseUrl}/dashboard`);
    const item = page.getByTestId('spreadsheet-item').filter({ hasText: 'Shop orders' });
    await item.getByRole('button', { name: /Shop orders/ }).first().click();
    const before = (await status()).last_pull_at;
    await item.getByRole('button', { name: 'Sync Shop orders now' }).click();
    await expect.poll(async () => { const s = await status(); return s.status === 'ok' && s.last_pull_at !== before; }, { timeout: 30_000 }).toBe(true);
    const broken = item.getByTestId('google-broken-columns');
    await broken.getByText("Orders: 'Status' was renamed 'Stage' in Google; still used by Table (Column).").waitFor();
    await broken.getByText("Orders: 'Notes' was deleted in Google; still used by Table (Column).").waitFor();
    await shot(page, 'google-remap-1-dashboard');

    // One click follows the rename.
    await broken.getByRole('button', { name: "Use 'Stage'" }).click();
    await page.getByText("Blocks now use 'Stage' in place of 'Status' (Orders).").waitFor();
    await broken.getByText(/'Status' was renamed/).waitFor({ state: 'detached' });
    expect((await status()).broken_columns.map((b) => b.column)).toEqual(['Notes']);

    // The editor reports the deleted column for this app's table; a current column takes its place.
    const editor = await context.newPage();
    await editor.goto(`${server.baseUrl}/${app.subdomain}`);
    const notice = editor.getByTestId('editor-google-columns');
    await notice.getByText("Orders: 'Notes' was deleted in Google; still used by Table (Column).").waitFor();
    await editor.getByRole('cell', { name: 'Blue Door Cafe', exact: true }).waitFor();
    await shot(editor, 'google-remap-2-editor');
    // A column that does not fit is not offered: the sheet's current columns only.
    await notice.getByRole('textbox', { name: "Column to use instead of 'Notes'" }).click();
    await expect.poll(() => editor.getByRole('option').allInnerTexts()).toEqual(['Customer', 'Stage', 'Amount', 'Region']);
    await editor.keyboard.press('Escape');
    await choose(editor, notice, "Column to use instead of 'Notes'", 'Region');
    await notice.getByRole('button', { name: 'Use this column' }).click();
    await editor.getByText("Blocks now use 'Region' in place of 'Notes' (Orders).").waitFor();
    await notice.waitFor({ state: 'detached' });
    expect((await status()).broken_columns).toEqual([]);

    // The table still shows its rows, now under the columns chosen.
    await editor.getByRole('columnheader', { name: 'Stage' }).waitFor();
    await editor.getByRole('columnheader', { name: 'Region' }).waitFor();
    const row = editor.getByRole('row').filter({ hasText: 'Blue Door Cafe' });
    expect(await row.innerText()).toMatch(/Open[\s\S]*South/);
    await shot(editor, 'google-remap-3-fixed');

    // The dashboard's list is empty too once read again.
    await page.reload();
    await item.getByRole('button', { name: /Shop orders/ }).first().click();
    await item.getByTestId('google-sync').getByText(/Synced/).waitFor();
    expect(await item.getByTestId('google-broken-columns').count()).toBe(0);
  });
});
