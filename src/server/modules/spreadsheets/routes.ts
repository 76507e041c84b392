import type { ApiServer } from '../../routing/input';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ImportPreviewResponse, JsonSpreadsheetBody, SheetDataQuery, SheetDataResponse, SpreadsheetResponse, SpreadsheetsResponse } from '../../../shared/api';
import { ImportForm, PreviewForm } from '../../../shared/api/import-forms';
import { IdParams, SheetParams } from '../../../shared/api/params';
import type { ServerContext } from '../../platform/context';
import { badRequest, errorHandler, HttpError } from '../../errors';
import { resolvedSpreadsheet, signedInUser } from '../../access/enforce';
import { sheetOfRequest, spreadsheetParam } from '../../access/resources';
import { markViewed } from '../gsheets/scheduler';
import { importLimits, MESSAGES, titleFromName } from '../../sheets';
import { removeUpload, saveUpload, uploadDir } from './upload-file';
import { readSheetConditionally } from './sheet-etag';
import * as service from './service';

const SheetQuery = SheetDataQuery.extend({ app: z.string().optional() });

/** What becomes of an import a stop cuts short (platform/lifecycle.ts logs it). */
const IMPORT_AT_NEXT_START = 'an unfinished import is removed at the next start (or the next import of the account) and the owner imports again';

export function spreadsheetRoutes(app: ApiServer, ctx: ServerContext) {
  const maxBytes = ctx.config.maxImportMb * 1024 * 1024;

  // An upload's limits: the body (a JSON spreadsheet may be as large as an upload, the other
  // routes keep 1 MB; the slack is for multipart framing), and over it a bad file like any other:
  // 400 with the limit named, not Fastify's 413.
  const uploadLimits = {
    bodyLimit: Math.ceil(maxBytes) + 1024 * 1024,
    errorHandler: (error: Error, request: FastifyRequest, reply: FastifyReply) =>
      errorHandler((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb)) : error, request, reply),
  };

  const uploads = uploadDir(ctx.config.dataDir);

  /**
   * The multipart form of an import or a preview: the file (saved to a temporary file, which the
   * caller removes) and the small fields beside it.
   */
  const readUpload = async (request: FastifyRequest): Promise<{ path: string; filename: string; fields: Record<string, string> }> => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes + 1024 * 1024) throw badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb));
    // A cut-off or malformed form (no boundary, missing end) is the client's problem: 400, not a
    // 500 from deep inside the multipart parser.
    const uploadError = (e: unknown) => {
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb));
      const status = (e as { statusCode?: number }).statusCode;
      if (e instanceof HttpError || (status && status < 500)) return e;
      request.log.info({ err: e }, 'unreadable multipart upload');
      return badRequest(MESSAGES.badUpload);
    };
    const fields: Record<string, string> = {};
    let file: { path: string; filename: string } | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: Math.ceil(maxBytes), files: 1, fields: 10, fieldSize: 256 * 1024 } })) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && !file) file = { path: (await saveUpload(part.file, uploads)).path, filename: part.filename };
          else await part.toBuffer();
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (e) {
      if (file) await removeUpload(file.path);
      throw uploadError(e);
    }
    if (!file) throw badRequest("Choose a file to import (form field 'file')", [{ path: 'file', message: 'A file is required' }]);
    return { path: file.path, filename: file.filename, fields };
  };

  const importDoc = 'Send a file as multipart/form-data, or the sheets themselves as JSON. One import at a time per account.';
  app.post('/api/spreadsheets', {
    schema: { body: JsonSpreadsheetBody.optional() },
    config: { access: 'signed-in', tokens: 'read-write', api: { tag: 'Spreadsheets', summary: 'Import a spreadsheet (a file, or JSON sheets)', description: importDoc, form: ImportForm, response: SpreadsheetResponse, status: 201 } },
    ...uploadLimits,
    // Counted before the body is parsed: a JSON body over the row or cell limit is refused
    // without building its rows (after the access rule, which app.ts puts first).
    preValidation: async (request: FastifyRequest) => {
      if (!request.isMultipart()) service.checkJsonSpreadsheetSize(request.body, importLimits(ctx.config));
    },
  }, async (request, reply) => {
    const user = signedInUser(request);
    // One import at a time per account, refused before its upload is read.
    const release = service.claimImport(user);
    let spreadsheet;
    try {
      if (request.isMultipart()) {
        const { path, filename, fields } = await readUpload(request);
        try {
          const choices = service.importChoices(fields);
          const title = ((fields.title ?? '').trim() || titleFromName(filename || 'Spreadsheet')).slice(0, 200);
          spreadsheet = await ctx.lifecycle.track(`the import of '${title}'`, { atNextStart: IMPORT_AT_NEXT_START }, () => service.importFile(ctx, user, title, { path }, filename || 'Spreadsheet.csv', choices));
        } finally {
          await removeUpload(path);
        }
      } else {
        // bodyLimit leaves room for multipart framing; a JSON body gets the limit itself.
        if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb));
        const body = request.body;
        if (!body) throw badRequest('Send the spreadsheet as a file (multipart/form-data) or as JSON sheets', [{ path: 'sheets', message: 'The sheets are required' }]);
        spreadsheet = await ctx.lifecycle.track(`the import of '${body.title}'`, { atNextStart: IMPORT_AT_NEXT_START }, () => service.importSpreadsheet(ctx, user, body.title, service.sheetSource(service.sheetsFromJson(body)), 'json'));
      }
    } finally {
      release();
    }
    return reply.status(201).send({ spreadsheet });
  });

  // What importing a file would give, nothing stored: the same upload, limits and one-at-a-time
  // rule as an import (it reads the file on a worker the same way).
  app.post('/api/spreadsheets/preview', { config: { access: 'signed-in', tokens: 'read-write', api: { tag: 'Spreadsheets', summary: 'Preview a file import (nothing is stored)', form: PreviewForm, response: ImportPreviewResponse } }, ...uploadLimits }, async (request) => {
    const user = signedInUser(request);
    const release = service.claimImport(user);
    try {
      if (!request.isMultipart()) throw badRequest("Choose a file to preview (form field 'file')", [{ path: 'file', message: 'A file is required' }]);
      const { path, filename, fields } = await readUpload(request);
      try {
        return await service.previewFile(ctx, { path }, filename || 'Spreadsheet.csv', service.importChoices(fields));
      } finally {
        await removeUpload(path);
      }
    } finally {
      release();
    }
  });

  app.get('/api/spreadsheets', { config: { access: 'signed-in', tokens: 'read', api: { tag: 'Spreadsheets', summary: 'List your spreadsheets', response: SpreadsheetsResponse } } }, async (request) => {
    const user = signedInUser(request);
    return { spreadsheets: await service.listSpreadsheets(ctx, user) };
  });

  app.get('/api/spreadsheets/:id', { schema: { params: IdParams }, config: { access: 'owner', resource: spreadsheetParam(), tokens: 'read', api: { tag: 'Spreadsheets', summary: 'Get a spreadsheet with its sheets and columns', response: SpreadsheetResponse } } }, async (request) => ({
    spreadsheet: await service.getSpreadsheet(ctx, resolvedSpreadsheet(request)),
  }));

  app.delete('/api/spreadsheets/:id', { schema: { params: IdParams }, config: { access: 'owner', resource: spreadsheetParam(), tokens: 'read-write', api: { tag: 'Spreadsheets', summary: 'Delete a spreadsheet (workspace owner only)', status: 204 } } }, async (request, reply) => {
    // Workspace editors read spreadsheets; only the workspace's owner deletes them (the service).
    await service.deleteSpreadsheet(ctx, signedInUser(request), resolvedSpreadsheet(request).id);
    return reply.status(204).send();
  });

  app.get(
    '/api/board/:spreadsheetId/sheet/:sheetTitle',
    {
      schema: { params: SheetParams, querystring: SheetQuery },
      config: {
        access: 'app-viewer',
        resource: sheetOfRequest({ params: SheetParams, query: SheetQuery }, service.SHEET_READ_UNNAMED),
        tokens: 'read',
        api: { tag: 'Sheets and rows', summary: "Read a sheet's rows: search, sort, filters, paging", response: SheetDataResponse },
      },
    },
    async (request, reply) => {
      const { spreadsheetId, sheetTitle } = request.params;
      const query = request.query;
      markViewed(ctx, spreadsheetId);
      const input = { ...query, sheetTitle };
      return readSheetConditionally(ctx, request, reply, sheetTitle, (sheet) => service.sheetRowsOf(ctx, sheet, input), query.nocache);
    },
  );
}
