// Where a caller is shown a published app (APP_ORIGINS; docs/decisions, apps on their own origin):
// on the app's own origin, `{subdomain}.{BASE_HOST}`, never beside the product's sessions on the
// base host. The site redirects the base host's `/{subdomain}` there, and the board state tells
// the web app (which may reach that path without asking the server) the same.
import type { ServerContext } from '../platform/context';
import { appOriginOf } from '../platform/net/hosts';
import { storefrontRepo } from '../data/storefront/repo';
import { callerEdits, isSnapshotApp, type Caller } from './viewer';

/**
 * The origin the caller is sent to for `app`, or null to stay on the base host: its owner and the
 * workspace's editors (the editor lives on the base host), anyone for a private app (nobody else
 * is shown its pages: 'Access Denied' and the way in), and a reviewer looking at a version under
 * review (the reviewer's session is the base host's; see the decision).
 */
export async function appOriginFor(
  ctx: ServerContext,
  caller: Caller,
  app: { id: string; subdomain: string; public: boolean; workspaceId: string },
  requestProtocol: string,
): Promise<string | null> {
  if (!ctx.config.appOrigins || !app.public) return null;
  if (await callerEdits(ctx, caller, app.workspaceId)) return null;
  if ((await caller.admin()) && (await isSnapshotApp(ctx, app.id)) && !(await storefrontRepo(ctx.db).isListedSnapshot(app.id))) return null;
  return appOriginOf(ctx.config, app.subdomain, requestProtocol);
}
