// One query state for the server-paged data blocks (table, list, grid, data list). With
// data.setQuery (the renderer's paged mode) the query lives in the renderer and the view sends it
// whole queries; without it (rows handed over whole, e.g. an editor preview) the view keeps the
// same query itself and searches, sorts and pages in the browser.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useEffectEvent, useState } from 'react';
import type { BlockData, SheetQuery } from '../types';
import { holds, nextQuery } from './sheet-query';

export interface SheetQueryOptions {
  /** Rows of a page: the limit of a fresh query. */
  pageSize: number;
  /**
   * Parts the renderer's query must hold (default: the page size as limit). The renderer starts
   * paged blocks at its own first page and starts over on a new sheet, so whenever its query
   * lacks them the view asks again from the first row. A part pinned as undefined must be absent.
   */
  pin?: SheetQuery;
}

export interface SheetQueryState {
  /** True when the renderer pages on the server. */
  server: boolean;
  query: SheetQuery;
  offset: number;
  /** False while the renderer's query lacks a pinned part (its rows are not the ones asked for). */
  ready: boolean;
  /** Applies changes and sends the whole query. */
  update: (changes: SheetQuery) => void;
  /** The search box's text; the query follows it 300 ms after the last keystroke. */
  search: string;
  setSearch: (text: string) => void;
  /** Sort by a column (null: unsorted), keeping the direction; back to the first page. */
  sortBy: (column: string | null) => void;
  /** Flips the direction of the current sort. */
  flipDir: () => void;
  /** One page back (-1) or on (1). */
  turnPage: (step: -1 | 1) => void;
}

export function useSheetQuery(data: BlockData, { pageSize, pin = { limit: pageSize } }: SheetQueryOptions): SheetQueryState {
  const server = typeof data.setQuery === 'function';
  const [local, setLocal] = useState<SheetQuery>({ limit: pageSize, offset: 0 });
  const query: SheetQuery = server ? { limit: pageSize, offset: 0, ...data.query, ...pin } : { ...local, ...pin };
  const ready = !server || holds(data.query, pin);

  const update = (changes: SheetQuery) => {
    const next = nextQuery(query, changes);
    if (data.setQuery) data.setQuery(next);
    else setLocal(next);
  };

  // The renderer's query is outside this view: it is told after the render.
  const restart = useEffectEvent(() => data.setQuery?.(nextQuery(query, { ...pin, offset: 0 })));
  useEffect(() => {
    if (server && !ready) restart();
  }, [server, ready, data.query]);

  const [search, setSearch] = useState(query.q ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const searchText = debounced.trim();
  const searchQuery = (): SheetQuery | null => ((query.q ?? '') !== searchText ? nextQuery(query, { q: searchText || undefined, offset: 0 }) : null);
  // Browser mode: the query follows the search while rendering (its own state, no effect needed).
  const [seenSearch, setSeenSearch] = useState(searchText);
  if (!server && seenSearch !== searchText) {
    setSeenSearch(searchText);
    const next = searchQuery();
    if (next) setLocal(next);
  }
  const sendSearch = useEffectEvent(() => {
    const next = searchQuery();
    if (next) data.setQuery?.(next);
  });
  useEffect(() => {
    if (server) sendSearch();
  }, [server, searchText]);

  const offset = query.offset ?? 0;
  return {
    server,
    query,
    offset,
    ready,
    update,
    search,
    setSearch,
    sortBy: (column) => update({ sort: column ?? undefined, dir: column ? (query.dir ?? 'asc') : undefined, offset: 0 }),
    flipDir: () => update({ dir: query.dir === 'desc' ? 'asc' : 'desc', offset: 0 }),
    turnPage: (step) => update({ offset: step < 0 ? Math.max(0, offset - pageSize) : offset + pageSize }),
  };
}
