// Marketplace, part 1, end to end on the real server: an owner submits a board as a template
// (each form message triggered once, images past the limits, what ships with it in plain words,
// sent without its data), a reviewer rejects it with a reason
// in the admin area (the e-mail read from a local SMTP server), the owner reads 'Rejection
// Details', uses 'Edit & Resubmit', the reviewer approves, and the owner sees 'Template Published'.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInbox, type MailInbox } from '../../src/server/testing/smtp';
import { addBlock, call, ownerWithBoard, png, saveBlock, shot, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

const ADMIN = { email: 'reviewer@sheetboard.test', password: 'Review-desk-2026!' };

let server: RunningServer;
let browser: Browser;
let inbox: MailInbox;
let owner: OwnerBoard;
let admin: BrowserContext;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer({ SMTP_URL: inbox.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  await owner?.context.close();
  await admin?.close();
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

/** An image of `bytes` bytes that starts as a real PNG (the browser checks sizes; the server would read the type). */
function bigPng(bytes: number): Buffer {
  const head = png(8, 8, [255, 0, 0], [0, 0, 255]);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]);
}

async function openMarketplace(page: Page, button: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish to Marketplace' }).click();
  const dialog = page.getByRole('dialog', { name: /^Launch Your App/ });
  await dialog.waitFor();
  // The dialog fades in: screenshots wait for it to be fully shown.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return dialog;
}

async function problem(dialog: Locator): Promise<string> {
  const alert = dialog.getByTestId('marketplace-form-problem');
  await alert.waitFor();
  return alert.innerText();
}

/** The body of the last mail to `to` (quoted-printable soft breaks undone). */
async function mailTo(to: string, containing: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const mail = inbox.messages.filter((m) => m.to.includes(to)).map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).find((raw) => raw.includes(containing));
        found = mail ?? '';
        return !!mail;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

async function adminQueue(): Promise<Page> {
  const page = await admin.newPage();
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByTestId('review-request').first().waitFor();
  return page;
}

describe('marketplace: submit, review, resubmit, publish', () => {
  it('an owner submits a template; every message of the form shows once', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: 'Stock keeper',
      sheets: [{ title: 'Items', columns: ['Item', 'Qty'], rows: [{ Item: 'Bolts', Qty: '40' }, { Item: 'Nuts', Qty: '12' }] }],
    });
    const page = owner.page;
    await addBlock(page, 'table');
    await saveBlock(page);
    const dialog = await openMarketplace(page, 'Publish');
    await expect.poll(() => dialog.getByTestId('marketplace-title').innerText()).toBe('Publish to Marketplace');
    await dialog.getByLabel('Title').waitFor();
    // What ships: the sheet the table shows, its rows and columns, in words.
    const contents = dialog.getByTestId('marketplace-contents-summary');
    await expect.poll(() => contents.innerText().catch(() => '')).toBe('1 sheet, 2 rows; columns: Item, Qty');
    await shot(page, 'marketplace-1-form');

    await dialog.getByRole('button', { name: 'Submit for Review' }).click();
    expect(await problem(dialog)).toBe('Please fill in all required fields (Title, Summary, Description, Category)');

    await dialog.getByLabel('Title').fill('Stock keeper');
    await dialog.getByLabel('Summary').fill('Know what is on the shelf.');
    expect(await dialog.getByTestId('marketplace-summary-counter').innerText()).toBe('26 / 175');
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await description.click();
    await dialog.getByLabel('Title').click();
    await dialog.getByText('Description is required').waitFor();
    await description.click();
    await page.keyboard.type('Counts every item in stock.');
    await dialog.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Operations & Logistics' }).click();
    await dialog.getByLabel('Tags').fill('stock, , inventory ');

    await dialog.getByRole('button', { name: 'Submit for Review' }).click();
    expect(await problem(dialog)).toBe('Please upload a thumbnail image');

    // A thumbnail past 3 MB is refused with its size; a good one is kept.
    await dialog.getByLabel('Thumbnail', { exact: true }).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: bigPng(3.5 * 1024 * 1024) });
    await expect.poll(() => dialog.getByTestId('marketplace-thumbnail-notices').innerText()).toContain('Thumbnail image is too large (3.50 MB). Maximum size per image is 3MB.');
    await dialog.getByLabel('Thumbnail', { exact: true }).setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: png(320, 180, [255, 190, 40], [30, 90, 200]) });

    await dialog.getByRole('button', { name: 'Submit for Review' }).click();
    expect(await problem(dialog)).toBe('Please upload at least one additional image');

    // Seven files at once: one too big (reported), five added, one left out for the count.
    const files = [
      { name: 'too-big.png', mimeType: 'image/png', buffer: bigPng(3.2 * 1024 * 1024) },
      ...[1, 2, 3, 4, 5, 6].map((i) => ({ name: `shot-${i}.png`, mimeType: 'image/png', buffer: png(240, 140, [20 * i, 120, 90], [200, 40 * i, 60]) })),
    ];
    await dialog.getByLabel('Additional images').setInputFiles(files);
    const notices = dialog.getByTestId('marketplace-image-notices');
    await expect.poll(() => notices.innerText()).toContain('1 file(s) were not added');
    const report = await notices.innerText();
    expect(report).toContain('too-big.png: exceeds 3MB limit');
    expect(report).toContain('Image requirements: Max 3MB per image, 20MB total for all images.');
    expect(report).toContain('Only 5 of 6 images were added. Maximum limit is 5 images.');
    await expect.poll(() => dialog.getByTestId('marketplace-additional-images').getByRole('button', { name: /^Remove image/ }).count()).toBe(5);
    await shot(page, 'marketplace-2-image-limits');
    await dialog.getByLabel('Additional images').setInputFiles([{ name: 'one-more.png', mimeType: 'image/png', buffer: png(60, 60, [0, 0, 0], [255, 255, 255]) }]);
    await expect.poll(() => notices.innerText()).toContain('Maximum of 5 additional images allowed. Please remove an image first.');

    // Paid: the minimum price, then no Stripe account on this server.
    await dialog.getByLabel('Paid').check();
    await dialog.getByLabel('Price').fill('3');
    await dialog.getByRole('button', { name: 'Submit for Review' }).click();
    expect(await problem(dialog)).toBe('Minimum price should be USD 5');
    // More than Stripe charges in one payment: said by the form, before anything is sent.
    await dialog.getByLabel('Price').fill('1000000');
    await dialog.getByRole('button', { name: 'Submit for Review' }).click();
    expect(await problem(dialog)).toBe('Enter a price up to USD 999,999.99 with at most two decimals');
    await dialog.getByLabel('Price').fill('9.5');
    await dialog.getByRole('button', { name: 'Submit for Review' }).click();
    expect(await problem(dialog)).toContain('To publish the template, please go to the billing page for Stripe connectivity.');

    await dialog.getByLabel('Free').check();
    await dialog.getByRole('button', { name: 'Background #e3f2fd' }).click();
    // Without its data the summary says no rows go along; this first version keeps its rows (the
    // reviewer looks at them), the resubmission below goes without.
    const noData = dialog.getByLabel('Send the template without its data');
    await noData.check();
    await expect.poll(() => contents.innerText()).toBe('1 sheet, no rows; columns: Item, Qty');
    await dialog.getByTestId('marketplace-contents').scrollIntoViewIfNeeded();
    await shot(page, 'marketplace-2b-what-ships');
    await noData.uncheck();
    await expect.poll(() => contents.innerText()).toBe('1 sheet, 2 rows; columns: Item, Qty');
    await dialog.getByRole('button', { name: 'Submit for Review' }).click();
    const status = dialog.getByTestId('marketplace-status');
    await status.waitFor({ timeout: 30_000 });
    expect(await status.getAttribute('data-status')).toBe('pending');
    expect(await dialog.getByTestId('marketplace-title').innerText()).toBe('Submission Status');
    await shot(page, 'marketplace-3-pending');
    // The dialog closes after 3 s; the publish button says the review is pending.
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByRole('button', { name: 'Pending Review', exact: true }).waitFor();
    const { reviewRequest } = await call<{ reviewRequest: { with_data: boolean } }>(owner.context, server, 'GET', `/api/multipage/marketplace/review-request?app_id=${owner.app.id}`);
    expect(reviewRequest.with_data).toBe(true);
  });

  it('a reviewer signs in, sees the queue and rejects with a reason; the owner is e-mailed', async () => {
    admin = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const login = await admin.newPage();
    await login.goto(`${server.baseUrl}/admin?status=pending`);
    await login.waitForURL(/\/admin-login\?redirect=/);
    expect(new URL(login.url()).searchParams.get('redirect')).toBe('/admin?status=pending');
    await login.getByLabel('Email').fill(ADMIN.email);
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.waitForURL(/\/admin\?status=pending$/);
    const card = login.getByTestId('review-request').filter({ hasText: 'Stock keeper' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Operations & Logistics');
    expect(await card.innerText()).toContain('Free');
    await shot(login, 'marketplace-4-admin-queue');

    // The frozen version opens read-only for the reviewer.
    const href = await card.getByRole('link', { name: 'Open live preview' }).getAttribute('href');
    expect(href).toMatch(/^\/tpl-/);
    const preview = await admin.newPage();
    await preview.goto(`${server.baseUrl}${href}`);
    await preview.getByText('Bolts').first().waitFor();
    await preview.close();

    await card.getByRole('button', { name: 'Reject' }).click();
    const form = login.getByRole('form', { name: 'Reject template' });
    await form.getByLabel('Reason').fill('Please add a screenshot of the stock table.');
    await form.getByRole('button', { name: 'Reject' }).click();
    await form.waitFor({ state: 'hidden' });
    await login.close();

    const mail = await mailTo(owner.email, 'Please add a screenshot of the stock table.');
    expect(mail).toContain('Stock keeper');
  });

  it('the owner reads the rejection, edits and resubmits', async () => {
    const page = owner.page;
    await page.reload();
    const dialog = await openMarketplace(page, 'Rejected');
    await expect.poll(() => dialog.getByTestId('marketplace-title').innerText()).toBe('Resubmit Template');
    const rejection = dialog.getByTestId('marketplace-rejection');
    expect(await rejection.innerText()).toContain('Rejection Details');
    expect(await rejection.innerText()).toContain('Please add a screenshot of the stock table.');
    await shot(page, 'marketplace-5-rejected');

    // The gallery of the submitted images.
    await dialog.getByRole('button', { name: 'Open image 1' }).click();
    const gallery = page.getByRole('dialog', { name: 'Template Images' });
    await gallery.waitFor();
    const counter = gallery.getByTestId('marketplace-gallery-counter');
    const first = await counter.innerText();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.innerText()).not.toBe(first);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.innerText()).toBe(first);
    await shot(page, 'marketplace-6-gallery');
    await page.keyboard.press('Escape');
    await gallery.waitFor({ state: 'hidden' });

    await dialog.getByRole('button', { name: 'Edit & Resubmit' }).click();
    await dialog.getByRole('button', { name: 'Update Template' }).waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Stock keeper');
    // Version 2 goes without its data.
    const noData = dialog.getByLabel('Send the template without its data');
    expect(await noData.isChecked()).toBe(false);
    await noData.check();
    await expect.poll(() => dialog.getByTestId('marketplace-contents-summary').innerText().catch(() => '')).toBe('1 sheet, no rows; columns: Item, Qty');
    await dialog.getByLabel('Summary').fill('Know what is on the shelf, with a screenshot.');
    await dialog.getByRole('button', { name: 'Update Template' }).click();
    await dialog.getByTestId('marketplace-status').waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByRole('button', { name: 'Pending Review', exact: true }).waitFor();
  });

  it('the reviewer approves version 2 and the owner sees Template Published', async () => {
    const queue = await adminQueue();
    const card = queue.getByTestId('review-request').filter({ hasText: 'with a screenshot' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => queue.getByTestId('review-request').filter({ hasText: 'with a screenshot' }).count()).toBe(0);
    await queue.close();
    await mailTo(owner.email, 'approved');

    const page = owner.page;
    await page.reload();
    const dialog = await openMarketplace(page, 'Published');
    await expect.poll(() => dialog.getByTestId('marketplace-title').innerText()).toBe('Template Published');
    expect(await dialog.getByTestId('marketplace-status').getAttribute('data-status')).toBe('published');
    await shot(page, 'marketplace-7-published');

    // An update of a published template (issue 15): the form again, pre-filled; the listed
    // version stays in the marketplace while the update waits for review.
    await dialog.getByRole('button', { name: 'Submit an update' }).click();
    await dialog.getByRole('button', { name: 'Update Template' }).waitFor();
    expect(await dialog.getByLabel('Summary').inputValue()).toBe('Know what is on the shelf, with a screenshot.');
    // The choice made last time stands: rows held back are not sent again by a default.
    expect(await dialog.getByLabel('Send the template without its data').isChecked()).toBe(true);
    await expect.poll(() => dialog.getByTestId('marketplace-contents-summary').innerText().catch(() => '')).toBe('1 sheet, no rows; columns: Item, Qty');
    await dialog.getByLabel('Summary').fill('Know what is on the shelf: now with reorder levels.');
    await dialog.getByRole('button', { name: 'Update Template' }).click();
    const updated = dialog.getByTestId('marketplace-status');
    await updated.waitFor({ timeout: 30_000 });
    expect(await updated.getAttribute('data-status')).toBe('pending');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    const { templates } = await call<{ templates: { name: string; summary: string }[] }>(owner.context, server, 'GET', '/api/multipage/marketplace/templates?q=stock');
    expect(templates.find((t) => t.name === 'Stock keeper')?.summary).toBe('Know what is on the shelf, with a screenshot.');

    // Every decision is kept, newest first, on /admin_old.
    const history = await admin.newPage();
    await history.goto(`${server.baseUrl}/admin_old`);
    await history.getByText('Please add a screenshot of the stock table.').waitFor();
    await shot(history, 'marketplace-8-admin-history');
    await history.close();
  });

  it("sheet titles and column names made of the XSS corpus show as text in what ships: 0 executions", async () => {
    const CORPUS = [
      '<script>window.__xss=(window.__xss||0)+1</script>',
      '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
      '"><svg onload="window.__xss=(window.__xss||0)+1">',
      '<details open ontoggle="window.__xss=(window.__xss||0)+1">x</details>',
      '{{constructor.constructor("window.__xss=1")()}}',
    ];
    const evil = await ownerWithBoard(browser, server, {
      board: 'Corpus board',
      sheets: [
        { title: 'Plain', columns: [CORPUS[0]!, CORPUS[2]!], rows: [{ [CORPUS[0]!]: 'a', [CORPUS[2]!]: 'b' }] },
        { title: CORPUS[1]!, columns: [CORPUS[3]!, CORPUS[4]!], rows: [{ [CORPUS[3]!]: 'c', [CORPUS[4]!]: 'd' }] },
      ],
    });
    try {
      const { pages } = await call<{ pages: { page_id: string }[] }>(evil.context, server, 'GET', `/api/pages/${evil.app.id}`);
      for (const sheet of ['Plain', CORPUS[1]!]) await call(evil.context, server, 'POST', '/api/blocks', { pageId: pages[0]!.page_id, type: 'table', sheet_title: sheet });
      await evil.page.reload();
      const dialog = await openMarketplace(evil.page, 'Publish');
      const sheets = dialog.getByTestId('marketplace-contents-sheet');
      await expect.poll(() => sheets.count()).toBe(2);
      expect(await dialog.getByTestId('marketplace-contents-summary').innerText()).toBe('2 sheets, 2 rows');
      expect(await sheets.allInnerTexts()).toEqual([`Plain: 1 row; columns: ${CORPUS[0]}, ${CORPUS[2]}`, `${CORPUS[1]}: 1 row; columns: ${CORPUS[3]}, ${CORPUS[4]}`]);
      expect(await evil.page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0)).toBe(0);
    } finally {
      await evil.context.close();
    }
  });

  it("the form is locked behind 'App Not Public' and 'Sign-in Method Not Allowed'", async () => {
    const page = owner.page;
    // A second board of the same owner: new boards start private.
    const { app } = await call<{ app: { id: string; subdomain: string } }>(owner.context, server, 'POST', '/api/apps', { name: 'Private stock', kind: 'board', spreadsheetId: owner.spreadsheetId });
    await page.goto(`${server.baseUrl}/${app.subdomain}`);
    let dialog = await openMarketplace(page, 'Publish');
    const notPublic = dialog.getByTestId('marketplace-overlay-not-public');
    await notPublic.waitFor();
    expect(await notPublic.innerText()).toContain('App Not Public');
    await shot(page, 'marketplace-9-not-public');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await call(owner.context, server, 'PUT', `/api/apps/${app.id}`, { public: true, sign_in_method: 'Use password set by user' });
    await page.reload();
    dialog = await openMarketplace(page, 'Publish');
    const overlay = dialog.getByTestId('marketplace-overlay-sign-in');
    await overlay.waitFor();
    expect(await overlay.innerText()).toContain('Sign-in Method Not Allowed');
    // Every field behind it is disabled.
    expect(await dialog.locator('form[aria-label="Publish to Marketplace"] input').first().isDisabled()).toBe(true);
    await shot(page, 'marketplace-10-sign-in-not-allowed');
  });
});
