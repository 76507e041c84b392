// Reading a sheet's rows: `GET /api/board/{spreadsheetId}/sheet/{sheetTitle}` with search, sort,
// paging, fields and board filters.
import { z } from 'zod';
import { ViewerQuery } from './params';

/** Query of `GET /api/board/{spreadsheetId}/sheet/{sheetTitle}`. */
export const SheetDataQuery = ViewerQuery.extend({
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

/**
 * Query of `GET /v3/api/page/sheet/{sheetTitle}` (multipage apps): the board route's query; the
 * spreadsheet is the app's, the app the one `board` (or `app`, or the Host) names.
 */
export const PageSheetQuery = SheetDataQuery.extend({ app: z.string().optional() });
export type PageSheetQuery = z.infer<typeof PageSheetQuery>;
/** /v3/api/page/sheet/{sheetTitle}. */
export const PageSheetParams = z.object({ sheetTitle: z.string().min(1, 'Name the sheet') });

/** Body of `POST /v3/getSpreadsheetData`: the app is the one `board` (or the Host) names. */
export const SpreadsheetDataBody = z
  .object({
    board: z.string().max(2000).optional(),
    referer: z.string().max(2000).optional(),
  })
  .default({});
export type SpreadsheetDataBody = z.infer<typeof SpreadsheetDataBody>;

/**
 * Answer of `POST /v3/getSpreadsheetData`: the app's sheets its blocks use, by title, each with its
 * first SPREADSHEET_DATA_LIMITS.rows rows (sheet order) and `total`, how many there are in all (the
 * rest is read through the sheet routes).
 */
export const SpreadsheetDataResponse = z.object({
  sheets: z.record(z.string(), SheetDataResponse),
  /** Sheets the blocks use but left out past SPREADSHEET_DATA_LIMITS.sheets (their titles). */
  more_sheets: z.array(z.string()),
});
export type SpreadsheetDataResponse = z.infer<typeof SpreadsheetDataResponse>;

/**
 * Bounds of one `getSpreadsheetData` answer: rows per sheet (the page the viewer's tables load
 * when they do not paginate) and sheets per answer.
 */
export const SPREADSHEET_DATA_LIMITS = { rows: 1000, sheets: 20 } as const;
