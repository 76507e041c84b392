// The blog's pages as served HTML (issue 17: "no blank page before JavaScript"): /blog,
// /blog/{slug} and /blog/preview/{slug} are index.html with the page's title, description,
// canonical link, Open Graph tags and feed link in the head, the page's content as plain HTML
// inside <div id="root"> (React replaces it when it starts), and the same data the API answers
// embedded as JSON (<script type="application/json" id="sb-blog-data">: {path, data}) so the
// app does not ask again. Everything people typed is escaped, except the post's content, which
// is the cleaned rich HTML (sanitize.ts). JSON data blocks never run: the page's CSP
// (net/headers.ts: script-src 'self') refuses inline scripts anyway.
//
// Dates are shown in the spec's format (formatDisplayDate) in UTC, said as such: the server does
// not know the reader's zone; the app shows them in the reader's own once it starts.
import type { FastifyRequest } from 'fastify';
import type { BlogPostCard, BlogPostPageResponse, BlogPostsResponse } from '../../../shared/api/blog';
import { BlogPostsQuery, BlogPreviewQuery } from '../../../shared/api/blog';
import { formatDisplayDate } from '../../../shared/filters/dates';
import type { ServerContext } from '../../platform/context';
import { absoluteUrl, baseUrlOf, withPageMeta, type PageMeta } from '../storefront/page-meta';
import { BLOG_DESCRIPTION, BLOG_TITLE } from './feeds';
import { livePostPage, listLive, previewPage } from './public-service';
import { escapeHtml } from './sanitize';
import { currentBlogAdmin } from '../../identity/blog-session';

/** The id of the embedded data (the web app reads it once, for the path it was served for). */
export const BLOG_DATA_ID = 'sb-blog-data';

export interface BlogPage {
  status: number;
  /** index.html made into this page. */
  render(indexHtml: string): string;
}

const DESCRIPTION_MAX = 300;

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[e]!);

/** An instant in the spec's date display, in UTC (the zone said after it). */
export function displayDateUtc(iso: string | null): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'N/A';
  const local = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hours: d.getUTCHours(), minutes: d.getUTCMinutes(), seconds: d.getUTCSeconds(), hasTime: true };
  return `${formatDisplayDate(local)} UTC`;
}

/** JSON that cannot end the <script> element it sits in, nor start a comment or entity there. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const postHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

function byline(card: BlogPostCard): string {
  const parts: string[] = [];
  if (card.author) parts.push(`By <a href="/blog?author=${encodeURIComponent(card.author.id)}">${escapeHtml(card.author.name)}</a>`);
  parts.push(`<time datetime="${escapeHtml(card.published_at ?? '')}">${escapeHtml(displayDateUtc(card.published_at))}</time>`);
  parts.push(`${card.reading_minutes} min read`);
  if (card.category) parts.push(`<a href="/blog?category=${encodeURIComponent(card.category.slug)}">${escapeHtml(card.category.name)}</a>`);
  return parts.join(' · ');
}

function cardHtml(card: BlogPostCard): string {
  const href = postHref(card.slug);
  return [
    '<li><article>',
    card.cover_image ? `<a href="${href}"><img src="${escapeHtml(card.cover_image)}" alt="${escapeHtml(card.title)}" /></a>` : '',
    `<h2><a href="${href}">${escapeHtml(card.title)}</a></h2>`,
    card.excerpt ? `<p>${escapeHtml(card.excerpt)}</p>` : '',
    `<p>${byline(card)}</p>`,
    '</article></li>',
  ].join('');
}

/** Puts the static page into <div id="root"> and the data right after it. */
function withBody(html: string, body: string, path: string, data: unknown): string {
  const json = `<script type="application/json" id="${BLOG_DATA_ID}">${scriptJson({ path, data })}</script>`;
  const root = /<div id="root">\s*<\/div>/i;
  if (root.test(html)) return html.replace(root, () => `<div id="root">${body}</div>${json}`);
  return html.replace(/<\/body>/i, () => `<div id="root">${body}</div>${json}</body>`);
}

function postBody(page: BlogPostPageResponse): string {
  const { post, related } = page;
  return [
    '<main><article>',
    `<p><a href="/blog">${escapeHtml(BLOG_TITLE)}</a></p>`,
    page.preview ? '<p><strong>Preview</strong>: this post is not public yet.</p>' : '',
    `<h1>${escapeHtml(post.title)}</h1>`,
    `<p>${byline(post)}</p>`,
    post.cover_image ? `<img src="${escapeHtml(post.cover_image)}" alt="${escapeHtml(post.title)}" />` : '',
    `<div>${post.content}</div>`,
    post.tags.length ? `<ul>${post.tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : '',
    post.author ? `<aside><h2>${escapeHtml(post.author.name)}</h2>${post.author.bio ? `<p>${escapeHtml(post.author.bio)}</p>` : ''}</aside>` : '',
    related.length ? `<section><h2>Related posts</h2><ul>${related.map(cardHtml).join('')}</ul></section>` : '',
    '</article></main>',
  ].join('');
}

function postMeta(ctx: ServerContext, page: BlogPostPageResponse): PageMeta {
  const { post } = page;
  const base = baseUrlOf(ctx);
  const description = oneLine(post.seo_description || post.excerpt || textOf(post.content), DESCRIPTION_MAX) || BLOG_DESCRIPTION;
  return {
    title: `${oneLine(post.seo_title || post.title, 200)} · ${BLOG_TITLE}`,
    description,
    url: post.canonical_url,
    image: post.cover_image ? absoluteUrl(base, post.cover_image) : null,
    type: 'article',
    head: [
      `<link rel="canonical" href="${escapeHtml(post.canonical_url)}" />`,
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(BLOG_TITLE)}" href="/blog/rss.xml" />`,
      ...(post.published_at ? [`<meta property="article:published_time" content="${escapeHtml(post.published_at)}" />`] : []),
      ...(page.preview ? ['<meta name="robots" content="noindex, nofollow" />'] : []),
    ],
  };
}

function listBody(list: BlogPostsResponse, query: { category?: string; author?: string; q?: string }): string {
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  const link = (page: number) => {
    const params = new URLSearchParams();
    if (query.category) params.set('category', query.category);
    if (query.author) params.set('author', query.author);
    if (query.q) params.set('q', query.q);
    if (page > 1) params.set('page', String(page));
    const qs = params.toString();
    return escapeHtml(`/blog${qs ? `?${qs}` : ''}`);
  };
  return [
    '<main>',
    `<h1>${escapeHtml(BLOG_TITLE)}</h1>`,
    `<p>${escapeHtml(BLOG_DESCRIPTION)} <a href="/blog/rss.xml">RSS feed</a></p>`,
    list.posts.length ? `<ul>${list.posts.map(cardHtml).join('')}</ul>` : '<p>No posts yet.</p>',
    pages > 1
      ? `<nav>${list.page > 1 ? `<a href="${link(list.page - 1)}">Newer posts</a> ` : ''}Page ${list.page} of ${pages}${list.page < pages ? ` <a href="${link(list.page + 1)}">Older posts</a>` : ''}</nav>`
      : '',
    '</main>',
  ].join('');
}

const notFoundPage = (): BlogPage => ({ status: 404, render: (html) => html });

/**
 * The blog page of a request on the base host, or null when the path is not one of the blog's
 * (the site's own status and tags apply then).
 */
export async function blogPageOf(ctx: ServerContext, request: FastifyRequest): Promise<BlogPage | null> {
  const [rawPath] = request.url.split('?');
  const pathname = rawPath!.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  const segs = pathname.split('/').filter(Boolean);
  if (segs[0] !== 'blog') return null;
  let slugs: string[];
  try {
    slugs = segs.slice(1).map((s) => decodeURIComponent(s));
  } catch {
    return notFoundPage();
  }
  const base = baseUrlOf(ctx);
  const feedLink = `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(BLOG_TITLE)}" href="/blog/rss.xml" />`;

  if (slugs.length === 0) {
    const parsed = BlogPostsQuery.safeParse(request.query ?? {});
    const query = parsed.success ? parsed.data : BlogPostsQuery.parse({});
    const list = await listLive(ctx, query);
    const canonical = `${base}/blog${query.page > 1 ? `?page=${query.page}` : ''}`;
    const newest = list.posts.find((p) => p.cover_image);
    const meta: PageMeta = {
      title: query.page > 1 ? `${BLOG_TITLE} · Page ${query.page}` : BLOG_TITLE,
      description: BLOG_DESCRIPTION,
      url: canonical,
      image: newest ? absoluteUrl(base, newest.cover_image) : null,
      head: [`<link rel="canonical" href="${escapeHtml(canonical)}" />`, feedLink],
    };
    return { status: 200, render: (html) => withBody(withPageMeta(html, meta), listBody(list, query), request.url, list) };
  }

  if (slugs[0] === 'preview') {
    // The list of drafts is the app's own screen for blog admins (its data needs their session).
    if (slugs.length === 1) return { status: 200, render: (html) => html.replace(/<\/head>/i, () => '<meta name="robots" content="noindex, nofollow" /></head>') };
    if (slugs.length !== 2) return notFoundPage();
    const parsed = BlogPreviewQuery.safeParse(request.query ?? {});
    const page = await previewPage(ctx, slugs[1]!, parsed.success ? parsed.data.token : undefined, await currentBlogAdmin(ctx, request));
    if (page === 'denied' || page === 'missing') return notFoundPage();
    return { status: 200, render: (html) => withBody(withPageMeta(html, postMeta(ctx, page)), postBody(page), request.url, page) };
  }

  if (slugs.length !== 1) return notFoundPage();
  const page = await livePostPage(ctx, slugs[0]!);
  if (!page) return notFoundPage();
  return { status: 200, render: (html) => withBody(withPageMeta(html, postMeta(ctx, page)), postBody(page), request.url, page) };
}
