// Pull (issue 16): a Google spreadsheet connected by its link, read into our tables as ordinary
// sheets and rows, so every block and the data editor read it as they read an import.
//
// - Connect: the link names the file; the workspace's connection (or the service account) reads
//   its title and tabs; a spreadsheet (source 'google') with a sheet per tab is created at once
//   and the first pull runs in the background (GET …/:spreadsheetId shows its progress).
// - A pull: Drive's version, the tabs (by sheetId: a renamed tab keeps its sheet, a new tab adds
//   one, a deleted tab's sheet stays with its last rows and stops syncing), each tab's header
//   (FORMATTED_VALUE, as shown) and rows (UNFORMATTED_VALUE, in reads of at most 5,000 rows and
//   about 60,000 cells, far under 2 MB) through the quota gate and withRetries. Rows are known by
//   the hidden id column (ids.ts); rows without one get an id written (read-write connections).
//   A read-only connection writes nothing: its rows are known by content (see readOnlyIds).
// - Apply: diffRows against google_rows, in ONE transaction per tab, written in slices with a
//   pause between them (SQLite answers synchronously: without the pauses a 100,000-row first sync
//   would hold the event loop for seconds). Existing rows keep their row_index (the `_id` blocks
//   and edits use) whatever Google does to row numbers; new rows get the next indexes. The sheet's
//   version is bumped, so caches reload.
import crypto from 'node:crypto';
import { googleSheetUrl, parseGoogleSheetLink } from '../../../shared/rules/google-sheets';
import { GOOGLE_MESSAGES as M, type GoogleSyncStatus } from '../../../shared/api/google';
import { isColumnType, type ColumnTypes } from '../../../shared/rows/column-types';
import type { ServerContext } from '../../platform/context';
import type { Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import { newId, nowIso, parseJson } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { blockRecord } from '../../data/blocks/record';
import { dataRepo } from '../../data/spreadsheets/data-repo';
import { guessSheetTypes, type Cell } from '../../sheets';
import { spreadsheetsRepo } from '../../data/spreadsheets/repo';
import { breathe } from '../templates/copy';
import { assignIds, backfillTargets, diffRows, rowHash, type CachedRow, type PlannedRow, type PullPlan, type ReadRow } from './diff';
import { affectedBlocks, columnMap, compareHeaders, headerColumns, type BlockColumnUse, type HeaderColumn } from './headers';
import { a1Range, backfillIds, matchTabs, parseHeader, placeIdColumn, quoteTitle, rowData, rowIdOf, rowsNotAsExpected, type ParsedHeader, type TabInfo } from './ids';
import { QuotaGate, SHEETS_LIMITS, withRetries, type BucketLimits } from './quota';
import { googleConnectionsRepo, type GoogleConnectionRow } from '../../data/gsheets/repo';
import { googleSession, modeOf, serviceAccountConnection, workspaceFor, type GoogleSession } from './service';
import { rememberRows } from './hints';
import { exclusive } from './lock';
import { cryptoRandom } from './random';
import { pushStatus } from './push-status';
import { storeRemappedBlocks } from './remap';
import { googleSourcesRepo, type GoogleTabRow } from '../../data/gsheets/sources-repo';
import { sheetChanged } from '../../platform/cluster/sheet-changes';
import { crashPoint } from '../../crash-points';
import { PULL_CUT_OFF, pullInterrupted, withJob, type Job } from '../jobs/service';

/** Knobs of the pull (tests and the benchmark shorten waits and widen quotas). */
export const PULL_TUNING: {
  /** Rows per values.get at most. */
  batchRows: number;
  /** Cells per values.get at most (keeps each answer far under Google's 2 MB advice). */
  batchCells: number;
  /** Rows written per statement slice, with a pause between slices. */
  applySlice: number;
  maxAttempts: number;
  backoffBaseMs: number;
  limits: { project: BucketLimits; user: BucketLimits };
} = { batchRows: 5_000, batchCells: 60_000, applySlice: 2_000, maxAttempts: 6, backoffBaseMs: 1_000, limits: SHEETS_LIMITS };

export const PULL_MESSAGES = {
  notConnected: 'Connect a Google account first (or ask the administrator to set up a service account), then paste the link again.',
  cannotOpen: (who: string) => `The Google account ${who} cannot open this spreadsheet. Share it with ${who} (as an editor if the app should write back), then paste the link again.`,
  notFound: 'Google has no spreadsheet at this link, or it is not shared with the connected account. Check the link and the sharing settings of the sheet.',
  noTabs: 'This Google spreadsheet has no tabs to sync.',
  quota: 'Google’s request quota is used up for now. The next sync tries again.',
  unavailable: 'Google did not answer. The next sync tries again.',
  unreachable: 'Google could not be reached. The next sync tries again.',
  failed: 'The sync with Google failed. The next sync tries again.',
  lost: 'The connected Google account can no longer open this spreadsheet (it was deleted or is no longer shared). Share it again, then pull.',
  interrupted: PULL_CUT_OFF,
} as const;

// ---------------------------------------------------------------------------------------------
// Calls to Google: the quota gate, then withRetries around session.run (the clients' own retries off)
// (exported: the background sync's version checks go through the same gate, scheduler.ts)

const gates = new WeakMap<ServerContext, QuotaGate>();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function gateOf(ctx: ServerContext): QuotaGate {
  let gate = gates.get(ctx);
  if (!gate) gates.set(ctx, (gate = new QuotaGate(Date.now(), PULL_TUNING.limits)));
  return gate;
}

/** Every call to Google: through the quota gate, retried on 429 and 5xx unless `attempts` says otherwise (writes that must not run twice). */
export async function call<T>(ctx: ServerContext, session: GoogleSession, connectionId: string, fn: () => Promise<T>, opts: { attempts?: number } = {}): Promise<T> {
  return withRetries(
    async () => {
      const wait = gateOf(ctx).take(connectionId, 1, Date.now());
      if (wait > 0) await sleep(wait);
      return session.run(fn);
    },
    { sleep, random: Math.random, now: Date.now, maxAttempts: opts.attempts ?? PULL_TUNING.maxAttempts, backoff: { baseMs: PULL_TUNING.backoffBaseMs } },
  );
}

/** Google's status of a failed call (gaxios error), or null. */
function googleStatus(e: unknown): number | null {
  if (e instanceof HttpError) return null;
  const x = e as { status?: unknown; response?: { status?: unknown } } | null;
  const s = x?.response?.status ?? x?.status;
  return typeof s === 'number' ? s : null;
}

/** A failure of a pull in words for the owner (stored in google_sources.error). */
export function failureWords(e: unknown): string {
  if (e instanceof HttpError) return e.message;
  const status = googleStatus(e);
  if (status === 403 || status === 404) return PULL_MESSAGES.lost;
  if (status === 429) return PULL_MESSAGES.quota;
  if (status !== null && status >= 500) return PULL_MESSAGES.unavailable;
  if (status === null && typeof (e as { code?: unknown })?.code === 'string') return PULL_MESSAGES.unreachable;
  return PULL_MESSAGES.failed;
}

// ---------------------------------------------------------------------------------------------
// Connect

export type GoogleTabProps = { sheetId: number; title: string; index: number; rowCount: number; columnCount: number };

export async function readTabs(ctx: ServerContext, session: GoogleSession, connectionId: string, fileId: string): Promise<{ title: string; tabs: GoogleTabProps[] }> {
  const res = await call(ctx, session, connectionId, () =>
    session.sheets.spreadsheets.get({ spreadsheetId: fileId, fields: 'properties.title,sheets.properties(sheetId,title,index,sheetType,gridProperties(rowCount,columnCount))' }, { retry: false }),
  );
  const tabs: GoogleTabProps[] = [];
  for (const s of res.data.sheets ?? []) {
    const p = s.properties;
    if (!p || typeof p.sheetId !== 'number' || typeof p.title !== 'string') continue;
    // Charts on a sheet of their own have no cells.
    if (p.sheetType && p.sheetType !== 'GRID') continue;
    tabs.push({ sheetId: p.sheetId, title: p.title, index: p.index ?? tabs.length, rowCount: p.gridProperties?.rowCount ?? 0, columnCount: p.gridProperties?.columnCount ?? 0 });
  }
  tabs.sort((a, b) => a.index - b.index);
  return { title: (res.data.properties?.title ?? 'Google spreadsheet').slice(0, 200), tabs };
}

/** The workspace's connection, or the service account's when the server has one and no one connected. */
async function connectionFor(ctx: ServerContext, workspaceId: string): Promise<GoogleConnectionRow> {
  const own = await googleConnectionsRepo(ctx.db).byWorkspace(workspaceId);
  if (own) {
    if (own.status === 'reconnect_needed') throw new HttpError(409, own.status_reason ?? M.reconnect, undefined, 'google_reconnect_needed');
    return own;
  }
  if (ctx.config.googleServiceAccount) return serviceAccountConnection(ctx, workspaceId);
  throw badRequest(PULL_MESSAGES.notConnected);
}

/** POST /api/google/spreadsheets: a new spreadsheet fed by the Google file the link names; its first pull runs in the background. */
export async function connectSpreadsheet(ctx: ServerContext, user: SessionUser, body: { url: string; workspace_id?: string }): Promise<{ spreadsheet: { id: string; title: string }; sync: GoogleSyncStatus }> {
  const link = parseGoogleSheetLink(body.url);
  if (!link.ok) throw badRequest(link.message, [{ path: 'url', message: link.message }]);
  const ws = await workspaceFor(ctx, user, body.workspace_id);
  const conn = await connectionFor(ctx, ws);
  const session = await googleSession(ctx, conn.id);
  let file: { title: string; tabs: GoogleTabProps[] };
  try {
    file = await readTabs(ctx, session, conn.id, link.spreadsheetId);
  } catch (e) {
    const status = googleStatus(e);
    if (status === 403) throw badRequest(PULL_MESSAGES.cannotOpen(conn.google_email ?? 'connected'));
    if (status === 404 || status === 400) throw badRequest(PULL_MESSAGES.notFound);
    if (e instanceof HttpError) throw e;
    throw new HttpError(502, failureWords(e), undefined, 'google_unavailable');
  }
  if (file.tabs.length === 0) throw badRequest(PULL_MESSAGES.noTabs);
  const id = newId();
  const at = nowIso();
  const url = googleSheetUrl(link.spreadsheetId);
  await ctx.db.transaction().execute(async (trx) => {
    const sheets = spreadsheetsRepo(trx);
    const sources = googleSourcesRepo(trx);
    await sheets.insertSpreadsheet({ id, workspace_id: ws, title: file.title, source: 'google', created_at: at });
    for (const [position, tab] of file.tabs.entries()) {
      const sheetId = newId();
      await sheets.insertSheet({ id: sheetId, spreadsheet_id: id, title: tab.title, position, columns: '[]', column_types: '{}', row_count: 0, version: 1, updated_at: at, next_row_index: 0 });
      await sources.insertTab({ sheet_id: sheetId, spreadsheet_id: id, google_sheet_id: tab.sheetId, title: tab.title, header: '[]', id_column: null });
    }
    await sources.insertSource({
      spreadsheet_id: id,
      connection_id: conn.id,
      file_id: link.spreadsheetId,
      url,
      drive_version: null,
      last_pull_at: null,
      last_full_at: null,
      status: 'syncing',
      error: null,
      progress_total: file.tabs.reduce((n, t) => n + Math.max(0, t.rowCount - 1), 0),
    });
  });
  void startPull(ctx, id);
  return { spreadsheet: { id, title: file.title }, sync: await syncStatus(ctx, id) };
}

// ---------------------------------------------------------------------------------------------
// One pull at a time per spreadsheet (per server process), in the background

const running = new WeakMap<ServerContext, Map<string, Promise<void>>>();

function runsOf(ctx: ServerContext): Map<string, Promise<void>> {
  let m = running.get(ctx);
  if (!m) running.set(ctx, (m = new Map()));
  return m;
}

/**
 * Starts a pull unless one runs already (then that one's promise). The promise never rejects:
 * failures are recorded in google_sources (status and words) and logged.
 */
export function startPull(ctx: ServerContext, spreadsheetId: string): Promise<void> {
  const runs = runsOf(ctx);
  const existing = runs.get(spreadsheetId);
  if (existing) return existing;
  const run = exclusive(ctx, spreadsheetId, () => pullUnderJob(ctx, spreadsheetId))
    .catch(async (e: unknown) => {
      const paused = e instanceof HttpError && e.code === 'google_reconnect_needed';
      if (!paused) ctx.log.warn({ err: e, spreadsheetId }, 'pulling a Google spreadsheet failed');
      await googleSourcesRepo(ctx.db).updateSource(spreadsheetId, { status: paused ? 'paused' : 'error', error: failureWords(e).slice(0, 1000) });
    })
    .catch((err: unknown) => ctx.log.error({ err, spreadsheetId }, 'recording a failed Google pull failed'))
    .finally(() => runs.delete(spreadsheetId));
  runs.set(spreadsheetId, run);
  return run;
}

/**
 * A pull under a job (modules/jobs): each tab commits in one transaction, but the source stays
 * 'syncing' if the server stops in between. The sweep then says on the source that the pull was
 * cut off (an 'error' the next sync pulls again: scheduler.ts) and tells the workspace's owner.
 */
async function pullUnderJob(ctx: ServerContext, spreadsheetId: string): Promise<void> {
  const owner = await googleSourcesRepo(ctx.db).owner(spreadsheetId);
  if (!owner) return;
  await withJob(ctx, { kind: 'pull', userId: owner.owner_id, message: pullInterrupted(owner.title), spreadsheetId }, (job) => pullSpreadsheet(ctx, spreadsheetId, job));
}

/** The pulls running now (tests and shutdown wait for them). */
export function runningPulls(ctx: ServerContext): Promise<void>[] {
  return [...runsOf(ctx).values()];
}

export function isPulling(ctx: ServerContext, spreadsheetId: string): boolean {
  return runsOf(ctx).has(spreadsheetId);
}

// ---------------------------------------------------------------------------------------------
// The pull

/** Rows read per values.get for a tab `width` columns wide. */
function rowsPerRead(width: number): number {
  return Math.max(100, Math.min(PULL_TUNING.batchRows, Math.floor(PULL_TUNING.batchCells / Math.max(1, width))));
}

/** One pull of the spreadsheet; `job`, when it runs under one, ends with the source's last update. */
export async function pullSpreadsheet(ctx: ServerContext, spreadsheetId: string, job?: Job): Promise<void> {
  const sources = googleSourcesRepo(ctx.db);
  const source = await sources.sourceOf(spreadsheetId);
  if (!source) return;
  await sources.updateSource(spreadsheetId, { status: 'syncing', error: null, progress_rows: 0 });
  const conn = await googleConnectionsRepo(ctx.db).byId(source.connection_id);
  if (!conn) throw badRequest(PULL_MESSAGES.notConnected);
  const session = await googleSession(ctx, conn.id);
  const writes = modeOf(conn) !== 'read';
  const fileId = source.file_id;
  const drive = await call(ctx, session, conn.id, () => session.drive.files.get({ fileId, fields: 'version', supportsAllDrives: true }, { retry: false }));
  const file = await readTabs(ctx, session, conn.id, fileId);
  const stored = await sources.tabsOf(spreadsheetId);
  const changes = matchTabs(
    stored.map((t) => ({ sheetId: t.google_sheet_id, title: t.title })),
    file.tabs.map((t): TabInfo => ({ sheetId: t.sheetId, title: t.title, index: t.index })),
  );
  // Tabs gone from Google: their sheets keep their last rows as ordinary sheets.
  for (const gone of changes.removed) {
    const tab = stored.find((t) => t.google_sheet_id === gone.sheetId)!;
    await sources.forgetTab(tab.sheet_id);
  }
  // Renamed tabs keep their sheet; new tabs get one. A sheet left by a tab deleted in Google gives
  // its title up to a tab that now has it (blocks find sheets by title: the synced tab is the one
  // they mean). Titles are unique per spreadsheet: every change goes through a temporary title
  // first, in one transaction, so tabs that swapped names in Google swap here too.
  const bySheetId = new Map(stored.map((t) => [t.google_sheet_id, t]));
  const wanted = new Set(file.tabs.map((t) => t.title));
  await ctx.db.transaction().execute(async (trx) => {
    const repo = googleSourcesRepo(trx);
    const sheets = await repo.sheetsOf(spreadsheetId);
    const synced = new Set(changes.kept.map((k) => bySheetId.get(k.sheetId)!.sheet_id));
    const taken = new Set(sheets.map((sh) => sh.title));
    const moves: { sheetId: string; title: string; tab: boolean }[] = changes.renamed.map((r) => ({ sheetId: bySheetId.get(r.sheetId)!.sheet_id, title: r.to, tab: true }));
    for (const sheet of sheets)
      if (!synced.has(sheet.id) && wanted.has(sheet.title)) {
        let title = `${sheet.title} (removed from Google)`.slice(0, 200);
        for (let n = 2; taken.has(title) || wanted.has(title); n++) title = `${sheet.title} (removed from Google ${n})`.slice(0, 200);
        taken.add(title);
        moves.push({ sheetId: sheet.id, title, tab: false });
      }
    for (const m of moves) await repo.renameSheet(m.sheetId, `~sb-moving-${m.sheetId}`);
    for (const m of moves) {
      await repo.renameSheet(m.sheetId, m.title);
      if (m.tab) await repo.updateTab(m.sheetId, { title: m.title });
    }
    if (changes.renamed.length > 0) await followTabRenames(trx, ctx.dialect, spreadsheetId, changes.renamed);
  });
  for (const r of changes.renamed) bySheetId.get(r.sheetId)!.title = r.to;
  for (const added of changes.added) {
    const sheetId = newId();
    await ctx.db.transaction().execute(async (trx) => {
      const position = (await dataRepo(trx, ctx.dialect).maxPosition(spreadsheetId)) + 1;
      await spreadsheetsRepo(trx).insertSheet({ id: sheetId, spreadsheet_id: spreadsheetId, title: added.title, position, columns: '[]', column_types: '{}', row_count: 0, version: 1, updated_at: nowIso(), next_row_index: 0 });
      await googleSourcesRepo(trx).insertTab({ sheet_id: sheetId, spreadsheet_id: spreadsheetId, google_sheet_id: added.sheetId, title: added.title, header: '[]', id_column: null });
    });
    bySheetId.set(added.sheetId, { sheet_id: sheetId, spreadsheet_id: spreadsheetId, google_sheet_id: added.sheetId, title: added.title, header: '[]', id_column: null, header_changes: null });
  }
  const total = file.tabs.reduce((n, t) => n + Math.max(0, t.rowCount - 1), 0);
  await sources.updateSource(spreadsheetId, { progress_total: total });
  // Row 1 of every tab in one read, as Google shows it.
  const headers = await call(ctx, session, conn.id, () =>
    session.sheets.spreadsheets.values.batchGet({ spreadsheetId: fileId, ranges: file.tabs.map((t) => `${quoteTitle(t.title)}!1:1`), valueRenderOption: 'FORMATTED_VALUE', majorDimension: 'ROWS' }, { retry: false }),
  );
  let progress = 0;
  for (const [i, tab] of file.tabs.entries()) {
    const stored = bySheetId.get(tab.sheetId)!;
    const header = (headers.data.valueRanges?.[i]?.values?.[0] ?? []) as unknown[];
    await pullTab(ctx, { session, connectionId: conn.id, fileId, writes }, tab, stored, header, async (read) => {
      progress += read;
      await sources.updateSource(spreadsheetId, { progress_rows: Math.min(progress, total) });
    });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await googleSourcesRepo(trx).updateSource(spreadsheetId, { status: 'ok', error: null, drive_version: drive.data.version ?? null, last_pull_at: nowIso(), last_full_at: nowIso(), progress_rows: total });
    await job?.done(trx);
  });
}

/**
 * Blocks follow a tab renamed in Google: it is the same sheet (same sheetId), renamed by the pull,
 * so the blocks of the workspace's apps that name it by its old title are pointed at the new one
 * (swaps included: the map is applied to every block at once). Columns are not remapped here:
 * a renamed column is reported (broken_columns) for the owner to remap.
 */
async function followTabRenames(db: Db, dialect: 'sqlite' | 'postgres', spreadsheetId: string, renamed: { from: string; to: string }[]): Promise<void> {
  const spreadsheet = await spreadsheetsRepo(db).findById(spreadsheetId);
  if (!spreadsheet) return;
  await storeRemappedBlocks(db, dialect, spreadsheetId, spreadsheet.workspace_id, columnMap({ sheets: renamed.map((r) => [r.from, r.to] as const) }));
}

export interface PullContext {
  session: GoogleSession;
  connectionId: string;
  fileId: string;
  writes: boolean;
}

/** Reads a tab's data rows (row 2 on) in batches: values in sheet column order and 1-based row numbers. */
async function readRows(ctx: ServerContext, p: PullContext, tab: GoogleTabProps, width: number, onRead: (n: number) => Promise<void>): Promise<ReadRow[]> {
  const out: ReadRow[] = [];
  const step = rowsPerRead(width);
  for (let from = 2; from <= tab.rowCount; from += step) {
    const to = Math.min(tab.rowCount, from + step - 1);
    const res = await call(ctx, p.session, p.connectionId, () =>
      p.session.sheets.spreadsheets.values.get(
        { spreadsheetId: p.fileId, range: `${quoteTitle(tab.title)}!${from}:${to}`, valueRenderOption: 'UNFORMATTED_VALUE', dateTimeRenderOption: 'FORMATTED_STRING', majorDimension: 'ROWS' },
        { retry: false },
      ),
    );
    const values = (res.data.values ?? []) as unknown[][];
    values.forEach((v, k) => {
      if (v.length > 0) out.push({ row: from + k, values: v });
    });
    await onRead(to - from + 1);
    // Google's answer ends at the last row with data: nothing further down.
    if (values.length < to - from + 1) break;
  }
  return out;
}

async function pullTab(ctx: ServerContext, p: PullContext, tab: GoogleTabProps, stored: GoogleTabRow, headerRow: unknown[], onRead: (n: number) => Promise<void>): Promise<void> {
  const repo = googleSourcesRepo(ctx.db);
  const rows = await readRows(ctx, p, tab, Math.max(1, headerRow.length), onRead);
  const widest = rows.reduce((n, r) => Math.max(n, r.values.length), 0);
  let header = parseHeader(headerRow, widest);
  // A tab where nothing at all is written has no columns and no rows.
  const empty = headerRow.length === 0 && rows.length === 0;
  const cached = await repo.cachedRows(stored.sheet_id, 10_000, breathe);
  let plan: PullPlan;
  if (!p.writes) plan = await diffInSlices({ ...header, idColumnIndex: header.width }, await withReadOnlyIds(header, rows, cached), cached);
  else {
    if (header.idColumnIndex === null && !empty) header = await placeIds(ctx, p, tab, header);
    plan = await diffInSlices(header, rows, cached);
    if (plan.withoutId.length > 0 || plan.duplicates.length > 0) plan = await backfill(ctx, p, tab, header, plan, cached);
  }
  await applyTab(ctx, stored, header, plan, cached);
  // Where every row is now: the push's hints (read-only tabs are never written).
  if (p.writes) rememberRows(ctx, stored.sheet_id, plan.order);
}

/** Rows diffed per slice, with a pause between slices (diffRows takes ~5 ms per 1,000 rows). */
const DIFF_SLICE = 5_000;

/**
 * diffRows over a big tab in slices that yield between them, so a 100,000-row pull never holds
 * the event loop for the half second one pass takes. Each slice is diffed against the cached rows
 * its ids name; an id already seen in an earlier slice is a copy (cleared for diffRows, then
 * reported as a duplicate, as diffRows does within one slice); held ids seen nowhere are deletes.
 */
export async function diffInSlices(header: Pick<ParsedHeader, 'columns' | 'positions' | 'idColumnIndex'>, rows: readonly ReadRow[], cached: readonly { row_id: string; hash: string }[]): Promise<PullPlan> {
  const held = new Map(cached.map((c) => [c.row_id, c.hash]));
  const seen = new Map<string, number>();
  const plan: PullPlan = { inserts: [], updates: [], deletes: [], moved: [], order: [], withoutId: [], duplicates: [], blank: 0 };
  const idAt = header.idColumnIndex;
  for (let start = 0; start < rows.length; start += DIFF_SLICE) {
    const slice = rows.slice(start, start + DIFF_SLICE);
    const copies = new Map<number, { id: string; keptRow: number }>();
    const sliceCached: CachedRow[] = [];
    const input = slice.map((r) => {
      const id = idAt === null ? null : rowIdOf(r.values[idAt]);
      if (id === null) return r;
      const first = seen.get(id);
      if (first !== undefined) {
        copies.set(r.row, { id, keptRow: first });
        const values = [...r.values];
        values[idAt!] = '';
        return { row: r.row, values };
      }
      const hash = held.get(id);
      if (hash !== undefined && !seen.has(id)) sliceCached.push({ id, hash, sheetRow: -1 });
      if (!seen.has(id)) seen.set(id, r.row);
      return r;
    });
    const part = diffRows(header, input, sliceCached);
    plan.inserts.push(...part.inserts);
    plan.updates.push(...part.updates);
    plan.order.push(...part.order);
    plan.duplicates.push(...part.duplicates);
    plan.blank += part.blank;
    for (const w of part.withoutId) {
      const copy = copies.get(w.sheetRow);
      if (copy) plan.duplicates.push({ ...w, ...copy });
      else plan.withoutId.push(w);
    }
    await breathe();
  }
  for (const c of cached) if (!seen.has(c.row_id)) plan.deletes.push(c.row_id);
  return plan;
}

/** Puts the hidden id column after the last used column of a tab that has none (read-write only). */
async function placeIds(ctx: ServerContext, p: PullContext, tab: GoogleTabProps, header: ParsedHeader): Promise<ParsedHeader> {
  const placement = placeIdColumn({ sheetId: tab.sheetId, title: tab.title, columnCount: tab.columnCount }, header);
  if (placement.before.length > 0)
    await call(ctx, p.session, p.connectionId, () => p.session.sheets.spreadsheets.batchUpdate({ spreadsheetId: p.fileId, requestBody: { requests: placement.before } }, { retry: false }));
  await call(ctx, p.session, p.connectionId, () =>
    p.session.sheets.spreadsheets.values.batchUpdate({ spreadsheetId: p.fileId, requestBody: { valueInputOption: 'RAW', data: [placement.header] } }, { retry: false }),
  );
  await call(ctx, p.session, p.connectionId, () => p.session.sheets.spreadsheets.batchUpdate({ spreadsheetId: p.fileId, requestBody: { requests: placement.after } }, { retry: false }));
  tab.columnCount = Math.max(tab.columnCount, placement.index + 1);
  return { ...header, idColumnIndex: placement.index, width: Math.max(header.width, placement.index + 1) };
}

/** Rows of the id column per read (ids are ~20 bytes: 40,000 of them stay far under 2 MB). */
const ID_COLUMN_READ = 40_000;

/** The id column from row 1 to `last`, as values.get gives it (row r at index r - 1). */
export async function readIdColumn(ctx: ServerContext, p: PullContext, tab: GoogleTabProps, idColumn: number, last: number): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (let from = 1; from <= last; from += ID_COLUMN_READ) {
    const to = Math.min(last, from + ID_COLUMN_READ - 1);
    const res = await call(ctx, p.session, p.connectionId, () =>
      p.session.sheets.spreadsheets.values.get({ spreadsheetId: p.fileId, range: a1Range(tab.title, idColumn, from, idColumn, to), valueRenderOption: 'UNFORMATTED_VALUE', majorDimension: 'ROWS' }, { retry: false }),
    );
    const values = (res.data.values ?? []) as unknown[][];
    for (let k = 0; k <= to - from; k++) out.push(values[k] ?? []);
  }
  return out;
}

/**
 * Writes ids into the rows that have none (and into copies of a row). Google has no conditional
 * write, so the id column is read just before (every row where the read saw it: the rows to fill
 * still without an id, every row with an id still holding it) and once more after: when rows
 * moved meanwhile (someone inserted or deleted rows), none of these rows is taken in this pull
 * and the next one reads every row where it is then, by the ids it finds. (A shift above rows
 * that all lack ids, as on a first sync, cannot be seen this way: the next pull then corrects
 * the content of the rows by their ids.)
 */
async function backfill(ctx: ServerContext, p: PullContext, tab: GoogleTabProps, header: ParsedHeader, plan: PullPlan, cached: readonly { row_id: string; hash: string }[]): Promise<PullPlan> {
  const idColumn = header.idColumnIndex!;
  const targets = backfillTargets(plan);
  const held = plan.order.map((o) => ({ row: o.sheetRow, id: o.id }));
  const last = [...targets, ...held].reduce((n, e) => Math.max(n, e.row), 1);
  const skip = { ...plan, withoutId: [], duplicates: [] };
  if (rowsNotAsExpected([...targets, ...held], await readIdColumn(ctx, p, tab, idColumn, last)).length > 0) return skip;
  const chosen = restoredIds(plan, cached);
  const fill = backfillIds(tab.title, idColumn, targets.map((t) => t.row), cryptoRandom, undefined, chosen);
  // Each values.batchUpdate carries at most 20 ranges (5,000 ids each at most).
  for (let i = 0; i < fill.data.length; i += 20) {
    const data = fill.data.slice(i, i + 20);
    await call(ctx, p.session, p.connectionId, () => p.session.sheets.spreadsheets.values.batchUpdate({ spreadsheetId: p.fileId, requestBody: { valueInputOption: 'RAW', data } }, { retry: false }));
  }
  const written = [...fill.ids].map(([row, id]) => ({ row, id }));
  if (rowsNotAsExpected([...written, ...held], await readIdColumn(ctx, p, tab, idColumn, last)).length > 0) return skip;
  return assignIds(plan, fill.ids, new Map(cached.map((c) => [c.row_id, c.hash])));
}

/**
 * Rows that lost their id in Google (the hidden id column deleted or cleared, rows pasted without
 * it) get their old id back when their content is exactly that of a cached row whose id no row of
 * the sheet holds any more (copies in order). Their `_id` stays the same and an edit waiting for
 * them still finds them. Nothing is guessed beyond equal content: a new row typed where a deleted
 * one was is a new row, so no row ever takes another row's identity.
 */
export function restoredIds(plan: Pick<PullPlan, 'withoutId' | 'deletes'>, cached: readonly { row_id: string; hash: string }[]): Map<number, string> {
  const lost = new Set(plan.deletes);
  const byHash = new Map<string, string[]>();
  for (const c of cached) {
    if (!lost.has(c.row_id)) continue;
    const list = byHash.get(c.hash);
    if (list) list.push(c.row_id);
    else byHash.set(c.hash, [c.row_id]);
  }
  const chosen = new Map<number, string>();
  for (const r of [...plan.withoutId].sort((a, b) => a.sheetRow - b.sheetRow)) {
    const id = byHash.get(r.hash)?.shift();
    if (id !== undefined) chosen.set(r.sheetRow, id);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Read-only connections: rows known by their content

/**
 * The identity of rows when nothing may be written to the sheet (no id column to back-fill). A
 * row whose content is unchanged keeps its id wherever it moved (matched by hash, copies in
 * order). Of the rows left, a changed row is the cached row it sits between the same matched
 * neighbours with, when both sides have as many there (edits in place); otherwise they are
 * deleted and added (never guessed: no row takes another's id). Read-only, so no edit of the app
 * can be sent to a row by a mistaken identity; a row edited in Google at worst gets a new `_id`.
 */
export function readOnlyIdentity(rows: readonly { hash: string }[], cached: readonly { row_id: string; hash: string }[], random: () => number): string[] {
  const byHash = new Map<string, string[]>();
  for (const c of cached) {
    const list = byHash.get(c.hash);
    if (list) list.push(c.row_id);
    else byHash.set(c.hash, [c.row_id]);
  }
  const taken = new Map<string, number>();
  const ids: (string | null)[] = rows.map((r) => {
    const list = byHash.get(r.hash);
    const k = taken.get(r.hash) ?? 0;
    if (!list || k >= list.length) return null;
    taken.set(r.hash, k + 1);
    return list[k]!;
  });
  const matched = new Set(ids.filter((x): x is string => x !== null));
  // Unmatched rows of each side, grouped by the matched row before them.
  const gapsNew = new Map<string, number[]>();
  let prev = '^';
  ids.forEach((id, i) => {
    if (id !== null) prev = id;
    else {
      const list = gapsNew.get(prev);
      if (list) list.push(i);
      else gapsNew.set(prev, [i]);
    }
  });
  const gapsOld = new Map<string, string[]>();
  prev = '^';
  for (const c of cached) {
    if (matched.has(c.row_id)) prev = c.row_id;
    else {
      const list = gapsOld.get(prev);
      if (list) list.push(c.row_id);
      else gapsOld.set(prev, [c.row_id]);
    }
  }
  for (const [gap, news] of gapsNew) {
    const olds = gapsOld.get(gap);
    if (olds && olds.length === news.length) news.forEach((i, k) => (ids[i] = olds[k]!));
  }
  return ids.map((id) => id ?? `ro${crypto.createHash('sha1').update(String(random())).digest('base64url').slice(0, 16)}`);
}

/** Rows with their read-only identity appended as the last value (read as the id column by diffRows). */
async function withReadOnlyIds(header: ParsedHeader, rows: readonly ReadRow[], cached: readonly { row_id: string; hash: string }[]): Promise<ReadRow[]> {
  const kept: { row: ReadRow; hash: string }[] = [];
  for (const [i, r] of rows.entries()) {
    const data = rowData(header, r.values);
    if (i % DIFF_SLICE === DIFF_SLICE - 1) await breathe();
    if (Object.values(data).every((v) => v === '')) continue;
    kept.push({ row: r, hash: rowHash(data) });
  }
  const ids = readOnlyIdentity(kept, cached, cryptoRandom);
  return kept.map((k, i) => {
    const values = Array.from({ length: header.width + 1 }, (_, c) => (c < header.width ? k.row.values[c] : ids[i]));
    return { row: k.row.row, values };
  });
}

// ---------------------------------------------------------------------------------------------
// Apply

/** Header changes blocks may still name: renames followed through later renames, deletions kept until the name comes back. */
export interface StoredHeaderChanges {
  renamed: { from: string; to: string }[];
  deleted: string[];
}

const MAX_STORED_CHANGES = 200;

export function mergeHeaderChanges(previous: StoredHeaderChanges, next: { renamed: { from: string; to: string }[]; deleted: { name: string }[] }, columns: readonly string[]): StoredHeaderChanges {
  const renamedNow = new Map(next.renamed.map((r) => [r.from, r.to]));
  const deletedNow = new Set(next.deleted.map((d) => d.name));
  const out: StoredHeaderChanges = { renamed: [], deleted: [...previous.deleted] };
  for (const r of previous.renamed) {
    if (deletedNow.has(r.to)) out.deleted.push(r.from);
    else out.renamed.push({ from: r.from, to: renamedNow.get(r.to) ?? r.to });
  }
  const chained = new Set(previous.renamed.map((r) => r.to));
  for (const r of next.renamed) if (!chained.has(r.from)) out.renamed.push({ from: r.from, to: r.to });
  for (const d of next.deleted) if (!chained.has(d.name)) out.deleted.push(d.name);
  const present = new Set(columns);
  return {
    renamed: out.renamed.filter((r) => !present.has(r.from) && r.from !== r.to).slice(-MAX_STORED_CHANGES),
    deleted: [...new Set(out.deleted)].filter((d) => !present.has(d)).slice(-MAX_STORED_CHANGES),
  };
}

function jsonOf(data: Record<string, Cell>): string {
  return JSON.stringify(data);
}

async function applyTab(ctx: ServerContext, stored: GoogleTabRow, header: ParsedHeader, plan: PullPlan, cached: { row_id: string; row_index: number; hash: string }[]): Promise<void> {
  const sheetId = stored.sheet_id;
  const slice = PULL_TUNING.applySlice;
  const indexOf = new Map(cached.map((c) => [c.row_id, c.row_index]));
  const columns = header.columns;
  const previousHeader = parseJson<HeaderColumn[]>(stored.header, []);
  const nextHeader = headerColumns(header);
  const headerChange = previousHeader.length > 0 ? compareHeaders(previousHeader, nextHeader) : { renamed: [], deleted: [], added: [], moved: [] };
  const storedChanges = mergeHeaderChanges(parseJson<StoredHeaderChanges>(stored.header_changes, { renamed: [], deleted: [] }), headerChange, columns);
  await ctx.db.transaction().execute(async (trx) => {
    const repo = googleSourcesRepo(trx);
    // The sheet's lock first, as the row writes take it: an edit of the app commits either
    // before this (its row is then pending and left alone) or after (it edits the pulled row).
    await repo.lockSheet(sheetId);
    const pending = await repo.pendingRowIds(sheetId);
    const sheet = await repo.sheetById(sheetId);
    // Column types: kept for columns the sheet had (a renamed column keeps its type), guessed for new ones.
    const oldTypes = parseJson<Record<string, unknown>>(sheet.column_types, {});
    for (const r of headerChange.renamed) if (isColumnType(oldTypes[r.from])) oldTypes[r.to] = oldTypes[r.from];
    const sample = [...plan.inserts, ...plan.updates].slice(0, 1000);
    const guessed = guessSheetTypes({ title: stored.title, columns, rows: sample.map((r) => columns.map((c) => r.data[c] ?? '')) });
    const types: ColumnTypes = {};
    columns.forEach((c, i) => {
      const t = oldTypes[c];
      types[c] = isColumnType(t) ? t : guessed[i]!;
    });

    const deletes = plan.deletes.filter((id) => !pending.has(id)).map((id) => ({ row_id: id, row_index: indexOf.get(id)! }));
    for (let i = 0; i < deletes.length; i += slice) {
      await repo.deleteRows(sheetId, deletes.slice(i, i + slice));
      await breathe();
    }
    const updates = plan.updates.filter((u) => !pending.has(u.id));
    for (let i = 0; i < updates.length; i += slice) {
      for (const u of updates.slice(i, i + slice)) await repo.updateRow(sheetId, u.id, indexOf.get(u.id)!, jsonOf(u.data), u.hash);
      await breathe();
    }
    // New rows in sheet order, at the next row indexes.
    // A row the app deleted is still in Google until the push: not new.
    const inserts: PlannedRow[] = plan.inserts.filter((r) => !pending.has(r.id)).sort((a, b) => a.sheetRow - b.sheetRow);
    let next = Number(sheet.next_row_index);
    for (let i = 0; i < inserts.length; i += slice) {
      // Midway through a big tab's new rows, uncommitted (the crash test stops here).
      if (i > 0) await crashPoint('google-pull-apply');
      const part = inserts.slice(i, i + slice);
      // Half a slice per statement: 4 parameters a row in google_rows stay under SQLite's limit.
      for (let j = 0; j < part.length; j += 1000) {
        const chunk = part.slice(j, j + 1000);
        await repo.insertRows(
          sheetId,
          next,
          chunk.map((r) => ({ id: r.id, hash: r.hash, json: jsonOf(r.data) })),
        );
        next += chunk.length;
      }
      await breathe();
    }
    const rowCount = Number(sheet.row_count) - deletes.length + inserts.length;
    await dataRepo(trx, ctx.dialect).setSheet(sheetId, { columns, column_types: types, row_count: rowCount, next_row_index: next, updated_at: nowIso() });
    await repo.updateTab(sheetId, {
      header: JSON.stringify(nextHeader),
      id_column: header.idColumnIndex,
      header_changes: storedChanges.renamed.length || storedChanges.deleted.length ? JSON.stringify(storedChanges) : null,
    });
  });
  // After the commit: a request racing it could otherwise put the old rows back in the cache.
  sheetChanged(ctx, sheetId);
}

// ---------------------------------------------------------------------------------------------
// Status

/** What the blocks of the workspace's apps over the spreadsheet still name of columns renamed or deleted in Google. */
async function brokenColumns(db: Db, dialect: 'sqlite' | 'postgres', spreadsheetId: string, workspaceId: string, tabs: GoogleTabRow[]): Promise<(BlockColumnUse & { tab: string })[]> {
  const withChanges = tabs.filter((t) => t.header_changes);
  if (withChanges.length === 0) return [];
  const blocks = (await dataRepo(db, dialect).blocksOver(spreadsheetId, workspaceId)).map((b) => blockRecord(b));
  const out: (BlockColumnUse & { tab: string })[] = [];
  for (const t of withChanges) {
    const c = parseJson<StoredHeaderChanges>(t.header_changes, { renamed: [], deleted: [] });
    const changes = { renamed: c.renamed.map((r) => ({ ...r, position: 0 })), deleted: c.deleted.map((name) => ({ name, position: 0 })) };
    for (const use of affectedBlocks(t.title, changes, blocks)) out.push({ ...use, tab: t.title });
  }
  return out;
}

export async function syncStatus(ctx: ServerContext, spreadsheetId: string): Promise<GoogleSyncStatus> {
  const repo = googleSourcesRepo(ctx.db);
  const source = await repo.sourceOf(spreadsheetId);
  if (!source) throw new HttpError(404, 'This spreadsheet is not connected to Google', undefined, 'not_found');
  const tabs = await repo.tabsOf(spreadsheetId);
  const sheets = await repo.sheetsOf(spreadsheetId);
  const synced = new Set(tabs.map((t) => t.sheet_id));
  const spreadsheet = await spreadsheetsRepo(ctx.db).findById(spreadsheetId);
  const broken = spreadsheet ? await brokenColumns(ctx.db, ctx.dialect, spreadsheetId, spreadsheet.workspace_id, tabs) : [];
  return {
    spreadsheet_id: spreadsheetId,
    url: source.url,
    status: source.status,
    error: source.error,
    progress_rows: Number(source.progress_rows),
    progress_total: source.progress_total === null ? null : Number(source.progress_total),
    last_pull_at: source.last_pull_at,
    tabs: sheets.filter((s) => synced.has(s.id)).map((s) => ({ title: s.title, rows: Number(s.row_count), columns: parseJson<string[]>(s.columns, []) })),
    broken_columns: broken.map((b) => ({ tab: b.tab, block_id: b.blockId, type: b.type, block_name: b.blockName, column: b.column, change: b.change, to: b.to, settings: b.settings })),
    ...(await pushStatus(ctx.db, spreadsheetId)),
    push_error: source.push_error,
  };
}

/** POST …/pull: a pull now, unless one runs (then its status). */
export async function pullNow(ctx: ServerContext, spreadsheetId: string): Promise<GoogleSyncStatus> {
  const source = await googleSourcesRepo(ctx.db).sourceOf(spreadsheetId);
  if (!source) throw new HttpError(404, 'This spreadsheet is not connected to Google', undefined, 'not_found');
  if (!isPulling(ctx, spreadsheetId)) {
    // Paused until the owner reconnects: said in words, nothing is sent to Google.
    const conn = await googleConnectionsRepo(ctx.db).byId(source.connection_id);
    if (!conn || conn.status === 'reconnect_needed') throw new HttpError(409, conn?.status_reason ?? M.reconnect, undefined, 'google_reconnect_needed');
    await googleSourcesRepo(ctx.db).updateSource(spreadsheetId, { status: 'syncing', error: null, progress_rows: 0 });
    void startPull(ctx, spreadsheetId);
  }
  return syncStatus(ctx, spreadsheetId);
}

