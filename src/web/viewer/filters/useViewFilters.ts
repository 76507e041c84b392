// The viewer's filters as React state: from the board and the address at first, then changed by
// the filter bar; every change is written back into the address (replaceState) so the view can
// be shared. When the owner saves other filters, the view starts again from them.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Filter } from '../../../shared/filters/conditions';
import type { BoardState } from '../board-state';
import { changeViewFilter, viewFiltersFromAddress, viewFiltersParam, withFiltersParam, type ViewFilters } from './view-filters';

export interface ViewFiltersApi extends ViewFilters {
  change: (index: number, change: { active?: boolean; value?: string }) => void;
}

function writeAddress(board: readonly Filter[], view: readonly Filter[]) {
  const { pathname, search, hash } = window.location;
  const next = withFiltersParam(search, viewFiltersParam(board, view));
  // history.state is the router's: keep it, only the query changes.
  if (next !== search) window.history.replaceState(window.history.state, '', `${pathname}${next}${hash}`);
}

export function useViewFilters(board: BoardState): ViewFiltersApi {
  const saved = board.filters;
  const [view, setView] = useState<ViewFilters>(() => viewFiltersFromAddress(saved, window.location.search));
  const savedKey = JSON.stringify(saved);
  const lastKey = useRef(savedKey);
  useEffect(() => {
    if (lastKey.current === savedKey) return;
    lastKey.current = savedKey;
    setView(viewFiltersFromAddress(saved, window.location.search));
  }, [savedKey, saved]);

  const change = useCallback(
    (index: number, c: { active?: boolean; value?: string }) => {
      const filters = changeViewFilter(view.filters, index, c);
      writeAddress(saved, filters);
      setView({ ...view, filters });
    },
    [view, saved],
  );
  return { ...view, change };
}
