// Cloning templates, the origins of cloned apps, and binding an app to the caller's own
// spreadsheet (issue 15). Thin: call the service, answer (Fastify parses the input with the
// schemas each route declares).
import { z } from 'zod';
import {
  AppOriginsResponse,
  CloneBody,
  CloneResponse,
  MappingBody,
  MappingPlan,
  MappingQuery,
  MappingResponse,
  TemplateIdParams,
  TemplateRestoreBody,
  TemplateRestoreResponse,
  TemplateUpdateBody,
  TemplateUpdatePreview,
  TemplateUpdateResponse,
} from '../../../shared/api/templates';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { resolvedApp, signedInUser } from '../../access/enforce';
import { appParam } from '../../access/resources';
import { IpLimiter } from '../../platform/limits/limiter';
import { perAccount, type RateLimit } from '../../platform/limits/rate-limit';
import { applyMapping, mappingPlan } from './mapping';
import { appIntegrity } from '../../data/apps/integrity';
import { AppIntegrityResponse } from '../../../shared/api/apps';
import { brokenBlocksInWords } from '../../../shared/settings/integrity';
import { cloneTemplate, listOrigins } from './service';
import { applyUpdate, restoreUpdate, updatePreview } from './update';

const AppIdParams = z.object({ appId: z.string().min(1).max(64) });

export function clonesRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Marketplace and templates';

  // Each clone copies a whole app with its rows and files: a budget per account and hour, spent
  // by the clones that succeed (a refused one copied nothing). A bad body is refused before the
  // budget is checked (the limit reads the route's body schema).
  const clones = perAccount(new IpLimiter(ctx.counters, 'clones.clones', TEMPLATE_LIMITS.clonesPerHour, 3600_000));
  const cloneLimit: RateLimit = { check: [clones], refusal: TEMPLATE_MESSAGES.tooManyClones, count: [{ when: 'success', budgets: [clones] }] };

  app.post(
    '/api/multipage/marketplace/templates/:id/clone',
    {
      schema: { params: TemplateIdParams, body: CloneBody },
      config: { access: 'signed-in', rateLimit: cloneLimit, api: { tag, summary: 'Clone a template into your workspace as a new app (a paid one once bought)', response: CloneResponse, status: 201 } },
    },
    async (request, reply) => reply.status(201).send(await cloneTemplate(ctx, signedInUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/multipage/marketplace/origins',
    { config: { access: 'signed-in', api: { tag, summary: 'Your apps cloned from templates, with the updates available', response: AppOriginsResponse } } },
    async (request) => ({ origins: await listOrigins(ctx, signedInUser(request)) }),
  );

  const appResource = appParam(AppIdParams, (p) => p.appId);

  app.get(
    '/api/apps/:appId/column-mapping',
    {
      schema: { params: AppIdParams, querystring: MappingQuery },
      config: { access: 'owner', resource: appResource, api: { tag, summary: "The sheets and columns an app's blocks use, and a suggested mapping onto a spreadsheet", response: MappingPlan } },
    },
    async (request) => mappingPlan(ctx, resolvedApp(request), request.query.spreadsheet_id),
  );

  app.get(
    '/api/apps/:appId/integrity',
    {
      schema: { params: AppIdParams },
      config: {
        access: 'owner',
        resource: appResource,
        api: { tag: 'Apps', summary: "The app's blocks that name a sheet or column its data lacks, each problem in words", response: AppIntegrityResponse },
      },
    },
    async (request) => {
      const broken = await appIntegrity(ctx.db, resolvedApp(request));
      return {
        broken: broken.map((b) => ({ block_id: b.blockId, block: b.block, problems: b.problems.map((p) => p.message) })),
        warning: brokenBlocksInWords(broken),
      };
    },
  );

  app.post(
    '/api/apps/:appId/column-mapping',
    {
      schema: { params: AppIdParams, body: MappingBody },
      config: { access: 'owner', resource: appResource, api: { tag, summary: "Point an app at a spreadsheet of yours, its blocks' sheets and columns mapped", response: MappingResponse } },
    },
    async (request) => {
      const body = request.body;
      const appView = resolvedApp(request);
      const { changed, removed } = await applyMapping(ctx, appView, body);
      return { app_id: appView.id, spreadsheet_id: body.spreadsheet_id, blocks: changed, removed };
    },
  );

  // Template updates (issue 33 §2): merging a newer version rewrites the app's pages and blocks
  // (and may copy files): a budget per account and hour for applying and restoring.
  const updates = perAccount(new IpLimiter(ctx.counters, 'clones.updates', TEMPLATE_LIMITS.updatesPerHour, 3600_000));
  const updateLimit: RateLimit = { check: [updates], refusal: TEMPLATE_MESSAGES.tooManyUpdates, count: [{ when: 'attempt', budgets: [updates] }] };

  app.get(
    '/api/apps/:appId/template-update',
    {
      schema: { params: AppIdParams },
      config: { access: 'owner', resource: appResource, tokens: 'read', api: { tag, summary: "What a newer version of the app's template changes, and where your own changes meet it", response: TemplateUpdatePreview } },
    },
    async (request) => updatePreview(ctx, resolvedApp(request)),
  );

  app.post(
    '/api/apps/:appId/template-update',
    {
      schema: { params: AppIdParams, body: TemplateUpdateBody },
      config: { access: 'owner', resource: appResource, rateLimit: updateLimit, api: { tag, summary: "Merge the newer version of the app's template into it (your data, mapping and own changes kept)", response: TemplateUpdateResponse } },
    },
    async (request) => applyUpdate(ctx, resolvedApp(request), signedInUser(request).id, request.body),
  );

  app.post(
    '/api/apps/:appId/template-update/restore',
    {
      schema: { params: AppIdParams, body: TemplateRestoreBody },
      config: { access: 'owner', resource: appResource, rateLimit: updateLimit, api: { tag, summary: 'Put the app back as it was before a template update', response: TemplateRestoreResponse } },
    },
    async (request) => restoreUpdate(ctx, resolvedApp(request), request.body.snapshot_id),
  );
}
