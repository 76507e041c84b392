// The map block's data, loaded by the renderer so the view never fetches: the points of the
// block's sheet (GET /api/board/{spreadsheetId}/sheet/{sheetTitle}/geo, asked again while
// addresses are pending) and the tile settings (GET /api/getENV/MAP_TILE_URL, MAP_ATTRIBUTION,
// MAPS_ACCESS_TOKEN), for kinds whose schema declares `needs.geocodes` (which axis settings name
// the address and coordinate columns). Other blocks get nothing.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { GeoResponse } from '../../shared/api/geo';
import type { BlockRecord, BlockSchema } from '../../shared/settings/types';
import type { BlockGeo } from '../../blocks/types';
import { api } from '../lib/api';

export const MAP_ENV = ['MAP_TILE_URL', 'MAP_ATTRIBUTION', 'MAPS_ACCESS_TOKEN'] as const;

/** While addresses are pending: every 2 s at first, then less often (the queue may be long). */
export function pollInterval(pending: number, polls: number): number | false {
  if (pending <= 0) return false;
  return polls < 30 ? 2000 : 15000;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export function useBlockGeo(
  schema: BlockSchema | null,
  block: BlockRecord,
  src: { appId: string; spreadsheetId: string | null },
  filters: string | undefined,
): BlockGeo | undefined {
  const geo = schema?.needs?.geocodes;
  const isMap = !!geo;
  const axis = block.axis[0] ?? {};
  const address = geo ? text(axis[geo.address]) : '';
  const lat = geo ? text(axis[geo.latitude]) : '';
  const lng = geo ? text(axis[geo.longitude]) : '';
  const sheet = block.sheet_title;
  const enabled = isMap && !!src.spreadsheetId && !!sheet && !!address;

  const points = useQuery({
    // Under the sheet's key, so row writes (which refresh ['sheet', id, title]) refresh the map.
    queryKey: ['sheet', src.spreadsheetId, sheet, 'geo', address, lat, lng, filters],
    queryFn: ({ signal }) =>
      api.get<GeoResponse>(`/api/board/${encodeURIComponent(src.spreadsheetId ?? '')}/sheet/${encodeURIComponent(sheet)}/geo`, {
        board: src.appId,
        query: { address, lat, lng, filters },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollInterval(q.state.data?.pending ?? 0, q.state.dataUpdateCount),
  });

  const env = useQueries({
    queries: MAP_ENV.map((name) => ({
      queryKey: ['env', name],
      // A raw text answer; '' when the setting is unavailable (the map then uses its defaults).
      queryFn: async () => String((await api.get<unknown>(`/api/getENV/${name}`).catch(() => '')) ?? ''),
      enabled: isMap,
      staleTime: Infinity,
    })),
  });

  if (!isMap) return undefined;
  const [url, attribution, accessToken] = env.map((q) => q.data);
  const data = points.data;
  return {
    points: data?.points ?? [],
    pending: data?.pending ?? 0,
    notFound: data?.notFound ?? 0,
    failed: data?.failed ?? 0,
    limited: data?.limited ?? false,
    loading: points.isFetching && !data,
    error: points.error ? (points.error instanceof Error && points.error.message) || 'Data Error' : null,
    tiles: url === undefined || attribution === undefined || accessToken === undefined ? null : { url, attribution, accessToken },
  };
}
