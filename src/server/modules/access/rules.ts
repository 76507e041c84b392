// Every API route declares who may call it (issue 5): `config: { access: RULE }` in its route
// options. buildApp refuses to start when an /api route declares none (declaredAccess below), and
// the authorization matrix (access.test.ts) checks each rule's promise against every role.
//
// The rule says what the route's handler enforces; the enforcing code is named beside each one.
import type { RouteOptions } from 'fastify';

export const ACCESS_RULES = {
  /** Anyone, no app data behind it (health, env names, owner sign-in and sign-up, the catalogue). */
  public: 'anyone; the route serves no app or sheet data',
  /** An owner account's session (401 without): the route acts on that account's own things only (workspace, spreadsheets, app list). */
  'signed-in': 'a signed-in owner account, on its own workspace only (401 without a session)',
  /**
   * The owner of the app, page, block or spreadsheet the request names, or an editor of its workspace
   * (access/viewer.ts editsWorkspace; 401 without a session, 403 others; 404 when it does not exist).
   * Deleting an app and managing editors stay the workspace owner's.
   */
  owner: "the owner of the named app, page, block or spreadsheet, or an editor of its workspace (401 without a session, 403 for anyone else)",
  /**
   * Whoever may view the app the request names (access/viewer.ts appAccess): a private app only its
   * owner (403 'Access Denied' for others); a password app its owner and its signed-in app users (401
   * until they sign in); a public app anyone. Writes also follow the block's audience (Admins: owner
   * and read-write app users; Guests: everyone else). An uploaded file follows the app it was
   * uploaded for; a file outside any app (the owner's workspace media) is read by anyone holding its
   * unguessable id (uploads/service.ts findUpload).
   */
  'app-viewer': 'whoever may view the named app (private: owner; password: owner and its signed-in app users; public: anyone), writes by block audience',
  /** The sign-in, registration, invitation and reset endpoints of the app the request names (rate-limited). */
  'app-auth': "the app's own sign-in endpoints: anyone, rate-limited; they only ever sign in to the named app",
} as const;

export type AccessRule = keyof typeof ACCESS_RULES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (src/server/modules/access/rules.ts). Required on every /api route. */
    access?: AccessRule;
  }
}

/** The route's declared rule; throws (at start-up) for an /api route without a known one. */
export function declaredAccess(route: Pick<RouteOptions, 'url' | 'method' | 'config'>): AccessRule | null {
  const access = (route.config as { access?: unknown } | undefined)?.access;
  if (typeof access === 'string' && Object.hasOwn(ACCESS_RULES, access)) return access as AccessRule;
  if (!route.url.startsWith('/api/') && route.url !== '/api') return null;
  const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
  throw new Error(`Route ${method} ${route.url} declares no access rule (config.access: ${Object.keys(ACCESS_RULES).join(' | ')})`);
}
