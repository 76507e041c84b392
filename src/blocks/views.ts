// The catalogue's views, one lazy import per kind, so the published viewer downloads only the
// code of the blocks a page uses. Adding a block = one line here and one in schemas.ts.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BlockKind } from './schemas';
import type { BlockViewProps } from './types';

export const blockViews: Record<BlockKind, LazyExoticComponent<ComponentType<BlockViewProps>>> = {
  chart: lazy(() => import('./chart/ChartBlock')),
  table: lazy(() => import('./table/TableBlock')),
  scorecard: lazy(() => import('./scorecard/ScorecardBlock')),
};

/** The kinds that have a view (the catalogue test compares it with blockSchemas). */
export const viewKinds = Object.keys(blockViews) as BlockKind[];
