// The owner's marketplace routes (shell §7): the review request of an app (read, submit, cancel)
// and the images of the submission form. Thin: call the service, answer (Fastify parses the input
// with the schemas each route declares).
import { z } from 'zod';
import {
  CancelBody,
  CancelResponse,
  ReviewRequestQuery,
  ReviewRequestResponse,
  SubmitBody,
  SubmitResponse,
  TemplateContentsQuery,
  TemplateContentsResponse,
  UploadFileResponse,
} from '../../../shared/api/marketplace';
import { MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES, marketplaceMessages } from '../../../shared/rules/marketplace';
import type { ServerContext } from '../../platform/context';
import { badRequest, errorHandler, HttpError } from '../../errors';
import type { ApiServer } from '../../routing/input';
import { resolvedApp } from '../../access/enforce';
import { appInRequest } from '../../access/resources';
import { IpLimiter } from '../../platform/limits/limiter';
import { perIp, perKey, type RateLimit } from '../../platform/limits/rate-limit';
import { UPLOAD_MESSAGES } from '../uploads/service';
import { assertMayPublish } from '../account/publishing';
import { publishWarnings } from '../../data/apps/integrity';
import { cancelReviewRequest, getReviewRequest, submitReviewRequest, templateContents, uploadMarketplaceImage } from './service';

/** The submission's body: the description's inline images make it the one large JSON body here. */
export const SUBMIT_BODY_LIMIT = 6 * 1024 * 1024;
/** Multipart framing and the small fields besides the image. */
const SLACK = 64 * 1024;
/** The longest app id a form field or the query may name (ids are shorter). */
const APP_ID_MAX = 64;
const AppIdField = z.object({ app_id: z.string().max(APP_ID_MAX).optional() });
/** POST /api/upload-file's form, as the REST API reference shows it: one image, under either field. */
const image = (field: string) => z.string().meta({ format: 'binary', description: `The image (PNG, JPEG, GIF or WebP), under \`${field}\`.` }).optional();
const UploadFileForm = z.object({
  app_id: AppIdField.shape.app_id.meta({ description: 'The app the template is of (also accepted in the query); default: your own workspace.' }),
  thumbnail: image('thumbnail'),
  image: image('image'),
});

export function marketplaceRoutes(app: ApiServer, ctx: ServerContext) {
  const url = '/api/multipage/marketplace/review-request';
  const tag = 'Marketplace and templates';

  app.get(
    url,
    {
      schema: { querystring: ReviewRequestQuery },
      config: { access: 'owner', resource: appInRequest('query', ReviewRequestQuery, (q) => q.app_id), api: { tag, summary: "An app's marketplace review request (null: none)", response: ReviewRequestResponse } },
    },
    async (request) => ({ reviewRequest: await getReviewRequest(ctx, resolvedApp(request)) }),
  );

  // The form's summary of what ships: the owner's (or an editor's) own app, read only.
  app.get(
    `${url}/contents`,
    {
      schema: { querystring: TemplateContentsQuery },
      config: {
        access: 'owner',
        resource: appInRequest('query', TemplateContentsQuery, (q) => q.app_id),
        api: { tag, summary: "What a submission of the app would ship: the sheets and columns its guests read, with their numbers of rows", response: TemplateContentsResponse },
      },
    },
    async (request) => ({ sheets: await templateContents(ctx, resolvedApp(request)) }),
  );

  // Each submission copies the whole app with its rows: a few an hour per app (a submit and
  // cancel loop cannot keep the database busy).
  const submits = perKey(new IpLimiter(ctx.counters, 'marketplace.submits', MARKETPLACE_LIMITS.submitsPerAppPerHour, 3600_000), (request) => request.access.app?.id ?? '');
  const submitLimit: RateLimit = { check: [submits], refusal: marketplaceMessages.tooManySubmissions, count: [{ when: 'success', budgets: [submits] }] };

  app.put(
    url,
    {
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: { body: SubmitBody },
      config: {
        access: 'owner',
        resource: appInRequest('body', SubmitBody, (b) => b.form.app_id),
        rateLimit: submitLimit,
        api: { tag, summary: 'Submit an app as a template for review, or send an update of a published one', response: SubmitResponse },
      },
    },
    async (request) => {
      const { form } = request.body;
      // A template is published work: it waits for a verified address like going live does.
      await assertMayPublish(ctx, resolvedApp(request).workspaceId, request.access.user?.id);
      const reviewRequest = await submitReviewRequest(ctx, resolvedApp(request), form, request.access.user?.id);
      // Not refused: the reviewer and the seller see the broken blocks named (data/apps/integrity.ts).
      const warnings = await publishWarnings(ctx.db, resolvedApp(request));
      return { reviewRequest, message: MARKETPLACE_MESSAGES.submitted, ...(warnings.length ? { warnings } : {}) };
    },
  );

  app.delete(
    url,
    {
      schema: { body: CancelBody },
      config: { access: 'owner', resource: appInRequest('body', CancelBody, (b) => b.app_id), api: { tag, summary: "Cancel an app's pending submission (the body names the app)", response: CancelResponse } },
    },
    async (request) => {
      await cancelReviewRequest(ctx, resolvedApp(request));
      return { message: MARKETPLACE_MESSAGES.cancelled };
    },
  );

  // Counted per client IP like POST /api/uploads (the same settings, a budget of its own).
  const ipUploads = perIp(new IpLimiter(ctx.counters, 'marketplace.ipUploads', ctx.config.uploadsPerIp, ctx.config.uploadsWindowMinutes * 60_000));
  const uploadLimit: RateLimit = { check: [ipUploads], refusal: UPLOAD_MESSAGES.tooManyFromIp, count: [{ when: 'attempt', budgets: [ipUploads] }] };

  app.post(
    '/api/upload-file',
    {
      // The form's fields are read as they stream in (below); the query may name the app too.
      schema: { querystring: AppIdField },
      config: {
        access: 'signed-in',
        rateLimit: uploadLimit,
        api: { tag, summary: "Upload one image of a template's submission form (thumbnail or additional image)", form: UploadFileForm, response: UploadFileResponse, status: 201 },
      },
      bodyLimit: MARKETPLACE_LIMITS.imageMaxBytes + SLACK,
      // Refusals carry `error` too (§7: "the response ... has an error field").
      errorHandler: (error, request, reply) => {
        const e = (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? badRequest(MARKETPLACE_MESSAGES.imageTooBig) : error;
        if (e instanceof HttpError) return reply.status(e.status).send({ message: e.message, error: e.message, ...(e.code ? { code: e.code } : {}) });
        return errorHandler(e, request, reply);
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(MARKETPLACE_MESSAGES.uploadNoImage);
      if (Number(request.headers['content-length'] ?? 0) > MARKETPLACE_LIMITS.imageMaxBytes + SLACK) throw badRequest(MARKETPLACE_MESSAGES.imageTooBig);
      const fields: Record<string, string> = {};
      let file: { field: 'thumbnail' | 'image'; name: string; data: Buffer } | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: MARKETPLACE_LIMITS.imageMaxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'thumbnail' || part.fieldname === 'image') file = { field: part.fieldname, name: part.filename, data };
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MARKETPLACE_MESSAGES.imageTooBig);
        if (code === 'FST_FILES_LIMIT') throw badRequest(UPLOAD_MESSAGES.oneFile);
        if (e instanceof HttpError) throw e;
        request.log.info({ err: e }, 'unreadable marketplace image');
        throw badRequest(UPLOAD_MESSAGES.unreadable);
      }
      if (!file) throw badRequest(MARKETPLACE_MESSAGES.uploadNoImage);
      // The form's app_id, checked as the query's is; other fields are not read.
      const formAppId = fields.app_id;
      if (formAppId !== undefined && formAppId.length > APP_ID_MAX) {
        const message = `The app id can be at most ${APP_ID_MAX} characters`;
        throw badRequest(message, [{ path: 'app_id', message }]);
      }
      const appId = formAppId ?? request.query.app_id;
      const stored = await uploadMarketplaceImage(ctx, request.access.caller, { appId, ...file });
      return reply.status(201).send(stored);
    },
  );
}
