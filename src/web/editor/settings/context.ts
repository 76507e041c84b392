import { createContext, useContext } from 'react';
import type { SheetInfo } from '../../viewer/board-state';

/** What controls need beyond their own value: the sheets and columns, and the app's pages. */
export interface SettingsEnv {
  sheets: SheetInfo[];
  /** The block's sheet, whose columns `sheet_columns` settings offer. */
  sheetTitle: string;
  pages: { value: string; label: string }[];
}

export const SettingsEnvContext = createContext<SettingsEnv>({ sheets: [], sheetTitle: '', pages: [] });

export const useSettingsEnv = () => useContext(SettingsEnvContext);

/** A setting's visible label: its own, else the key made readable (`rows_per_page` → 'Rows per page'). */
export function labelOf(key: string, label?: string): string {
  if (label) return label;
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
