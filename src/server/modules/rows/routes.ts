import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AddRowBody, RowWriteQuery, UpdateRowBody } from '../../../shared/api';
import { RowParams, SheetParams } from '../../../shared/api/params';
import { decidedInService } from '../access/resources';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import * as service from './service';

/** Where the write comes from: `board`/`blockId` in the body win over the query string. */
function writeRequest(request: FastifyRequest, params: z.infer<typeof SheetParams>, body?: { board?: string; blockId?: string }): service.WriteRequest {
  const query = parse(RowWriteQuery, request.query);
  return {
    ...params,
    board: body?.board ?? query.board,
    app: query.app,
    blockId: body?.blockId ?? query.blockId,
    host: request.host,
  };
}

/** Who a read is for: `board` (app id, subdomain, page path or URL) or `app`; Host names it too. */
const RowReadQuery = z.object({ board: z.string().optional(), referer: z.string().optional(), app: z.string().optional() });

// Reads and writes of a sheet interleave the spreadsheet, the sheet, the named app and the
// block's audience in their 401/403/404 order (rows/service.ts authorizeWrite, readableSheet).
const rowsRule = decidedInService('sheet reads and writes: the owner, or a viewer of the app named that uses the spreadsheet, by block audience');

export function rowRoutes(app: FastifyInstance, ctx: ServerContext) {
  // One row (item-details pages, `?row={_id}`): authorized as the sheet data GET is.
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', { config: { access: 'app-viewer', resource: rowsRule } }, async (request) => {
    const { rowId, ...params } = parse(RowParams, request.params);
    const query = parse(RowReadQuery, request.query);
    const caller = request.access.caller;
    return service.readRow(ctx, caller, { ...params, board: query.board, app: query.app, host: request.host }, rowId);
  });

  app.post('/api/board/:spreadsheetId/sheet/:sheetTitle/rows', { config: { access: 'app-viewer', resource: rowsRule } }, async (request, reply) => {
    const params = parse(SheetParams, request.params);
    const body = parse(AddRowBody, request.body);
    const caller = request.access.caller;
    const target = await service.authorizeWrite(ctx, caller, writeRequest(request, params, body), 'add');
    const row = await service.appendRow(ctx, target, body.values);
    return reply.status(201).send({ row });
  });

  app.put('/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', { config: { access: 'app-viewer', resource: rowsRule } }, async (request) => {
    const { rowId, ...params } = parse(RowParams, request.params);
    const body = parse(UpdateRowBody, request.body);
    const caller = request.access.caller;
    const target = await service.authorizeWrite(ctx, caller, writeRequest(request, params, body), 'update');
    return { row: await service.updateRow(ctx, target, rowId, body.values, body._version) };
  });

  app.delete('/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', { config: { access: 'app-viewer', resource: rowsRule } }, async (request, reply) => {
    const { rowId, ...params } = parse(RowParams, request.params);
    const caller = request.access.caller;
    const target = await service.authorizeWrite(ctx, caller, writeRequest(request, params), 'delete');
    await service.deleteRow(ctx, target, rowId);
    return reply.status(204).send();
  });
}
