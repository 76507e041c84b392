// Published apps on their own origin (hardening II, 4d), in Chromium: a visitor who opens the base
// host's `/{subdomain}` (a stranger, and another owner signed in to the product) lands on
// `{subdomain}.localhost:{port}` with the page and the query, and sees the board there; the
// app's owner stays on the base host's address, which is their editor; the product's session
// cookie belongs to the base host alone and is never sent to the app's host.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newOwnerEmail, ownerWithApp, signUpOwner, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await ownerWithApp(browser, server, { app: 'Origin Shop', sheets: [{ title: 'Items', columns: ['Name'], rows: [{ Name: 'Tea' }] }] });
  await call(owner.context, server, 'POST', '/api/pages', { appId: owner.app.id, page_name: 'Menu' });
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

describe("the base host's address of an app", () => {
  it('sends a stranger and another signed-in owner to the app’s own host, page and query kept', async () => {
    const stranger = await browser.newContext();
    const other = await browser.newContext();
    await signUpOwner(other, server, { name: 'Other Owner', email: newOwnerEmail('other'), password: 'correct horse battery' });
    for (const context of [stranger, other]) {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/${owner.app.subdomain}/menu?q=tea`);
      await page.waitForURL(`http://${owner.app.subdomain}.localhost:${server.port}/menu?q=tea`);
      await page.getByRole('navigation').first().waitFor();
      expect(new URL(page.url()).host).toBe(`${owner.app.subdomain}.localhost:${server.port}`);
      // No editor there, and no product session on that host.
      expect(await page.getByRole('button', { name: 'New Block' }).count()).toBe(0);
      expect((await context.cookies(page.url())).map((c) => c.name)).not.toContain('sb_session');
    }
    expect((await other.cookies(server.baseUrl)).map((c) => c.name)).toContain('sb_session');
    await stranger.close();
    await other.close();
  });

  it('is the editor for the app’s owner, whose session cookie is the base host’s alone', async () => {
    await owner.page.goto(owner.editorUrl);
    await owner.page.getByRole('button', { name: 'New Block' }).waitFor();
    expect(owner.page.url()).toBe(owner.editorUrl);
    const session = (await owner.context.cookies(server.baseUrl)).find((c) => c.name === 'sb_session');
    expect(session).toBeDefined();
    // Host-only: Chromium keeps it for `localhost` (no leading dot, which a Domain attribute would give).
    expect(session!.domain).toBe('localhost');
    expect(session!.httpOnly).toBe(true);
    expect((await owner.context.cookies(owner.guestUrl)).map((c) => c.name)).not.toContain('sb_session');
  });
});
