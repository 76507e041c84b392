// Block actions run on the server (duplicate or delete a row, API call, e-mail).
import { z } from 'zod';

/** `POST /api/blocks/{blockId}/actions/{index}/run`: the row is the table row's `_id`. */
export const RunActionBody = z.object({
  rowId: z.union([z.string().min(1).max(40), z.number().int().nonnegative()]).transform(String),
  board: z.string().max(2000).optional(),
});
export type RunActionBody = z.input<typeof RunActionBody>;
/** ok: the action did what it does (API call: a 2xx answer); message: the action's success/error message or a default. */
export const RunActionResponse = z.object({ ok: z.boolean(), message: z.string() });
export type RunActionResponse = z.infer<typeof RunActionResponse>;
