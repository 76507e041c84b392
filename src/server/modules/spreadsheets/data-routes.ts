// The data editor's routes (issue 13; contract: shared/api/data-editor.ts): column changes and
// usage, re-import into an existing spreadsheet, export. All are the spreadsheet owner's and
// the workspace's editors' ('owner' on the spreadsheet of the path, like GET /api/spreadsheets/:id).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AddColumnBody, ColumnChangeResponse, ColumnUsageResponse, ExportQuery, ReimportMode, ReimportPreviewResponse, ReimportResponse, UpdateColumnBody } from '../../../shared/api/data-editor';
import { ReimportForm } from '../../../shared/api/import-forms';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { badRequest, errorHandler, HttpError } from '../../errors';
import { resolvedSpreadsheet, signedInUser } from '../../access/enforce';
import { spreadsheetParam } from '../../access/resources';
import * as columns from './columns';
import { contentDisposition, csvStream, exportName, xlsxStream } from './export';
import { MESSAGES } from '../../sheets';
import { reimportFile } from './reimport';
import { removeUpload, saveUpload, uploadDir } from './upload-file';
import { claimImport } from './service';

const segment = z.string().min(1, 'Name the sheet');
const SpreadsheetPath = z.object({ id: z.string().min(1) });
const SheetPath = SpreadsheetPath.extend({ sheetTitle: segment });
const ColumnPath = SheetPath.extend({ column: z.string().min(1, 'Name the column') });

/**
 * A re-import's choices may come in the query instead of the multipart form (the form's fields
 * win). Any text here: the handler checks the one that applies, after the form is read, with the
 * same words whichever way it came.
 */
const ReimportQuery = z.object({
  mode: z.string().optional().meta({ description: "'replace' or 'append', when the form has no `mode` field." }),
  preview: z.string().optional().meta({ description: "'true': answer what would change, store nothing (when the form has no `preview` field)." }),
});

const REIMPORT_MODE = "Choose whether the file replaces the sheet's rows or is added after them (mode: 'replace' or 'append')";

/** A multipart field sent before the file, else the query parameter of that name. */
function field(fields: Record<string, unknown>, query: z.output<typeof ReimportQuery>, name: keyof z.output<typeof ReimportQuery>): string | undefined {
  const f = fields[name];
  if (f && !Array.isArray(f) && typeof f === 'object' && 'value' in f) return String((f as { value: unknown }).value ?? '').trim();
  return query[name]?.trim();
}

const isReimportMode = (value: string | undefined): value is ReimportMode => (ReimportMode.options as readonly (string | undefined)[]).includes(value);

export function dataRoutes(app: ApiServer, ctx: ServerContext) {
  const maxBytes = ctx.config.maxImportMb * 1024 * 1024;
  const owner = { access: 'owner' as const, resource: spreadsheetParam() };

  app.post('/api/spreadsheets/:id/sheets/:sheetTitle/columns', { schema: { params: SheetPath, body: AddColumnBody }, config: { ...owner, tokens: 'read-write', api: { tag: 'Spreadsheets', summary: 'Add a column to a sheet', response: ColumnChangeResponse, status: 201 } } }, async (request, reply) => {
    return reply.status(201).send(await columns.addColumn(ctx, resolvedSpreadsheet(request), request.params.sheetTitle, request.body));
  });

  app.patch('/api/spreadsheets/:id/sheets/:sheetTitle/columns/:column', { schema: { params: ColumnPath, body: UpdateColumnBody }, config: { ...owner, tokens: 'read-write', api: { tag: 'Spreadsheets', summary: "Rename a column or change its type (blocks using it follow a rename)", response: ColumnChangeResponse } } }, async (request) => {
    const { sheetTitle, column } = request.params;
    return columns.updateColumn(ctx, resolvedSpreadsheet(request), sheetTitle, column, request.body, signedInUser(request).id);
  });

  app.delete('/api/spreadsheets/:id/sheets/:sheetTitle/columns/:column', { schema: { params: ColumnPath }, config: { ...owner, tokens: 'read-write', api: { tag: 'Spreadsheets', summary: 'Delete a column and its values', response: ColumnChangeResponse } } }, async (request) => {
    const { sheetTitle, column } = request.params;
    return columns.deleteColumn(ctx, resolvedSpreadsheet(request), sheetTitle, column, signedInUser(request).id);
  });

  app.get('/api/spreadsheets/:id/sheets/:sheetTitle/columns/:column/usage', { schema: { params: ColumnPath }, config: { ...owner, tokens: 'read', api: { tag: 'Spreadsheets', summary: 'The blocks that use a column', response: ColumnUsageResponse } } }, async (request) => {
    const { sheetTitle, column } = request.params;
    return { blocks: await columns.columnUsage(ctx, resolvedSpreadsheet(request), sheetTitle, column) };
  });

  app.get('/api/spreadsheets/:id/export', { schema: { params: SpreadsheetPath, querystring: ExportQuery }, config: { ...owner, tokens: 'read', api: { tag: 'Spreadsheets', summary: 'Download a sheet as CSV or XLSX', produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } } }, async (request, reply) => {
    const query = request.query;
    const s = resolvedSpreadsheet(request);
    const sheet = await columns.sheetOf(ctx, s.id, query.sheet);
    const name = exportName(s.title, sheet.title, query.format);
    reply.header('content-disposition', contentDisposition(name));
    reply.header('cache-control', 'private, no-store');
    if (query.format === 'xlsx') {
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(xlsxStream(ctx, sheet));
    }
    reply.type('text/csv; charset=utf-8');
    return reply.send(csvStream(ctx, sheet));
  });

  app.post(
    '/api/spreadsheets/:id/reimport',
    {
      schema: { params: SpreadsheetPath, querystring: ReimportQuery },
      config: {
        ...owner,
        tokens: 'read-write',
        api: {
          tag: 'Spreadsheets',
          summary: 'Re-import a file into a spreadsheet (replace or append rows)',
          form: ReimportForm,
          response: z.union([ReimportResponse, ReimportPreviewResponse]),
        },
      },
      bodyLimit: Math.ceil(maxBytes) + 1024 * 1024,
      errorHandler: (error, request, reply) =>
        errorHandler((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb)) : error, request, reply),
    },
    async (request, reply) => {
      const s = resolvedSpreadsheet(request);
      if (!request.isMultipart()) throw badRequest("Choose a file to import (form field 'file')", [{ path: 'file', message: 'A file is required' }]);
      // One import at a time per account (a new import or a re-import), refused before the upload is read.
      const release = claimImport(signedInUser(request));
      let answer: Awaited<ReturnType<typeof reimportFile>>;
      try {
        if (Number(request.headers['content-length'] ?? 0) > maxBytes + 1024 * 1024) throw badRequest(MESSAGES.tooLarge(ctx.config.maxImportMb));
        const { path, filename, fields } = await readUpload(request, ctx.config.maxImportMb, uploadDir(ctx.config.dataDir));
        try {
          const mode = field(fields, request.query, 'mode');
          if (!isReimportMode(mode)) throw badRequest(REIMPORT_MODE, [{ path: 'mode', message: "Either 'replace' or 'append'" }]);
          const preview = field(fields, request.query, 'preview') === 'true';
          answer = await reimportFile(ctx, s, { path }, filename, mode, preview, signedInUser(request).id);
        } finally {
          await removeUpload(path);
        }
      } finally {
        release();
      }
      // Sent once the account's import is released: its next one may follow at once.
      return reply.send(answer);
    },
  );
}

/** The multipart upload's file (form field `file`) and the fields sent before it; 400s for people. */
async function readUpload(request: FastifyRequest, maxMb: number, dir: string): Promise<{ path: string; filename: string; fields: Record<string, unknown> }> {
  // A cut-off or malformed form is the client's problem: 400, not a 500 from the parser.
  const uploadError = (e: unknown) => {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(MESSAGES.tooLarge(maxMb));
    const status = (e as { statusCode?: number }).statusCode;
    if (e instanceof HttpError || (status && status < 500)) return e;
    request.log.info({ err: e }, 'unreadable multipart upload');
    return badRequest(MESSAGES.badUpload);
  };
  const file = await request.file().catch((e: unknown) => {
    throw uploadError(e);
  });
  if (!file || file.fieldname !== 'file') throw badRequest("Choose a file to import (form field 'file')", [{ path: 'file', message: 'A file is required' }]);
  let saved: { path: string };
  try {
    // To a temporary file (upload-file.ts); the caller removes it.
    saved = await saveUpload(file.file, dir);
  } catch (e) {
    throw uploadError(e);
  }
  return { path: saved.path, filename: file.filename || 'Spreadsheet.csv', fields: file.fields as Record<string, unknown> };
}
