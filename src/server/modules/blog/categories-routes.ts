// The blog's categories (issue 17): the public list (live posts counted), the admin list for the
// editor's select (any blog admin) and their management (editors and admins: 'blog-editor').
import { z } from 'zod';
import { BlogCategoriesResponse, BlogCategoryBody, BlogCategoryPatch, BlogCategoryResponse } from '../../../shared/api/blog';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import * as categories from './categories';

const CategoryParams = z.object({ id: z.string().min(1).max(32) });

export function blogCategoryRoutes(app: ApiServer, ctx: ServerContext) {
  app.get('/api/blog/categories', { config: { access: 'public', api: { tag: 'Blog', summary: 'List the categories, with their live posts counted', response: BlogCategoriesResponse } } }, async () => ({
    categories: await categories.listCategories(ctx, 'public'),
  }));

  app.get('/api/blog-admin/categories', { config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'List the categories, with every post counted', response: BlogCategoriesResponse } } }, async () => ({
    categories: await categories.listCategories(ctx, 'admin'),
  }));

  app.post('/api/blog-admin/categories', { schema: { body: BlogCategoryBody }, config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: 'Add a category (its slug from the name when not given)', response: BlogCategoryResponse, status: 201 } } }, async (request, reply) => {
    const category = await categories.createCategory(ctx, request.body);
    return reply.status(201).send({ category });
  });

  app.patch('/api/blog-admin/categories/:id', { schema: { params: CategoryParams, body: BlogCategoryPatch }, config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: 'Rename a category or change its slug', response: BlogCategoryResponse } } }, async (request) => {
    return { category: await categories.updateCategory(ctx, request.params.id, request.body) };
  });

  app.delete('/api/blog-admin/categories/:id', { schema: { params: CategoryParams }, config: { access: 'blog-editor', api: { tag: 'Blog admin', summary: 'Delete a category (its posts become uncategorised)', status: 204 } } }, async (request, reply) => {
    await categories.deleteCategory(ctx, request.params.id);
    return reply.status(204).send();
  });
}
