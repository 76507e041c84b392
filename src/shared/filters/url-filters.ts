// Filters in the address (spec §9): `?filters=Status:Open,City:Paris`.
//
// Pairs are split on raw commas first and each side is URL-decoded after, so a comma inside a
// value travels as %2C. The first ':' ends the name, so values may hold ':' ('Time:10:30') and a
// name may hold one only as %3A. Empty parts are skipped. A part without ':' names a board filter
// to switch on with the value the board defined for it.
import type { Filter } from './conditions';

/** The query parameter that carries address filters. */
export const URL_FILTERS_PARAM = 'filters';

export interface UrlFilter {
  name: string;
  /** Undefined when the part had no ':' (use the board's own value). */
  value?: string;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/**
 * Parses the *raw* (still URL-encoded) parameter value. Pass `location.search`-style text
 * through `rawUrlFiltersParam` first: URLSearchParams.get would decode %2C into a separator.
 */
export function parseUrlFilters(raw: string | null | undefined): UrlFilter[] {
  if (!raw) return [];
  const out: UrlFilter[] = [];
  for (const part of raw.split(',')) {
    if (part.trim() === '') continue;
    const at = part.indexOf(':');
    const name = decode(at < 0 ? part : part.slice(0, at)).trim();
    if (name === '') continue;
    out.push(at < 0 ? { name } : { name, value: decode(part.slice(at + 1)).trim() });
  }
  return out;
}

/** The raw, undecoded value of the filters parameter in a query string ('?a=1&filters=..'). */
export function rawUrlFiltersParam(search: string, param: string = URL_FILTERS_PARAM): string | null {
  const q = search.startsWith('?') ? search.slice(1) : search;
  for (const kv of q.split('&')) {
    const eq = kv.indexOf('=');
    const key = eq < 0 ? kv : kv.slice(0, eq);
    if (decode(key) === param) return eq < 0 ? '' : kv.slice(eq + 1);
  }
  return null;
}

// Encoded like encodeURIComponent, but ':' stays readable in values (only the first ':' splits).
function encodeValue(s: string): string {
  return encodeURIComponent(s).replace(/%3A/gi, ':');
}

/** The raw parameter value for these pairs; parseUrlFilters(serializeUrlFilters(x)) gives x back. */
export function serializeUrlFilters(filters: readonly UrlFilter[]): string {
  return filters
    .filter((f) => f.name.trim() !== '')
    .map((f) => (f.value === undefined ? encodeURIComponent(f.name.trim()) : `${encodeURIComponent(f.name.trim())}:${encodeValue(f.value)}`))
    .join(',');
}

function findByName(boardFilters: readonly Filter[], name: string): Filter | undefined {
  const exact = boardFilters.find((f) => f.name === name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  return boardFilters.find((f) => f.name.trim().toLowerCase() === lower);
}

/**
 * The board filters named in the address, switched on with the address's values (a name alone
 * keeps the board's value). Unknown names are ignored; a name given twice keeps the last value.
 * Names match exactly first, then trimmed and case-insensitively.
 */
export function urlFiltersToActive(boardFilters: readonly Filter[], urlFilters: readonly UrlFilter[]): Filter[] {
  return [...chosenByFilter(boardFilters, urlFilters).values()];
}

function chosenByFilter(boardFilters: readonly Filter[], urlFilters: readonly UrlFilter[]): Map<Filter, Filter> {
  const byFilter = new Map<Filter, Filter>();
  for (const u of urlFilters) {
    const f = findByName(boardFilters, u.name);
    if (!f) continue;
    byFilter.delete(f);
    byFilter.set(f, { ...f, active: true, value: u.value === undefined ? f.value : u.value });
  }
  return byFilter;
}

/** The board's filters with those named in the address switched on and given the address's values. */
export function mergeUrlFilters(boardFilters: readonly Filter[], urlFilters: readonly UrlFilter[]): Filter[] {
  const chosen = chosenByFilter(boardFilters, urlFilters);
  return boardFilters.map((f) => chosen.get(f) ?? f);
}
