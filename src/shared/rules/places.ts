// Pure rules of the map's places: which columns hold coordinates, what counts as a coordinate,
// and the cache key of an address.

/** Longest address looked up (and stored as a cache key); longer text is not an address. */
export const MAX_ADDRESS_LENGTH = 500;

const LAT_NAMES = ['lat', 'latitude'];
const LNG_NAMES = ['lng', 'lon', 'long', 'longitude'];

function byName(columns: string[], names: string[]): string | undefined {
  return columns.find((c) => names.includes(c.trim().toLowerCase()));
}

/**
 * The latitude and longitude columns: the ones named by the block's settings, else columns named
 * lat/latitude and lng/lon/long/longitude (any case). Both or nothing.
 */
export function coordinateColumns(columns: string[], lat?: string, lng?: string): { lat: string; lng: string } | null {
  const la = lat || byName(columns, LAT_NAMES);
  const ln = lng || byName(columns, LNG_NAMES);
  return la && ln && columns.includes(la) && columns.includes(ln) ? { lat: la, lng: ln } : null;
}

/** A cell as a coordinate: a finite number (or numeric text, dot or comma decimal) within ±limit. */
export function coordinate(value: unknown, limit: 90 | 180): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const t = value.trim().replace(/^\+/, '');
    if (!/^-?\d{1,3}(?:[.,]\d+)?$/.test(t)) return null;
    n = Number(t.replace(',', '.'));
  } else return null;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/**
 * "48.8584, 2.2945" (latitude, longitude; separated by a comma, a semicolon or spaces) in an
 * address cell. Both numbers need decimals, so "12 5" stays an address.
 */
export function coordinatePair(text: string): { lat: number; lng: number } | null {
  const m = /^\s*(-?\d{1,2}\.\d+)\s*[,; ]\s*(-?\d{1,3}\.\d+)\s*$/.exec(text);
  if (!m) return null;
  const lat = coordinate(m[1], 90);
  const lng = coordinate(m[2], 180);
  return lat !== null && lng !== null ? { lat, lng } : null;
}

/**
 * The cache key of an address: Unicode NFC, whitespace runs as one space, trimmed, lower case.
 * Null for an empty address or one longer than MAX_ADDRESS_LENGTH.
 */
export function addressKey(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const key = String(value).normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  return key && key.length <= MAX_ADDRESS_LENGTH ? key : null;
}
