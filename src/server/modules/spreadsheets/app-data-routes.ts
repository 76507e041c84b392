// The spec's data calls of multipage apps (§7), beside the board route GET /api/board/{id}/sheet/{title}:
// - GET /v3/api/page/sheet/{sheetTitle}: one sheet of the app's spreadsheet, the board route's
//   query and answer, its rule ('app-viewer' on a sheet), its service (sheetRowsOf) and its ETag
//   (sheet-etag.ts).
// - POST /v3/getSpreadsheetData {board, referer}: the app's sheets its blocks use (app-data.ts).
// Both name the app as every viewer call does (Host, then `app`, then `board`); `referer` is taken
// and, as on the board route, says nothing about who is asking.
import { PageSheetParams, PageSheetQuery, SheetDataResponse, SpreadsheetDataBody, SpreadsheetDataResponse } from '../../../shared/api';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { resolvedApp, resolvedViewer } from '../../access/enforce';
import { appSheetOfRequest, requestAppInBody } from '../../access/resources';
import { appSpreadsheetData } from './app-data';
import { SHEET_READ_UNNAMED, sheetRowsOf } from './service';
import { readSheetConditionally } from './sheet-etag';

export function appDataRoutes(app: ApiServer, ctx: ServerContext) {
  app.get(
    '/v3/api/page/sheet/:sheetTitle',
    { schema: { params: PageSheetParams, querystring: PageSheetQuery }, config: { access: 'app-viewer', resource: appSheetOfRequest({ params: PageSheetParams, query: PageSheetQuery }, SHEET_READ_UNNAMED), api: { tag: 'Sheets and rows', summary: "Read a sheet of a multipage app's spreadsheet", response: SheetDataResponse } } },
    async (request, reply) => {
      const { sheetTitle } = request.params;
      const query = request.query;
      // Outside /api the server's default (no-store) does not apply: errors are not kept either.
      reply.header('cache-control', 'private, no-store');
      return readSheetConditionally(ctx, request, reply, sheetTitle, (sheet) => sheetRowsOf(ctx, sheet, { ...query, sheetTitle }), query.nocache);
    },
  );

  // The body only names the app (the access rule reads it); none at all is no fields.
  app.post('/v3/getSpreadsheetData', { schema: { body: SpreadsheetDataBody }, config: { access: 'app-viewer', resource: requestAppInBody(SpreadsheetDataBody, 'App not found'), api: { tag: 'Sheets and rows', summary: "The sheets a multipage app's blocks use, with their first rows", response: SpreadsheetDataResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return appSpreadsheetData(ctx, resolvedApp(request), resolvedViewer(request), request.access.user);
  });
}
