// The viewer's own filters: the board's saved filters, changed by the address and by the filter
// bar, never saved. Pure functions (no React, no window), so the rules are tested in Node.
//
// The address (`?filters=Status:Open,City:Paris`, spec §9) only names the filters it changes:
//   Name:value   switches the board filter on with that value
//   Name         switches it on with the board's own value (today, tomorrow, ... need nothing else)
//   !Name        switches it off (our addition, so a shared view can turn off a filter the board
//                has on; a board filter actually named '!Name' wins)
// Unknown names are ignored and listed for a small notice. The last part naming a filter wins.
import { VALUELESS_CONDITIONS, type Filter, type FilterCondition } from '../../../shared/filters/conditions';
import { parseUrlFilters, rawUrlFiltersParam, serializeUrlFilters, urlFiltersToActive, URL_FILTERS_PARAM, type UrlFilter } from '../../../shared/filters/url-filters';

export interface ViewFilters {
  /** One per board filter, same order. */
  filters: Filter[];
  /** Names in the address that are not filters of this board. */
  unknown: string[];
}

const text = (v: Filter['value']): string => (v === null || v === undefined ? '' : String(v).trim());

/** Same value for the engine (trimmed text; 7 and '7' are the same). */
export function sameValue(a: Filter['value'], b: Filter['value']): boolean {
  return text(a) === text(b);
}

function indexOf(board: readonly Filter[], name: string): number {
  const [hit] = urlFiltersToActive(board, [{ name }]);
  return hit ? board.findIndex((f) => f.name === hit.name) : -1;
}

/** The view's filters from the board's filters and the query string (location.search). */
export function viewFiltersFromAddress(board: readonly Filter[], search: string): ViewFilters {
  const filters = board.map((f) => ({ ...f }));
  const unknown: string[] = [];
  for (const part of parseUrlFilters(rawUrlFiltersParam(search))) {
    let i = indexOf(board, part.name);
    let off = false;
    if (i < 0 && part.value === undefined && part.name.startsWith('!')) {
      i = indexOf(board, part.name.slice(1).trim());
      off = i >= 0;
    }
    const f = board[i];
    if (!f) {
      if (!unknown.includes(part.name)) unknown.push(part.name);
      continue;
    }
    filters[i] = off ? { ...f, active: false } : { ...f, active: true, value: part.value === undefined ? f.value : part.value };
  }
  return { filters, unknown };
}

/**
 * The address parts that turn the board's filters into the view's (empty when they are the same),
 * as the raw `filters` parameter value, or null when nothing differs.
 */
export function viewFiltersParam(board: readonly Filter[], view: readonly Filter[]): string | null {
  const parts: UrlFilter[] = [];
  board.forEach((f, i) => {
    const v = view[i];
    if (!v) return;
    const valueMatters = !VALUELESS_CONDITIONS.has(v.condition);
    const same = sameValue(v.value, f.value) || !valueMatters;
    if (v.active === f.active && (!v.active || same)) return;
    if (!v.active) parts.push({ name: `!${f.name}` });
    else parts.push(same ? { name: f.name } : { name: f.name, value: text(v.value) });
  });
  return parts.length ? serializeUrlFilters(parts) : null;
}

/**
 * The query string with the filters parameter set to `raw` (already encoded) or removed; every
 * other parameter is kept exactly as written. Returns '' or '?...'.
 */
export function withFiltersParam(search: string, raw: string | null): string {
  const q = search.startsWith('?') ? search.slice(1) : search;
  const kept = q.split('&').filter((kv) => {
    if (kv === '') return false;
    const eq = kv.indexOf('=');
    let key = eq < 0 ? kv : kv.slice(0, eq);
    try {
      key = decodeURIComponent(key);
    } catch {
      // kept as written
    }
    return key !== URL_FILTERS_PARAM;
  });
  if (raw !== null) kept.push(`${URL_FILTERS_PARAM}=${raw}`);
  return kept.length ? `?${kept.join('&')}` : '';
}

/** Sets one view filter's switch or value; a new value switches it on. */
export function changeViewFilter(view: readonly Filter[], index: number, change: { active?: boolean; value?: string }): Filter[] {
  return view.map((f, i) => {
    if (i !== index) return f;
    if (change.value !== undefined) return { ...f, value: change.value, active: change.active ?? true };
    return { ...f, active: change.active ?? f.active };
  });
}

/** Whether a condition takes a value at all (today, tomorrow, current_week, next_week do not). */
export function takesValue(condition: FilterCondition): boolean {
  return !VALUELESS_CONDITIONS.has(condition);
}
