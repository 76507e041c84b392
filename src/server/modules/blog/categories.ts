// The blog's categories (issue 17): a name and a slug by the spec's rule (shell §5), unique.
// Visitors see how many live posts each has; the admin screens count every post.
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../errors';
import { newId, nowIso } from '../../http';
import type { BlogCategory } from '../../../shared/api/blog';
import { BLOG_MESSAGES, blogSlug } from '../../../shared/rules/blog';
import { blogRepo, isUniqueViolation } from '../../data/blog/posts-repo';

export async function listCategories(ctx: ServerContext, audience: 'public' | 'admin'): Promise<BlogCategory[]> {
  const rows = await blogRepo(ctx.db).categories(audience === 'public' ? nowIso() : null);
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, post_count: Number(r.post_count ?? 0) }));
}

async function view(ctx: ServerContext, id: string): Promise<BlogCategory> {
  const found = (await listCategories(ctx, 'admin')).find((c) => c.id === id);
  if (!found) throw notFound(BLOG_MESSAGES.categoryNotFound);
  return found;
}

async function freeSlug(ctx: ServerContext, typed: string | undefined, name: string, exceptId: string | null): Promise<string> {
  const slug = blogSlug(typed?.trim() ? typed : name);
  if (!slug) throw badRequest(BLOG_MESSAGES.slugEmpty);
  if (await blogRepo(ctx.db).categorySlugTaken(slug, exceptId)) throw conflict(BLOG_MESSAGES.categorySlugTaken);
  return slug;
}

export async function createCategory(ctx: ServerContext, input: { name: string; slug?: string }): Promise<BlogCategory> {
  const name = input.name.replace(/\s+/g, ' ').trim();
  if (!name) throw badRequest(BLOG_MESSAGES.categoryNameRequired);
  const slug = await freeSlug(ctx, input.slug, name, null);
  const id = newId();
  try {
    await blogRepo(ctx.db).insertCategory({ id, name, slug, created_at: nowIso() });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(BLOG_MESSAGES.categorySlugTaken);
    throw e;
  }
  return view(ctx, id);
}

/** A rename keeps the slug unless one is given (links to the category keep working). */
export async function updateCategory(ctx: ServerContext, id: string, input: { name?: string; slug?: string }): Promise<BlogCategory> {
  const stored = await blogRepo(ctx.db).category(id);
  if (!stored) throw notFound(BLOG_MESSAGES.categoryNotFound);
  const name = input.name === undefined ? stored.name : input.name.replace(/\s+/g, ' ').trim();
  if (!name) throw badRequest(BLOG_MESSAGES.categoryNameRequired);
  const slug = input.slug === undefined ? stored.slug : await freeSlug(ctx, input.slug, name, id);
  try {
    await blogRepo(ctx.db).updateCategory(id, { name, slug });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(BLOG_MESSAGES.categorySlugTaken);
    throw e;
  }
  return view(ctx, id);
}

export async function deleteCategory(ctx: ServerContext, id: string): Promise<void> {
  if (!(await blogRepo(ctx.db).category(id))) throw notFound(BLOG_MESSAGES.categoryNotFound);
  await blogRepo(ctx.db).removeCategory(id);
}
