// The preHandler every /api route gets from its declaration (app.ts onRoute): resolve the caller
// and the resource the route names, ask the rule, refuse before the handler runs, and leave what
// was resolved on `request.access` for the handler.
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler, RouteOptions } from 'fastify';
import type { ServerContext } from '../platform/context';
import { forbidden, HttpError, unauthorized } from '../errors';
import { TOKEN_MESSAGES, TOKEN_SCOPES, type TokenScope } from '../../shared/api/developer';
import type { AppView } from '../data/apps/record';
import type { SessionUser } from '../identity/owner-session';
import type { BlockRow } from '../data/blocks/repo';
import type { PageRow } from '../data/pages/repo';
import type { ResourceResolver } from './resources';
import { ACCESS_RULES, type AccessRule, type AccessRuleName, type Resource, type SpreadsheetRef } from './rules';
import { appViewer, callerEdits, callerOf, PREVIEW_READ_ONLY, type AppViewer, type Caller, type SheetAccess } from './viewer';

/** What the rule resolved for the handler. */
export interface RequestAccess {
  rule: AccessRuleName;
  caller: Caller;
  /** The owner-account session user, if any (always set on 'signed-in' and 'owner' routes). */
  user: SessionUser | null;
  /** On a sheet route: the app named, or null when the caller owns the spreadsheet (reads it whole). */
  app: AppView | null;
  /** The caller as a viewer of `app` (owner?, app user, audience role, e-mail for 'current user'). */
  viewer: AppViewer | null;
  page: PageRow | null;
  block: BlockRow | null;
  spreadsheet: SpreadsheetRef | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (access/rules.ts). Required on every /api route. */
    access?: AccessRuleName;
    /** What the route acts on, for rules that decide on a resource (access/resources.ts). */
    resource?: ResourceResolver;
    /**
     * The least API-token scope that may call this route (`declaredTokens` below); absent: a
     * session only. 'read': read and read-write tokens (reads alone may say so); 'read-write':
     * read-write tokens only.
     */
    tokens?: TokenScope;
  }
  interface FastifyRequest {
    /** Set by the route's access preHandler before its handler runs (/api routes only). */
    access: RequestAccess;
  }
}

/** Lets Fastify know the request property (its value is set per request by the preHandler). */
export function decorateAccess(app: FastifyInstance) {
  app.decorateRequest('access', null as unknown as RequestAccess);
}

const READS = new Set(['GET', 'HEAD']);

/**
 * The token scope a route declares (`config.tokens`), or null when only a session may call it.
 * Start-up fails on anything else, and on a change (not GET) open to read tokens: a read token
 * calls safe reads only, so every write says 'read-write' where it is declared.
 */
export function declaredTokens(route: Pick<RouteOptions, 'url' | 'method' | 'config'>): TokenScope | null {
  const tokens = (route.config as { tokens?: unknown } | undefined)?.tokens;
  const methods = [route.method].flat();
  if (tokens === undefined) return null;
  if (typeof tokens !== 'string' || !(TOKEN_SCOPES as readonly string[]).includes(tokens))
    throw new Error(`Route ${methods.join(',')} ${route.url} declares tokens: ${JSON.stringify(tokens)} (config.tokens: ${TOKEN_SCOPES.map((s) => `'${s}'`).join(' | ')}, or none for a session only)`);
  if (tokens === 'read' && methods.some((m) => !READS.has(m)))
    throw new Error(`Route ${methods.join(',')} ${route.url} changes things but declares tokens: 'read' (a read token calls reads only: declare 'read-write')`);
  return tokens as TokenScope;
}

/**
 * Why a request made with an API token is refused before the rule is asked, or null: an unknown
 * or revoked token is 401; a route that declares no token scope (sign-in, the account, its
 * workspaces and editors, billing, the tokens themselves, ...) 403 `token_not_allowed`; a
 * read-only token on a route declaring 'read-write' (or on any change) 403 `token_read_only`.
 * Past this, the token's owner is the caller and the route's rule decides as for their session.
 */
export function tokenRefusal(caller: Caller, method: string, tokens: TokenScope | null): HttpError | null {
  if (!caller.bearer) return null;
  const token = caller.bearer.token;
  if (!token) return new HttpError(401, TOKEN_MESSAGES.invalid, undefined, 'invalid_token');
  if (!tokens) return new HttpError(403, TOKEN_MESSAGES.notForTokens, undefined, 'token_not_allowed');
  // The method check stands beside the declaration: declaredTokens already refuses 'read' on a change.
  if (token.scope === 'read' && (tokens === 'read-write' || !READS.has(method))) return new HttpError(403, TOKEN_MESSAGES.readOnly, undefined, 'token_read_only');
  return null;
}

/**
 * The preHandler of a route declaring `rule` with `resolver` (none: the rule decides on the caller
 * alone); `tokens`: the least token scope that may call it (null: a session only).
 */
export function accessPreHandler(ctx: ServerContext, name: AccessRuleName, resolver: ResourceResolver | undefined, tokens: TokenScope | null = null): preValidationAsyncHookHandler {
  const rule: AccessRule = ACCESS_RULES[name];
  return async (request) => {
    const caller = await callerOf(ctx, request);
    const tokenProblem = tokenRefusal(caller, request.method, tokens);
    if (tokenProblem) throw tokenProblem;
    const resource: Resource = resolver ? await resolver(ctx, request) : { kind: 'none' };
    if (!rule.resources.includes(resource.kind)) throw new Error(`Rule '${name}' cannot decide on a '${resource.kind}' resource (${request.routeOptions.url})`);
    const refusal = await rule.decide(ctx, caller, resource);
    if (refusal) throw refusal;
    // "Preview as" reads the app as another viewer would: no change through the owner's own
    // routes either, and a sheet read that names no app has no viewer to preview.
    if (caller.previewAs && !READS.has(request.method) && (name === 'owner' || name === 'signed-in')) throw forbidden(PREVIEW_READ_ONLY);
    if (caller.previewAs && resource.kind === 'sheet' && !resource.app) throw forbidden(PREVIEW_READ_ONLY);
    // The owner of a sheet's spreadsheet (or an editor of its workspace) reads and writes it as
    // such, whatever app the request names: whole sheets, no viewer (unless previewing the app).
    const sheetOwner = resource.kind === 'sheet' && !!resource.spreadsheet && !caller.previewAs && (await callerEdits(ctx, caller, resource.spreadsheet.workspace_id));
    const app = resource.kind === 'app' || (resource.kind === 'sheet' && !sheetOwner) ? resource.app : null;
    request.access = {
      rule: name,
      caller,
      user: caller.user,
      app,
      viewer: app ? await appViewer(ctx, caller, app) : null,
      page: resource.kind === 'app' ? (resource.page ?? null) : null,
      block: resource.kind === 'app' ? (resource.block ?? null) : null,
      spreadsheet: resource.kind === 'spreadsheet' || resource.kind === 'sheet' ? resource.spreadsheet : null,
    };
  };
}

/** The session user of a 'signed-in' or 'owner' route (their rule refused anyone without one). */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = request.access.user;
  if (!user) throw unauthorized();
  return user;
}

type Resolved = Pick<RequestAccess, 'app' | 'viewer' | 'page' | 'block' | 'spreadsheet'>;

/**
 * What the route's rule resolved. A handler asking for what its declaration does not resolve is a
 * bug in the route (a 500 naming it), never a reason to look the thing up again.
 */
function resolved<K extends keyof Resolved>(request: FastifyRequest, key: K): NonNullable<Resolved[K]> {
  const value = request.access[key];
  if (!value) throw new Error(`${request.routeOptions.url} reads a ${key} its access rule did not resolve`);
  return value as NonNullable<Resolved[K]>;
}

/** The app the route's rule resolved. */
export const resolvedApp = (request: FastifyRequest): AppView => resolved(request, 'app');
/** The caller as a viewer of the resolved app. */
export const resolvedViewer = (request: FastifyRequest): AppViewer => resolved(request, 'viewer');
/** The page the route's rule resolved (a page route, or the page of a block route). */
export const resolvedPage = (request: FastifyRequest): PageRow => resolved(request, 'page');
/** The block the route's rule resolved. */
export const resolvedBlock = (request: FastifyRequest): BlockRow => resolved(request, 'block');
/** The spreadsheet the route's rule resolved (the 'owner' rule answered 404 for a missing one). */
export const resolvedSpreadsheet = (request: FastifyRequest): SpreadsheetRef => resolved(request, 'spreadsheet');

/** Who reads or writes the sheet a sheet route named ('app-viewer' with sheetOfRequest). */
export function resolvedSheetAccess(request: FastifyRequest): SheetAccess {
  const { spreadsheet, app, viewer, user } = request.access;
  if (!spreadsheet) throw new Error(`${request.routeOptions.url} reads a sheet its access rule did not resolve`);
  if (app && viewer) return { spreadsheet, user, reader: { app, viewer } };
  if (!user) throw new Error(`${request.routeOptions.url} reads a sheet as its owner without a session`);
  return { spreadsheet, user, reader: null };
}
