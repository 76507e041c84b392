// Every API route declares who may call it: `config: { access: RULE, resource: RESOLVER }`
// (resources.ts names what the route acts on). The declaration is what lets a request through:
// app.ts attaches one preHandler per route (enforce.ts) that resolves the caller and the resource,
// asks the rule below, and refuses with the rule's 401/403/404 before the handler runs. Handlers
// then read what was resolved from `request.access` instead of looking it up again. Services keep
// the domain checks (block audiences, row versions, "only the workspace owner deletes apps").
//
// One rule is one entry of ACCESS_RULES: a description, the resource kinds it can decide on, and
// decide(caller, resource) → null (allow) or the refusal to answer. Adding a role (provider
// admins, blog admins, blog authors) is one more entry here; the matrix (access.test.ts) then
// covers it on every route that declares it.
import type { RouteOptions } from 'fastify';
import type { ServerContext } from '../platform/context';
import { forbidden, type HttpError, notFound, unauthorized } from '../errors';
import type { AppView } from '../data/apps/record';
import type { BlockRow } from '../data/blocks/repo';
import type { PageRow } from '../data/pages/repo';
import { ADMIN_MESSAGES } from '../../shared/rules/marketplace';
import { BLOG_MESSAGES, isBlogEditor } from '../../shared/rules/blog';
import { appViewer, callerEdits, isSnapshotApp, snapshotWriteRefusal, viewRefusal, type Caller } from './viewer';
import { blockVisible } from './visibility';

/** The spreadsheet a route names, as far as the rules need it (null: no such spreadsheet). */
export interface SpreadsheetRef {
  id: string;
  workspace_id: string;
  title: string;
  created_at: string;
}

/** What a route acts on, as its resolver found it (resources.ts). */
export type Resource =
  /** Nothing beyond the caller (the rule decides on the caller alone). */
  | { kind: 'none' }
  /**
   * An app, and the page or block of it the route names (both resolved to their app); `missing`
   * is the route's 404 for a block that does not exist, which is also the answer for one the
   * caller may not see (visibility.ts).
   */
  | { kind: 'app'; app: AppView; page?: PageRow; block?: BlockRow; missing?: string }
  /** A spreadsheet of someone's workspace; null when it does not exist (answered 404 after the session check). */
  | { kind: 'spreadsheet'; spreadsheet: SpreadsheetRef | null }
  /**
   * A sheet of a spreadsheet (sheet data, charts, maps, rows) and the app the request speaks for
   * (null when it names none); `unnamed` is the route's 401 when no app is named and no one is
   * signed in.
   */
  | { kind: 'sheet'; spreadsheet: SpreadsheetRef | null; app: AppView | null; unnamed: string }
  /**
   * The service decides, for routes whose resource is named where a preHandler cannot read it
   * (a multipart field) or whose answer mixes the app with row-level rules; `why` says which.
   */
  | { kind: 'in-service'; why: string };

export type ResourceKind = Resource['kind'];
type AppResource = Extract<Resource, { kind: 'app' }>;

/** A sign-in a rule reads: the owner's session, an app user's, a provider admin's, a blog admin's. */
export type SignIn = 'owner' | 'app-user' | 'admin' | 'blog-admin';

export interface AccessRule {
  /** What the rule promises (the README and the matrix read it). */
  description: string;
  /** The resource kinds the rule decides on; a route declaring the rule must name one of them. */
  resources: readonly ResourceKind[];
  /** The sign-ins the rule reads (the OpenAPI document's security), beside API tokens where a route takes them. */
  signIns: readonly SignIn[];
  /** Whether a caller with no sign-in at all may pass (a public app, a public catalogue). */
  anonymous: boolean;
  /** null lets the request through; an HttpError is the answer (401/403/404). */
  decide(ctx: ServerContext, caller: Caller, resource: Resource): Promise<HttpError | null>;
}

const allow = async () => null;

/**
 * A block the caller may not see (visibility.ts: a non-public page's content, a password app's
 * pages before signing in) is answered as one that does not exist, so its existence does not
 * leak either: 404 in the route's own words. null when the route names no block or it is visible.
 */
async function hiddenBlock(ctx: ServerContext, caller: Caller, resource: AppResource): Promise<HttpError | null> {
  const { page, block } = resource;
  if (!block || !page) return null;
  return blockVisible(await appViewer(ctx, caller, resource.app), page, block) ? null : notFound(resource.missing ?? 'Block not found');
}

export const ACCESS_RULES = {
  /** Anyone, no app data behind it (health, env names, owner sign-in and sign-up, the catalogue). */
  public: {
    description: 'anyone; the route serves no app or sheet data',
    resources: ['none'],
    signIns: [],
    anonymous: true,
    decide: allow,
  },
  /** An owner account's session (401 without): the route acts on that account's own things only. */
  'signed-in': {
    description: 'a signed-in owner account, on its own workspace only (401 without a session)',
    resources: ['none'],
    signIns: ['owner'],
    anonymous: false,
    decide: async (_ctx, caller) => (caller.user ? null : unauthorized()),
  },
  /**
   * The owner of the app, page, block or spreadsheet the request names, or an editor of its
   * workspace (viewer.ts editsWorkspace). An app: 404 when missing, 401 without a session, 403
   * 'Access Denied' when the caller may not even view it (private), 404 for a block they may not
   * see (visibility.ts), else 403. A template version's frozen copy (issue 14) is changed by no
   * one: 403 'This is a template preview: changes are not saved.' for everyone. A spreadsheet:
   * 401 without a session, then 404 for anyone else's (its existence is private). Deleting an app
   * and managing editors stay the workspace owner's (services).
   */
  owner: {
    description: 'the owner of the named app, page, block or spreadsheet, or an editor of its workspace (401 without a session, 403 for anyone else)',
    resources: ['app', 'spreadsheet', 'in-service'],
    signIns: ['owner'],
    anonymous: false,
    decide: async (ctx, caller, resource) => {
      if (resource.kind === 'app' && (await isSnapshotApp(ctx, resource.app.id))) return snapshotWriteRefusal();
      if (!caller.user) return unauthorized();
      if (resource.kind === 'in-service') return null;
      if (resource.kind === 'app') {
        if (await callerEdits(ctx, caller, resource.app.workspaceId)) return null;
        // Someone who may not even view it is told so ('Access Denied' for a private app).
        if (!resource.app.public) return viewRefusal(resource.app);
        return (await hiddenBlock(ctx, caller, resource)) ?? forbidden('Only the owner of this app can change it');
      }
      if (resource.kind === 'spreadsheet') {
        const s = resource.spreadsheet;
        return s && (await callerEdits(ctx, caller, s.workspace_id)) ? null : notFound('Spreadsheet not found');
      }
      return forbidden();
    },
  },
  /**
   * Whoever may view the app the request names (viewer.ts appViewer): a private app only its
   * owner (403 'Access Denied' for others); a password app its owner and its signed-in app users
   * (401 until they sign in); a public app anyone. A block the caller may not see (a page that is
   * not public, visibility.ts) is 404 as if it did not exist. Writes also follow the block's audience
   * (services). An uploaded file follows the app it was uploaded for. A sheet: its spreadsheet's
   * owner (or an editor of its workspace) with or without an app; anyone else through the named
   * app that uses it, as that app's viewer. Anyone but its owner is answered the same whether
   * the spreadsheet exists or not: 401 (no app, no session) or 404 (no app: another owner's
   * spreadsheet stays unknown), then the app's refusal (private, password), then 403 for an app
   * that does not use it (or an unknown one).
   */
  'app-viewer': {
    description: 'whoever may view the named app (private: owner; password: owner and its signed-in app users; public: anyone), writes by block audience; a sheet: its owner, or a viewer of the named app that uses it',
    resources: ['app', 'sheet', 'in-service'],
    signIns: ['owner', 'app-user'],
    anonymous: true,
    decide: async (ctx, caller, resource) => {
      if (resource.kind === 'in-service') return null;
      if (resource.kind === 'sheet') {
        const s = resource.spreadsheet;
        if (s && (await callerEdits(ctx, caller, s.workspace_id))) return null;
        // Past this point an unknown spreadsheet is answered as someone else's: whether an id
        // exists is its owner's business alone.
        const app = resource.app;
        if (!app) return caller.user ? notFound('Spreadsheet not found') : unauthorized(resource.unnamed);
        if (!(await appViewer(ctx, caller, app)).canView) return viewRefusal(app);
        return s && app.spreadsheetId === s.id ? null : forbidden('This board does not use this spreadsheet');
      }
      if (resource.kind !== 'app') return forbidden();
      const viewer = await appViewer(ctx, caller, resource.app);
      if (!viewer.canView) return viewRefusal(resource.app);
      return hiddenBlock(ctx, caller, resource);
    },
  },
  /**
   * Whoever may reach the app's front door: the page list, a page, the board and page state. A
   * private app only its owner and editors (403 'Access Denied'); a password app anyone, but until
   * they sign in the services hand out only its sign-in pages and no data (401 for any other page);
   * a public app anyone.
   */
  'app-visitor': {
    description: "whoever may reach the named app's front door (private: owner; password: anyone, its sign-in pages only until signed in; public: anyone)",
    resources: ['app'],
    signIns: ['owner', 'app-user'],
    anonymous: true,
    decide: async (ctx, caller, resource) => {
      if (resource.kind !== 'app') return forbidden();
      const viewer = await appViewer(ctx, caller, resource.app);
      return viewer.canView || resource.app.public ? null : viewRefusal(resource.app);
    },
  },
  /**
   * The provider's staff (issue 14): a signed-in admin account (`sb_admin` session; 401 without).
   * Owners' and app users' sessions count for nothing here.
   */
  admin: {
    description: "a signed-in provider admin (their own session, separate from owners'; 401 without)",
    resources: ['none'],
    signIns: ['admin'],
    anonymous: false,
    decide: async (_ctx, caller) => ((await caller.admin()) ? null : unauthorized(ADMIN_MESSAGES.signIn)),
  },
  /**
   * The blog's team (issue 17): any signed-in blog admin, author, editor or admin (`sb_blog`
   * session, 24 hours; 401 without). What an author may do with a given post (only their own
   * drafts) is the blog service's check; pages an author may not open use 'blog-editor'.
   */
  'blog-admin': {
    description: 'a signed-in blog admin of any role (their own 24-hour session; 401 without); authors reach only their own posts',
    resources: ['none'],
    signIns: ['blog-admin'],
    anonymous: false,
    decide: async (_ctx, caller) => ((await caller.blogAdmin()) ? null : unauthorized(BLOG_MESSAGES.signIn)),
  },
  /** A blog editor or administrator (shell §2.2: an author is limited to their posts; 403 for them, 401 without a session). */
  'blog-editor': {
    description: 'a signed-in blog editor or administrator (401 without a blog session, 403 for an author)',
    resources: ['none'],
    signIns: ['blog-admin'],
    anonymous: false,
    decide: async (_ctx, caller) => {
      const who = await caller.blogAdmin();
      if (!who) return unauthorized(BLOG_MESSAGES.signIn);
      return isBlogEditor(who.role) ? null : forbidden(BLOG_MESSAGES.editorsOnly);
    },
  },
  /** The sign-in, registration, invitation and reset endpoints of the app the request names (rate-limited). */
  'app-auth': {
    description: "the app's own sign-in endpoints: anyone, rate-limited; they only ever sign in to the named app",
    resources: ['app'],
    signIns: [],
    anonymous: true,
    decide: allow,
  },
} as const satisfies Record<string, AccessRule>;

export type AccessRuleName = keyof typeof ACCESS_RULES;

/** The route's declared rule; throws (at start-up) for an /api route without a known one. */
export function declaredAccess(route: Pick<RouteOptions, 'url' | 'method' | 'config'>): AccessRuleName | null {
  const access = (route.config as { access?: unknown } | undefined)?.access;
  const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
  if (typeof access === 'string' && Object.hasOwn(ACCESS_RULES, access)) {
    const rule: AccessRule = ACCESS_RULES[access as AccessRuleName];
    const resolver = (route.config as { resource?: unknown } | undefined)?.resource;
    // A rule that decides on a resource needs the route to say how to find it.
    if (!rule.resources.includes('none') && typeof resolver !== 'function')
      throw new Error(`Route ${method} ${route.url} declares '${access}' but no resource (config.resource: a resolver of access/resources.ts)`);
    return access as AccessRuleName;
  }
  // /api and the spec's /v3 data calls (spreadsheets/app-data-routes.ts) are the guarded paths.
  if (!route.url.startsWith('/api/') && route.url !== '/api' && !route.url.startsWith('/v3/')) return null;
  throw new Error(`Route ${method} ${route.url} declares no access rule (config.access: ${Object.keys(ACCESS_RULES).join(' | ')})`);
}
