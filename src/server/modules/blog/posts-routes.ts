// The blog administration's posts (issue 17): thin routes over posts-service.ts. Every route is
// 'blog-admin' (any signed-in blog admin; 401 without): what an author may do with a given post
// (their own drafts only) is the service's check, which needs the post.
import { signedInBlogAdmin } from '../../identity/blog-session';
import { z } from 'zod';
import { BlogAdminPostsQuery, BlogAdminPostsResponse, BlogPostBody, BlogPostResponse, BlogPostUpdateBody } from '../../../shared/api/blog';
import { BLOG_MESSAGES } from '../../../shared/rules/blog';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import * as posts from './posts-service';

export const PostParams = z.object({ id: z.string().min(1).max(32) });

const conflictDoc =
  "Send the `version` you last read. An older one is 409 `{ message, code: 'POST_CONFLICT', post }` with the stored post, so both texts can be shown.";

export function blogPostRoutes(app: ApiServer, ctx: ServerContext) {
  app.get('/api/blog-admin/posts', { schema: { querystring: BlogAdminPostsQuery }, config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'List posts, last updated first (an author sees only their own)', response: BlogAdminPostsResponse } } }, async (request) => {
    return posts.listPosts(ctx, await signedInBlogAdmin(ctx, request), request.query);
  });

  app.post('/api/blog-admin/posts', { schema: { body: BlogPostBody }, config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'Write a new post (an author only as a draft)', response: BlogPostResponse, status: 201 } } }, async (request, reply) => {
    const post = await posts.createPost(ctx, await signedInBlogAdmin(ctx, request), request.body);
    return reply.status(201).send({ post });
  });

  app.get('/api/blog-admin/posts/:id', { schema: { params: PostParams }, config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'Get a post to edit', response: BlogPostResponse } } }, async (request) => {
    return { post: await posts.getPost(ctx, await signedInBlogAdmin(ctx, request), request.params.id) };
  });

  app.put('/api/blog-admin/posts/:id', { schema: { params: PostParams, body: BlogPostUpdateBody }, config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'Save a post (also autosave)', description: conflictDoc, response: BlogPostResponse } } }, async (request, reply) => {
    try {
      return { post: await posts.updatePost(ctx, await signedInBlogAdmin(ctx, request), request.params.id, request.body) };
    } catch (e) {
      // The stored post goes back with the refusal, so the editor can show both texts.
      if (e instanceof posts.PostConflict) return reply.status(409).send({ message: BLOG_MESSAGES.conflict, code: 'POST_CONFLICT', post: e.post });
      throw e;
    }
  });

  app.delete('/api/blog-admin/posts/:id', { schema: { params: PostParams }, config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'Delete a post', status: 204 } } }, async (request, reply) => {
    await posts.deletePost(ctx, await signedInBlogAdmin(ctx, request), request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/blog-admin/posts/:id/preview-token', { schema: { params: PostParams }, config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: "Renew a post's preview link (the old one stops working)", response: BlogPostResponse } } }, async (request) => {
    return { post: await posts.renewPreviewToken(ctx, await signedInBlogAdmin(ctx, request), request.params.id) };
  });
}
