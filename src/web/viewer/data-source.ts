// The data source every block of a board reads through: which app asks (the server applies that
// app's rules), which spreadsheet, who is looking and the board's filters. One memoised object
// per board, so block data hooks do not rebuild their writers on every render.
import { useMemo } from 'react';
import type { AppNav } from '../../blocks/types';
import type { Filter } from '../../shared/filters/conditions';
import { useMe } from '../lib/queries';
import type { BoardState } from './board-state';
import type { DataSource } from './useBlockData';

export function useDataSource(board: BoardState, filters?: Filter[], openPage?: DataSource['openPage'], app?: AppNav): DataSource {
  const me = useMe();
  const email = me.data?.email ?? null;
  return useMemo(
    () => ({
      appId: board.appId,
      spreadsheetId: board.spreadsheetId,
      // Owners are the admins of their boards; issue 5 adds editors and read-write app users.
      role: board.canEdit ? 'admin' : 'guest',
      email,
      ...(filters ? { filters } : {}),
      ...(openPage ? { openPage } : {}),
      // Multipage apps: the pages, navigation and the address's row (item details read it).
      ...(app ? { app, rowId: app.rowId } : {}),
    }),
    [board.appId, board.spreadsheetId, board.canEdit, email, filters, openPage, app],
  );
}
