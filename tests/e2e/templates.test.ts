// Marketplace, part 2, end to end on the real server: two sellers publish templates (a free board
// and a paid one) through the submission and review APIs of part 1; a visitor who is not signed in
// finds the free one at /marketplace, opens its page and its live preview, clicks Use Template,
// signs up, lands in the clone modal, gets a working copy with the sample data, then binds it to
// a CSV of their own through the column mapping and sees their rows in its table. A second visitor
// buys the paid template through the local Stripe-protocol server (the purchase is granted by the
// signed webhook the Pay button sends) and gets it.
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../src/server/testing/stripe';
import { call, choose, newOwnerEmail, png, shot, signUpOwner } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

const ADMIN = { email: 'curator@sheetboard.test', password: 'Curate-the-shelf-2026!' };
const WEBHOOK_SECRET = 'whsec_e2e_templates_0123456789';

let server: RunningServer;
let browser: Browser;
let stripe: FakeStripe;
let admin: APIRequestContext;
const contexts: BrowserContext[] = [];

interface Listed {
  title: string;
  slug: string;
}
let freeTemplate: Listed;
let paidTemplate: Listed;

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  contexts.push(context);
  return context;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['fetch']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} → ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A seller (signed up through the API) with a board over an Orders sheet, a table of it, images
 * uploaded and the template submitted; a reviewer approves it. Answers the listing's slug.
 */
async function publishTemplate(opts: { title: string; price?: number; connectStripe?: boolean }): Promise<Listed> {
  const seller = await newContext();
  await signUpOwner(seller, server, { name: 'Sam Seller', email: newOwnerEmail('seller'), password: 'correct horse battery' });
  const { spreadsheet } = await call<{ spreadsheet: { id: string } }>(seller, server, 'POST', '/api/spreadsheets', {
    title: `${opts.title} data`,
    sheets: [
      {
        title: 'Orders',
        columns: ['Customer', 'Amount', 'Status'],
        rows: [
          { Customer: 'Acme Bakery', Amount: 120, Status: 'Paid' },
          { Customer: 'Blue Door Cafe', Amount: 80, Status: 'Open' },
        ],
      },
    ],
  });
  const { app } = await call<{ app: { id: string } }>(seller, server, 'POST', '/api/apps', { name: opts.title, kind: 'board', spreadsheetId: spreadsheet.id, public: true });
  const { pages } = await call<{ pages: { page_id: string }[] }>(seller, server, 'GET', `/api/pages/${app.id}`);
  await call(seller, server, 'POST', '/api/blocks', {
    pageId: pages[0]!.page_id,
    type: 'table',
    sheet_title: 'Orders',
    axis: [{ column: 'Customer' }, { column: 'Amount' }, { column: 'Status' }],
  });
  const upload = async (field: 'thumbnail' | 'image', colour: [number, number, number]) =>
    (
      await ok<{ url: string }>(
        await seller.request.post(`${server.baseUrl}/api/upload-file?app_id=${app.id}`, {
          multipart: { [field]: { name: `${field}.png`, mimeType: 'image/png', buffer: png(480, 270, colour, [250, 250, 250]) } },
        }),
        'upload',
      )
    ).url;
  if (opts.connectStripe) {
    await call(seller, server, 'POST', '/api/billing/connect');
    const account = [...stripe.accounts.values()].at(-1)!;
    stripe.setAccount(account.id, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    await call(seller, server, 'POST', '/api/billing/connect/refresh');
  }
  const { reviewRequest } = await call<{ reviewRequest: { id: string } }>(seller, server, 'PUT', '/api/multipage/marketplace/review-request', {
    form: {
      app_id: app.id,
      title: opts.title,
      summary: 'Every order, who owes what, at a glance.',
      tags: 'orders, invoices',
      description: '<h2>Track your orders</h2><p>A table of <strong>every order</strong> with its status.</p>',
      category: 'sales-crm',
      price: opts.price ?? 5,
      is_free: opts.price === undefined,
      thumbnail: await upload('thumbnail', [255, 170, 60]),
      thumbnail_bg_color: '#e3f2fd',
      additional_images: [await upload('image', [40, 110, 220])],
    },
  });
  await ok(await admin.post(`${server.baseUrl}/api/admin/review-requests/${reviewRequest.id}/approve`, { data: {} }), 'approve');
  const { template } = await ok<{ template: Listed }>(await admin.get(`${server.baseUrl}/api/multipage/marketplace/templates/${reviewRequest.id}`), 'template');
  return template;
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  stripe.webhook = { url: `${server.baseUrl}/api/stripe/webhook`, secret: WEBHOOK_SECRET };
  browser = await launchBrowser();
  const adminContext = await newContext();
  admin = adminContext.request;
  await ok(await admin.post(`${server.baseUrl}/api/admin/login`, { data: ADMIN }), 'admin login');
  freeTemplate = await publishTemplate({ title: 'Order tracker' });
  paidTemplate = await publishTemplate({ title: 'Invoice desk', price: 9.5, connectStripe: true });
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

/** Waits for every animation (modals fade in) so a screenshot shows the finished state. */
const settle = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

describe('marketplace: browse, preview, use, clone, map and buy', () => {
  let visitor: Page;
  let clonedSubdomain = '';

  it('a visitor finds the template in the marketplace, opens its page and its live preview', async () => {
    visitor = await (await newContext()).newPage();
    await visitor.goto(`${server.baseUrl}/marketplace`);
    const card = visitor.getByTestId('template-card').filter({ hasText: 'Order tracker' });
    await card.waitFor();
    expect(await card.getByTestId('template-price').innerText()).toBe('Free');
    expect(await visitor.getByTestId('template-card').filter({ hasText: 'Invoice desk' }).getByTestId('template-price').innerText()).toBe('$9.50');
    await shot(visitor, 'templates-1-listing');

    // Search and the price filter live in the address.
    await visitor.getByRole('searchbox', { name: 'Search' }).fill('desk');
    await visitor.waitForURL(/q=desk/);
    await expect.poll(() => visitor.getByTestId('template-card').count()).toBe(1);
    await visitor.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => visitor.getByTestId('template-card').count()).toBe(2);

    // The shared link's preview is in the HTML the server sends.
    const html = await (await fetch(`${server.baseUrl}/templates/${freeTemplate.slug}`)).text();
    expect(html).toContain('<meta property="og:title" content="Order tracker');

    await card.click();
    await visitor.waitForURL(`**/templates/${freeTemplate.slug}`);
    await visitor.getByTestId('template-title').getByText('Order tracker').waitFor();
    expect(await visitor.getByTestId('template-description').innerHTML()).toContain('<strong>every order</strong>');
    await shot(visitor, 'templates-2-detail');

    await visitor.getByTestId('template-preview').click();
    await visitor.getByTestId('preview-banner').waitFor();
    await visitor.getByRole('cell', { name: 'Acme Bakery', exact: true }).waitFor();
    expect(await visitor.getByTestId('use-template').innerText()).toBe('Use Template');
    await shot(visitor, 'templates-3-preview');
  });

  it('Use Template asks to sign in; after signing up the clone modal opens and makes a working copy', async () => {
    await visitor.getByTestId('use-template').click();
    await visitor.waitForURL(/\/dashboard\/auth\?template_id=/);
    await visitor.getByRole('link', { name: 'Create an account' }).click();
    await visitor.waitForURL(/\/dashboard\/signup\?template_id=/);
    const form = visitor.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill(newOwnerEmail('visitor'));
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign up' }).click();

    const modal = visitor.getByRole('dialog', { name: /Order tracker/ });
    await modal.waitFor({ timeout: 20_000 });
    expect(new URL(visitor.url()).searchParams.get('open_clone_modal')).toBe('true');
    await modal.getByLabel('Name of your new app').fill('My orders');
    await modal.getByRole('radio', { name: 'With the sample data' }).check();
    await settle(visitor);
    await shot(visitor, 'templates-4-clone-modal');
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByTestId('clone-done').waitFor({ timeout: 30_000 });

    const { apps } = await call<{ apps: { name: string; subdomain: string }[] }>(visitor.context(), server, 'GET', '/api/apps');
    const mine = apps.find((a) => a.name === 'My orders');
    expect(mine?.subdomain).toBe('my-orders');
    clonedSubdomain = mine!.subdomain;
    await modal.getByRole('link', { name: 'Open the editor' }).click();
    await visitor.waitForURL(`**/${clonedSubdomain}`);
    await visitor.getByRole('button', { name: 'New Block' }).waitFor();
    await visitor.getByRole('cell', { name: 'Blue Door Cafe', exact: true }).waitFor();
  });

  it('the copy is bound to a CSV of the visitor’s own through the column mapping', async () => {
    await visitor.goto(`${server.baseUrl}/dashboard`);
    const card = visitor.getByTestId('app-card').filter({ hasText: 'My orders' });
    await card.getByRole('link', { name: 'Map to my own spreadsheet' }).click();
    await visitor.waitForURL(/\/map-data$/);
    // The page is ready (it starts from a spreadsheet of the workspace) before the import.
    await visitor.getByTestId('mapping-sheet').first().waitFor();
    const csv = 'Customer,Amount,Stage\nNorthwind Traders,410,Won\nContoso Ltd,95,Lost\n';
    await visitor.getByTestId('import-input').setInputFiles({ name: 'my-customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await visitor.getByRole('dialog', { name: 'Check the import' }).getByRole('cell', { name: 'Northwind Traders' }).waitFor();
    await visitor.getByTestId('import-confirm').click();
    await choose(visitor, visitor, 'Your spreadsheet', 'my-customers');
    const mapping = visitor.getByRole('form', { name: 'Column mapping' });
    await mapping.waitFor();
    // Guessed by name: Customer and Amount; Status has no namesake, so the visitor picks Stage.
    expect(await mapping.getByLabel('Column for Customer').inputValue()).toBe('Customer (text)');
    expect(await mapping.getByLabel('Column for Amount').inputValue()).toBe('Amount (number)');
    await choose(visitor, mapping, 'Column for Status', 'Stage (text)');
    await shot(visitor, 'templates-5-mapping');
    await mapping.getByRole('button', { name: 'Apply' }).click();
    await visitor.waitForURL(`**/${clonedSubdomain}`);
    await visitor.getByRole('cell', { name: 'Northwind Traders', exact: true }).waitFor();
    await visitor.getByRole('cell', { name: 'Won', exact: true }).waitFor();
    expect(await visitor.getByRole('cell', { name: 'Acme Bakery', exact: true }).count()).toBe(0);
  });

  it('a second visitor buys the paid template through Stripe Checkout and gets it', async () => {
    const buyer = await newContext();
    await call(buyer, server, 'POST', '/api/auth/signup', { name: 'Bo Buyer', email: newOwnerEmail('buyer'), password: 'correct horse battery' });
    const page = await buyer.newPage();
    await page.goto(`${server.baseUrl}/templates/${paidTemplate.slug}`);
    const action = page.getByTestId('template-action');
    await expect.poll(() => action.innerText()).toBe('Buy for $9.50');
    await action.click();

    // Stripe's page (the local server): Pay completes the session and delivers the signed webhook.
    await page.getByRole('button', { name: 'Pay' }).waitFor();
    const session = [...stripe.checkoutSessions.values()].at(-1)!;
    expect(session.amount_total).toBe(950);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/payment_success\?session_id=/);
    const use = page.getByRole('link', { name: 'Use Template' });
    await use.waitFor({ timeout: 20_000 });
    await shot(page, 'templates-6-payment-success');
    await use.click();

    const modal = page.getByRole('dialog', { name: /Invoice desk/ });
    await modal.waitFor({ timeout: 20_000 });
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByTestId('clone-done').waitFor({ timeout: 30_000 });
    const { apps } = await call<{ apps: { name: string }[] }>(buyer, server, 'GET', '/api/apps');
    expect(apps.map((a) => a.name)).toContain('Invoice desk');
    const { template } = await call<{ template: { isPurchased: boolean } }>(buyer, server, 'GET', `/api/multipage/marketplace/templates/${paidTemplate.slug}`);
    expect(template.isPurchased).toBe(true);
  });

  it('a signed-out visitor who clicks Buy signs in first and comes back to the template; cancelling at Stripe charges nothing', async () => {
    const context = await newContext();
    const email = newOwnerEmail('shopper');
    await context.request.post(`${server.baseUrl}/api/auth/signup`, { data: { name: 'Shay Shopper', email, password: 'correct horse battery' } });
    await context.request.post(`${server.baseUrl}/api/auth/logout`, { data: {} });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/templates/${paidTemplate.slug}`);
    await page.getByTestId('template-action').click();
    await page.waitForURL(/\/dashboard\/auth\?template_id=/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/templates/${paidTemplate.slug}`);
    const action = page.getByTestId('template-action');
    await action.waitFor();
    // Still here: signing in goes to the stored page once, nothing sends the visitor on afterwards.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/templates/${paidTemplate.slug}`);
    await expect.poll(() => action.innerText()).toBe('Buy for $9.50');
    await action.click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/payment_fail\?/);
    await page.getByText('nothing was charged').waitFor();
    await shot(page, 'templates-7-payment-cancelled');
    await page.getByRole('link', { name: 'Back to the template' }).click();
    await page.waitForURL(`**/templates/${paidTemplate.slug}`);
    await expect.poll(() => page.getByTestId('template-action').innerText()).toBe('Buy for $9.50');
  });

  it('an unknown template says so and leads back to the marketplace; the listing fits a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/templates/no-such-template`);
    await page.getByText('Template not found in marketplace').waitFor();
    await page.goto(`${server.baseUrl}/marketplace`);
    await page.getByTestId('template-card').first().waitFor();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'templates-8-listing-phone');
  });
});

