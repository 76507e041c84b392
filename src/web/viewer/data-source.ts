// The data source every block of a board reads through: which app asks (the server applies that
// app's rules), which spreadsheet, who is looking and the board's filters. One memoised object
// per board, so block data hooks do not rebuild their writers on every render.
import { useMemo } from 'react';
import type { AppNav } from '../../blocks/types';
import type { Filter } from '../../shared/filters/conditions';
import { useMe } from '../lib/queries';
import type { BoardState } from './board-state';
import type { DataSource } from './useBlockData';

/** `search`: the board's search box (the guest view's); `board.palette`: the charts' default colours. */
export function useDataSource(board: BoardState, filters?: Filter[], openPage?: DataSource['openPage'], app?: AppNav, search?: string): DataSource {
  const me = useMe();
  // Who is looking: the app user signed in to this app, else the owner account (if any).
  const email = board.appUser?.email ?? me.data?.email ?? null;
  const admin = board.canEdit || board.appUser?.permissions === 'read-write';
  return useMemo(
    () => ({
      appId: board.appId,
      spreadsheetId: board.spreadsheetId,
      // Admins: the owner and the app's read-write app users (the server decides the same way).
      role: admin ? 'admin' : 'guest',
      email,
      ...(filters ? { filters } : {}),
      ...(openPage ? { openPage } : {}),
      // Multipage apps: the pages, navigation and the address's row (item details read it).
      ...(app ? { app, rowId: app.rowId } : {}),
      ...(search ? { search } : {}),
      ...(board.palette.length > 0 ? { palette: board.palette } : {}),
    }),
    [board.appId, board.spreadsheetId, admin, email, filters, openPage, app, search, board.palette],
  );
}
