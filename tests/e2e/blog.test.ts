// The blog (issue 17), end to end in Chromium with a real local SMTP server: the provider admin
// invites the first blog admin from the admin area; the blog admin joins by the mailed link, adds
// a category and invites an author; the author joins, uploads a picture to the media library,
// writes a draft with it (autosaved), and is sent back to /blog-admin from the categories page;
// the admin previews the draft and publishes it; a visitor reads it at /blog/{slug} (its content
// already in the HTML), and the RSS feed lists it. Then the XSS corpus goes through every field
// that reaches a page, and a visitor loading those pages runs none of it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInLastMail, startInbox, type MailInbox } from '../../src/server/testing/smtp';
import { call, choose, png, shot } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

const PROVIDER = { email: 'blog-provider@sheetboard.test', password: 'Provider-desk-2026!' };
const ADMIN = { name: 'Ada Admin', email: 'ada.blog@example.com', password: 'Ada writes 2026 posts' };
const AUTHOR = { name: 'Otto Author', email: 'otto.blog@example.com', password: 'Otto drafts daily 2026' };
const TITLE = 'Five charts every shop owner needs';

let server: RunningServer;
let browser: Browser;
let inbox: MailInbox;
let provider: BrowserContext;
let admin: BrowserContext;
let author: BrowserContext;
let visitor: BrowserContext;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startServer({ SMTP_URL: inbox.url, ADMIN_EMAIL: PROVIDER.email, ADMIN_PASSWORD: PROVIDER.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of [provider, admin, author, visitor]) await c?.close();
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

/** The invitation link mailed to `to` (quoted-printable undone by linkInLastMail). */
async function invitationLink(to: string): Promise<string> {
  await expect.poll(() => inbox.messages.filter((m) => m.to.includes(to)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return linkInLastMail(inbox, to, /http:\/\/localhost:\d+\/blog-admin\/login\?invite=[A-Za-z0-9_%-]+/)[0];
}

/** Opens the invitation, sets the password and lands on /blog-admin. */
async function join(context: BrowserContext, link: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await page.getByTestId('blog-invite-who').waitFor();
  await page.getByTestId('blog-invite-password').fill(password);
  await page.getByTestId('blog-invite-confirm').fill(password);
  await page.getByTestId('blog-invite-submit').click();
  await page.waitForURL(/\/blog-admin$/);
  return page;
}

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

describe('the blog: invite, write, preview, publish, read', () => {
  let adminPage: Page;
  let authorPage: Page;
  let postId = '';
  let slug = '';

  it('the provider admin invites the first blog admin, who joins by the mailed link', async () => {
    provider = await browser.newContext();
    const page = await provider.newPage();
    await page.goto(`${server.baseUrl}/admin/blog-team`);
    await page.waitForURL(/\/admin-login\?redirect=/);
    await page.getByLabel('Email').fill(PROVIDER.email);
    await page.getByLabel('Password').fill(PROVIDER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/blog-team$/);
    const form = page.getByRole('form', { name: 'Invite to the blog team' });
    await form.getByLabel('Name').fill(ADMIN.name);
    await form.getByLabel('E-mail').fill(ADMIN.email);
    await choose(page, form, 'Role', 'Administrator');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => page.getByText(`Invitation sent to ${ADMIN.email}`).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('blog-team-row').filter({ hasText: ADMIN.email }).innerText()).toMatch(/Not accepted yet/i);

    admin = await browser.newContext();
    adminPage = await join(admin, await invitationLink(ADMIN.email), ADMIN.password);
    await expect.poll(() => adminPage.getByTestId('blog-admin-role').innerText()).toMatch(/Administrator/i);
    // The browser keeps the blog admin user as shell §3 says: role and loginTime.
    const stored = await adminPage.evaluate(() => JSON.parse(localStorage.getItem('blog_admin_user') ?? 'null') as { role: string; loginTime: string } | null);
    expect(stored?.role).toBe('admin');
    expect(Date.now() - new Date(stored!.loginTime).getTime()).toBeLessThan(5 * 60_000);
  });

  it('the admin adds a category and invites an author', async () => {
    await adminPage.getByTestId('blog-nav-categories').click();
    await adminPage.waitForURL(/\/blog-admin\/categories$/);
    await adminPage.getByTestId('blog-category-add').click();
    await adminPage.getByTestId('blog-category-name').fill('Shop Tutorials!');
    await expect.poll(() => adminPage.getByTestId('blog-category-slug').getAttribute('placeholder')).toBe('shop-tutorials');
    await adminPage.getByTestId('blog-category-save').click();
    await expect.poll(() => adminPage.getByTestId('blog-category-row').filter({ hasText: 'Shop Tutorials!' }).count()).toBe(1);

    await adminPage.getByTestId('blog-nav-authors').click();
    await adminPage.getByTestId('blog-author-invite').click();
    await adminPage.getByTestId('blog-invite-name').fill(AUTHOR.name);
    await adminPage.getByTestId('blog-invite-email').fill(AUTHOR.email);
    await choose(adminPage, adminPage.getByRole('dialog'), 'Role', 'Author');
    await adminPage.getByTestId('blog-invite-send').click();
    await expect.poll(() => adminPage.getByTestId('blog-author-row').filter({ hasText: AUTHOR.email }).count()).toBe(1);
  });

  it('the author joins, uploads a picture, writes a draft with it, and cannot open categories', async () => {
    author = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    authorPage = await join(author, await invitationLink(AUTHOR.email), AUTHOR.password);
    // Authors see only their own pages in the navigation.
    expect(await authorPage.getByTestId('blog-nav-categories').count()).toBe(0);

    // Shell §2.2: any other page sends an author to /blog-admin.
    await authorPage.goto(`${server.baseUrl}/blog-admin/categories`);
    await authorPage.waitForURL(/\/blog-admin$/);

    await authorPage.getByTestId('blog-overview-new').click();
    await authorPage.waitForURL(/\/blog-admin\/add-blog$/);
    await authorPage.getByTestId('blog-editor-title').fill(TITLE);
    const content = authorPage.getByRole('textbox', { name: 'Content' });
    await content.click();
    await content.pressSequentially('Start with a sales chart by month. ');

    // An image from the media library, uploaded through the picker.
    await authorPage.getByRole('button', { name: 'Insert image' }).click();
    await authorPage.getByRole('dialog').waitFor();
    await authorPage.getByTestId('blog-media-input').first().setInputFiles({ name: 'sales-chart.png', mimeType: 'image/png', buffer: png(320, 200, [40, 120, 220], [250, 200, 60]) });
    const item = authorPage.getByTestId('blog-media-pick-item').filter({ hasText: 'sales-chart' });
    await item.first().waitFor({ timeout: 20_000 });
    await item.first().getByRole('button', { name: /^Use sales-chart/ }).click();
    await expect.poll(() => content.locator('img[src^="/api/blog/media/"]').count()).toBe(1);

    // Autosave: the first save creates the post and moves to add-blog/{id}; the state says saved.
    await authorPage.waitForURL(/\/blog-admin\/add-blog\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    postId = decodeURIComponent(authorPage.url().split('/').pop()!);
    await expect.poll(() => authorPage.getByTestId('blog-save-state').getAttribute('data-state'), { timeout: 20_000 }).toBe('clean');
    await expect.poll(() => authorPage.getByTestId('blog-save-state').innerText()).toMatch(/Saved/);
    expect(await authorPage.getByTestId('blog-editor-author-note').innerText()).toMatch(/editor publishes/i);
    await settled(authorPage);
    await shot(authorPage, 'blog-editor');

    // The draft is stored with the image, and is not public.
    const post = await call<{ post: { content: string; status: string; slug: string } }>(author, server, 'GET', `/api/blog-admin/posts/${encodeURIComponent(postId)}`);
    expect(post.post.status).toBe('draft');
    expect(post.post.content).toMatch(/<img src="\/api\/blog\/media\/[A-Za-z0-9_-]+"/);
    slug = post.post.slug;
    expect(slug).toBe('five-charts-every-shop-owner-needs');
    const hidden = await visitorRequest(`/api/blog/posts/${slug}`);
    expect(hidden.status()).toBe(404);
  });

  it('the media library shows the upload (admin), with its size', async () => {
    await adminPage.getByTestId('blog-nav-media').click();
    await adminPage.waitForURL(/\/blog-admin\/media$/);
    const item = adminPage.getByTestId('blog-media-item').filter({ hasText: 'sales-chart' });
    await item.first().waitFor();
    expect(await item.first().innerText()).toMatch(/320\s*×\s*200/);
    await settled(adminPage);
    await shot(adminPage, 'blog-media');
  });

  it('the admin previews the draft, then publishes it', async () => {
    await adminPage.getByTestId('blog-nav-blogs').click();
    const row = adminPage.getByTestId('blog-post-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Draft/i);
    expect(await row.innerText()).toContain(AUTHOR.name);
    await row.getByRole('link', { name: `Edit ${TITLE}` }).click();
    await adminPage.waitForURL(new RegExp(`/blog-admin/edit-blog/${postId}$`));

    // Preview through the unguessable link, in a visitor's browser (no blog session).
    const previewHref = await adminPage.getByTestId('blog-editor-preview').getAttribute('href');
    expect(previewHref).toMatch(/\/blog\/preview\/five-charts-every-shop-owner-needs\?token=[A-Za-z0-9_-]{20,}/);
    visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const preview = await visitor.newPage();
    await preview.goto(new URL(previewHref!, server.baseUrl).href);
    await preview.getByTestId('blog-preview-banner').waitFor();
    expect(await preview.getByTestId('blog-post-title').innerText()).toBe(TITLE);
    // The bare slug is not a preview.
    await preview.goto(`${server.baseUrl}/blog/preview/${slug}`);
    await expect.poll(() => preview.getByText('This preview link is not valid. Ask the blog team for a new one.').isVisible()).toBe(true);
    await preview.close();

    // A cover from the media library.
    await adminPage.getByTestId('blog-editor-cover-choose').click();
    const covers = adminPage.getByRole('dialog', { name: 'Choose a cover image' });
    await covers.getByRole('button', { name: /^Use sales-chart/ }).first().click();
    await adminPage.getByTestId('blog-editor-cover').waitFor();
    await adminPage.getByTestId('blog-editor-category').click();
    await adminPage.getByRole('option', { name: 'Shop Tutorials!' }).click();
    await adminPage.getByTestId('blog-editor-excerpt').fill('The charts that answer the questions a shop owner asks every Monday.');
    await adminPage.getByTestId('blog-editor-status').getByText('Publish now').click();
    await adminPage.getByTestId('blog-editor-save').click();
    await expect.poll(() => adminPage.getByTestId('blog-editor-stored-status').innerText(), { timeout: 15_000 }).toMatch(/Published/i);
  });

  it('a visitor reads it at /blog/{slug}; the page has its content in the HTML; the RSS feed lists it', async () => {
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/blog`);
    const card = page.getByTestId('blog-post-card').filter({ hasText: TITLE });
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shot(page, 'blog-list');
    await card.click();
    await page.waitForURL(new RegExp(`/blog/${slug}$`));
    expect(await page.getByTestId('blog-post-title').innerText()).toBe(TITLE);
    expect(await page.getByTestId('blog-author-card').innerText()).toContain(AUTHOR.name);
    expect(await page.getByTestId('blog-post-category').innerText()).toContain('Shop Tutorials!');
    expect(await page.getByRole('img', { name: TITLE }).getAttribute('src')).toMatch(/^\/api\/blog\/media\//);
    await expect.poll(() => page.getByTestId('blog-post-content').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shot(page, 'blog-post');

    // Crawlers and link previews: the HTML itself has the post and its tags.
    const html = await (await visitorRequest(`/blog/${slug}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${TITLE}`);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/blog\/five-charts-every-shop-owner-needs"/);
    expect(html.slice(html.indexOf('<div id="root">'))).toContain('Start with a sales chart by month.');

    const rss = await visitorRequest('/blog/rss.xml');
    expect(rss.headers()['content-type']).toMatch(/application\/rss\+xml/);
    const feed = await rss.text();
    expect(feed).toContain(`<title>${TITLE}</title>`);
    expect(feed).toMatch(/<link>http:\/\/[^<]+\/blog\/five-charts-every-shop-owner-needs<\/link>/);
    const sitemap = await (await visitorRequest('/sitemap.xml')).text();
    expect(sitemap).toContain('/blog/five-charts-every-shop-owner-needs</loc>');
  });

  it('the list and a post at 390 px: no horizontal scroll', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await phone.newPage();
      for (const path of ['/blog', `/blog/${slug}`]) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByTestId(path === '/blog' ? 'blog-post-card' : 'blog-post-title').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
    } finally {
      await phone.close();
    }
  });
});

/** A request with no session (the visitor's context's API client, which shares no cookies with the admin). */
function visitorRequest(path: string) {
  return (visitor ?? author).request.get(`${server.baseUrl}${path}`, { headers: { Accept: '*/*' } });
}

describe('XSS corpus through every field that reaches a page: nothing runs', () => {
  // Each line would run script if any field were put into the page as HTML.
  const CORPUS = [
    '<script>window.__xss=(window.__xss||0)+1</script>',
    '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
    '"><svg onload="window.__xss=(window.__xss||0)+1">',
    "'><iframe srcdoc=\"<script>parent.__xss=(parent.__xss||0)+1</script>\"></iframe>",
    '<a href="javascript:window.__xss=(window.__xss||0)+1">click</a>',
    '</script><script>window.__xss=(window.__xss||0)+1</script>',
    '<details open ontoggle="window.__xss=(window.__xss||0)+1">x</details>',
    '{{constructor.constructor("window.__xss=1")()}}',
  ];

  it('a post, its category and its author, all made of the corpus: 0 executions on /blog, the post, the preview and the feed', async () => {
    const evil = CORPUS.join(' ');
    const category = await call<{ category: { id: string; slug: string } }>(admin, server, 'POST', '/api/blog-admin/categories', { name: CORPUS[1]!.slice(0, 90), slug: 'evil-corpus' });
    const me = await call<{ user: { id: string } }>(admin, server, 'GET', '/api/blog-admin/session');
    const patch = await admin.request.fetch(`${server.baseUrl}/api/blog-admin/authors/${me.user.id}`, { method: 'PATCH', data: { name: CORPUS[2], bio: evil } });
    expect(patch.status(), await patch.text()).toBe(200);
    const created = await call<{ post: { slug: string; preview_url: string } }>(admin, server, 'POST', '/api/blog-admin/posts', {
      title: `Corpus ${CORPUS[0]}`,
      slug: 'corpus-post',
      excerpt: evil,
      content: `<p>${CORPUS.join('</p><p>')}</p>`,
      category_id: category.category.id,
      tags: CORPUS.map((c) => c.slice(0, 50)),
      status: 'published',
      seo_title: CORPUS[3],
      seo_description: evil.slice(0, 500),
    });
    expect(created.post.slug).toBe('corpus-post');

    const page = await visitor.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    for (const path of ['/blog', '/blog/corpus-post', `/blog?category=${category.category.slug}`, `/blog?author=${me.user.id}`, created.post.preview_url, '/blog/rss.xml']) {
      await page.goto(new URL(path, server.baseUrl).href);
      await page.waitForLoadState('networkidle');
      if (path === '/blog/corpus-post') {
        await page.getByTestId('blog-post-title').waitFor();
        // The words are there as text.
        expect(await page.getByTestId('blog-post-title').innerText()).toContain('<script>');
      }
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), path).toBe(0);
    }
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
