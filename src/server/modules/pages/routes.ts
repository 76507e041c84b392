import type { FastifyInstance } from 'fastify';
import { resolvedApp, resolvedPage, resolvedViewer, signedInUser } from '../access/enforce';
import { appInBody, appParam, pageParam, requestApp } from '../access/resources';
import { z } from 'zod';
import { CreatePageBody, PageOrderBody, PageResponse, PagesResponse, UpdatePageBody } from '../../../shared/api';
import { AppIdParams, IdParams, SlugParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import * as service from './service';

const PageQuery = z.object({ app: z.string().optional(), board: z.string().optional(), referer: z.string().optional() });

export function pageRoutes(app: FastifyInstance, ctx: ServerContext) {
  // A password app's visitor who has not signed in gets its sign-in pages only (the service).
  app.get('/api/pages/:appId', { config: { access: 'app-visitor', resource: appParam(AppIdParams, (p) => p.appId), api: { tag: 'Pages', summary: "List an app's pages", params: AppIdParams, response: PagesResponse } } }, async (request) => ({
    pages: await service.listPages(ctx, resolvedApp(request), resolvedViewer(request)),
  }));

  // `board` is the page path here, not the app: only the host or `app` name the app, unless the
  // path itself starts with the board slug (/{board_slug}/...).
  const pageApp = requestApp(PageQuery, 'App not found', (q) => ({ app: q.app, board: q.app ? undefined : q.board }));
  app.get('/api/page/:slug', { config: { access: 'app-visitor', resource: pageApp, api: { tag: 'Pages', summary: 'Get a page with its blocks, by its slug (name the app with `app`)', params: SlugParams, query: PageQuery, response: PageResponse } } }, async (request) => {
    const { slug } = parse(SlugParams, request.params);
    return { page: await service.pageBySlug(ctx, resolvedApp(request), resolvedViewer(request), slug) };
  });

  app.post('/api/pages', { config: { access: 'owner', resource: appInBody(CreatePageBody, (b) => b.appId), api: { tag: 'Pages', summary: 'Add a page to an app', body: CreatePageBody, response: PageResponse, status: 201 } } }, async (request, reply) => {
    const body = parse(CreatePageBody, request.body);
    const page = await service.createPage(ctx, resolvedApp(request), body);
    return reply.status(201).send({ page });
  });

  app.put('/api/pages/:id', { config: { access: 'owner', resource: pageParam(), api: { tag: 'Pages', summary: 'Rename a page or change its settings', params: IdParams, body: UpdatePageBody, response: PageResponse } } }, async (request) => {
    const body = parse(UpdatePageBody, request.body);
    return { page: await service.renamePage(ctx, resolvedPage(request), body) };
  });

  app.delete('/api/pages/:id', { config: { access: 'owner', resource: pageParam(), api: { tag: 'Pages', summary: 'Delete a page', params: IdParams, status: 204 } } }, async (request, reply) => {
    await service.deletePage(ctx, resolvedPage(request));
    return reply.status(204).send();
  });

  app.put('/api/apps/:appId/pages/order', { config: { access: 'owner', resource: appParam(AppIdParams, (p) => p.appId), api: { tag: 'Pages', summary: "Reorder an app's pages", params: AppIdParams, body: PageOrderBody, response: PagesResponse } } }, async (request) => {
    const { order } = parse(PageOrderBody, request.body);
    return { pages: await service.reorderPages(ctx, signedInUser(request), resolvedApp(request), order) };
  });
}
