// Pure rules of the map view: the block's columns, the rows placed on the map (points from the
// server joined with the rows by `_id`), safe image addresses, and the notes under the map.
import type { GeoPoint } from '../../shared/api/geo';
import { readSettings } from '../../shared/settings/read';
import type { BlockRecord } from '../../shared/settings/types';
import { textOf } from '../media-src';
import type { MapTiles } from '../types';
import { MAP_HEIGHT, mapAxisSettings } from './schema';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Above this many markers the map draws circles on one canvas instead of a DOM element each. */
export const MAX_DOM_MARKERS = 300;

export interface MapColumns {
  title: string;
  description: string;
  address: string;
  image: string;
}

export interface Place {
  id: string;
  lat: number;
  lng: number;
  title: string;
  description: string;
  image: string | null;
}

export function mapColumns(config: BlockRecord): MapColumns {
  const a = readSettings(mapAxisSettings, config.axis[0] ?? {});
  return { title: a.title, description: a.description, address: a.address, image: a.image };
}

/** The spec requires all four columns; the map can only be drawn with an address column. */
export function missingColumns(cols: MapColumns): (keyof MapColumns)[] {
  return (['title', 'description', 'address', 'image'] as const).filter((k) => !cols[k]);
}

/** An image cell shown in a pop-up: http(s) addresses and uploaded files (/uploads/…) only. */
export function safeImage(v: unknown): string | null {
  const s = textOf(v);
  if (/^https?:\/\/[^\s"'<>]+$/i.test(s)) return s;
  if (/^\/uploads\/[^\s"'<>]+$/.test(s) && !s.includes('..')) return s;
  return null;
}

/** The rows the server placed, in the order of the points; points of rows not shown are skipped. */
export function placesOf(rows: Record<string, unknown>[], points: GeoPoint[], cols: MapColumns): Place[] {
  const byId = new Map<string, Record<string, unknown>>();
  for (const r of rows) if (r._id !== undefined) byId.set(String(r._id), r);
  const out: Place[] = [];
  for (const p of points) {
    const row = byId.get(p._id);
    if (!row) continue;
    out.push({
      id: p._id,
      lat: p.lat,
      lng: p.lng,
      title: textOf(row[cols.title]) || textOf(row[cols.address]) || 'Untitled',
      description: textOf(row[cols.description]),
      image: safeImage(row[cols.image]),
    });
  }
  return out;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The notes under the map. */
export function mapNotes(g: { pending: number; notFound: number; failed: number; limited: boolean }): string[] {
  const out: string[] = [];
  if (g.pending > 0) out.push(`Finding ${plural(g.pending, 'more address', 'more addresses')}…`);
  if (g.notFound > 0) out.push(`${plural(g.notFound, 'address', 'addresses')} could not be found`);
  if (g.failed > 0) out.push(`${plural(g.failed, 'address', 'addresses')} could not be looked up right now; they will be tried again later`);
  if (g.limited) out.push('The map shows the first 10,000 rows');
  return out;
}

export function mapHeight(config: BlockRecord): number {
  const h = Number(config.map_height);
  if (!Number.isFinite(h) || h <= 0) return MAP_HEIGHT.default;
  return Math.min(MAP_HEIGHT.max, Math.max(MAP_HEIGHT.min, Math.round(h)));
}

export function maxZoom(config: BlockRecord): number {
  const z = Number(config.max_zoom);
  return Number.isFinite(z) && z >= 1 ? Math.min(18, Math.round(z)) : 15;
}

/** Tile settings with the defaults filled in (an empty MAP_TILE_URL means OpenStreetMap). */
export function tileSettings(t: MapTiles): MapTiles {
  const url = t.url.trim();
  return url ? { url, attribution: t.attribution, accessToken: t.accessToken } : { url: DEFAULT_TILE_URL, attribution: t.attribution || DEFAULT_ATTRIBUTION, accessToken: t.accessToken };
}

/** South-west and north-east corners of the places, or null without places. */
export function boundsOf(places: Place[]): [[number, number], [number, number]] | null {
  if (places.length === 0) return null;
  let s = 90;
  let w = 180;
  let n = -90;
  let e = -180;
  for (const p of places) {
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
  }
  return [
    [s, w],
    [n, e],
  ];
}
