// The spec's data calls of multipage apps (§7), beside the board route GET /api/board/{id}/sheet/{title}:
// - GET /v3/api/page/sheet/{sheetTitle}: one sheet of the app's spreadsheet, the board route's
//   query and answer, its rule ('app-viewer' on a sheet), its service (sheetRowsOf) and its ETag
//   (sheet-etag.ts).
// - POST /v3/getSpreadsheetData {board, referer}: the app's sheets its blocks use (app-data.ts).
// Both name the app as every viewer call does (Host, then `app`, then `board`); `referer` is taken
// and, as on the board route, says nothing about who is asking.
import type { FastifyInstance } from 'fastify';
import { PageSheetParams, PageSheetQuery, SpreadsheetDataBody } from '../../../shared/api';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { resolvedApp, resolvedViewer } from '../access/enforce';
import { appSheetOfRequest, requestAppInBody } from '../access/resources';
import { appSpreadsheetData } from './app-data';
import { SHEET_READ_UNNAMED, sheetRowsOf } from './service';
import { readSheetConditionally } from './sheet-etag';

export function appDataRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get(
    '/v3/api/page/sheet/:sheetTitle',
    { config: { access: 'app-viewer', resource: appSheetOfRequest({ params: PageSheetParams, query: PageSheetQuery }, SHEET_READ_UNNAMED) } },
    async (request, reply) => {
      const { sheetTitle } = parse(PageSheetParams, request.params);
      const query = parse(PageSheetQuery, request.query);
      // Outside /api the server's default (no-store) does not apply: errors are not kept either.
      reply.header('cache-control', 'private, no-store');
      return readSheetConditionally(ctx, request, reply, sheetTitle, (sheet) => sheetRowsOf(ctx, sheet, { ...query, sheetTitle }), query.nocache);
    },
  );

  app.post('/v3/getSpreadsheetData', { config: { access: 'app-viewer', resource: requestAppInBody(SpreadsheetDataBody, 'App not found') } }, async (request, reply) => {
    parse(SpreadsheetDataBody, request.body ?? {});
    reply.header('cache-control', 'private, no-store');
    return appSpreadsheetData(ctx, resolvedApp(request), resolvedViewer(request), request.access.user);
  });
}
