// Builds the Fastify instance from a Config without listening, so tests use app.inject or a real
// port and main.ts only adds migrations, the web build and listen().
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type preValidationAsyncHookHandler } from 'fastify';
import { localBus, pgBus, type Bus } from './platform/cluster/bus';
import { dbCounters } from './platform/cluster/counters';
import { localLocks, pgLocks } from './platform/cluster/locks';
import { followSheetChanges } from './platform/cluster/sheet-changes';
import type { Config } from './config';
import type { ServerContext } from './platform/context';
import { migrateToLatest, openDb, type DbHandle } from './db';
import { errorHandler } from './errors';
import { refuseCrossOriginWrites } from './platform/net/csrf';
import { accessPreHandler, declaredTokens, decorateAccess } from './access/enforce';
import { declaredAccess, type AccessRuleName } from './access/rules';
import { actionRoutes } from './modules/actions/routes';
import { adminRoutes } from './modules/admin/routes';
import { blogAccountRoutes } from './modules/blog/accounts-routes';
import { blogMediaRoutes } from './modules/blog/media-routes';
import { blogCategoryRoutes } from './modules/blog/categories-routes';
import { blogFeedRoutes } from './modules/blog/feeds';
import { blogPostRoutes } from './modules/blog/posts-routes';
import { blogPublicRoutes } from './modules/blog/public-routes';
import { appUserRoutes } from './modules/app-users/routes';
import { appRoutes } from './modules/apps/routes';
import { rateLimitHooks } from './platform/limits/rate-limit';
import { authRoutes } from './modules/auth/routes';
import { accountRoutes } from './modules/account/routes';
import { chartRoutes } from './modules/charts/routes';
import { commentRoutes } from './modules/comments/routes';
import { purgeExpired } from './modules/auth/service';
import { billingRoutes } from './modules/billing/routes';
import { planRoutes } from './modules/billing/plan-routes';
import { purchaseRoutes } from './modules/purchases/routes';
import { googleRoutes } from './modules/gsheets/routes';
import { pushDue, stopPushes } from './modules/gsheets/push';
import { startGoogleScheduler } from './modules/gsheets/scheduler';
import { blockRoutes } from './modules/blocks/routes';
import { envRoutes } from './modules/env/routes';
import { geocodeRoutes } from './modules/geocode/routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { clonesRoutes } from './modules/clones/routes';
import { createMailer } from './platform/mail/mailer';
import { pageRoutes } from './modules/pages/routes';
import { rowRoutes } from './modules/rows/routes';
import { siteRoutes } from './modules/site/routes';
import { SheetCache } from './sheets';
import { appDataRoutes } from './modules/spreadsheets/app-data-routes';
import { dataRoutes } from './modules/spreadsheets/data-routes';
import { spreadsheetRoutes } from './modules/spreadsheets/routes';
import { storefrontRoutes } from './modules/storefront/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { sweepUploads } from './modules/uploads/service';
import { startSweeping } from './modules/jobs/sweep';
import { jobRoutes } from './modules/jobs/routes';
import { createFileStore } from './platform/storage';
import { workspaceRoutes } from './modules/workspace/routes';
import { developerRoutes } from './modules/developer/routes';
import { ApiRegistry, attachApiRegistry, type ApiInput } from './modules/developer/openapi';
import { zodValidatorCompiler, type ApiServer, type ZodTypeProvider } from './routing/input';
import { plainSignupRoutes } from './modules/plain-signup/routes';
import { compressOptions, compressSmall, refuseIncompressible } from './platform/net/compress';
import { securityHeaders } from './platform/net/headers';
import { Lifecycle } from './platform/lifecycle';
import { healthRoutes } from './modules/health/routes';

/** Largest JSON body of any route except POST /api/spreadsheets. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  /** Every route with its declared access rule (null: not an /api route, e.g. the web app's files). */
  routes: { method: string; url: string; access: AccessRuleName | null }[];
  ctx: ServerContext;
  db: DbHandle;
}

export async function buildApp(config: Config, options: { logger?: boolean | object; db?: DbHandle; migrate?: boolean } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Every JSON body but a spreadsheet's is small (settings, blocks, credentials); the import
    // route raises its own limit to MAX_IMPORT_MB.
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Slow clients (settings.ts, "Stopping, slow clients and health checks"): headers and whole
    // requests have deadlines, checked every second rather than Node's every 30 s, so connections
    // that send a byte every few seconds are closed near their deadline; idle keep-alive ones too.
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    // While stopping, a request arriving on a connection already open is served (with
    // `Connection: close`) rather than refused with Fastify's bare 503: main.ts closes the listener
    // and, at the deadline, every connection left.
    return503OnClosing: false,
    // Malformed URLs (`/%E0%A4%A`) and bad content types answer in the same {message} shape as
    // every other error.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
  });
  const db = options.db ?? openDb(config);
  const lifecycle = new Lifecycle(app.log);
  if (options.migrate !== false) await migrateToLatest(db.db, db.schema);
  // migrate: false is a database migrated by the caller (tests).
  lifecycle.migrated = true;

  // What instances on one PostgreSQL share beyond the rows (docs/decisions, "Running more than
  // one instance"): rate-limit counts in the database, sheet-cache changes over LISTEN/NOTIFY, and
  // advisory locks. On SQLite the counts are in its file and the rest is in process.
  const shared = db.dialect === 'postgres' && !!config.databaseUrl;
  const bus: Bus = shared ? pgBus({ connectionString: config.databaseUrl!, schema: db.schema, db: db.db, log: app.log }) : localBus();
  const cacheBytes = config.sheetCacheMb * 1024 * 1024;
  const ctx: ServerContext = {
    config,
    db: db.db,
    dialect: db.dialect,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    sheetCache: new SheetCache(
      cacheBytes,
      Number.isFinite(config.sheetSnapshotMinRows)
        ? {
            dir: path.join(config.dataDir, 'sheet-snapshots'),
            minRows: config.sheetSnapshotMinRows,
            rewriteAfterMs: config.sheetSnapshotDelayMs,
            threadMb: config.sheetSnapshotThreadMb,
            warn: (err, message) => app.log.warn({ err }, message),
          }
        : null,
    ),
    counters: dbCounters(db.db),
    bus,
    locks: shared ? pgLocks({ connectionString: config.databaseUrl!, schema: db.schema, log: app.log }) : localLocks(),
    files: createFileStore(config),
    log: app.log,
    lifecycle,
  };
  const stopFollowing = followSheetChanges(ctx);
  // Listening before the first request, so no change of another instance is missed from then on.
  const listening = await Promise.race([bus.ready().then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, 10_000, false).unref())]);
  if (!listening) app.log.warn('not listening to other server instances yet (it keeps trying); their sheet changes reach this one by version meanwhile');

  // The spec's metadata calls POST with an empty body; accept it as "no fields".
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      // Like Fastify's own parser, drop __proto__ keys so no body can reach a prototype.
      done(null, text.includes('__proto__') ? JSON.parse(text, (k, v) => (k === '__proto__' ? undefined : v)) : JSON.parse(text));
    } catch {
      const err = new Error('The request body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  // Before any route (the web app's files included): the plugin hooks each route as it is added.
  // net/compress.ts says what is compressed and how hard.
  await app.register(fastifyCompress, compressOptions());
  app.addHook('onSend', refuseIncompressible);
  app.addHook('onSend', compressSmall);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: Math.ceil(config.maxImportMb * 1024 * 1024), files: 1, fields: 10 },
  });
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', refuseCrossOriginWrites); // platform/net/csrf.ts: changes come from the host they are sent to
  app.addHook('onSend', securityHeaders(config));

  // Every /api route must say who may call it (access/rules.ts): start-up fails otherwise.
  // The declaration is the enforcement: its rule runs first, then the route's rate limit, both
  // before Fastify parses the route's input with its zod schemas (routing/input.ts), so a caller
  // the rule refuses learns nothing from validation messages and a handler gets parsed input.
  const routes: BuiltApp['routes'] = [];
  // Every route's `config.api` and input schemas make the OpenAPI document (developer/openapi.ts);
  // `config.tokens` names the least API-token scope that may call it (none: a session only).
  const apiRegistry = new ApiRegistry();
  attachApiRegistry(app, apiRegistry);
  decorateAccess(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.addHook('onRoute', (route) => {
    const access = declaredAccess(route);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
    if (!access) return;
    const tokens = declaredTokens(route);
    const api = route.config?.api;
    // Every guarded route is in the OpenAPI document: start-up fails otherwise, as for access.
    if (!api) throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} declares no entry for the API reference (config.api: { tag, summary, response? })`);
    for (const method of [route.method].flat()) apiRegistry.record(method, route.url, access, api, (route.schema ?? {}) as ApiInput, tokens);
    const check = accessPreHandler(ctx, access, route.config?.resource, tokens);
    const first: preValidationAsyncHookHandler[] = [check];
    // Rate limits run after the rule: they may count by the account or the app it resolved.
    const limit = route.config?.rateLimit;
    if (limit) {
      const hooks = rateLimitHooks(ctx, limit, (route.schema as ApiInput | undefined)?.body);
      first.push(hooks.preValidation);
      route.onError = [...[route.onError ?? []].flat(), hooks.onError];
      route.preSerialization = [...[route.preSerialization ?? []].flat(), hooks.preSerialization];
    }
    route.preValidation = [...first, ...[route.preValidation ?? []].flat()];
  });
  // Route modules see the server with zod types: `schema` parts type the request (routing/input.ts).
  const api: ApiServer = app.withTypeProvider<ZodTypeProvider>();
  authRoutes(api, ctx);
  accountRoutes(api, ctx);
  workspaceRoutes(api, ctx);
  spreadsheetRoutes(api, ctx);
  dataRoutes(api, ctx);
  appDataRoutes(api, ctx);
  rowRoutes(api, ctx);
  chartRoutes(api, ctx);
  appRoutes(api, ctx);
  pageRoutes(api, ctx);
  blockRoutes(api, ctx);
  actionRoutes(api, ctx);
  commentRoutes(api, ctx);
  appUserRoutes(api, ctx);
  uploadRoutes(api, ctx);
  marketplaceRoutes(api, ctx);
  clonesRoutes(api, ctx);
  storefrontRoutes(api, ctx);
  geocodeRoutes(api, ctx);
  envRoutes(api, ctx);
  billingRoutes(api, ctx);
  planRoutes(api, ctx);
  purchaseRoutes(api, ctx);
  googleRoutes(api, ctx);
  adminRoutes(api, ctx);
  blogAccountRoutes(api, ctx);
  blogMediaRoutes(api, ctx);
  blogPostRoutes(api, ctx);
  blogCategoryRoutes(api, ctx);
  blogPublicRoutes(api, ctx);
  blogFeedRoutes(api, ctx);
  developerRoutes(api, ctx, apiRegistry);
  plainSignupRoutes(api, ctx);
  jobRoutes(api, ctx);
  healthRoutes(api, ctx);
  siteRoutes(api, ctx);

  // Hourly: expired sessions and rate-limit counts, and visitors' uploads no saved row named in
  // time (uploads/service.ts).
  const purge = () =>
    Promise.all([
      purgeExpired(ctx).catch((err) => app.log.warn({ err }, 'purging expired sessions failed')),
      ctx.counters.sweep().catch((err) => app.log.warn({ err }, 'sweeping ended rate-limit counts failed')),
      sweepUploads(ctx).catch((err) => app.log.warn({ err }, 'sweeping unattached uploads failed')),
    ]);
  await purge();
  // What a server stopped mid-operation (kill -9, a crash) left half done, removed before this one
  // answers, and its owner told; then every half lease, for servers that stop while this one runs.
  const sweeping = await startSweeping(ctx);
  const purgeTimer = setInterval(purge, 3600_000);
  purgeTimer.unref();

  // Connected Google spreadsheets keep in step by themselves (GOOGLE_POLL_SECONDS; 0: off).
  // Edits waiting for Google (a failed try, a restart) are sent again on the loop's ticks.
  const googleScheduler = startGoogleScheduler(ctx, { pushDue: () => pushDue(ctx) });

  // A stop (main.ts) sets a deadline: no closing step waits past it (the process exits then, and
  // what was cut short is resumed or failed by the next start, as the log says).
  const inTime = async (step: string, work: Promise<unknown>) => {
    if (lifecycle.deadline === null) return void (await work);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, lifecycle.msLeft(0), 'late')));
    if ((await Promise.race([work, late])) === 'late') app.log.warn(`stopping: ${step} not done at the deadline; going on without it`);
    clearTimeout(timer);
  };
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    sweeping.stop();
    await inTime('the Google sync round', googleScheduler.stop());
    // Edits not pushed yet stay queued in the database: the next start sends them.
    await inTime('pushes to Google', stopPushes(ctx));
    // Pulls still waiting for another instance's lock give up (the next tick, anywhere, retries).
    await inTime('releasing locks', ctx.locks.close());
    stopFollowing();
    await inTime('closing the cluster bus', bus.close());
    // Big sheets patched since their last snapshot get one now, within what is left of the stop's
    // deadline: the next start reads them back, or (a snapshot not written) reads their rows.
    const budget = lifecycle.msLeft(30_000);
    const started = Date.now();
    await ctx.sheetCache.close(budget);
    if (lifecycle.stopping)
      app.log.info(
        Date.now() - started < budget
          ? 'stopping: snapshot files finished'
          : 'stopping: snapshot files of sheets changed since their last one may be cut short at the deadline; the next start reads those sheets from their rows (snapshots are derived data)',
      );
    ctx.mailer.close();
    ctx.files.close();
    if (!options.db) await inTime('closing the database', db.close());
  });
  return { app, ctx, db, routes };
}
