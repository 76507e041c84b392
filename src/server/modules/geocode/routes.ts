import type { FastifyInstance } from 'fastify';
import { GeoQuery } from '../../../shared/api/geo';
import { SheetParams } from '../../../shared/api/params';
import { decidedInService } from '../access/resources';
import { SHEET_READ_RULE } from '../spreadsheets/service';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { closeGeocoder } from './geocoder';
import { geoPoints } from './service';

export function geocodeRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/geo', { config: { access: 'app-viewer', resource: decidedInService(SHEET_READ_RULE) } }, async (request) => {
    const params = parse(SheetParams, request.params);
    const query = parse(GeoQuery, request.query);
    return geoPoints(ctx, request.access.caller, { ...params, ...query, lat: query.lat || undefined, lng: query.lng || undefined, host: request.host });
  });
  app.addHook('onClose', async () => closeGeocoder(ctx));
}
