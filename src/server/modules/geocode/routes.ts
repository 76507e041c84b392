import { GeoQuery, GeoResponse } from '../../../shared/api/geo';
import { SheetParams } from '../../../shared/api/params';
import { resolvedSheetAccess } from '../../access/enforce';
import { sheetOfRequest } from '../../access/resources';
import { SHEET_READ_UNNAMED } from '../spreadsheets/service';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { closeGeocoder } from './geocoder';
import { geoPoints } from './service';

export function geocodeRoutes(app: ApiServer, ctx: ServerContext) {
  app.get(
    '/api/board/:spreadsheetId/sheet/:sheetTitle/geo',
    { schema: { params: SheetParams, querystring: GeoQuery }, config: { access: 'app-viewer', resource: sheetOfRequest({ params: SheetParams, query: GeoQuery }, SHEET_READ_UNNAMED), api: { tag: 'Sheets and rows', summary: "Where a sheet's rows are on a map", response: GeoResponse } } },
    async (request) => {
      const query = request.query;
      return geoPoints(ctx, resolvedSheetAccess(request), { ...query, sheetTitle: request.params.sheetTitle, lat: query.lat || undefined, lng: query.lng || undefined });
    },
  );
  app.addHook('onClose', async () => closeGeocoder(ctx));
}
