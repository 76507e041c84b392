// What visitors read of the blog (issue 17): live posts only, newest first, 12 a page; a post
// with up to 3 related ones; and previews of posts not live yet, for blog admins or through the
// post's unguessable token (never the bare slug). The API, the HTML pages (page-html.ts) and the
// feed all read through here, so they show the same thing.
import crypto from 'node:crypto';
import type { ServerContext } from '../../platform/context';
import { nowIso } from '../../http';
import type { z } from 'zod';
import type { BlogPostCard, BlogPostPageResponse, BlogPostsQuery, BlogPostsResponse, BlogPostPublic } from '../../../shared/api/blog';
import { BLOG_LIMITS, isBlogEditor, readingMinutes } from '../../../shared/rules/blog';
import { baseUrlOf } from '../storefront/page-meta';
import { blogRepo, type PostView } from '../../data/blog/posts-repo';
import { isLive, mediaUrl, tagsOf } from './posts-service';
import { cleanPostHtml } from './sanitize';
import type { BlogAdminSession } from '../../identity/blog-session';

/** How many of the newest live posts are weighed for "related" (older ones are rarely the best match). */
const RELATED_POOL = 200;

export function toCard(p: PostView, now: string): BlogPostCard {
  return {
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    cover_image: p.cover_image,
    author: p.author_id && p.author_name !== null ? { id: p.author_id, name: p.author_name, avatar: mediaUrl(p.author_avatar) } : null,
    category: p.category_name !== null && p.category_slug !== null ? { name: p.category_name, slug: p.category_slug } : null,
    tags: tagsOf(p),
    published_at: isLive(p, now) || p.status === 'scheduled' ? p.publish_at : null,
    reading_minutes: readingMinutes(p.content),
  };
}

function toPublic(ctx: ServerContext, p: PostView, now: string): BlogPostPublic {
  const card = toCard(p, now);
  return {
    ...card,
    content: cleanPostHtml(p.content),
    author: card.author ? { ...card.author, bio: p.author_bio ?? '' } : null,
    seo_title: p.seo_title,
    seo_description: p.seo_description,
    canonical_url: `${baseUrlOf(ctx)}/blog/${encodeURIComponent(p.slug)}`,
    updated_at: p.updated_at,
  };
}

export async function listLive(ctx: ServerContext, query: z.output<typeof BlogPostsQuery>): Promise<z.output<typeof BlogPostsResponse>> {
  const now = nowIso();
  const filter = { category: query.category?.trim() || null, author: query.author?.trim() || null, q: query.q?.trim().toLowerCase() || null };
  const size = BLOG_LIMITS.pageSize;
  const repo = blogRepo(ctx.db);
  const [rows, total] = await Promise.all([repo.livePage(filter, now, (query.page - 1) * size, size), repo.liveCount(filter, now)]);
  return { posts: rows.map((p) => toCard(p, now)), total, page: query.page, page_size: size };
}

export async function liveAuthors(ctx: ServerContext) {
  const rows = await blogRepo(ctx.db).liveAuthors(nowIso());
  return { authors: rows.map((a) => ({ id: a.id, name: a.name, avatar: mediaUrl(a.avatar_media_id) })) };
}

/** Same category first, then the most shared tags (case-insensitive), then the newest. */
async function related(ctx: ServerContext, post: PostView, now: string): Promise<BlogPostCard[]> {
  const pool = (await blogRepo(ctx.db).liveNewest(now, RELATED_POOL)).filter((p) => p.id !== post.id);
  const tags = new Set(tagsOf(post).map((t) => t.toLowerCase()));
  const scored = pool.map((p, index) => ({
    p,
    index,
    sameCategory: post.category_id !== null && p.category_id === post.category_id ? 1 : 0,
    shared: tagsOf(p).filter((t) => tags.has(t.toLowerCase())).length,
  }));
  scored.sort((a, b) => b.sameCategory - a.sameCategory || b.shared - a.shared || a.index - b.index);
  return scored.slice(0, BLOG_LIMITS.related).map((s) => toCard(s.p, now));
}

/** The live post of a slug and its related posts; null when no live post has it. */
export async function livePostPage(ctx: ServerContext, slug: string): Promise<BlogPostPageResponse | null> {
  const now = nowIso();
  const p = slug.length <= BLOG_LIMITS.slug ? await blogRepo(ctx.db).liveBySlug(slug, now) : undefined;
  if (!p) return null;
  return { post: toPublic(ctx, p, now), related: await related(ctx, p, now), preview: false };
}

function sameToken(given: string, stored: string): boolean {
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(stored).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * A post as it will look, for a blog admin (any role) or the holder of its token; a live post is
 * shown too. 'missing' when a blog admin names no post; 'denied' for anyone else without the right
 * token, whether or not the slug exists (the answer must not tell).
 */
export async function previewPage(ctx: ServerContext, slug: string, token: string | undefined, admin: BlogAdminSession | null): Promise<BlogPostPageResponse | 'denied' | 'missing'> {
  const now = nowIso();
  const p = slug.length <= BLOG_LIMITS.slug ? await blogRepo(ctx.db).bySlug(slug) : undefined;
  // An author previews their own posts without the token, anyone else's only with it.
  const adminMay = !!admin && (isBlogEditor(admin.role) || (!!p && p.author_id === admin.id));
  if (!adminMay && !(p && token && sameToken(token, p.preview_token))) return admin && !p ? 'missing' : 'denied';
  if (!p) return 'missing';
  return { post: toPublic(ctx, p, now), related: await related(ctx, p, now), preview: true };
}

/** Every post not live yet, as cards (an author's own only). */
export async function previewList(ctx: ServerContext, who: BlogAdminSession, page: number): Promise<z.output<typeof BlogPostsResponse>> {
  const now = nowIso();
  const size = BLOG_LIMITS.pageSize;
  const authorId = who.role === 'author' ? who.id : null;
  const repo = blogRepo(ctx.db);
  const [rows, total] = await Promise.all([repo.notLivePage(now, authorId, (page - 1) * size, size), repo.notLiveCount(now, authorId)]);
  return { posts: rows.map((p) => toCard(p, now)), total, page, page_size: size };
}
