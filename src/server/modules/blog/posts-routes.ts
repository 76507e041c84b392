// The blog administration's posts (issue 17): thin routes over posts-service.ts. Every route is
// 'blog-admin' (any signed-in blog admin; 401 without): what an author may do with a given post
// (their own drafts only) is the service's check, which needs the post.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BlogAdminPostsQuery, BlogPostBody, BlogPostUpdateBody } from '../../../shared/api/blog';
import { BLOG_MESSAGES } from '../../../shared/rules/blog';
import type { ServerContext } from '../../context';
import { unauthorized } from '../../errors';
import { parse } from '../../http';
import * as posts from './posts-service';
import { currentBlogAdmin, type BlogAdminSession } from './session';

export const PostParams = z.object({ id: z.string().min(1).max(32) });

/** The signed-in blog admin of a 'blog-admin' or 'blog-editor' route (its rule let only them through). */
export async function signedInBlogAdmin(ctx: ServerContext, request: FastifyRequest): Promise<BlogAdminSession> {
  const found = await currentBlogAdmin(ctx, request);
  if (!found) throw unauthorized(BLOG_MESSAGES.signIn);
  return found;
}

export function blogPostRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/blog-admin/posts', { config: { access: 'blog-admin' } }, async (request) => {
    return posts.listPosts(ctx, await signedInBlogAdmin(ctx, request), parse(BlogAdminPostsQuery, request.query));
  });

  app.post('/api/blog-admin/posts', { config: { access: 'blog-admin' } }, async (request, reply) => {
    const post = await posts.createPost(ctx, await signedInBlogAdmin(ctx, request), parse(BlogPostBody, request.body));
    return reply.status(201).send({ post });
  });

  app.get('/api/blog-admin/posts/:id', { config: { access: 'blog-admin' } }, async (request) => {
    const { id } = parse(PostParams, request.params);
    return { post: await posts.getPost(ctx, await signedInBlogAdmin(ctx, request), id) };
  });

  app.put('/api/blog-admin/posts/:id', { config: { access: 'blog-admin' } }, async (request, reply) => {
    const { id } = parse(PostParams, request.params);
    try {
      return { post: await posts.updatePost(ctx, await signedInBlogAdmin(ctx, request), id, parse(BlogPostUpdateBody, request.body)) };
    } catch (e) {
      // The stored post goes back with the refusal, so the editor can show both texts.
      if (e instanceof posts.PostConflict) return reply.status(409).send({ message: BLOG_MESSAGES.conflict, code: 'POST_CONFLICT', post: e.post });
      throw e;
    }
  });

  app.delete('/api/blog-admin/posts/:id', { config: { access: 'blog-admin' } }, async (request, reply) => {
    const { id } = parse(PostParams, request.params);
    await posts.deletePost(ctx, await signedInBlogAdmin(ctx, request), id);
    return reply.status(204).send();
  });

  app.post('/api/blog-admin/posts/:id/preview-token', { config: { access: 'blog-admin' } }, async (request) => {
    const { id } = parse(PostParams, request.params);
    return { post: await posts.renewPreviewToken(ctx, await signedInBlogAdmin(ctx, request), id) };
  });
}
