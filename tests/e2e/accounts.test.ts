// Owner accounts (issue 18), end to end in Chromium with a real local SMTP server: a new owner
// signs up and is told publishing waits for the address; the verification mail's link (read from
// the SMTP server) verifies it, signed out, which signs the sign-up's browser out (proving the
// address proves who owns the account); the account page; then the owner forgets the password,
// follows the reset mail, chooses a new one (the other session ends) and signs in with it; last,
// deleting the account asks for the current password.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInLastMail, startInbox, type MailInbox } from '../../src/server/testing/smtp';
import { shot, skipOnboarding } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let smtp: MailInbox;
let owner: Page;
const email = `acc${Date.now()}@example.com`;

beforeAll(async () => {
  smtp = await startInbox();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Sheetboard <no-reply@localhost>' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** The link of `kind` in the newest mail to `to`, once the mail has arrived. */
async function mailedLink(to: string, kind: 'emailVerify' | 'forgetPassword', count: number): Promise<string> {
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(to)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return linkInLastMail(smtp, to, new RegExp(`http://localhost:\\d+/dashboard/${kind}\\?token=[A-Za-z0-9_%-]+`))[0];
}

describe('owner accounts', () => {
  it('signs up, is told publishing waits for the address, and the mailed link verifies it (signed out too)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    owner = await context.newPage();
    await owner.goto(`${server.baseUrl}/dashboard/signup`);
    const form = owner.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Vera Owner');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: /sign up/i }).click();
    await skipOnboarding(owner);
    const notice = owner.getByTestId('verify-email-notice');
    await notice.getByText('Verify your e-mail address to publish').waitFor();
    await notice.getByText(email).waitFor();

    const link = await mailedLink(email, 'emailVerify', 1);
    // /dashboard/emailVerify without a token: "check your inbox" with a resend.
    await owner.goto(`${server.baseUrl}/dashboard/emailVerify`);
    await owner.locator('[data-state="unverified"]').waitFor();
    await shot(owner, 'accounts/email-verify-pending');
    await owner.getByRole('button', { name: 'Resend link' }).click();
    await owner.getByText(`We sent a verification link to ${email}.`).first().waitFor();
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBe(2);

    // The first link still works, in a browser that is not signed in.
    const stranger = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await stranger.newPage();
    await visitor.goto(link);
    await visitor.locator('[data-state="verified"]').getByText(`${email} is verified.`).waitFor();
    await visitor.getByTestId('verify-ended').getByText(/Every browser signed in to your account was signed out/).waitFor();
    await visitor.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(new URL(visitor.url()).search).toBe('');
    await shot(visitor, 'accounts/email-verified');
    // Followed again: used.
    await visitor.goto(link);
    await visitor.locator('[data-state="failed"]').getByText('This verification link is invalid, has expired or was already used.').waitFor();
    await stranger.close();

    // Whoever signed up with the address was signed out when its owner proved it: sign in again.
    await owner.goto(`${server.baseUrl}/dashboard`);
    await owner.waitForURL('**/dashboard/auth**');
    const signIn = owner.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill('correct horse battery');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL((u) => u.pathname === '/dashboard');
    await owner.getByRole('region', { name: 'Boards' }).getByText('Sales board').waitFor();
    expect(await owner.getByTestId('verify-email-notice').count()).toBe(0);
    // Publishing is open now.
    const res = await owner.evaluate(async () => {
      const apps = (await (await fetch('/api/apps')).json()) as { apps: { id: string }[] };
      return (await fetch(`/api/apps/${apps.apps[0]!.id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ public: true }) })).status;
    });
    expect(res).toBe(200);
  });

  it('the account page: verified address, name, sessions and the workspace editors section', async () => {
    await owner.goto(`${server.baseUrl}/dashboard`);
    await owner.getByRole('button', { name: 'Account menu' }).click();
    await owner.getByRole('menuitem', { name: 'Account settings' }).click();
    await owner.waitForURL('**/dashboard/account');
    await owner.getByRole('heading', { name: 'Your account' }).waitFor();
    const emailCard = owner.getByTestId('account-email');
    await emailCard.getByText('Verified', { exact: true }).waitFor();
    const nameForm = owner.getByRole('form', { name: 'Name' });
    await nameForm.getByLabel('Your name').fill('Vera V. Owner');
    await nameForm.getByRole('button', { name: 'Save name' }).click();
    await owner.getByTestId('account-name').getByText('Vera V. Owner').waitFor();
    const sessions = owner.getByTestId('account-sessions');
    await sessions.getByText('This device').waitFor();
    await sessions.getByText(/Chrome on Linux/).first().waitFor();
    await owner.getByRole('heading', { name: 'Workspace editors' }).waitFor();
    await owner.getByRole('table', { name: 'Editors' }).waitFor();
    await shot(owner, 'accounts/account');
  });

  it('forgot password: the link from the mail sets a new one, the other session ends, and the owner signs in with it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/dashboard/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/dashboard/forgetPassword');
    const ask = page.getByRole('form', { name: 'Forgot password' });
    await ask.getByLabel('Email').fill(email);
    await shot(page, 'accounts/forgot-password');
    const before = smtp.messages.filter((m) => m.to.includes(email)).length;
    await ask.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText('If an account exists for this email, a link to choose a new password is on its way.', { exact: false }).waitFor();

    const link = await mailedLink(email, 'forgetPassword', before + 1);
    await page.goto(link);
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    await choose.getByLabel(/^New password/).fill('a fresh long secret');
    await choose.getByLabel('Repeat the new password').fill('a fresh long secreT');
    await choose.getByRole('button', { name: 'Save new password' }).click();
    await choose.getByText('The two passwords are not the same').waitFor();
    await choose.getByLabel('Repeat the new password').fill('a fresh long secret');
    await shot(page, 'accounts/choose-new-password');
    await choose.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText(/Your password has been changed\. Every browser signed in to your account was signed out, and your API tokens and unaccepted editor invitations were ended\./).waitFor();

    // The owner's other browser was signed out.
    await owner.goto(`${server.baseUrl}/dashboard`);
    await owner.waitForURL('**/dashboard/auth');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/auth');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill('correct horse battery');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByText('Invalid email or password').waitFor();
    await signIn.getByLabel('Password').fill('a fresh long secret');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('account-name').getByText('Vera V. Owner').waitFor();

    // The link was spent: the page says so as it opens, with no form to fill in first, and offers a new link.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link does not work any more' }).waitFor();
    expect(await page.getByRole('form', { name: 'Choose a new password' }).count()).toBe(0);
    await page.getByText('Send me a new link').waitFor();
    owner = page;
  });

  it('deleting the account asks for the current password: the address typed is refused in words', async () => {
    await owner.goto(`${server.baseUrl}/dashboard/account`);
    await owner.getByRole('button', { name: 'Delete account…' }).click();
    const form = owner.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Current password').fill(email);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByText('The current password is not right.').waitFor();
    await shot(owner, 'accounts/delete-account');
    await form.getByLabel('Current password').fill('a fresh long secret');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await owner.waitForURL('**/dashboard/auth**');
    const gone = await owner.context().request.post(`${server.baseUrl}/api/auth/login`, { data: { email, password: 'a fresh long secret' } });
    expect(gone.status()).toBe(401);
    await owner.context().close();
  });
});
