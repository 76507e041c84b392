import crypto from 'node:crypto';
import { isAppOwner } from '../../access/viewer';
import type { App, UpdateAppBody } from '../../../shared/api';
import { subdomainOf, subdomainProblem } from '../../../shared/rules/slug';
import { baseHostname, type Config } from '../../config';
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { newId, nowIso } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { schemaOf } from '../../../blocks/schemas';
import { starterKinds } from '../../../blocks/starters';
import { blockDefaults } from '../../../shared/settings/block';
import type { BlockRecord } from '../../../shared/settings/types';
import { blocksRepo, type BlockRow } from '../../data/blocks/repo';
import { pagesRepo } from '../../data/pages/repo';
import { spreadsheetsRepo } from '../../data/spreadsheets/repo';
import { storefrontRepo } from '../../data/storefront/repo';
import { dropVersionCopies, uploadFilesToRemove } from '../templates/freeze';
import { editorsRepo, workspaceRepo } from '../../data/workspace/repo';
import { newDomainToken } from './custom-domain';
import { appView, newAppRow, type AppView } from '../../data/apps/record';
import { appsRepo } from '../../data/apps/repo';
import { currentWorkspaceOrNull } from '../../identity/current-workspace';

/** The wire shape of GET /api/apps/{id} (no workspace id, no settings). */
export function appOut(a: AppView & { ownerName?: string }): App {
  return {
    ...(a.ownerName !== undefined ? { shared: true, owner_name: a.ownerName } : {}),
    id: a.id,
    name: a.name,
    subdomain: a.subdomain,
    kind: a.kind,
    public: a.public,
    sign_in_method: a.sign_in_method,
    spreadsheetId: a.spreadsheetId,
    created_at: a.created_at,
    publishUrl: a.publishUrl ?? '',
  };
}

/**
 * A Publish URL as saved: '' (the app's own address), or an http(s) URL of this app's own host
 * (`{subdomain}.{BASE_HOST}`) or of a host name of the owner's (a custom domain pointed at us),
 * which then serves the app. Another app's host on our domain is refused.
 */
export function publishTarget(config: Config, subdomain: string, raw: string): { url: string | null; customHost: string | null } {
  const value = raw.trim();
  if (value === '') return { url: null, customHost: null };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw badRequest('The Publish URL is not a valid address', [{ path: 'publishUrl', message: 'Enter an address like https://shop.example.com' }]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('The Publish URL must start with http:// or https://', [{ path: 'publishUrl', message: 'Use an http or https address' }]);
  const host = url.hostname.toLowerCase();
  const base = baseHostname(config);
  if (host === base || host.endsWith(`.${base}`)) {
    if (host !== `${subdomain}.${base}`)
      throw badRequest(`The Publish URL must be this app's address (${subdomain}.${base}) or a domain of your own`, [
        { path: 'publishUrl', message: `Use ${subdomain}.${base} or your own domain` },
      ]);
    return { url: url.href, customHost: null };
  }
  return { url: url.href, customHost: host };
}

export async function canEdit(ctx: ServerContext, user: SessionUser | null, app: AppView) {
  return isAppOwner(ctx, user, app);
}

/**
 * The first free `base`, `base-2`, `base-3`... Racing creators (PostgreSQL runs them at once) all
 * see the same first free one; after `attempt` 1 the numbering starts at a random place so
 * their retries spread out.
 */
async function freeSubdomain(ctx: ServerContext, wanted: string, attempt = 0): Promise<string> {
  const base = wanted.slice(0, 58).replace(/-+$/, '') || 'app';
  const taken = await appsRepo(ctx.db).subdomainsStartingWith(base);
  if (attempt < 2 && !taken.has(base) && !subdomainProblem(base)) return base;
  for (let n = attempt < 2 ? 2 : 2 + crypto.randomInt(0, 100_000); ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function checkOwnSpreadsheet(ctx: ServerContext, workspaceId: string, spreadsheetId: string) {
  const s = await spreadsheetsRepo(ctx.db).findById(spreadsheetId);
  if (!s || s.workspace_id !== workspaceId) throw notFound('Spreadsheet not found');
}

export async function chooseSubdomain(ctx: ServerContext, name: string, given: string | undefined, exceptAppId?: string, attempt = 0) {
  if (given !== undefined && given !== '') {
    const sub = given.toLowerCase();
    const problem = subdomainProblem(sub);
    if (problem) throw badRequest(problem, [{ path: 'subdomain', message: problem }]);
    const other = await appsRepo(ctx.db).findBySubdomain(sub);
    if (other && other.id !== exceptAppId) throw conflict(`The subdomain '${sub}' is already taken`);
    return sub;
  }
  return freeSubdomain(ctx, subdomainOf(name) || 'app', attempt);
}

/** A multipage app's home page starts with a header and a footer (issue 4), with the catalogue's defaults. */
export const STARTER_KINDS = starterKinds;

function starterBlocks(pageId: string, now: string): BlockRow[] {
  return STARTER_KINDS.flatMap((kind, position) => {
    const schema = schemaOf(kind);
    if (!schema) return [];
    // They span the page whatever the grid.
    const { id, type, ...config }: BlockRecord = { ...blockDefaults(schema, newId()), full_width: true };
    return [{ id, page_id: pageId, position, type, config: JSON.stringify(config), created_at: now, updated_at: now }];
  });
}

export async function createApp(
  ctx: ServerContext,
  owner: { workspaceId: string },
  input: { name: string; subdomain?: string; kind: 'board' | 'multipage'; spreadsheetId?: string | null; public?: boolean },
  options: { inTransaction?: boolean; attempt?: number } = {},
): Promise<{ app: AppView; pageId: string }> {
  if (input.spreadsheetId) await checkOwnSpreadsheet(ctx, owner.workspaceId, input.spreadsheetId);
  for (let attempt = options.attempt ?? 0; ; attempt++) {
    const subdomain = await chooseSubdomain(ctx, input.name, input.subdomain, undefined, attempt);
    const now = nowIso();
    const row = newAppRow(
      {
        id: newId(),
        workspace_id: owner.workspaceId,
        name: input.name,
        subdomain,
        kind: input.kind,
        // Boards and apps start private (the spec's board state: public defaults to false); the owner
        // publishes from the editor's Privacy Settings.
        public: input.public ? 1 : 0,
        sign_in_method: 'No sign in',
        spreadsheet_id: input.spreadsheetId ?? null,
        settings: JSON.stringify({ title: input.name }),
      },
      now,
    );
    const pageId = newId();
    const write = async (db: ServerContext['db']) => {
      await appsRepo(db).insert(row);
      await pagesRepo(db).insert({
        id: pageId,
        app_id: row.id,
        page_name: input.kind === 'board' ? input.name : 'Home',
        page_slug: 'home',
        page_type: 'home',
        is_auth: false,
        is_public: true,
        position: 0,
        settings: '{}',
        created_at: now,
      });
      if (input.kind === 'multipage') await blocksRepo(db).insert(starterBlocks(pageId, now));
    };
    try {
      if (options.inTransaction) await write(ctx.db);
      else await ctx.db.transaction().execute(write);
      return { app: appView(row), pageId };
    } catch (e) {
      // Inside the caller's transaction nothing more can run (PostgreSQL aborts it): the caller
      // sees the unique violation and retries the whole transaction with the next attempt.
      if (options.inTransaction) throw e;
      if (!isUniqueViolation(e)) throw e;
      // Someone took the subdomain between the check and the insert. A derived one moves on.
      if (!input.subdomain && attempt < 5) continue;
      throw conflict(`The subdomain '${subdomain}' is already taken`);
    }
  }
}

/**
 * The apps of the user's current workspace (workspace/current.ts). In one of their own, then those
 * of the workspaces they edit, marked with their owner (as before several workspaces: an editor
 * finds them without switching); in a workspace they edit, its apps, marked the same way.
 */
export async function listApps(ctx: ServerContext, user: SessionUser): Promise<(AppView & { ownerName?: string })[]> {
  const ws = await currentWorkspaceOrNull(ctx, user);
  if (ws?.role === 'editor') {
    const other = await workspaceRepo(ctx.db).withOwner(ws.id);
    return (await appsRepo(ctx.db).listByWorkspace(ws.id)).map((row) => ({ ...appView(row), ownerName: other?.owner_name ?? '' }));
  }
  const own = ws ? (await appsRepo(ctx.db).listByWorkspace(ws.id)).map(appView) : [];
  const shared: (AppView & { ownerName: string })[] = [];
  for (const id of await editorsRepo(ctx.db).workspacesOf(user.id)) {
    const other = await workspaceRepo(ctx.db).withOwner(id);
    if (!other) continue;
    for (const row of await appsRepo(ctx.db).listByWorkspace(id)) shared.push({ ...appView(row), ownerName: other.owner_name });
  }
  return [...own, ...shared];
}

/** Changes an app its caller may edit (the 'owner' rule let them through). */
export async function updateApp(ctx: ServerContext, app: AppView, body: UpdateAppBody) {
  const { name, subdomain, spreadsheetId, public: isPublic, sign_in_method, publishUrl, ...settings } = body;
  const patch: Parameters<ReturnType<typeof appsRepo>['update']>[1] = { updated_at: nowIso() };
  if (name !== undefined) patch.name = name;
  if (subdomain !== undefined && subdomain !== app.subdomain) patch.subdomain = await chooseSubdomain(ctx, app.name, subdomain, app.id);
  if (spreadsheetId !== undefined) {
    if (spreadsheetId) await checkOwnSpreadsheet(ctx, app.workspaceId, spreadsheetId);
    patch.spreadsheet_id = spreadsheetId;
  }
  if (isPublic !== undefined) patch.public = isPublic ? 1 : 0;
  if (sign_in_method !== undefined) patch.sign_in_method = sign_in_method;
  if (publishUrl !== undefined) {
    const target = publishTarget(ctx.config, patch.subdomain ?? app.subdomain, publishUrl);
    patch.publish_url = target.url;
    patch.custom_host = target.customHost;
    // Another host must be proved again; the app keeps its token (the owner's record stays valid).
    if (target.customHost !== app.customHost) {
      patch.custom_host_verified_at = null;
      const holder = target.customHost ? await appsRepo(ctx.db).findByCustomHost(target.customHost) : undefined;
      if (holder && holder.id !== app.id) throw conflict(`The address ${target.customHost} already serves another app`);
    }
    if (target.customHost && !app.customHostToken) patch.custom_host_token = newDomainToken();
  }
  if (Object.keys(settings).length > 0) patch.settings = JSON.stringify({ ...app.settings, ...settings });
  try {
    await appsRepo(ctx.db).update(app.id, patch);
  } catch (e) {
    // Another app took the subdomain between the check and this write.
    if (patch.subdomain && isUniqueViolation(e)) throw conflict(`The subdomain '${patch.subdomain}' is already taken`);
    throw e;
  }
  return appView((await appsRepo(ctx.db).findById(app.id))!);
}

export async function deleteApp(ctx: ServerContext, user: SessionUser, app: AppView) {
  // Workspace editors change apps; only the workspace's owner deletes them.
  const ws = await workspaceRepo(ctx.db).byId(app.workspaceId);
  if (ws?.owner_id !== user.id) throw forbidden('Only the owner of this workspace can delete its apps');
  // A submitted app's review request, versions and listing go with it (cascades); the versions'
  // frozen copies in the marketplace workspace (apps, spreadsheets, copied files) are dropped
  // here, so nothing is left behind. Buyers' clones are full copies and stay as they are.
  const removeFiles = await ctx.db.transaction().execute(async (trx) => {
    const requestId = await storefrontRepo(trx).requestOfApp(app.id);
    const dropped = requestId ? await dropVersionCopies(trx, requestId) : [];
    await appsRepo(trx).delete(app.id);
    // Removed after the commit; recorded in it, so a stop in between leaves them to the sweep.
    return uploadFilesToRemove(ctx, trx, dropped);
  });
  await removeFiles();
}
