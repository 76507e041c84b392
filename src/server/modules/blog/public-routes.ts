// The public blog's API (issue 17): live posts, their authors, one post with related ones, and
// previews (a post's token, or any blog admin's session). The same data is embedded in the
// served HTML pages (page-html.ts) so the page shows before JavaScript runs.
import { z } from 'zod';
import { BlogAuthorsPublicResponse, BlogPostPageResponse, BlogPostsQuery, BlogPostsResponse, BlogPreviewQuery } from '../../../shared/api/blog';
import { BLOG_MESSAGES } from '../../../shared/rules/blog';
import type { ServerContext } from '../../platform/context';
import { notFound } from '../../errors';
import type { ApiServer } from '../../routing/input';
import { signedInBlogAdmin } from '../../identity/blog-session';
import * as blog from './public-service';
import { currentBlogAdmin } from '../../identity/blog-session';

const SlugParams = z.object({ slug: z.string().min(1).max(300) });
const PageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export function blogPublicRoutes(app: ApiServer, ctx: ServerContext) {
  app.get('/api/blog/posts', { schema: { querystring: BlogPostsQuery }, config: { access: 'public', api: { tag: 'Blog', summary: 'List live posts, newest first, 12 a page (filter by category, author or words)', response: BlogPostsResponse } } }, async (request) =>
    blog.listLive(ctx, request.query),
  );

  app.get('/api/blog/authors', { config: { access: 'public', api: { tag: 'Blog', summary: 'List the people with a live post', response: BlogAuthorsPublicResponse } } }, async () => blog.liveAuthors(ctx));

  app.get('/api/blog/posts/:slug', { schema: { params: SlugParams }, config: { access: 'public', api: { tag: 'Blog', summary: 'Get a live post and up to 3 related ones', response: BlogPostPageResponse } } }, async (request) => {
    const page = await blog.livePostPage(ctx, request.params.slug);
    if (!page) throw notFound(BLOG_MESSAGES.postNotFound);
    return page;
  });

  app.get('/api/blog/preview', { schema: { querystring: PageQuery }, config: { access: 'blog-admin', api: { tag: 'Blog', summary: 'List the posts that are not live yet (blog admins)', response: BlogPostsResponse } } }, async (request) => {
    return blog.previewList(ctx, await signedInBlogAdmin(ctx, request), request.query.page);
  });

  app.get('/api/blog/preview/:slug', { schema: { params: SlugParams, querystring: BlogPreviewQuery }, config: { access: 'public', api: { tag: 'Blog', summary: "Preview a post that is not live yet, with its preview token or a blog admin's session", response: BlogPostPageResponse } } }, async (request) => {
    const page = await blog.previewPage(ctx, request.params.slug, request.query.token, await currentBlogAdmin(ctx, request));
    if (page === 'denied') throw notFound(BLOG_MESSAGES.previewDenied);
    if (page === 'missing') throw notFound(BLOG_MESSAGES.postNotFound);
    return page;
  });
}
