import type { FastifyInstance } from 'fastify';
import { resolvedApp, resolvedPage, resolvedViewer, signedInUser } from '../access/enforce';
import { appInBody, appParam, pageParam, requestApp } from '../access/resources';
import { z } from 'zod';
import { CreatePageBody, PageOrderBody, UpdatePageBody } from '../../../shared/api';
import { AppIdParams, SlugParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import * as service from './service';

const PageQuery = z.object({ app: z.string().optional(), board: z.string().optional(), referer: z.string().optional() });

export function pageRoutes(app: FastifyInstance, ctx: ServerContext) {
  // A password app's visitor who has not signed in gets its sign-in pages only (the service).
  app.get('/api/pages/:appId', { config: { access: 'app-visitor', resource: appParam(AppIdParams, (p) => p.appId) } }, async (request) => ({
    pages: await service.listPages(ctx, resolvedApp(request), resolvedViewer(request)),
  }));

  // `board` is the page path here, not the app: only the host or `app` name the app, unless the
  // path itself starts with the board slug (/{board_slug}/...).
  const pageApp = requestApp(PageQuery, 'App not found', (q) => ({ app: q.app, board: q.app ? undefined : q.board }));
  app.get('/api/page/:slug', { config: { access: 'app-visitor', resource: pageApp } }, async (request) => {
    const { slug } = parse(SlugParams, request.params);
    return { page: await service.pageBySlug(ctx, resolvedApp(request), resolvedViewer(request), slug) };
  });

  app.post('/api/pages', { config: { access: 'owner', resource: appInBody(CreatePageBody, (b) => b.appId) } }, async (request, reply) => {
    const body = parse(CreatePageBody, request.body);
    const page = await service.createPage(ctx, resolvedApp(request), body);
    return reply.status(201).send({ page });
  });

  app.put('/api/pages/:id', { config: { access: 'owner', resource: pageParam() } }, async (request) => {
    const body = parse(UpdatePageBody, request.body);
    return { page: await service.renamePage(ctx, resolvedPage(request), body) };
  });

  app.delete('/api/pages/:id', { config: { access: 'owner', resource: pageParam() } }, async (request, reply) => {
    await service.deletePage(ctx, resolvedPage(request));
    return reply.status(204).send();
  });

  app.put('/api/apps/:appId/pages/order', { config: { access: 'owner', resource: appParam(AppIdParams, (p) => p.appId) } }, async (request) => {
    const { order } = parse(PageOrderBody, request.body);
    return { pages: await service.reorderPages(ctx, signedInUser(request), resolvedApp(request), order) };
  });
}
