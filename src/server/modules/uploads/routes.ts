import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ShortIdParams } from '../../../shared/api/params';
import { UploadResponse } from '../../../shared/api/uploads';
import { decidedInService } from '../../access/resources';
import { IpLimiter, tooManyAttempts } from '../../platform/limits/limiter';
import { perIp, perKey, type RateLimit } from '../../platform/limits/rate-limit';
import type { ServerContext } from '../../platform/context';
import { badRequest, errorHandler, HttpError, notFound } from '../../errors';
import { parseInput, type ApiServer } from '../../routing/input';
import { servedInline } from './detect';
import { byteRange } from './range';
import { authorizeUpload, findUpload, MAX_UPLOAD_BYTES, storeUpload, UPLOAD_MESSAGES } from './service';
import { uploadKey } from '../../platform/storage';

const Text = z.string().max(2000).optional();
const Purpose = z.enum(['block-setting']).optional();
const Kind = z.enum(['image', 'video', 'audio']).optional();
/** The multipart fields beside the file; each may come in the query instead (a field wins). */
const UploadFields = z.object({ board: Text, blockId: Text, accept: Text, column: Text, purpose: Purpose, kind: Kind });
/** `board` and `referer` come in every call's query from the web request layer; the rest may too. */
const UploadQuery = UploadFields.extend({ referer: Text });

/** Multipart framing and the small fields besides the file. */
const SLACK = 64 * 1024;

/** `inline` or `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function uploadRoutes(app: ApiServer, ctx: ServerContext) {
  // In memory, per process, like the sign-in limits. Every upload reaching the handler counts
  // against its IP (checked before the body is read); a visitor's stored file counts against the
  // app it is for, which only the handler knows (the multipart fields name it): checked there.
  const windowMs = ctx.config.uploadsWindowMinutes * 60_000;
  const ipUploads = perIp(new IpLimiter(ctx.counters, 'uploads.ipUploads', ctx.config.uploadsPerIp, windowMs));
  const appOf = new WeakMap<FastifyRequest, string>();
  const appUploads = perKey(new IpLimiter(ctx.counters, 'uploads.appUploads', ctx.config.uploadsPerApp, windowMs), (request) => appOf.get(request) ?? '');
  const uploadLimit: RateLimit = {
    check: [ipUploads],
    refusal: UPLOAD_MESSAGES.tooManyFromIp,
    count: [
      { when: 'attempt', budgets: [ipUploads] },
      { when: 'success', budgets: [appUploads] },
    ],
  };

  app.post(
    '/api/uploads',
    {
      schema: { querystring: UploadQuery },
      config: {
        access: 'app-viewer',
        resource: decidedInService('the multipart fields name the app and the block (read in the handler)'),
        rateLimit: uploadLimit,
        api: { tag: 'Uploads', summary: 'Upload a file for a form field, a row or a block setting', form: UploadFields.extend({ file: z.string().meta({ format: 'binary' }) }), response: UploadResponse, status: 201 },
      },
      bodyLimit: MAX_UPLOAD_BYTES + SLACK,
      errorHandler: (error, request, reply) =>
        errorHandler((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? badRequest(UPLOAD_MESSAGES.tooLarge) : error, request, reply),
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile, [{ path: 'file', message: 'A file is required' }]);
      if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + SLACK) throw badRequest(UPLOAD_MESSAGES.tooLarge);
      const query = request.query;
      const uploadError = (e: unknown) => {
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(UPLOAD_MESSAGES.tooLarge);
        if (code === 'FST_FILES_LIMIT') return badRequest(UPLOAD_MESSAGES.oneFile);
        if (e instanceof HttpError) return e;
        request.log.info({ err: e }, 'unreadable upload');
        return badRequest(UPLOAD_MESSAGES.unreadable);
      };
      const fields: Record<string, string> = {};
      let file: { name: string; data: Buffer } | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 4096 } })) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file') file = { name: part.filename, data };
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (e) {
        throw uploadError(e);
      }
      if (!file) throw badRequest(UPLOAD_MESSAGES.noFile, [{ path: 'file', message: 'A file is required' }]);
      // The form's fields stream in with the file, past Fastify's validation step: they are read
      // here with the same strict parser (a field the form does not take is a 400 naming it).
      const read = parseInput(UploadFields, fields, 'body');
      if ('error' in read) throw read.error;
      const given = read.value as z.output<typeof UploadFields>;
      const permit = await authorizeUpload(ctx, request.access.caller, {
        board: given.board ?? query.board,
        blockId: given.blockId ?? query.blockId,
        accept: given.accept ?? query.accept,
        column: given.column ?? query.column,
        purpose: given.purpose ?? query.purpose,
        kind: given.kind ?? query.kind,
        host: request.host,
      });
      if (!permit.editor && permit.appId) {
        appOf.set(request, permit.appId);
        const wait = await appUploads.retryAfter(request);
        if (wait > 0) throw tooManyAttempts(reply, wait, UPLOAD_MESSAGES.tooManyForApp);
      }
      const upload = await storeUpload(ctx, permit, file.name, file.data);
      return reply.status(201).send({ upload });
    },
  );

  // Under /api only: `/uploads/...` is the path of a board whose subdomain is 'uploads'.
  app.get('/api/uploads/:id', { schema: { params: ShortIdParams }, config: { access: 'app-viewer', resource: decidedInService('a file follows the app it was uploaded for, if any'), api: { tag: 'Uploads', summary: 'Download an uploaded file (byte ranges for seeking)', produces: ['*/*'] } } }, async (request, reply) => {
    const { row, shared } = await findUpload(ctx, request.access.caller, request.params.id);
    const size = Number(row.size);
    // A video or audio player seeks with a Range; the record's size is the file's.
    const range = byteRange(request.headers.range, size);
    if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${size}`).header('Accept-Ranges', 'bytes').send();
    // From local disk or streamed through from the bucket: the same answer, the same rules.
    const stored = await ctx.files.get(uploadKey(row.id), range ?? undefined);
    if (!stored) throw notFound(UPLOAD_MESSAGES.notFound);
    const inline = servedInline(row.type);
    if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.start + stored.length - 1}/${stored.size}`);
    reply
      .type(row.type)
      .header('Content-Length', String(stored.length))
      .header('Accept-Ranges', 'bytes')
      .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', row.name))
      // Nothing an upload holds may run as our origin: no scripts, no plugins, a unique origin.
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      // An id never changes content. A file not everyone may see is asked for again each time, so
      // that a viewer who lost access (the app went private, the app user was removed) loses it too.
      .header('Cache-Control', shared ? 'public, max-age=31536000, immutable' : 'private, no-cache');
    return reply.send(stored.body);
  });
}
