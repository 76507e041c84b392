// One lookup at a geocoding service speaking the Nominatim search protocol:
//   GET {GEOCODER_URL}/search?q=<address>&format=json&limit=1  →  [{lat: "48.85", lon: "2.29", ...}]
// An empty list means "not found"; anything else that is not such a list is a failure.
import type { Config } from '../config';
import { safeFetch } from './net/safe-fetch';
import { coordinate } from '../../shared/rules/places';

export type LookupResult = { status: 'found'; lat: number; lng: number } | { status: 'not_found' };

export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;

/** Nominatim's usage policy asks for a User-Agent naming the application. */
export function userAgent(config: Config): string {
  return `Sheetboard/1.0 (+${config.publicScheme}://${config.baseHost})`;
}

export async function nominatimLookup(config: Config, address: string): Promise<LookupResult> {
  if (!config.geocoderUrl) throw new GeocoderError('Geocoding is turned off (GEOCODER_URL=off)');
  const url = new URL(`${config.geocoderUrl}/search`);
  url.searchParams.set('q', address);
  url.searchParams.set('format', 'json');
  url.searchParams.set('limit', '1');
  if (config.geocoderKey) url.searchParams.set('key', config.geocoderKey);
  // The operator chose this address (GEOCODER_URL): private addresses are allowed (a self-hosted
  // Nominatim next door), but the deadline and the size limit still hold.
  let res;
  try {
    res = await safeFetch(url.toString(), {
      headers: { 'User-Agent': userAgent(config), Accept: 'application/json' },
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      allowPrivate: true,
    });
  } catch (e) {
    throw new GeocoderError(`The geocoding service could not be reached: ${(e as Error).message}`);
  }
  if (res.status < 200 || res.status >= 300) throw new GeocoderError(`The geocoding service answered ${res.status}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new GeocoderError('The geocoding service answered something that is not JSON');
  }
  if (!Array.isArray(body)) throw new GeocoderError('The geocoding service answered something that is not a list of places');
  if (body.length === 0) return { status: 'not_found' };
  const first = body[0] as { lat?: unknown; lon?: unknown } | null;
  const lat = coordinate(first?.lat, 90);
  const lng = coordinate(first?.lon, 180);
  if (lat === null || lng === null) throw new GeocoderError('The geocoding service answered a place without coordinates');
  return { status: 'found', lat, lng };
}
