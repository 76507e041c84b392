// How a route names what it acts on: `config.resource` is one of these resolvers. The rule's
// preHandler (enforce.ts) runs it before the rule decides. A resolver answers the 404s that come
// before any question of who is asking (an unknown app, page or block), in the messages the routes
// always gave, and reads ids with the route's own zod schema so a malformed one is the same 400.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IdParams } from '../../shared/api/params';
import type { ServerContext } from '../platform/context';
import { notFound } from '../errors';
import { parse } from '../http';
import { appView, resolveApp, type AppView } from '../data/apps/record';
import { appsRepo } from '../data/apps/repo';
import { blocksRepo } from '../data/blocks/repo';
import { pagesRepo } from '../data/pages/repo';
import { spreadsheetsRepo } from '../data/spreadsheets/repo';
import type { Resource } from './rules';

export type ResourceResolver = (ctx: ServerContext, request: FastifyRequest) => Promise<Resource>;

const APP_NOT_FOUND = 'App not found';

async function appById(ctx: ServerContext, id: string, missing = APP_NOT_FOUND): Promise<AppView> {
  const row = await appsRepo(ctx.db).findById(id);
  if (!row) throw notFound(missing);
  return appView(row);
}

async function pageById(ctx: ServerContext, id: string): Promise<Resource> {
  const page = await pagesRepo(ctx.db).findById(id);
  if (!page) throw notFound('Page not found');
  return { kind: 'app', app: await appById(ctx, page.app_id), page };
}

/** The app whose id a path parameter holds, read with the route's params schema (404 'App not found'). */
export function appParam<S extends z.ZodType>(schema: S, idOf: (params: z.output<S>) => string): ResourceResolver {
  return async (ctx, request) => ({ kind: 'app', app: await appById(ctx, idOf(parse(schema, request.params))) });
}

/**
 * The app whose id a JSON body field holds, read with the route's body schema (so a bad body is
 * the route's own 400, before anything else).
 */
export function appInBody<S extends z.ZodType>(schema: S, idOf: (body: z.output<S>) => string): ResourceResolver {
  return async (ctx, request) => ({ kind: 'app', app: await appById(ctx, idOf(parse(schema, request.body))) });
}

/**
 * The app whose id an optional query field holds, read with the route's query schema (404 'App not
 * found' for an unknown one); a request naming none acts on the caller's own workspace, which the
 * service finds from the session ('in-service' with `why`). One path, one rule: 'owner' decides on
 * the app when there is one, and otherwise asks only for a session.
 */
export function appInQueryOrOwn<S extends z.ZodType>(schema: S, idOf: (query: z.output<S>) => string | undefined, why: string): ResourceResolver {
  return async (ctx, request) => {
    const id = idOf(parse(schema, request.query));
    return id ? { kind: 'app', app: await appById(ctx, id) } : { kind: 'in-service', why };
  };
}

/**
 * The app whose id the query or the JSON body names (`app_id`, or `form.app_id` of a marketplace
 * submission), read with the route's own schema for that part (a bad one is the route's 400).
 */
export function appInRequest<S extends z.ZodType>(part: 'query' | 'body', schema: S, idOf: (value: z.output<S>) => string): ResourceResolver {
  return async (ctx, request) => ({ kind: 'app', app: await appById(ctx, idOf(parse(schema, part === 'query' ? request.query : request.body))) });
}

/** The app with the subdomain a JSON body field names (POST /api/app/app-info); 404 with `missing`. */
export function appBySubdomainInBody<S extends z.ZodType>(schema: S, nameOf: (body: z.output<S>) => string, missing: string): ResourceResolver {
  return async (ctx, request) => {
    const row = await appsRepo(ctx.db).findBySubdomain(nameOf(parse(schema, request.body ?? {})).trim().toLowerCase());
    if (!row) throw notFound(missing);
    return { kind: 'app', app: appView(row) };
  };
}

/**
 * The app the request speaks for (apps/record.ts resolveApp: Host, then `app`, then `board`), from
 * the query as `schema` reads it; 404 with `missing` when it names none.
 */
export function requestApp<S extends z.ZodType<{ app?: string; board?: string }>>(
  schema: S,
  missing: string,
  refOf: (query: z.output<S>) => { app?: string; board?: string } = (q) => ({ app: q.app, board: q.board }),
): ResourceResolver {
  return async (ctx, request) => {
    const ref = refOf(parse(schema, request.query));
    const app = await resolveApp(ctx, { board: ref.board, app: ref.app, host: request.host });
    if (!app) throw notFound(missing);
    return { kind: 'app', app };
  };
}

/** The page whose id is the path parameter `id`, with its app (404 'Page not found'). */
export function pageParam(): ResourceResolver {
  return async (ctx, request) => pageById(ctx, parse(IdParams, request.params).id);
}

/** The page whose id a JSON body field holds, read with the route's body schema. */
export function pageInBody<S extends z.ZodType>(schema: S, idOf: (body: z.output<S>) => string): ResourceResolver {
  return async (ctx, request) => pageById(ctx, idOf(parse(schema, request.body)));
}

/** The block whose id is the path parameter `id`, with its page and app (404 'Block not found'). */
export function blockParam(): ResourceResolver {
  return blockIn(IdParams, (p) => p.id, 'Block not found');
}

/** The block whose id a path parameter holds, with its page and app; 404 with `missing` (the route's words). */
export function blockIn<S extends z.ZodType>(schema: S, idOf: (params: z.output<S>) => string, missing: string): ResourceResolver {
  return async (ctx, request) => {
    const block = await blocksRepo(ctx.db).findById(idOf(parse(schema, request.params)));
    if (!block) throw notFound(missing);
    const page = await pagesRepo(ctx.db).findById(block.page_id);
    if (!page) throw notFound(missing);
    return { kind: 'app', app: await appById(ctx, page.app_id, missing), page, block, missing };
  };
}

/** The spreadsheet whose id is the path parameter `id` (null when there is none: the rule answers 404). */
export function spreadsheetParam(): ResourceResolver {
  return spreadsheetIn(IdParams, (p) => p.id);
}

/** The spreadsheet whose id a path parameter holds, read with the route's params schema (null when there is none: the rule answers 404). */
export function spreadsheetIn<S extends z.ZodType>(schema: S, idOf: (params: z.output<S>) => string): ResourceResolver {
  return async (ctx, request) => {
    const s = await spreadsheetsRepo(ctx.db).findById(idOf(parse(schema, request.params)));
    return { kind: 'spreadsheet', spreadsheet: s ?? null };
  };
}

/**
 * The spreadsheet a sheet route's path names and the app the request speaks for (Host, then
 * `app`, then `board`; a write's body `board` before the query's), read with the route's own
 * schemas in the order its handler reads them (params, body, query), so a malformed request is
 * the same 400. Nothing is a 404 here: the rule answers in the sheet routes' order (rules.ts
 * 'app-viewer'). `unnamed`: the route's 401 for no app and no session.
 */
export function sheetOfRequest(
  schemas: { params: z.ZodType<{ spreadsheetId: string }>; query: z.ZodType<{ app?: string; board?: string }>; body?: z.ZodType<{ board?: string }> },
  unnamed: string,
): ResourceResolver {
  return async (ctx, request) => {
    const { spreadsheetId } = parse(schemas.params, request.params);
    const body = schemas.body ? parse(schemas.body, request.body) : undefined;
    const query = parse(schemas.query, request.query);
    const spreadsheet = (await spreadsheetsRepo(ctx.db).findById(spreadsheetId)) ?? null;
    // The app is resolved for an unknown spreadsheet too: the rule answers both alike.
    const app = await resolveApp(ctx, { board: body?.board ?? query.board, app: query.app, host: request.host });
    return { kind: 'sheet', spreadsheet, app, unnamed };
  };
}

/**
 * The app's own spreadsheet, for a multipage page's sheet read (GET /v3/api/page/sheet/…): the app
 * the request speaks for (Host, then `app`, then `board`: as sheetOfRequest finds it), read with
 * the route's schemas (params, then query); 404 'App not found' when it names none. The rule then
 * answers as for the board route naming that spreadsheet ('app-viewer' on a sheet).
 */
export function appSheetOfRequest(schemas: { params: z.ZodType; query: z.ZodType<{ app?: string; board?: string }> }, unnamed: string): ResourceResolver {
  return async (ctx, request) => {
    parse(schemas.params, request.params);
    const query = parse(schemas.query, request.query);
    const app = await resolveApp(ctx, { board: query.board, app: query.app, host: request.host });
    if (!app) throw notFound(APP_NOT_FOUND);
    const spreadsheet = app.spreadsheetId ? ((await spreadsheetsRepo(ctx.db).findById(app.spreadsheetId)) ?? null) : null;
    return { kind: 'sheet', spreadsheet, app, unnamed };
  };
}

/**
 * The app the request speaks for (Host, then the JSON body's `board`), read with the route's body
 * schema; 404 with `missing` when it names none (POST /v3/getSpreadsheetData).
 */
export function requestAppInBody<S extends z.ZodType<{ board?: string }>>(schema: S, missing: string): ResourceResolver {
  return async (ctx, request) => {
    const body = parse(schema, request.body ?? {});
    const app = await resolveApp(ctx, { board: body.board, host: request.host });
    if (!app) throw notFound(missing);
    return { kind: 'app', app };
  };
}

/** The service decides (see Resource 'in-service'); `why` is kept for the README and the route list. */
export function decidedInService(why: string): ResourceResolver {
  return async () => ({ kind: 'in-service', why });
}
