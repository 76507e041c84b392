// The one place that decides a viewer's role in an app for the block audiences
// (src/blocks/audience.ts). Issue 5 adds the workspace's editors and 'read-write' app users here.
import type { ViewerRole } from '../../../blocks/audience';
import type { ServerContext } from '../../context';
import type { AppView } from '../apps/service';
import type { SessionUser } from '../auth/service';
import { workspaceRepo } from '../workspace/repo';

export async function viewerRole(ctx: ServerContext, user: SessionUser | null, app: Pick<AppView, 'workspaceId'>): Promise<ViewerRole> {
  if (!user) return 'guest';
  const ws = await workspaceRepo(ctx.db).byOwner(user.id);
  return ws && ws.id === app.workspaceId ? 'admin' : 'guest';
}
