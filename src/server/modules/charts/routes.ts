import type { FastifyInstance } from 'fastify';
import { callerOf } from '../access/viewer';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { SheetParams } from '../../../shared/api/params';
import { ChartQuery } from './schema';
import { chartData } from './service';

export function chartRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/chart', { config: { access: 'app-viewer' } }, async (request) => {
    const params = parse(SheetParams, request.params);
    const query = parse(ChartQuery, request.query);
    return chartData(ctx, await callerOf(ctx, request), { ...params, ...query, host: request.host });
  });
}
