// The blog's categories (issue 17): the public list (live posts counted), the admin list for the
// editor's select (any blog admin) and their management (editors and admins: 'blog-editor').
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BlogCategoryBody, BlogCategoryPatch } from '../../../shared/api/blog';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import * as categories from './categories';

const CategoryParams = z.object({ id: z.string().min(1).max(32) });

export function blogCategoryRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/blog/categories', { config: { access: 'public' } }, async () => ({ categories: await categories.listCategories(ctx, 'public') }));

  app.get('/api/blog-admin/categories', { config: { access: 'blog-admin' } }, async () => ({ categories: await categories.listCategories(ctx, 'admin') }));

  app.post('/api/blog-admin/categories', { config: { access: 'blog-editor' } }, async (request, reply) => {
    const category = await categories.createCategory(ctx, parse(BlogCategoryBody, request.body));
    return reply.status(201).send({ category });
  });

  app.patch('/api/blog-admin/categories/:id', { config: { access: 'blog-editor' } }, async (request) => {
    const { id } = parse(CategoryParams, request.params);
    return { category: await categories.updateCategory(ctx, id, parse(BlogCategoryPatch, request.body)) };
  });

  app.delete('/api/blog-admin/categories/:id', { config: { access: 'blog-editor' } }, async (request, reply) => {
    const { id } = parse(CategoryParams, request.params);
    await categories.deleteCategory(ctx, id);
    return reply.status(204).send();
  });
}
