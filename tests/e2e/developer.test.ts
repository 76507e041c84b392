// Developer access (issue 18) in Chromium: an owner creates a read-write API token on
// /dashboard/developerlogin, copies it, a script (fetch from the test, no cookies) calls the API
// with it, the list shows its last use, the owner revokes it and the next call is refused (401);
// the API reference renders the generated OpenAPI document. Then /dashboard/signupbackup with
// JavaScript off: the plain form signs a new owner up and lands on /dashboard.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES } from '../../src/shared/api/developer';
import { newOwnerEmail, ownerWithBoard, shot, shotDir, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

/** A script's call: plain fetch from the test process, the token and nothing else. */
const script = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });

const tokenRows = (page: Page) => page.getByRole('table', { name: 'Your tokens' }).getByTestId('token-row');

describe('API tokens on /dashboard/developerlogin', () => {
  let token = '';

  it('creates a token, shown once, and copies it', async () => {
    owner = await ownerWithBoard(browser, server, { board: 'Scripted Board', sheets: [{ title: 'Jobs', columns: ['Task', 'Done'], rows: [{ Task: 'Wash', Done: 'no' }] }] });
    const { page, context } = owner;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Developer (API tokens)' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/developerlogin');
    await page.getByRole('heading', { name: 'Developer' }).waitFor();
    await page.getByText('No tokens yet.').waitFor();

    const form = page.getByRole('form', { name: 'Create API token' });
    // Checked before sending, with the server's message.
    await form.getByRole('button', { name: 'Create token' }).click();
    await form.getByText(TOKEN_MESSAGES.nameRequired).waitFor();

    await form.getByRole('textbox', { name: 'Token name' }).fill('Nightly <b>sync</b>');
    await form.getByRole('radio', { name: 'Read and write' }).check();
    await form.getByRole('button', { name: 'Create token' }).click();
    const created = form.getByRole('status');
    await created.getByText(TOKEN_MESSAGES.shownOnce).waitFor();
    token = (await created.getByTestId('new-token').textContent())!.trim();
    expect(token).toMatch(/^sbt_[A-Za-z0-9_-]{43}$/);
    await created.getByRole('button', { name: 'Copy token' }).click();
    await created.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    const row = tokenRows(page).filter({ hasText: 'Nightly <b>sync</b>' });
    await row.waitFor();
    await expect.poll(() => row.getByText('Read and write').count()).toBe(1);
    expect(await row.getByTestId('last-used').textContent()).toBe('Never');
    // The list never holds the token itself, only its first characters.
    expect(await page.getByRole('table', { name: 'Your tokens' }).textContent()).not.toContain(token);
    await shot(page, 'developer-tokens');
  });

  it('a script calls the API with it, and the list shows the use', async () => {
    const apps = await script('/api/apps', token);
    expect(apps.status).toBe(200);
    expect(((await apps.json()) as { apps: { name: string }[] }).apps.map((a) => a.name)).toContain('Scripted Board');
    const added = await script(`/api/board/${owner.spreadsheetId}/sheet/Jobs/rows`, token, { method: 'POST', body: JSON.stringify({ values: { Task: 'Dry', Done: 'yes' } }) });
    expect(added.status).toBe(201);
    // Tokens do not manage tokens.
    const minted = await script('/api/developer/tokens', token, { method: 'POST', body: JSON.stringify({ name: 'More', scope: 'read-write' }) });
    expect(minted.status).toBe(403);

    const { page } = owner;
    await page.reload();
    const row = tokenRows(page).filter({ hasText: 'Nightly <b>sync</b>' });
    await expect.poll(async () => (await row.getByTestId('last-used').textContent()) !== 'Never', { timeout: 10_000 }).toBe(true);
  });

  it('revoked: the next call is refused with 401', async () => {
    const { page } = owner;
    const row = tokenRows(page).filter({ hasText: 'Nightly <b>sync</b>' });
    await row.getByRole('button', { name: 'Revoke Nightly <b>sync</b>' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke token' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No tokens yet.').waitFor();
    const refused = await script('/api/apps', token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(TOKEN_MESSAGES.invalid);
  });

  it('the API reference renders the generated document', async () => {
    const { page } = owner;
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/developerlogin/reference');
    await page.getByRole('heading', { name: 'Sheetboard REST API' }).waitFor();
    for (const group of ['Apps', 'Pages', 'Blocks', 'Spreadsheets', 'Sheets and rows', 'Workspace'])
      await page.getByRole('region', { name: group, exact: true }).waitFor();
    const create = page.getByTestId('operation').filter({ hasText: 'Create an app' });
    await create.getByText('/api/apps', { exact: true }).waitFor();
    await create.getByText('Request body').waitFor();
    await create.getByText('Answer 201').waitFor();
    const rows = page.getByTestId('operation').filter({ hasText: "Read a sheet's rows" });
    await rows.getByRole('cell', { name: 'spreadsheetId' }).waitFor();
    await rows.getByText('one of: "asc", "desc"').waitFor();
    expect(await page.getByTestId('operation').count()).toBeGreaterThan(30);
    // The page is long (every operation): the first screen, then an operation with a body.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shotDir}/developer-api-reference.png` });
    await rows.scrollIntoViewIfNeeded();
    await rows.screenshot({ path: `${shotDir}/developer-api-reference-operation.png` });
  });
});

describe('/dashboard/signupbackup', () => {
  it('signs up with JavaScript off: a plain form that posts and redirects', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 900, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/dashboard/signupbackup`);
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      const email = newOwnerEmail('plain');
      await page.getByLabel('Name').fill('Plain Pat');
      // The browser checks the fields itself (required, e-mail, length); the server says the rest
      // on the form again: here, an address that has an account.
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill('long enough 1');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByRole('alert').getByText('An account with this email already exists').waitFor();
      expect(await page.getByLabel('Name').inputValue()).toBe('Plain Pat');
      await shot(page, 'signup-backup');

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('long enough 1');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL((u) => u.pathname === '/dashboard/start');
      const me = await context.request.get(`${server.baseUrl}/api/auth`);
      expect(me.status()).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    } finally {
      await context.close();
    }
  });

  it('reached from inside the app while signed out, it is the server’s form', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/dashboard/auth`);
      await page.evaluate(() => {
        window.history.pushState({}, '', '/dashboard/signupbackup');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await page.locator('form[action="/api/auth/signupbackup"]').waitFor();
    } finally {
      await context.close();
    }
  });
});
