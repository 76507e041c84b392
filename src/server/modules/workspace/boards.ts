// /boardWorkspace (issue 18): the boards and apps of the current workspace, searched by name and
// sorted by last change (apps.updated_at: bumped by the app's settings, its pages and its blocks)
// or by name, each with the address of its thumbnail (thumbnail.ts).
import type { BoardCard, BoardSort } from '../../../shared/api/workspaces';
import type { ServerContext } from '../../platform/context';
import type { SessionUser } from '../../identity/owner-session';
import { currentWorkspace } from '../../identity/current-workspace';
import { boardsRepo } from '../../data/workspace/repo';
import { boardThumbnail } from './thumbnail';

/** Boards listed at most (the newest or first by name): a workspace page, not an export. */
export const BOARDS_LISTED = 500;

export async function boardsOfWorkspace(ctx: ServerContext, user: SessionUser, q: string, sort: BoardSort): Promise<BoardCard[]> {
  const ws = await currentWorkspace(ctx, user);
  const repo = boardsRepo(ctx.db);
  const rows = await repo.list(ws.id, q.replace(/\s+/g, ' ').trim(), sort, BOARDS_LISTED);
  const counts = await repo.blockCounts(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    subdomain: r.subdomain,
    kind: r.kind === 'multipage' ? 'multipage' : 'board',
    public: Number(r.public) === 1,
    updated_at: r.updated_at,
    blocks: counts.get(r.id) ?? 0,
    thumbnail_url: `/api/apps/${encodeURIComponent(r.id)}/thumbnail.svg?v=${encodeURIComponent(r.updated_at)}`,
  }));
}

export async function thumbnailOf(ctx: ServerContext, appId: string): Promise<string> {
  return boardThumbnail(await boardsRepo(ctx.db).firstPageBlocks(appId));
}
