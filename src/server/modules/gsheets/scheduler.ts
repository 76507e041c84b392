// The background sync (issue 16): connected spreadsheets keep in step with Google by themselves.
//
// Each tick looks at every connected spreadsheet whose connection Google accepts and which no pull
// is reading now. One that is due gets ONE Drive files.get (fields 'version', through the quota
// gate and retries of the pull): a version other than the one of the last pull starts a pull, the
// same version costs nothing more (no values read). Due means:
// - every GOOGLE_POLL_SECONDS (30) while an app over the spreadsheet, or its data editor, read
//   its rows in the last 10 minutes (markViewed, called by the sheet-data route);
// - every GOOGLE_IDLE_POLL_SECONDS (600) otherwise;
// - a full pull every GOOGLE_FULL_REFRESH_HOURS (6) whatever the version: a formula's result
//   (NOW(), IMPORTRANGE, …) changes without an edit, and Drive's version does not see it;
// - a spreadsheet whose last pull failed is pulled again (no check: its version says nothing
//   about the failure) at its polling interval.
// At most SCHEDULER_TUNING.perTick spreadsheets are handled per tick, the longest waiting first,
// a few at a time: hundreds of spreadsheets due together (after a restart) are spread over the
// following ticks instead of sent to Google in one burst.
//
// The time of the last check is in the database (google_sources.checked_at): an instance claims a
// check by moving it from the value its tick read (compare-and-set), so when several instances
// tick over the same due spreadsheet only one asks Google. Views live in memory, per instance (a
// WeakMap on ctx, like the pull's quota gate): an instance that served the rows polls them often;
// its claims keep the others from repeating its checks.
// The push of the app's edits rides on the same loop (`pushDue`, called every tick).
import type { ServerContext } from '../../platform/context';
import { HttpError } from '../../errors';
import { call, failureWords, isPulling, startPull } from './pull';
import { googleSession, type GoogleSession } from './service';
import { googleSourcesRepo, type ScheduledSource } from '../../data/gsheets/sources-repo';

/** Knobs of the loop (tests change them). */
export const SCHEDULER_TUNING = {
  /** Spreadsheets checked or pulled per tick at most. */
  perTick: 25,
  /** Version checks in flight at once within a tick. */
  concurrency: 5,
  /** Longest time between ticks (a tick comes at least this often, and at least every poll interval). */
  tickMs: 10_000,
};

/** How long a view counts: a spreadsheet viewed within this window is polled at the short interval. */
export const VIEWED_WINDOW_MS = 10 * 60_000;

export interface SchedulerHooks {
  /** Pushes the app's queued edits to Google (called every tick; errors are logged, never thrown). */
  pushDue?: () => Promise<void>;
}

interface SchedulerState {
  /** When an app or the data editor last read the spreadsheet's rows (on this instance). */
  viewed: Map<string, number>;
}

const states = new WeakMap<ServerContext, SchedulerState>();

function stateOf(ctx: ServerContext): SchedulerState {
  let s = states.get(ctx);
  if (!s) states.set(ctx, (s = { viewed: new Map() }));
  return s;
}

/** Someone is looking at the spreadsheet's rows (an app's block, the data editor): it is checked often for a while. */
export function markViewed(ctx: ServerContext, spreadsheetId: string, at: number = Date.now()): void {
  stateOf(ctx).viewed.set(spreadsheetId, at);
}

export interface Intervals {
  pollMs: number;
  idleMs: number;
  fullMs: number;
}

export function intervalsOf(config: ServerContext['config']): Intervals {
  return { pollMs: config.googlePollSeconds * 1000, idleMs: config.googleIdlePollSeconds * 1000, fullMs: config.googleFullRefreshHours * 3600_000 };
}

const timeOf = (iso: string | null): number | null => {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

export type Due = 'check' | 'pull' | null;

/**
 * What a spreadsheet needs now: a version check, a pull, or nothing. `checkedAt` is the loop's last
 * check on any instance (null: none yet; the last pull stands in), `viewedAt` the last read of its rows.
 */
export function dueAction(
  source: Pick<ScheduledSource, 'status' | 'last_pull_at' | 'last_full_at'>,
  at: { checkedAt: number | null; viewedAt: number | null },
  now: number,
  intervals: Intervals,
): Due {
  const lastPull = timeOf(source.last_pull_at);
  const since = Math.max(at.checkedAt ?? -Infinity, lastPull ?? -Infinity);
  const waited = now - since;
  const viewed = at.viewedAt !== null && now - at.viewedAt < VIEWED_WINDOW_MS;
  const interval = viewed ? intervals.pollMs : intervals.idleMs;
  const pollDue = interval > 0 && waited >= interval;
  if (source.status === 'error') return pollDue ? 'pull' : null;
  const lastFull = timeOf(source.last_full_at);
  // Guarded by the short interval too: a full pull that failed is not started again every tick.
  if (intervals.fullMs > 0 && (lastFull === null || now - lastFull >= intervals.fullMs) && waited >= intervals.pollMs) return 'pull';
  return pollDue ? 'check' : null;
}

export interface TickReport {
  /** Spreadsheets whose Drive version was asked for. */
  checked: string[];
  /** Spreadsheets a pull was started for (a changed version, a full refresh, a retry after a failure). */
  pulled: string[];
  /** Spreadsheets due but left for the next ticks (over the cap). */
  deferred: number;
}

async function runPool<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * One pass of the loop at time `now` (tests call it directly with the time they want). Never
 * throws: what fails is logged, or recorded on the spreadsheet in words.
 */
export async function schedulerTick(ctx: ServerContext, now: number = Date.now(), hooks: SchedulerHooks = {}): Promise<TickReport> {
  const push = hooks.pushDue
    ? hooks.pushDue().catch((err: unknown) => ctx.log.warn({ err }, 'pushing edits to Google failed'))
    : Promise.resolve();
  const report: TickReport = { checked: [], pulled: [], deferred: 0 };
  try {
    await syncDue(ctx, now, report);
  } catch (err) {
    ctx.log.warn({ err }, 'the background Google sync failed');
  }
  await push;
  return report;
}

async function syncDue(ctx: ServerContext, now: number, report: TickReport): Promise<void> {
  const state = stateOf(ctx);
  const intervals = intervalsOf(ctx.config);
  for (const [id, at] of state.viewed) if (now - at >= VIEWED_WINDOW_MS) state.viewed.delete(id);
  const sources = await googleSourcesRepo(ctx.db).scheduled();

  const due: { source: ScheduledSource; action: 'check' | 'pull'; since: number }[] = [];
  for (const source of sources) {
    // Paused (reconnect needed, or paused on purpose) and running pulls are left alone.
    if (source.connection_status !== 'ok' || (source.status !== 'ok' && source.status !== 'error')) continue;
    if (isPulling(ctx, source.spreadsheet_id)) continue;
    const checkedAt = timeOf(source.checked_at);
    const action = dueAction(source, { checkedAt, viewedAt: state.viewed.get(source.spreadsheet_id) ?? null }, now, intervals);
    if (action) due.push({ source, action, since: Math.max(checkedAt ?? -Infinity, timeOf(source.last_pull_at) ?? -Infinity) });
  }
  // The longest waiting first; the rest wait for the next ticks.
  due.sort((a, b) => a.since - b.since);
  const batch = due.slice(0, SCHEDULER_TUNING.perTick);
  report.deferred = due.length - batch.length;

  const sessions = new Map<string, Promise<GoogleSession>>();
  const sessionOf = (connectionId: string) => {
    let s = sessions.get(connectionId);
    if (!s) sessions.set(connectionId, (s = googleSession(ctx, connectionId)));
    return s;
  };
  await runPool(batch, SCHEDULER_TUNING.concurrency, async ({ source, action }) => {
    const id = source.spreadsheet_id;
    // Another instance that read the same checked_at claimed this check first: it is theirs.
    if (!(await googleSourcesRepo(ctx.db).claimCheck(id, source.checked_at, new Date(now).toISOString()))) return;
    if (action === 'pull') {
      report.pulled.push(id);
      void startPull(ctx, id);
      return;
    }
    let version: string | null;
    try {
      const session = await sessionOf(source.connection_id);
      report.checked.push(id);
      const res = await call(ctx, session, source.connection_id, () => session.drive.files.get({ fileId: source.file_id, fields: 'version', supportsAllDrives: true }, { retry: false }));
      version = res.data.version ?? null;
    } catch (e) {
      // Google refused the connection: the session marked it and paused its spreadsheets (and
      // the owner was told). Anything else is said on the spreadsheet; its next check is a pull.
      if (e instanceof HttpError && e.code === 'google_reconnect_needed') return;
      ctx.log.warn({ err: e, spreadsheetId: id }, 'checking a Google spreadsheet for changes failed');
      if (!isPulling(ctx, id)) await googleSourcesRepo(ctx.db).updateSource(id, { status: 'error', error: failureWords(e).slice(0, 1000) });
      return;
    }
    if (version !== null && version === source.drive_version) return;
    report.pulled.push(id);
    void startPull(ctx, id);
  });
}

export interface GoogleScheduler {
  /** Stops the timer and waits for a tick under way. */
  stop(): Promise<void>;
}

/**
 * Starts the loop (nothing when GOOGLE_POLL_SECONDS is 0, or in tests: config.googleSyncTimer). Its timer does not keep the process
 * alive; ticks never overlap (a slow one makes the next wait).
 */
export function startGoogleScheduler(ctx: ServerContext, hooks: SchedulerHooks = {}): GoogleScheduler {
  if (ctx.config.googlePollSeconds <= 0 || !ctx.config.googleSyncTimer) return { stop: async () => {} };
  let current: Promise<unknown> | null = null;
  const timer = setInterval(
    () => {
      // A stopping server starts no check or pull (main.ts): the next start's first tick catches up.
      if (current || ctx.lifecycle.stopping) return;
      current = ctx.lifecycle
        .track('a Google sync round (checks and pulls)', { atNextStart: "a pull commits its rows in one transaction or not at all: the next start's first round pulls again" }, () => schedulerTick(ctx, Date.now(), hooks))
        .finally(() => (current = null));
    },
    Math.min(SCHEDULER_TUNING.tickMs, ctx.config.googlePollSeconds * 1000),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
