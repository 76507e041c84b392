// The embedded view (blocks-and-data §2 embed link parameters): what the address asks for and
// which of the page's blocks that leaves. Pure, so the guest view and its tests share it.
import { frameOf } from '../../blocks/schema-loaders';

export interface EmbedParams {
  /** Served inside someone else's page (`embed=true`). */
  embed: boolean;
  /** Drop header blocks and the board's title bar. */
  hideHeader: boolean;
  /** Drop footer blocks. */
  hideFooter: boolean;
  /** Keep only this block. */
  blockId: string | null;
}

const on = (v: string | null) => v !== null && /^(true|1)$/i.test(v.trim());

/** Reads the embed parameters from an address (`location.search`, a full URL or its params). */
export function embedParams(address: string | URLSearchParams): EmbedParams {
  let q: URLSearchParams;
  if (typeof address !== 'string') q = address;
  else {
    const at = address.indexOf('?');
    const query = at === -1 ? (address.includes('=') ? address : '') : address.slice(at + 1);
    q = new URLSearchParams(query.split('#')[0]);
  }
  const blockId = q.get('block_id')?.trim();
  return {
    embed: on(q.get('embed')),
    hideHeader: on(q.get('hide_header')),
    hideFooter: on(q.get('hide_footer')),
    blockId: blockId ? blockId : null,
  };
}

// One full-width copy per block record, so a view sees the same object on every render (records
// come from the query cache and keep their identity until the page is fetched again).
const fullWidth = new WeakMap<object, object>();

function wide<B extends object>(block: B): B {
  if ((block as { full_width?: unknown }).full_width === true) return block;
  let copy = fullWidth.get(block) as B | undefined;
  if (!copy) fullWidth.set(block, (copy = { ...block, full_width: true }));
  return copy;
}

/**
 * The blocks the embedded view shows: block_id keeps only that block, across the whole width of
 * the frame (none when it is gone: the embed named a block, showing others instead would be
 * wrong); hide_header / hide_footer drop the blocks whose kind declares that frame (needs.frame).
 */
export function embedBlocks<B extends { id: string; type: string }>(blocks: readonly B[], p: EmbedParams): B[] {
  if (p.blockId) return blocks.filter((b) => b.id === p.blockId).map(wide);
  return blocks.filter((b) => !(p.hideHeader && frameOf(b.type) === 'top') && !(p.hideFooter && frameOf(b.type) === 'bottom'));
}
