// The blog (issue 17): the public blog (/api/blog/...), its administration (/api/blog-admin/...,
// cookie `sb_blog`, 24 hours) and the provider admin area's first blog admin (/api/admin/blog-admins).
// Rules and words: src/shared/rules/blog.ts. Every rich text field is cleaned on the server.
import { z } from 'zod';
import { BLOG_LIMITS, BLOG_POST_STATUSES, BLOG_ROLES } from '../rules/blog';

export const BlogRoleSchema = z.enum(BLOG_ROLES);
export const BlogPostStatusSchema = z.enum(BLOG_POST_STATUSES);

/** A blog admin account as the admin screens show it. */
export const BlogAdminAccount = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: BlogRoleSchema,
  /** URL of the avatar image (/api/blog/media/{id}), or null. */
  avatar: z.string().nullable(),
  bio: z.string(),
});
export type BlogAdminAccount = z.infer<typeof BlogAdminAccount>;

// ---- Sign-in and session -------------------------------------------------------------------

/** POST /api/blog-admin/login (public, rate-limited like owners' sign-in) → BlogSessionResponse; sets `sb_blog`. */
export const BlogLoginBody = z.object({ email: z.string().max(320), password: z.string().max(200) });
/**
 * GET /api/blog-admin/session → BlogSessionResponse (401 BLOG_MESSAGES.signIn without one).
 * POST /api/blog-admin/logout → 204 (public).
 * The browser stores { role, loginTime } (shell §3) from `user.role` and `login_time`.
 */
export const BlogSessionResponse = z.object({
  user: BlogAdminAccount,
  /** ISO instant of the sign-in (the stored loginTime). */
  login_time: z.string(),
  /** ISO instant the server drops the session: login_time + 24 hours. */
  expires_at: z.string(),
});
export type BlogSessionResponse = z.infer<typeof BlogSessionResponse>;

// ---- Accounts (authors page) ---------------------------------------------------------------

/** One account of the authors page. */
export const BlogAuthorAdmin = BlogAdminAccount.extend({
  /** False until the invitation is accepted. */
  active: z.boolean(),
  post_count: z.number(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type BlogAuthorAdmin = z.infer<typeof BlogAuthorAdmin>;

/** GET /api/blog-admin/authors (editor) → every account, newest first. */
export const BlogAuthorsResponse = z.object({ authors: z.array(BlogAuthorAdmin) });

/**
 * POST /api/blog-admin/authors {name, email, role} (editor; only an admin may invite an admin) →
 * the account (inactive) and whether the mail went out; `link` is the invitation link when mail is
 * not configured (SMTP_URL unset), to pass on by hand. 409 BLOG_MESSAGES.emailTaken.
 * POST /api/blog-admin/authors/:id/resend (editor) → the same shape, a fresh link (older ones stop working).
 */
export const BlogInviteBody = z.object({
  name: z.string().max(BLOG_LIMITS.authorName),
  email: z.string().max(320),
  role: BlogRoleSchema,
});
export const BlogInviteResponse = z.object({ author: BlogAuthorAdmin, sent: z.boolean(), link: z.string().nullable() });

/**
 * GET /api/blog-admin/authors/:id (editor) → { author } (the edit/{id} page).
 * PATCH /api/blog-admin/authors/:id (editor; a role change to or from admin needs an admin) →
 * { author }. DELETE /api/blog-admin/authors/:id (editor; admins only by an admin; never oneself,
 * never the last admin) → 204; the account's posts move to the one who removed it.
 */
export const BlogAuthorPatch = z.object({
  name: z.string().max(BLOG_LIMITS.authorName).optional(),
  role: BlogRoleSchema.optional(),
  bio: z.string().max(BLOG_LIMITS.bio).optional(),
  /** A media library image id, or null to remove the avatar. */
  avatar_media_id: z.string().max(32).nullable().optional(),
});
export const BlogAuthorResponse = z.object({ author: BlogAuthorAdmin });

/**
 * GET /api/blog-admin/invitations/:token (public) → who is invited; 404 BLOG_MESSAGES.invitationInvalid.
 * POST /api/blog-admin/invitations/accept {token, password} (public, rate-limited) → BlogSessionResponse,
 * sets `sb_blog` (the password follows the owners' rules: 8+ characters, not a common one).
 */
export const BlogInvitationResponse = z.object({ name: z.string(), email: z.string(), role: BlogRoleSchema });
export const BlogAcceptBody = z.object({ token: z.string().max(200), password: z.string().max(200) });

/**
 * The provider admin area's way to the first blog admin (and any later one):
 * GET /api/admin/blog-admins ('admin' rule) → BlogAuthorsResponse;
 * POST /api/admin/blog-admins {name, email, role} ('admin' rule) → BlogInviteResponse.
 */

// ---- Categories ----------------------------------------------------------------------------

export const BlogCategory = z.object({ id: z.string(), name: z.string(), slug: z.string(), post_count: z.number() });
export type BlogCategory = z.infer<typeof BlogCategory>;
/**
 * GET /api/blog/categories (public) → the categories, by name, with their published posts' count.
 * GET /api/blog-admin/categories (any blog admin: the editor's select) → the same, counting every post.
 * POST /api/blog-admin/categories {name, slug?} (editor) → { category }; the slug from the name by
 * the spec's rule when not given; 409 BLOG_MESSAGES.categorySlugTaken.
 * PATCH /api/blog-admin/categories/:id {name?, slug?} (editor) → { category }.
 * DELETE /api/blog-admin/categories/:id (editor) → 204; its posts become uncategorised.
 */
export const BlogCategoriesResponse = z.object({ categories: z.array(BlogCategory) });
export const BlogCategoryBody = z.object({ name: z.string().max(BLOG_LIMITS.categoryName), slug: z.string().max(BLOG_LIMITS.slug).optional() });
export const BlogCategoryPatch = BlogCategoryBody.partial();
export const BlogCategoryResponse = z.object({ category: BlogCategory });

// ---- Media library -------------------------------------------------------------------------

export const BlogMedia = z.object({
  id: z.string(),
  name: z.string(),
  /** Where it is served (public, cached for a year): /api/blog/media/{id}. */
  url: z.string(),
  type: z.string(),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  uploaded_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type BlogMedia = z.infer<typeof BlogMedia>;
/**
 * POST /api/blog-admin/media (any blog admin; multipart, one field `file`, optional `alt`) →
 * { media }: JPEG, PNG, WebP or GIF up to 10 MB, decoded and re-encoded on the server (metadata
 * dropped, longest side at most 2400 px); SVG and anything else 415 BLOG_MESSAGES.imageType.
 * GET /api/blog-admin/media?q=&page= (any blog admin) → newest first, searched by name and alt.
 * DELETE /api/blog-admin/media/:id (editor, or the uploader) → 204.
 * GET /api/blog/media/:id (public) → the image bytes.
 */
/**
 * POST /api/blog-admin/media's multipart form, as the REST API reference shows it; the server reads
 * the text fields (all but `file`) with it as they stream in.
 */
export const BlogMediaForm = z.object({
  alt: z.string().max(BLOG_LIMITS.alt).optional().meta({ description: "The image's alt text." }),
  file: z.string().meta({ format: 'binary', description: 'The image: JPEG, PNG, WebP or GIF, up to 10 MB (form field `file`).' }),
});
export const BlogMediaQuery = z.object({ q: z.string().max(200).optional(), page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const BlogMediaListResponse = z.object({ media: z.array(BlogMedia), total: z.number(), page: z.number(), page_size: z.number() });
export const BlogMediaResponse = z.object({ media: BlogMedia });

// ---- Posts (administration) ----------------------------------------------------------------

export const BlogPersonRef = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });

/** A post as the admin screens edit it. */
export const BlogPostAdmin = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Cleaned rich HTML. */
  content: z.string(),
  cover_image: z.string(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  tags: z.array(z.string()),
  author: BlogPersonRef.nullable(),
  /** As stored; a scheduled post whose time has passed is public (and listed as published). */
  status: BlogPostStatusSchema,
  /** True when visitors can read it now. */
  live: z.boolean(),
  publish_at: z.string().nullable(),
  seo_title: z.string(),
  seo_description: z.string(),
  version: z.number(),
  /** /blog/preview/{slug}?token=… (works for anyone holding it, until the token is renewed). */
  preview_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type BlogPostAdmin = z.infer<typeof BlogPostAdmin>;

/**
 * GET /api/blog-admin/posts?status=&category=&author=&q=&page= (any blog admin; an author gets
 * only their own) → the posts, last updated first, without their content.
 */
export const BlogAdminPostsQuery = z.object({
  status: z.enum([...BLOG_POST_STATUSES, 'all']).default('all'),
  category: z.string().max(32).optional(),
  author: z.string().max(32).optional(),
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const BlogPostSummary = BlogPostAdmin.omit({ content: true });
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;
export const BlogAdminPostsResponse = z.object({ posts: z.array(BlogPostSummary), total: z.number(), page: z.number(), page_size: z.number() });

/**
 * POST /api/blog-admin/posts (any blog admin; an author only as a draft) → { post } (201).
 * PUT /api/blog-admin/posts/:id (editor, or the author of their own draft) with the `version`
 * last read → { post } with the next version; an older version → 409
 * { message: BLOG_MESSAGES.conflict, code: 'POST_CONFLICT', post: the stored one }.
 * Autosave sends the same PUT. A slug left empty comes from the title; a taken one is 409
 * BLOG_MESSAGES.slugTaken. `scheduled` needs publish_at in the future; `published` without
 * publish_at is stamped now.
 * GET /api/blog-admin/posts/:id (editor, or its author) → { post }.
 * DELETE /api/blog-admin/posts/:id (editor, or the author of their own draft) → 204.
 * POST /api/blog-admin/posts/:id/preview-token (editor, or its author) → { post } with a new
 * preview link (the old one stops working).
 */
export const BlogPostBody = z.object({
  title: z.string().max(BLOG_LIMITS.title),
  slug: z.string().max(BLOG_LIMITS.slug).default(''),
  excerpt: z.string().max(BLOG_LIMITS.excerpt).default(''),
  content: z.string().max(BLOG_LIMITS.contentBytes).default(''),
  cover_image: z.string().max(2000).default(''),
  category_id: z.string().max(32).nullable().default(null),
  tags: z.array(z.string().max(BLOG_LIMITS.tag)).max(BLOG_LIMITS.tags).default([]),
  status: BlogPostStatusSchema.default('draft'),
  publish_at: z.string().max(40).nullable().default(null),
  seo_title: z.string().max(BLOG_LIMITS.seoTitle).default(''),
  seo_description: z.string().max(BLOG_LIMITS.seoDescription).default(''),
});
export const BlogPostUpdateBody = BlogPostBody.extend({ version: z.number().int().min(1) });
export const BlogPostResponse = z.object({ post: BlogPostAdmin });
export const BlogConflictResponse = z.object({ message: z.string(), code: z.literal('POST_CONFLICT'), post: BlogPostAdmin });

// ---- The public blog -----------------------------------------------------------------------

/** A post on /blog (a card). */
export const BlogPostCard = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  cover_image: z.string(),
  author: BlogPersonRef.nullable(),
  category: z.object({ name: z.string(), slug: z.string() }).nullable(),
  tags: z.array(z.string()),
  /** When it went live (ISO), null for a draft seen in a preview. */
  published_at: z.string().nullable(),
  reading_minutes: z.number(),
});
export type BlogPostCard = z.infer<typeof BlogPostCard>;

/**
 * GET /api/blog/posts?page=&category=&author=&q= (public) → live posts, newest first, 12 a page.
 * `category` is a category slug, `author` an author id, `q` searched in title, excerpt and text.
 * GET /api/blog/authors (public) → the people with a live post (for the filter).
 */
export const BlogPostsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  category: z.string().max(BLOG_LIMITS.slug).optional(),
  author: z.string().max(32).optional(),
  q: z.string().max(200).optional(),
});
export const BlogPostsResponse = z.object({ posts: z.array(BlogPostCard), total: z.number(), page: z.number(), page_size: z.number() });
export type BlogPostsResponse = z.infer<typeof BlogPostsResponse>;
export const BlogAuthorsPublicResponse = z.object({ authors: z.array(BlogPersonRef) });

/** One post as /blog/{slug} shows it. */
export const BlogPostPublic = BlogPostCard.extend({
  /** Cleaned rich HTML. */
  content: z.string(),
  author: BlogPersonRef.extend({ bio: z.string() }).nullable(),
  seo_title: z.string(),
  seo_description: z.string(),
  /** Absolute URL of /blog/{slug} (BASE_HOST). */
  canonical_url: z.string(),
  updated_at: z.string(),
});
export type BlogPostPublic = z.infer<typeof BlogPostPublic>;

/**
 * GET /api/blog/posts/:slug (public) → the live post and up to 3 related ones (same category,
 * then shared tags, then newest); 404 BLOG_MESSAGES.postNotFound.
 * GET /api/blog/preview/:slug?token= (public with the post's token; or any blog admin) → the same
 * for a draft or scheduled post, `preview: true`; a wrong token 404 BLOG_MESSAGES.previewDenied.
 * GET /api/blog/preview (any blog admin) → BlogPostsResponse of every post that is not live yet.
 * Also served: /blog/rss.xml (RSS 2.0, the 50 newest live posts) and /sitemap.xml (the blog,
 * its live posts and the published templates).
 */
export const BlogPostPageResponse = z.object({ post: BlogPostPublic, related: z.array(BlogPostCard), preview: z.boolean() });
export type BlogPostPageResponse = z.infer<typeof BlogPostPageResponse>;
export const BlogPreviewQuery = z.object({ token: z.string().max(200).optional() });
