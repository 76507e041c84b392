import type { FastifyInstance } from 'fastify';
import { CommentsQuery, PostCommentBody } from '../../../shared/api/comments';
import { CommentIdParams, CommentParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { RateLimited } from '../actions/service';
import { currentUser } from '../auth/session';
import { callerOf } from '../access/viewer';
import { deleteComment, listComments, postComment } from './service';

export function commentRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/blocks/:blockId/comments', { config: { access: 'app-viewer' } }, async (request) => {
    const { blockId } = parse(CommentParams, request.params);
    const q = parse(CommentsQuery, request.query);
    return listComments(ctx, await callerOf(ctx, request), { blockId, board: q.board, host: request.host }, q.offset, q.limit);
  });

  app.post('/api/blocks/:blockId/comments', { config: { access: 'app-viewer' } }, async (request, reply) => {
    const { blockId } = parse(CommentParams, request.params);
    const body = parse(PostCommentBody, request.body);
    // The web request layer puts `board` (and `referer`) in every call's query string.
    const q = parse(CommentsQuery, request.query);
    try {
      const comment = await postComment(
        ctx,
        await callerOf(ctx, request),
        { blockId, board: body.board ?? q.board, host: request.host, ip: request.ip },
        { body: body.body, author: body.author },
      );
      return reply.status(201).send({ comment });
    } catch (err) {
      if (err instanceof RateLimited) reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  });

  app.delete('/api/blocks/:blockId/comments/:id', { config: { access: 'owner' } }, async (request, reply) => {
    const { blockId, id } = parse(CommentIdParams, request.params);
    const q = parse(CommentsQuery, request.query);
    await deleteComment(ctx, await currentUser(ctx, request), { blockId, board: q.board, host: request.host }, id);
    return reply.status(204).send();
  });
}
