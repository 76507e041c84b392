// What a stopped server cut short reaches its owner (modules/jobs): an interrupted operation's
// notice shows on the dashboard in words until the owner closes it, and closing it is for good.
// The notice is put in the database as the start-up sweep leaves it (the kill itself is
// src/server/modules/jobs/crash.test.ts); its file name is typed text, shown as text.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newOwnerEmail, shot, signUpOwner } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function leaveNotice(userId: string, id: string, message: string): void {
  const db = new BetterSqlite3(join(server.dataDir, 'sheetboard.db'), { timeout: 10_000 });
  try {
    db.prepare("INSERT INTO jobs (id, kind, user_id, message, spreadsheet_id, files, state, lease_until, created_at) VALUES (?, 'import', ?, ?, NULL, '[]', 'interrupted', 0, ?)").run(id, userId, message, new Date().toISOString());
  } finally {
    db.close();
  }
}

describe('an interrupted import on the dashboard', () => {
  it('is told in words until the owner closes it; a file name is shown as text', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const owner = { name: 'Nora Notice', email: newOwnerEmail('notice'), password: 'a long enough password' };
    await signUpOwner(context, server, owner);
    const { user } = await call<{ user: { _id: string } }>(context, server, 'GET', '/api/auth');
    const message = 'The import of <img src=x onerror="window.__hit=1">big.csv was interrupted; nothing was changed. Try again.';
    leaveNotice(user._id, `n${Date.now().toString(36)}`, message);

    await page.goto(`${server.baseUrl}/dashboard`);
    const notices = page.getByTestId('interrupted-notices');
    await notices.waitFor();
    expect(await notices.getByRole('alert').innerText()).toContain(message);
    expect(await page.evaluate(() => (window as { __hit?: number }).__hit)).toBeUndefined();
    await shot(page, 'dashboard-interrupted-notice');

    await notices.getByRole('button', { name: 'Close this notice' }).focus();
    await page.keyboard.press('Enter');
    await notices.waitFor({ state: 'detached' });
    // Gone for good: the next visit does not show it again.
    await page.reload();
    await page.getByRole('heading').first().waitFor();
    expect((await call<{ notices: unknown[] }>(context, server, 'GET', '/api/notices')).notices).toEqual([]);
    expect(await page.getByTestId('interrupted-notices').count()).toBe(0);
    await context.close();
  });
});
