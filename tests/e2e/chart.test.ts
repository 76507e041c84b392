// Chart block, end to end: configured through the settings panel (legend hidden, a line chart,
// step size shown only after turning the custom step on, a conditional filter), then seen by a
// guest: the canvas, the server-grouped series behind it, the PDF download; and a 3,000-row
// sheet on a narrow screen reaches the browser as at most 4 points per pixel of the chart.
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, ownerWithBoard, saveBlock, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;

const MONTHS = ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'];
const SALES = MONTHS.flatMap((Month, i) => [
  { Month, Sales: 100 + i * 40, Cost: 60 + i * 10, Region: 'North', Home: 'North' },
  // Region differs from Home: the conditional filter leaves these out.
  { Month, Sales: 1000, Cost: 1, Region: 'South', Home: 'North' },
]);
const READINGS = Array.from({ length: 3000 }, (_, i) => ({ Day: i, Value: Math.round(Math.sin(i / 50) * 100) + (i === 1234 ? 500 : 0) }));

beforeAll(async () => {
  server = await startServer();
  // A Chromium of its own: the PDF download is read through download.path().
  browser = await launchBrowser({ own: true });
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

const setting = (panel: Locator, path: string) => panel.locator(`[data-setting="${path}"]`);
const isChart = (r: Response) => new URL(r.url()).pathname.endsWith('/chart') && r.request().method() === 'GET';

async function guest(url: string, width = 1400): Promise<{ page: Page; charts: Response[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const charts: Response[] = [];
  page.on('response', (r) => {
    if (isChart(r)) charts.push(r);
  });
  await page.goto(url);
  return { page, charts };
}

describe('chart block', () => {
  it('is configured through the settings panel', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: 'Sales board',
      sheets: [
        { title: 'Sales', columns: ['Month', 'Sales', 'Cost', 'Region', 'Home'], rows: SALES },
        { title: 'Readings', columns: ['Day', 'Value'], rows: READINGS },
      ],
    });
    const { page } = owner;
    const panel = await addBlock(page, 'chart');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Monthly sales');
    await choose(page, panel, 'Legend position', 'Hidden');
    // Step size only with a custom step.
    expect(await panel.getByLabel('Step size', { exact: true }).count()).toBe(0);
    await panel.getByLabel('Custom step size').check();
    await panel.getByLabel('Step size', { exact: true }).fill('50');
    await panel.getByLabel('Show scale labels').check();

    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Sales');
    await choose(page, panel, 'X axis', 'Month');
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Sales');
    await choose(page, setting(panel, 'axis.0.type'), 'Chart type', 'Line');
    await panel.getByRole('button', { name: 'Add axis' }).click();
    await choose(page, setting(panel, 'axis.1.column'), 'Column', 'Cost');
    await choose(page, setting(panel, 'axis.1.type'), 'Chart type', 'Bar');

    await panel.getByRole('tab', { name: 'Filters' }).click();
    await panel.getByRole('button', { name: 'Add filter' }).click();
    await choose(page, setting(panel, 'filters.0.select_column'), 'Column', 'Region');
    await choose(page, setting(panel, 'filters.0.match_with_column'), 'Match with column', 'Home');
    await saveBlock(page);

    const block = page.getByTestId('block-chart');
    await block.locator('canvas').waitFor();
    await block.locator('[data-legend="hidden"][data-chart-type="line"]').waitFor();
  });

  it('a guest sees the canvas drawn from the server-grouped series, filtered', async () => {
    const { page, charts } = await guest(owner.guestUrl);
    const block = page.getByTestId('block-chart');
    await block.locator('canvas').waitFor();
    await block.getByRole('img', { name: 'Monthly sales: line chart of Sales, Cost' }).waitFor();
    expect(await block.locator('[data-legend]').getAttribute('data-legend')).toBe('hidden');
    await expect.poll(() => charts.length).toBeGreaterThan(0);
    const res = charts.at(-1)!;
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { labels: string[]; series: number[][]; total_rows: number; aggregated: boolean };
    expect(body.labels).toEqual(MONTHS);
    // The South rows (Region ≠ Home) are filtered out.
    expect(body.series).toEqual([MONTHS.map((_, i) => 100 + i * 40), MONTHS.map((_, i) => 60 + i * 10)]);
    expect(body).toMatchObject({ total_rows: 6, aggregated: false });
    // The request asks for 4 points per px of the chart, in hundreds.
    const width = await block.locator('canvas').evaluate((c) => c.parentElement!.parentElement!.clientWidth);
    expect(Number(new URL(res.url()).searchParams.get('points'))).toBe(Math.ceil((width * 4) / 100) * 100);
    await shotOf(block, 'blocks/chart');

    // The chart as a PDF.
    const [download] = await Promise.all([page.waitForEvent('download'), block.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('Monthly sales.pdf');
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });

  it('3,000 rows on a narrow screen arrive as at most 4 points per px', async () => {
    const { page } = owner;
    const panel = await addBlock(page, 'chart');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Readings');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Readings');
    await choose(page, panel, 'X axis', 'Day');
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Value');
    await choose(page, setting(panel, 'axis.0.type'), 'Chart type', 'Line');
    await saveBlock(page);
    await page.getByTestId('block-chart').nth(1).locator('canvas').waitFor();

    const { page: narrow, charts } = await guest(owner.guestUrl, 420);
    const block = narrow.getByTestId('block-chart').filter({ hasText: 'Readings' });
    await block.locator('canvas').waitFor();
    await block.getByTestId('chart-aggregated').waitFor();
    const readings = charts.filter((r) => decodeURIComponent(r.url()).includes('/sheet/Readings/chart'));
    expect(readings.length).toBeGreaterThan(0);
    for (const res of readings) {
      const asked = Number(new URL(res.url()).searchParams.get('points'));
      const body = (await res.json()) as { labels: string[]; points: number; aggregated: boolean; total_rows: number };
      expect(asked).toBeLessThan(3000);
      expect(body.labels.length).toBeLessThanOrEqual(asked);
      expect(body).toMatchObject({ points: body.labels.length, aggregated: true, total_rows: 3000 });
      // The spike survives the decimation.
      expect(body.labels).toContain('1234');
    }
    expect(await block.getByTestId('chart-aggregated').textContent()).toMatch(/^[\d,]+ of 3,000 values are drawn, chosen to keep the shape of the line with its highs and lows\.$/);
    await shotOf(block, 'blocks/chart-large');
    await narrow.context().close();
  });
});
