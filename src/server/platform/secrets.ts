// What of a block's actions a viewer who is not the owner may see. API calls are made by the
// server, so their credentials stay there: the token, the custom header, and also the endpoint
// and the field mapping (webhook URLs and literal mapping values are often keys themselves).
// The owner's editor gets the stored record unchanged.
import type { BlockRecord } from '../../shared/settings';

/** Action keys that never leave the server for a viewer; `has_<key>` says whether one is set. */
export const SECRET_ACTION_KEYS = ['token', 'custom_header', 'api_endpoint', 'field_mapping'] as const;

const filled = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null);

export function viewerAction(action: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...action };
  for (const key of SECRET_ACTION_KEYS) {
    if (!(key in action)) continue;
    out[`has_${key}`] = filled(action[key]);
    out[key] = key === 'field_mapping' ? [] : '';
  }
  return out;
}

/** The block as a viewer gets it (nothing changes when it has no actions). */
export function viewerBlock<B extends BlockRecord>(block: B): B {
  if (!Array.isArray(block.actions) || block.actions.length === 0) return block;
  return { ...block, actions: block.actions.map((a) => viewerAction(a as Record<string, unknown>)) };
}

export function viewerBlocks<B extends BlockRecord>(blocks: B[], owner: boolean): B[] {
  return owner ? blocks : blocks.map(viewerBlock);
}
