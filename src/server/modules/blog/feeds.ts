// The blog's RSS 2.0 feed (/blog/rss.xml, also /rss and /feed on the base host: the 50 newest
// live posts), the site's sitemap.xml (the home page, the marketplace, the blog, every live post
// and every listed template) and robots.txt, which points at the sitemap. Real
// routes, not /api (site/routes.ts would treat a path with a file extension as a missing file),
// so they need no access rule: they show only what every visitor may read. Absolute URLs come
// from the base URL setting, never the request's Host header (a visitor chooses that).
import type { ServerContext } from '../../platform/context';
import { nowIso } from '../../http';
import type { FastifyReply } from 'fastify';
import type { ApiServer } from '../../routing/input';
import { customHostOf, hostSubdomain } from '../../platform/net/hosts';
import { BLOG_LIMITS } from '../../../shared/rules/blog';
import { baseUrlOf } from '../storefront/page-meta';
import { storefrontRepo } from '../../data/storefront/repo';
import { blogRepo } from '../../data/blog/posts-repo';
import { tagsOf } from './posts-service';

export const BLOG_TITLE = 'Sheetboard Blog';
export const BLOG_DESCRIPTION = 'Tutorials, template showcases and news from the Sheetboard team: apps and boards built on spreadsheets.';

/** Text safe in XML character data and attribute values; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const postUrl = (base: string, slug: string) => `${base}/blog/${encodeURIComponent(slug)}`;

export async function rssXml(ctx: ServerContext): Promise<string> {
  const base = baseUrlOf(ctx);
  const now = nowIso();
  const posts = await blogRepo(ctx.db).liveNewest(now, BLOG_LIMITS.rssItems);
  const items = posts.map((p) => {
    const link = escapeXml(postUrl(base, p.slug));
    return [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${new Date(p.publish_at!).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(p.excerpt)}</description>`,
      ...(p.category_name ? [`      <category>${escapeXml(p.category_name)}</category>`] : []),
      ...tagsOf(p).map((t) => `      <category>${escapeXml(t)}</category>`),
      ...(p.author_name ? [`      <dc:creator>${escapeXml(p.author_name)}</dc:creator>`] : []),
      '    </item>',
    ].join('\n');
  });
  const newest = posts[0]?.publish_at;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(BLOG_TITLE)}</title>`,
    `    <link>${escapeXml(`${base}/blog`)}</link>`,
    `    <description>${escapeXml(BLOG_DESCRIPTION)}</description>`,
    '    <language>en-us</language>',
    `    <atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

export async function sitemapXml(ctx: ServerContext): Promise<string> {
  const base = baseUrlOf(ctx);
  const url = (loc: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  const [posts, templates] = await Promise.all([blogRepo(ctx.db).liveSlugs(nowIso()), storefrontRepo(ctx.db).sitemap()]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(`${base}/`),
    url(`${base}/marketplace`),
    url(`${base}/templates`),
    url(`${base}/blog`),
    ...posts.map((p) => url(postUrl(base, p.slug), p.updated_at)),
    ...templates.map((t) => url(`${base}/templates/${encodeURIComponent(t.slug)}`, t.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}

/** Where the feed is also found: the paths feed readers and people try first (issue 33). */
export const FEED_ALIASES = ['/rss', '/feed'] as const;

/**
 * robots.txt: everything public may be crawled; the owners', admins' and authors' screens and
 * the previews of drafts are not pages for search results. The sitemap is the base host's.
 */
export function robotsTxt(ctx: Pick<ServerContext, 'config'>): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /blog-admin',
    'Disallow: /blog/preview',
    'Disallow: /payment_success',
    'Disallow: /payment_fail',
    '',
    `Sitemap: ${baseUrlOf(ctx)}/sitemap.xml`,
    '',
  ].join('\n');
}

export function blogFeedRoutes(app: ApiServer, ctx: ServerContext) {
  const sendFeed = async (reply: FastifyReply) =>
    reply.type('application/rss+xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(await rssXml(ctx));
  app.get('/blog/rss.xml', async (_request, reply) => sendFeed(reply));
  for (const alias of FEED_ALIASES)
    app.get(alias, async (request, reply) => {
      // On an app's host the path is one of its pages (a page may be called 'feed').
      if (hostSubdomain(ctx.config, request.host) || customHostOf(ctx.config, request.host)) return reply.callNotFound();
      return sendFeed(reply);
    });
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(ctx)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(await sitemapXml(ctx)),
  );
}
