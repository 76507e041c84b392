// What the dashboard says about the app's edits on their way to Google Sheets (issue 16, push):
// edits still waiting (and why), and each edit that could not be written as made, in words for
// people who know spreadsheets. Pure: the view (GooglePushInfo.tsx) only lays these out.
import type { GoogleConflict, GoogleSyncStatus } from '../../../shared/api/google';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A value as shown in a sentence: quoted, or "empty". */
export function shownValue(v: string | null): string {
  if (v === null || v === '') return 'empty';
  const text = v.length > 60 ? `${v.slice(0, 59)}…` : v;
  return `“${text}”`;
}

/** The line about edits not written yet, or null when none wait. */
export function pendingWords(s: Pick<GoogleSyncStatus, 'pending_edits' | 'push_error' | 'status'>): string | null {
  if (s.pending_edits === 0) return null;
  const what = `${plural(s.pending_edits, 'change')} made in the app ${s.pending_edits === 1 ? 'is' : 'are'} waiting to be written to Google Sheets.`;
  if (s.status === 'paused') return `${what} ${s.pending_edits === 1 ? 'It is' : 'They are'} written once Google is reconnected.`;
  if (s.push_error) return `${what} The last try failed: ${s.push_error}`;
  return what;
}

/** The heading of the list of edits that could not be written as made. */
export function conflictsHeading(s: Pick<GoogleSyncStatus, 'conflict_count' | 'conflicts'>): string | null {
  if (s.conflict_count === 0) return null;
  const more = s.conflict_count > s.conflicts.length ? ` The latest ${s.conflicts.length} are listed.` : '';
  return `${plural(s.conflict_count, 'change')} made in the app could not be written to Google Sheets as made, because the sheet had changed.${more}`;
}

/** One edit that could not be written as made, in a sentence. */
export function conflictWords(c: GoogleConflict): string {
  const where = `${c.tab || 'A tab'}, row ${c.row}`;
  switch (c.kind) {
    case 'cell':
      return c.winner === 'sheet'
        ? `${where}: ${c.column} was changed to ${shownValue(c.sheet)} in Google Sheets and to ${shownValue(c.app)} here. Google Sheets’ value was kept.`
        : `${where}: ${c.column} was changed to ${shownValue(c.sheet)} in Google Sheets and to ${shownValue(c.app)} here. The value from here was written.`;
    case 'row-deleted':
      return `${where}: changed here, but the row was deleted in Google Sheets, so the change was not written.`;
    case 'row-changed':
      return `${where}: deleted here, but it had been changed in Google Sheets${c.column ? ` (${c.column} is now ${shownValue(c.sheet)})` : ''}, so the row was kept.`;
    case 'column-gone':
      return `${where}: the column ${c.column} is no longer in Google Sheets (renamed or deleted), so ${shownValue(c.app)} was not written.`;
  }
}
