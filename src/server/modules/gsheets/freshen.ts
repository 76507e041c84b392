// The sheet routes' no-cache flag on a connected Google spreadsheet (issue 16): before the answer,
// bring the cache up to date with Google, within bounds a visitor cannot turn into load on Google.
//
// - A pull already running (the scheduler's, the owner's "pull now", another visitor's) is joined,
//   not doubled.
// - At most one forced pull per spreadsheet per FRESHEN_TUNING.windowMs: within it, the last pull
//   (forced or not) is fresh enough and the answer comes from the cache at once.
// - A paused connection (Google refused it; the owner must reconnect) never calls Google.
// - The wait is bounded (FRESHEN_TUNING.waitMs): past it the answer comes from the cache as it is,
//   and the pull goes on in the background.
// Spreadsheets that are not Google's are left alone (no google_sources row).
import type { ServerContext } from '../../platform/context';
import { isPulling, startPull } from './pull';
import { googleConnectionsRepo } from '../../data/gsheets/repo';
import { googleSourcesRepo } from '../../data/gsheets/sources-repo';

/** Knobs of freshen: the forced-pull window, the longest wait for a pull before answering, the clock (tests move it on). */
export const FRESHEN_TUNING: { windowMs: number; waitMs: number; now: () => number } = { windowMs: 15_000, waitMs: 10_000, now: () => Date.now() };

/** When each spreadsheet's last forced pull started, per server (entries older than the window are dropped). */
const forcedAt = new WeakMap<ServerContext, Map<string, number>>();

function forcedOf(ctx: ServerContext): Map<string, number> {
  let map = forcedAt.get(ctx);
  if (!map) forcedAt.set(ctx, (map = new Map()));
  return map;
}

/** Whether a request's no-cache flag is set: present, and not 'false' or '0'. */
export function wantsFresh(flag: string | undefined): boolean {
  if (flag === undefined) return false;
  const v = flag.trim().toLowerCase();
  return v !== 'false' && v !== '0';
}

/** Resolves after `ms` or when `work` settles, whichever comes first (the timer never outlives it). */
async function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Brings a connected Google spreadsheet's cache up to date before a no-cache read (see above).
 * Never throws for Google's sake: a failed pull is recorded by the pull itself and the read answers
 * from the cache.
 */
export async function freshen(ctx: ServerContext, spreadsheetId: string): Promise<void> {
  // startPull joins a running pull (its promise) rather than starting another.
  if (isPulling(ctx, spreadsheetId)) return waitAtMost(startPull(ctx, spreadsheetId), FRESHEN_TUNING.waitMs);
  const source = await googleSourcesRepo(ctx.db).sourceOf(spreadsheetId);
  if (!source || source.status === 'paused') return;
  const now = FRESHEN_TUNING.now();
  const forced = forcedOf(ctx);
  const lastPull = source.last_pull_at ? Date.parse(source.last_pull_at) : 0;
  if (now - Math.max(forced.get(spreadsheetId) ?? 0, Number.isNaN(lastPull) ? 0 : lastPull) < FRESHEN_TUNING.windowMs) return;
  const conn = await googleConnectionsRepo(ctx.db).byId(source.connection_id);
  if (!conn || conn.status === 'reconnect_needed') return;
  // Another request may have started one while this one read the database.
  if (isPulling(ctx, spreadsheetId)) return waitAtMost(startPull(ctx, spreadsheetId), FRESHEN_TUNING.waitMs);
  for (const [id, at] of forced) if (now - at >= FRESHEN_TUNING.windowMs) forced.delete(id);
  forced.set(spreadsheetId, now);
  return waitAtMost(startPull(ctx, spreadsheetId), FRESHEN_TUNING.waitMs);
}
