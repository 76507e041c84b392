import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JsonSpreadsheetBody, SheetDataQuery } from '../../../shared/api';
import { SheetParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { badRequest, errorHandler, HttpError } from '../../errors';
import { parse } from '../../http';
import { resolvedSheetAccess, resolvedSpreadsheet, signedInUser } from '../access/enforce';
import { sheetOfRequest, spreadsheetParam } from '../access/resources';
import { MESSAGES, titleFromName } from './import-file';
import * as service from './service';

const SheetQuery = SheetDataQuery.extend({ app: z.string().optional() });

export function spreadsheetRoutes(app: FastifyInstance, ctx: ServerContext) {
  const maxBytes = ctx.config.maxImportMb * 1024 * 1024;

  app.post(
    '/api/spreadsheets',
    {
      config: { access: 'signed-in' },
      // A JSON spreadsheet may be as large as an upload (the other routes keep 1 MB); the slack
      // is for multipart framing.
      bodyLimit: Math.ceil(maxBytes) + 1024 * 1024,
      // Over the limit is a bad file like any other: 400 with the limit named, not Fastify's 413.
      errorHandler: (error, request, reply) =>
        errorHandler((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb)) : error, request, reply),
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // One import at a time per account, refused before its upload is read.
      const release = service.claimImport(user);
      let spreadsheet;
      try {
        if (request.isMultipart()) {
          if (Number(request.headers['content-length'] ?? 0) > maxBytes + 1024 * 1024)
            throw badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb));
          // A cut-off or malformed form (no boundary, missing end) is the client's problem: 400,
          // not a 500 from deep inside the multipart parser.
          const uploadError = (e: unknown) => {
            const code = (e as { code?: string }).code;
            if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb));
            const status = (e as { statusCode?: number }).statusCode;
            if (e instanceof HttpError || (status && status < 500)) return e;
            request.log.info({ err: e }, 'unreadable multipart upload');
            return badRequest(MESSAGES.badUpload);
          };
          const file = await request.file().catch((e: unknown) => {
            throw uploadError(e);
          });
          if (!file || file.fieldname !== 'file') throw badRequest("Choose a file to import (form field 'file')", [{ path: 'file', message: 'A file is required' }]);
          let buf: Buffer;
          try {
            buf = await file.toBuffer();
          } catch (e) {
            throw uploadError(e);
          }
          const titleField = file.fields.title;
          const given = titleField && !Array.isArray(titleField) && 'value' in titleField ? String(titleField.value ?? '').trim() : '';
          const title = (given || titleFromName(file.filename || 'Spreadsheet')).slice(0, 200);
          spreadsheet = await service.importFile(ctx, user, title, buf, file.filename || 'Spreadsheet.csv');
        } else {
          // bodyLimit leaves room for multipart framing; a JSON body gets the limit itself.
          if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb));
          service.checkJsonSpreadsheetSize(request.body);
          const body = parse(JsonSpreadsheetBody, request.body);
          spreadsheet = await service.importSpreadsheet(ctx, user, body.title, service.sheetSource(service.sheetsFromJson(body)), 'json');
        }
      } finally {
        release();
      }
      return reply.status(201).send({ spreadsheet });
    },
  );

  app.get('/api/spreadsheets', { config: { access: 'signed-in' } }, async (request) => {
    const user = signedInUser(request);
    return { spreadsheets: await service.listSpreadsheets(ctx, user) };
  });

  app.get('/api/spreadsheets/:id', { config: { access: 'owner', resource: spreadsheetParam() } }, async (request) => ({
    spreadsheet: await service.getSpreadsheet(ctx, resolvedSpreadsheet(request)),
  }));

  app.delete('/api/spreadsheets/:id', { config: { access: 'owner', resource: spreadsheetParam() } }, async (request, reply) => {
    // Workspace editors read spreadsheets; only the workspace's owner deletes them (the service).
    await service.deleteSpreadsheet(ctx, signedInUser(request), resolvedSpreadsheet(request).id);
    return reply.status(204).send();
  });

  app.get(
    '/api/board/:spreadsheetId/sheet/:sheetTitle',
    { config: { access: 'app-viewer', resource: sheetOfRequest({ params: SheetParams, query: SheetQuery }, service.SHEET_READ_UNNAMED) } },
    async (request) => {
      const params = parse(SheetParams, request.params);
      const query = parse(SheetQuery, request.query);
      return service.sheetData(ctx, resolvedSheetAccess(request), { ...query, sheetTitle: params.sheetTitle });
    },
  );
}
