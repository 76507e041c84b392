import type { FastifyInstance } from 'fastify';
import { callerOf } from '../access/viewer';
import { z } from 'zod';
import { GeoQuery } from '../../../shared/api/geo';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { closeGeocoder } from './geocoder';
import { geoPoints } from './service';

const SheetParams = z.object({ spreadsheetId: z.string().min(1), sheetTitle: z.string().min(1) });

export function geocodeRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/geo', { config: { access: 'app-viewer' } }, async (request) => {
    const params = parse(SheetParams, request.params);
    const query = parse(GeoQuery, request.query);
    return geoPoints(ctx, await callerOf(ctx, request), { ...params, ...query, lat: query.lat || undefined, lng: query.lng || undefined, host: request.host });
  });
  app.addHook('onClose', async () => closeGeocoder(ctx));
}
