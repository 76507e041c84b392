// The foundation journey of issue 2, as a new user would take it, in Chromium against the real
// server: sign up → dashboard with the sample → import CSV and XLSX → new board → table, chart
// and scorecard through the editor → change a setting → guest view on the app host and path.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, shot, skipOnboarding, verifyOwnerEmail } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A server of its own: the journey opens the first sign-up's example board at sales-board.localhost.
  server = await startServer({}, { fresh: true });
  // A Chromium of its own too: the downloads are read through download.path().
  browser = await launchBrowser({ own: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function xlsxWithTwoTabs(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sales = wb.addWorksheet('Sales');
  sales.addRow(['Region', 'Month', 'Revenue', 'Units']);
  const data: [string, string, number, number][] = [
    ['North', '2026-01', 1200, 10],
    ['South', '2026-01', 800, 7],
    ['North', '2026-02', 1500, 12],
    ['South', '2026-02', 900, 8],
    ['East', '2026-02', 650, 5],
    ['West', '2026-03', 1100, 9],
  ];
  for (const row of data) sales.addRow(row);
  const team = wb.addWorksheet('Team');
  team.addRow(['Name', 'Role']);
  team.addRow(['Grace', 'Manager']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** New boards start private: the owner makes `name` public (PUT /api/apps/{id}, as Privacy Settings does) before guests look. */
async function makePublic(owner: Page, name: string): Promise<void> {
  const list = await owner.context().request.get(`${server.baseUrl}/api/apps`);
  const app = ((await list.json()) as { apps: { id: string; name: string }[] }).apps.find((a) => a.name === name);
  if (!app) throw new Error(`no app named ${name}`);
  const res = await owner.context().request.put(`${server.baseUrl}/api/apps/${app.id}`, { data: { public: true } });
  expect(res.status()).toBe(200);
}

describe('a new owner builds and publishes a board', () => {
  const email = `owner${Date.now()}@example.com`;
  let owner: Page;
  let boardPath = '';

  it('signs up and sees the sample spreadsheet and the example board', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    owner = await ctx.newPage();
    // Unauthenticated visits to the dashboard go to the sign-in screen.
    await owner.goto(`${server.baseUrl}/dashboard`);
    await owner.waitForURL('**/dashboard/auth');

    await owner.goto(`${server.baseUrl}/dashboard/signup`);
    await owner.getByLabel('Name').fill('Ada Owner');
    await owner.getByLabel('Email').fill(email);
    await owner.getByLabel('Password').fill('short');
    await owner.getByRole('button', { name: /sign up/i }).click();
    await expect(owner.getByText(/at least 8 characters/i).first().isVisible()).resolves.toBe(true);
    await owner.getByLabel('Password').fill('correct horse battery');
    await owner.getByRole('button', { name: /sign up/i }).click();
    await skipOnboarding(owner);
    // Publishing needs the address verified (accounts.test.ts follows the link itself).
    verifyOwnerEmail(server, email);
    await owner.reload();

    const boards = owner.getByRole('region', { name: 'Boards' });
    await boards.getByText('Sales board').waitFor();
    const sheets = owner.getByRole('region', { name: 'Spreadsheets' });
    await sheets.getByText('Sample business').waitFor();
    await shot(owner, 'dashboard');
  });

  it('shows the example board, built from the sample, with real data', async () => {
    await makePublic(owner, 'Sales board');
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const guest = await ctx.newPage();
    await guest.goto(`http://sales-board.localhost:${server.port}/`);
    const cards = guest.getByTestId('block-scorecard');
    await cards.getByText('Revenue', { exact: true }).waitFor();
    // Sum of the 200 sample orders, with the $ symbol and thousands separators.
    await cards.getByText(/^\$\d{1,3}(,\d{3})+$/).first().waitFor();
    const charts = guest.getByTestId('block-chart');
    await charts.nth(0).locator('canvas').waitFor();
    await charts.nth(1).locator('canvas').waitFor();
    expect(await charts.count()).toBe(2);

    // Downloads are real files: the chart as a PDF, the orders as CSV (every row, not one page).
    const [pdf] = await Promise.all([
      guest.waitForEvent('download'),
      charts.nth(0).getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdfBytes = readFileSync((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const [csv] = await Promise.all([
      guest.waitForEvent('download'),
      guest.getByTestId('block-table').getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csvLines = readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(csvLines[0]).toMatch(/^Order ID,Date,Customer,Email,City/);
    expect(csvLines).toHaveLength(201);
    await guest.getByTestId('block-table').getByText('200 rows').waitFor();
    await guest.waitForTimeout(500); // let the charts finish their entry animation
    await shot(guest, 'example-board');
    await ctx.close();
  });

  it('imports a CSV and a two-tab XLSX, and refuses a bad file with a message', async () => {
    const sheets = owner.getByRole('region', { name: 'Spreadsheets' });
    const input = owner.getByTestId('import-input');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some words') });
    const error = owner.getByTestId('import-error');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/csv|xlsx/i);

    const csv = 'Customer,City,Spend\nAlice,Paris,120\nBob,Lyon,80\nChloé,Paris,45\n';
    await input.setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The preview first (issue 13), then Import.
    await owner.getByRole('dialog', { name: 'Check the import' }).getByRole('cell', { name: 'Chloé' }).waitFor();
    await owner.getByTestId('import-confirm').click();
    // The import's own notice: the sample's 'Customers' tab would match the list before the upload ends.
    await owner.getByText('customers: 1 sheet ready to use.').waitFor();

    await input.setInputFiles({
      name: 'regional-sales.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsxWithTwoTabs(),
    });
    await owner.getByRole('dialog', { name: 'Check the import' }).getByRole('cell', { name: 'Grace' }).waitFor();
    await owner.getByTestId('import-confirm').click();
    const item = sheets.getByTestId('spreadsheet-item').filter({ hasText: 'regional-sales' });
    await item.waitFor();
    expect(await item.innerText()).toMatch(/2 sheets/i);
  });

  it('creates a board from the imported spreadsheet', async () => {
    await owner.getByRole('button', { name: 'New board' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New board' });
    await dialog.getByLabel('Board name').fill('Regional Sales');
    await choose(owner, dialog, 'Spreadsheet', 'regional-sales');
    await dialog.getByRole('button', { name: 'Create board' }).click();
    await owner.waitForURL('**/regional-sales');
    boardPath = new URL(owner.url()).pathname;
    expect(boardPath).toBe('/regional-sales');
    await owner.getByTestId('board-title').getByText('Regional Sales').waitFor();
  });

  it('adds a table, a chart and a scorecard through the editor and sees real data', async () => {
    // Table of the Sales tab.
    let panel = await addBlock(owner, 'table');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(owner, panel, 'Sheet', 'Sales');
    await panel.getByRole('button', { name: 'Save' }).click();
    const table = owner.getByTestId('block-table');
    await table.getByRole('cell', { name: 'East' }).waitFor();

    // Chart: revenue by region.
    panel = await addBlock(owner, 'chart');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Revenue by region');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(owner, panel, 'Sheet', 'Sales');
    await choose(owner, panel, 'X axis', 'Region');
    await choose(owner, panel, 'Column', 'Revenue');
    await panel.getByRole('button', { name: 'Save' }).click();
    const chart = owner.getByTestId('block-chart');
    await chart.locator('canvas').waitFor();

    // A save with a missing required setting names it and keeps the draft.
    panel = await addBlock(owner, 'scorecard');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText(/required/i).first().waitFor();

    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(owner, panel, 'Source sheet', 'Sales');
    await choose(owner, panel, 'Source column', 'Revenue');
    await panel.getByLabel('Label').fill('Total revenue');
    await panel.getByRole('button', { name: 'Save' }).click();
    const score = owner.getByTestId('block-scorecard');
    await score.getByText('Total revenue').waitFor();
    // 1200 + 800 + 1500 + 900 + 650 + 1100
    await score.getByText(/\$6,150/).waitFor();
  });

  it('changes a setting in the generated panel and the block follows', async () => {
    const table = owner.getByTestId('block-table');
    await owner.getByRole('button', { name: /^Edit / }).first().click();
    const panel = owner.getByRole('region', { name: 'Block settings' });
    await panel.getByRole('tab', { name: 'General' }).click();
    const perPage = panel.getByLabel('Rows per page');
    await perPage.fill('2');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    await table.getByText('Page 1 of 3').waitFor();
    await table.getByRole('button', { name: 'Next' }).click();
    await table.getByText('Page 2 of 3').waitFor();
    await shot(owner, 'editor');
  });

  it('shows the settings panel generated from the schema', async () => {
    await owner.getByRole('button', { name: /^Edit Revenue by region/ }).click();
    const panel = owner.getByRole('region', { name: 'Block settings' });
    await panel.getByRole('tab', { name: 'Data' }).click();
    await panel.getByLabel('Chart type').waitFor();
    // The 'Block saved' toasts close by themselves (5000 ms), so the picture shows the panel.
    await owner.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 10_000 });
    await shot(owner, 'editor-settings');
    await panel.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the same blocks to a guest on the app host and on the board path', async () => {
    await makePublic(owner, 'Regional Sales');
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const guest = await ctx.newPage();
    await guest.goto(`http://regional-sales.localhost:${server.port}/`);
    // Two rows a page since the owner's change: North and South of January come first.
    await guest.getByTestId('block-table').getByRole('cell', { name: 'North' }).first().waitFor();
    await guest.getByTestId('block-chart').locator('canvas').waitFor();
    await guest.getByTestId('block-scorecard').getByText(/\$6,150/).waitFor();
    expect(await guest.getByRole('button', { name: 'New Block' }).count()).toBe(0);
    await shot(guest, 'guest-view');

    const viaPath = await guest.goto(`${server.baseUrl}${boardPath}`);
    expect(viaPath?.status()).toBe(200);
    await guest.getByTestId('block-scorecard').getByText('Total revenue').waitFor();
    expect(await guest.getByRole('button', { name: 'New Block' }).count()).toBe(0);

    // Search in the table goes to the server and narrows the rows.
    const search = guest.getByTestId('block-table').getByRole('textbox', { name: /search/i });
    await search.fill('west, east');
    await guest.getByTestId('block-table').getByRole('cell', { name: 'West' }).waitFor();
    await guest.getByTestId('block-table').getByRole('cell', { name: 'East' }).waitFor();
    await guest.getByTestId('block-table').getByText('Page 1 of 1').waitFor();
    await guest.waitForFunction(
      () => !document.querySelector('[data-testid="block-table"]')?.textContent?.includes('North'),
    );
    await ctx.close();
  });

  it('answers unknown paths with the 404 screen', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const res = await page.goto(`${server.baseUrl}/no-such-board-here`);
    expect(res?.status()).toBe(404);
    await page.getByText('Page not found').waitFor();
    await page.getByText('This page could not be found').waitFor();
    await page.getByRole('link', { name: 'Go to Homepage' }).waitFor();
    await ctx.close();
  });
});
