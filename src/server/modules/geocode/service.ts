// Where the rows of a sheet are on a map. Rows with latitude/longitude (columns, or a
// "lat, lng" address) are placed as they are; the other addresses come from the database cache,
// or are queued for the geocoding service and reported as pending until they are in the cache.
import type { SheetAccess } from '../../access/viewer';
import { MISSING_COLUMN_WORDS } from '../../../shared/settings/integrity';
import type { GeoPoint, GeoResponse } from '../../../shared/api/geo';
import type { ServerContext } from '../../platform/context';
import { badRequest } from '../../errors';
import { sheetData } from '../spreadsheets/service';
import { geocoderOf } from './geocoder';
import { addressKey, coordinate, coordinateColumns, coordinatePair } from '../../../shared/rules/places';
import { geocodeRepo, type CacheEntry } from '../../data/geocode/repo';

/** Rows a map places at most (the first ones, after filters); more is not a map anyone can read. */
export const MAX_MAP_ROWS = 10_000;

/** A "not found" answer is trusted this long before the address is asked again. */
export const NOT_FOUND_RETRY_MS = 30 * 24 * 3600_000;

export interface GeoInput {
  sheetTitle: string;
  address: string;
  lat?: string;
  lng?: string;
  filters?: string;
}

function fresh(entry: CacheEntry | undefined, ctx: ServerContext, now: number): boolean {
  if (!entry) return false;
  if (entry.status === 'found') return entry.lat !== null && entry.lng !== null;
  const age = now - Date.parse(entry.updated_at);
  return age < (entry.status === 'not_found' ? NOT_FOUND_RETRY_MS : ctx.config.geocoderRetryMs);
}

async function waitFor(promises: Promise<void>[], ms: number): Promise<void> {
  if (promises.length === 0 || ms <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(promises), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export async function geoPoints(ctx: ServerContext, access: SheetAccess, input: GeoInput): Promise<GeoResponse> {
  const { address, lat, lng, ...ref } = input;
  // The sheet data route's own access rule and filters: a map shows exactly the rows its sheet
  // route would show this caller.
  const data = await sheetData(ctx, access, { ...ref, limit: MAX_MAP_ROWS });
  const columns = data.columns;
  for (const [param, column] of [['address', address], ['lat', lat], ['lng', lng]] as const)
    if (column && !columns.includes(column)) throw badRequest(MISSING_COLUMN_WORDS.map(column), [{ path: param, message: MISSING_COLUMN_WORDS.map(column) }]);
  const coords = coordinateColumns(columns, lat, lng);

  const points: GeoPoint[] = [];
  const byKey = new Map<string, string[]>();
  for (const row of data.rows) {
    const id = String(row._id);
    if (coords) {
      const la = coordinate(row[coords.lat], 90);
      const ln = coordinate(row[coords.lng], 180);
      if (la !== null && ln !== null) {
        points.push({ _id: id, lat: la, lng: ln });
        continue;
      }
    }
    const text = row[address];
    const pair = typeof text === 'string' ? coordinatePair(text) : null;
    if (pair) {
      points.push({ _id: id, ...pair });
      continue;
    }
    const key = addressKey(text);
    if (!key) continue;
    const ids = byKey.get(key);
    if (ids) ids.push(id);
    else byKey.set(key, [id]);
  }

  const repo = geocodeRepo(ctx.db);
  const geocoder = geocoderOf(ctx);
  const keys = [...byKey.keys()];
  const cached = await repo.find(keys);
  const now = Date.now();
  const missing = keys.filter((k) => !geocoder.has(k) && !fresh(cached.get(k), ctx, now));
  // A bounded share of new lookups per request; the rest are pending and queued by a later one.
  const queued = geocoder.request(missing.slice(0, ctx.config.geocoderMaxPerRequest));
  await waitFor(queued, ctx.config.geocoderWaitMs);
  const settled = missing.length > 0 ? await repo.find(missing) : new Map<string, CacheEntry>();

  let pending = 0;
  let notFound = 0;
  let failed = 0;
  const later = Date.now();
  for (const [key, ids] of byKey) {
    const entry = settled.get(key) ?? cached.get(key);
    if (geocoder.has(key) || !fresh(entry, ctx, later)) pending += ids.length;
    else if (entry!.status === 'found') for (const id of ids) points.push({ _id: id, lat: entry!.lat!, lng: entry!.lng! });
    else if (entry!.status === 'not_found') notFound += ids.length;
    else failed += ids.length;
  }
  return { points, pending, notFound, failed, limited: data.total > data.rows.length };
}
