// Data list, Grid, Markdown and Iframe blocks, end to end: each configured through the settings
// panel of the editor, saved, then checked in what a guest sees: markdown fills [Column]s with a
// row's values and never turns a cell into HTML; the iframe is sandboxed with only the pasted src;
// grid search goes to the server and narrows the cards, a card opens its details (hide_on_grid
// fields included); the data list draws a sorted timeline.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, ownerWithBoard, saveBlock, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;
let guest: Page;
/** Another origin serving the page we embed: it reports what its sandbox lets it reach. */
let embedded: Server;
let embedUrl: string;
const EMBED_HTML = `<!doctype html><html><head><title>Opening hours</title></head>
<body style="font-family:sans-serif;margin:0;padding:16px;background:#eef2ff;color:#1e1b4b">
<h2 style="margin:0 0 8px">Opening hours</h2><p style="margin:0 0 8px">Mon–Fri 9:00–17:00</p>
<p id="cookies"></p><p id="parent"></p>
<script>
let cookies = 'blocked', parentPage = 'blocked';
try { void document.cookie; cookies = 'readable'; } catch (e) {}
try { void window.parent.document.title; parentPage = 'reachable'; } catch (e) {}
document.getElementById('cookies').textContent = 'Cookies: ' + cookies;
document.getElementById('parent').textContent = 'Parent page: ' + parentPage;
</script></body></html>`;
/** Any alert() in a page fails the test that follows. */
const dialogs: string[] = [];

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const XSS = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  embedded = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(EMBED_HTML));
  await new Promise<void>((ok) => embedded.listen(0, '127.0.0.1', ok));
  embedUrl = `http://127.0.0.1:${(embedded.address() as AddressInfo).port}/hours?embed=1`;
});

afterAll(async () => {
  await guest?.context().close();
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await new Promise((ok) => embedded?.close(ok));
});

const setting = (panel: Locator, path: string) => panel.locator(`[data-setting="${path}"]`);

describe('card blocks', () => {
  it('the owner configures the four blocks through the settings panel', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: 'Team cards',
      sheets: [
        {
          title: 'People',
          columns: ['Name', 'City', 'Role', 'Photo', 'Site', 'Note', 'Year'],
          rows: [
            { Name: 'Ada', City: 'London', Role: 'Engineer', Photo: PNG, Site: 'https://ada.example', Note: XSS, Year: '1843' },
            { Name: 'Grace', City: 'New York', Role: 'Admiral', Photo: PNG, Site: 'https://grace.example', Note: 'Found a moth', Year: '1947' },
            { Name: 'Linus', City: 'Helsinki', Role: 'Engineer', Photo: PNG, Site: 'javascript:alert(1)', Note: 'Wrote a kernel', Year: '1991' },
            { Name: 'Katherine', City: 'Hampton', Role: 'Mathematician', Photo: PNG, Site: '', Note: 'Orbits', Year: '1962' },
          ],
        },
      ],
    });
    const { page } = owner;
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    // Markdown: reads the app's first sheet by default; [Column]s once per row with loop.
    let panel = await addBlock(page, 'markdown');
    await panel.getByLabel('Title', { exact: true }).fill('People notes');
    await panel.getByLabel('Markdown text').fill('**[Name]** lives in [City].\n\nNote: [Note] [Unknown]');
    await page.getByTestId('block-markdown').getByText('Ada').first().waitFor(); // the app's first sheet by default
    expect(await panel.getByLabel('Columns').count()).toBe(0); // shown only with loop
    await panel.getByRole('switch', { name: 'Loop' }).check();
    await panel.getByLabel('Columns').fill('2');
    await choose(page, panel, 'Gap', '6');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'People');
    await saveBlock(page);
    await page.getByTestId('block-markdown').getByText('Grace').waitFor();

    // Iframe: bad code is explained in the editor; good code is kept as a sandboxed frame.
    panel = await addBlock(page, 'iframe');
    await panel.getByLabel('Title', { exact: true }).fill('Embedded map');
    await panel.getByLabel('Iframe code').fill('<iframe src="javascript:alert(1)"></iframe>');
    await page.getByTestId('block-iframe').getByText('Paste the embed code (<iframe src="https://...">) or a link').waitFor();
    await panel
      .getByLabel('Iframe code')
      .fill(`<iframe src="${embedUrl}" width="600" height="240" onload="alert(2)" srcdoc="<script>alert(3)</script>" allow="camera; fullscreen" allowfullscreen></iframe>`);
    await page.getByTestId('block-iframe').locator('iframe').waitFor();
    await saveBlock(page);

    // Grid: image, text and button fields; Note only in the details.
    panel = await addBlock(page, 'grid');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Team');
    await panel.getByLabel('Columns').fill('4');
    await panel.getByRole('tab', { name: 'Data' }).click();
    for (let i = 0; i < 5; i++) await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Photo');
    await choose(page, setting(panel, 'axis.0.type'), 'Type', 'image');
    await setting(panel, 'axis.0.round_image').getByRole('switch').check();
    await choose(page, setting(panel, 'axis.0.alignment'), 'Alignment', 'Center');
    await choose(page, setting(panel, 'axis.1.column'), 'Column', 'Name');
    await choose(page, setting(panel, 'axis.1.alignment'), 'Alignment', 'Center');
    await choose(page, setting(panel, 'axis.2.column'), 'Column', 'Role');
    await choose(page, setting(panel, 'axis.3.column'), 'Column', 'Site');
    await choose(page, setting(panel, 'axis.3.type'), 'Type', 'button');
    await setting(panel, 'axis.3.button_text').getByRole('textbox').fill('Website');
    await setting(panel, 'axis.3.round_button').getByRole('switch').check();
    await choose(page, setting(panel, 'axis.4.column'), 'Column', 'Note');
    await setting(panel, 'axis.4.hide_on_grid').getByRole('switch').check();
    await saveBlock(page);
    await page.getByTestId('block-grid').getByRole('listitem').first().waitFor();

    // Data list: a timeline sorted by year, newest first.
    panel = await addBlock(page, 'data_list');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Milestones');
    expect(await panel.getByLabel('Timeline layout').count()).toBe(0);
    await choose(page, panel, 'List type', 'timeline');
    await choose(page, panel, 'Timeline layout', 'zigzag');
    await choose(page, panel, 'Sorting', 'Descending');
    await choose(page, panel, 'Card style', 'rounded');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sort by column', 'Year');
    for (let i = 0; i < 3; i++) await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Year');
    await choose(page, setting(panel, 'axis.1.column'), 'Column', 'Name');
    await choose(page, setting(panel, 'axis.2.column'), 'Column', 'Site');
    await choose(page, setting(panel, 'axis.2.type'), 'Type', 'button');
    await panel.getByRole('tab', { name: 'Style' }).click();
    await setting(panel, 'timeline_dot_color').getByRole('textbox').fill('#e11d48');
    await saveBlock(page);
    await page.getByTestId('block-data_list').getByTestId('timeline-dot').first().waitFor();
    expect(dialogs).toEqual([]);
  });

  it('a guest sees markdown with the rows values and no injected HTML', async () => {
    guest = await guestPage(browser, owner.guestUrl);
    guest.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const block = guest.getByTestId('block-markdown');
    await block.getByText('Katherine').waitFor();
    const items = block.getByRole('listitem');
    expect(await items.count()).toBe(4);
    expect(await items.first().locator('strong').textContent()).toBe('Ada');
    expect(await items.first().textContent()).toContain('Ada lives in London.');
    // The cell's markup is text, the unknown bracket stays as typed.
    expect(await items.first().textContent()).toContain(`Note: ${XSS} [Unknown]`);
    expect(await block.locator('img').count()).toBe(0);
    await shotOf(block, 'blocks/markdown');
  });

  it('a guest sees the iframe sandboxed with only the pasted src', async () => {
    const frame = guest.getByTestId('block-iframe').locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups allow-presentation');
    expect(await frame.getAttribute('src')).toBe(embedUrl);
    expect(await frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await frame.getAttribute('allow')).toBe('fullscreen');
    expect(await frame.getAttribute('onload')).toBeNull();
    expect(await frame.getAttribute('srcdoc')).toBeNull();
    expect(await frame.getAttribute('height')).toBe('240');
    // The embedded page runs, but with an opaque origin: no cookies, no reach into our page.
    await frame.scrollIntoViewIfNeeded();
    const inside = guest.frameLocator('[data-testid="block-iframe"] iframe');
    await inside.getByText('Cookies: blocked').waitFor();
    await inside.getByText('Parent page: blocked').waitFor();
    await shotOf(guest.getByTestId('block-iframe'), 'blocks/iframe');
  });

  it('a guest searches the grid (server-side), and a card opens its details', async () => {
    const block = guest.getByTestId('block-grid');
    const cards = block.getByRole('listitem');
    await cards.nth(3).waitFor();
    expect(await cards.count()).toBe(4);
    // hide_on_grid: not on the cards.
    expect(await block.getByText('Found a moth').count()).toBe(0);
    // Buttons: safe links only.
    expect(await cards.filter({ hasText: 'Ada' }).getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://ada.example/');
    expect(await cards.filter({ hasText: 'Linus' }).getByRole('link').count()).toBe(0);
    await shotOf(block, 'blocks/grid');

    const searched = guest.waitForResponse((r) => r.url().includes('/sheet/People') && r.url().includes('q=grace'));
    await block.getByRole('textbox', { name: 'Search' }).fill('grace');
    await searched;
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('Grace');

    await cards.first().click();
    const details = guest.getByRole('dialog', { name: 'Team' });
    await details.waitFor();
    await details.getByText('Found a moth').waitFor();
    expect(await details.getByText('Admiral').count()).toBe(1);
    await guest.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  });

  it('a guest sees the data list as a timeline sorted by year, newest first', async () => {
    const block = guest.getByTestId('block-data_list');
    const list = block.getByRole('list', { name: 'Milestones' });
    await list.waitFor();
    expect(await list.getAttribute('data-list-type')).toBe('timeline-zigzag');
    await expect.poll(() => block.getByTestId('timeline-dot').count()).toBe(4);
    const years = await list.getByRole('listitem').evaluateAll((els) => els.map((e) => e.textContent?.match(/\d{4}/)?.[0]));
    expect(years).toEqual(['1991', '1962', '1947', '1843']);
    const dotColor = await block.getByTestId('timeline-dot').first().evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(dotColor).toBe('rgb(225, 29, 72)');
    await shotOf(block, 'blocks/data_list');
    expect(dialogs).toEqual([]);
  });
});
