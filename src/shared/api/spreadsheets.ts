// Spreadsheets (datasources) and their sheets: imports as JSON bodies, listings. Uploaded files
// (CSV, XLSX) come as multipart and are parsed on the server.
import { z } from 'zod';
import { COLUMN_TYPES } from '../rows/column-types';

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
  /** Where its rows come from: 'google' for a Google Sheet kept in sync (issue 16); else a file or JSON import. */
  source: z.string().optional(),
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

// ---- The import preview (issue 13) ----
//   POST /api/spreadsheets/preview   multipart: file + the optional fields below → ImportPreviewResponse
//   POST /api/spreadsheets           multipart: file, title + the same optional fields → 201 SpreadsheetResponse
// Fields go before the file in the form. A CSV's encoding and delimiter are detected when not
// given; `column_types` (JSON {column: type}) names the types the owner chose, the others are
// guessed from the values and stored too (sheets.column_types).

/**
 * The text encodings a CSV may be read in (WHATWG names, which TextDecoder takes): Unicode, then
 * the code pages spreadsheet programs save "CSV" in, region by region.
 */
export const TEXT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'windows-1250',
  'iso-8859-2',
  'windows-1257',
  'windows-1251',
  'koi8-r',
  'iso-8859-5',
  'windows-1253',
  'iso-8859-7',
  'windows-1254',
  'windows-1255',
  'iso-8859-8',
  'windows-1256',
  'iso-8859-6',
  'shift_jis',
  'euc-jp',
  'iso-2022-jp',
  'gb18030',
  'big5',
  'euc-kr',
] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** What each encoding is called on screen (as spreadsheet programs' import dialogs call them). */
export const TEXT_ENCODING_LABELS: Record<TextEncoding, string> = {
  'utf-8': 'Unicode (UTF-8)',
  'utf-16le': 'Unicode (UTF-16)',
  'utf-16be': 'Unicode (UTF-16 big-endian)',
  'windows-1252': 'Western European (Windows, Latin-1)',
  'windows-1250': 'Central European (Windows)',
  'iso-8859-2': 'Central European (ISO Latin-2)',
  'windows-1257': 'Baltic (Windows)',
  'windows-1251': 'Cyrillic (Windows)',
  'koi8-r': 'Cyrillic (KOI8-R)',
  'iso-8859-5': 'Cyrillic (ISO)',
  'windows-1253': 'Greek (Windows)',
  'iso-8859-7': 'Greek (ISO)',
  'windows-1254': 'Turkish (Windows)',
  'windows-1255': 'Hebrew (Windows)',
  'iso-8859-8': 'Hebrew (ISO)',
  'windows-1256': 'Arabic (Windows)',
  'iso-8859-6': 'Arabic (ISO)',
  shift_jis: 'Japanese (Shift JIS)',
  'euc-jp': 'Japanese (EUC)',
  'iso-2022-jp': 'Japanese (JIS)',
  gb18030: 'Chinese Simplified (GB18030)',
  big5: 'Chinese Traditional (Big5)',
  'euc-kr': 'Korean (EUC-KR)',
};

export function isTextEncoding(v: unknown): v is TextEncoding {
  return typeof v === 'string' && (TEXT_ENCODINGS as readonly string[]).includes(v);
}

/** The characters a CSV's columns may be separated by. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export const CSV_DELIMITER_LABELS: Record<CsvDelimiter, string> = {
  ',': 'Comma',
  ';': 'Semicolon',
  '\t': 'Tab',
  '|': 'Vertical bar',
};

export function isCsvDelimiter(v: unknown): v is CsvDelimiter {
  return typeof v === 'string' && (CSV_DELIMITERS as readonly string[]).includes(v);
}

/** Rows a preview shows per sheet. */
export const PREVIEW_ROWS = 20;

export const ImportPreviewSheet = z.object({
  title: z.string(),
  columns: z.array(z.object({ name: z.string(), type: z.enum(COLUMN_TYPES) })),
  /** The first PREVIEW_ROWS rows, values by column position, as they will be stored. */
  rows: z.array(z.array(CellValue)),
  row_count: z.number().int(),
});
export type ImportPreviewSheet = z.infer<typeof ImportPreviewSheet>;

export const ImportPreviewResponse = z.object({
  /** How the file is read: null for an XLSX file (it has neither). */
  encoding: z.enum(TEXT_ENCODINGS).nullable(),
  delimiter: z.enum(CSV_DELIMITERS).nullable(),
  /** Whether the first row holds the column names. */
  header: z.boolean(),
  sheets: z.array(ImportPreviewSheet),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponse>;
