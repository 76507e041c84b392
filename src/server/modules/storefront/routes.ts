// The storefront's routes (issue 15, shell §7 GET /api/multipage/marketplace/templates): the
// listing and one template's detail. Anyone may read them, signed in or not ('public': they serve
// what the marketplace publishes, never an app's data); the session only adds the visitor's own
// isPurchased / own / can_clone / purchase_status. Thin: parse, call the service, answer.
import type { FastifyInstance } from 'fastify';
import { TemplateKeyParams, TemplateListQuery } from '../../../shared/api/templates';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { listTemplates, templateDetail } from './service';

export const TEMPLATES_URL = '/api/multipage/marketplace/templates';

export function storefrontRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get(TEMPLATES_URL, { config: { access: 'public' } }, async (request) => listTemplates(ctx, request.access.caller, parse(TemplateListQuery, request.query)));

  app.get(`${TEMPLATES_URL}/:key`, { config: { access: 'public' } }, async (request) => ({
    template: await templateDetail(ctx, request.access.caller, parse(TemplateKeyParams, request.params).key),
  }));
}
