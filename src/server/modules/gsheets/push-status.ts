// The push's part of a connected spreadsheet's sync status: edits waiting, and what could not be
// written as meant (newest first).
import type { GoogleSyncStatus } from '../../../shared/api/google';
import type { Db } from '../../db';
import { googlePushRepo } from '../../data/gsheets/push-repo';

/** Conflicts sent with the status (the count says how many there are in all). */
export const SHOWN_CONFLICTS = 50;

/** A stored cell (JSON) as text for people. */
function text(json: string | null): string | null {
  if (json === null) return null;
  try {
    const v: unknown = JSON.parse(json);
    return v === null || v === undefined ? null : String(v);
  } catch {
    return json;
  }
}

export async function pushStatus(db: Db, spreadsheetId: string): Promise<Pick<GoogleSyncStatus, 'pending_edits' | 'conflicts' | 'conflict_count'>> {
  const repo = googlePushRepo(db);
  const waiting = await repo.waiting(spreadsheetId);
  const rows = await repo.conflicts(spreadsheetId, SHOWN_CONFLICTS);
  return {
    pending_edits: waiting.count,
    conflict_count: rows.length < SHOWN_CONFLICTS ? rows.length : await repo.conflictCount(spreadsheetId),
    conflicts: rows.map((r) => ({
      id: r.id,
      tab: r.tab,
      row: r.row_label,
      kind: r.kind,
      column: r.column_name,
      base: text(r.base),
      sheet: text(r.sheet),
      app: text(r.app),
      winner: r.winner,
      at: r.created_at,
    })),
  };
}
