import type { FastifyInstance } from 'fastify';
import { sheetOfRequest } from '../access/resources';
import { SHEET_READ_UNNAMED } from '../spreadsheets/service';
import { readSheetConditionally } from '../spreadsheets/sheet-etag';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { SheetParams } from '../../../shared/api/params';
import { ChartQuery } from './schema';
import { chartData } from './service';

export function chartRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get(
    '/api/board/:spreadsheetId/sheet/:sheetTitle/chart',
    { config: { access: 'app-viewer', resource: sheetOfRequest({ params: SheetParams, query: ChartQuery }, SHEET_READ_UNNAMED) } },
    async (request, reply) => {
      const params = parse(SheetParams, request.params);
      const query = parse(ChartQuery, request.query);
      return readSheetConditionally(ctx, request, reply, params.sheetTitle, (sheet) => chartData(ctx, sheet, { ...query, sheetTitle: params.sheetTitle }));
    },
  );
}
