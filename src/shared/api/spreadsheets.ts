// Spreadsheets (datasources) and their sheets: imports as JSON bodies, listings. Uploaded files
// (CSV, XLSX) come as multipart and are parsed on the server.
import { z } from 'zod';

export const SheetSummary = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  row_count: z.number().int().optional(),
});
export type SheetSummary = z.infer<typeof SheetSummary>;

export const Spreadsheet = z.object({
  id: z.string(),
  title: z.string(),
  sheets: z.array(SheetSummary),
  created_at: z.string().optional(),
});
export type Spreadsheet = z.infer<typeof Spreadsheet>;

const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const JsonSpreadsheetBody = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  sheets: z
    .array(
      z.object({
        title: z.string().trim().min(1, 'Sheet title is required').max(100),
        columns: z.array(z.string().trim().min(1, 'Column names cannot be empty')).min(1, 'A sheet needs at least one column'),
        rows: z.array(z.record(z.string(), CellValue)),
      }),
    )
    .min(1, 'A spreadsheet needs at least one sheet'),
});
export type JsonSpreadsheetBody = z.infer<typeof JsonSpreadsheetBody>;

export const SpreadsheetResponse = z.object({ spreadsheet: Spreadsheet });
export const SpreadsheetsResponse = z.object({ spreadsheets: z.array(Spreadsheet) });
