// Plans (issue 18), end to end on the real server with the local Stripe-protocol server: an owner
// on the free plan clicks Embed and gets the upgrade prompt, follows it to the billing page,
// upgrades through Stripe Checkout (the Pay button there completes the session and Stripe's signed
// webhooks reach the server), comes back to a Pro plan with its invoice, and Embed now shows the
// tool. A provider admin generates lifetime codes at /admin/codes; another owner is refused a
// mistyped code and redeems a good one at /dashboard/redeemappsumocodes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../src/server/testing/stripe';
import { CODE_MESSAGES } from '../../src/shared/rules/plans';
import { call, newOwnerEmail, ownerWithBoard, shot, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

const ADMIN = { email: 'plans-admin@sheetboard.test', password: 'Lifetime-deals-2026!' };
const WEBHOOK_SECRET = 'whsec_e2e_billing_0123456789';

let server: RunningServer;
let browser: Browser;
let stripe: FakeStripe;
const contexts: BrowserContext[] = [];

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
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

/** Waits for every animation (modals fade in) so a screenshot shows the finished state. */
const settle = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

const embedButton = (page: Page) => page.getByRole('navigation', { name: 'Editor tools' }).getByRole('button', { name: 'Embed' });

describe('plans: upgrade through Stripe, then embed; lifetime codes', () => {
  let owner: OwnerBoard;

  it('on the free plan, Embed shows the upgrade prompt, which leads to the billing page', async () => {
    owner = await ownerWithBoard(browser, server, { board: 'Shop numbers', sheets: [{ title: 'Sales', columns: ['Month', 'Total'], rows: [{ Month: 'Jan', Total: 10 }] }] });
    contexts.push(owner.context);
    const { page } = owner;
    await embedButton(page).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Embed feature requires a paid plan.' }).first().waitFor();
    const prompt = page.getByRole('dialog', { name: 'Upgrade to embed' });
    await prompt.getByTestId('embed-upgrade').waitFor();
    await prompt.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL(/\/dashboard\/accountbilling$/);
    const card = page.getByTestId('plan-card');
    await card.waitFor();
    expect(await card.getAttribute('data-plan')).toBe('free');
    expect(await card.innerText()).toContain('Embed apps on your own website: no');
    expect(await card.innerText()).toContain('Pro · $19.00 a month');
    await page.getByTestId('connect-status').waitFor();
    await settle(page);
    await shot(page, 'billing-1-free');
  });

  it("Upgrade goes through Stripe's Checkout; the signed webhooks make the workspace Pro, with its invoice", async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    // Stripe's page (the local server): Pay completes the session and Stripe delivers the events.
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    expect(await page.getByRole('heading').innerText()).toBe('Pay 19.00 USD');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/dashboard\/accountbilling(\?|$)/);
    const card = page.locator('[data-testid="plan-card"][data-plan="pro"]');
    await card.waitFor();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Welcome to Pro' }).first().waitFor();
    expect(await card.innerText()).toContain('Embed apps on your own website: yes');
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.waitFor();
    expect(await invoices.innerText()).toContain('$19.00');
    const pdf = invoices.getByRole('link', { name: 'PDF' });
    expect(await pdf.getAttribute('href')).toMatch(new RegExp(`^${stripe.url}/i/in_[^/]+/pdf$`));
    expect(await page.getByTestId('plan-badge').textContent()).toBe('Pro plan');
    await settle(page);
    await shot(page, 'billing-2-pro');
  });

  it('Embed is now allowed: the embed tool, not the upgrade prompt', async () => {
    const { page } = owner;
    await page.goto(owner.editorUrl);
    await page.getByRole('button', { name: 'New Block' }).waitFor();
    await embedButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Embed Content' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /Copy/ }).first().waitFor();
    expect(await dialog.getByTestId('embed-upgrade').count()).toBe(0);
  });

  it('Manage subscription opens the customer portal; cancelling there puts the workspace back on the free plan', async () => {
    const { page } = owner;
    await page.goto(`${server.baseUrl}/dashboard/accountbilling`);
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/p/session/bps_`));
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.waitForURL(/\/dashboard\/accountbilling$/);
    await page.locator('[data-testid="plan-card"][data-plan="free"]').waitFor();
    expect(await page.getByTestId('plan-card').textContent()).toContain('Cancelled');
  });

  it('a provider admin generates codes at /admin/codes; an owner is refused a mistyped one and redeems a good one', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await admin.goto(`${server.baseUrl}/admin/codes`);
    await admin.waitForURL(/\/admin-login\?redirect=/);
    await admin.getByLabel('Email').fill(ADMIN.email);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL(/\/admin\/codes$/);
    await admin.getByRole('navigation', { name: 'Admin pages' }).first().getByRole('link', { name: 'Codes' }).waitFor();
    await admin.getByLabel('How many').fill('3');
    await admin.getByLabel('Note (whom they are for)').fill('Launch week');
    await admin.getByRole('button', { name: 'Generate' }).click();
    const list = admin.getByRole('textbox', { name: 'New codes' });
    await list.waitFor();
    const codes = (await list.inputValue()).split('\n');
    expect(codes).toHaveLength(3);
    await expect.poll(() => admin.getByTestId('code-row').count()).toBe(3);
    // Revoke the third: it can no longer be redeemed.
    await admin.getByTestId('code-row').filter({ hasText: codes[2]!.slice(-4) }).getByRole('button', { name: 'Revoke' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await admin.locator('[data-testid="code-row"][data-status="revoked"]').waitFor();
    await settle(admin);
    await shot(admin, 'billing-4-admin-codes');

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    contexts.push(context);
    await call(context, server, 'POST', '/api/auth/signup', { name: 'Lia Lifetime', email: newOwnerEmail('lifetime'), password: 'correct horse battery' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/dashboard/redeemappsumocodes`);
    const input = page.getByRole('textbox', { name: 'Code', exact: true });
    await input.fill('SB-0000-0000-0000');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText(CODE_MESSAGES.unknown).waitFor();
    await input.fill(codes[2]!);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText(CODE_MESSAGES.revoked).waitFor();
    // Typed loosely: lower case, spaces for dashes.
    await input.fill(codes[0]!.toLowerCase().replace(/-/g, ' '));
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect.poll(() => page.getByTestId('codes-held').textContent()).toBe('1 of 3 codes');
    await input.fill(codes[1]!);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect.poll(() => page.getByTestId('codes-held').textContent()).toBe('2 of 3 codes');
    expect(await page.getByRole('table', { name: 'Lifetime tiers' }).locator('tr[data-current]').innerText()).toContain('250 apps');
    expect(await page.getByTestId('plan-badge').textContent()).toBe('Pro plan');
    await settle(page);
    await shot(page, 'billing-3-redeem');
  });
});
