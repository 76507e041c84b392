// Posts of the blog administration (issue 17): create, read, save with the version last read
// (a conflict is answered with the stored post, never overwritten), delete, renew the preview
// link. Authors write drafts and only their own; editors and admins everything, publish and
// schedule. Rich text is cleaned on every write (sanitize.ts) and again when served.
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { newId, nowIso, parseJson, randomToken } from '../../http';
import type { z } from 'zod';
import type { BlogAdminPostsQuery, BlogPostAdmin, BlogPostBody, BlogPostSummary } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES, blogSlug, isBlogEditor, type BlogPostStatus } from '../../../shared/rules/blog';
import { blogRepo, isUniqueViolation, type PostView } from '../../data/blog/posts-repo';
import { BLOG_MEDIA_URL, cleanPostHtml } from './sanitize';
import type { BlogAdminSession } from '../../identity/blog-session';

type PostInput = z.output<typeof BlogPostBody>;

/** Paths under /blog that are pages of the blog, not posts: no post may take them as its slug. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['preview', 'rss', 'feed', 'page', 'category', 'author', 'tag', 'search']);

export const COVER_IMAGE_MESSAGE = 'The cover image must be a picture from the media library.';
export const INVALID_TIME_MESSAGE = 'This date and time could not be read. Please pick it again.';

export class PostConflict extends Error {
  constructor(readonly post: BlogPostAdmin) {
    super(BLOG_MESSAGES.conflict);
  }
}

export const mediaUrl = (id: string | null | undefined): string | null => (id ? `/api/blog/media/${id}` : null);

/** True when visitors may read the post at `now`. */
export function isLive(p: Pick<PostView, 'status' | 'publish_at'>, now: string): boolean {
  return p.status !== 'draft' && !!p.publish_at && p.publish_at <= now;
}

export function tagsOf(p: Pick<PostView, 'tags'>): string[] {
  const t = parseJson<unknown>(p.tags, []);
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}

export function toSummary(p: PostView, now: string): BlogPostSummary {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    cover_image: p.cover_image,
    category_id: p.category_id,
    category_name: p.category_name,
    tags: tagsOf(p),
    author: p.author_id && p.author_name !== null ? { id: p.author_id, name: p.author_name, avatar: mediaUrl(p.author_avatar) } : null,
    status: p.status as BlogPostStatus,
    live: isLive(p, now),
    publish_at: p.publish_at,
    seo_title: p.seo_title,
    seo_description: p.seo_description,
    version: p.version,
    preview_url: `/blog/preview/${encodeURIComponent(p.slug)}?token=${p.preview_token}`,
    created_at: p.created_at,
    updated_at: p.updated_at,
    updated_by: p.updated_by_name,
  };
}

export function toAdmin(p: PostView, now: string): BlogPostAdmin {
  return { ...toSummary(p, now), content: cleanPostHtml(p.content) };
}

/** Trimmed, empties dropped, the first spelling of case-insensitive duplicates kept. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const t = raw.replace(/\s+/g, ' ').trim();
    const key = t.toLowerCase();
    if (!t || seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}

/** An ISO instant from what the browser sent; null when it cannot be read. */
function instant(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function mayRead(who: BlogAdminSession, p: PostView): boolean {
  return isBlogEditor(who.role) || p.author_id === who.id;
}

async function findForRead(ctx: ServerContext, who: BlogAdminSession, id: string): Promise<PostView> {
  const p = await blogRepo(ctx.db).byId(id);
  // Someone else's post is answered as one that does not exist: an author learns nothing of it.
  if (!p || !mayRead(who, p)) throw notFound(BLOG_MESSAGES.postNotFound);
  return p;
}

/** An author may change only their own drafts; an editor anything. */
async function findForWrite(ctx: ServerContext, who: BlogAdminSession, id: string): Promise<PostView> {
  const p = await blogRepo(ctx.db).byId(id);
  if (!p) throw notFound(BLOG_MESSAGES.postNotFound);
  if (isBlogEditor(who.role)) return p;
  if (p.author_id !== who.id) throw forbidden(BLOG_MESSAGES.notYourPost);
  if (p.status !== 'draft') throw forbidden(BLOG_MESSAGES.authorPublished);
  return p;
}

/**
 * The slug of a save: typed ones must be free (409), ones from the title get -2, -3, … The pages
 * of the blog (/blog/preview…) count as taken.
 */
async function slugFor(ctx: ServerContext, input: PostInput, title: string, exceptId: string | null): Promise<string> {
  const typed = input.slug.trim() !== '';
  const base = blogSlug(typed ? input.slug : title);
  if (!base) throw badRequest(BLOG_MESSAGES.slugEmpty);
  const taken = await blogRepo(ctx.db).slugsLike(base, exceptId);
  if (typed) {
    if (taken.has(base) || RESERVED_SLUGS.has(base)) throw conflict(BLOG_MESSAGES.slugTaken);
    return base;
  }
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, BLOG_LIMITS.slug - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate) && !RESERVED_SLUGS.has(candidate)) return candidate;
  }
}

interface Checked {
  title: string;
  excerpt: string;
  content: string;
  cover_image: string;
  category_id: string | null;
  tags: string;
  status: BlogPostStatus;
  publish_at: string | null;
  seo_title: string;
  seo_description: string;
}

/** Everything of a save but the slug, checked and cleaned; `stored` is the post before it (updates). */
async function checked(ctx: ServerContext, who: BlogAdminSession, input: PostInput, stored: PostView | null, now: string): Promise<Checked> {
  if (!isBlogEditor(who.role) && input.status !== 'draft') throw forbidden(BLOG_MESSAGES.authorCannotPublish);
  const title = input.title.trim();
  if (!title) throw badRequest(BLOG_MESSAGES.titleRequired);
  const cover = input.cover_image.trim();
  if (cover && !BLOG_MEDIA_URL.test(cover)) throw badRequest(COVER_IMAGE_MESSAGE);
  if (input.category_id && !(await blogRepo(ctx.db).category(input.category_id))) throw badRequest(BLOG_MESSAGES.categoryNotFound);

  let status: BlogPostStatus = input.status;
  let publishAt: string | null = null;
  const typedTime = input.publish_at?.trim() ? instant(input.publish_at) : null;
  if (input.publish_at?.trim() && !typedTime) throw badRequest(INVALID_TIME_MESSAGE);
  if (status === 'scheduled') {
    if (!typedTime) throw badRequest(BLOG_MESSAGES.scheduleMissing);
    // Saving a scheduled post again after its time came (a typo fixed) keeps its time.
    const unchanged = stored?.status === 'scheduled' && stored.publish_at === typedTime;
    if (typedTime <= now && !unchanged) throw badRequest(BLOG_MESSAGES.scheduleInPast);
    publishAt = typedTime;
  } else if (status === 'published') {
    publishAt = typedTime ?? (stored && stored.status !== 'draft' && stored.publish_at ? stored.publish_at : now);
    // "Published" at a future time is what scheduling means.
    if (publishAt > now) status = 'scheduled';
  }
  // A draft keeps no time: nothing of it is public, whatever it was before.

  const content = cleanPostHtml(input.content);
  if (Buffer.byteLength(content) > BLOG_LIMITS.contentBytes) throw badRequest('This post is too long to save. Please split it into several posts.');
  return {
    title,
    excerpt: input.excerpt.trim(),
    content,
    cover_image: cover,
    category_id: input.category_id || null,
    tags: JSON.stringify(cleanTags(input.tags)),
    status,
    publish_at: publishAt,
    seo_title: input.seo_title.trim(),
    seo_description: input.seo_description.trim(),
  };
}

export async function listPosts(ctx: ServerContext, who: BlogAdminSession, query: z.output<typeof BlogAdminPostsQuery>) {
  const now = nowIso();
  const filter = {
    status: query.status,
    category: query.category || null,
    author: isBlogEditor(who.role) ? query.author || null : who.id,
    q: query.q?.trim().toLowerCase() || null,
  };
  const size = BLOG_LIMITS.adminPageSize;
  const repo = blogRepo(ctx.db);
  const [rows, total] = await Promise.all([repo.adminPage(filter, now, (query.page - 1) * size, size), repo.adminCount(filter, now)]);
  return { posts: rows.map((p) => toSummary(p, now)), total, page: query.page, page_size: size };
}

export async function getPost(ctx: ServerContext, who: BlogAdminSession, id: string): Promise<BlogPostAdmin> {
  return toAdmin(await findForRead(ctx, who, id), nowIso());
}

export async function createPost(ctx: ServerContext, who: BlogAdminSession, input: PostInput): Promise<BlogPostAdmin> {
  const now = nowIso();
  const values = await checked(ctx, who, input, null, now);
  const slug = await slugFor(ctx, input, values.title, null);
  const id = newId();
  try {
    await blogRepo(ctx.db).insert({ id, slug, ...values, author_id: who.id, preview_token: randomToken(), version: 1, updated_by: who.id, created_at: now, updated_at: now });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(BLOG_MESSAGES.slugTaken);
    throw e;
  }
  return toAdmin((await blogRepo(ctx.db).byId(id))!, now);
}

export async function updatePost(ctx: ServerContext, who: BlogAdminSession, id: string, input: PostInput & { version: number }): Promise<BlogPostAdmin> {
  const stored = await findForWrite(ctx, who, id);
  const now = nowIso();
  const values = await checked(ctx, who, input, stored, now);
  const slug = await slugFor(ctx, input, values.title, id);
  let saved: boolean;
  try {
    saved = await blogRepo(ctx.db).update(id, input.version, { slug, ...values, author_id: stored.author_id, updated_by: who.id, updated_at: now });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(BLOG_MESSAGES.slugTaken);
    throw e;
  }
  const after = await blogRepo(ctx.db).byId(id);
  if (!after) throw notFound(BLOG_MESSAGES.postNotFound);
  if (!saved) throw new PostConflict(toAdmin(after, now));
  return toAdmin(after, now);
}

export async function deletePost(ctx: ServerContext, who: BlogAdminSession, id: string): Promise<void> {
  await findForWrite(ctx, who, id);
  await blogRepo(ctx.db).remove(id);
}

export async function renewPreviewToken(ctx: ServerContext, who: BlogAdminSession, id: string): Promise<BlogPostAdmin> {
  await findForRead(ctx, who, id);
  await blogRepo(ctx.db).setPreviewToken(id, randomToken(), nowIso());
  return toAdmin((await blogRepo(ctx.db).byId(id))!, nowIso());
}
