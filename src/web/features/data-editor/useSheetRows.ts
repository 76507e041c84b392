// The rows of one sheet for the grid: a PageCache filled page by page as the grid shows rows.
// One cache per question (sheet + search + sort + filters); `version` changes whenever the cache
// does, so the grid draws again.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getRows, type RowsQuery } from './data-api';
import { PageCache } from './page-cache';

export interface SheetRows {
  cache: PageCache;
  /** Changes with every change of the cache (a dependency for what reads it). */
  version: number;
  error: string | null;
  /** The grid shows rows first..last: fetch their pages (soon: a fast scroll asks only where it stops). */
  show: (first: number, last: number) => void;
  /** Draw again after the cache was changed in place (a row replaced). */
  touch: () => void;
  /** After a write: fetch what is shown again (and keep it on screen meanwhile). */
  reload: () => void;
}

export function useSheetRows(spreadsheetId: string, sheet: string, query: RowsQuery): SheetRows {
  const key = JSON.stringify([spreadsheetId, sheet, query]);
  // A new question, a new cache: answers to the old one land in the old cache, unseen.
  const cache = useMemo(() => new PageCache(), [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key is the question
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [range, setRange] = useState<[number, number]>([0, 0]);

  const touch = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const [first, last] = range;
    const pages = cache.missing(first, Math.max(first, last));
    if (pages.length === 0) return;
    // A short wait, so a fast scroll through a million rows asks only for where it stops.
    const timer = window.setTimeout(() => {
      for (const page of cache.missing(first, Math.max(first, last))) {
        const generation = cache.start(page);
        getRows(spreadsheetId, sheet, query, page * cache.pageSize, cache.pageSize)
          .then((res) => {
            if (cache.put(page, generation, res.rows, res.total, res.columns)) {
              setError(null);
              setVersion((v) => v + 1);
            }
          })
          .catch((e: unknown) => {
            cache.fail(page, generation);
            setError(e instanceof Error ? e.message : 'The rows could not be loaded. Reload the page to try again.');
          });
      }
    }, 60);
    return () => window.clearTimeout(timer);
    // `version` is here so a reload (stale pages) asks again for what is shown.
  }, [cache, range, version, spreadsheetId, sheet, query]);

  const show = useCallback((first: number, last: number) => {
    setRange((r) => (r[0] === first && r[1] === last ? r : [first, last]));
  }, []);

  const reload = useCallback(() => {
    cache.invalidate();
    setVersion((v) => v + 1);
  }, [cache]);

  return { cache, version, error, show, touch, reload };
}
