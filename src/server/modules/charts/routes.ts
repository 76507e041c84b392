import type { FastifyInstance } from 'fastify';
import { decidedInService } from '../access/resources';
import { SHEET_READ_RULE } from '../spreadsheets/service';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { SheetParams } from '../../../shared/api/params';
import { ChartQuery } from './schema';
import { chartData } from './service';

export function chartRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/chart', { config: { access: 'app-viewer', resource: decidedInService(SHEET_READ_RULE) } }, async (request) => {
    const params = parse(SheetParams, request.params);
    const query = parse(ChartQuery, request.query);
    return chartData(ctx, request.access.caller, { ...params, ...query, host: request.host });
  });
}
