// The blog's media library (issue 17): uploads and the library for any blog admin, deleting for
// editors and the uploader, and the images themselves for everyone (posts show them).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BlogMediaQuery } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES } from '../../../shared/rules/blog';
import type { ServerContext } from '../../context';
import { badRequest, errorHandler, HttpError } from '../../errors';
import { parse } from '../../http';
import { signedInBlogAdmin } from './accounts-routes';
import * as media from './media-service';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const Fields = z.object({ alt: z.string().max(BLOG_LIMITS.alt).optional() });

/** Multipart framing and the `alt` field besides the file. */
const SLACK = 16 * 1024;

const tooLarge = () => new HttpError(413, BLOG_MESSAGES.imageTooLarge, undefined, 'too_large');
const noFile = () => badRequest(BLOG_MESSAGES.imageUnreadable, [{ path: 'file', message: BLOG_MESSAGES.imageUnreadable }]);

export function blogMediaRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post(
    '/api/blog-admin/media',
    {
      config: { access: 'blog-admin' },
      bodyLimit: BLOG_LIMITS.mediaUploadBytes + SLACK,
      errorHandler: (error, request, reply) => errorHandler((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error, request, reply),
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw noFile();
      if (Number(request.headers['content-length'] ?? 0) > BLOG_LIMITS.mediaUploadBytes + SLACK) throw tooLarge();
      const who = await signedInBlogAdmin(ctx, request);
      const fields: Record<string, string> = {};
      let file: { name: string; data: Buffer } | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: BLOG_LIMITS.mediaUploadBytes, files: 1, fields: 5, fieldSize: 4096 } })) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file') file = { name: part.filename, data };
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (e instanceof HttpError) throw e;
        request.log.info({ err: e }, 'unreadable blog media upload');
        throw noFile();
      }
      if (!file) throw noFile();
      const { alt } = parse(Fields, fields);
      return reply.status(201).send({ media: await media.upload(ctx, who, file, alt ?? '') });
    },
  );

  app.get('/api/blog-admin/media', { config: { access: 'blog-admin' } }, async (request) => {
    const { q, page } = parse(BlogMediaQuery, request.query);
    return media.list(ctx, q, page);
  });

  app.delete('/api/blog-admin/media/:id', { config: { access: 'blog-admin' } }, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    await media.remove(ctx, await signedInBlogAdmin(ctx, request), id);
    return reply.status(204).send();
  });

  app.get('/api/blog/media/:id', { config: { access: 'public' } }, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    const { row, body, size } = await media.find(ctx, id);
    reply
      .type(row.type)
      .header('Content-Length', String(size))
      .header('X-Content-Type-Options', 'nosniff')
      // Only pixels we encoded are here; still, nothing served from this path may run as our origin.
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      // An id never changes content: a new image is a new id.
      .header('Cache-Control', 'public, max-age=31536000, immutable');
    return reply.send(body);
  });
}
