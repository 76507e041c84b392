// Where each row of a Google tab was last seen (row numbers by id), kept in memory from the last
// full read (a pull, or a push that read the whole id column). A push addresses rows by these
// hints when it has them for every row it writes: it reads just those rows and checks that each
// still holds its id (any mismatch: the whole id column is read again), instead of reading a
// 100,000-row id column for every handful of edits. Only a hint: never trusted without that check.
// Deletes shift rows, so a push that deleted drops the tab's hints; the next full read sets them.
import type { ServerContext } from '../../platform/context';

/** Tabs whose hints are kept (the most recently read), the biggest tab kept, and the rows kept in all (about 100 bytes each). */
export const HINT_LIMITS = { tabs: 20, rows: 250_000, totalRows: 500_000 };

const hints = new WeakMap<ServerContext, Map<string, Map<string, number>>>();

function tabsOf(ctx: ServerContext): Map<string, Map<string, number>> {
  let m = hints.get(ctx);
  if (!m) hints.set(ctx, (m = new Map()));
  return m;
}

/** Every row of a tab as just read (id → 1-based sheet row). */
export function rememberRows(ctx: ServerContext, sheetId: string, rows: Iterable<{ id: string; sheetRow: number }> | Map<string, number>): void {
  const m = tabsOf(ctx);
  m.delete(sheetId);
  const map = rows instanceof Map ? new Map(rows) : new Map([...rows].map((r) => [r.id, r.sheetRow] as const));
  if (map.size > HINT_LIMITS.rows) return;
  m.set(sheetId, map);
  let total = 0;
  for (const tab of m.values()) total += tab.size;
  // The least recently read tabs go first.
  while (m.size > HINT_LIMITS.tabs || (m.size > 1 && total > HINT_LIMITS.totalRows)) {
    const oldest = m.keys().next().value!;
    total -= m.get(oldest)!.size;
    m.delete(oldest);
  }
}

export function forgetRows(ctx: ServerContext, sheetId: string): void {
  tabsOf(ctx).delete(sheetId);
}

/** The hinted row of each id, or null when any id has no hint. */
export function hintedRows(ctx: ServerContext, sheetId: string, ids: readonly string[]): Map<string, number> | null {
  const tab = tabsOf(ctx).get(sheetId);
  if (!tab) return null;
  const out = new Map<string, number>();
  for (const id of ids) {
    const row = tab.get(id);
    if (row === undefined) return null;
    out.set(id, row);
  }
  return out;
}
