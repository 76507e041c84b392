// The filter bar as a lazy chunk: only boards that show filters need its inputs (popover, switch,
// number input), so a guest of a page without filters does not download them (issue 4).
import { lazy, Suspense } from 'react';
import type { ViewFiltersApi } from './useViewFilters';

const FilterBarView = lazy(() => import('./FilterBar').then((m) => ({ default: m.FilterBar })));

export function FilterBar({ view }: { view: ViewFiltersApi }) {
  return (
    <Suspense fallback={null}>
      <FilterBarView view={view} />
    </Suspense>
  );
}
