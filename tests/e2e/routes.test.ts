// Every route of shell §2.1 does its job (issue 18): each renders a screen of its own, never
// 'Coming soon' nor the 404 screen, and the guarded ones send a visitor where §2.2 says
// (/dashboard... → /dashboard/auth, /admin... and /dashboard/users → /admin-login?redirect=…,
// /blog-admin/... → /blog-admin/login?redirect=…). Walked as a visitor, an owner, a provider admin
// and a blog admin, on a server of this file's own (a provider admin from ADMIN_EMAIL).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newOwnerEmail, signUpOwner } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'routes-admin@example.com', password: 'admin walks every route 1' };

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens `path` and waits until the screen shows `text`; then checks it is no placeholder. */
async function renders(page: Page, path: string, text: string | RegExp, pathname: string | RegExp = path.split('?')[0]!): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByText(text).first().waitFor();
  const at = new URL(page.url()).pathname;
  if (typeof pathname === 'string') expect(at, path).toBe(pathname);
  else expect(at, path).toMatch(pathname);
  expect(await page.getByText('Coming soon').count(), `${path}: Coming soon`).toBe(0);
  expect(await page.getByText('This page could not be found').count(), `${path}: 404`).toBe(0);
  expect(await page.getByText('Page not found').count(), `${path}: 404`).toBe(0);
}

/** Opens `path` and waits to be sent to `to` (a pathname), with the original path in `redirect` when asked. */
async function redirects(page: Page, path: string, to: string, withRedirect: boolean): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.waitForURL((u) => u.pathname === to);
  const url = new URL(page.url());
  if (withRedirect) expect(url.searchParams.get('redirect'), path).toBe(path);
}

const DASHBOARD_SCREENS: [path: string, text: string | RegExp][] = [
  ['/dashboard', 'Sales board'],
  ['/dashboard/account', 'E-mail address'],
  ['/dashboard/accountbilling', 'Plan and billing'],
  ['/dashboard/developerlogin', 'Create a token'],
  ['/dashboard/new-multipage', 'New multipage app'],
  ['/dashboard/new-workspace', 'New workspace'],
  ['/dashboard/redeemappsumocodes', 'Redeem lifetime codes'],
  ['/dashboard/start', 'Start from a blank board'],
];

describe('a visitor (signed out)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => context?.close());

  it.each(DASHBOARD_SCREENS.map(([p]) => [p]).concat([['/boardWorkspace']]))('%s sends to the sign-in page', async (path) => {
    await redirects(page, path, '/dashboard/auth', false);
  });

  it.each([['/admin'], ['/admin_old'], ['/dashboard/users']])('%s sends to the admin sign-in with the way back', async (path) => {
    await redirects(page, path, '/admin-login', true);
  });

  it.each(['/blog-admin', '/blog-admin/add-blog', '/blog-admin/authors', '/blog-admin/blogs', '/blog-admin/categories', '/blog-admin/media', '/blog-admin/edit-blog/x', '/blog-admin/edit/x'].map((p) => [p]))(
    '%s sends to the blog sign-in with the way back',
    async (path) => {
      await redirects(page, path, '/blog-admin/login', true);
    },
  );

  it.each([
    ['/dashboard/auth', 'Welcome back. Sign in to see your boards.'],
    ['/dashboard/signup', 'Turn your spreadsheets into live boards in minutes.'],
    ['/dashboard/signupbackup', 'Create your account'],
    ['/dashboard/forgetPassword', 'Forgot your password?'],
    ['/dashboard/emailVerify', /verif/i],
    ['/admin-login', 'Admin sign in'],
    ['/blog-admin/login', /sign in/i],
    ['/blog', /blog/i],
    ['/blog/preview', /sign in|preview/i],
    ['/marketplace', /templates/i],
    ['/templates', /templates/i],
    ['/multipage-templates', /templates/i],
    ['/payment_success', /payment/i],
    ['/payment_fail', /payment/i],
    ['/accept-invitation', /invitation/i],
  ] as [string, string | RegExp][])('%s renders its own screen', async (path, text) => {
    await renders(page, path, text, path === '/blog/preview' ? /^\/blog(-admin\/login)?(\/preview)?$/ : path);
  });
});

describe('an owner', () => {
  let context: BrowserContext;
  let page: Page;
  let subdomain = '';
  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await signUpOwner(context, server, { name: 'Route Walker', email: newOwnerEmail('routes'), password: 'walks every route 1' });
    const { apps } = await call<{ apps: { subdomain: string; kind: string }[] }>(context, server, 'GET', '/api/apps');
    subdomain = apps.find((a) => a.kind === 'board')!.subdomain;
  });
  afterAll(async () => context?.close());

  it.each(DASHBOARD_SCREENS)('%s renders its own screen', async (path, text) => {
    await renders(page, path, text);
  });

  it('/boardWorkspace lists the boards of the workspace', async () => {
    await renders(page, '/boardWorkspace', 'Sales board');
    expect(await page.getByTestId('board-card').count()).toBeGreaterThan(0);
  });

  it('/ and /{board_slug} show the board viewer', async () => {
    await renders(page, `/${subdomain}`, 'Sales board');
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('/dashboard/users is for provider admins: the owner is sent to the admin sign-in', async () => {
    await redirects(page, '/dashboard/users', '/admin-login', true);
  });
});

describe('a provider admin and a blog admin', () => {
  let admin: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    admin = await browser.newContext();
    page = await admin.newPage();
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL(/\/admin-login\?redirect=/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
  });
  afterAll(async () => admin?.close());

  it.each([
    ['/admin', 'Review queue'],
    ['/admin_old', /decisions/i],
    ['/dashboard/users', /users|owners/i],
  ] as [string, string | RegExp][])('%s renders its own screen', async (path, text) => {
    await renders(page, path, text);
  });

  it('a blog admin reaches every page of /blog-admin', async () => {
    // No SMTP here: the invitation answers its link to pass on.
    const res = await page.request.post(`${server.baseUrl}/api/admin/blog-admins`, {
      data: { name: 'Walker Editor', email: newOwnerEmail('blogwalk'), role: 'admin' },
      headers: { origin: server.baseUrl },
    });
    expect(res.status()).toBe(201);
    const { link } = (await res.json()) as { link: string | null };
    expect(link).toMatch(/\/blog-admin\/login\?invite=/);
    const blog = await (await browser.newContext()).newPage();
    await blog.goto(link!);
    await blog.getByTestId('blog-invite-password').fill('blog walks every page 1');
    await blog.getByTestId('blog-invite-confirm').fill('blog walks every page 1');
    await blog.getByTestId('blog-invite-submit').click();
    await blog.waitForURL((u) => u.pathname === '/blog-admin');
    for (const path of ['/blog-admin', '/blog-admin/blogs', '/blog-admin/add-blog', '/blog-admin/categories', '/blog-admin/authors', '/blog-admin/media', '/blog/preview']) {
      await blog.goto(`${server.baseUrl}${path}`);
      await blog.waitForLoadState('networkidle');
      expect(new URL(blog.url()).pathname, path).toBe(path);
      await expect.poll(() => blog.locator('h1, h2, h3').count(), { message: path }).toBeGreaterThan(0);
      expect(await blog.getByText('This page could not be found').count(), path).toBe(0);
      expect(await blog.getByText('Coming soon').count(), path).toBe(0);
    }
    await blog.context().close();
  });
});
