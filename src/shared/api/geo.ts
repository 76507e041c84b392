// `GET /api/board/{spreadsheetId}/sheet/{sheetTitle}/geo`: where the rows of a sheet are on a map
// (map block). Same `board`/`app` and `filters` parameters as the sheet data route.
import { z } from 'zod';
import { ViewerQuery } from './params';

export const GeoQuery = ViewerQuery.extend({
  app: z.string().optional(),
  /** Column holding each row's address. */
  address: z.string().min(1, 'Choose the address column').max(200),
  /** Latitude / longitude columns; empty: detected by name (lat, latitude / lng, lon, long, longitude). */
  lat: z.string().max(200).optional(),
  lng: z.string().max(200).optional(),
  filters: z.string().optional(),
});
export type GeoQuery = z.infer<typeof GeoQuery>;

export const GeoPoint = z.object({ _id: z.string(), lat: z.number(), lng: z.number() });
export type GeoPoint = z.infer<typeof GeoPoint>;

export const GeoResponse = z.object({
  /** One point per placed row (rows sharing an address share its point). */
  points: z.array(GeoPoint),
  /** Rows whose address is still being looked up (ask again shortly). */
  pending: z.number().int(),
  /** Rows whose address the geocoder does not know. */
  notFound: z.number().int(),
  /** Rows whose lookup failed (the geocoding service answered with an error); tried again later. */
  failed: z.number().int(),
  /** True when the sheet has more rows than a map shows (the first ones are placed). */
  limited: z.boolean(),
});
export type GeoResponse = z.infer<typeof GeoResponse>;
