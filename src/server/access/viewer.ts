// The one rule of who may view an app (issue 5), used by every 'app-viewer' route: pages, blocks,
// sheet data, charts, geocoding, row writes, actions, uploads and comments.
// - A private app is its owner's and the workspace's editors' alone: everyone else gets 403 with
//   the spec's 'Access Denied' text (shell §2.3), whatever route they try. ("Owner" below means
//   either: editsWorkspace.)
// - A public app with 'Use password set by user' needs its owner or one of its app users signed in
//   to it (401 APP_SIGN_IN_CODE until then; the web app shows the app's sign-in page).
// - A public app with 'No sign in' is anyone's.
// - The frozen copy of a template version (an app that is some template_versions.snapshot_app_id,
//   issue 14) is also viewable by a signed-in provider admin, as a Guest, and is read-only for
//   everyone: every write through it is refused (refuseSnapshotWrite).
// - The frozen copy of a listed template's current version (marketplace_templates.snapshot_app_id,
//   issue 15) is viewable by anyone, as a Guest: the marketplace's live preview. Read-only, as above.
// Block audiences then use the viewer's role: Admins are the owner and 'read-write' app users,
// Guests everyone else (src/blocks/audience.ts).
import type { FastifyRequest } from 'fastify';
import type { ViewerRole } from '../../blocks/audience';
import type { SignedInAppUser } from '../../shared/api/app-users';
import type { ServerContext } from '../platform/context';
import { MARKETPLACE_MESSAGES } from '../../shared/rules/marketplace';
import { forbidden, HttpError } from '../errors';
import type { AppView } from '../data/apps/record';
import { snapshotsRepo } from '../data/admin/repo';
import { currentAdmin, type AdminSession } from '../identity/admin-session';
import { currentBlogAdmin, type BlogAdminSession } from '../identity/blog-session';
import { currentCredential, type SessionUser, type TokenCredential } from '../identity/owner-session';
import { appUserIdentity, signedInAppUser } from '../identity/app-user-session';
import { appUsersRepo } from '../data/app-users/repo';
import { storefrontRepo } from '../data/storefront/repo';
import { editorsRepo, workspaceRepo } from '../data/workspace/repo';

/** The 403 text of a private app (shell §2.3); the web app shows it on the 'Access Denied' screen. */
export const PRIVATE_APP_MESSAGE = 'This application is private and you do not have permission to access it.';
export const PASSWORD_SIGN_IN = 'Use password set by user';
/** The error code of a password app's data asked for before signing in. */
export const APP_SIGN_IN_CODE = 'app_sign_in_required';
export const APP_SIGN_IN_MESSAGE = 'Please sign in to this app to continue.';

/** Who is calling: the owner account's session, and the app-user session of any app it names. */
export interface Caller {
  user: SessionUser | null;
  appUser(appId: string): Promise<SignedInAppUser | null>;
  /** The provider admin signed in (their own `sb_admin` session; issue 14), if any. */
  admin(): Promise<AdminSession | null>;
  /** The blog admin signed in (their own `sb_blog` session; issue 17), if any. */
  blogAdmin(): Promise<BlogAdminSession | null>;
  /**
   * Set when the request carried an API token (`Authorization: Bearer`): `token` is the valid
   * token (null: unknown or revoked) whose owner is `user`. Such a caller is never an app user,
   * admin or blog admin (enforce.ts holds it to the documented routes and its scope).
   */
  bearer?: { token: TokenCredential | null };
  /**
   * "Preview as" (issue 34): the app user id (or 'guest') whose view the owner's editor asks for
   * (header PREVIEW_HEADER). Honoured only for an owner or editor of the app named: they then
   * read as that viewer, and every write is refused. Anyone else's header changes nothing.
   */
  previewAs?: string;
}

/** The header the editor's "Preview as" sends: an app user's id, or 'guest'. */
export const PREVIEW_HEADER = 'x-sheetboard-preview-as';
export const PREVIEW_GUEST = 'guest';
/** The refusal of any change made while previewing. */
export const PREVIEW_READ_ONLY = 'This is a preview: nothing you do here is saved. Close the preview to make changes.';

/** The caller of a request (cookies or an API token; never `_id` or `_email` parameters). */
export async function callerOf(ctx: ServerContext, request: FastifyRequest): Promise<Caller> {
  const credential = await currentCredential(ctx, request);
  if (credential.bearer)
    return { user: credential.user, appUser: async () => null, admin: async () => null, blogAdmin: async () => null, bearer: { token: credential.token } };
  const preview = request.headers[PREVIEW_HEADER];
  return {
    user: credential.user,
    appUser: (appId) => signedInAppUser(ctx, request, appId), admin: () => currentAdmin(ctx, request),
    blogAdmin: () => currentBlogAdmin(ctx, request),
    ...(credential.user && typeof preview === 'string' && preview ? { previewAs: preview.slice(0, 64) } : {}),
  };
}

/** A caller with only an owner session (or none): services and tests that act outside a request. */
export function ownerCaller(user: SessionUser | null): Caller {
  return { user, appUser: async () => null, admin: async () => null, blogAdmin: async () => null };
}

/**
 * Who reads or writes a sheet, as the route's rule decided (enforce.ts resolvedSheetAccess):
 * `reader` null is the spreadsheet's owner or an editor of its workspace (`user`), who reads whole
 * sheets; else a viewer of the app named that uses the spreadsheet.
 */
export interface SheetAccess {
  spreadsheet: { id: string; workspace_id: string };
  user: SessionUser | null;
  reader: { app: AppView; viewer: AppViewer } | null;
}

export interface AppViewer {
  /** The owner of the app (the workspace that holds it). */
  owner: boolean;
  /** The app user signed in to this app, if any. */
  appUser: SignedInAppUser | null;
  /** For block audiences: 'admin' (owner, read-write app user) or 'guest'. */
  role: ViewerRole;
  /** The e-mail 'current user' filters compare with: the owner's or the app user's, else null. */
  email: string | null;
  /** May view the app (see the rules above). */
  canView: boolean;
  /** The owner previewing the app as `appUser` (or a guest when null): reads only (PREVIEW_READ_ONLY). */
  preview?: boolean;
  /**
   * Whether the app is a template version's frozen copy (nothing may be changed through it). Asked
   * only by writes and by an admin's visit, so reads pay no query for it; memoised.
   */
  snapshot(): Promise<boolean>;
}

interface ViewableApp {
  id: string;
  workspaceId: string;
  public: boolean;
  sign_in_method: string;
}

/**
 * Whether the user edits the workspace: its owner, or an editor who joined it (workspace/editors.ts).
 * Every owner rule goes through here (apps, pages, blocks, sheets, rows, uploads).
 */
export async function editsWorkspace(ctx: ServerContext, user: SessionUser | null, workspaceId: string): Promise<boolean> {
  if (!user) return false;
  // Any of the workspaces the account owns (issue 18: several per owner), not only its current one.
  const ws = await workspaceRepo(ctx.db).byId(workspaceId);
  if (!ws) return false;
  if (ws.owner_id === user.id) return true;
  return editorsRepo(ctx.db).isEditor(workspaceId, user.id);
}

/** Whether the user may edit the app: the owner of its workspace or one of the workspace's editors. */
export async function isAppOwner(ctx: ServerContext, user: SessionUser | null, app: Pick<ViewableApp, 'workspaceId'>): Promise<boolean> {
  return editsWorkspace(ctx, user, app.workspaceId);
}

// A request's caller asks the same questions of the rule's preHandler, the handler and the
// service: answer each once per caller (a caller lives for one request).
const viewers = new WeakMap<Caller, Map<string, Promise<AppViewer>>>();
const editors = new WeakMap<Caller, Map<string, Promise<boolean>>>();

/** editsWorkspace for a request's caller, memoised per caller and workspace. */
export function callerEdits(ctx: ServerContext, caller: Caller, workspaceId: string): Promise<boolean> {
  let byWorkspace = editors.get(caller);
  if (!byWorkspace) editors.set(caller, (byWorkspace = new Map()));
  let p = byWorkspace.get(workspaceId);
  if (!p) byWorkspace.set(workspaceId, (p = editsWorkspace(ctx, caller.user, workspaceId)));
  return p;
}

/** The caller as a viewer of `app` (does not throw). Memoised per caller and app. */
export function appViewer(ctx: ServerContext, caller: Caller, app: ViewableApp): Promise<AppViewer> {
  let byApp = viewers.get(caller);
  if (!byApp) viewers.set(caller, (byApp = new Map()));
  const key = `${app.id}\u0000${app.workspaceId}\u0000${app.public}\u0000${app.sign_in_method}`;
  let p = byApp.get(key);
  if (!p) byApp.set(key, (p = viewerOf(ctx, caller, app)));
  return p;
}

async function viewerOf(ctx: ServerContext, caller: Caller, app: ViewableApp): Promise<AppViewer> {
  const owner = await callerEdits(ctx, caller, app.workspaceId);
  let known: Promise<boolean> | undefined;
  const snapshot = () => (known ??= isSnapshotApp(ctx, app.id));
  if (owner && caller.previewAs) return previewViewer(ctx, app, caller.previewAs, snapshot);
  const appUser = owner ? null : await caller.appUser(app.id);
  const role: ViewerRole = owner || appUser?.permissions === 'read-write' ? 'admin' : 'guest';
  const email = owner ? (caller.user?.email ?? null) : (appUser?.email ?? caller.user?.email ?? null);
  let canView = owner || (app.public && (app.sign_in_method !== PASSWORD_SIGN_IN || !!appUser));
  // A reviewer opens the version under review as visitors will see it: a Guest, no app user.
  if (!canView && (await caller.admin()) && (await snapshot())) canView = true;
  // The marketplace's live preview (issue 15): the snapshot of a listed template's current
  // version is anyone's, as a Guest (read-only: it is a snapshot). Asked only when nothing else
  // let the caller in, so ordinary visits pay nothing for it. Older versions stay admin-only.
  if (!canView && (await storefrontRepo(ctx.db).isListedSnapshot(app.id))) {
    canView = true;
    known = Promise.resolve(true);
  }
  return { owner, appUser, role, email, canView, snapshot };
}

/**
 * The owner previewing their app as one of its app users (or a guest): exactly that viewer, as
 * the rules above decide for them (a private app is Access Denied to them too), reading only.
 */
async function previewViewer(ctx: ServerContext, app: ViewableApp, as: string, snapshot: () => Promise<boolean>): Promise<AppViewer> {
  const row = as === PREVIEW_GUEST ? undefined : await appUsersRepo(ctx.db).findById(app.id, as);
  const appUser = row ? appUserIdentity(row) : null;
  const role: ViewerRole = appUser?.permissions === 'read-write' ? 'admin' : 'guest';
  const canView = app.public && (app.sign_in_method !== PASSWORD_SIGN_IN || !!appUser);
  return { owner: false, appUser, role, email: appUser?.email ?? null, canView, snapshot, preview: true };
}

/** Whether the app is the frozen copy of a template version (template_versions.snapshot_app_id). */
export function isSnapshotApp(ctx: ServerContext, appId: string): Promise<boolean> {
  return snapshotsRepo(ctx.db).isSnapshot(appId);
}

/** The one refusal of any change through a template's frozen copy, for everyone. */
export function snapshotWriteRefusal(): HttpError {
  return forbidden(MARKETPLACE_MESSAGES.templatePreviewReadOnly);
}

/** Throws the template preview's 403 when `app` is a frozen copy (writes through it are never saved). */
export async function refuseSnapshotWrite(ctx: ServerContext, app: { id: string } | null, viewer?: AppViewer | null): Promise<void> {
  if (viewer?.preview) throw forbidden(PREVIEW_READ_ONLY);
  if (!app) return;
  if (await (viewer ? viewer.snapshot() : isSnapshotApp(ctx, app.id))) throw snapshotWriteRefusal();
}

/** The caller as a viewer of `app`, or 403 'Access Denied' (private) / 401 (a password app, not signed in). */
export async function viewApp(ctx: ServerContext, caller: Caller, app: ViewableApp): Promise<AppViewer> {
  const viewer = await appViewer(ctx, caller, app);
  if (!viewer.canView) throw viewRefusal(app);
  return viewer;
}

export function viewRefusal(app: Pick<ViewableApp, 'public'>): HttpError {
  return app.public ? new HttpError(401, APP_SIGN_IN_MESSAGE, undefined, APP_SIGN_IN_CODE) : forbidden(PRIVATE_APP_MESSAGE);
}
