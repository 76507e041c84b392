// Saving, deleting and reordering blocks. The page's block list in the query cache is updated
// from the server's answers, so the saved block replaces the temporary one without a refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockResponse } from '../../shared/api';
import { framedOrder } from '../../blocks/app-frame';
import { frameOf } from '../../blocks/schema-loaders';
import type { BlockRecord } from '../../shared/settings/types';
import { api, type Out } from '../lib/api';
import { keys, type PageRecord } from '../lib/queries';

/** The block's settings as the API takes them: everything but its identity and editor flags. */
export function settingsOf(block: BlockRecord): Record<string, unknown> {
  const { id: _id, type: _type, temp_block: _temp, ...rest } = block;
  return rest;
}

/** Where the server put a new block: at the end, but a header first and a footer last (blocks/app-frame.ts). */
export function withNewBlock(blocks: BlockRecord[], block: BlockRecord): BlockRecord[] {
  return framedOrder([...blocks, block]);
}

export function useBlockMutations(appId: string, pageId: string, options: { footerLast?: boolean } = {}) {
  // Multipage: the header and footer are the app's, shown on every page, so a change to them (and
  // a reorder, which the server keeps in frame order) is read back for all pages.
  const multipage = options.footerLast === true;
  const qc = useQueryClient();
  const key = keys.pages(appId);
  const everyPage = (block: { type: string }) => {
    if (multipage && frameOf(block.type)) void qc.invalidateQueries({ queryKey: key });
  };
  const setBlocks = (fn: (blocks: BlockRecord[]) => BlockRecord[]) =>
    qc.setQueryData<PageRecord[]>(key, (pages) =>
      pages?.map((p) => (p.page_id === pageId ? { ...p, blocks: fn(p.blocks as BlockRecord[]) as PageRecord['blocks'] } : p)),
    );

  const create = useMutation({
    mutationFn: (draft: BlockRecord) =>
      api.post<Out<typeof BlockResponse>>('/api/blocks', { pageId, type: draft.type, ...settingsOf(draft) }),
    onSuccess: ({ block }) => {
      setBlocks((blocks) => withNewBlock(blocks, block as BlockRecord));
      everyPage(block);
    },
  });

  const update = useMutation({
    mutationFn: (draft: BlockRecord) =>
      api.put<Out<typeof BlockResponse>>(`/api/blocks/${encodeURIComponent(draft.id)}`, settingsOf(draft)),
    onSuccess: ({ block }) => {
      setBlocks((blocks) => blocks.map((b) => (b.id === block.id ? (block as BlockRecord) : b)));
      everyPage(block);
    },
  });

  const remove = useMutation({
    mutationFn: (block: BlockRecord) => api.delete(`/api/blocks/${encodeURIComponent(block.id)}`),
    onSuccess: (_r, block) => {
      setBlocks((blocks) => blocks.filter((b) => b.id !== block.id));
      everyPage(block);
    },
  });

  // Optimistic: the block moves at once; on failure the server's order comes back.
  const reorder = useMutation({
    mutationFn: (order: string[]) => api.put(`/api/pages/${encodeURIComponent(pageId)}/blocks/order`, { order }),
    onMutate: (order) => setBlocks((blocks) => framedOrder(order.map((id) => blocks.find((b) => b.id === id)).filter((b): b is BlockRecord => !!b))),
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });

  return { create, update, remove, reorder };
}
