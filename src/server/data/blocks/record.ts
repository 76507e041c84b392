// A stored block as the spec's record (legacy kinds and keys brought up to date on read). Apart
// from the block service so that policy code (access/columns.ts) and other services read blocks
// without importing the service that writes them.
import { migrateBlockRecord, resolveKind } from '../../../blocks/schemas';
import type { BlockRecord } from '../../../shared/settings';
import type { ServerContext } from '../../platform/context';
import { parseJson } from '../../http';
import { blocksRepo, type BlockRow } from './repo';

/** The spec's block record: stored config plus id and (legacy kinds mapped) type. */
export function blockRecord(row: BlockRow): BlockRecord {
  // Legacy records (score_card with flat sheet/column keys) are brought up to date on read.
  const migrated: Record<string, unknown> = migrateBlockRecord({ ...parseJson<Record<string, unknown>>(row.config, {}), type: row.type });
  const { type: _legacyType, ...config } = migrated;
  return {
    ...config,
    id: row.id,
    type: resolveKind(row.type) ?? row.type,
    section: typeof config.section === 'string' ? config.section : '',
    sheet_title: typeof config.sheet_title === 'string' ? config.sheet_title : '',
    axis: Array.isArray(config.axis) ? (config.axis as BlockRecord['axis']) : [],
    actions: Array.isArray(config.actions) ? (config.actions as BlockRecord['actions']) : [],
    full_width: config.full_width === true,
  };
}

/** Records of several pages, in order, grouped by page id. */
export async function blocksOfPages(ctx: ServerContext, pageIds: string[]): Promise<Map<string, BlockRecord[]>> {
  const out = new Map<string, BlockRecord[]>(pageIds.map((id) => [id, []]));
  for (const row of await blocksRepo(ctx.db).listByPages(pageIds)) out.get(row.page_id)?.push(blockRecord(row));
  return out;
}
