import type { FastifyRequest } from 'fastify';
import { resolvedApp, resolvedViewer, signedInUser } from '../../access/enforce';
import { appBySubdomainInBody, appParam, requestApp } from '../../access/resources';
import { z } from 'zod';
import {
  AppInfoBody,
  AppResponse,
  UpdateAppResponse,
  AppsResponse,
  BoardMetadataBody,
  BoardMetadataResponse,
  CreateAppBody,
  CustomDomainResponse,
  MetadataQuery,
  PageMetadataBody,
  PageMetadataQuery,
  PageMetadataResponse,
  UpdateAppBody,
} from '../../../shared/api';
import { IdParams } from '../../../shared/api/params';
import { TOKEN_MESSAGES } from '../../../shared/api/developer';
import { HttpError } from '../../errors';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { IpLimiter } from '../../platform/limits/limiter';
import { perAccount, type RateLimit } from '../../platform/limits/rate-limit';
import { currentWorkspace } from '../../identity/current-workspace';
import { assertMayPublish } from '../account/publishing';
import { publishWarnings } from '../../data/apps/integrity';
import { assertAppRoom } from '../billing/plans';
import { customDomainOf, verifyCustomDomain } from './custom-domain';
import { boardMetadata, pageMetadata } from './metadata';
import { RowRulesBody, RowRulesResponse } from '../../../shared/api/row-rules';
import { rowRulesOfApp, saveRowRules } from './row-rules';
import * as service from './service';

/** Custom-domain checks (Verify) one owner account may run per window. */
export const DOMAIN_CHECKS_PER_ACCOUNT = 30;
const DOMAIN_CHECKS_WINDOW_MS = 10 * 60_000;

const BoardQuery = MetadataQuery.extend({ app: z.string().optional() });

/**
 * Who may open an app is for the owner to widen, signed in: an API token that made an app public,
 * changed its sign-in or its Publish URL would leave the data open after the token is revoked.
 * Tokens still create and change apps, and may close one (public: false).
 */
function refuseTokenOpening(request: FastifyRequest, opens: boolean) {
  if (opens && request.access.caller.bearer) throw new HttpError(403, TOKEN_MESSAGES.opensApp, undefined, 'token_not_allowed');
}

export function appRoutes(app: ApiServer, ctx: ServerContext) {
  app.post('/api/apps', { schema: { body: CreateAppBody }, config: { access: 'signed-in', tokens: 'read-write', api: { tag: 'Apps', summary: 'Create an app', description: 'With an API token, `public: true` is refused (403 `token_not_allowed`): a token creates private apps.', response: AppResponse, status: 201 } } }, async (request, reply) => {
    const user = signedInUser(request);
    const body = request.body;
    refuseTokenOpening(request, body.public === true);
    const ws = await currentWorkspace(ctx, user);
    // Publishing waits for a verified address (account/publishing.ts); a private app is always fine.
    if (body.public) await assertMayPublish(ctx, ws.id, user.id);
    // The plan's number of apps (shared/rules/plans.ts).
    await assertAppRoom(ctx, ctx.db, ws.id);
    const { app: created } = await service.createApp(ctx, { workspaceId: ws.id }, body);
    return reply.status(201).send({ app: service.appOut(created) });
  });

  app.get('/api/apps', { config: { access: 'signed-in', tokens: 'read', api: { tag: 'Apps', summary: 'List your apps (and those of workspaces you edit)', response: AppsResponse } } }, async (request) => {
    const user = signedInUser(request);
    return { apps: (await service.listApps(ctx, user)).map(service.appOut) };
  });

  app.get('/api/apps/:id', { schema: { params: IdParams }, config: { access: 'app-viewer', resource: appParam(IdParams, (p) => p.id), tokens: 'read', api: { tag: 'Apps', summary: 'Get an app', response: AppResponse } } }, async (request) => ({
    app: service.appOut(resolvedApp(request)),
  }));

  // The app named by the first label of the host name (shell §5), if the caller may view it.
  const appInfo = appBySubdomainInBody(AppInfoBody, (b) => b.appName, 'Unable to get app information');
  app.post(
    '/api/app/app-info',
    { schema: { body: AppInfoBody }, config: { access: 'app-viewer', resource: appInfo, api: { tag: 'Apps', summary: 'Find an app by the first label of its host name', response: AppResponse } } },
    async (request) => ({ app: service.appOut(resolvedApp(request)) }),
  );

  app.put('/api/apps/:id', { schema: { params: IdParams, body: UpdateAppBody }, config: { access: 'owner', resource: appParam(IdParams, (p) => p.id), tokens: 'read-write', api: { tag: 'Apps', summary: 'Change an app (name, address, privacy, board settings)', description: 'With an API token, `public: true` on a private app, a new `sign_in_method` or a new `publishUrl` is refused (403 `token_not_allowed`): opening an app up needs you signed in.', response: UpdateAppResponse } } }, async (request) => {
    const body = request.body;
    const target = resolvedApp(request);
    refuseTokenOpening(
      request,
      (body.public === true && !target.public) || (body.sign_in_method !== undefined && body.sign_in_method !== target.sign_in_method) || (body.publishUrl !== undefined && body.publishUrl !== target.publishUrl),
    );
    const goesLive = body.public === true && !target.public;
    if (goesLive) await assertMayPublish(ctx, target.workspaceId, request.access.user?.id);
    const updated = await service.updateApp(ctx, target, body);
    // Going live with broken blocks is allowed; the answer names them (data/apps/integrity.ts).
    const warnings = body.public === true ? await publishWarnings(ctx.db, updated) : [];
    return { app: service.appOut(updated), ...(warnings.length ? { warnings } : {}) };
  });

  app.delete('/api/apps/:id', { schema: { params: IdParams }, config: { access: 'owner', resource: appParam(IdParams, (p) => p.id), tokens: 'read-write', api: { tag: 'Apps', summary: 'Delete an app (workspace owner only)', status: 204 } } }, async (request, reply) => {
    await service.deleteApp(ctx, signedInUser(request), resolvedApp(request));
    return reply.status(204).send();
  });

  // The owner's own domain in the Publish URL: the record that proves it, and the check (custom-domain.ts).
  const ownApp = { access: 'owner', resource: appParam(IdParams, (p) => p.id) } as const;
  const domainDoc = { tag: 'Apps', response: CustomDomainResponse } as const;
  // Each Verify sends DNS queries from this server: a budget per owner account (in memory, per
  // process, like the other limits).
  const verifies = perAccount(new IpLimiter(ctx.counters, 'apps.verifies', DOMAIN_CHECKS_PER_ACCOUNT, DOMAIN_CHECKS_WINDOW_MS));
  const verifyLimit: RateLimit = {
    check: [verifies],
    refusal: (wait) => `Too many domain checks. Please wait ${wait} and try again.`,
    count: [{ when: 'attempt', budgets: [verifies] }],
  };
  // Row rules (issue 34): who reads and changes which rows of the app's sheets.
  const rulesDoc = { tag: 'Apps', response: RowRulesResponse, description: "One rule per sheet: app users read (and change) only the rows whose `column` equals (`match: 'equals'`) or contains (`'contains'`, for a multi-value column) their e-mail (`value: 'user_email'`) or one of their groups (`'user_groups'`). No rule for a sheet: everyone reads every row. `hidden` keeps columns from app users (`from: 'app_users'`, guests too) or from guests only. The owner and the workspace's editors always see everything." } as const;
  app.get('/api/apps/:id/row-rules', { schema: { params: IdParams }, config: { ...ownApp, tokens: 'read', api: { ...rulesDoc, summary: "The app's row rules and hidden columns" } } }, async (request) => rowRulesOfApp(resolvedApp(request)));
  app.put('/api/apps/:id/row-rules', { schema: { params: IdParams, body: RowRulesBody }, config: { ...ownApp, tokens: 'read-write', api: { ...rulesDoc, summary: "Set the app's row rules (and, when given, its hidden columns)" } } }, async (request) =>
    saveRowRules(ctx, resolvedApp(request), request.body),
  );

  app.get(
    '/api/apps/:id/custom-domain',
    { schema: { params: IdParams }, config: { ...ownApp, api: { ...domainDoc, summary: "The custom domain of the app's Publish URL and the DNS record that proves it" } } },
    async (request) => ({ customDomain: customDomainOf(resolvedApp(request)) }),
  );
  app.post(
    '/api/apps/:id/custom-domain/verify',
    { schema: { params: IdParams }, config: { ...ownApp, rateLimit: verifyLimit, api: { ...domainDoc, summary: "Check the custom domain's DNS record now (rate-limited per account)" } } },
    async (request) => ({ customDomain: await verifyCustomDomain(ctx, resolvedApp(request)) }),
  );

  // Board and page state answer a password app's visitor who has not signed in (its sign-in
  // pages, no data); a write is the owner's (the service, per field).
  const state = (request: FastifyRequest) => ({ app: resolvedApp(request), viewer: resolvedViewer(request) });
  // An empty body (or none) saves nothing and only answers the state (blocks-and-data §7).
  app.post(
    '/api/board/update-metadata',
    {
      schema: { querystring: BoardQuery, body: BoardMetadataBody },
      config: {
        access: 'app-visitor',
        resource: requestApp(BoardQuery, 'Board not found'),
        api: { tag: 'Apps', summary: "A board's or app's state for the editor and the viewer; the owner's settings in the body are saved first", response: BoardMetadataResponse },
      },
    },
    async (request) => boardMetadata(ctx, request.access.caller, state(request), request.body),
  );

  app.post(
    '/api/page/update-metadata',
    {
      schema: { querystring: PageMetadataQuery, body: PageMetadataBody },
      config: {
        access: 'app-visitor',
        resource: requestApp(PageMetadataQuery, 'Board not found'),
        api: { tag: 'Pages', summary: "A multipage app page's state; the owner's settings in the body are saved first", response: PageMetadataResponse },
      },
    },
    async (request) => {
      const q = request.query;
      return pageMetadata(ctx, request.access.caller, state(request), { board: q.board, page: q.page }, request.body);
    },
  );
}
