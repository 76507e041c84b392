// Comments of comments blocks. Who may read and post: anyone who may view the block — the app is
// theirs, or it is public and the block's page is public (a page that is not public keeps its
// content from everyone but the owner, access/visibility.ts). To anyone else the block does not
// exist (404, the access rule of apps, pages and blocks). Signed-in posters post under
// their account name; anonymous visitors give a name. Only the app's owner deletes.
//
// Spam: comments are plain text everywhere (the view renders text nodes, never HTML); more than
// COMMENT_MAX_LINKS links is refused; posting is rationed per block and IP, and per block across
// all IPs (one poster may have many addresses), with the actions' fixed-window limiter.
import { ownerCaller, refuseSnapshotWrite, viewApp, type AppViewer, type Caller } from '../../access/viewer';
import { blockVisible, type PageVisibility } from '../../access/visibility';
import { AUTHOR_MAX_LENGTH, cleanAuthor, cleanCommentText, commentIssues } from '../../../shared/rules/comments';
import type { Comment, CommentsResponse } from '../../../shared/api/comments';
import { needsOf } from '../../../blocks/schemas';
import type { ServerContext } from '../../platform/context';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { newId } from '../../http';
import { SendLimiter } from '../actions/limiter';
import { RateLimited } from '../actions/service';
import { appsRepo } from '../../data/apps/repo';
import { appView, resolveApp, type AppView } from '../../data/apps/record';
import type { SessionUser } from '../../identity/owner-session';
import { commentsRepo } from '../../data/comments/repo';

export const COMMENTS_PER_BLOCK_AND_IP = 10;
export const COMMENTS_PER_BLOCK = 300;
export const COMMENT_WINDOW_MS = 10 * 60_000;

export const COMMENT_ERRORS = {
  blockNotFound: 'Block not found',
  notComments: 'This block does not take comments',
  otherBoard: 'This block is not part of this board',
  commentNotFound: 'Comment not found',
  ownerOnly: 'Only the owner of this app can delete comments',
  tooMany: (minutes: number) => `Too many comments. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

const limiters = new WeakMap<ServerContext, SendLimiter>();
function limiterOf(ctx: ServerContext): SendLimiter {
  let l = limiters.get(ctx);
  if (!l) limiters.set(ctx, (l = new SendLimiter(ctx.counters, 'comments.posts', COMMENTS_PER_BLOCK_AND_IP, COMMENTS_PER_BLOCK, COMMENT_WINDOW_MS)));
  return l;
}

export interface CommentTarget {
  blockId: string;
  board?: string;
  host: string;
}

interface Located {
  app: AppView;
  owner: boolean;
}

/** The comments block, its page and app, and the caller as its viewer (the route's rule resolved them). */
export interface CommentsBlock {
  block: { type: string };
  page: PageVisibility;
  app: AppView;
  viewer: AppViewer;
}

async function locate(ctx: ServerContext, caller: Caller, t: CommentTarget): Promise<Located & { viewer: AppViewer }> {
  const block = await commentsRepo(ctx.db).blockWithPage(t.blockId);
  if (!block) throw notFound(COMMENT_ERRORS.blockNotFound);
  const row = await appsRepo(ctx.db).findById(block.app_id);
  if (!row) throw notFound(COMMENT_ERRORS.blockNotFound);
  const app = appView(row);
  return inBoard(ctx, { block, page: block, app, viewer: await viewApp(ctx, caller, app) }, t);
}

/** The checks of the block itself once its app may be viewed: page visibility, the board named, the kind. */
async function inBoard(ctx: ServerContext, { block, page, app, viewer }: CommentsBlock, t: CommentTarget): Promise<Located & { viewer: AppViewer }> {
  const owner = viewer.owner;
  // A page that is not public keeps its blocks to the owner (the access rule refused already; the
  // delete route, decided here, comes through too).
  if (!blockVisible(viewer, page, block)) throw notFound(COMMENT_ERRORS.blockNotFound);
  if (t.board) {
    const named = await resolveApp(ctx, { board: t.board, host: t.host });
    if (named && named.id !== app.id) throw forbidden(COMMENT_ERRORS.otherBoard);
  }
  if (needsOf(block.type).comments !== true) throw badRequest(COMMENT_ERRORS.notComments);
  return { app, owner, viewer };
}

export async function listComments(ctx: ServerContext, found: CommentsBlock, t: CommentTarget, offset: number, limit: number): Promise<CommentsResponse> {
  await inBoard(ctx, found, t);
  const repo = commentsRepo(ctx.db);
  const [comments, total] = await Promise.all([repo.page(t.blockId, offset, limit), repo.count(t.blockId)]);
  return { comments, total };
}

/** Strictly increasing times within the process, so "newest first" is the posting order. */
let lastTime = 0;
function commentTime(): string {
  const now = Math.max(Date.now(), lastTime + 1);
  lastTime = now;
  return new Date(now).toISOString();
}

export async function postComment(
  ctx: ServerContext,
  caller: Caller,
  found: CommentsBlock,
  t: CommentTarget & { ip: string },
  input: { body: string; author?: string },
): Promise<Comment> {
  const { viewer } = await inBoard(ctx, found, t);
  // A template's frozen copy keeps no comment (issue 14).
  await refuseSnapshotWrite(ctx, found.app, viewer);
  const user = caller.user;
  // Signed in (owner account, or an app user of this app): the comment carries their name.
  const member = viewer.appUser ?? user;
  const issues = commentIssues(input, !!member);
  const first = issues[0];
  if (first) throw badRequest(first.message, issues);
  const wait = await limiterOf(ctx).take(t.blockId, t.ip);
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    throw new RateLimited(COMMENT_ERRORS.tooMany(minutes), Math.ceil(wait / 1000));
  }
  const author = member ? [...(cleanAuthor(member.name) || member.email.split('@')[0] || 'Member')].slice(0, AUTHOR_MAX_LENGTH).join('') : cleanAuthor(input.author);
  const comment: Comment = { id: newId(), author, body: cleanCommentText(input.body), created_at: commentTime() };
  await commentsRepo(ctx.db).insert({ ...comment, block_id: t.blockId, user_id: user?.id ?? null });
  return comment;
}

export async function deleteComment(ctx: ServerContext, user: SessionUser | null, t: CommentTarget, id: string): Promise<void> {
  if (!user) throw unauthorized();
  const { owner, app, viewer } = await locate(ctx, ownerCaller(user), t);
  // A template's frozen copy keeps its comments (issue 14), its workspace's owner cannot remove them either.
  await refuseSnapshotWrite(ctx, app, viewer);
  if (!owner) throw forbidden(COMMENT_ERRORS.ownerOnly);
  if (!(await commentsRepo(ctx.db).remove(t.blockId, id))) throw notFound(COMMENT_ERRORS.commentNotFound);
}
