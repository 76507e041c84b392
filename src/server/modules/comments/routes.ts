import type { FastifyInstance } from 'fastify';
import { CommentsQuery, PostCommentBody } from '../../../shared/api/comments';
import { CommentIdParams, CommentParams } from '../../../shared/api/params';
import { signedInUser } from '../access/enforce';
import { decidedInService } from '../access/resources';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { RateLimited } from '../actions/service';
import { deleteComment, listComments, postComment } from './service';

// The block names its app; a page that is not public keeps its comments to the owner, and a
// comment is deleted by the app's owner only (comments/service.ts locate).
const commentsRule = decidedInService("the comments block's app, page visibility and the board named");

export function commentRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/blocks/:blockId/comments', { config: { access: 'app-viewer', resource: commentsRule } }, async (request) => {
    const { blockId } = parse(CommentParams, request.params);
    const q = parse(CommentsQuery, request.query);
    return listComments(ctx, request.access.caller, { blockId, board: q.board, host: request.host }, q.offset, q.limit);
  });

  app.post('/api/blocks/:blockId/comments', { config: { access: 'app-viewer', resource: commentsRule } }, async (request, reply) => {
    const { blockId } = parse(CommentParams, request.params);
    const body = parse(PostCommentBody, request.body);
    // The web request layer puts `board` (and `referer`) in every call's query string.
    const q = parse(CommentsQuery, request.query);
    try {
      const comment = await postComment(
        ctx,
        request.access.caller,
        { blockId, board: body.board ?? q.board, host: request.host, ip: request.ip },
        { body: body.body, author: body.author },
      );
      return reply.status(201).send({ comment });
    } catch (err) {
      if (err instanceof RateLimited) reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  });

  app.delete('/api/blocks/:blockId/comments/:id', { config: { access: 'owner', resource: commentsRule } }, async (request, reply) => {
    const { blockId, id } = parse(CommentIdParams, request.params);
    const q = parse(CommentsQuery, request.query);
    await deleteComment(ctx, signedInUser(request), { blockId, board: q.board, host: request.host }, id);
    return reply.status(204).send();
  });
}
