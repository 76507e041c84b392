// Cloning templates, the origins of cloned apps, and binding an app to the caller's own
// spreadsheet (issue 15). Thin: parse, call the service, answer.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CloneBody, MappingBody, MappingQuery, TemplateIdParams } from '../../../shared/api/templates';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { resolvedApp, signedInUser } from '../access/enforce';
import { appParam } from '../access/resources';
import { IpLimiter } from '../auth/limiter';
import { perAccount, type RateLimit } from '../auth/rate-limit';
import { applyMapping, mappingPlan } from './mapping';
import { cloneTemplate, listOrigins } from './service';

const AppIdParams = z.object({ appId: z.string().min(1).max(64) });

export function clonesRoutes(app: FastifyInstance, ctx: ServerContext) {
  // Each clone copies a whole app with its rows and files: a budget per account and hour, spent
  // by the clones that succeed (a refused one copied nothing).
  const clones = perAccount(new IpLimiter(ctx.counters, 'clones.clones', TEMPLATE_LIMITS.clonesPerHour, 3600_000));
  const cloneLimit: RateLimit = { body: CloneBody, check: [clones], refusal: TEMPLATE_MESSAGES.tooManyClones, count: [{ when: 'success', budgets: [clones] }] };

  app.post('/api/multipage/marketplace/templates/:id/clone', { config: { access: 'signed-in', rateLimit: cloneLimit } }, async (request, reply) => {
    const { id } = parse(TemplateIdParams, request.params);
    const body = parse(CloneBody, request.body);
    return reply.status(201).send(await cloneTemplate(ctx, signedInUser(request), id, body));
  });

  app.get('/api/multipage/marketplace/origins', { config: { access: 'signed-in' } }, async (request) => ({
    origins: await listOrigins(ctx, signedInUser(request)),
  }));

  const appResource = appParam(AppIdParams, (p) => p.appId);

  app.get('/api/apps/:appId/column-mapping', { config: { access: 'owner', resource: appResource } }, async (request) => {
    const { spreadsheet_id } = parse(MappingQuery, request.query);
    return mappingPlan(ctx, resolvedApp(request), spreadsheet_id);
  });

  app.post('/api/apps/:appId/column-mapping', { config: { access: 'owner', resource: appResource } }, async (request) => {
    const body = parse(MappingBody, request.body);
    const appView = resolvedApp(request);
    const blocks = await applyMapping(ctx, appView, body);
    return { app_id: appView.id, spreadsheet_id: body.spreadsheet_id, blocks };
  });
}
