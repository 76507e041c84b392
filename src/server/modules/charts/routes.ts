import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { currentUser } from '../auth/service';
import { ChartParams, ChartQuery } from './schema';
import { chartData } from './service';

export function chartRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/chart', async (request) => {
    const params = parse(ChartParams, request.params);
    const query = parse(ChartQuery, request.query);
    const user = await currentUser(ctx, request);
    return chartData(ctx, user, { ...params, ...query, host: request.host });
  });
}
