import type { BlockRecord } from '../shared/settings/types';

export type ViewMode = 'view' | 'edit';

/** What the renderer hands to a block view. Views never fetch: the renderer loads the rows. */
export interface SheetQuery {
  limit?: number;
  offset?: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  q?: string;
}

export interface BlockData {
  rows: Record<string, unknown>[];
  columns: string[];
  /** Rows matching the current query (for server-side pagination). */
  total: number;
  loading: boolean;
  error: string | null;
  /** Rows of other sheets named by the block's `datasource` settings, by sheet title. */
  sheets: Record<string, Record<string, unknown>[]>;
  /** Present when the renderer pages on the server: the view asks for another slice with it. */
  query?: SheetQuery;
  setQuery?: (q: SheetQuery) => void;
  /** Fetches every matching row (used by CSV download), independent of the current page. */
  fetchAll?: () => Promise<{ rows: Record<string, unknown>[]; columns: string[] }>;
}

export interface BlockViewProps {
  config: BlockRecord;
  rows: Record<string, unknown>[];
  columns: string[];
  mode: ViewMode;
  data: BlockData;
}
