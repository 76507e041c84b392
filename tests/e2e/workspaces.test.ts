// Several workspaces per owner and the first run (issue 18), in Chromium against the real server:
// sign up → /dashboard/start → skip → a second workspace (/dashboard/new-workspace) → its dashboard
// is empty → a blank board in it → switch back: the first workspace's boards are there, the
// second's are not → /boardWorkspace lists, sorts, searches and opens boards, with thumbnails →
// rename and delete the second workspace. Screenshots of the three new screens.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newOwnerEmail, shot } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const FIRST = "Wendy Owner's workspace";

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cardNames = (p: Page) => p.getByTestId('app-card').locator('p').first().allInnerTexts();
const boardNames = (p: Page) => p.getByTestId('board-name').allInnerTexts();

async function switchTo(p: Page, name: string) {
  await p.getByTestId('workspace-switcher').click();
  await p.getByTestId('workspace-option').filter({ hasText: name }).click();
  await p.waitForFunction((n) => document.querySelector('[data-testid="current-workspace"]')?.textContent === n, name);
}

/** Waits until the grid shows exactly `names`, in order (the list answers after a debounce). */
async function expectBoards(p: Page, names: string[]) {
  await p.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('[data-testid="board-name"]')].map((e) => e.textContent)) === want, JSON.stringify(names));
  expect(await boardNames(p)).toEqual(names);
}

describe('workspaces and the first run', () => {
  it('a new owner lands on /dashboard/start after signing up, and can skip it', async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    await page.goto(`${server.baseUrl}/dashboard/signup`);
    await page.getByLabel('Name').fill('Wendy Owner');
    await page.getByLabel('Email').fill(newOwnerEmail('wendy'));
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: /sign up/i }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/start');
    await page.getByRole('heading', { name: 'Welcome, Wendy!' }).waitFor();
    await page.getByText(`How would you like to start your first board in ${FIRST}?`).waitFor();
    for (const name of ['Start from a template', 'Start from a spreadsheet', 'Start from a blank board']) await page.getByRole('region', { name }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse templates' }).getAttribute('href')).toBe('/templates');
    await page.getByTestId('import-input').waitFor({ state: 'attached' });
    await shot(page, 'workspaces/start');

    await page.getByTestId('skip-start').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('app-card').filter({ hasText: 'Sales board' }).waitFor();
    // Found again from the dashboard.
    expect(await page.getByTestId('getting-started').getAttribute('href')).toBe('/dashboard/start');
  });

  it('creates a second workspace: it is current and its dashboard is empty', async () => {
    await page.getByTestId('workspace-switcher').click();
    await page.getByRole('menuitem', { name: 'New workspace' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/new-workspace');
    const form = page.getByRole('form', { name: 'New workspace' });
    await form.getByRole('button', { name: 'Create workspace' }).click();
    await form.getByText('Please enter a name for the workspace.').waitFor();
    await form.getByLabel('Workspace name').fill('Client B');
    await shot(page, 'workspaces/new-workspace');
    await form.getByRole('button', { name: 'Create workspace' }).click();

    // Its first step, then skipped: an empty dashboard that says where to start.
    await page.waitForURL((u) => u.pathname === '/dashboard/start');
    await page.getByText('How would you like to start your first board in Client B?').waitFor();
    expect(await page.getByTestId('current-workspace').innerText()).toBe('Client B');
    await page.getByTestId('skip-start').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('no-boards').waitFor();
    expect(await page.getByTestId('app-card').count()).toBe(0);
    await page.getByRole('region', { name: 'Spreadsheets' }).waitFor();
    expect(await page.getByRole('region', { name: 'Spreadsheets' }).getByText('Sample business').count()).toBe(0);
  });

  it('a blank board from the start page lands in the second workspace only', async () => {
    await page.getByTestId('no-boards').getByRole('link', { name: 'Get started' }).click();
    const blank = page.getByRole('form', { name: 'Blank board' });
    await blank.getByLabel('Board name').fill('B notes');
    await blank.getByRole('button', { name: 'Create blank board' }).click();
    await page.getByRole('button', { name: 'New Block' }).waitFor();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('app-card').filter({ hasText: 'B notes' }).waitFor();
    expect(await page.getByTestId('app-card').count()).toBe(1);
  });

  it('switching back shows the first workspace’s boards, not the second’s', async () => {
    await switchTo(page, FIRST);
    await page.getByTestId('app-card').filter({ hasText: 'Sales board' }).waitFor();
    expect(await page.getByTestId('app-card').filter({ hasText: 'B notes' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Spreadsheets' }).getByText('Sample business').waitFor();
    // The server remembers the choice: a reload stays in it.
    await page.reload();
    await page.getByTestId('app-card').filter({ hasText: 'Sales board' }).waitFor();
    expect(await page.getByTestId('current-workspace').innerText()).toBe(FIRST);
  });

  it('/boardWorkspace lists the boards with thumbnails, sorts, searches and opens one', async () => {
    // Two more boards, the newest last edited; then a block on Alpha makes it the last edited.
    const alpha = (await call<{ app: { id: string } }>(context, server, 'POST', '/api/apps', { name: 'Alpha report', kind: 'board' })).app;
    await call(context, server, 'POST', '/api/apps', { name: 'Zeta tracker', kind: 'board' });
    await page.goto(`${server.baseUrl}/boardWorkspace`);
    await expectBoards(page, ['Zeta tracker', 'Alpha report', 'Sales board']);
    const { pages } = await call<{ pages: { page_id: string }[] }>(context, server, 'GET', `/api/pages/${alpha.id}`);
    await call(context, server, 'POST', '/api/blocks', { pageId: pages[0]!.page_id, type: 'markdown' });
    await page.reload();
    await expectBoards(page, ['Alpha report', 'Zeta tracker', 'Sales board']);

    await page.locator('.mantine-SegmentedControl-root label').filter({ hasText: /^Name$/ }).click();
    await expectBoards(page, ['Alpha report', 'Sales board', 'Zeta tracker']);
    await page.getByLabel('Search boards').fill('TRACK');
    await expectBoards(page, ['Zeta tracker']);
    await page.getByLabel('Search boards').fill('nothing like it');
    await page.getByText("No board's name contains “nothing like it”.").waitFor();
    await page.getByLabel('Search boards').fill('');
    await expectBoards(page, ['Alpha report', 'Sales board', 'Zeta tracker']);

    // Every thumbnail is a real picture the server drew.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="board-card"] img')].every((i) => i.complete && i.naturalWidth > 0));
    expect(await page.locator('[data-testid="board-card"] img').count()).toBe(3);
    // The example board has blocks; the new Zeta has none yet.
    await page.getByTestId('board-card').filter({ hasText: 'Sales board' }).getByText(/^Edited .+ · [1-9]\d* blocks$/).waitFor();
    await page.getByTestId('board-card').filter({ hasText: 'Zeta tracker' }).getByText(/^Edited .+ · 0 blocks$/).waitFor();
    await shot(page, 'workspaces/board-workspace');

    await page.getByTestId('board-card').filter({ hasText: 'Sales board' }).getByRole('link', { name: 'Open Sales board' }).click();
    await page.getByRole('button', { name: 'New Block' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/sales-board/);
  });

  it('/boardWorkspace needs a signed-in owner', async () => {
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(`${server.baseUrl}/boardWorkspace`);
    await visitor.waitForURL((u) => u.pathname === '/dashboard/auth');
    await anonymous.close();
  });

  it('renames and deletes the second workspace from the switcher', async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    await switchTo(page, 'Client B');
    await page.getByTestId('workspace-switcher').click();
    await page.getByRole('menuitem', { name: 'Rename this workspace' }).click();
    const rename = page.getByRole('form', { name: 'Rename workspace' });
    await rename.getByLabel('Workspace name').fill('Client B 2026');
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-workspace"]')?.textContent === 'Client B 2026');

    await page.getByTestId('workspace-switcher').click();
    await page.getByRole('menuitem', { name: 'Delete this workspace' }).click();
    const del = page.getByRole('form', { name: 'Delete workspace' });
    const confirm = del.getByRole('button', { name: 'Delete workspace' });
    expect(await confirm.isDisabled()).toBe(true);
    await del.getByLabel("Type the workspace's name to confirm").fill('Client B 2026');
    await confirm.click();
    await page.waitForFunction((n) => document.querySelector('[data-testid="current-workspace"]')?.textContent === n, FIRST);
    await page.getByTestId('app-card').filter({ hasText: 'Sales board' }).waitFor();
    const { workspaces } = await call<{ workspaces: { name: string }[] }>(context, server, 'GET', '/api/workspaces');
    expect(workspaces.map((w) => w.name)).toEqual([FIRST]);
    expect(await cardNames(page)).not.toContain('B notes');
  });
});
