// Reading a sheet's rows: `GET /api/board/{spreadsheetId}/sheet/{sheetTitle}` with search, sort,
// paging, fields and board filters.
import { z } from 'zod';

/** Query of `GET /api/board/{spreadsheetId}/sheet/{sheetTitle}`. */
export const SheetDataQuery = z.object({
  board: z.string().optional(),
  referer: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  /** Column to sort by; prefix with `-` for descending (or use `dir`). */
  sort: z.string().optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  /** Search: split on commas, any term matches, case-insensitive (spec §9). */
  q: z.string().optional(),
  /** Comma-separated list of columns to return (default: all). */
  fields: z.string().optional(),
  /**
   * Board filters: a JSON array of the spec's Filter entity `{name, active, condition,
   * sheet_column: {sheet, column}, value}`; the active ones for this sheet apply before search.
   */
  filters: z.string().optional(),
  nocache: z.string().optional(),
});
export type SheetDataQuery = z.infer<typeof SheetDataQuery>;

export const SheetDataResponse = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(z.string()),
  /** Rows matching the filters and the search, before limit/offset. */
  total: z.number().int(),
});
export type SheetDataResponse = z.infer<typeof SheetDataResponse>;
