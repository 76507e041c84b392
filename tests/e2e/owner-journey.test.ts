// A new owner's first steps in one go (issue 18), in Chromium against the real server with a
// local SMTP server and the local Stripe-protocol server: sign up → the verification mail's link →
// the first-run page (onboarding) → a blank board → Embed on the free plan shows the upgrade prompt
// → upgrade through Stripe Checkout (signed webhooks) → Embed now shows the embed tool.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInLastMail, startInbox, type MailInbox } from '../../src/server/testing/smtp';
import { startFakeStripe, type FakeStripe } from '../../src/server/testing/stripe';
import { newOwnerEmail } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

const WEBHOOK_SECRET = 'whsec_e2e_journey_0123456789';
const email = newOwnerEmail('journey');

let server: RunningServer;
let browser: Browser;
let smtp: MailInbox;
let stripe: FakeStripe;
let context: BrowserContext;
let page: Page;
let editorUrl = '';

beforeAll(async () => {
  smtp = await startInbox();
  stripe = await startFakeStripe();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Sheetboard <no-reply@localhost>',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  stripe.webhook = { url: `${server.baseUrl}/api/stripe/webhook`, secret: WEBHOOK_SECRET };
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await stripe?.close();
  await smtp?.close();
});

const embedButton = () => page.getByRole('navigation', { name: 'Editor tools' }).getByRole('button', { name: 'Embed' });

describe('sign up → verify → onboarding → upgrade → embed', () => {
  it('signs up and lands on the first-run page', async () => {
    await page.goto(`${server.baseUrl}/dashboard/signup`);
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Jo Journey');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: /sign up/i }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/start');
    await page.getByRole('heading', { name: 'Welcome, Jo!' }).waitFor();
  });

  it('the mailed link verifies the address', async () => {
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [link] = linkInLastMail(smtp, email, /http:\/\/localhost:\d+\/dashboard\/emailVerify\?token=[A-Za-z0-9_%-]+/);
    await page.goto(link!);
    await page.getByText('E-mail address verified').first().waitFor();
    const me = await context.request.get(`${server.baseUrl}/api/account`);
    expect(me.status()).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(email);
  });

  it('onboarding: a blank board opens in the editor', async () => {
    await page.goto(`${server.baseUrl}/dashboard/start`);
    const blank = page.getByRole('form', { name: 'Blank board' });
    await blank.getByLabel('Board name').fill('Journey board');
    await blank.getByRole('button', { name: 'Create blank board' }).click();
    await page.getByRole('button', { name: 'New Block' }).waitFor();
    editorUrl = page.url();
  });

  it('on the free plan Embed shows the upgrade prompt; Checkout on Stripe makes the workspace Pro', async () => {
    await embedButton().click();
    const prompt = page.getByRole('dialog', { name: 'Upgrade to embed' });
    await prompt.getByTestId('embed-upgrade').waitFor();
    await prompt.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL(/\/dashboard\/accountbilling$/);
    await page.locator('[data-testid="plan-card"][data-plan="free"]').waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/dashboard\/accountbilling(\?|$)/);
    await page.locator('[data-testid="plan-card"][data-plan="pro"]').waitFor();
  });

  it('verified, the owner may publish; on Pro, Embed shows the embed tool', async () => {
    const apps = (await (await context.request.get(`${server.baseUrl}/api/apps`)).json()) as { apps: { id: string; name: string }[] };
    const board = apps.apps.find((a) => a.name === 'Journey board')!;
    const published = await context.request.put(`${server.baseUrl}/api/apps/${board.id}`, { data: { public: true }, headers: { origin: server.baseUrl } });
    expect(published.status()).toBe(200);
    await page.goto(editorUrl);
    await page.getByRole('button', { name: 'New Block' }).waitFor();
    await embedButton().click();
    const dialog = page.getByRole('dialog', { name: 'Embed Content' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /Copy/ }).first().waitFor();
    expect(await dialog.getByTestId('embed-upgrade').count()).toBe(0);
  });
});
