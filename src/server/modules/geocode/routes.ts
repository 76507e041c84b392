import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GeoQuery } from '../../../shared/api/geo';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { currentUser } from '../auth/service';
import { closeGeocoder } from './geocoder';
import { geoPoints } from './service';

const SheetParams = z.object({ spreadsheetId: z.string().min(1), sheetTitle: z.string().min(1) });

export function geocodeRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/geo', async (request) => {
    const params = parse(SheetParams, request.params);
    const query = parse(GeoQuery, request.query);
    const user = await currentUser(ctx, request);
    return geoPoints(ctx, user, { ...params, ...query, lat: query.lat || undefined, lng: query.lng || undefined, host: request.host });
  });
  app.addHook('onClose', async () => closeGeocoder(ctx));
}
