// A public listing's state (search, filters, order, page) kept in the address, so a link
// reproduces the view and Back walks back through it. Typing replaces the history entry where the
// listing says so; a new page scrolls to the top.
import { useSearchParams } from 'react-router';

export interface ListingCodec<S extends { page: number }> {
  stateFromParams: (params: URLSearchParams) => S;
  paramsFromState: (state: S) => URLSearchParams;
  changeState: (state: S, patch: Partial<S>) => S;
  clearedFilters: (state: S) => S;
  replacesHistory: (before: S, after: S) => boolean;
}

export function useListingAddress<S extends { page: number }>(codec: ListingCodec<S>) {
  const [params, setParams] = useSearchParams();
  const state = codec.stateFromParams(params);
  const go = (next: S) => {
    setParams(codec.paramsFromState(next), { replace: codec.replacesHistory(state, next) });
    if (next.page !== state.page) window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return {
    state,
    change: (patch: Partial<S>) => go(codec.changeState(state, patch)),
    clear: () => go(codec.clearedFilters(state)),
  };
}
