// Column mapping never breaks an app silently (issue 33): an owner's weather board is pointed at
// an unrelated Orders spreadsheet. Nothing is guessed across sheets that share no column name;
// the page names the blocks each column left as it is would break, refuses Apply until the owner
// chooses, and the owner maps one column, drops another from the chart and removes the form.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, choose, ownerWithBoard, shot, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;

interface StoredBlock {
  type: string;
  title?: string;
  x_axis?: string;
  axis: { column?: string }[];
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await ownerWithBoard(browser, server, {
    board: 'Seattle weather',
    sheets: [{ title: 'weather', columns: ['date', 'temp_max', 'temp_min', 'precipitation'], rows: [{ date: '2012-01-01', temp_max: 12.8, temp_min: 5, precipitation: 0 }] }],
  });
  const pages = await call<{ pages: { page_id: string }[] }>(owner.context, server, 'GET', `/api/pages/${owner.app.id}`);
  const pageId = pages.pages[0]!.page_id;
  await call(owner.context, server, 'POST', '/api/blocks', { pageId, type: 'chart', title: 'Temperatures', sheet_title: 'weather', x_axis: 'date', axis: [{ column: 'temp_max' }, { column: 'temp_min' }] });
  await call(owner.context, server, 'POST', '/api/blocks', { pageId, type: 'form', title: 'Report rain', sheet_title: 'weather', axis: [{ column: 'date' }, { column: 'precipitation' }] });
  await call(owner.context, server, 'POST', '/api/spreadsheets', {
    title: 'Orders',
    sheets: [{ title: 'Orders', columns: ['Order date', 'Quantity', 'Customer'], rows: [{ 'Order date': '2024-05-01', Quantity: 3, Customer: 'Ada' }] }],
  });
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the column mapping page', () => {
  it('names the blocks each unmapped column breaks, and applies the owner’s choice for each', async () => {
    const page = owner.page;
    await page.goto(`${server.baseUrl}/dashboard/apps/${owner.app.id}/map-data`);
    const mapping = page.getByRole('form', { name: 'Column mapping' });
    await mapping.waitFor();
    // Orders shares no column name with the weather sheet: nothing is matched by type alone.
    for (const c of ['date', 'temp_max', 'temp_min', 'precipitation']) expect(await mapping.getByLabel(`Column for ${c}`).inputValue()).toBe('Leave as is');
    await expect.poll(() => page.getByTestId('mapping-broken').innerText()).toContain('blocks name a column your sheet does not have');
    const breaks = mapping.getByTestId('mapping-breaks');
    await expect.poll(() => breaks.count()).toBe(4);
    expect(await breaks.first().innerText()).toContain('“Orders” has no column “date”: left as it is, this breaks “Temperatures”, “Report rain”.');

    // Apply without choosing: refused on the page, in words.
    await mapping.getByRole('button', { name: 'Apply' }).click();
    await mapping.getByRole('alert').filter({ hasText: 'Choose a column for “temp_min”, or what happens to “Temperatures” without it.' }).first().waitFor();

    // Map date and temp_max; drop temp_min from the chart; remove the form.
    await choose(page, mapping, 'Column for date', 'Order date (date)');
    await choose(page, mapping, 'Column for temp_max', 'Quantity (number)');
    await choose(page, mapping, 'What happens to Temperatures without temp_min', 'Drop “temp_min” from “Temperatures”');
    await choose(page, mapping, 'What happens to Report rain without precipitation', 'Remove “Report rain”');
    await expect.poll(() => breaks.count()).toBe(2);
    await shot(page, 'column-mapping-choices');
    await mapping.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`**/${owner.app.subdomain}`);

    const state = await call<{ pages: { blocks: StoredBlock[] }[] }>(owner.context, server, 'GET', `/api/pages/${owner.app.id}`);
    const blocks = state.pages.flatMap((p) => p.blocks);
    expect(blocks.map((b) => b.type)).toEqual(['chart']);
    expect(blocks[0]).toMatchObject({ x_axis: 'Order date', axis: [{ column: 'Quantity' }] });
    // The editor finds nothing broken, and the chart shows no missing-column error.
    const integrity = await call<{ broken: unknown[] }>(owner.context, server, 'GET', `/api/apps/${owner.app.id}/integrity`);
    expect(integrity.broken).toEqual([]);
    await page.getByRole('button', { name: 'New Block' }).waitFor();
    expect(await page.getByTestId('editor-broken-blocks').count()).toBe(0);
    expect(await page.getByText('no longer in the sheet').count()).toBe(0);
  });
});
