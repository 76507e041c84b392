// SQL of the push (issue 16): the queue of the app's edits (google_outbox, migration 0016) and what
// the push could not write as meant (google_conflicts, migration 0018). Nothing here decides who
// may see what.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { GoogleConflictsTable, GoogleOutboxTable } from '../../db/schema';

export type OutboxRow = Selectable<GoogleOutboxTable>;
export type ConflictRow = Selectable<GoogleConflictsTable>;

/** Conflicts kept per spreadsheet (the newest); older ones are dropped as new ones come. */
export const KEPT_CONFLICTS = 200;

export function googlePushRepo(db: Db) {
  return {
    /** The spreadsheet's queued edits due now, oldest first. */
    due(spreadsheetId: string, now: string, limit: number): Promise<OutboxRow[]> {
      return db
        .selectFrom('google_outbox')
        .selectAll()
        .where('spreadsheet_id', '=', spreadsheetId)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    /** Spreadsheets with edits due now. */
    async dueSpreadsheets(now: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('google_outbox').select('spreadsheet_id').distinct().where('status', '=', 'pending').where('next_attempt_at', '<=', now).limit(limit).execute();
      return rows.map((r) => r.spreadsheet_id);
    },
    /** Edits still waiting to reach Google, and the earliest next try. */
    async waiting(spreadsheetId: string): Promise<{ count: number; next: string | null }> {
      const r = await db
        .selectFrom('google_outbox')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('next_attempt_at').as('next')])
        .where('spreadsheet_id', '=', spreadsheetId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return { count: Number(r?.n ?? 0), next: (r?.next as string | null | undefined) ?? null };
    },
    /** Written (or settled by a conflict recorded beside): gone from the queue. */
    async remove(ids: readonly string[]): Promise<void> {
      for (let i = 0; i < ids.length; i += 500) await db.deleteFrom('google_outbox').where('id', 'in', ids.slice(i, i + 500)).execute();
    },
    /** Writes for these edits are about to go out: their next try reads the whole tab first (push.ts). */
    async markSending(ids: readonly string[]): Promise<void> {
      for (let i = 0; i < ids.length; i += 500)
        await db
          .updateTable('google_outbox')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
    },
    /** A failed try: the edits wait until `next` and say why. */
    async retryLater(ids: readonly string[], next: string, error: string): Promise<void> {
      for (let i = 0; i < ids.length; i += 500)
        await db
          .updateTable('google_outbox')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: next, error }))
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
    },
    async addConflicts(spreadsheetId: string, rows: Insertable<GoogleConflictsTable>[]): Promise<void> {
      if (rows.length === 0) return;
      for (let i = 0; i < rows.length; i += 200) await db.insertInto('google_conflicts').values(rows.slice(i, i + 200)).execute();
      const keep = await db.selectFrom('google_conflicts').select('created_at').where('spreadsheet_id', '=', spreadsheetId).orderBy('created_at', 'desc').offset(KEPT_CONFLICTS - 1).limit(1).executeTakeFirst();
      if (keep) await db.deleteFrom('google_conflicts').where('spreadsheet_id', '=', spreadsheetId).where('created_at', '<', keep.created_at).execute();
    },
    conflicts(spreadsheetId: string, limit: number): Promise<ConflictRow[]> {
      return db.selectFrom('google_conflicts').selectAll().where('spreadsheet_id', '=', spreadsheetId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },
    async conflictCount(spreadsheetId: string): Promise<number> {
      const r = await db.selectFrom('google_conflicts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('spreadsheet_id', '=', spreadsheetId).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async clearConflicts(spreadsheetId: string): Promise<void> {
      await db.deleteFrom('google_conflicts').where('spreadsheet_id', '=', spreadsheetId).execute();
    },
    /** The app's cached values of rows by their Google ids (labels for conflicts). */
    async cachedData(sheetId: string, rowIds: readonly string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (let i = 0; i < rowIds.length; i += 500) {
        const rows = await db
          .selectFrom('google_rows')
          .innerJoin('sheet_rows', (j) => j.onRef('sheet_rows.sheet_id', '=', 'google_rows.sheet_id').onRef('sheet_rows.row_index', '=', 'google_rows.row_index'))
          .select(['google_rows.row_id', 'sheet_rows.data'])
          .where('google_rows.sheet_id', '=', sheetId)
          .where('google_rows.row_id', 'in', rowIds.slice(i, i + 500))
          .execute();
        for (const r of rows) out.set(r.row_id, r.data);
      }
      return out;
    },
  };
}
