import type { FastifyInstance } from 'fastify';
import { callerOf } from '../access/viewer';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { ChartParams, ChartQuery } from './schema';
import { chartData } from './service';

export function chartRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/chart', { config: { access: 'app-viewer' } }, async (request) => {
    const params = parse(ChartParams, request.params);
    const query = parse(ChartQuery, request.query);
    return chartData(ctx, await callerOf(ctx, request), { ...params, ...query, host: request.host });
  });
}
