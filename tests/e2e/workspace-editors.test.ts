// Workspace editors (issue 5), end to end in Chromium with a real local SMTP server: the owner
// makes a board private and invites an editor on /dashboard/account; the invitation mail is read from
// the SMTP server and its link followed by a second browser, which signs up first and comes back to
// the link; the editor sees the shared board on the dashboard (no Delete) and opens its editor; once
// the owner removes them, the board is 'Access Denied' for them. A used or unknown link is refused.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '../../src/shared/api/workspace';
import { linkInLastMail, startInbox, type MailInbox } from '../../src/server/testing/smtp';
import { call, ownerWithBoard, shot, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

const EDITOR_EMAIL = 'erin.editor@example.com';
const BOARD = 'Studio Plans';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;
let smtp: MailInbox;
let editorContext: BrowserContext | undefined;

beforeAll(async () => {
  smtp = await startInbox();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Sheetboard <no-reply@localhost>' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await editorContext?.close();
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** The join link mailed to `to` (quoted-printable soft breaks and `=3D` undone). */
async function joinLink(to: string): Promise<string> {
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(to)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return linkInLastMail(smtp, to, /http:\/\/localhost:\d+\/join-workspace\?token=[A-Za-z0-9_%-]+/)[0];
}

/** The private board's sheet through the data API, in `page`'s session. */
const sheetStatus = (page: Page) => page.evaluate(async (id) => (await fetch(`/api/board/${id}/sheet/Plans`)).status, owner.spreadsheetId);

const editorRows = (page: Page) => page.getByRole('table', { name: 'Editors' }).getByTestId('editor-row');

describe('workspace editors', () => {
  let link: string;
  let editor: Page;

  it('the owner makes a board private and invites an editor on /dashboard/account', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: BOARD,
      sheets: [{ title: 'Plans', columns: ['Room', 'Paint'], rows: [{ Room: 'Hall', Paint: 'Sage' }] }],
    });
    await call(owner.context, server, 'PUT', `/api/apps/${owner.app.id}`, { public: false });

    const { page } = owner;
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Editors' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/account');
    await page.getByRole('heading', { name: 'Workspace editors' }).waitFor();
    await page.getByText('No editors yet.').waitFor();

    const form = page.getByRole('form', { name: 'Invite editor' });
    const email = form.getByRole('textbox', { name: 'Email' });
    // Checked before sending, with the server's message.
    await email.fill('erin');
    await email.press('Enter');
    await form.getByText(EDITOR_MESSAGES.invalidEmail).waitFor();
    // The owner's own address: the server's message in a red alert.
    await email.fill(owner.email);
    await form.getByRole('button', { name: 'Invite editor' }).click();
    await form.getByRole('alert').getByText(EDITOR_MESSAGES.yourself).waitFor();

    await email.fill(EDITOR_EMAIL);
    await email.press('Enter');
    await form.getByRole('status').getByText(`Invitation sent to ${EDITOR_EMAIL}`).waitFor();
    expect(await email.inputValue()).toBe('');
    const row = editorRows(page).filter({ hasText: EDITOR_EMAIL });
    await row.getByText('Invited', { exact: true }).waitFor();
    // The button's loader fades out before the picture.
    await expect.poll(() => form.getByRole('button', { name: 'Invite editor' }).getAttribute('data-loading')).toBeNull();
    await page.waitForTimeout(300);
    await shot(page, 'workspace-editors/editors-page');

    // Invited twice: refused, still one row.
    await email.fill(EDITOR_EMAIL.toUpperCase());
    await email.press('Enter');
    await form.getByRole('alert').getByText(EDITOR_MESSAGES.duplicate).waitFor();
    expect(await editorRows(page).count()).toBe(1);
    await form.getByRole('alert').getByRole('button').click();

    link = await joinLink(EDITOR_EMAIL);
    expect(link.startsWith(`http://localhost:${server.port}/join-workspace?token=`)).toBe(true);
  });

  it('the invited person signs up from the link, comes back to it and joins', async () => {
    editorContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    editor = await editorContext.newPage();
    await editor.goto(link);
    await editor.getByRole('heading', { name: 'You were invited to edit a workspace' }).waitFor();
    await editor.getByRole('link', { name: 'Create an account' }).click();
    const signup = editor.getByRole('form', { name: 'Sign up' });
    await signup.getByLabel('Name').fill('Erin Editor');
    await signup.getByLabel('Email').fill(EDITOR_EMAIL);
    await signup.getByLabel('Password').fill('paint it sage');
    await signup.getByRole('button', { name: 'Sign up' }).click();

    await editor.waitForURL((u) => u.pathname === '/join-workspace');
    await editor.getByText("You can now edit the apps of Ada Owner's workspace").waitFor();
    await shot(editor, 'workspace-editors/join');

    // The owner's list shows the account now.
    await owner.page.reload();
    const row = editorRows(owner.page).filter({ hasText: EDITOR_EMAIL });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Erin Editor').waitFor();
  });

  it('the editor sees the shared board without Delete and opens its editor', async () => {
    await editor.getByRole('link', { name: 'Go to dashboard' }).click();
    await editor.waitForURL((u) => u.pathname === '/dashboard');
    const card = editor.getByTestId('app-card').filter({ hasText: BOARD });
    await card.getByText('Shared by Ada Owner').waitFor();
    await card.getByText('Private', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: `Delete ${BOARD}` }).count()).toBe(0);
    // Their own example board keeps its Delete button.
    const own = editor.getByTestId('app-card').filter({ hasNotText: 'Shared by' });
    expect(await own.count()).toBeGreaterThan(0);
    expect(await own.first().getByRole('button', { name: /^Delete / }).count()).toBe(1);
    await shot(editor, 'workspace-editors/shared-app');

    await card.getByRole('link', { name: `Open ${BOARD}` }).click();
    await editor.waitForURL((u) => u.pathname === `/${owner.app.subdomain}`);
    await editor.getByRole('button', { name: 'New Block' }).waitFor();
    expect(await editor.getByRole('heading', { name: 'Access Denied' }).count()).toBe(0);
  });

  it("the editor reads the private board's rows, as the owner does", async () => {
    // The editor works on the base host (`/{subdomain}`, owner.editorUrl), where the account's
    // session cookie is: the app's own host (owner.guestUrl) has no account session, so a private
    // app is 'Access Denied' there for the owner too.
    expect(owner.editorUrl).toBe(`${server.baseUrl}/${owner.app.subdomain}`);
    expect(await sheetStatus(editor)).toBe(200);
  });

  it('once the owner removes the editor, the board is Access Denied for them', async () => {
    const { page } = owner;
    await editorRows(page).filter({ hasText: EDITOR_EMAIL }).getByRole('button', { name: `Remove ${EDITOR_EMAIL}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove editor' });
    await confirm.getByText(`Remove ${EDITOR_EMAIL}? They lose access to every app of your workspace at once.`).waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('No editors yet.').waitFor();
    expect((await call<{ editors: unknown[] }>(owner.context, server, 'GET', '/api/workspace/editors')).editors).toEqual([]);

    await editor.reload();
    await editor.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await editor.getByRole('button', { name: 'New Block' }).count()).toBe(0);
    expect(await sheetStatus(editor)).toBe(404);
    await editor.goto(`${server.baseUrl}/dashboard`);
    await editor.getByTestId('app-card').first().waitFor();
    expect(await editor.getByTestId('app-card').filter({ hasText: BOARD }).count()).toBe(0);
  });

  it('a used, unknown or missing token is refused with a clear message', async () => {
    for (const url of [link, `${server.baseUrl}/join-workspace?token=nope`]) {
      await editor.goto(url);
      await editor.getByRole('alert').getByText(EDITOR_MESSAGES.invalidToken).waitFor();
      await editor.getByRole('link', { name: 'Go to dashboard' }).waitFor();
    }
    await editor.goto(`${server.baseUrl}/join-workspace`);
    await editor.getByRole('heading', { name: 'Invitation link incomplete' }).waitFor();
  });
});
