// Server-side row actions run straight from a row's button, without the dialogs' code (RowDialogs
// is a lazy chunk: a list or table that never opens a dialog does not download its inputs).
import { notifications } from '@mantine/notifications';
import type { RowWrites } from '../types';
import type { TableAction } from './row-edit';

type Row = Record<string, unknown>;

export const errorMessage = (e: unknown, fallback = 'Data Error'): string => (e instanceof Error && e.message) || fallback;

/** Runs a server-side action (API call, Duplicate row, Compose Email) and toasts its message, ok or not. */
export async function runServerAction(write: RowWrites, index: number, row: Row, action: TableAction): Promise<void> {
  try {
    const res = await write.runAction(index, String(row._id));
    const message = res.message || (res.ok ? action.success_message || 'Done' : action.error_message || 'The action failed');
    notifications.show({ color: res.ok ? 'teal' : 'red', message });
  } catch (e) {
    notifications.show({ color: 'red', message: action.error_message || errorMessage(e) });
  }
}
