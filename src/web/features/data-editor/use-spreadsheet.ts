// The spreadsheet the data editor opens, and what a change to its sheets refreshes: this query and
// the dashboard's list of spreadsheets (rows and sheet counts).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../lib/queries';
import { getSpreadsheet, type EditorSpreadsheet } from './data-api';

export const dataEditorKey = (id: string) => ['data-editor', id] as const;

export function useSpreadsheet(id: string) {
  return useQuery({ queryKey: dataEditorKey(id), queryFn: () => getSpreadsheet(id), enabled: !!id });
}

export function useSpreadsheetRefresh(id: string) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: dataEditorKey(id) });
    void client.invalidateQueries({ queryKey: keys.spreadsheets });
  };
  /** The spreadsheet as an import left it, then everything read again. */
  const replaced = (next: EditorSpreadsheet) => {
    client.setQueryData(dataEditorKey(id), next);
    refresh();
  };
  return { refresh, replaced };
}
