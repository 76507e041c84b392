// The blog's media library (issue 17): uploads and the library for any blog admin, deleting for
// editors and the uploader, and the images themselves for everyone (posts show them).
import { z } from 'zod';
import { BlogMediaForm, BlogMediaListResponse, BlogMediaQuery, BlogMediaResponse } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES } from '../../../shared/rules/blog';
import type { ServerContext } from '../../platform/context';
import { badRequest, errorHandler, HttpError } from '../../errors';
import { parseInput, type ApiServer } from '../../routing/input';
import { signedInBlogAdmin } from '../../identity/blog-session';
import * as media from './media-service';

const IdParams = z.object({ id: z.string().min(1).max(64) });
/**
 * The upload's text fields: Fastify's validation never sees a streamed multipart form, so the
 * route reads them with the form it documents (strictly, like every other input).
 */
const MediaFields = BlogMediaForm.omit({ file: true });

/** Multipart framing and the `alt` field besides the file. */
const SLACK = 16 * 1024;

const tooLarge = () => new HttpError(413, BLOG_MESSAGES.imageTooLarge, undefined, 'too_large');
const noFile = () => badRequest(BLOG_MESSAGES.imageUnreadable, [{ path: 'file', message: BLOG_MESSAGES.imageUnreadable }]);

export function blogMediaRoutes(app: ApiServer, ctx: ServerContext) {
  app.post(
    '/api/blog-admin/media',
    {
      config: {
        access: 'blog-admin',
        api: { tag: 'Blog admin', summary: 'Upload an image to the media library (re-encoded, metadata dropped)', form: BlogMediaForm, response: BlogMediaResponse, status: 201 },
      },
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
      const read = parseInput(MediaFields, fields, 'body');
      if ('error' in read) throw read.error;
      const { alt } = read.value as z.output<typeof MediaFields>;
      return reply.status(201).send({ media: await media.upload(ctx, who, file, alt ?? '') });
    },
  );

  app.get('/api/blog-admin/media', { schema: { querystring: BlogMediaQuery }, config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'List the media library, newest first (search names and alt texts)', response: BlogMediaListResponse } } }, async (request) => {
    return media.list(ctx, request.query.q, request.query.page);
  });

  app.delete('/api/blog-admin/media/:id', { schema: { params: IdParams }, config: { access: 'blog-admin', api: { tag: 'Blog admin', summary: 'Delete an image (editors, or its uploader)', status: 204 } } }, async (request, reply) => {
    await media.remove(ctx, await signedInBlogAdmin(ctx, request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/blog/media/:id', { schema: { params: IdParams }, config: { access: 'public', api: { tag: 'Blog', summary: 'An image of the media library (cached for a year: an id never changes content)', produces: ['image/jpeg', 'image/png', 'image/webp'] } } }, async (request, reply) => {
    const { row, body, size } = await media.find(ctx, request.params.id);
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
