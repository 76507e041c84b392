import type { JsonSpreadsheetBody, SheetSummary, Spreadsheet } from '../../../shared/api';
import { MISSING_COLUMN_WORDS } from '../../../shared/settings/integrity';
import {
  CSV_DELIMITER_LABELS,
  CSV_DELIMITERS,
  isCsvDelimiter,
  isTextEncoding,
  type ImportPreviewResponse,
} from '../../../shared/api/spreadsheets';
import { COLUMN_TYPE_LABELS, isColumnType, type ColumnTypes } from '../../../shared/rows/column-types';
import { viewerSheetColumns, viewerSheets } from '../../access/columns';
import { rowAllowed, viewerRowRule, type ViewerRowRule } from '../../access/row-rules';
import type { AppView } from '../../data/apps/record';
import type { AppViewer, SheetAccess } from '../../access/viewer';
import { compileFilters, compileFilterTest, filtersForSheet, type Filter } from '../../../shared/filters/conditions';
import { filtersSchema } from '../../../shared/filters/schema';
import { searchTerms } from '../../../shared/filters/search';
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../errors';
import { newId, nowIso, parseJson } from '../../http';
import type { SpreadsheetRef } from '../../access/rules';
import type { SessionUser } from '../../identity/owner-session';
import { freshen, wantsFresh } from '../gsheets/freshen';
import { guessSheetTypes, IMPORT_LIMITS, importLimits, inMemoryLimits, MESSAGES, rowJson, type Cell, type ImportLimits, type ParsedSheet, type ReadOptions } from '../../sheets';
import { parseInWorker, previewInWorker, type ImportInput, type RowBatch, type SheetShape } from '../../sheets';
import { sheetWithTypes } from './columns';
import { spreadsheetsRepo, type SheetRecord } from '../../data/spreadsheets/repo';
import { ColumnStore } from '../../sheets';
import { allOfMasks, columnFilterMask, filterMask, querySheet, type CachedSheet, type Row, type SheetRows } from '../../sheets';
import { currentWorkspace } from '../../identity/current-workspace';
import { sheetChanged } from '../../platform/cluster/sheet-changes';
import { crashPoint } from '../../crash-points';
import { importInterrupted, startJob, type Job } from '../jobs/service';


function summary(s: SheetRecord): SheetSummary {
  return { title: s.title, columns: parseJson<string[]>(s.columns, []), row_count: Number(s.row_count) };
}

/** Rows a batch inserts (and a worker hands over) at a time: a few milliseconds of the event loop each. */
export const IMPORT_BATCH_ROWS = 2_000;

/**
 * Sheets up to this many rows are put in the sheet cache by their import (a fresh import is about
 * to be looked at). Indexing a sheet for the cache is one step that holds the event loop (about
 * 100 ms for 100,000 rows); a bigger sheet is loaded by its first read instead.
 */
export const IMPORT_WARM_MAX_ROWS = 100_000;

/** `source` of a spreadsheet whose rows are still being written (SQLite): listed nowhere. */
export const IMPORTING = 'importing';

const MAX_REST_MS = 100;
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sheets' shapes and a reader of their rows as stored JSON, batch after batch. */
export interface SheetSource {
  sheets: SheetShape[];
  next(): Promise<RowBatch | null>;
}

/** In-memory sheets as a SheetSource (rows turned into JSON one batch at a time). */
export function sheetSource(sheets: ParsedSheet[], batchRows = IMPORT_BATCH_ROWS): SheetSource {
  let sheet = 0;
  let at = 0;
  return {
    sheets: sheets.map((s) => {
      const types = guessSheetTypes(s);
      return { title: s.title, columns: s.columns, rowCount: s.rows.length, columnTypes: Object.fromEntries(s.columns.map((c, i) => [c, types[i]!])) };
    }),
    async next() {
      while (sheet < sheets.length && at >= sheets[sheet]!.rows.length) {
        sheet++;
        at = 0;
      }
      const s = sheets[sheet];
      if (!s) return null;
      const end = Math.min(at + batchRows, s.rows.length);
      const batch = { sheet, first: at, json: s.rows.slice(at, end).map((r) => rowJson(s.columns, r)) };
      at = end;
      return batch;
    },
  };
}

/**
 * Stores a parsed spreadsheet: all sheets and rows, or nothing. Rows go in batches with a rest
 * between them, so other requests are answered meanwhile.
 *
 * PostgreSQL: one transaction (it holds one connection of the pool; other requests use the
 * others). SQLite has one connection, which a transaction holds for every other request too: there
 * each batch commits on its own, under a spreadsheet marked IMPORTING that no list shows and no
 * one knows the id of, marked done by the last step; a failure deletes what was written (and the
 * owner's next import deletes what a crash left). Callers already inside a transaction pass it as
 * ctx.db (SQLite has no nested transactions).
 *
 * With `owner`, the import runs under a job (modules/jobs): a server stopped half-way (kill -9)
 * leaves a job whose lease runs out, and the sweep removes the importing spreadsheet and tells the
 * owner `message`.
 */
export async function storeSheets(
  ctx: ServerContext,
  workspaceId: string,
  title: string,
  input: SheetSource,
  source: string,
  options: { inTransaction?: boolean; onBatch?: (sheetId: string, batch: RowBatch) => void; owner?: { userId: string; message: string } } = {},
): Promise<{ spreadsheet: Spreadsheet; sheetIds: string[] }> {
  const id = newId();
  const created_at = nowIso();
  const sheetIds = input.sheets.map(() => newId());
  const committedBatches = ctx.dialect === 'sqlite' && !options.inTransaction;
  const job: Job | null = options.owner
    ? await startJob(ctx, { kind: 'import', userId: options.owner.userId, message: options.owner.message, spreadsheetId: committedBatches ? id : null })
    : null;
  let batches = 0;
  const write = async (db: ServerContext['db']) => {
    const repo = spreadsheetsRepo(db);
    await repo.insertSpreadsheet({ id, workspace_id: workspaceId, title, source: committedBatches ? IMPORTING : source, created_at });
    for (const [position, sheet] of input.sheets.entries())
      await repo.insertSheet({
        id: sheetIds[position]!,
        spreadsheet_id: id,
        title: sheet.title,
        position,
        columns: JSON.stringify(sheet.columns),
        column_types: JSON.stringify(sheet.columnTypes ?? {}),
        row_count: sheet.rowCount,
        version: 1,
        updated_at: created_at,
        next_row_index: sheet.rowCount,
      });
    for (let batch = await input.next(); batch; batch = await input.next()) {
      const sheetId = sheetIds[batch.sheet]!;
      const began = performance.now();
      await repo.insertRows(sheetId, batch.json, batch.first);
      options.onBatch?.(sheetId, batch);
      if (++batches === 2) await crashPoint('import-batch');
      // Rest as long as the batch took: SQLite writes on this thread, PostgreSQL on a core of
      // the database's; either way requests find them free at least half the time (and on a
      // busy machine the system schedules a thread that rests sooner). An import takes longer.
      // Not inside a caller's transaction: on SQLite that would hold the one connection longer.
      if (!options.inTransaction) await rest(Math.min(MAX_REST_MS, performance.now() - began));
    }
    if (committedBatches)
      // Listed, and the job done, at once.
      await db.transaction().execute(async (trx) => {
        await spreadsheetsRepo(trx).setSource(id, source);
        await job?.done(trx);
      });
    else await job?.done(db);
  };
  try {
    if (options.inTransaction) await write(ctx.db);
    else if (!committedBatches) await ctx.db.transaction().execute(write);
    else {
      try {
        await write(ctx.db);
      } catch (e) {
        await removeSpreadsheet(ctx, id).catch((err) => ctx.log.warn({ err }, 'removing a failed import failed (the next import removes it)'));
        throw e;
      }
    }
  } finally {
    await job?.end();
  }
  return {
    spreadsheet: { id, title, created_at, sheets: input.sheets.map((s) => ({ title: s.title, columns: s.columns, row_count: s.rowCount })) },
    sheetIds,
  };
}

/** storeSheets for sheets already in memory (JSON bodies, the sample, benchmarks). */
export async function storeSpreadsheet(
  ctx: ServerContext,
  workspaceId: string,
  title: string,
  sheets: ParsedSheet[],
  source: string,
  options: { inTransaction?: boolean } = {},
): Promise<Spreadsheet> {
  return (await storeSheets(ctx, workspaceId, title, sheetSource(sheets), source, options)).spreadsheet;
}

async function removeSpreadsheet(ctx: ServerContext, id: string) {
  await ctx.db.transaction().execute((trx) => spreadsheetsRepo(trx).deleteSpreadsheet(id));
}

/**
 * The import limits of files, for a JSON body, checked on the raw body before zod copies it:
 * 50 MB of `{},` is 16 million rows, and each becomes an array as wide as the columns.
 */
export function checkJsonSpreadsheetSize(body: unknown, allLimits: ImportLimits = IMPORT_LIMITS): void {
  // A JSON body is held whole in memory (parsed objects): XLSX's lower cap.
  const limits = inMemoryLimits(allLimits);
  const sheets = (body as { sheets?: unknown } | null)?.sheets;
  if (!Array.isArray(sheets)) return;
  let cells = 0;
  for (const sheet of sheets as { columns?: unknown; rows?: unknown }[]) {
    const rows = Array.isArray(sheet?.rows) ? sheet.rows.length : 0;
    const columns = Array.isArray(sheet?.columns) ? sheet.columns.length : 0;
    if (rows > limits.maxRows) throw badRequest(MESSAGES.tooManyRows(limits.maxRows));
    cells += (rows + 1) * columns;
    if (cells > limits.maxCells) throw badRequest(MESSAGES.tooManyCells(limits.maxCells));
  }
}

/** JSON bodies: the rows are objects; keys outside `columns` are refused so nothing is lost silently. */
export function sheetsFromJson(body: JsonSpreadsheetBody): ParsedSheet[] {
  const titles = new Set<string>();
  return body.sheets.map((s, si) => {
    if (titles.has(s.title.toLowerCase())) throw badRequest(`Two sheets are named '${s.title}'`, [{ path: `sheets.${si}.title`, message: 'Sheet titles must be unique' }]);
    titles.add(s.title.toLowerCase());
    const cols = new Set<string>();
    for (const [ci, c] of s.columns.entries()) {
      if (cols.has(c)) throw badRequest(`Column '${c}' appears twice in sheet '${s.title}'`, [{ path: `sheets.${si}.columns.${ci}`, message: 'Column names must be unique' }]);
      cols.add(c);
    }
    const rows = s.rows.map((r, ri) => {
      for (const k of Object.keys(r))
        if (!cols.has(k))
          throw badRequest(`Row ${ri + 1} of sheet '${s.title}' has a value for unknown column '${k}'`, [
            { path: `sheets.${si}.rows.${ri}.${k}`, message: `Unknown column '${k}'` },
          ]);
      return s.columns.map((c) => (r[c] ?? '') as Cell);
    });
    return { title: s.title, columns: s.columns, rows };
  });
}

/** Accounts with an import running (one at a time each: an import holds a core and memory). */
const importing = new Set<string>();

export const IMPORT_RUNNING = 'Another import of yours is still running. Wait for it to finish, then import this file.';

/**
 * Claims the account's one import (409 while another runs); returns what releases it. Taken before
 * the upload is read, so a second file is refused at once rather than after its upload.
 */
export function claimImport(user: SessionUser): () => void {
  if (importing.has(user.id)) throw conflict(IMPORT_RUNNING);
  importing.add(user.id);
  let released = false;
  return () => {
    if (!released) importing.delete(user.id);
    released = true;
  };
}

export function isImporting(userId: string): boolean {
  return importing.has(userId);
}

/** What the owner chose in an import's preview (multipart fields), checked; absent: detected or guessed. */
export interface ImportChoices {
  read: ReadOptions;
  columnTypes?: ColumnTypes;
}

const TYPE_NAMES = Object.values(COLUMN_TYPE_LABELS).join(', ');

/** The multipart fields `encoding`, `delimiter`, `header` and `column_types` as ImportChoices, or a 400 saying what to send. */
export function importChoices(fields: Record<string, string>): ImportChoices {
  const read: ReadOptions = {};
  const { encoding, delimiter, header, column_types: types } = fields;
  if (encoding !== undefined && encoding !== '') {
    const name = encoding.trim().toLowerCase();
    if (!isTextEncoding(name))
      throw badRequest(`Sheetboard cannot read text in '${encoding.slice(0, 40)}'; choose one of the encodings listed`, [{ path: 'encoding', message: 'Choose one of the encodings listed' }]);
    read.encoding = name;
  }
  if (delimiter !== undefined && delimiter !== '') {
    const d = delimiter === '\\t' ? '\t' : delimiter;
    if (!isCsvDelimiter(d)) {
      const names = CSV_DELIMITERS.map((c) => CSV_DELIMITER_LABELS[c].toLowerCase()).join(', ');
      throw badRequest(`Columns can be separated by a ${names.replace(/, ([^,]*)$/, ' or $1')}`, [{ path: 'delimiter', message: 'Choose a comma, semicolon, tab or vertical bar' }]);
    }
    read.delimiter = d;
  }
  if (header !== undefined && header !== '') {
    if (header !== 'true' && header !== 'false')
      throw badRequest("Say whether the first row holds the column names ('true' or 'false')", [{ path: 'header', message: "Send 'true' or 'false'" }]);
    read.header = header === 'true';
  }
  if (types === undefined || types === '') return { read };
  let parsed: unknown;
  try {
    parsed = JSON.parse(types);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest('The column types could not be read; preview the file again and choose the types there', [{ path: 'column_types', message: 'Send an object of column names and types' }]);
  const columnTypes: ColumnTypes = Object.create(null);
  for (const [column, type] of Object.entries(parsed)) {
    if (!isColumnType(type))
      throw badRequest(`Column '${column}' cannot have the type '${String(type).slice(0, 40)}'; choose one of: ${TYPE_NAMES}`, [
        { path: `column_types.${column}`, message: 'Unknown column type' },
      ]);
    columnTypes[column] = type;
  }
  return { read, columnTypes };
}

/** Lays the owner's column types over the guessed ones; a column the file does not have is a 400 (the preview was of another reading). */
function withChosenTypes(sheets: SheetShape[], chosen: ColumnTypes | undefined): SheetShape[] {
  if (!chosen) return sheets;
  for (const column of Object.keys(chosen))
    if (!sheets.some((s) => s.columns.includes(column)))
      throw badRequest(`The file has no column '${column}'; preview the file again and choose the types there`, [{ path: `column_types.${column}`, message: 'Not a column of the file' }]);
  return sheets.map((s) => {
    const types: ColumnTypes = { ...s.columnTypes };
    for (const c of s.columns) if (Object.hasOwn(chosen, c)) types[c] = chosen[c]!;
    return { ...s, columnTypes: types };
  });
}

/** An uploaded CSV or XLSX file: parsed on a worker thread, stored in batches. */
export async function importFile(ctx: ServerContext, user: SessionUser, title: string, file: ImportInput, filename: string, choices: ImportChoices = { read: {} }) {
  const parsed = await parseInWorker(file, filename, importLimits(ctx.config), { batchRows: IMPORT_BATCH_ROWS, readTimeoutMs: ctx.config.importReadTimeoutMs, read: choices.read });
  try {
    const sheets = withChosenTypes(parsed.sheets, choices.columnTypes);
    return await importSpreadsheet(ctx, user, title, { sheets, next: () => parsed.next() }, 'upload', filename);
  } finally {
    await parsed.close();
  }
}

/** What importing an uploaded file would give, read on a worker thread; nothing is stored. */
export async function previewFile(ctx: ServerContext, file: ImportInput, filename: string, choices: ImportChoices): Promise<ImportPreviewResponse> {
  return previewInWorker(file, filename, importLimits(ctx.config), { readTimeoutMs: ctx.config.importReadTimeoutMs, read: choices.read });
}

/**
 * Stores an import in the caller's workspace (under claimImport) and warms the cache with it.
 * `filename` names the import in the notice of a server stop (the title for a JSON body).
 */
export async function importSpreadsheet(ctx: ServerContext, user: SessionUser, title: string, input: SheetSource, source: string, filename = title) {
  const ws = await currentWorkspace(ctx, user);
  // What an import of this account left when the server stopped half-way (SQLite; none is
  // running: one import at a time per account, and PostgreSQL's are invisible until committed).
  for (const left of await spreadsheetsRepo(ctx.db).importingOf(ws.id)) await removeSpreadsheet(ctx, left.id);
  // A fresh import is about to be looked at (the new board's first table): its sheets go into the
  // cache from the rows at hand, batch by batch (a few at a time), rather than being read again.
  const warm = input.sheets.map((s) => (s.rowCount <= IMPORT_WARM_MAX_ROWS ? new Array<Row>(s.rowCount) : null));
  const { spreadsheet, sheetIds } = await storeSheets(ctx, ws.id, title, input, source, {
    owner: { userId: user.id, message: importInterrupted(filename) },
    onBatch: (_sheetId, batch) => {
      const rows = warm[batch.sheet];
      if (rows) for (let i = 0; i < batch.json.length; i++) rows[batch.first + i] = JSON.parse(batch.json[i]!) as Row;
    },
  });
  sheetIds.forEach((sheetId, i) => {
    const rows = warm[i];
    if (!rows) return;
    const columns = input.sheets[i]!.columns;
    // After the answer has gone.
    setImmediate(() => {
      void ctx.sheetCache.get(sheetId, 1, async () => ({ columns, rows })).catch((err) => ctx.log.warn({ err }, 'warming the sheet cache failed'));
    });
  });
  return spreadsheet;
}

export async function listSpreadsheets(ctx: ServerContext, user: SessionUser): Promise<Spreadsheet[]> {
  const ws = await currentWorkspace(ctx, user);
  const repo = spreadsheetsRepo(ctx.db);
  const list = await repo.listByWorkspace(ws.id);
  const sheets = await repo.sheetsOf(list.map((s) => s.id));
  return list.map((s) => ({
    id: s.id,
    title: s.title,
    created_at: s.created_at,
    // Where its rows come from ('google': a connected Google Sheet the dashboard shows as such).
    source: s.source,
    sheets: sheets.filter((sh) => sh.spreadsheet_id === s.id).map(summary),
  }));
}

/** A spreadsheet of the caller's workspace; anyone else's is 404 (its existence is private). */
export async function ownSpreadsheet(ctx: ServerContext, user: SessionUser, id: string) {
  const repo = spreadsheetsRepo(ctx.db);
  const s = await repo.findById(id);
  const ws = await currentWorkspace(ctx, user);
  if (!s || s.workspace_id !== ws.id) throw notFound('Spreadsheet not found');
  return s;
}

/** A spreadsheet of the caller's workspace or of one they edit (the 'owner' rule let them through). */
export async function getSpreadsheet(ctx: ServerContext, s: SpreadsheetRef): Promise<Spreadsheet> {
  const sheets = await spreadsheetsRepo(ctx.db).sheetsOf([s.id]);
  // The data editor's sheets (issue 13): each also with its column types and version.
  return { id: s.id, title: s.title, created_at: s.created_at, sheets: await Promise.all(sheets.map((sh) => sheetWithTypes(ctx, sh))) };
}

/**
 * Titles and columns of the app's sheets, for board and page state: every sheet for the owner;
 * for anyone else who may view the app only the sheets and columns the blocks they may see use
 * (access/columns.ts viewerSheets); nothing before a password app's visitor signs in.
 */
export async function sheetSummaries(ctx: ServerContext, app: AppView, viewer: AppViewer): Promise<SheetSummary[]> {
  if (!app.spreadsheetId || !(viewer.owner || viewer.canView)) return [];
  const all = (await spreadsheetsRepo(ctx.db).sheetsOf([app.spreadsheetId])).map(summary);
  return viewer.owner ? all : viewerSheets(ctx, app, viewer, all);
}

export async function deleteSpreadsheet(ctx: ServerContext, user: SessionUser, id: string) {
  await ownSpreadsheet(ctx, user, id);
  const repo = spreadsheetsRepo(ctx.db);
  const apps = await repo.appsUsing(id);
  if (apps.length > 0)
    throw conflict(
      `This spreadsheet is used by ${apps.map((a) => `'${a.name}'`).join(', ')}. Point ${apps.length > 1 ? 'those apps' : 'that app'} at another spreadsheet or delete ${apps.length > 1 ? 'them' : 'it'} first.`,
    );
  const sheets = await repo.sheetsOf([id]);
  await ctx.db.transaction().execute((trx) => spreadsheetsRepo(trx).deleteSpreadsheet(id));
  // After the delete: a request racing it could otherwise put the sheet back in the cache.
  for (const s of sheets) sheetChanged(ctx, s.id);
}

/** Rows read from the database per query while a sheet loads; the event loop is given back between. */
const LOAD_CHUNK_ROWS = 20_000;

/**
 * A sheet's rows for the cache: values, stable ids (row_index) and versions, in sheet order,
 * straight into a column store. Read a chunk at a time by row_index, with the event loop given
 * back between chunks, so a 1,000,000-row sheet neither holds other requests for seconds nor
 * holds a million row objects at once. Writes that land between two chunks are caught up by
 * the version check (sheet-patch.ts skips what an entry already holds; another process's write
 * makes the next read reload).
 */
export async function loadSheetRows(ctx: ServerContext, sheetId: string, columns: string[]): Promise<SheetRows> {
  const repo = spreadsheetsRepo(ctx.db);
  const store = new ColumnStore(columns, 0);
  const ids: number[] = [];
  const versions: number[] = [];
  let after = -1;
  for (;;) {
    const chunk = await repo.rowsAfter(sheetId, after, LOAD_CHUNK_ROWS);
    for (const r of chunk) {
      store.push(JSON.parse(r.data) as Row);
      ids.push(Number(r.row_index));
      versions.push(Number(r.version));
    }
    if (chunk.length < LOAD_CHUNK_ROWS) break;
    after = ids[ids.length - 1]!;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { columns, store, ids, versions };
}

export const MAX_SEARCH_TERMS = 50;
export const MAX_FILTERS = 50;

export interface SheetDataInput {
  sheetTitle: string;
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
  fields?: string;
  /** JSON array of board filters (spec Filter entity). */
  filters?: string;
  /** The spec's no-cache flag: a connected Google spreadsheet is pulled first (gsheets/freshen.ts). */
  nocache?: string;
}

/** The `filters` query parameter: a JSON array of Filter entities, or 400 naming the problem. */
export function parseFiltersParam(raw: string | undefined): Filter[] {
  if (raw === undefined || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid filters: not valid JSON', [{ path: 'filters', message: 'Not valid JSON' }]);
  }
  const result = filtersSchema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 ? `filters.${issue.path.join('.')}` : 'filters';
  throw badRequest(`Invalid filters: ${where}: ${issue.message}`, [{ path: where, message: issue.message }]);
}

function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A sheet read's 401 when the request names no app and no one is signed in. */
export const SHEET_READ_UNNAMED = 'Sign in, or open this sheet from a board that uses it';

/** A sheet as readableSheet finds it (id, title, version, columns JSON, row_count, workspace). */
export type ReadableSheet = NonNullable<Awaited<ReturnType<ReturnType<typeof spreadsheetsRepo>['sheetByTitle']>>>;

/**
 * The sheet named, for a caller the route's rule let read its spreadsheet (access/rules.ts
 * 'app-viewer' on a sheet): the owner reads whole sheets, a viewer of the app only the sheets and
 * columns the blocks they may see use (404 'Sheet … not found' for any other sheet). Shared by every read route (sheet rows, chart aggregation, maps, one row).
 */
export async function readableSheet(
  ctx: ServerContext,
  access: SheetAccess,
  sheetTitle: string,
): Promise<ReadableSheet & { viewerEmail: string | null; allowedColumns: Set<string> | null; rowRule: ViewerRowRule | null }> {
  const sheet = await spreadsheetsRepo(ctx.db).sheetByTitle(access.spreadsheet.id, sheetTitle);
  let viewerEmail = access.user?.email ?? null;
  let allowedColumns: Set<string> | null = null;
  const reader = access.reader;
  const missing = notFound(`Sheet '${sheetTitle}' not found`);
  if (reader) {
    viewerEmail = reader.viewer.email;
    // A sheet none of the blocks this viewer may see uses is answered as one that does not exist.
    const allowed = await viewerSheetColumns(ctx, reader.app, reader.viewer, sheetTitle, parseJson<string[]>(sheet?.columns ?? '[]', []));
    if (!allowed) throw missing;
    allowedColumns = allowed;
  }
  if (!sheet) throw missing;
  // The owner's row rule for this viewer (access/row-rules.ts): every read of the sheet's rows
  // below goes through boardFilterMask, which holds them to it.
  const rowRule = reader ? viewerRowRule(reader.app, reader.viewer, sheetTitle) : null;
  return { ...sheet, viewerEmail, allowedColumns, rowRule };
}

/** The sheet's columns this reader may see (all of them for the owner), in sheet order. */
export function visibleColumns(sheet: { columns: string; allowedColumns: Set<string> | null }): string[] {
  const all = parseJson<string[]>(sheet.columns, []);
  const allowed = sheet.allowedColumns;
  return allowed ? all.filter((c) => allowed.has(c)) : all;
}

/**
 * 400 when a viewer's filter names a column outside their columns (it would answer questions
 * about it). Held to the app's columns, not the sheet's: a column the app names but the sheet no
 * longer has matches nothing, as it does for the owner (whose filters are never refused), and
 * whether a hidden column exists cannot be told from the answer.
 */
export function checkFilterColumns(filters: Filter[], allowed: ReadonlySet<string> | null): void {
  if (!allowed) return;
  for (const f of filters)
    if (!allowed.has(f.sheet_column.column))
      throw badRequest(MISSING_COLUMN_WORDS.filter(f.sheet_column.column), [{ path: 'filters', message: MISSING_COLUMN_WORDS.filter(f.sheet_column.column) }]);
}

/** The active board filters of one sheet from the `filters` parameter (400 when bad or too many). */
export function activeSheetFilters(raw: string | undefined, sheetTitle: string): Filter[] {
  const filters = filtersForSheet(parseFiltersParam(raw), sheetTitle).filter((f) => f.active);
  // Like search terms, each filter is a sweep of the sheet on its first use.
  if (filters.length > MAX_FILTERS)
    throw badRequest(`Invalid filters: at most ${MAX_FILTERS} active filters per sheet`, [{ path: 'filters', message: `At most ${MAX_FILTERS} active filters` }]);
  return filters;
}

/** A readable sheet's rows from the cache (loaded on a miss; entries are keyed by version). */
export function cachedSheetRows(ctx: ServerContext, sheet: Pick<ReadableSheet, 'id' | 'version' | 'columns'>): Promise<CachedSheet> {
  const columns = parseJson<string[]>(sheet.columns, []);
  return ctx.sheetCache.get(sheet.id, Number(sheet.version), () => loadSheetRows(ctx, sheet.id, columns));
}

/**
 * Rows the board filters keep (null: no filter). The identity comes from the session only. The
 * mask depends on the filters, the e-mail ('current user') and today's date (relative date
 * conditions), so all three key it; `key` is returned for callers caching results on top.
 */
function filtersMask(ctx: ServerContext, email: string | null, cached: CachedSheet, filters: Filter[]): { mask: Uint8Array | null; key: string; keep: (row: Row) => boolean } {
  if (filters.length === 0) return { mask: null, key: '', keep: () => true };
  const now = new Date();
  const userEmail = email ?? undefined;
  const context = { now, userEmail };
  const day = localDate(now);
  const key = JSON.stringify([filters, userEmail ?? null, day]);
  const keep = compileFilters(filters, context);
  const tests = filters.map((f) => compileFilterTest(f, context));
  if (tests.includes('none') || tests.every((t) => t === 'all')) {
    // Nothing passes, or everything does: one trivial pass, cached like any other.
    return { mask: filterMask(cached, key, keep, ctx.sheetCache, []), key, keep };
  }
  // Each filter is a mask of its own column, kept under its own key (a name is only a label), so
  // the next combination that shares a filter (the same city, another amount) reuses it.
  const masks = tests.flatMap((t, i) => {
    if (t === 'all' || t === 'none') return [];
    const f = filters[i]!;
    const own = JSON.stringify([f.condition, t.column, f.value ?? null, userEmail ?? null, day]);
    return [{ own, t }];
  });
  if (masks.length === 1) {
    const { own, t } = masks[0]!;
    return { mask: columnFilterMask(cached, own, t.column, t.test, ctx.sheetCache), key: own, keep };
  }
  const parts = () => masks.map(({ own, t }) => columnFilterMask(cached, own, t.column, t.test, ctx.sheetCache));
  return { mask: allOfMasks(cached, key, parts, keep, ctx.sheetCache), key, keep };
}

/** Who a sheet read is for, as readableSheet found them: the 'current user' e-mail and the row rule. */
export type RowReader = Pick<ViewerSheet, 'viewerEmail' | 'rowRule'>;

/**
 * The rows a reader gets (null: every row): the owner's row rule for them (access/row-rules.ts),
 * compiled into a column mask like any board filter and kept under the rule's key (the rule and
 * the caller's e-mail and groups), ANDed with the board filters. Every read of a viewer's rows
 * (sheet data and its totals, search, paging, charts, maps, the app's data answer) asks this, so
 * no path reads past the rule; `key` names both, for results cached on top (charts).
 */
export function boardFilterMask(ctx: ServerContext, reader: RowReader, cached: CachedSheet, filters: Filter[]): { mask: Uint8Array | null; key: string } {
  const f = filtersMask(ctx, reader.viewerEmail, cached, filters);
  const rule = reader.rowRule;
  if (!rule) return { mask: f.mask, key: f.key };
  const ruleMask = columnFilterMask(cached, rule.key, rule.column, rule.test, ctx.sheetCache);
  if (!f.mask) return { mask: ruleMask, key: rule.key };
  const key = JSON.stringify([rule.key, f.key]);
  const both = allOfMasks(cached, key, () => [ruleMask, f.mask!], (row) => rowAllowed(rule, row) && f.keep(row), ctx.sheetCache);
  return { mask: both, key };
}

/** A sheet as readableSheet answers it: the record, the reader's e-mail and the columns they may see. */
export type ViewerSheet = Awaited<ReturnType<typeof readableSheet>>;

/**
 * The sheet a read is about, after a no-cache read's Google pull (`nocache`: gsheets/freshen.ts),
 * so its version is the one the answer will come from. Cheap: the sheet's record and the
 * viewer's columns, no rows (sheet-etag.ts tags answers from it before any row is read).
 */
export async function openSheet(ctx: ServerContext, access: SheetAccess, sheetTitle: string, nocache?: string): Promise<ViewerSheet> {
  if (wantsFresh(nocache)) await freshen(ctx, access.spreadsheet.id);
  return readableSheet(ctx, access, sheetTitle);
}

/** Rows of one sheet, for its readers (see readableSheet). */
export async function sheetData(ctx: ServerContext, access: SheetAccess, input: SheetDataInput) {
  return sheetRowsOf(ctx, await openSheet(ctx, access, input.sheetTitle, input.nocache), input);
}

/** Rows of a sheet already opened for its reader (openSheet): search, sort, filters, paging. */
export async function sheetRowsOf(ctx: ServerContext, sheet: ViewerSheet, input: SheetDataInput) {
  // Only the active filters of this sheet count; parsed before anything is read.
  const filters = activeSheetFilters(input.filters, input.sheetTitle);

  // Each term is a sweep over the whole sheet's text: thousands of terms in one URL would hold
  // the event loop for seconds, for anyone who can see a public board.
  if (new Set(searchTerms(input.q)).size > MAX_SEARCH_TERMS)
    throw badRequest(`Search for at most ${MAX_SEARCH_TERMS} terms at a time`, [{ path: 'q', message: `At most ${MAX_SEARCH_TERMS} terms` }]);
  const columns = visibleColumns(sheet);
  checkFilterColumns(filters, sheet.allowedColumns);
  let sort = input.sort;
  let dir = input.dir;
  if (sort?.startsWith('-') && !columns.includes(sort)) {
    sort = sort.slice(1);
    dir ??= 'desc';
  }
  if (sort && !columns.includes(sort)) throw badRequest(`Unknown column '${sort}' in sort`, [{ path: 'sort', message: `Unknown column '${sort}'` }]);
  const listed = (input.fields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  // `fields=` or `fields=,` names no column: all of them, not rows of nothing.
  const fields = listed.length > 0 ? listed : undefined;
  for (const f of fields ?? [])
    if (!columns.includes(f)) throw badRequest(`Unknown column '${f}' in fields`, [{ path: 'fields', message: `Unknown column '${f}'` }]);

  // Entries are keyed by the sheet's version: after a pull (nocache above) the new rows load.
  const cached = await cachedSheetRows(ctx, sheet);
  const filter = boardFilterMask(ctx, sheet, cached, filters).mask;
  // A viewer's rows carry only their columns, and their search looks at those alone. A viewer
  // who may read every column (a table that names none) searches like the owner: checking each
  // matching row again against the same columns would only cost time.
  const restricted = sheet.allowedColumns !== null;
  const picked = fields ?? (restricted ? columns : undefined);
  const searchesFewer = restricted && cached.columns.some((c) => !columns.includes(c));
  const result = querySheet(
    cached,
    { q: input.q, sort, dir, limit: input.limit, offset: input.offset, fields: picked, filter, ...(searchesFewer ? { searchColumns: columns } : {}) },
    ctx.sheetCache,
  );
  return { rows: result.rows, columns: picked ?? cached.columns, total: result.total };
}
