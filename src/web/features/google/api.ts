// The calls of Google Sheets connecting (contracts in src/shared/api/google.ts) and their queries.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GoogleConnectionResponse, GoogleConnectResponse, GoogleRemapBody, GoogleSpreadsheetResponse, GoogleSyncResponse } from '../../../shared/api/google';
import { api, messageOf, type Out } from '../../lib/api';
import { pollDelay, type GoogleMode } from './google-state';

export const googleKeys = {
  connection: ['google-connection'] as const,
  sync: (spreadsheetId: string) => ['google-sync', spreadsheetId] as const,
};

export type GoogleSpreadsheetCreated = Out<typeof GoogleSpreadsheetResponse>;
export type GoogleSync = Out<typeof GoogleSyncResponse>['sync'];

const path = (spreadsheetId: string) => `/api/google/spreadsheets/${encodeURIComponent(spreadsheetId)}`;

export const googleApi = {
  /** Google's consent page for this workspace; the caller goes there (window.location.assign). */
  connect: async (mode: GoogleMode) => (await api.post<Out<typeof GoogleConnectResponse>>('/api/google/connect', { mode })).url,
  connection: () => api.get<GoogleConnectionResponse>('/api/google/connection'),
  /** A new spreadsheet fed by the sheet the link names; its first sync runs on (poll `sync`). */
  addSpreadsheet: (url: string) => api.post<GoogleSpreadsheetCreated>('/api/google/spreadsheets', { url }),
  sync: async (spreadsheetId: string) => (await api.get<Out<typeof GoogleSyncResponse>>(path(spreadsheetId))).sync,
  /** Read Google's changes now. */
  pull: async (spreadsheetId: string) => (await api.post<Out<typeof GoogleSyncResponse>>(`${path(spreadsheetId)}/pull`)).sync,
  /** The owner has read the edits that could not be written as made: the list empties. */
  clearConflicts: async (spreadsheetId: string) => (await api.delete<Out<typeof GoogleSyncResponse>>(`${path(spreadsheetId)}/conflicts`)).sync,
  /** Points every block that names a column renamed or deleted in Google at a current column; the fresh status. */
  remap: async (spreadsheetId: string, body: GoogleRemapBody) => (await api.post<Out<typeof GoogleSyncResponse>>(`${path(spreadsheetId)}/remap`, body)).sync,
};

export function useGoogleConnection(enabled: boolean) {
  return useQuery({ queryKey: googleKeys.connection, queryFn: googleApi.connection, enabled, staleTime: 10_000 });
}

/** A connected spreadsheet's sync status, asked again every `everyMs` while a sync runs. */
export function useGoogleSync(spreadsheetId: string | null, everyMs = 1000) {
  return useQuery({
    queryKey: googleKeys.sync(spreadsheetId ?? ''),
    queryFn: () => googleApi.sync(spreadsheetId!),
    enabled: spreadsheetId !== null,
    refetchInterval: (query) => pollDelay(query.state.data, everyMs),
    // A failed status read is shown; the next poll or Sync now tries again.
    retry: false,
  });
}

/**
 * A change the owner asks of a spreadsheet's sync (read Google now, clear the conflicts, remap a
 * column): the server answers the fresh status, which replaces the cached one, then `done` runs.
 * `busy` while it runs; a failure is kept in `error` in words until the next try.
 */
export function useSyncChange(spreadsheetId: string) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (change: () => Promise<GoogleSync>, done?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      qc.setQueryData(googleKeys.sync(spreadsheetId), await change());
      done?.();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
