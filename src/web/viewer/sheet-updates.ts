// Open boards follow changes to their sheets. A write in the data editor is announced on a
// BroadcastChannel, and every board open in the same browser refetches that sheet's queries
// (['sheet', spreadsheetId, sheet, ...]: pages, all rows, charts, maps). Changes made elsewhere
// (another browser, a guest's form) arrive with a refetch when the tab comes back into focus and
// every SHEET_REFRESH_MS while the page is visible. Tiny and dependency-free: it is on the guest's path.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const SHEETS_CHANNEL = 'sheetboard-sheets';
export const SHEET_REFRESH_MS = 15_000;

export interface SheetChange {
  spreadsheetId: string;
  sheet: string;
}

export function isSheetChange(v: unknown): v is SheetChange {
  return typeof v === 'object' && v !== null && typeof (v as SheetChange).spreadsheetId === 'string' && typeof (v as SheetChange).sheet === 'string';
}

/** Tells the other tabs of this browser that a sheet changed. */
export function announceSheetChange(spreadsheetId: string, sheet: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SHEETS_CHANNEL);
  channel.postMessage({ spreadsheetId, sheet } satisfies SheetChange);
  channel.close();
}

/** The query keys a change makes stale. */
export function sheetQueryKey(change: SheetChange): readonly unknown[] {
  return ['sheet', change.spreadsheetId, change.sheet];
}

/** Keeps a board's sheet queries fresh: announced changes, focus, and a slow refresh while visible. */
export function useSheetUpdates(spreadsheetId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!spreadsheetId) return;
    const refresh = () => void client.invalidateQueries({ queryKey: ['sheet', spreadsheetId] });
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SHEETS_CHANNEL);
    if (channel)
      channel.onmessage = (e: MessageEvent) => {
        if (isSheetChange(e.data) && e.data.spreadsheetId === spreadsheetId) void client.invalidateQueries({ queryKey: sheetQueryKey(e.data) });
      };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    // Only while the page is visible: a board left in a background tab costs the server nothing.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, SHEET_REFRESH_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      channel?.close();
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client, spreadsheetId]);
}
