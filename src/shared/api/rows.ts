// Row writes (POST/PUT/DELETE /api/board/{spreadsheetId}/sheet/{sheetTitle}/rows) and a row on the
// wire. Every row carries its `_version`, so an edit made from a stale copy is refused (409).
import { z } from 'zod';
import { ViewerQuery } from './params';

/** A value written to a cell: text, a number, or a list (multi-select, stored joined with ', '). */
export const RowValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export const RowValues = z.record(z.string(), RowValue);

/** `board` and `blockId` may also come in the query string (the web layer puts `board` there). */
export const RowWriteQuery = ViewerQuery.extend({
  app: z.string().optional(),
  blockId: z.string().optional(),
});
export type RowWriteQuery = z.infer<typeof RowWriteQuery>;

export const AddRowBody = z.object({
  board: z.string().optional(),
  blockId: z.string().optional(),
  values: RowValues,
});
export type AddRowBody = z.infer<typeof AddRowBody>;

export const UpdateRowBody = AddRowBody.extend({
  /** The `_version` the row had when it was read; another write since then → 409. */
  _version: z.number().int().min(1),
});
export type UpdateRowBody = z.infer<typeof UpdateRowBody>;

/** A sheet row on the wire: its values plus `_id` (stable, unique in the sheet) and `_version`. */
export const SheetRow = z.looseObject({ _id: z.string(), _version: z.number().int() });
export type SheetRow = z.infer<typeof SheetRow>;
export const RowResponse = z.object({ row: SheetRow });
export type RowResponse = z.infer<typeof RowResponse>;
