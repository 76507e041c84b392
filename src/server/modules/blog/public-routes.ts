// The public blog's API (issue 17): live posts, their authors, one post with related ones, and
// previews (a post's token, or any blog admin's session). The same data is embedded in the
// served HTML pages (page-html.ts) so the page shows before JavaScript runs.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BlogPostsQuery, BlogPreviewQuery } from '../../../shared/api/blog';
import { BLOG_MESSAGES } from '../../../shared/rules/blog';
import type { ServerContext } from '../../context';
import { notFound } from '../../errors';
import { parse } from '../../http';
import { signedInBlogAdmin } from './posts-routes';
import * as blog from './public-service';
import { currentBlogAdmin } from './session';

const SlugParams = z.object({ slug: z.string().min(1).max(300) });
const PageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export function blogPublicRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/blog/posts', { config: { access: 'public' } }, async (request) => blog.listLive(ctx, parse(BlogPostsQuery, request.query)));

  app.get('/api/blog/authors', { config: { access: 'public' } }, async () => blog.liveAuthors(ctx));

  app.get('/api/blog/posts/:slug', { config: { access: 'public' } }, async (request) => {
    const { slug } = parse(SlugParams, request.params);
    const page = await blog.livePostPage(ctx, slug);
    if (!page) throw notFound(BLOG_MESSAGES.postNotFound);
    return page;
  });

  app.get('/api/blog/preview', { config: { access: 'blog-admin' } }, async (request) => {
    const { page } = parse(PageQuery, request.query);
    return blog.previewList(ctx, await signedInBlogAdmin(ctx, request), page);
  });

  app.get('/api/blog/preview/:slug', { config: { access: 'public' } }, async (request) => {
    const { slug } = parse(SlugParams, request.params);
    const { token } = parse(BlogPreviewQuery, request.query);
    const page = await blog.previewPage(ctx, slug, token, await currentBlogAdmin(ctx, request));
    if (page === 'denied') throw notFound(BLOG_MESSAGES.previewDenied);
    if (page === 'missing') throw notFound(BLOG_MESSAGES.postNotFound);
    return page;
  });
}
