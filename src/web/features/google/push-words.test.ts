import { describe, expect, it } from 'vitest';
import type { GoogleConflict } from '../../../shared/api/google';
import { conflictsHeading, conflictWords, pendingWords, shownValue } from './push-words';

const conflict = (over: Partial<GoogleConflict>): GoogleConflict => ({
  id: 'c1',
  tab: 'Orders',
  row: 'Grace · Paris · 7',
  kind: 'cell',
  column: 'City',
  base: 'Arlington',
  sheet: 'Rome',
  app: 'Paris',
  winner: 'sheet',
  at: '2026-11-25T10:00:00Z',
  ...over,
});

describe('edits on their way to Google, in words', () => {
  it('waiting edits: none, some, paused, after a failure', () => {
    expect(pendingWords({ pending_edits: 0, push_error: null, status: 'ok' })).toBeNull();
    expect(pendingWords({ pending_edits: 1, push_error: null, status: 'ok' })).toBe('1 change made in the app is waiting to be written to Google Sheets.');
    expect(pendingWords({ pending_edits: 3, push_error: null, status: 'paused' })).toBe('3 changes made in the app are waiting to be written to Google Sheets. They are written once Google is reconnected.');
    expect(pendingWords({ pending_edits: 2, push_error: 'Google did not answer. The next sync tries again.', status: 'ok' })).toBe(
      '2 changes made in the app are waiting to be written to Google Sheets. The last try failed: Google did not answer. The next sync tries again.',
    );
  });

  it('each kind of edit that could not be written as made', () => {
    expect(conflictWords(conflict({}))).toBe('Orders, row Grace · Paris · 7: City was changed to “Rome” in Google Sheets and to “Paris” here. Google Sheets’ value was kept.');
    expect(conflictWords(conflict({ winner: 'app' }))).toContain('The value from here was written.');
    expect(conflictWords(conflict({ kind: 'row-deleted', column: null }))).toBe('Orders, row Grace · Paris · 7: changed here, but the row was deleted in Google Sheets, so the change was not written.');
    expect(conflictWords(conflict({ kind: 'row-changed', sheet: '' }))).toBe('Orders, row Grace · Paris · 7: deleted here, but it had been changed in Google Sheets (City is now empty), so the row was kept.');
    expect(conflictWords(conflict({ kind: 'column-gone', app: 'Bath' }))).toBe('Orders, row Grace · Paris · 7: the column City is no longer in Google Sheets (renamed or deleted), so “Bath” was not written.');
  });

  it('the heading counts them and says when only the latest are listed; long values are cut', () => {
    expect(conflictsHeading({ conflict_count: 0, conflicts: [] })).toBeNull();
    expect(conflictsHeading({ conflict_count: 1, conflicts: [conflict({})] })).toBe('1 change made in the app could not be written to Google Sheets as made, because the sheet had changed.');
    expect(conflictsHeading({ conflict_count: 60, conflicts: Array.from({ length: 50 }, () => conflict({})) })).toContain('The latest 50 are listed.');
    expect(shownValue('x'.repeat(80))).toBe(`“${'x'.repeat(59)}…”`);
    expect(shownValue(null)).toBe('empty');
  });
});
