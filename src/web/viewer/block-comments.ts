// The comments block's data, loaded by the renderer so the view never fetches: one page of the
// block's comments (GET /api/blocks/{id}/comments?offset&limit, newest first), posting and (for
// the owner) deleting. Only kinds whose schema declares `needs.comments` get it.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CommentsResponse } from '../../shared/api/comments';
import { commentsPerPage } from '../../shared/rules/comments';
import type { BlockRecord, BlockSchema } from '../../shared/settings/types';
import type { BlockComments } from '../../blocks/types';
import { api } from '../lib/api';
import { useOnChange } from '../lib/use-on-change';
import { notePreviewRefusal } from './preview';
import { showPreviewRefusal } from './preview-toast';

/** Unsaved blocks (the editor's temporary copy) have no comments on the server yet. */
export function savedBlockId(block: BlockRecord): string | null {
  return block.id && block.id !== 'temporary' && block.temp_block !== true ? block.id : null;
}

export function useBlockComments(schema: BlockSchema | null, block: BlockRecord, src: { appId: string; role?: string }): BlockComments | undefined {
  const isComments = schema?.needs?.comments === true;
  const id = isComments ? savedBlockId(block) : null;
  const limit = commentsPerPage(block.comments_per_page);
  const [offset, setOffset] = useState(0);
  // A different block or page size starts again at the newest comments.
  useOnChange(`${id ?? ''}|${limit}`, () => setOffset(0));
  const client = useQueryClient();
  const path = `/api/blocks/${encodeURIComponent(id ?? '')}/comments`;

  const page = useQuery({
    queryKey: ['comments', id, offset, limit],
    queryFn: ({ signal }) => api.get<CommentsResponse>(path, { board: src.appId, query: { offset, limit }, signal }),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });

  const actions = useMemo(() => {
    const refresh = () => client.invalidateQueries({ queryKey: ['comments', id] });
    return {
      post: async (input: { body: string; author?: string }) => {
        await notePreviewRefusal(api.post(path, { ...input, board: src.appId }, { board: src.appId }), showPreviewRefusal);
        // The new comment is the newest: show the first page.
        setOffset(0);
        await refresh();
      },
      remove: async (commentId: string) => {
        await notePreviewRefusal(api.delete(`${path}/${encodeURIComponent(commentId)}`, { board: src.appId }), showPreviewRefusal);
        await refresh();
      },
    };
  }, [client, id, path, src.appId]);

  if (!isComments) return undefined;
  return {
    comments: page.data?.comments ?? [],
    total: page.data?.total ?? 0,
    offset,
    limit,
    loading: page.isFetching,
    error: page.error ? (page.error instanceof Error && page.error.message) || 'Data Error' : null,
    ready: !!id,
    setOffset,
    post: actions.post,
    ...(src.role === 'admin' ? { remove: actions.remove } : {}),
  };
}
