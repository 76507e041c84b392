import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CommentsQuery, PostCommentBody } from '../../../shared/api/comments';
import { CommentIdParams, CommentParams } from '../../../shared/api/params';
import { resolvedApp, resolvedBlock, resolvedPage, resolvedViewer, signedInUser } from '../access/enforce';
import { blockIn, decidedInService } from '../access/resources';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { RateLimited } from '../actions/service';
import { COMMENT_ERRORS, deleteComment, listComments, postComment, type CommentsBlock } from './service';

/** What the comments block's rule resolved. */
const found = (request: FastifyRequest): CommentsBlock => ({
  block: { type: resolvedBlock(request).type },
  page: resolvedPage(request),
  app: resolvedApp(request),
  viewer: resolvedViewer(request),
});

// The block names its app, whose viewers read and post (the rule); a page that is not public keeps
// its comments to the owner (the service). Deleting: a signed-in caller (the rule), the app's owner
// with the comments' own refusals (the service).
const commentsBlock = blockIn(CommentParams, (p) => p.blockId, COMMENT_ERRORS.blockNotFound);
const deleteRule = decidedInService("the comments block's app, page visibility and the board named, then its owner");

export function commentRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/blocks/:blockId/comments', { config: { access: 'app-viewer', resource: commentsBlock } }, async (request) => {
    const { blockId } = parse(CommentParams, request.params);
    const q = parse(CommentsQuery, request.query);
    return listComments(ctx, found(request), { blockId, board: q.board, host: request.host }, q.offset, q.limit);
  });

  app.post('/api/blocks/:blockId/comments', { config: { access: 'app-viewer', resource: commentsBlock } }, async (request, reply) => {
    const { blockId } = parse(CommentParams, request.params);
    const body = parse(PostCommentBody, request.body);
    // The web request layer puts `board` (and `referer`) in every call's query string.
    const q = parse(CommentsQuery, request.query);
    try {
      const comment = await postComment(
        ctx,
        request.access.caller,
        found(request),
        { blockId, board: body.board ?? q.board, host: request.host, ip: request.ip },
        { body: body.body, author: body.author },
      );
      return reply.status(201).send({ comment });
    } catch (err) {
      if (err instanceof RateLimited) reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  });

  app.delete('/api/blocks/:blockId/comments/:id', { config: { access: 'owner', resource: deleteRule } }, async (request, reply) => {
    const { blockId, id } = parse(CommentIdParams, request.params);
    const q = parse(CommentsQuery, request.query);
    await deleteComment(ctx, signedInUser(request), { blockId, board: q.board, host: request.host }, id);
    return reply.status(204).send();
  });
}
