// The data editor (issue 13), end to end: an owner imports a CSV, puts a table of it on a board,
// opens the data editor from the dashboard and from the editor's Spreadsheet button, edits a cell
// (the board open in another tab shows the change without a reload), adds and deletes a row,
// undoes those changes one by one, searches, and the grid works at 390 px wide.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, call, choose, saveBlock, shot } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let dashboard: Page;
let data: Page;
let board: Page;

const CSV = ['Customer,City,Amount,Status', 'Ada Lovelace,London,120,Open', 'Linus Torvalds,Helsinki,80,Done', 'Grace Hopper,New York,45,Open', ''].join('\n');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const grid = (p: Page) => p.getByTestId('data-grid');
const cell = (p: Page, column: string, row: number) => grid(p).getByRole('gridcell', { name: `${column}, row ${row}`, exact: true });
const rowCount = (p: Page, text: string) => p.getByTestId('row-count').getByText(text, { exact: true }).waitFor();
const tableCell = (block: Locator, text: string) => block.getByRole('cell', { name: text, exact: true });

describe('data editor', () => {
  it('imports a CSV and puts a table of it on a board', async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    await call(context, server, 'POST', '/api/auth/signup', { name: 'Ada Owner', email: `owner${Date.now()}@example.com`, password: 'correct horse battery' });
    dashboard = await context.newPage();
    await dashboard.goto(`${server.baseUrl}/dashboard`);
    await dashboard.getByTestId('import-input').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    // The import's preview: the first rows as they will be stored, then Import.
    await dashboard.getByRole('dialog', { name: 'Check the import' }).getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    await dashboard.getByTestId('import-confirm').click();
    await dashboard.getByText('customers: 1 sheet ready to use.').waitFor();

    const { spreadsheets } = await call<{ spreadsheets: { id: string; title: string }[] }>(context, server, 'GET', '/api/spreadsheets');
    const sheet = spreadsheets.find((s) => s.title === 'customers')!;
    const { app } = await call<{ app: { subdomain: string } }>(context, server, 'POST', '/api/apps', { name: 'Customers board', kind: 'board', spreadsheetId: sheet.id });
    board = await context.newPage();
    await board.goto(`${server.baseUrl}/${app.subdomain}`);
    const panel = await addBlock(board, 'table');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(board, panel, 'Sheet', 'customers');
    await saveBlock(board);
    await tableCell(board.getByTestId('block-table'), 'Ada Lovelace').waitFor();
  });

  it('opens the data editor from the dashboard', async () => {
    await dashboard.getByTestId('spreadsheet-item').filter({ hasText: 'customers' }).getByRole('button', { name: /customers/ }).first().click();
    await dashboard.getByRole('link', { name: 'Open the data of customers' }).click();
    await dashboard.waitForURL('**/dashboard/data/**');
    data = dashboard;
    await rowCount(data, '3 rows');
    expect(await cell(data, 'Customer', 1).innerText()).toBe('Ada Lovelace');
    // Types guessed from the values, shown as words.
    expect(await grid(data).getByRole('columnheader').filter({ hasText: 'Amount' }).innerText()).toMatch(/Amount\s*Number/);
    await shot(data, 'data-editor/grid');
  });

  it('edits a cell, and the board open in another tab shows it', async () => {
    // What the data editor announces to the other tabs of this browser (sheet-updates.ts).
    await board.evaluate(() => {
      const w = window as unknown as { sheetMessages: unknown[] };
      w.sheetMessages = [];
      new BroadcastChannel('sheetboard-sheets').onmessage = (e: MessageEvent) => w.sheetMessages.push(e.data);
    });
    await cell(data, 'City', 2).click();
    await cell(data, 'City', 2).click();
    const editor = data.getByRole('dialog', { name: 'Edit City' });
    await editor.getByRole('textbox').fill('Espoo');
    await shot(data, 'data-editor/editing');
    await editor.getByRole('textbox').press('Enter');
    await editor.waitFor({ state: 'detached' });
    await cell(data, 'City', 2).getByText('Espoo', { exact: true }).waitFor();
    await board.waitForFunction(() => (window as unknown as { sheetMessages: unknown[] }).sheetMessages.length > 0);
    const spreadsheetId = new URL(data.url()).pathname.split('/').pop();
    expect(await board.evaluate(() => (window as unknown as { sheetMessages: unknown[] }).sheetMessages)).toEqual([{ spreadsheetId, sheet: 'customers' }]);
    // The board refetched on the data editor's message (no reload, no focus change).
    await tableCell(board.getByTestId('block-table'), 'Espoo').waitFor();

    // A number column edits with a number input; Escape leaves the cell as it was.
    await cell(data, 'Amount', 1).dblclick();
    const amount = data.getByRole('dialog', { name: 'Edit Amount' });
    await amount.getByRole('spinbutton').fill('999');
    await amount.getByRole('spinbutton').press('Escape');
    await amount.waitFor({ state: 'detached' });
    expect(await cell(data, 'Amount', 1).innerText()).toBe('120');
  });

  it('adds a row and deletes it, with a confirmation', async () => {
    await data.getByRole('button', { name: 'Add row' }).click();
    await rowCount(data, '4 rows');
    // Typing on a selected cell starts editing it, as in a spreadsheet.
    await cell(data, 'Customer', 4).click();
    await data.keyboard.type('Margaret Hamilton');
    const editor = data.getByRole('dialog', { name: 'Edit Customer' });
    expect(await editor.getByRole('textbox').inputValue()).toBe('Margaret Hamilton');
    await editor.getByRole('textbox').press('Enter');
    await cell(data, 'Customer', 4).getByText('Margaret Hamilton').waitFor();
    await tableCell(board.getByTestId('block-table'), 'Margaret Hamilton').waitFor();

    await grid(data).getByRole('button', { name: 'Row 2', exact: true }).click();
    await data.getByRole('menuitem', { name: 'Delete row' }).click();
    const confirm = data.getByRole('dialog', { name: 'Delete row 2?' });
    await confirm.getByText(/Linus Torvalds/).waitFor();
    await confirm.getByRole('button', { name: 'Delete row' }).click();
    await rowCount(data, '3 rows');
    expect(await grid(data).innerText()).not.toContain('Linus Torvalds');
  });

  it('undoes the last changes one by one (button and Ctrl+Z)', async () => {
    // The delete comes back (at the end).
    await data.getByRole('button', { name: 'Undo' }).click();
    await rowCount(data, '4 rows');
    await grid(data).getByText('Linus Torvalds').waitFor();
    // The new row's name, then the new row itself.
    await grid(data).focus();
    await data.keyboard.press('Control+z');
    await grid(data).getByText('Margaret Hamilton').waitFor({ state: 'detached' });
    await data.keyboard.press('Control+z');
    await rowCount(data, '3 rows');
    // The city edit: back to Helsinki, on the board too.
    await data.getByRole('button', { name: 'Undo' }).click();
    await grid(data).getByText('Helsinki').waitFor();
    await tableCell(board.getByTestId('block-table'), 'Helsinki').waitFor();
    expect(await data.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
  });

  it('searches, filters and sorts', async () => {
    await data.getByRole('textbox', { name: 'Search' }).fill('grace');
    await rowCount(data, '1 row found');
    expect(await cell(data, 'Customer', 1).innerText()).toBe('Grace Hopper');
    await data.getByRole('textbox', { name: 'Search' }).fill('');
    await rowCount(data, '3 rows');
    // A filter: column, condition, value (the blocks' engine, on the server).
    await data.getByRole('button', { name: 'Filter' }).click();
    const form = data.getByRole('form', { name: 'Add a filter' });
    await choose(data, form, 'Column', 'Status');
    await choose(data, form, 'Condition', 'Is equal to');
    await form.getByRole('textbox', { name: 'Value' }).fill('Open');
    await shot(data, 'data-editor/filter');
    await form.getByRole('button', { name: 'Apply filter' }).click();
    await rowCount(data, '2 rows found');
    expect(await data.getByTestId('data-filter').innerText()).toContain('Status is Open');
    await data.getByRole('button', { name: 'Remove filter on Status' }).click();
    await rowCount(data, '3 rows');

    await grid(data).getByRole('button', { name: 'Sort by Amount' }).click();
    await cell(data, 'Amount', 1).getByText('45', { exact: true }).waitFor();
    await grid(data).getByRole('button', { name: 'Sort by Amount' }).click();
    await cell(data, 'Amount', 1).getByText('120', { exact: true }).waitFor();
  });

  it('refuses an edit made on a row someone else changed, and shows the row as it is now', async () => {
    // Sorted by Amount, largest first: Ada's row is the first.
    const rowId = await grid(data).getByRole('row').filter({ hasText: 'Ada Lovelace' }).getAttribute('data-row-id');
    const spreadsheetId = new URL(data.url()).pathname.split('/').pop()!;
    const path = `/api/board/${spreadsheetId}/sheet/customers/rows/${rowId}`;
    const { row } = await call<{ row: { _version: number } }>(context, server, 'GET', path);
    await call(context, server, 'PUT', path, { values: { City: 'Paris' }, _version: row._version });

    await cell(data, 'City', 1).dblclick();
    const editor = data.getByRole('dialog', { name: 'Edit City' });
    await editor.getByRole('textbox').fill('Rome');
    await editor.getByRole('textbox').press('Enter');
    await data.getByRole('alert').filter({ hasText: 'This row was changed by someone else' }).waitFor();
    await cell(data, 'City', 1).getByText('Paris', { exact: true }).waitFor();
  });

  it("opens from the editor's Spreadsheet button in a new tab", async () => {
    const [opened] = await Promise.all([context.waitForEvent('page'), board.getByRole('button', { name: 'Spreadsheet' }).click()]);
    await opened.waitForURL('**/dashboard/data/**');
    await rowCount(opened, '3 rows');
    await opened.close();
  });

  it('works at 390 px wide: the toolbar wraps and the grid scrolls sideways', async () => {
    await data.setViewportSize({ width: 390, height: 844 });
    await data.reload();
    await rowCount(data, '3 rows');
    const box = await grid(data).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    const { scrollWidth, clientWidth } = await grid(data).evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await data.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(data, 'data-editor/phone');
    // The cell editor stays on screen, even for a column scrolled partly out of view.
    await cell(data, 'City', 1).dblclick();
    const editor = data.getByRole('dialog', { name: 'Edit City' });
    const box2 = await editor.boundingBox();
    expect(box2!.x).toBeGreaterThanOrEqual(0);
    expect(box2!.x + box2!.width).toBeLessThanOrEqual(390);
    await shot(data, 'data-editor/phone-editing');
    await editor.getByRole('textbox').press('Escape');
  });
});
