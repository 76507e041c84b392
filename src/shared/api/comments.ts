// Comments of a comments block: GET/POST /api/blocks/{blockId}/comments, DELETE …/{id}. The text
// rules (lengths, links, names) are src/shared/rules/comments.ts, checked by the service so the
// messages are the same as the browser's.
import { z } from 'zod';
import { ViewerQuery } from './params';

export const CommentsQuery = ViewerQuery.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const PostCommentBody = z.object({
  // Lengths are checked after cleaning (service); this only bounds what is read.
  body: z.string().max(20_000),
  author: z.string().max(1_000).optional(),
  board: z.string().optional(),
});

export const Comment = z.object({ id: z.string(), author: z.string(), body: z.string(), created_at: z.string() });
export type Comment = z.infer<typeof Comment>;

export const CommentsResponse = z.object({ comments: z.array(Comment), total: z.number().int() });
export type CommentsResponse = z.infer<typeof CommentsResponse>;
