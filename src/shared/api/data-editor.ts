// The data editor's contract (issue 13): an owner's (or workspace editor's) changes to the
// columns of a sheet, re-imports into an existing spreadsheet, exports, and which blocks use a
// column. Rows are read with the sheet data GET and written through the row routes (rows.ts):
// the one row-write path, with versions and 409s.
//
//   GET    /api/spreadsheets/:id                                   → SpreadsheetResponse; each sheet
//          also has `column_types` (stored, else guessed) and `version`
//   POST   /api/spreadsheets/:id/sheets/:sheetTitle/columns         AddColumnBody → 201 ColumnChangeResponse
//   PATCH  /api/spreadsheets/:id/sheets/:sheetTitle/columns/:column UpdateColumnBody → ColumnChangeResponse
//          (rename also renames the column in every block that uses it; `blocks` lists them)
//   DELETE /api/spreadsheets/:id/sheets/:sheetTitle/columns/:column → ColumnChangeResponse
//   GET    /api/spreadsheets/:id/sheets/:sheetTitle/columns/:column/usage → ColumnUsageResponse
//   POST   /api/spreadsheets/:id/reimport   multipart: file, mode ('replace'|'append'), preview ('true'
//          → ReimportPreviewResponse, nothing written) else → ReimportResponse
//   GET    /api/spreadsheets/:id/export?sheet=Title&format=csv|xlsx → the file (attachment)
import { z } from 'zod';
import { COLUMN_TYPES } from '../rows/column-types';
import { Spreadsheet } from './spreadsheets';

export const ColumnType = z.enum(COLUMN_TYPES);

const ColumnName = z
  .string()
  .trim()
  .min(1, 'Give the column a name')
  .max(100, 'A column name can be at most 100 characters')
  .refine((s) => !s.startsWith('_'), 'A column name cannot start with _');

export const AddColumnBody = z.object({
  name: ColumnName,
  type: ColumnType.optional(),
  /** Insert after this column; absent or null: at the end. */
  after: z.string().nullable().optional(),
});
export type AddColumnBody = z.infer<typeof AddColumnBody>;

export const UpdateColumnBody = z
  .object({
    name: ColumnName.optional(),
    type: ColumnType.optional(),
    /** New 0-based position among the sheet's columns. */
    position: z.number().int().min(0).optional(),
  })
  .refine((b) => b.name !== undefined || b.type !== undefined || b.position !== undefined, 'Say what to change: a name, a type or a position');
export type UpdateColumnBody = z.infer<typeof UpdateColumnBody>;

/** A block that uses a column, said so people can find it. */
export const BlockUse = z.object({
  blockId: z.string(),
  /** The block kind as people call it ('Table', 'Chart'). */
  blockLabel: z.string(),
  appId: z.string(),
  appName: z.string(),
  pageName: z.string(),
});
export type BlockUse = z.infer<typeof BlockUse>;

export const SheetWithTypes = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  column_types: z.record(z.string(), ColumnType),
  row_count: z.number().int(),
  version: z.number().int(),
});
export type SheetWithTypes = z.infer<typeof SheetWithTypes>;

export const ColumnChangeResponse = z.object({ sheet: SheetWithTypes, blocks: z.array(BlockUse) });
export type ColumnChangeResponse = z.infer<typeof ColumnChangeResponse>;

export const ColumnUsageResponse = z.object({ blocks: z.array(BlockUse) });
export type ColumnUsageResponse = z.infer<typeof ColumnUsageResponse>;

export const ReimportMode = z.enum(['replace', 'append']);
export type ReimportMode = z.infer<typeof ReimportMode>;

/** What a re-import would change, sheet by sheet (matched to existing sheets by title, columns by name). */
export const ReimportSheetPreview = z.object({
  title: z.string(),
  /** matched: a sheet of this title exists; new: it will be added; missing: in the spreadsheet, not in the file (left as it is). */
  status: z.enum(['matched', 'new', 'missing']),
  matchedColumns: z.array(z.string()),
  /** In the file, not in the sheet: added to the sheet. */
  newColumns: z.array(z.string()),
  /** In the sheet, not in the file: kept, empty in the file's rows. */
  missingColumns: z.array(z.string()),
  rowsBefore: z.number().int(),
  rowsAfter: z.number().int(),
  /** The first rows of the file, as they will be stored. */
  sample: z.array(z.record(z.string(), z.unknown())),
});
export type ReimportSheetPreview = z.infer<typeof ReimportSheetPreview>;

export const ReimportPreviewResponse = z.object({ mode: ReimportMode, sheets: z.array(ReimportSheetPreview), encoding: z.string().optional() });
export type ReimportPreviewResponse = z.infer<typeof ReimportPreviewResponse>;

export const ReimportResponse = z.object({ spreadsheet: Spreadsheet });

export const ExportQuery = z.object({ sheet: z.string().min(1), format: z.enum(['csv', 'xlsx']).default('csv') });
export type ExportQuery = z.infer<typeof ExportQuery>;
