// Blocks of a page: records as stored (their settings are data, validated by the server against
// the block kind's schema), their writes and order, and the catalogue of kinds.
import { z } from 'zod';

export const BlockRecordSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    section: z.string(),
    sheet_title: z.string(),
    axis: z.array(z.record(z.string(), z.unknown())),
    actions: z.array(z.record(z.string(), z.unknown())),
    full_width: z.boolean(),
  })
  .catchall(z.unknown());

/** `POST /api/blocks`: the block's settings travel as top-level keys beside pageId and type. */
export const CreateBlockBody = z.object({ pageId: z.string().min(1), type: z.string().min(1) }).catchall(z.unknown());
export const UpdateBlockBody = z.object({}).catchall(z.unknown());
export const BlockResponse = z.object({ block: BlockRecordSchema });
export const BlockOrderBody = z.object({ order: z.array(z.string()).min(1) });

export const CatalogueEntry = z.object({
  type: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  icon: z.string(),
});
export const CatalogueResponse = z.object({ blocks: z.array(CatalogueEntry) });
