// Going live (issue 5), end to end in Chromium with a real local SMTP server: the owner makes the
// app private (a second browser sees 'Access Denied'), then public with a password (the second
// browser must sign in), invites a read user (the invitation mail is read from the SMTP server,
// its link followed, a password set: the app shows, without edit buttons) and a read-write user
// (who edits a row).
import type { Browser, Page } from 'playwright-core';
import { startDns, type TestDns } from '../../src/server/testing/dns';
import { linkInLastMail, startInbox, type MailInbox } from '../../src/server/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, choose, guestPage, ownerWithApp, shot, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;
let smtp: MailInbox;
let dns: TestDns;

beforeAll(async () => {
  smtp = await startInbox();
  dns = await startDns();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Sheetboard <no-reply@localhost>', DNS_SERVERS: dns.server });
  browser = await launchBrowser();
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await dns?.close();
});

/** The invitation link mailed to `to` (quoted-printable soft breaks undone). */
async function invitationLink(to: string): Promise<string> {
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(to)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return linkInLastMail(smtp, to, /http:\/\/[a-z0-9-]+\.localhost:\d+\/accept-invitation\?token=[A-Za-z0-9_%-]+/)[0];
}

const editorTools = (page: Page) => page.getByRole('navigation', { name: 'Editor tools' });

async function privacyDialog(page: Page) {
  await editorTools(page).getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Privacy Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Launch Your App' });
  await dialog.waitFor();
  return dialog;
}

/** Owner: adds an app user in the Users popup; the invitation goes out. */
async function addUser(page: Page, name: string, email: string, permission: 'Read' | 'Read-Write') {
  await editorTools(page).getByRole('button', { name: 'Users' }).click();
  const users = page.getByRole('dialog', { name: 'Users' });
  await users.waitFor();
  await users.getByRole('button', { name: 'Add Users' }).click();
  const form = page.getByRole('dialog', { name: 'Add User' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await choose(page, form, 'Permission', permission);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await users.getByTestId('app-user-row').filter({ hasText: email }).waitFor();
  return users;
}

/** A new browser follows the invitation link and sets a password; it lands on the app's home page. */
async function acceptInvitation(link: string): Promise<Page> {
  const page = await guestPage(browser, link);
  const form = page.getByRole('form', { name: 'Accept your invitation' });
  await form.waitFor();
  await form.getByLabel(/^Password/).fill('short');
  await form.getByLabel('Confirm password').fill('short');
  await form.getByRole('button', { name: 'Set password and continue' }).click();
  await form.getByRole('alert').getByText('Password must be at least 8 characters').waitFor();
  await form.getByLabel(/^Password/).fill('tea for two!');
  await form.getByLabel('Confirm password').fill('tea for two!');
  await form.getByRole('button', { name: 'Set password and continue' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  return page;
}

describe('going live', () => {
  let visitor: Page;

  it('the owner builds an app with a table whose Status column Admins may edit', async () => {
    owner = await ownerWithApp(browser, server, {
      app: 'Crew Tasks',
      sheets: [
        {
          title: 'Tasks',
          columns: ['Task', 'Status'],
          rows: [
            { Task: 'Paint the shed', Status: 'Open' },
            { Task: 'Order paper', Status: 'Open' },
          ],
        },
      ],
    });
    const { pages } = await call<{ pages: { page_id: string }[] }>(owner.context, server, 'GET', `/api/pages/${owner.app.id}`);
    await call(owner.context, server, 'POST', '/api/blocks', {
      pageId: pages[0]!.page_id,
      type: 'table',
      title: 'Tasks',
      full_width: true,
      sheet_title: 'Tasks',
      axis: [{ column: 'Task' }, { column: 'Status', editable: 'Admins' }],
    });
    await owner.page.reload();
    await owner.page.getByTestId('block-table').getByRole('cell', { name: 'Paint the shed' }).waitFor();
  });

  it("private: a second browser sees 'Access Denied'", async () => {
    const { page } = owner;
    const dialog = await privacyDialog(page);
    const toggle = dialog.getByRole('switch', { name: 'App privacy' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await dialog.getByText('Auto-saving privacy settings...').waitFor();
    await shotOf(dialog, 'going-live/privacy-private');
    await expect
      .poll(async () => (await call<{ app: { public: boolean } }>(owner.context, server, 'GET', `/api/apps/${owner.app.id}`)).app.public)
      .toBe(false);
    await page.keyboard.press('Escape');

    visitor = await guestPage(browser, owner.guestUrl);
    await visitor.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await visitor.getByText('This application is private and you do not have permission to access it.').waitFor();
    expect(await visitor.getByTestId('block-table').count()).toBe(0);
    // On the app's own address the owner and editors are shown where they sign in.
    const wayIn = visitor.getByTestId('owner-way-in');
    await wayIn.waitFor();
    expect(await wayIn.getAttribute('href')).toBe(`${server.baseUrl}/${owner.app.subdomain}`);
    await shot(visitor, 'going-live/access-denied');
    // There, not signed in, the way in is the sign-in page (which comes back to the app afterwards).
    await wayIn.click();
    await visitor.waitForURL(`${server.baseUrl}/${owner.app.subdomain}`);
    const signIn = visitor.getByTestId('owner-way-in');
    await expect.poll(() => signIn.textContent()).toBe('Owner or editor of this app? Sign in');
    await signIn.click();
    await visitor.waitForURL((u) => u.pathname === '/dashboard/auth');
    expect(await visitor.evaluate(() => localStorage.getItem('template_redirect_url'))).toBe(`${server.baseUrl}/${owner.app.subdomain}`);
    await visitor.goto(owner.guestUrl);
    await visitor.getByRole('heading', { name: 'Access Denied' }).waitFor();
  });

  it('public with a password: the second browser must sign in', async () => {
    const { page } = owner;
    const dialog = await privacyDialog(page);
    await dialog.getByRole('switch', { name: 'App privacy' }).check();
    await choose(page, dialog, 'Sign In Method', 'Use password set by user');
    await expect.poll(() => dialog.getByLabel('Publish URL').inputValue()).toContain(`${owner.app.subdomain}.localhost`);
    await shotOf(dialog, 'going-live/privacy-password');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    const { app } = await call<{ app: { public: boolean; sign_in_method: string } }>(owner.context, server, 'GET', `/api/apps/${owner.app.id}`);
    expect(app).toMatchObject({ public: true, sign_in_method: 'Use password set by user' });

    await visitor.reload();
    const signIn = visitor.getByRole('form', { name: 'Sign in' });
    await signIn.waitFor();
    await visitor.getByRole('heading', { name: 'Sign in to Crew Tasks' }).waitFor();
    expect(await visitor.getByTestId('block-table').count()).toBe(0);
    // The data API refuses the visitor too.
    const rows = await visitor.evaluate(async (id) => (await fetch(`/api/board/${id}/sheet/Tasks`)).status, owner.spreadsheetId);
    expect(rows).toBe(401);
    // A wrong password is refused with the server's message.
    await signIn.getByLabel('Email').fill('nobody@example.com');
    await signIn.getByLabel('Password').fill('not a member');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByRole('alert').getByText('Invalid email or password').waitFor();
    await shot(visitor, 'going-live/sign-in');
    await visitor.context().close();
  });

  it('a read user, invited by e-mail, sets a password and sees the app without edit buttons', async () => {
    const users = await addUser(owner.page, 'Ada Reader', 'ada.reader@example.com', 'Read');
    await shotOf(users, 'going-live/users');
    await owner.page.keyboard.press('Escape');

    const link = await invitationLink('ada.reader@example.com');
    expect(link.startsWith(`http://${owner.app.subdomain}.localhost:${server.port}/accept-invitation?token=`)).toBe(true);
    const reader = await acceptInvitation(link);
    try {
      const table = reader.getByTestId('block-table');
      await table.getByRole('cell', { name: 'Paint the shed' }).waitFor();
      expect(await table.getByRole('button', { name: 'Edit Status' }).count()).toBe(0);
      await shot(reader, 'going-live/read-user');
      // The link works once.
      const again = await reader.evaluate(async (url) => {
        const token = new URL(url).searchParams.get('token');
        const res = await fetch('/api/app-auth/accept-invitation', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password: 'another one!' }) });
        return res.status;
      }, link);
      expect(again).toBe(400);
    } finally {
      await reader.context().close();
    }
  });

  it('a read-write user edits a row', async () => {
    await addUser(owner.page, 'Grace Editor', 'grace.editor@example.com', 'Read-Write');
    await owner.page.keyboard.press('Escape');
    const editor = await acceptInvitation(await invitationLink('grace.editor@example.com'));
    try {
      const table = editor.getByTestId('block-table');
      const row = table.getByRole('row').filter({ hasText: 'Paint the shed' });
      await row.getByRole('button', { name: 'Edit Status' }).click();
      const dialog = editor.getByRole('dialog', { name: 'Edit Status' });
      await dialog.getByRole('textbox', { name: 'Status' }).fill('Done');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByRole('cell', { name: 'Done' }).waitFor();
    } finally {
      await editor.context().close();
    }
    const { rows } = await call<{ rows: { Task: string; Status: string }[] }>(owner.context, server, 'GET', `/api/board/${owner.spreadsheetId}/sheet/Tasks`);
    expect(rows.find((r) => r.Task === 'Paint the shed')?.Status).toBe('Done');
  });

  it('a custom host in the Publish URL serves the app in the browser; a password app opens on its sign-in address', async () => {
    const host = `www.crew-tasks.test:${server.port}`;
    await call(owner.context, server, 'PUT', `/api/apps/${owner.app.id}`, { public: true, publishUrl: `http://${host}/`, sign_in_method: 'No sign in' });
    // The domain serves the app once its TXT record proves it is the owner's.
    const { customDomain } = await call<{ customDomain: { record: { name: string; value: string } } }>(owner.context, server, 'GET', `/api/apps/${owner.app.id}/custom-domain`);
    dns.txt.set(customDomain.record.name, [customDomain.record.value]);
    expect((await call<{ customDomain: { verified: boolean } }>(owner.context, server, 'POST', `/api/apps/${owner.app.id}/custom-domain/verify`)).customDomain.verified).toBe(true);
    const guest = await guestPage(browser, `http://${host}/`);
    try {
      await guest.getByTestId('block-table').getByRole('cell', { name: 'Paint the shed' }).waitFor();
      expect(new URL(guest.url()).host).toBe(host);
      await guest.waitForLoadState('networkidle');
      await shot(guest, 'going-live/custom-host');
      // With a password and a sign-in page, the root leads to that page's address.
      const { pages } = await call<{ pages: { page_slug: string }[] }>(owner.context, server, 'GET', `/api/pages/${owner.app.id}`);
      if (!pages.some((p) => p.page_slug === 'login')) await call(owner.context, server, 'POST', '/api/pages', { appId: owner.app.id, page_name: 'Login' });
      await call(owner.context, server, 'PUT', `/api/apps/${owner.app.id}`, { sign_in_method: 'Use password set by user' });
      await guest.context().clearCookies();
      await guest.goto(`http://${host}/`);
      await guest.waitForURL((u) => u.pathname === '/login');
      expect(await guest.getByTestId('block-table').count()).toBe(0);
    } finally {
      await guest.context().close();
    }
  });
});
