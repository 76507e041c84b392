// A multipage app, end to end (issue 4): the owner creates it from the dashboard, fills the home
// page (header and footer are there from the start; banner hero, image gallery and FAQ land before
// the footer), adds a Products page with a list whose item button opens an Item page (item details
// of that row), and a Contact page with a form, all through the editor. A guest then navigates it:
// header links, the item button (`?row=`), breadcrumbs (a breadcrumb click goes back and truncates,
// a header click starts them again) and the contact form. Last, one block is embedded on a page of
// another origin and only that block shows in the frame.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, ownerWithApp, png, saveBlock, shot, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;
let guest: Page;
/** Serves the product photos (http://127.0.0.1:…/photos/…) and, later, the page embedding a block. */
let site: Server;
let siteUrl: string;
let hostPage = '';
/** Any alert() or confirm() in a page fails the test. */
const dialogs: string[] = [];

const PHOTOS: Record<string, Buffer> = {
  'mug.png': png(320, 240, [59, 130, 246], [30, 64, 175]),
  'lamp.png': png(320, 240, [250, 204, 21], [234, 88, 12]),
  'plant.png': png(320, 240, [74, 222, 128], [21, 128, 61]),
  'chair.png': png(320, 240, [244, 114, 182], [147, 51, 234]),
};
const HERO = png(480, 320, [255, 255, 255], [165, 180, 252]);

beforeAll(async () => {
  // Embedding needs a paid workspace (the free plan gets the upgrade prompt).
  server = await startServer({ PLAN: 'pro' });
  browser = await launchBrowser();
  site = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/photos\//, '');
    if (req.url?.startsWith('/photos/') && PHOTOS[name]) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PHOTOS[name]);
    if (req.url === '/partner') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage);
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await guest?.context().close();
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await new Promise((ok) => site?.close(ok));
});

const setting = (panel: Locator, path: string) => panel.locator(`[data-setting="${path}"]`);
const collect = (page: Page) =>
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

/** The kinds of the blocks on the page, in order (editor or guest view). */
const kindsOn = (page: Page) =>
  page.locator('[data-testid^="block-"]').evaluateAll((els) =>
    els
      .map((e) => e.getAttribute('data-testid')!.slice('block-'.length))
      .filter((k) => !k.startsWith('option-') && k !== 'error' && k !== 'settings'),
  );

/** Editor: the Pages popup. */
async function pagesPopup(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Editor tools' }).getByRole('button', { name: 'Pages' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pages' });
  await dialog.waitFor();
  return dialog;
}

/** Editor: opens a page through the Pages popup and waits for its editor. */
async function openPage(page: Page, name: string): Promise<void> {
  const dialog = await pagesPopup(page);
  await dialog.getByRole('button', { name: `Open ${name}` }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('banner').getByText(name, { exact: true }).first().waitFor();
}

/** Editor: a new page shows the app's header and footer (issue 13: set up once, on home), nothing to add. */
async function addChrome(page: Page): Promise<void> {
  await expect.poll(() => kindsOn(page)).toEqual(['header', 'footer']);
}

const PRODUCTS = [
  { Name: 'Blue mug', Price: '12', Photo: 'mug.png', Description: 'Stoneware, 350 ml, dishwasher safe.' },
  { Name: 'Desk lamp', Price: '49', Photo: 'lamp.png', Description: 'Warm light with a brass arm.' },
  { Name: 'Fern', Price: '18', Photo: 'plant.png', Description: 'Happy in the shade; water weekly.' },
  { Name: 'Pink chair', Price: '120', Photo: 'chair.png', Description: 'Oak frame, velvet seat.' },
];

describe('multipage app', () => {
  it('the owner creates the app from the dashboard; home has a header and a footer', async () => {
    owner = await ownerWithApp(browser, server, {
      app: 'Corner Shop',
      sheets: [
        {
          title: 'Products',
          columns: ['Name', 'Price', 'Photo', 'Description'],
          rows: PRODUCTS.map((p) => ({ ...p, Photo: `${siteUrl}/photos/${p.Photo}` })),
        },
        {
          title: 'FAQ',
          columns: ['Question', 'Answer'],
          rows: [
            { Question: 'Do you ship abroad?', Answer: 'Yes, to the whole of Europe within five days.' },
            { Question: 'Can I return an item?', Answer: 'Within 30 days, in its original box.' },
            { Question: 'Do you have a shop?', Answer: 'Come and see us at 12 Market Street.' },
          ],
        },
        { title: 'Messages', columns: ['Name', 'Email', 'Message'], rows: [{ Name: 'Grace', Email: 'grace@example.com', Message: 'Lovely mugs!' }] },
      ],
    });
    collect(owner.page);
    expect(await kindsOn(owner.page)).toEqual(['header', 'footer']);
  });

  it('the owner adds a banner hero, an image gallery and a FAQ on home, each before the footer', async () => {
    const { page } = owner;
    // Banner hero: title, subtitle, an uploaded foreground image.
    let panel = await addBlock(page, 'banner_hero');
    await panel.getByRole('switch', { name: 'Full width' }).check();
    await panel.getByLabel('Banner title').fill('Welcome to <b>Corner Shop</b>');
    await panel.getByLabel('Subtitle').fill('Small things for <i>everyday</i> life.');
    await setting(panel, 'foreground_image').locator('input[type="file"]').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: HERO });
    await expect.poll(() => setting(panel, 'foreground_image').getByRole('textbox').inputValue()).toMatch(/^\/api\/uploads\//);
    await choose(page, panel, 'Image position', 'Right');
    await saveBlock(page);
    await page.getByTestId('block-banner_hero').getByText('Corner Shop').waitFor();
    expect(await kindsOn(page)).toEqual(['header', 'banner_hero', 'footer']);

    // Image gallery: the Products photos, as a 4-column grid with captions.
    panel = await addBlock(page, 'image_gallery');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Gallery');
    await panel.getByRole('switch', { name: 'Full width' }).check();
    await choose(page, panel, 'Layout', 'grid');
    await panel.getByLabel('Grid columns').fill('4');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Products');
    await choose(page, panel, 'Image column', 'Photo');
    await choose(page, panel, 'Caption column', 'Name');
    await saveBlock(page);
    await expect.poll(() => page.getByTestId('block-image_gallery').locator('img').count()).toBe(4);
    expect(await kindsOn(page)).toEqual(['header', 'banner_hero', 'image_gallery', 'footer']);

    // FAQ: the FAQ sheet as an accordion.
    panel = await addBlock(page, 'faq');
    await choose(page, panel, 'Sheet', 'FAQ');
    await choose(page, panel, 'Question column', 'Question');
    await choose(page, panel, 'Answer column', 'Answer');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Questions');
    await panel.getByRole('switch', { name: 'Full width' }).check();
    await saveBlock(page);
    await page.getByTestId('block-faq').getByText('Do you ship abroad?').waitFor();
    expect(await kindsOn(page)).toEqual(['header', 'banner_hero', 'image_gallery', 'faq', 'footer']);

    // The home header shows the breadcrumbs too.
    await page.getByTestId('block-header').getByRole('button', { name: 'Edit header' }).click();
    panel = page.getByRole('region', { name: 'Block settings' });
    await panel.getByRole('switch', { name: 'Breadcrumbs' }).check();
    await saveBlock(page);
    expect(dialogs).toEqual([]);
  });

  it('the owner adds Products, Item and Contact pages (public by default)', async () => {
    const { page } = owner;
    const dialog = await pagesPopup(page);
    for (const name of ['Products', 'Item', 'Contact']) {
      await dialog.getByLabel('New page').fill(name);
      await dialog.getByRole('button', { name: 'Add page' }).click();
      await dialog.getByRole('listitem', { name }).waitFor();
    }
    const rows = dialog.getByTestId('page-row');
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(['Home', 'Products', 'Item', 'Contact']);
    // New pages are public: no 'Not public' badge anywhere.
    expect(await dialog.getByText('Not public').count()).toBe(0);
    await dialog.getByRole('listitem', { name: 'Products' }).getByText('/products').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('Products: a list of the products whose item button opens the Item page', async () => {
    const { page } = owner;
    await openPage(page, 'Products');
    expect(new URL(page.url()).pathname).toBe(`/${owner.app.subdomain}/products`);
    await addChrome(page);

    const panel = await addBlock(page, 'list');
    await choose(page, panel, 'Sheet', 'Products');
    await panel.getByRole('button', { name: 'Add line' }).click();
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Photo');
    await choose(page, setting(panel, 'axis.0.type'), 'Type', 'image');
    await choose(page, setting(panel, 'axis.0.editable'), 'Editable by', 'None');
    await panel.getByRole('button', { name: 'Add line' }).click();
    await choose(page, setting(panel, 'axis.1.column'), 'Column', 'Name');
    await choose(page, setting(panel, 'axis.1.font_style'), 'Font style', 'bold');
    await choose(page, setting(panel, 'axis.1.editable'), 'Editable by', 'None');
    await panel.getByRole('button', { name: 'Add line' }).click();
    await choose(page, setting(panel, 'axis.2.column'), 'Column', 'Price');
    await choose(page, setting(panel, 'axis.2.editable'), 'Editable by', 'None');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Our products');
    await panel.getByRole('switch', { name: 'Full width' }).check();
    await panel.getByLabel('Image width').fill('120px');
    await panel.getByRole('button', { name: 'Add to item buttons' }).click();
    await setting(panel, 'item_buttons.0.title').getByRole('textbox').fill('View');
    await choose(page, setting(panel, 'item_buttons.0.open_detail_page'), 'Open detail page', 'Item');
    await saveBlock(page);
    const block = page.getByTestId('block-list');
    await block.getByRole('listitem').filter({ hasText: 'Desk lamp' }).getByRole('button', { name: 'View' }).waitFor();
    expect(await kindsOn(page)).toEqual(['header', 'list', 'footer']);
  });

  it('Item: item details of the Products sheet; Contact: a form on Messages', async () => {
    const { page } = owner;
    await openPage(page, 'Item');
    await addChrome(page);
    let panel = await addBlock(page, 'item_details');
    await choose(page, panel, 'Sheet', 'Products');
    for (const [i, column] of ['Photo', 'Name', 'Price', 'Description'].entries()) {
      await panel.getByRole('button', { name: 'Add content column' }).click();
      await choose(page, setting(panel, `axis.${i}.column`), 'Column', column);
    }
    await choose(page, setting(panel, 'axis.0.type'), 'Type', 'Image');
    await setting(panel, 'axis.1.show_label').getByRole('switch').uncheck();
    await choose(page, setting(panel, 'axis.1.text_size'), 'Text size', 'Heading');
    await setting(panel, 'axis.2.label').getByRole('textbox').fill('Price (€)');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Product');
    await panel.getByRole('switch', { name: 'Full width' }).check();
    await saveBlock(page);
    // The editor previews the sheet's first row.
    await page.getByTestId('block-item_details').getByText('Blue mug').waitFor();
    expect(await kindsOn(page)).toEqual(['header', 'item_details', 'footer']);

    await openPage(page, 'Contact');
    await addChrome(page);
    panel = await addBlock(page, 'form');
    await choose(page, panel, 'Sheet', 'Messages');
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Name');
    await setting(panel, 'axis.0.required').getByRole('switch').check();
    await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.1.column'), 'Column', 'Email');
    await choose(page, setting(panel, 'axis.1.type'), 'Type', 'Email address');
    await setting(panel, 'axis.1.required').getByRole('switch').check();
    await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.2.column'), 'Column', 'Message');
    await choose(page, setting(panel, 'axis.2.type'), 'Type', 'Long text');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Form title').fill('Write to us');
    await panel.getByLabel('Submit button text').fill('Send');
    await panel.getByRole('switch', { name: 'Full width' }).check();
    await saveBlock(page);
    await page.getByTestId('block-form').getByRole('button', { name: 'Send' }).waitFor();
    expect(await kindsOn(page)).toEqual(['header', 'form', 'footer']);
    expect(dialogs).toEqual([]);
  });

  it('a guest sees the home page: header with every page but the detail page, banner, gallery, FAQ, footer', async () => {
    guest = await guestPage(browser, owner.guestUrl);
    collect(guest);
    await guest.getByTestId('block-faq').getByText('Do you ship abroad?').waitFor();
    expect(await kindsOn(guest)).toEqual(['header', 'banner_hero', 'image_gallery', 'faq', 'footer']);
    const nav = guest.getByTestId('block-header').getByRole('navigation', { name: 'Main' });
    // Each view is its own lazy chunk: the header's may arrive after the FAQ's. The Item page is a
    // detail page (item details): opened from the list, not from the menu (issue 13).
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(['Home', 'Products', 'Contact']);
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(await guest.getByTestId('block-header').getByTestId('header-title').textContent()).toBe('Corner Shop');
    // No breadcrumbs at the root.
    expect(await guest.getByLabel('Breadcrumbs').count()).toBe(0);

    const hero = guest.getByTestId('block-banner_hero');
    expect(await hero.locator('b').first().textContent()).toBe('Corner Shop');
    const heroImg = hero.locator('img[src^="/api/uploads/"]');
    await expect.poll(() => heroImg.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(480);

    const gallery = guest.getByTestId('block-image_gallery');
    const imgs = gallery.locator('img');
    await expect.poll(() => imgs.count()).toBe(4);
    await expect.poll(() => imgs.evaluateAll((els) => els.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 320))).toBe(true);
    await gallery.getByText('Pink chair').waitFor();

    const faq = guest.getByTestId('block-faq');
    await faq.getByRole('region', { name: 'Do you ship abroad?' }).waitFor();
    await faq.getByRole('button', { name: 'Can I return an item?' }).click();
    await faq.getByRole('region', { name: 'Can I return an item?' }).getByText('Within 30 days').waitFor();

    await shot(guest, 'multipage/home');
    await shotOf(guest.getByTestId('block-header'), 'blocks/header');
    await shotOf(hero, 'blocks/banner_hero');
    await shotOf(gallery, 'blocks/image_gallery');
    await shotOf(faq, 'blocks/faq');
    await shotOf(guest.getByTestId('block-footer'), 'blocks/footer');
  });

  it('a guest opens Products from the header, then an item: the Item page shows that row, with breadcrumbs', async () => {
    const header = () => guest.getByTestId('block-header');
    await header().getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await guest.waitForURL(/\/products$/);
    const list = guest.getByTestId('block-list');
    await list.getByRole('listitem').filter({ hasText: 'Desk lamp' }).waitFor();
    expect(await kindsOn(guest)).toEqual(['header', 'list', 'footer']);
    const crumbs = header().getByLabel('Breadcrumbs');
    await crumbs.getByText('Products', { exact: true }).waitFor();
    // Only the item button, no edit buttons for guests (lines are 'None').
    expect(await list.getByRole('listitem').filter({ hasText: 'Desk lamp' }).getByRole('button').allTextContents()).toEqual(['View']);
    await expect.poll(() => list.locator('img').evaluateAll((els) => els.filter((i) => (i as HTMLImageElement).naturalWidth === 320).length)).toBe(4);
    await shot(guest, 'multipage/products');

    await list.getByRole('listitem').filter({ hasText: 'Desk lamp' }).getByRole('button', { name: 'View' }).click();
    await guest.waitForURL(/\/item\?row=/);
    const details = guest.getByTestId('block-item_details');
    await details.getByText('Desk lamp').waitFor();
    await details.getByText('Warm light with a brass arm.').waitFor();
    await details.getByText('Price (€)').waitFor();
    expect(await details.locator('[data-field="Price"]').textContent()).toContain('49');
    await expect.poll(() => details.getByTestId('item-details-photo').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(320);
    // Breadcrumbs: Products › Item, the last one is the page on screen.
    await expect.poll(() => crumbs.locator('a, [aria-current="page"]').allTextContents()).toEqual(['Products', 'Item']);
    expect(await crumbs.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/products');
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Item');
    expect(await crumbs.textContent()).toBe('Products›Item');
    await shot(guest, 'multipage/item');
    await shotOf(details, 'blocks/item_details');

    // A reload keeps the row and the breadcrumbs.
    const itemUrl = guest.url();
    await guest.reload();
    await guest.getByTestId('block-item_details').getByText('Desk lamp').waitFor();
    await expect.poll(() => header().getByLabel('Breadcrumbs').locator('a, [aria-current="page"]').allTextContents()).toEqual(['Products', 'Item']);
    expect(guest.url()).toBe(itemUrl);
  });

  it('a guest clicks the Products breadcrumb: back to the list, breadcrumbs truncated; a header click starts them again', async () => {
    const header = guest.getByTestId('block-header');
    await header.getByLabel('Breadcrumbs').getByRole('link', { name: 'Products' }).click();
    await guest.waitForURL(/\/products$/);
    await guest.getByTestId('block-list').getByRole('listitem').filter({ hasText: 'Fern' }).waitFor();
    await expect.poll(() => guest.getByTestId('block-header').getByLabel('Breadcrumbs').locator('a, [aria-current="page"]').allTextContents()).toEqual(['Products']);

    // Another item: Products › Item again, now for the fern.
    await guest.getByTestId('block-list').getByRole('listitem').filter({ hasText: 'Fern' }).getByRole('button', { name: 'View' }).click();
    await guest.waitForURL(/\/item\?row=/);
    await guest.getByTestId('block-item_details').getByText('Happy in the shade; water weekly.').waitFor();
    await expect.poll(() => guest.getByTestId('block-header').getByLabel('Breadcrumbs').locator('a, [aria-current="page"]').allTextContents()).toEqual(['Products', 'Item']);

    // A header click resets: Contact alone.
    await guest.getByTestId('block-header').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await guest.waitForURL(/\/contact$/);
    await guest.getByTestId('block-form').waitFor();
    await expect.poll(() => guest.getByTestId('block-header').getByLabel('Breadcrumbs').locator('a, [aria-current="page"]').allTextContents()).toEqual(['Contact']);
    expect(await guest.getByTestId('block-header').getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBe('page');
  });

  it('a guest sends the contact form: a row is added to Messages', async () => {
    const form = guest.getByTestId('block-form');
    await form.getByText('Write to us').waitFor();
    await form.getByRole('textbox', { name: /^Name/ }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
    await form.getByRole('textbox', { name: /^Message/ }).fill('Do you have the blue mug in green?');
    await shot(guest, 'multipage/contact');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Data added to the spreadsheet').waitFor();
    expect(await form.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('');

    const res = await owner.context.request.get(`${server.baseUrl}/api/board/${owner.spreadsheetId}/sheet/Messages`);
    expect(res.ok()).toBe(true);
    const rows = ((await res.json()) as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.Name === 'Ada Lovelace')).toMatchObject({ Email: 'ada@example.com', Message: 'Do you have the blue mug in green?' });

    // Home from the header clears the breadcrumbs.
    await guest.getByTestId('block-header').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await guest.getByTestId('block-faq').waitFor();
    await expect.poll(() => guest.getByLabel('Breadcrumbs').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('the owner embeds the FAQ block; a page on another origin shows only that block', async () => {
    const { page } = owner;
    await openPage(page, 'Home');
    await page.getByRole('navigation', { name: 'Editor tools' }).getByRole('button', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed your multipage app or a selected block' });
    await dialog.getByRole('radio', { name: 'A specific block' }).check();
    // Header and footer are never offered on their own.
    await dialog.getByRole('textbox', { name: 'Block', exact: true }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Banner hero', 'Gallery', 'Questions']);
    await page.keyboard.press('Escape');
    await choose(page, dialog, 'Block', 'Questions');
    await dialog.getByLabel('Height').fill('460');
    const code = dialog.getByLabel('Embed code');
    await expect.poll(() => code.inputValue()).toContain('height="460"');
    const snippet = await code.inputValue();
    expect(snippet).toMatch(new RegExp(`^<iframe src="${owner.guestUrl.replace(/[.]/g, '\\.')}\\?embed=true&amp;hide_header=true&amp;hide_footer=true&amp;block_id=[^"]+"`));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    hostPage = `<!doctype html><html><head><meta charset="utf-8"><title>Partner site</title></head>
<body style="font-family:sans-serif;margin:0;padding:24px 32px;background:#fef3c7;color:#451a03">
<h1 style="margin:0 0 8px">The Market Street blog</h1><p style="margin:0 0 16px">Our neighbours at Corner Shop answer your questions:</p>
${snippet}
<p>© Market Street</p></body></html>`;
    const visitor = await guestPage(browser, `${siteUrl}/partner`, { width: 1000, height: 800 });
    collect(visitor);
    try {
      await visitor.getByRole('heading', { name: 'The Market Street blog' }).waitFor();
      const iframe = visitor.locator('iframe');
      expect(await iframe.getAttribute('title')).toBe('Corner Shop');
      const inside = visitor.frameLocator('iframe');
      await inside.getByTestId('block-faq').getByText('Do you have a shop?').waitFor();
      expect(await kindsOn_(inside)).toEqual(['faq']);
      await inside.getByRole('button', { name: 'Do you have a shop?' }).click();
      await inside.getByRole('region', { name: 'Do you have a shop?' }).getByText('12 Market Street').waitFor();
      await shot(visitor, 'multipage/embedded');
      expect(dialogs).toEqual([]);
    } finally {
      await visitor.context().close();
    }
  });
});

/** kindsOn for a frame. */
function kindsOn_(frame: ReturnType<Page['frameLocator']>): Promise<string[]> {
  return frame
    .locator('[data-testid^="block-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('block-'.length)).filter((k) => !k.startsWith('option-') && k !== 'error'));
}
