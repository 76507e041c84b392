// The owner's side of the marketplace (issue 14): reading, submitting and cancelling an app's review
// request, and the images of the form. The server checks everything the form checks, with the same
// words (shared/rules/marketplace.ts marketplaceFormProblem), and more the form cannot know: the
// images are this workspace's uploads and their sizes come from the stored records, the app's
// privacy and sign-in method are read from the app itself, and a paid template needs a Stripe
// account able to take payments (billing/connect.ts).
//
// A submission freezes the app (templates/freeze.ts) in the same transaction that moves the
// request to pending: reviewers and visitors see that copy, never the app as edited since.
import type { z } from 'zod';
import type { ReviewRequest, SubmitForm, TemplateContentsSheet, UploadFileResponse } from '../../../shared/api/marketplace';
import {
  MARKETPLACE_LIMITS,
  MARKETPLACE_MESSAGES,
  marketplaceFormProblem,
  priceCents,
  marketplaceMessages,
  NO_SIGN_IN,
  parseTags,
  type ReviewStatus,
  richTextHasContent,
  SUBMITTABLE,
} from '../../../shared/rules/marketplace';
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors';
import { newId, nowIso } from '../../http';
import type { Caller } from '../../access/viewer';
import { editsWorkspace } from '../../access/viewer';
import type { AppView } from '../../data/apps/record';
import { appsRepo } from '../../data/apps/repo';
import { PAID_REASONS, paidSubmitStatus } from '../billing/connect';
import { dropVersionCopies, freezeVersion, removeCopiedFiles, uploadFilesToRemove } from '../templates/freeze';
import { shippedSheets } from '../templates/copy';
import { templatesRepo } from '../../data/templates/repo';
import { SETTING_MEDIA, storeUpload } from '../uploads/service';
import { reviewRequestsRepo, type ReviewRequestRow, type SubmissionFields } from '../../data/marketplace/repo';
import { reviewRequestOut } from '../../data/marketplace/record';
import { cleanDescription } from '../../platform/sanitize';
import { currentWorkspaceOrNull } from '../../identity/current-workspace';
import { startJob } from '../jobs/service';

type Form = z.output<typeof SubmitForm>;

/** An image of the form as the upload route answered it. */
const IMAGE_REF = /^\/api\/uploads\/([A-Za-z0-9_-]{1,32})$/;

const flag = (b: boolean) => (b ? 1 : 0);

async function requestOut(ctx: ServerContext, row: ReviewRequestRow): Promise<ReviewRequest> {
  const repo = reviewRequestsRepo(ctx.db);
  return reviewRequestOut(row, await repo.versionNumber(row.version_id), await repo.decisions(row.id));
}

/** The app's request, or null for none. */
export async function getReviewRequest(ctx: ServerContext, app: AppView): Promise<ReviewRequest | null> {
  const row = await reviewRequestsRepo(ctx.db).byApp(app.id);
  return row ? requestOut(ctx, row) : null;
}

/**
 * What a submission of the app would ship if sent now (the form's summary): the sheets and
 * columns a guest of the app reads, as the frozen version will hold them (templates/copy.ts
 * shippedSheets, the same function the copy runs), each with its number of rows.
 */
export async function templateContents(ctx: ServerContext, app: AppView): Promise<TemplateContentsSheet[]> {
  const source = await templatesRepo(ctx.db).app(app.id);
  if (!source) throw notFound(MARKETPLACE_MESSAGES.noAppData);
  return (await shippedSheets(ctx, ctx.db, source)).map(({ sheet, columns }) => ({ title: sheet.title, columns, rows: Number(sheet.row_count) }));
}

/** The app as it is now must be public with no sign-in (read from the app, never from the form). */
function appProblem(app: AppView): HttpError | null {
  if (!app.public) return conflict(`${MARKETPLACE_MESSAGES.appNotPublic}. ${MARKETPLACE_MESSAGES.appNotPublicHelp}`);
  if (app.sign_in_method !== NO_SIGN_IN) return conflict(`${MARKETPLACE_MESSAGES.signInNotAllowed}. ${MARKETPLACE_MESSAGES.signInNotAllowedHelp}`);
  return null;
}

/**
 * The images' sizes, from their stored records: each must be an image uploaded for the
 * marketplace form (POST /api/upload-file) into this app's workspace, at most 3 MB.
 */
async function imageSizes(ctx: ServerContext, app: AppView, thumbnail: string, additional: string[]): Promise<number[]> {
  const refs = [thumbnail, ...additional];
  const ids = refs.map((ref) => IMAGE_REF.exec(ref.trim())?.[1]);
  if (ids.some((id) => !id)) throw badRequest(MARKETPLACE_MESSAGES.imageNotUploaded, [{ path: 'form.additional_images', message: 'Not an uploaded image' }]);
  const rows = new Map((await reviewRequestsRepo(ctx.db).uploads([...new Set(ids as string[])])).map((r) => [r.id, r]));
  const sizes = (ids as string[]).map((id, i) => {
    const row = rows.get(id);
    if (!row || row.workspace_id !== app.workspaceId || row.app_id !== null || !SETTING_MEDIA.image.types.includes(row.type))
      throw badRequest(MARKETPLACE_MESSAGES.imageNotUploaded, [{ path: i === 0 ? 'form.thumbnail' : 'form.additional_images', message: 'Not an uploaded image' }]);
    return Number(row.size);
  });
  return sizes;
}

/** Each image at most 3 MB (the upload route refuses bigger ones; this holds for any stored record). */
function imageSizeProblem(sizes: number[]): string | null {
  for (const [i, size] of sizes.entries())
    if (size > MARKETPLACE_LIMITS.imageMaxBytes) return i === 0 ? marketplaceMessages.thumbnailTooLarge(size) : marketplaceMessages.imageTooBigUpload(i);
  return null;
}

/**
 * Submits (none → pending), resubmits (rejected → pending) or updates (published → pending) the
 * app's template: every check first, then one transaction that writes the request and freezes a
 * new version of the app. An update keeps published_version_id, so the marketplace goes on listing
 * the approved version until a reviewer approves the new one (a rejection leaves the listing as is).
 */
/** The notice of a submission a server stop cut off (its frozen copy is made in the same transaction). */
export const SUBMIT_INTERRUPTED = (name: string) => `Submitting '${name}' to the marketplace was interrupted; nothing was changed. Try again.`;

export async function submitReviewRequest(ctx: ServerContext, app: AppView, form: Form, userId?: string): Promise<ReviewRequest> {
  const appRefusal = appProblem(app);
  if (appRefusal) throw appRefusal;
  const repo = reviewRequestsRepo(ctx.db);
  const existing = await repo.byApp(app.id);
  if (existing && !SUBMITTABLE.includes(existing.status as ReviewStatus)) throw conflict(MARKETPLACE_MESSAGES.notSubmittable);

  const tags = parseTags(form.tags);
  // Checked as typed (priceProblem refuses more than two decimals instead of rounding them away).
  const price = Number(form.price);
  const values = {
    title: form.title,
    summary: form.summary,
    tags,
    description: form.description,
    category: form.category,
    price,
    is_free: form.is_free,
    thumbnail: form.thumbnail,
    thumbnail_bg_color: form.thumbnail_bg_color,
    additional_images: form.additional_images,
  };
  const problem = marketplaceFormProblem(values);
  if (problem) throw badRequest(problem);
  const description = cleanDescription(form.description);
  // Markup with nothing left once cleaned (a lone script) is an empty description.
  if (!richTextHasContent(description)) throw badRequest(MARKETPLACE_MESSAGES.required);
  const sizes = await imageSizes(ctx, app, form.thumbnail, form.additional_images);
  const sizeProblem = marketplaceFormProblem(values, sizes.reduce((a, b) => a + b, 0)) ?? imageSizeProblem(sizes);
  if (sizeProblem) throw badRequest(sizeProblem);
  if (!form.is_free) {
    const paid = await paidSubmitStatus(ctx, app.workspaceId);
    if (!paid.can_submit_paid) throw forbidden(paid.reason === PAID_REASONS.off ? MARKETPLACE_MESSAGES.paidOff : MARKETPLACE_MESSAGES.stripeNotConnected);
  }

  const now = nowIso();
  const fields: SubmissionFields = {
    title: form.title.trim(),
    summary: form.summary.trim(),
    tags: JSON.stringify(tags),
    description,
    category: form.category,
    price_cents: form.is_free ? 0 : priceCents(price),
    is_free: flag(form.is_free),
    thumbnail: form.thumbnail.trim(),
    thumbnail_bg_color: form.thumbnail_bg_color,
    additional_images: JSON.stringify(form.additional_images.map((u) => u.trim())),
    // The app as it was submitted (the app itself is not changed: docs/decisions, the sign-in method after submitting).
    is_public: flag(app.public),
    sign_in_method: app.sign_in_method,
    // Absent (the spec's payload): the rows ship, as before the choice existed.
    with_data: flag(form.with_data ?? true),
    submitted_at: now,
    updated_at: now,
  };
  let copied: string[] = [];
  // Under a job (modules/jobs): the copy's files are written before the commit, so a server
  // stopped in between leaves files the sweep removes by their ids.
  const job = await startJob(ctx, { kind: 'copy', userId: userId ?? null, message: SUBMIT_INTERRUPTED(app.name) });
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const r = reviewRequestsRepo(trx);
      let requestId: string;
      if (existing) {
        if (!(await r.resubmit(existing.id, fields))) throw conflict(MARKETPLACE_MESSAGES.notSubmittable);
        requestId = existing.id;
      } else {
        requestId = newId();
        await r.insert({ ...fields, id: requestId, app_id: app.id, workspace_id: app.workspaceId, status: 'pending', rejection_reason: null, version_id: null, published_version_id: null, created_at: now });
      }
      const frozen = await freezeVersion(ctx, trx, { requestId, app, withRows: form.with_data ?? true, fileId: job.fileId });
      copied = frozen.uploadIds;
      await r.setVersion(requestId, frozen.version.id);
      await job.done(trx);
      return requestId;
    });
    const row = await repo.byApp(app.id);
    if (!row || row.id !== id) throw conflict(MARKETPLACE_MESSAGES.notSubmittable);
    return requestOut(ctx, row);
  } catch (e) {
    await removeCopiedFiles(ctx, copied);
    // Two first submissions at once: the second finds the app's request already there.
    if (isUniqueViolation(e)) throw conflict(MARKETPLACE_MESSAGES.notSubmittable);
    throw e;
  } finally {
    await job.end();
  }
}

/**
 * Cancels a pending or rejected submission: back to none (the request, its versions and their
 * copies go). Refused (409) once a version has been published, whatever the status: a pending or
 * rejected update of a listed template cannot be cancelled, as that would drop the listed version.
 */
export async function cancelReviewRequest(ctx: ServerContext, app: AppView): Promise<void> {
  const existing = await reviewRequestsRepo(ctx.db).byApp(app.id);
  if (!existing) throw notFound(MARKETPLACE_MESSAGES.noRequest);
  if (existing.status === 'published' || existing.published_version_id) throw conflict(MARKETPLACE_MESSAGES.cannotCancelPublished);
  // The copies' files go after the commit; recorded in it, so a stop in between leaves them to the sweep.
  const removeFiles = await ctx.db.transaction().execute(async (trx) => {
    const dropped = await dropVersionCopies(trx, existing.id);
    if (!(await reviewRequestsRepo(trx).deleteIn(existing.id, ['pending', 'rejected']))) throw conflict(MARKETPLACE_MESSAGES.cannotCancelPublished);
    return uploadFilesToRemove(ctx, trx, dropped);
  });
  await removeFiles();
}

/** The images of the marketplace form: PNG, JPEG, GIF or WebP only (read from the bytes; no SVG). */
const IMAGE_RULE = { label: SETTING_MEDIA.image.label, matches: (type: string) => SETTING_MEDIA.image.types.includes(type) };

/**
 * Stores one image of the form as workspace media (readable by anyone holding its id: reviewers,
 * later the marketplace's visitors). Into the named app's workspace when the caller edits it, else
 * the caller's own. Never swept (an editor's file); the workspace's quota bounds it.
 */
export async function uploadMarketplaceImage(
  ctx: ServerContext,
  caller: Caller,
  input: { appId?: string; field: 'thumbnail' | 'image'; name: string; data: Buffer },
): Promise<UploadFileResponse> {
  const user = caller.user;
  if (!user) throw forbidden();
  if (input.data.length > MARKETPLACE_LIMITS.imageMaxBytes) throw badRequest(MARKETPLACE_MESSAGES.imageTooBig);
  let workspaceId: string | null = null;
  if (input.appId) {
    const app = await appsRepo(ctx.db).findById(input.appId);
    if (app && (await editsWorkspace(ctx, user, app.workspace_id))) workspaceId = app.workspace_id;
  }
  workspaceId ??= (await currentWorkspaceOrNull(ctx, user))?.id ?? null;
  if (!workspaceId) throw forbidden('Only owners of a workspace can upload template images');
  const upload = await storeUpload(ctx, { workspaceId, appId: null, rules: [IMAGE_RULE], editor: true }, input.name, input.data);
  return { url: upload.url, name: upload.name, size: upload.size, type: upload.type, field: input.field };
}
