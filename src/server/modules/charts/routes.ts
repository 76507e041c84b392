import { sheetOfRequest } from '../../access/resources';
import { SHEET_READ_UNNAMED } from '../spreadsheets/service';
import { readSheetConditionally } from '../spreadsheets/sheet-etag';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { SheetParams } from '../../../shared/api/params';
import { ChartQuery } from './schema';
import { chartData } from './service';

export function chartRoutes(app: ApiServer, ctx: ServerContext) {
  app.get(
    '/api/board/:spreadsheetId/sheet/:sheetTitle/chart',
    { schema: { params: SheetParams, querystring: ChartQuery }, config: { access: 'app-viewer', resource: sheetOfRequest({ params: SheetParams, query: ChartQuery }, SHEET_READ_UNNAMED), api: { tag: 'Sheets and rows', summary: "A chart block's series: a sheet's rows grouped on the server" } } },
    async (request, reply) => {
      const { sheetTitle } = request.params;
      return readSheetConditionally(ctx, request, reply, sheetTitle, (sheet) => chartData(ctx, sheet, { ...request.query, sheetTitle }));
    },
  );
}
