import { z } from 'zod';
import { AddRowBody, RowResponse, RowWriteQuery, UpdateRowBody } from '../../../shared/api';
import { RowParams, SheetParams } from '../../../shared/api/params';
import { resolvedSheetAccess } from '../../access/enforce';
import { sheetOfRequest } from '../../access/resources';
import { SHEET_READ_UNNAMED } from '../spreadsheets/service';
import { readSheetConditionally } from '../spreadsheets/sheet-etag';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { IpLimiter } from '../../platform/limits/limiter';
import { perKey, type RateLimit } from '../../platform/limits/rate-limit';
import * as service from './service';

/** Who a read is for: `board` (app id, subdomain, page path or URL) or `app`; Host names it too. */
const RowReadQuery = z.object({ board: z.string().optional(), referer: z.string().optional(), app: z.string().optional() });
/** One row with the columns its reader may see. */
const RowReadResponse = RowResponse.extend({ columns: z.array(z.string()) });

/** The block a write comes through: `blockId` in the body wins over the query string. */
function writeRequest(params: { sheetTitle: string }, query: RowWriteQuery, body?: { blockId?: string }): service.WriteRequest {
  return { sheetTitle: params.sheetTitle, blockId: body?.blockId ?? query.blockId };
}

// The rule ('app-viewer' on the sheet) lets the owner and the named app's viewers at the
// spreadsheet; the service then holds writes to the block's audiences. A write's body `board`
// names the app before the query's.
const readRule = sheetOfRequest({ params: RowParams, query: RowReadQuery }, SHEET_READ_UNNAMED);
const addRule = sheetOfRequest({ params: SheetParams, query: RowWriteQuery, body: AddRowBody }, service.SHEET_WRITE_UNNAMED);
const updateRule = sheetOfRequest({ params: RowParams, query: RowWriteQuery, body: UpdateRowBody }, service.SHEET_WRITE_UNNAMED);
const deleteRule = sheetOfRequest({ params: RowParams, query: RowWriteQuery }, service.SHEET_WRITE_UNNAMED);

/** The 429 of a visitor's row write past the budget, given the wait ("3 minutes"). */
export const tooManyRowWrites = (wait: string) => `Too many changes sent from your network. Please wait ${wait} and try again.`;

export function rowRoutes(app: ApiServer, ctx: ServerContext) {
  // Every row a visitor writes takes room in the database and time to check (form patterns,
  // uploads it names), so one address may send ROW_WRITES_PER_IP writes through apps per window,
  // whatever their answer. The spreadsheet's owner and the workspace's editors (no app viewer, or
  // an owner viewer) are not counted. In memory, per process, like the other limits.
  const visitorWrites = perKey(new IpLimiter(ctx.counters, 'rows.visitorWrites', ctx.config.rowWritesPerIp, ctx.config.rowWritesWindowMinutes * 60_000), (request) =>
    request.access.viewer && !request.access.viewer.owner ? request.ip : '',
  );
  const writeLimit: RateLimit = { check: [visitorWrites], refusal: tooManyRowWrites, count: [{ when: 'attempt', budgets: [visitorWrites] }] };

  // One row (item-details pages, `?row={_id}`): authorized as the sheet data GET is.
  const tag = 'Sheets and rows' as const;
  app.get('/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', { schema: { params: RowParams, querystring: RowReadQuery }, config: { access: 'app-viewer', resource: readRule, tokens: 'read', api: { tag, summary: 'Read one row by its _id', response: RowReadResponse } } }, async (request, reply) => {
    const { rowId, sheetTitle } = request.params;
    return readSheetConditionally(ctx, request, reply, sheetTitle, (sheet) => service.readRow(ctx, sheet, rowId));
  });

  app.post('/api/board/:spreadsheetId/sheet/:sheetTitle/rows', { schema: { params: SheetParams, querystring: RowWriteQuery, body: AddRowBody }, config: { access: 'app-viewer', resource: addRule, rateLimit: writeLimit, tokens: 'read-write', api: { tag, summary: 'Add a row', response: RowResponse, status: 201 } } }, async (request, reply) => {
    const body = request.body;
    const target = await service.authorizeWrite(ctx, resolvedSheetAccess(request), writeRequest(request.params, request.query, body), 'add');
    const row = await service.appendRow(ctx, target, body.values);
    return reply.status(201).send({ row });
  });

  app.put('/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', { schema: { params: RowParams, querystring: RowWriteQuery, body: UpdateRowBody }, config: { access: 'app-viewer', resource: updateRule, rateLimit: writeLimit, tokens: 'read-write', api: { tag, summary: 'Change a row (send the _version you read; 409 if it changed since)', response: RowResponse } } }, async (request) => {
    const { rowId, ...params } = request.params;
    const body = request.body;
    const target = await service.authorizeWrite(ctx, resolvedSheetAccess(request), writeRequest(params, request.query, body), 'update');
    return { row: await service.updateRow(ctx, target, rowId, body.values, body._version) };
  });

  app.delete('/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', { schema: { params: RowParams, querystring: RowWriteQuery }, config: { access: 'app-viewer', resource: deleteRule, rateLimit: writeLimit, tokens: 'read-write', api: { tag, summary: 'Delete a row', status: 204 } } }, async (request, reply) => {
    const { rowId, ...params } = request.params;
    const target = await service.authorizeWrite(ctx, resolvedSheetAccess(request), writeRequest(params, request.query), 'delete');
    await service.deleteRow(ctx, target, rowId);
    return reply.status(204).send();
  });
}
