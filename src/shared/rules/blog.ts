// The blog's rules (issue 17; shell §2.2, §3, §4, §6, §9): the roles of blog admins, what each may
// reach, the 24-hour session, post statuses, limits and the words people read. Shared by the
// server (which enforces them on every blog-admin route) and the web app (its guard and screens).
import { slugify } from './slug';

/**
 * Roles of a blog admin. Shell §6 names only `author`; like Ghost, `editor` publishes, schedules and
 * manages authors and categories, and `admin` may also make and remove other admins.
 */
export const BLOG_ROLES = ['author', 'editor', 'admin'] as const;
export type BlogRole = (typeof BLOG_ROLES)[number];

export const BLOG_ROLE_LABELS: Record<BlogRole, string> = { author: 'Author', editor: 'Editor', admin: 'Administrator' };

/** Shell §4 / §9: a blog admin session is valid 24 hours after its loginTime (browser and server alike). */
export const BLOG_SESSION_HOURS = 24;
export const BLOG_SESSION_MS = BLOG_SESSION_HOURS * 60 * 60 * 1000;

/** Where the browser keeps the blog admin user (shell §3: role and loginTime). */
export const BLOG_ADMIN_STORAGE_KEY = 'blog_admin_user';

/** Shell §2.2: the pages an author may reach (with their sub-paths); anything else sends them to /blog-admin. */
export const AUTHOR_PATHS = ['/blog-admin', '/blog-admin/add-blog'] as const;

/**
 * Whether a blog admin of this role may open this path (shell §2.2). `/blog-admin` and its
 * sub-paths are exactly the path or the path followed by '/', so `/blog-admin/add-blogx` is not a
 * sub-path of `/blog-admin/add-blog`. For an author, `/blog-admin` itself is allowed but its other
 * sub-paths are not: "only /blog-admin and /blog-admin/add-blog and their sub-paths" would otherwise
 * allow everything, which §2.2 clearly does not mean.
 */
export function blogPathAllowed(role: string, pathname: string): boolean {
  if (role !== 'author') return true;
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/blog-admin' || path === '/blog-admin/add-blog' || path.startsWith('/blog-admin/add-blog/');
}

/** True when the role publishes, schedules and manages authors, categories and everyone's posts. */
export function isBlogEditor(role: string): boolean {
  return role === 'editor' || role === 'admin';
}

export const BLOG_POST_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const BLOG_STATUS_LABELS: Record<BlogPostStatus, string> = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };

export const BLOG_LIMITS = {
  title: 300,
  slug: 200,
  excerpt: 1000,
  /** Cleaned HTML of a post. */
  contentBytes: 1_000_000,
  seoTitle: 300,
  seoDescription: 500,
  tags: 20,
  tag: 50,
  categoryName: 100,
  authorName: 200,
  bio: 1000,
  /** Posts on a page of /blog and of the admin list. */
  pageSize: 12,
  adminPageSize: 25,
  related: 3,
  rssItems: 50,
  /** One media upload before re-encoding. */
  mediaUploadBytes: 10 * 1024 * 1024,
  /** The longest side an image is kept at (larger ones are scaled down). */
  mediaMaxSide: 2400,
  /** Images whose header claims more pixels are refused before they are decoded (decompression bombs). */
  mediaMaxPixels: 40_000_000,
  /** Media library page size. */
  mediaPageSize: 20,
  alt: 500,
  /** Invitation links last this long. */
  invitationHours: 72,
} as const;

/** Reading speed used for "N min read". */
export const WORDS_PER_MINUTE = 230;

/** Words of a post's text (HTML tags and entities ignored) → minutes, at least 1. */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim();
  const words = text ? text.split(/\s+/).length : 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/**
 * A post's or category's slug: the spec's name-to-slug rule (shell §5) with the edge hyphens
 * trimmed and the length capped. '' when nothing is left (the caller says what to do).
 */
export function blogSlug(text: string, max: number = BLOG_LIMITS.slug): string {
  return slugify(text.trim()).replace(/^-+|-+$/g, '').slice(0, max).replace(/-+$/g, '');
}

export const BLOG_MESSAGES = {
  signIn: 'Please sign in to the blog admin area',
  invalidLogin: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  sessionExpired: 'Your blog session has ended. Please sign in again.',
  editorsOnly: 'Only editors and administrators can do this.',
  adminsOnly: 'Only administrators can do this.',
  notYourPost: 'You can only change your own posts.',
  authorPublished: 'This post is published. Ask an editor to change it.',
  authorCannotPublish: 'Authors save drafts. An editor publishes them.',
  postNotFound: 'Post not found',
  categoryNotFound: 'Category not found',
  authorNotFound: 'Author not found',
  mediaNotFound: 'Image not found',
  titleRequired: 'Please give the post a title.',
  slugTaken: 'Another post already uses this address. Please choose a different one.',
  slugEmpty: 'The address needs at least one letter or digit.',
  categorySlugTaken: 'Another category already uses this address. Please choose a different one.',
  categoryNameRequired: 'Please give the category a name.',
  scheduleInPast: 'Pick a time in the future to schedule the post, or publish it now.',
  scheduleMissing: 'Pick the date and time the post should go live.',
  conflict: 'Someone else saved this post while you were editing. Reload to see their changes; your text is kept below so you can copy it.',
  emailTaken: 'Someone with this e-mail already has a blog account.',
  invitationInvalid: 'This invitation link is not valid any more. Ask for a new one.',
  lastAdmin: 'The blog needs at least one administrator.',
  notYourself: 'You cannot remove your own account.',
  imageType: 'Only JPEG, PNG, WebP and GIF images can be uploaded.',
  imageTooLarge: 'This image is larger than 10 MB. Please upload a smaller one.',
  imageUnreadable: 'This file could not be read as an image. Please upload a JPEG, PNG, WebP or GIF picture.',
  previewDenied: 'This preview link is not valid. Ask the blog team for a new one.',
  nameRequired: 'Please enter a name.',
  emailInvalid: 'Please enter a valid e-mail address.',
  alreadyActive: 'This person has already accepted the invitation.',
  imageTooManyPixels: 'This image has too many pixels to process (more than 40 megapixels). Please upload a smaller one.',
} as const;
