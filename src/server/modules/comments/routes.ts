import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Comment, CommentsQuery, CommentsResponse, PostCommentBody } from '../../../shared/api/comments';
import { CommentIdParams, CommentParams } from '../../../shared/api/params';
import { resolvedApp, resolvedBlock, resolvedPage, resolvedViewer, signedInUser } from '../../access/enforce';
import { blockIn, decidedInService } from '../../access/resources';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { RateLimited } from '../actions/service';
import { COMMENT_ERRORS, deleteComment, listComments, postComment, type CommentsBlock } from './service';

/** What the comments block's rule resolved. */
const found = (request: FastifyRequest): CommentsBlock => ({
  block: { type: resolvedBlock(request).type },
  page: resolvedPage(request),
  app: resolvedApp(request),
  viewer: resolvedViewer(request),
});

/** Posting and deleting read only the app the page is on: the web request layer puts `board` (and `referer`) in every call's query string. */
const BoardQuery = CommentsQuery.pick({ board: true, referer: true });
const CommentResponse = z.object({ comment: Comment });

// The block names its app, whose viewers read and post (the rule); a page that is not public keeps
// its comments to the owner (the service). Deleting: a signed-in caller (the rule), the app's owner
// with the comments' own refusals (the service).
const commentsBlock = blockIn(CommentParams, (p) => p.blockId, COMMENT_ERRORS.blockNotFound);
const deleteRule = decidedInService("the comments block's app, page visibility and the board named, then its owner");

export function commentRoutes(app: ApiServer, ctx: ServerContext) {
  app.get('/api/blocks/:blockId/comments', { schema: { params: CommentParams, querystring: CommentsQuery }, config: { access: 'app-viewer', resource: commentsBlock, api: { tag: 'Blocks', summary: "A page of a comments block's comments, newest first", response: CommentsResponse } } }, async (request) => {
    const q = request.query;
    return listComments(ctx, found(request), { blockId: request.params.blockId, board: q.board, host: request.host }, q.offset, q.limit);
  });

  app.post(
    '/api/blocks/:blockId/comments',
    {
      schema: { params: CommentParams, querystring: BoardQuery, body: PostCommentBody },
      config: { access: 'app-viewer', resource: commentsBlock, api: { tag: 'Blocks', summary: 'Post a comment on a comments block', response: CommentResponse, status: 201 } },
    },
    async (request, reply) => {
      const body = request.body;
      try {
        const comment = await postComment(
          ctx,
          request.access.caller,
          found(request),
          { blockId: request.params.blockId, board: body.board ?? request.query.board, host: request.host, ip: request.ip },
          { body: body.body, author: body.author },
        );
        return reply.status(201).send({ comment });
      } catch (err) {
        if (err instanceof RateLimited) reply.header('Retry-After', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.delete(
    '/api/blocks/:blockId/comments/:id',
    { schema: { params: CommentIdParams, querystring: BoardQuery }, config: { access: 'owner', resource: deleteRule, api: { tag: 'Blocks', summary: 'Delete a comment (the owner of the app)', status: 204 } } },
    async (request, reply) => {
      const { blockId, id } = request.params;
      await deleteComment(ctx, signedInUser(request), { blockId, board: request.query.board, host: request.host }, id);
      return reply.status(204).send();
    },
  );
}
