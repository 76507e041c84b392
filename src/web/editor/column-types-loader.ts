// The column types of a sheet for "Add all columns": the spreadsheet answer's stored
// `column_types` when it carries them, the rest guessed from the sheet's first rows.
import type { ColumnTypes } from '../../shared/rows/column-types';
import { api } from '../lib/api';
import { columnTypesOf } from './settings/all-columns';

/** Rows a guess reads: enough to tell numbers, dates and addresses apart, quick to load. */
const GUESS_ROWS = 200;

interface SpreadsheetAnswer {
  spreadsheet?: { sheets?: { title: string; columns?: string[]; column_types?: ColumnTypes }[] };
}
interface RowsAnswer {
  rows: Record<string, unknown>[];
  columns: string[];
}

export async function loadColumnTypes(spreadsheetId: string, appId: string, sheet: string): Promise<ColumnTypes> {
  let stored: ColumnTypes | undefined;
  let columns: string[] = [];
  try {
    const found = (await api.get<SpreadsheetAnswer>(`/api/spreadsheets/${encodeURIComponent(spreadsheetId)}`)).spreadsheet?.sheets?.find((s) => s.title === sheet);
    stored = found?.column_types;
    columns = found?.columns ?? [];
    if (stored && columns.every((c) => c in stored!)) return stored;
  } catch {
    // An editor of the workspace may not read the spreadsheet itself: guess from the rows.
  }
  const page = await api.get<RowsAnswer>(`/api/board/${encodeURIComponent(spreadsheetId)}/sheet/${encodeURIComponent(sheet)}`, {
    board: appId,
    query: { limit: GUESS_ROWS },
  });
  return columnTypesOf(page.columns.length ? page.columns : columns, stored, page.rows);
}
