import { resolvedApp, resolvedPage, resolvedViewer, signedInUser } from '../../access/enforce';
import { appInBody, appParam, pageParam, requestApp } from '../../access/resources';
import { z } from 'zod';
import { CreatePageBody, PageOrderBody, PageResponse, PagesResponse, UpdatePageBody } from '../../../shared/api';
import { AppIdParams, IdParams, SlugParams } from '../../../shared/api/params';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import * as service from './service';

const PageQuery = z.object({ app: z.string().optional(), board: z.string().optional(), referer: z.string().optional() });

export function pageRoutes(app: ApiServer, ctx: ServerContext) {
  // A password app's visitor who has not signed in gets its sign-in pages only (the service).
  app.get('/api/pages/:appId', { schema: { params: AppIdParams }, config: { access: 'app-visitor', resource: appParam(AppIdParams, (p) => p.appId), tokens: 'read', api: { tag: 'Pages', summary: "List an app's pages", response: PagesResponse } } }, async (request) => ({
    pages: await service.listPages(ctx, resolvedApp(request), resolvedViewer(request)),
  }));

  // `board` is the page path here, not the app: only the host or `app` name the app, unless the
  // path itself starts with the board slug (/{board_slug}/...).
  const pageApp = requestApp(PageQuery, 'App not found', (q) => ({ app: q.app, board: q.app ? undefined : q.board }));
  app.get('/api/page/:slug', { schema: { params: SlugParams, querystring: PageQuery }, config: { access: 'app-visitor', resource: pageApp, tokens: 'read', api: { tag: 'Pages', summary: 'Get a page with its blocks, by its slug (name the app with `app`)', response: PageResponse } } }, async (request) => {
    return { page: await service.pageBySlug(ctx, resolvedApp(request), resolvedViewer(request), request.params.slug) };
  });

  app.post('/api/pages', { schema: { body: CreatePageBody }, config: { access: 'owner', resource: appInBody(CreatePageBody, (b) => b.appId), tokens: 'read-write', api: { tag: 'Pages', summary: 'Add a page to an app', response: PageResponse, status: 201 } } }, async (request, reply) => {
    const page = await service.createPage(ctx, resolvedApp(request), request.body);
    return reply.status(201).send({ page });
  });

  app.put('/api/pages/:id', { schema: { params: IdParams, body: UpdatePageBody }, config: { access: 'owner', resource: pageParam(), tokens: 'read-write', api: { tag: 'Pages', summary: 'Rename a page or change its settings', response: PageResponse } } }, async (request) => {
    return { page: await service.renamePage(ctx, resolvedPage(request), request.body) };
  });

  app.delete('/api/pages/:id', { schema: { params: IdParams }, config: { access: 'owner', resource: pageParam(), tokens: 'read-write', api: { tag: 'Pages', summary: 'Delete a page', status: 204 } } }, async (request, reply) => {
    await service.deletePage(ctx, resolvedPage(request));
    return reply.status(204).send();
  });

  app.put('/api/apps/:appId/pages/order', { schema: { params: AppIdParams, body: PageOrderBody }, config: { access: 'owner', resource: appParam(AppIdParams, (p) => p.appId), tokens: 'read-write', api: { tag: 'Pages', summary: "Reorder an app's pages", response: PagesResponse } } }, async (request) => {
    return { pages: await service.reorderPages(ctx, signedInUser(request), resolvedApp(request), request.body.order) };
  });
}
