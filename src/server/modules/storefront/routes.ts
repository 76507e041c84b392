// The storefront's routes (issue 15, shell §7 GET /api/multipage/marketplace/templates): the
// listing and one template's detail. Anyone may read them, signed in or not ('public': they serve
// what the marketplace publishes, never an app's data); the session only adds the visitor's own
// isPurchased / own / can_clone / purchase_status. Thin: call the service, answer (Fastify parses
// the input with the schemas each route declares).
import { TemplateDetailResponse, TemplateKeyParams, TemplateListQuery, TemplateListResponse } from '../../../shared/api/templates';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { listTemplates, templateDetail } from './service';

export const TEMPLATES_URL = '/api/multipage/marketplace/templates';

export function storefrontRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Marketplace and templates';

  app.get(
    TEMPLATES_URL,
    { schema: { querystring: TemplateListQuery }, config: { access: 'public', api: { tag, summary: 'List published templates: search, category, price, kind, sort and page', response: TemplateListResponse } } },
    async (request) => listTemplates(ctx, request.access.caller, request.query),
  );

  app.get(
    `${TEMPLATES_URL}/:key`,
    { schema: { params: TemplateKeyParams }, config: { access: 'public', api: { tag, summary: "A published template's detail, by its id, slug, subdomain or name", response: TemplateDetailResponse } } },
    async (request) => ({ template: await templateDetail(ctx, request.access.caller, request.params.key) }),
  );
}
