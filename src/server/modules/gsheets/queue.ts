// Push, first half (issue 16): a row the app adds, edits or deletes on a sheet fed by Google is
// queued in google_outbox in the SAME transaction as the write, so an edit is never saved here
// and lost on its way to Google (a crash between the two is impossible), and the pull, which
// leaves rows with queued edits alone, never puts the old value back meanwhile. push.ts sends the
// queue; the row writes (rows/service.ts) call queueGoogleEdit inside their transaction, after
// taking the sheet's lock, then kickPush once committed.
//
// - append: the new row gets its Google id now (the hidden id column's value), recorded in
//   google_rows, so the push writes it with that id and a retried append is recognised.
// - update: the changed cells only, with what the app saw before (the conflict check's base).
// - delete: the row's identity is dropped from google_rows at once (a pull meanwhile does not
//   bring the row back: it is queued), with the row as the app saw it.
//
// A sheet whose Google connection may only read refuses the write (409, in words): an edit that
// could never reach the sheet would be overwritten by the next change in Google.
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { newId } from '../../http';
import { newRowId, type Cell } from './ids';
import { cryptoRandom } from './random';
import { modeOf } from './service';

export const QUEUE_MESSAGES = {
  readOnly:
    'This sheet comes from Google Sheets through a read-only connection, so it cannot be changed here. Change it in Google Sheets, or reconnect Google with permission to edit sheets.',
} as const;

export type GoogleEdit =
  | { op: 'append'; rowIndex: number; cells: Record<string, Cell> }
  | { op: 'update'; rowIndex: number; cells: Record<string, Cell>; base: Record<string, Cell> }
  | { op: 'delete'; rowIndex: number; base: Record<string, Cell> };

/**
 * The Google tab behind a sheet and whether its connection writes, or undefined (not from Google):
 * a group of appends asks once (rows/service.ts) before queueing each of its rows.
 */
export async function tabOf(db: Db, sheetId: string) {
  return db
    .selectFrom('google_tabs')
    .innerJoin('google_sources', 'google_sources.spreadsheet_id', 'google_tabs.spreadsheet_id')
    .innerJoin('google_connections', 'google_connections.id', 'google_sources.connection_id')
    .select(['google_tabs.spreadsheet_id', 'google_connections.kind', 'google_connections.scope'])
    .where('google_tabs.sheet_id', '=', sheetId)
    .executeTakeFirst();
}

let lastAt = 0;
/** Queue times strictly increase within the process: edits of one row keep their order even within a millisecond. */
function queueTime(): string {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return new Date(lastAt).toISOString();
}

/**
 * Queues one write of the app for Google, inside the write's transaction (`db` is it). Returns the
 * spreadsheet to push once the transaction commits, or null when the sheet is not fed by Google
 * (or the row has no Google identity: nothing there to change).
 */
export async function queueGoogleEdit(db: Db, sheetId: string, edit: GoogleEdit): Promise<string | null> {
  const tab = await tabOf(db, sheetId);
  if (!tab) return null;
  if (modeOf(tab) === 'read') throw new HttpError(409, QUEUE_MESSAGES.readOnly, undefined, 'google_read_only');
  let rowId: string;
  if (edit.op === 'append') {
    rowId = newRowId(cryptoRandom);
    // The hash stays empty until the next pull reads the row back from Google.
    await db.insertInto('google_rows').values({ sheet_id: sheetId, row_id: rowId, row_index: edit.rowIndex, hash: '' }).execute();
  } else {
    const known = await db.selectFrom('google_rows').select('row_id').where('sheet_id', '=', sheetId).where('row_index', '=', edit.rowIndex).executeTakeFirst();
    if (!known) return null;
    rowId = known.row_id;
    if (edit.op === 'delete') await db.deleteFrom('google_rows').where('sheet_id', '=', sheetId).where('row_id', '=', rowId).execute();
    else if (Object.keys(edit.cells).length === 0) return null;
  }
  const at = queueTime();
  await db
    .insertInto('google_outbox')
    .values({
      id: newId(),
      spreadsheet_id: tab.spreadsheet_id,
      sheet_id: sheetId,
      op: edit.op,
      row_id: rowId,
      cells: edit.op === 'delete' ? null : JSON.stringify(edit.cells),
      base: edit.op === 'append' ? null : JSON.stringify(edit.base),
      created_at: at,
      next_attempt_at: at,
      status: 'pending',
      error: null,
    })
    .execute();
  return tab.spreadsheet_id;
}
