// Saving, deleting and reordering blocks. The page's block list in the query cache is updated
// from the server's answers, so the saved block replaces the temporary one without a refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockResponse } from '../../shared/api';
import { frameOf } from '../../blocks/schema-loaders';
import type { BlockRecord } from '../../shared/settings/types';
import { api, type Out } from '../lib/api';
import { keys, type PageRecord } from '../lib/queries';

/** The block's settings as the API takes them: everything but its identity and editor flags. */
export function settingsOf(block: BlockRecord): Record<string, unknown> {
  const { id: _id, type: _type, temp_block: _temp, ...rest } = block;
  return rest;
}

/** Where the server put a new block: before a last footer on multipage pages (spec §4), else at the end. */
export function withNewBlock(blocks: BlockRecord[], block: BlockRecord, footerLast: boolean): BlockRecord[] {
  const last = blocks[blocks.length - 1];
  if (footerLast && last && frameOf(last.type) === 'bottom' && frameOf(block.type) !== 'bottom') return [...blocks.slice(0, -1), block, last];
  return [...blocks, block];
}

export function useBlockMutations(appId: string, pageId: string, options: { footerLast?: boolean } = {}) {
  const footerLast = options.footerLast === true;
  const qc = useQueryClient();
  const key = keys.pages(appId);
  const setBlocks = (fn: (blocks: BlockRecord[]) => BlockRecord[]) =>
    qc.setQueryData<PageRecord[]>(key, (pages) =>
      pages?.map((p) => (p.page_id === pageId ? { ...p, blocks: fn(p.blocks as BlockRecord[]) as PageRecord['blocks'] } : p)),
    );

  const create = useMutation({
    mutationFn: (draft: BlockRecord) =>
      api.post<Out<typeof BlockResponse>>('/api/blocks', { pageId, type: draft.type, ...settingsOf(draft) }),
    onSuccess: ({ block }) => setBlocks((blocks) => withNewBlock(blocks, block as BlockRecord, footerLast)),
  });

  const update = useMutation({
    mutationFn: (draft: BlockRecord) =>
      api.put<Out<typeof BlockResponse>>(`/api/blocks/${encodeURIComponent(draft.id)}`, settingsOf(draft)),
    onSuccess: ({ block }) => setBlocks((blocks) => blocks.map((b) => (b.id === block.id ? (block as BlockRecord) : b))),
  });

  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/api/blocks/${encodeURIComponent(id)}`),
    onSuccess: (_r, id) => setBlocks((blocks) => blocks.filter((b) => b.id !== id)),
  });

  // Optimistic: the block moves at once; on failure the server's order comes back.
  const reorder = useMutation({
    mutationFn: (order: string[]) => api.put(`/api/pages/${encodeURIComponent(pageId)}/blocks/order`, { order }),
    onMutate: (order) => setBlocks((blocks) => order.map((id) => blocks.find((b) => b.id === id)).filter((b): b is BlockRecord => !!b)),
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });

  return { create, update, remove, reorder };
}
