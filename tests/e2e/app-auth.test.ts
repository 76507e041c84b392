// The app-user blocks end to end (issue 5): an owner builds a multipage app through the real API
// with a Login page (login block with an image, 'Forgot password?' and sign-up links), a Register
// page (register block, confirm password), a Forgot page (forgot-password block) and an auth block
// on home, and makes it public with 'Use password set by user'. A guest registers through the
// register block and lands signed in on home (the auth block names them), signs out, fails a
// sign-in ('Invalid email or password'), asks for a reset link through 'Forgot password?' (the
// success text shows), opens the forgot page with the mailed token (read from the server's log:
// no SMTP_URL, so the mail is logged), sets a new password twice, and signs in with it.
// Any alert()/confirm() or uncaught page error fails the test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, guestPage, newOwnerEmail, png, shotOf, signUpOwner } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let guest: Page;
/** Serves the login picture (http://127.0.0.1:…/shop.png). */
let site: Server;
let app: { id: string; subdomain: string };
let guestUrl: string;
const slugs: Record<string, string> = {};
const dialogs: string[] = [];
const pageErrors: string[] = [];

const SHOP = png(720, 900, [79, 70, 229], [251, 191, 36]);
const VISITOR = { name: 'Grace Hopper', email: `grace${Date.now()}@example.com`, password: 'cobol forever 1959' };
const NEW_PASSWORD = 'compilers are fun 52';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  site = createServer((req, res) => {
    if (req.url === '/shop.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(SHOP);
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signUpOwner(owner, server, { name: 'Ada Owner', email: newOwnerEmail(), password: 'correct horse battery' });
  const { spreadsheet } = await call<{ spreadsheet: { id: string } }>(owner, server, 'POST', '/api/spreadsheets', {
    title: 'Members data',
    sheets: [{ title: 'Notes', columns: ['Note'], rows: [{ Note: 'Members only' }] }],
  });
  ({ app } = await call<{ app: { id: string; subdomain: string } }>(owner, server, 'POST', '/api/apps', { public: true, name: 'Corner Club', kind: 'multipage', spreadsheetId: spreadsheet.id }));
  guestUrl = `http://${app.subdomain}.localhost:${server.port}`;
  const home = (await call<{ pages: { page_id: string }[] }>(owner, server, 'GET', `/api/pages/${app.id}`)).pages[0]!;
  const newPage = async (name: string) => {
    const { page } = await call<{ page: { page_id: string; page_slug: string } }>(owner, server, 'POST', '/api/pages', { appId: app.id, page_name: name });
    slugs[name] = page.page_slug;
    return page.page_id;
  };
  const add = (pageId: string, type: string, settings: Record<string, unknown> = {}) => call(owner, server, 'POST', '/api/blocks', { pageId, type, ...settings });

  const login = await newPage('Login');
  const register = await newPage('Register');
  const forgot = await newPage('Forgot');
  await add(home.page_id, 'auth', { title: 'Your account', full_width: true });
  await add(login, 'login', {
    full_width: true,
    heading_01: 'Welcome back to Corner Club',
    heading_02: 'Sign in',
    image_enabled: true,
    image: `${siteUrl}/shop.png`,
    image_position: 'left',
    forget_password: true,
    new_user_sign_up: true,
  });
  await add(register, 'register', { full_width: true, confirm_password: true, already_sign_in: true });
  await add(forgot, 'forgot_password', { full_width: true, confirm_password: true, remember_password: true });
  await call(owner, server, 'PUT', `/api/apps/${app.id}`, { public: true, sign_in_method: 'Use password set by user' });
});

afterAll(async () => {
  await guest?.context().close();
  await owner?.close();
  await browser?.close();
  await server?.stop();
  await new Promise((ok) => site?.close(ok));
});

const listen = (page: Page) => {
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
};

const path = (page: Page) => new URL(page.url()).pathname;
/** The password field, not 'Confirm password' (labels end with the required mark ' *'). */
const PASSWORD = /^Password/;

/** The sign-in form of the login block. */
const loginForm = (page: Page): Locator => page.getByTestId('block-login').getByRole('form', { name: 'Sign in' });

async function signIn(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(PASSWORD).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** The reset link the server logged (no SMTP_URL: mails are written to the log). */
async function loggedResetToken(): Promise<string> {
  let token = '';
  await expect
    .poll(
      () => {
        const m = server.logs.join('').match(/\/reset-password\?token=([A-Za-z0-9_-]+)/);
        token = m?.[1] ?? '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return token;
}

describe('app-user blocks', () => {
  it('the pages have the sign-in slugs', () => {
    expect(slugs).toEqual({ Login: 'login', Register: 'register', Forgot: 'forgot' });
  });

  it('a visitor of the password app gets the Login page: image, headings, links', async () => {
    guest = await guestPage(browser, `${guestUrl}/`, { width: 1280, height: 900 });
    listen(guest);
    await loginForm(guest).waitFor();
    // The app's first sign-in page stands in for the home page the visitor may not see yet.
    expect(['/', '/login']).toContain(path(guest));
    const block = guest.getByTestId('block-login');
    await block.getByText('Welcome back to Corner Club').waitFor();
    await expect.poll(() => block.locator('[data-testid="login-image"] img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(720);
    // The image is on the left of the form.
    const image = (await block.getByTestId('login-image').boundingBox())!;
    const form = (await loginForm(guest).boundingBox())!;
    expect(image.x + image.width).toBeLessThanOrEqual(form.x);
    expect(await block.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot');
    expect(await block.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    await shotOf(block, 'blocks/login');
  });

  it('the form checks its fields before asking the server', async () => {
    const form = loginForm(guest);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await form.getByText('Email is required').waitFor();
    await form.getByText('Password is required').waitFor();
    await form.getByLabel('Email').fill('grace@');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await form.getByText('Please enter a valid email address').waitFor();
    expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('a guest signs up through the register block (passwords must match) and lands signed in on home', async () => {
    await guest.getByTestId('block-login').getByRole('link', { name: 'Sign up' }).click();
    const form = guest.getByTestId('block-register').getByRole('form', { name: 'Sign Up' });
    await form.waitFor();
    expect(path(guest)).toBe('/register');
    await form.getByLabel('Name').fill(VISITOR.name);
    await form.getByLabel('Email').fill(VISITOR.email);
    await form.getByLabel(PASSWORD).fill('short');
    await form.getByLabel(/^Confirm password/).fill('shorter');
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText('Password must be at least 8 characters').waitFor();
    await form.getByText('Passwords do not match').waitFor();
    await form.getByLabel(PASSWORD).fill(VISITOR.password);
    await form.getByLabel(/^Confirm password/).fill(VISITOR.password);
    await shotOf(guest.getByTestId('block-register'), 'blocks/register');
    await form.getByRole('button', { name: 'Create account' }).click();

    const account = guest.getByTestId('block-auth');
    await account.getByTestId('auth-user-name').waitFor({ timeout: 15_000 });
    expect(path(guest)).toBe('/');
    expect(await account.getByTestId('auth-user-name').textContent()).toBe(VISITOR.name);
    await account.getByText(VISITOR.email).waitFor();
    await account.getByText('Read', { exact: true }).waitFor();
    await shotOf(account, 'blocks/auth');
  });

  it('signs out: the app asks for a sign-in again', async () => {
    await guest.getByTestId('block-auth').getByRole('button', { name: 'Sign out' }).click();
    await loginForm(guest).waitFor({ timeout: 15_000 });
    expect(['/', '/login']).toContain(path(guest));
    const me = await guest.evaluate(async () => (await (await fetch('/api/app-auth/me')).json()) as { app_user: unknown });
    expect(me.app_user).toBeNull();
  });

  it('a wrong password shows the server’s message inline', async () => {
    await signIn(guest, VISITOR.email, 'not my password');
    const error = guest.getByTestId('block-login').getByTestId('auth-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Invalid email or password');
    expect(['/', '/login']).toContain(path(guest));
    // The password field is emptied for the next try; the address stays.
    expect(await loginForm(guest).getByLabel(PASSWORD).inputValue()).toBe('');
    expect(await loginForm(guest).getByLabel('Email').inputValue()).toBe(VISITOR.email);
  });

  it('forgot password: the same answer for everyone', async () => {
    await guest.getByTestId('block-login').getByRole('link', { name: 'Forgot password?' }).click();
    const block = guest.getByTestId('block-forgot_password');
    const form = block.getByRole('form', { name: 'Forgot your password?' });
    await form.waitFor();
    expect(path(guest)).toBe('/forgot');
    await form.getByLabel('Email').fill(VISITOR.email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await block.getByText('If an account exists for that e-mail, we sent a reset link.').waitFor();
    await shotOf(block, 'blocks/forgot_password');
    // 'Remember your password? Sign in' goes back to the login page.
    expect(await block.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('the mailed token on the forgot page sets a new password (twice) and signs in', async () => {
    const token = await loggedResetToken();
    await guest.goto(`${guestUrl}/forgot?token=${token}`);
    const form = guest.getByTestId('block-forgot_password').getByRole('form', { name: 'Choose a new password' });
    await form.waitFor();
    await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await form.getByLabel(/^Confirm new password/).fill(`${NEW_PASSWORD}!`);
    await form.getByRole('button', { name: 'Save password' }).click();
    await form.getByText('Passwords do not match').waitFor();
    await form.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Save password' }).click();
    await guest.getByTestId('block-auth').getByTestId('auth-user-name').waitFor({ timeout: 15_000 });
    expect(path(guest)).toBe('/');
  });

  it('signs out and in again with the new password through the login block', async () => {
    await guest.getByTestId('block-auth').getByRole('button', { name: 'Sign out' }).click();
    await loginForm(guest).waitFor({ timeout: 15_000 });
    await signIn(guest, VISITOR.email, VISITOR.password);
    await guest.getByTestId('block-login').getByText('Invalid email or password').waitFor();
    await signIn(guest, VISITOR.email, NEW_PASSWORD);
    const account = guest.getByTestId('block-auth');
    await account.getByTestId('auth-user-name').waitFor({ timeout: 15_000 });
    expect(await account.getByTestId('auth-user-name').textContent()).toBe(VISITOR.name);
    expect(path(guest)).toBe('/');
  });

  it('in the editor the forms show but send nothing', async () => {
    const editor = await owner.newPage();
    listen(editor);
    await editor.goto(`${server.baseUrl}/${app.subdomain}/login`);
    const block = editor.getByTestId('block-login');
    await block.getByText('This form works on the published app.').waitFor({ timeout: 20_000 });
    expect(await block.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    await editor.close();
  });

  it('no alert, no confirm, no uncaught error', () => {
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
