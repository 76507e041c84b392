// The data editor's calls (src/shared/api/data-editor.ts, sheet-data.ts, rows.ts). Rows go
// through the one row-write path (versions, 409s); every write is announced to the open boards
// of this browser (viewer/sheet-updates.ts).
import type {
  ColumnChangeResponse,
  ColumnUsageResponse,
  ReimportMode,
  ReimportPreviewResponse,
  SheetWithTypes,
  UpdateColumnBody,
  AddColumnBody,
} from '../../../shared/api/data-editor';
import type { ColumnType } from '../../../shared/rows/column-types';
import type { Filter } from '../../../shared/filters/conditions';
import { api, apiUrl, request } from '../../lib/api';
import { announceSheetChange } from '../../viewer/sheet-updates';
import type { CacheRow } from './page-cache';
import type { Values } from './undo';

/** The sheets of a spreadsheet as the editor reads them (types and version when the server sends them). */
export interface EditorSheet {
  title: string;
  columns: string[];
  column_types?: Record<string, ColumnType>;
  row_count?: number;
  version?: number;
}
export interface EditorSpreadsheet {
  id: string;
  title: string;
  sheets: EditorSheet[];
}

const enc = encodeURIComponent;
// No app is involved: the owner writes to their own spreadsheet (an empty `board` names none).
const OWNER = { board: '' };

export async function getSpreadsheet(id: string): Promise<EditorSpreadsheet> {
  return (await api.get<{ spreadsheet: EditorSpreadsheet }>(`/api/spreadsheets/${enc(id)}`, OWNER)).spreadsheet;
}

export interface RowsQuery {
  sort?: string;
  dir?: 'asc' | 'desc';
  q?: string;
  filters?: Filter[];
}

const sheetPath = (id: string, sheet: string) => `/api/board/${enc(id)}/sheet/${enc(sheet)}`;

export function getRows(id: string, sheet: string, query: RowsQuery, offset: number, limit: number, signal?: AbortSignal) {
  const active = (query.filters ?? []).filter((f) => f.active);
  return api.get<{ rows: CacheRow[]; columns: string[]; total: number }>(sheetPath(id, sheet), {
    ...OWNER,
    signal,
    query: {
      offset,
      limit,
      sort: query.sort,
      dir: query.sort ? query.dir : undefined,
      q: query.q?.trim() || undefined,
      filters: active.length ? JSON.stringify(active) : undefined,
    },
  });
}

export async function getRow(id: string, sheet: string, rowId: string): Promise<CacheRow> {
  return (await api.get<{ row: CacheRow }>(`${sheetPath(id, sheet)}/rows/${enc(rowId)}`, OWNER)).row;
}

const announced = <T>(id: string, sheet: string, p: Promise<T>) =>
  p.then((r) => {
    announceSheetChange(id, sheet);
    return r;
  });

export const rows = {
  add: (id: string, sheet: string, values: Values) =>
    announced(id, sheet, api.post<{ row: CacheRow }>(`${sheetPath(id, sheet)}/rows`, { values }, OWNER).then((r) => r.row)),
  update: (id: string, sheet: string, rowId: string, values: Values, version: number) =>
    announced(id, sheet, api.put<{ row: CacheRow }>(`${sheetPath(id, sheet)}/rows/${enc(rowId)}`, { values, _version: version }, OWNER).then((r) => r.row)),
  remove: (id: string, sheet: string, rowId: string) => announced(id, sheet, api.delete<void>(`${sheetPath(id, sheet)}/rows/${enc(rowId)}`, OWNER)),
};

const columnsPath = (id: string, sheet: string) => `/api/spreadsheets/${enc(id)}/sheets/${enc(sheet)}/columns`;

export const columns = {
  add: (id: string, sheet: string, body: AddColumnBody) => announced(id, sheet, api.post<ColumnChangeResponse>(columnsPath(id, sheet), body, OWNER)),
  update: (id: string, sheet: string, column: string, body: UpdateColumnBody) =>
    announced(id, sheet, request<ColumnChangeResponse>('PATCH', `${columnsPath(id, sheet)}/${enc(column)}`, { ...OWNER, body })),
  remove: (id: string, sheet: string, column: string) => announced(id, sheet, api.delete<ColumnChangeResponse>(`${columnsPath(id, sheet)}/${enc(column)}`, OWNER)),
  usage: (id: string, sheet: string, column: string) => api.get<ColumnUsageResponse>(`${columnsPath(id, sheet)}/${enc(column)}/usage`, OWNER),
};

export type { SheetWithTypes };

function reimportForm(file: File, mode: ReimportMode, preview: boolean): FormData {
  const form = new FormData();
  // Fields before the file: the server reads them as the stream goes by.
  form.append('mode', mode);
  form.append('preview', preview ? 'true' : 'false');
  form.append('file', file, file.name);
  return form;
}

export const reimport = {
  preview: (id: string, file: File, mode: ReimportMode) => api.form<ReimportPreviewResponse>(`/api/spreadsheets/${enc(id)}/reimport`, reimportForm(file, mode, true), OWNER),
  apply: async (id: string, file: File, mode: ReimportMode, sheets: string[]) => {
    const res = await api.form<{ spreadsheet: EditorSpreadsheet }>(`/api/spreadsheets/${enc(id)}/reimport`, reimportForm(file, mode, false), OWNER);
    for (const s of sheets) announceSheetChange(id, s);
    return res.spreadsheet;
  },
};

/** The export link of a sheet (a plain download: the session cookie goes with it). */
export function exportUrl(id: string, sheet: string, format: 'csv' | 'xlsx'): string {
  return apiUrl(`/api/spreadsheets/${enc(id)}/export`, { sheet, format }, '');
}
