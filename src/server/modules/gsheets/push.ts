// Push, second half (issue 16): the app's queued edits of a connected spreadsheet (queue.ts)
// written to Google with the fewest calls, never to the wrong row, never twice.
//
// A push of one spreadsheet, tab by tab (its pull never runs at the same time: lock.ts):
//  1. coalesce the tab's queued edits (outbox.ts): at most one operation per row;
//  2. read the tab fresh: its current title and size (spreadsheets.get, by sheetId: a tab renamed
//     in Google is still found), the header, the hidden id column (where every row is NOW), and
//     only the rows the edits name (one values.batchGet);
//  3. plan against that read (outbox.ts planPush): changed cells only, deletes by id highest row
//     first, appends of rows the sheet does not hold yet; conflicts judged three ways (conflicts.ts,
//     the sheet wins by default);
//  4. just before each kind of write, read the id cells of the rows planned by number again; if a
//     person inserted, deleted or sorted rows meanwhile, read and plan again (a few rounds);
//  5. send updates (values.batchUpdate), deletes (one spreadsheets.batchUpdate), the append
//     (values.append, INSERT_ROWS), each body under 2 MB (split when bigger), all RAW: text people
//     typed is never run as a formula. Writes are sent ONCE, never retried blindly: a lost answer
//     to an append or a delete is settled by the next round's fresh read (the appended id is
//     found, the deleted id is gone), so a retry never duplicates a row or deletes another.
//  6. record what could not be written as meant (google_conflicts, shown to the owner), drop the
//     written edits from the queue. A failure keeps the edits queued with a growing wait and the
//     reason in words (google_sources.push_error); a paused connection keeps them until reconnect.
//
// Edits reach Google shortly after they are saved (kickPush: a short pause gathers a burst of
// edits into one push), and the scheduler retries edits that waited (pushDue).
import type { Insertable } from 'kysely';
import type { ServerContext } from '../../platform/context';
import type { GoogleConflictsTable } from '../../db/schema';
import { newId, nowIso, parseJson } from '../../http';
import type { Conflict } from './conflicts';
import type { ReadRow } from './diff';
import { a1Range, parseHeader, quoteTitle, rowIdOf, type Cell } from './ids';
import { forgetRows, hintedRows, rememberRows } from './hints';
import { exclusive } from './lock';
import { coalesce, movedTargets, planPush, type CoalescedTab, type OutboxEdit, type PushPlan } from './outbox';
import { call, failureWords, readIdColumn, readTabs, startPull, type GoogleTabProps, type PullContext } from './pull';
import { googlePushRepo, type OutboxRow } from '../../data/gsheets/push-repo';
import { googleConnectionsRepo } from '../../data/gsheets/repo';
import { googleSession, modeOf } from './service';
import { googleSourcesRepo, type GoogleTabRow } from '../../data/gsheets/sources-repo';
import { crashPoint } from '../../crash-points';

/** Knobs of the push (tests shorten the pause). */
export const PUSH_TUNING = {
  /** The pause after an edit before pushing, gathering a burst of edits into one push. */
  delayMs: 300,
  /** The least time between the end of one push of a spreadsheet and the start of the next (a steady stream of edits goes in batches). */
  minGapMs: 2_000,
  /** Largest request body sent to Google (its advice: under 2 MB). */
  maxBodyBytes: 1_900_000,
  /** Fresh read + plan rounds before giving up for now (rows keep moving in Google). */
  rounds: 4,
  /** Queued edits taken per push (more wait for the next one, started at once). */
  batch: 5_000,
  /** Waits after a failed push: base doubling per attempt, capped. */
  retryBaseMs: 5_000,
  retryCapMs: 10 * 60_000,
  /** Ranges per values.batchGet (rows read, id cells checked), and their length in the URL at most (a GET: they travel in the query string). */
  rangesPerRead: 500,
  rangeChars: 4_000,
};

export const PUSH_MESSAGES = {
  idColumnGone: (tab: string) => `The hidden column _sheetboard_id was removed from the tab '${tab}' in Google, so edits cannot find their rows. The next sync puts it back; the edits wait until then.`,
  moving: (tab: string) => `Rows of the tab '${tab}' kept moving in Google while the app's edits were being written. They are tried again shortly.`,
  tabGone: 'The tab was deleted in Google Sheets.',
} as const;

// ---------------------------------------------------------------------------------------------
// Starting pushes

interface PushState {
  timers: Map<string, NodeJS.Timeout>;
  running: Map<string, Promise<void>>;
  again: Set<string>;
  /** When each spreadsheet's last push ended (ms). */
  ended: Map<string, number>;
}
const states = new WeakMap<ServerContext, PushState>();
function stateOf(ctx: ServerContext): PushState {
  let s = states.get(ctx);
  if (!s) states.set(ctx, (s = { timers: new Map(), running: new Map(), again: new Set(), ended: new Map() }));
  return s;
}

/** After an edit is saved: a push of the spreadsheet shortly (one push for a burst of edits). */
export function kickPush(ctx: ServerContext, spreadsheetId: string): void {
  const s = stateOf(ctx);
  if (s.timers.has(spreadsheetId)) return;
  // A push running now: the next one is kicked when it ends.
  if (s.running.has(spreadsheetId)) {
    s.again.add(spreadsheetId);
    return;
  }
  const sinceLast = Date.now() - (s.ended.get(spreadsheetId) ?? 0);
  const timer = setTimeout(
    () => {
      s.timers.delete(spreadsheetId);
      void startPush(ctx, spreadsheetId);
    },
    Math.max(PUSH_TUNING.delayMs, PUSH_TUNING.minGapMs - sinceLast),
  );
  timer.unref();
  s.timers.set(spreadsheetId, timer);
}

/**
 * A push of the spreadsheet now; if one is running, another right after it (edits saved during a
 * push are not in it). The promise never rejects: failures are recorded and logged.
 */
export function startPush(ctx: ServerContext, spreadsheetId: string): Promise<void> {
  const s = stateOf(ctx);
  const existing = s.running.get(spreadsheetId);
  if (existing) {
    s.again.add(spreadsheetId);
    return existing;
  }
  // A stopping server starts no push: the edits stay queued in the database for the next start.
  if (ctx.lifecycle.stopping) return Promise.resolve();
  const run = ctx.lifecycle
    .track(`pushing edits of spreadsheet ${spreadsheetId} to Google`, { atNextStart: 'edits Google has not confirmed stay queued in the database; the next start sends them' }, () =>
      exclusive(ctx, spreadsheetId, () => pushSpreadsheet(ctx, spreadsheetId)),
    )
    .then((more) => {
      if (more) s.again.add(spreadsheetId);
    })
    .catch((err: unknown) => ctx.log.error({ err, spreadsheetId }, 'pushing edits to Google failed'))
    .finally(() => {
      s.running.delete(spreadsheetId);
      s.ended.set(spreadsheetId, Date.now());
      // Edits saved meanwhile: after the gap, in one push.
      if (s.again.delete(spreadsheetId)) kickPush(ctx, spreadsheetId);
    });
  s.running.set(spreadsheetId, run);
  return run;
}

/** Pushes of every spreadsheet with edits due (the scheduler's retries). */
export async function pushDue(ctx: ServerContext): Promise<void> {
  const ids = await googlePushRepo(ctx.db).dueSpreadsheets(nowIso(), 100);
  await Promise.all(ids.map((id) => startPush(ctx, id)));
}

/** Sends every edit waiting for its pause now and waits until no push runs (tests, shutdown). */
export async function flushPushes(ctx: ServerContext): Promise<void> {
  const s = stateOf(ctx);
  for (;;) {
    for (const [id, timer] of s.timers) {
      clearTimeout(timer);
      s.timers.delete(id);
      void startPush(ctx, id);
    }
    const running = [...s.running.values()];
    if (running.length === 0) return;
    await Promise.all(running);
  }
}

/** Shutdown: no new push starts (the waiting edits stay queued in the database); running ones finish. */
export async function stopPushes(ctx: ServerContext): Promise<void> {
  const s = stateOf(ctx);
  for (const timer of s.timers.values()) clearTimeout(timer);
  s.timers.clear();
  s.again.clear();
  await Promise.all([...s.running.values()]);
}

// ---------------------------------------------------------------------------------------------
// A push

/** What one push did (tests read it; the owner reads conflicts and errors through the status). */
export interface PushOutcome {
  written: number;
  conflicts: number;
}

/**
 * Pushes the spreadsheet's due edits. True when more edits are due than one push takes. A failure
 * is recorded (edits wait, reason in words), not thrown.
 */
export async function pushSpreadsheet(ctx: ServerContext, spreadsheetId: string): Promise<boolean> {
  const sources = googleSourcesRepo(ctx.db);
  const repo = googlePushRepo(ctx.db);
  const source = await sources.sourceOf(spreadsheetId);
  if (!source) return false;
  const conn = await googleConnectionsRepo(ctx.db).byId(source.connection_id);
  // Paused until the owner reconnects (the edits wait); a read-only connection never queued any.
  if (!conn || conn.status === 'reconnect_needed' || modeOf(conn) === 'read') return false;
  const queued = await repo.due(spreadsheetId, nowIso(), PUSH_TUNING.batch);
  if (queued.length === 0) return false;
  const tabs = new Map((await sources.tabsOf(spreadsheetId)).map((t) => [t.sheet_id, t]));
  const bySheet = new Map<string, OutboxRow[]>();
  for (const e of queued) {
    const list = bySheet.get(e.sheet_id);
    if (list) list.push(e);
    else bySheet.set(e.sheet_id, [e]);
  }
  let failed = false;
  let pullAfter = false;
  let session: Awaited<ReturnType<typeof googleSession>> | null = null;
  for (const [sheetId, entries] of bySheet) {
    const ids = entries.map((e) => e.id);
    const tab = tabs.get(sheetId);
    try {
      if (!tab) {
        // The tab was deleted in Google (its sheet is no longer synced): nothing to write to.
        await settle(ctx, spreadsheetId, sheetId, entries, goneTab(entries));
        continue;
      }
      // The first sync has not placed the id column yet: the edits wait for it.
      if (tab.id_column === null) continue;
      session ??= await googleSession(ctx, conn.id);
      const p: PullContext = { session, connectionId: conn.id, fileId: source.file_id, writes: true };
      const result = await pushTab(ctx, p, tab, entries);
      if (result === 'moving' || result === 'no-id-column') {
        failed = true;
        pullAfter ||= result === 'no-id-column';
        const words = result === 'moving' ? PUSH_MESSAGES.moving(tab.title) : PUSH_MESSAGES.idColumnGone(tab.title);
        await repo.retryLater(ids, retryAt(entries), words);
        await sources.updateSource(spreadsheetId, { push_error: words });
        continue;
      }
      await settle(ctx, spreadsheetId, sheetId, entries, result);
      if (result.conflicts.length > 0 || result.dropped.length > 0) pullAfter = true;
    } catch (e) {
      failed = true;
      const words = failureWords(e);
      if (!(e instanceof Error && 'code' in e && (e as { code?: unknown }).code === 'google_reconnect_needed')) ctx.log.warn({ err: e, spreadsheetId }, 'pushing edits to Google failed');
      await repo.retryLater(ids, retryAt(entries), words.slice(0, 1000));
      await sources.updateSource(spreadsheetId, { push_error: words.slice(0, 1000) });
      // Every tab goes through the same connection: the next tab would fail the same way.
      break;
    }
  }
  if (!failed) await sources.updateSource(spreadsheetId, { push_error: null });
  // The sheet's values stood against some edits: the app shows them again.
  if (pullAfter) void startPull(ctx, spreadsheetId);
  return queued.length >= PUSH_TUNING.batch;
}

function retryAt(entries: readonly OutboxRow[]): string {
  const attempts = entries.reduce((n, e) => Math.max(n, Number(e.attempts)), 0);
  const wait = Math.min(PUSH_TUNING.retryCapMs, PUSH_TUNING.retryBaseMs * 2 ** Math.min(attempts, 20));
  return new Date(Date.now() + wait).toISOString();
}

type TabResult = Pick<PushPlan, 'conflicts' | 'dropped'> | 'moving' | 'no-id-column';

function goneTab(entries: readonly OutboxRow[]): Pick<PushPlan, 'conflicts' | 'dropped'> {
  const conflicts: Conflict[] = [];
  for (const e of entries) {
    // A row added in the app to a tab deleted in Google is lost with the tab: said, not silent.
    const first = Object.entries(parseJson<Record<string, Cell>>(e.cells, {}))[0];
    conflicts.push({ sheetId: -1, tab: '', rowId: e.row_id, kind: 'row-deleted', column: null, base: null, sheet: null, app: first ? first[1] : null, winner: 'sheet' });
  }
  return { conflicts, dropped: [] };
}

/** The edits of one tab against a fresh read of it, sent; or why they must wait. */
async function pushTab(ctx: ServerContext, p: PullContext, stored: GoogleTabRow, entries: readonly OutboxRow[]): Promise<TabResult> {
  const edits: OutboxEdit[] = entries.map((e) => ({
    sheetId: stored.google_sheet_id,
    op: e.op,
    rowId: e.row_id,
    cells: parseJson<Record<string, Cell> | undefined>(e.cells, undefined),
    base: parseJson<Record<string, Cell> | undefined>(e.base, undefined),
    at: Date.parse(e.created_at),
  }));
  const tabEdits = coalesce(edits)[0]!;
  // An append of these edits may have reached Google already (a try that was cut off): only a read
  // of the whole id column can tell, so the hints serve edits never sent before.
  const neverSent = entries.every((e) => Number(e.attempts) === 0);
  for (let round = 0; round < PUSH_TUNING.rounds; round++) {
    const tab = (await readTabs(ctx, p.session, p.connectionId, p.fileId)).tabs.find((t) => t.sheetId === stored.google_sheet_id);
    if (!tab) return goneTab(entries);
    const fresh = await freshRead(ctx, p, tab, stored.sheet_id, tabEdits, neverSent && round === 0);
    if (fresh === 'no-id-column') return fresh;
    if (fresh === 'moved') continue;
    // The conflicts of the round that writes are the ones told (an earlier round's read is stale).
    const plan = planPush({ sheetId: tab.sheetId, title: tab.title }, tabEdits, fresh);
    if ((await moved(ctx, p, tab, fresh.idAt, plan.targets)).length > 0) {
      forgetRows(ctx, stored.sheet_id);
      continue;
    }
    // From here writes go out: a later try of these edits is no longer "never sent".
    await googlePushRepo(ctx.db).markSending(entries.map((e) => e.id));
    for (const data of chunks(plan.updates, PUSH_TUNING.maxBodyBytes))
      await sendOnce(ctx, p, () => p.session.sheets.spreadsheets.values.batchUpdate({ spreadsheetId: p.fileId, requestBody: { valueInputOption: 'RAW', data } }, { retry: false }));
    if (plan.deletes.length > 0) {
      // Deletes move rows: checked once more right before (the updates took a moment).
      const doomed = plan.targets.filter((t) => tabEdits.deletes.some((d) => d.rowId === t.rowId));
      // Deletes shift the rows below: the hints of this tab are no longer true.
      forgetRows(ctx, stored.sheet_id);
      if ((await moved(ctx, p, tab, fresh.idAt, doomed)).length > 0) continue;
      for (const requests of chunks(plan.deletes, PUSH_TUNING.maxBodyBytes))
        await sendOnce(ctx, p, () => p.session.sheets.spreadsheets.batchUpdate({ spreadsheetId: p.fileId, requestBody: { requests } }, { retry: false }));
    }
    if (plan.append) {
      const append = plan.append;
      for (const values of chunks(append.values, PUSH_TUNING.maxBodyBytes))
        await sendOnce(ctx, p, () =>
          p.session.sheets.spreadsheets.values.append(
            { spreadsheetId: p.fileId, range: append.range, valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS', requestBody: { range: append.range, majorDimension: 'ROWS', values } },
            { retry: false },
          ),
        );
    }
    // Google has the writes; the queue still holds the edits until settle() (the crash test stops here).
    await crashPoint('google-push-sent');
    return { conflicts: plan.conflicts, dropped: plan.dropped };
  }
  return 'moving';
}

interface Fresh {
  header: ReturnType<typeof parseHeader>;
  rows: ReadRow[];
  idAt: number;
}

/** The tab as it is now: header, where each id is, and the rows the edits name (read whole). */
async function freshRead(ctx: ServerContext, p: PullContext, tab: GoogleTabProps, sheetId: string, edits: CoalescedTab, useHints: boolean): Promise<Fresh | 'no-id-column' | 'moved'> {
  const head = await call(ctx, p.session, p.connectionId, () =>
    p.session.sheets.spreadsheets.values.get({ spreadsheetId: p.fileId, range: `${quoteTitle(tab.title)}!1:1`, valueRenderOption: 'FORMATTED_VALUE', majorDimension: 'ROWS' }, { retry: false }),
  );
  const header = parseHeader(((head.data.values ?? [])[0] ?? []) as unknown[]);
  const idAt = header.idColumnIndex;
  if (idAt === null) return 'no-id-column';
  // Where the rows are: the hints when every row written has one (checked below, row by row),
  // else the whole id column, remembered as the new hints.
  let rowOf = useHints ? hintedRows(ctx, sheetId, [...edits.updates, ...edits.deletes].map((e) => e.rowId)) : null;
  if (!rowOf) {
    const idColumn = await readIdColumn(ctx, p, tab, idAt, Math.max(1, tab.rowCount));
    rowOf = new Map<string, number>();
    // Row 1 is the header (its id cell holds the column's name).
    for (let r = 2; r <= idColumn.length; r++) {
      const id = rowIdOf(idColumn[r - 1]?.[0]);
      if (id !== null && !rowOf.has(id)) rowOf.set(id, r);
    }
    rememberRows(ctx, sheetId, rowOf);
  }
  const named = new Map<number, string>();
  for (const e of [...edits.updates, ...edits.deletes]) {
    const r = rowOf.get(e.rowId);
    if (r !== undefined) named.set(r, e.rowId);
  }
  const rows: ReadRow[] = [];
  const wanted = [...named.keys()].sort((a, b) => a - b);
  const rangeOf = (r: number) => `${quoteTitle(tab.title)}!${r}:${r}`;
  for (const part of rangeGroups(wanted, rangeOf)) {
    const res = await call(ctx, p.session, p.connectionId, () =>
      p.session.sheets.spreadsheets.values.batchGet(
        { spreadsheetId: p.fileId, ranges: part.map(rangeOf), valueRenderOption: 'UNFORMATTED_VALUE', dateTimeRenderOption: 'FORMATTED_STRING', majorDimension: 'ROWS' },
        { retry: false },
      ),
    );
    for (const [k, r] of part.entries()) {
      const values = ((res.data.valueRanges?.[k]?.values ?? [])[0] ?? []) as unknown[];
      // Rows moved since the id column (or the hints) said where they are: read everything again.
      if (rowIdOf(values[idAt]) !== named.get(r)) {
        forgetRows(ctx, sheetId);
        return 'moved';
      }
      rows.push({ row: r, values });
    }
  }
  // Appends already in the sheet (an earlier try got through): only their id matters.
  for (const a of edits.appends) {
    const r = rowOf.get(a.rowId);
    if (r === undefined) continue;
    const values: unknown[] = [];
    values[idAt] = a.rowId;
    rows.push({ row: r, values });
  }
  return { header, rows, idAt };
}

/** The planned rows whose id cell no longer holds their id (read again, only those cells). */
async function moved(ctx: ServerContext, p: PullContext, tab: GoogleTabProps, idAt: number, targets: PushPlan['targets']): Promise<PushPlan['targets']> {
  const out: PushPlan['targets'] = [];
  const rangeOf = (t: PushPlan['targets'][number]) => a1Range(tab.title, idAt, t.row);
  for (const part of rangeGroups(targets, rangeOf)) {
    const res = await call(ctx, p.session, p.connectionId, () =>
      p.session.sheets.spreadsheets.values.batchGet(
        { spreadsheetId: p.fileId, ranges: part.map(rangeOf), valueRenderOption: 'UNFORMATTED_VALUE', majorDimension: 'ROWS' },
        { retry: false },
      ),
    );
    // movedTargets reads an id column indexed by row - 1: place each answer at its row.
    const column: unknown[][] = [];
    part.forEach((t, k) => (column[t.row - 1] = ((res.data.valueRanges?.[k]?.values ?? [])[0] ?? []) as unknown[]));
    out.push(...movedTargets(part, column));
  }
  return out;
}

/** A write sent once: the quota gate, but no blind retry (the next round's fresh read settles a lost answer). */
async function sendOnce<T>(ctx: ServerContext, p: PullContext, fn: () => Promise<T>): Promise<T> {
  return call(ctx, p.session, p.connectionId, fn, { attempts: 1 });
}

/**
 * Items in order, in groups: a group is closed before the item whose cost would take it over
 * `budget` (a group's cost starts at `empty`), or that would make it longer than `maxCount`; an item
 * over the budget by itself goes alone.
 */
function groupsWithin<T>(items: readonly T[], cost: (item: T) => number, budget: number, empty = 0, maxCount = Infinity): T[][] {
  const out: T[][] = [];
  let part: T[] = [];
  let size = empty;
  for (const item of items) {
    const n = cost(item);
    if (part.length > 0 && (part.length >= maxCount || size + n > budget)) {
      out.push(part);
      part = [];
      size = empty;
    }
    part.push(item);
    size += n;
  }
  if (part.length > 0) out.push(part);
  return out;
}

/**
 * Items in groups for values.batchGet: at most `rangesPerRead` ranges, and their ranges at most
 * `rangeChars` long once encoded in the URL (a long query string is refused, by Google too).
 */
export function rangeGroups<T>(items: readonly T[], rangeOf: (item: T) => string, limits: { count: number; chars: number } = { count: PUSH_TUNING.rangesPerRead, chars: PUSH_TUNING.rangeChars }): T[][] {
  return groupsWithin(items, (item) => encodeURIComponent(rangeOf(item)).length + 'ranges=&'.length, limits.chars, 0, limits.count);
}

/** Items in groups whose JSON (an array: 2 bytes, and one more per item) stays under `maxBytes` (an item bigger than that alone goes alone). */
export function chunks<T>(items: readonly T[], maxBytes: number): T[][] {
  return groupsWithin(items, (item) => Buffer.byteLength(JSON.stringify(item)) + 1, maxBytes, 2);
}

/** Done with these edits: what could not be written as meant is recorded for the owner, the edits leave the queue. */
async function settle(ctx: ServerContext, spreadsheetId: string, sheetId: string, entries: readonly OutboxRow[], result: Pick<PushPlan, 'conflicts' | 'dropped'>): Promise<void> {
  const repo = googlePushRepo(ctx.db);
  const tabTitle = (await googleSourcesRepo(ctx.db).sheetsOf(spreadsheetId)).find((s) => s.id === sheetId)?.title ?? '';
  const rowIds = [...new Set([...result.conflicts.map((c) => c.rowId), ...result.dropped.map((d) => d.rowId)])];
  const cached = await repo.cachedData(sheetId, rowIds);
  // What the app knew of each row: its cached values, else what the queued edits carried.
  const known = new Map<string, Record<string, unknown>>();
  for (const e of entries) known.set(e.row_id, { ...parseJson<Record<string, unknown>>(e.base, {}), ...parseJson<Record<string, unknown>>(e.cells, {}) });
  for (const [id, data] of cached) known.set(id, parseJson<Record<string, unknown>>(data, {}));
  const at = nowIso();
  const json = (v: Cell | null | undefined) => (v === null || v === undefined ? null : JSON.stringify(v));
  const rows: Insertable<GoogleConflictsTable>[] = [
    ...result.conflicts.map((c) => ({
      id: newId(),
      spreadsheet_id: spreadsheetId,
      tab: (c.tab || tabTitle).slice(0, 200),
      row_id: c.rowId,
      row_label: rowLabel(known.get(c.rowId)),
      kind: c.kind,
      column_name: c.column?.slice(0, 200) ?? null,
      base: json(c.base),
      sheet: json(c.sheet),
      app: json(c.app),
      winner: c.winner,
      created_at: at,
    })),
    ...result.dropped.map((d) => ({
      id: newId(),
      spreadsheet_id: spreadsheetId,
      tab: tabTitle.slice(0, 200),
      row_id: d.rowId,
      row_label: rowLabel(known.get(d.rowId)),
      kind: 'column-gone' as const,
      column_name: d.column.slice(0, 200),
      base: null,
      sheet: null,
      app: json(d.value),
      winner: 'sheet' as const,
      created_at: at,
    })),
  ];
  await ctx.db.transaction().execute(async (trx) => {
    const r = googlePushRepo(trx);
    await r.addConflicts(spreadsheetId, rows);
    await r.remove(entries.map((e) => e.id));
  });
}

/** A row named for people: its first few values. */
export function rowLabel(data: Readonly<Record<string, unknown>> | undefined): string {
  if (!data) return 'A row';
  const parts: string[] = [];
  for (const v of Object.values(data)) {
    const text = v === null || v === undefined ? '' : String(v).trim();
    if (text) parts.push(text.length > 40 ? `${text.slice(0, 39)}…` : text);
    if (parts.length === 3) break;
  }
  return parts.length > 0 ? parts.join(' · ').slice(0, 200) : 'A row';
}
