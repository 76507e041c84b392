// Board filters end to end in Chromium: the owner adds 'Region = North' in the editor's Filters
// manager and shows the bar; a guest sees only North rows, switches the filter off, opens
// ?filters=Region:South, changes the value in the bar (the address follows), and meets an unknown
// filter name in the address.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, ownerWithBoard, saveBlock, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;

const sales = {
  title: 'Sales',
  columns: ['Region', 'City', 'Revenue', 'Closed'],
  rows: [
    { Region: 'North', City: 'Oslo', Revenue: 1200, Closed: '2024-03-05 14:30' },
    { Region: 'South', City: 'Rome', Revenue: 800, Closed: '2024-03-06' },
    { Region: 'North', City: 'Bergen', Revenue: 1500, Closed: '2024-03-07' },
    { Region: 'South', City: 'Naples', Revenue: 900, Closed: '' },
    { Region: 'East', City: 'Warsaw', Revenue: 650, Closed: '2024-03-09' },
  ],
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await ownerWithBoard(browser, server, { board: 'Filtered sales', sheets: [sales] });
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

/** Waits until the table shows exactly these cities (the data comes from the server). */
async function expectCities(page: Page, cities: string[]) {
  const all = sales.rows.map((r) => r.City);
  await page.waitForFunction(
    ({ want, all }) => {
      const text = document.querySelector('[data-testid="block-table"]')?.textContent ?? '';
      return all.every((c) => text.includes(c) === want.includes(c));
    },
    { want: cities, all },
  );
}

describe('board filters', () => {
  it('the owner adds a table and a Region filter in the editor and shows the bar', async () => {
    const { page } = owner;
    const panel = await addBlock(page, 'table');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Sales');
    await saveBlock(page);
    await expectCities(page, ['Oslo', 'Rome', 'Bergen', 'Naples', 'Warsaw']);
    // No filters yet: no bar.
    expect(await page.getByTestId('filter-bar').count()).toBe(0);

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Board filters' });
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    const filter = dialog.getByRole('group', { name: 'Filter 1' });
    // Saving without a name or column is refused before anything is sent.
    await dialog.getByRole('button', { name: 'Save filters' }).click();
    await filter.getByText('A name is required').waitFor();
    await filter.getByText('Choose a column', { exact: true }).last().waitFor();

    await filter.getByRole('textbox', { name: 'Name' }).fill('Region');
    await choose(page, filter, 'Column', 'Region');
    // Every condition of the spec is offered, with a human label.
    await filter.getByRole('textbox', { name: 'Condition' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Is equal to', 'Is greater than (after)', 'Is less than (before)', 'Starts with', 'Does not start with', 'Ends with',
      'Does not end with', 'Contains', 'Does not contain', 'In the past days', 'Is today', 'Is tomorrow',
      'Is in the current week', 'Is in the next week', 'Is between dates', 'Is any of',
    ]);
    await page.getByRole('option', { name: 'Is equal to', exact: true }).click();
    await filter.getByRole('textbox', { name: 'Value' }).fill('North');

    // A second filter, off by default: a date range, with two date inputs.
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    const closed = dialog.getByRole('group', { name: 'Filter 2' });
    await closed.getByRole('textbox', { name: 'Name' }).fill('Closed');
    await choose(page, closed, 'Column', 'Closed');
    await choose(page, closed, 'Condition', 'Is between dates');
    await closed.getByLabel('Value: from').fill('2024-03-06');
    await closed.getByLabel('Value: to').fill('2024-03-07');
    await closed.getByRole('switch', { name: 'On by default' }).uncheck();

    await dialog.getByRole('switch', { name: 'Show the filter bar to viewers' }).check();
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 10_000 });
    await shotOf(dialog, 'blocks/filters-editor');
    await dialog.getByRole('button', { name: 'Save filters' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The editor previews what viewers get: the bar, and the table narrowed to North.
    await page.getByTestId('filter-bar').getByText('is North').waitFor();
    await page.getByTestId('filter-bar').getByText('from March 6, 2024 to March 7, 2024').waitFor();
    await expectCities(page, ['Oslo', 'Bergen']);
  });

  it('a guest sees only North rows, switches the filter off and sees every row; the address follows', async () => {
    const guest = await guestPage(browser, owner.guestUrl);
    const bar = guest.getByTestId('filter-bar');
    await bar.getByText('is North').waitFor();
    await expectCities(guest, ['Oslo', 'Bergen']);
    expect(await bar.getByRole('switch', { name: 'Region' }).isChecked()).toBe(true);

    await bar.getByRole('switch', { name: 'Region' }).click();
    await expectCities(guest, ['Oslo', 'Rome', 'Bergen', 'Naples', 'Warsaw']);
    expect(await bar.getByRole('switch', { name: 'Region' }).isChecked()).toBe(false);
    expect(new URL(guest.url()).search).toBe('?filters=!Region');

    // The shared address gives the same view to someone else.
    const other = await guestPage(browser, guest.url());
    await expectCities(other, ['Oslo', 'Rome', 'Bergen', 'Naples', 'Warsaw']);
    await other.context().close();
    await guest.context().close();
  });

  it('?filters=Region:South shows only South; the bar changes the value and the address', async () => {
    const guest = await guestPage(browser, `${owner.guestUrl}?filters=Region:South`);
    const bar = guest.getByTestId('filter-bar');
    await bar.getByText('is South').waitFor();
    await expectCities(guest, ['Rome', 'Naples']);

    await bar.getByRole('button', { name: 'Change Region' }).click();
    const value = guest.getByRole('textbox', { name: 'Value of Region' });
    await value.fill('East');
    await value.press('Enter');
    await bar.getByText('is East').waitFor();
    await expectCities(guest, ['Warsaw']);
    expect(new URL(guest.url()).search).toBe('?filters=Region:East');

    // Back to the board's own value: the address carries nothing any more.
    await bar.getByRole('button', { name: 'Change Region' }).click();
    await value.fill('North');
    await guest.getByRole('button', { name: 'Apply' }).click();
    await expectCities(guest, ['Oslo', 'Bergen']);
    expect(new URL(guest.url()).search).toBe('');
    await guest.context().close();
  });

  it('names that are not filters of the board are ignored and listed; a name alone switches on the board value', async () => {
    const guest = await guestPage(browser, `${owner.guestUrl}?hide_header=true&filters=City:Paris,Region:South,closed`);
    await guest.getByTestId('filter-unknown').getByText('City').waitFor();
    // South and closed on March 6 or 7.
    await expectCities(guest, ['Rome']);
    expect(await guest.getByTestId('filter-bar').getByRole('switch', { name: 'Closed' }).isChecked()).toBe(true);
    await guest.setViewportSize({ width: 1100, height: 360 });
    await shotOf(guest.getByTestId('board'), 'blocks/filters');
    await guest.context().close();
  });

  it('the server refuses a bad filter saved through the manager and the dialog names it', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Board filters' });
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    const second = dialog.getByRole('group', { name: 'Filter 3' });
    await second.getByRole('textbox', { name: 'Name' }).fill('region');
    await choose(page, second, 'Column', 'City');
    await dialog.getByRole('button', { name: 'Save filters' }).click();
    await second.getByText('Another filter has the same name').waitFor();
    await second.getByRole('button', { name: 'Delete region' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('filter-bar').getByText('is North').waitFor();
  });
});
