// Loads what a block shows, following its schema's `data` mode, so block views never fetch.
//   paged: one page at a time from the server (search/sort/limit/offset); the view drives it
//          through data.query / data.setQuery, and data.fetchAll serves CSV downloads.
//   all:   every row, but only the columns the block uses (its sheet_columns settings).
//   none:  nothing from sheet_title.
//   row:   one row by `_id` (item details): the address's `?row=`, else the sheet's first row
//          (editor previews; the view decides what a guest without a row sees).
// In every mode, `datasource` settings ({sheet, column}) load their sheets into data.sheets.
// Some kinds get more: maps data.geo, charts data.chart, comments data.comments and the app-user
// blocks data.appAuth (their own hooks beside this file).
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { SheetDataResponse } from '../../shared/api';
import type { BlockRecord, BlockSchema } from '../../shared/settings/types';
import type { AppNav, BlockData, RowWrites, SheetQuery, SheetRow, UploadedFile } from '../../blocks/types';
import type { ViewerRole } from '../../blocks/audience';
import { filtersForSheet, type Filter } from '../../shared/filters/conditions';
import { api, type Out, type Query } from '../lib/api';
import { useOnChange } from '../lib/use-on-change';
import { useBlockGeo } from './block-geo';
import { useBlockChart } from './block-chart';
import { useBlockComments } from './block-comments';
import { useAppAuth } from './app-auth';
import { showPreviewRefusal } from './preview-toast';
import { notePreviewRefusal } from './preview';

export interface DataSource {
  appId: string;
  spreadsheetId: string | null;
  /** 'admin' for the owner (the server decides the same way and enforces it). */
  role?: ViewerRole;
  email?: string | null;
  /** The board's filters (spec Filter entity); the active ones of a sheet go with its requests. */
  filters?: Filter[];
  /** Opens a page of the app (multipage); boards have one page and leave it out. */
  openPage?: (slug: string, rowId?: string) => void;
  /** The multipage app around the blocks (pages, navigation, breadcrumbs): `data.app`. */
  app?: AppNav;
  /**
   * The `row` of the address (AppNav.rowId) for data mode 'row'. Left out (undefined), the
   * renderer reads `?row=` from the browser's address itself; null means "no row".
   */
  rowId?: string | null;
  /** The board's search box: rows of the blocks that list them ('paged', 'all') must match it (spec §9). */
  search?: string;
  /** The board's (or page's) palette: the default colours of charts. */
  palette?: string[];
}

/** A block's own search wins over the board's (a table's search box narrows what the viewer looks at). */
function searched(src: DataSource, q: string | undefined): string | undefined {
  return q || src.search || undefined;
}

/** `?row=` of the browser's address (null outside a browser or without one). */
export function addressRowId(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('row') || null;
}

/** The `filters` query value for one sheet: its active board filters as JSON, or undefined. */
export function filtersParam(src: DataSource, sheet: string): string | undefined {
  const active = filtersForSheet(src.filters ?? [], sheet).filter((f) => f.active);
  return active.length > 0 ? JSON.stringify(active) : undefined;
}

function sheetPath(src: DataSource, sheet: string): string {
  return `/api/board/${encodeURIComponent(src.spreadsheetId ?? '')}/sheet/${encodeURIComponent(sheet)}`;
}

type SheetRows = Out<typeof SheetDataResponse>;

export function fetchSheet(src: DataSource, sheet: string, query: Query, signal?: AbortSignal): Promise<SheetRows> {
  return api.get<SheetRows>(sheetPath(src, sheet), {
    board: src.appId,
    query: { ...query, filters: filtersParam(src, sheet) },
    signal,
  });
}

/** The spec's rule: the response message, then the error's own message, else 'Data Error'. */
export function dataError(e: unknown): string | null {
  if (!e) return null;
  return (e instanceof Error && e.message) || 'Data Error';
}

/** Columns a block reads (shared with the server, which sends viewers no other column). */
export { datasourceSheets, usedColumns } from '../../shared/settings/columns';
import { datasourceSheets, usedColumns } from '../../shared/settings/columns';

function firstPage(block: BlockRecord): SheetQuery {
  const rpp = Number(block.rows_per_page) > 0 ? Number(block.rows_per_page) : 10;
  return { limit: block.paginate === false ? 1000 : rpp, offset: 0 };
}

export function useBlockData(schema: BlockSchema | null, block: BlockRecord, src: DataSource): BlockData {
  const mode = schema?.data ?? 'none';
  const sheet = block.sheet_title;
  const ready = !!schema && !!src.spreadsheetId && !!sheet;

  // Paged: the view moves through pages and searches with setQuery; a new sheet or page size
  // starts again at the first page.
  const [query, setQuery] = useState<SheetQuery>(() => firstPage(block));
  const pageKey = `${sheet}|${String(block.rows_per_page)}|${String(block.paginate)}`;
  useOnChange(pageKey, () => setQuery(firstPage(block)));

  const paged = useQuery({
    queryKey: ['sheet', src.spreadsheetId, sheet, 'paged', query, filtersParam(src, sheet), src.search ?? ''],
    queryFn: ({ signal }) => fetchSheet(src, sheet, { ...query, q: searched(src, query.q) }, signal),
    enabled: ready && mode === 'paged',
    placeholderData: keepPreviousData,
  });

  const fields = useMemo(() => (schema && mode === 'all' ? usedColumns(schema, block).sort() : []), [schema, mode, block]);
  const all = useQuery({
    queryKey: ['sheet', src.spreadsheetId, sheet, 'all', fields, filtersParam(src, sheet), src.search ?? ''],
    queryFn: ({ signal }) => fetchSheet(src, sheet, { fields: fields.join(','), q: searched(src, undefined) }, signal),
    enabled: ready && mode === 'all' && fields.length > 0,
    placeholderData: keepPreviousData,
  });

  // Row: the addressed row (GET …/rows/{id}), or the first row when the address names none.
  const rowId = mode === 'row' ? (src.rowId !== undefined ? src.rowId : addressRowId()) : null;
  const one = useQuery({
    queryKey: ['sheet', src.spreadsheetId, sheet, 'row', rowId, rowId ? null : filtersParam(src, sheet)],
    queryFn: async ({ signal }): Promise<SheetRows> => {
      if (!rowId) return fetchSheet(src, sheet, { limit: 1, offset: 0 }, signal);
      const res = await api.get<{ row: SheetRow; columns: string[] }>(`${sheetPath(src, sheet)}/rows/${encodeURIComponent(rowId)}`, { board: src.appId, signal });
      return { rows: [res.row], columns: res.columns, total: 1 };
    },
    enabled: ready && mode === 'row',
  });

  const sources = useMemo(() => (schema ? datasourceSheets(schema, block) : {}), [schema, block]);
  const sourceList = Object.entries(sources).sort(([a], [b]) => a.localeCompare(b));
  const extra = useQueries({
    queries: sourceList.map(([title, cols]) => ({
      queryKey: ['sheet', src.spreadsheetId, title, 'all', [...cols].sort(), filtersParam(src, title)],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSheet(src, title, cols.length ? { fields: cols.join(',') } : {}, signal),
      enabled: !!src.spreadsheetId,
    })),
  });

  // Map blocks: geocoded points and tile settings (block-geo.ts); undefined for other kinds.
  const geo = useBlockGeo(schema, block, src, filtersParam(src, sheet));

  // Charts ('aggregate'): the rows grouped on the server (block-chart.ts); undefined for other modes.
  const chart = useBlockChart(schema, block, src, filtersParam(src, sheet));

  // Comments blocks: one page of the block's comments, posting and deleting (block-comments.ts).
  const comments = useBlockComments(schema, block, src);

  // App-user blocks (login, register, forgot password, auth): the app's own sign-in (app-auth.ts).
  const appAuth = useAppAuth(schema, src);

  const client = useQueryClient();
  const write = useMemo((): RowWrites | undefined => {
    if (!src.spreadsheetId || !sheet) return undefined;
    const base = sheetPath(src, sheet);
    const opts = { board: src.appId };
    // Every view of the sheet (this block's pages, other blocks, datasources) shows the change.
    // A template preview refuses every write: say so in one toast whatever the block shows.
    const refresh = <T,>(p: Promise<T>) =>
      notePreviewRefusal(p, showPreviewRefusal).finally(() => void client.invalidateQueries({ queryKey: ['sheet', src.spreadsheetId, sheet] }));
    return {
      add: (values) => refresh(api.post<{ row: SheetRow }>(`${base}/rows`, { board: src.appId, blockId: block.id, values }, opts).then((r) => r.row)),
      update: (rowId, values, version) =>
        refresh(
          api
            .put<{ row: SheetRow }>(`${base}/rows/${encodeURIComponent(rowId)}`, { board: src.appId, blockId: block.id, values, _version: version }, opts)
            .then((r) => r.row),
        ),
      remove: (rowId) => refresh(api.delete<void>(`${base}/rows/${encodeURIComponent(rowId)}`, { ...opts, query: { blockId: block.id } })),
      runAction: (index, rowId) =>
        refresh(api.post<{ ok: boolean; message: string }>(`/api/blocks/${encodeURIComponent(block.id)}/actions/${index}/run`, { board: src.appId, rowId }, opts)),
      upload: async (file, accept) => {
        const form = new FormData();
        form.append('board', src.appId);
        form.append('blockId', block.id);
        if (accept) form.append('accept', accept);
        form.append('file', file, file.name);
        return (await notePreviewRefusal(api.form<{ upload: UploadedFile }>('/api/uploads', form, opts), showPreviewRefusal)).upload;
      },
    };
  }, [src, sheet, block.id, client]);

  const fetchAll = useCallback(async () => {
    const res = await fetchSheet(src, sheet, { sort: query.sort, dir: query.dir, q: searched(src, query.q) });
    return { rows: res.rows, columns: res.columns };
  }, [src, sheet, query.sort, query.dir, query.q]);

  const main = mode === 'paged' ? paged : mode === 'all' ? all : mode === 'row' ? one : null;
  const sheets: Record<string, Record<string, unknown>[]> = {};
  sourceList.forEach(([title], i) => {
    const res = extra[i]?.data;
    if (res) sheets[title] = res.rows;
  });
  const extraError = extra.find((q) => q.error)?.error;

  return {
    rows: main?.data?.rows ?? [],
    columns: main?.data?.columns ?? [],
    total: main?.data?.total ?? 0,
    loading: (main?.isFetching ?? false) || extra.some((q) => q.isFetching),
    error: dataError(main?.error ?? extraError),
    sheets,
    viewer: { role: src.role ?? 'guest', email: src.email ?? null },
    ...(write ? { write } : {}),
    ...(src.openPage ? { openPage: src.openPage } : {}),
    ...(src.app ? { app: src.app } : {}),
    ...(src.palette ? { palette: src.palette } : {}),
    ...(geo ? { geo } : {}),
    ...(chart ? { chart } : {}),
    ...(comments ? { comments } : {}),
    ...(appAuth ? { appAuth } : {}),
    ...(mode === 'paged' ? { query, setQuery, fetchAll } : {}),
  };
}
