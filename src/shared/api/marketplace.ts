// The marketplace submission API (shell §3, §7) exactly as the spec names it, plus what the spec
// leaves open (how a request names its app, the upload reference, the decisions kept). A request
// belongs to one app; its owner (or an editor of the workspace) reads, submits and cancels it.
import { z } from 'zod';
import { REVIEW_STATUSES } from '../rules/marketplace';

/** One decision of a reviewer, kept for good (who, when, what). */
export const ReviewDecision = z.object({
  id: z.string(),
  decision: z.enum(['approved', 'rejected']),
  /** The rejection reason (null for an approval). */
  reason: z.string().nullable(),
  reviewer_name: z.string(),
  /** The version decided on (1, 2, ...). */
  version: z.number(),
  decided_at: z.string(),
});
export type ReviewDecision = z.infer<typeof ReviewDecision>;

/** §3's review request as read (reviewRequest of GET). Prices in US dollars. */
export const ReviewRequest = z.object({
  id: z.string(),
  app_id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  title: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  /** Rich HTML, cleaned on the server when stored (and again when served). */
  description: z.string(),
  category: z.string(),
  price: z.number(),
  is_free: z.boolean(),
  /** Image URL. */
  thumbnail: z.string(),
  thumbnail_bg_color: z.string(),
  additional_images: z.array(z.string()),
  rejection_reason: z.string().nullable(),
  /** The app's privacy and sign-in method when it was submitted. */
  is_public: z.boolean(),
  sign_in_method: z.string(),
  /** Whether the template ships its sample rows (false: "Send the template without its data"). */
  with_data: z.boolean(),
  /** The number of the version under review (or published): 1 for the first submission. */
  version: z.number(),
  submitted_at: z.string(),
  updated_at: z.string(),
  /** Newest first. */
  decisions: z.array(ReviewDecision),
});
export type ReviewRequest = z.infer<typeof ReviewRequest>;

/** GET /api/multipage/marketplace/review-request?app_id=… → the app's request, null for none. */
export const ReviewRequestQuery = z.object({ app_id: z.string().min(1).max(64) });
export const ReviewRequestResponse = z.object({ reviewRequest: ReviewRequest.nullable() });

/**
 * PUT /api/multipage/marketplace/review-request with body { form } (§3's submit payload). The
 * service checks it with shared/rules/marketplace.ts (the form's own messages, 400), and 409 when
 * the request is pending (a published one may send an update). Answers 200 { reviewRequest, message }.
 */
export const SubmitForm = z.object({
  title: z.string().max(1000),
  summary: z.string().max(10_000),
  tags: z.union([z.array(z.string().max(1000)).max(200), z.string().max(10_000)]),
  description: z.string().max(4_100_000),
  category: z.string().max(100),
  price: z.coerce.number().optional().default(5),
  is_free: z.boolean(),
  thumbnail: z.string().max(2000),
  thumbnail_bg_color: z.string().max(20).default('#ffffff'),
  additional_images: z.array(z.string().max(2000)).max(50),
  preview_url: z.string().max(2000).optional().nullable(),
  app_id: z.string().min(1).max(64),
  request_id: z.string().max(64).optional().nullable(),
  is_public: z.boolean().optional(),
  publish_url: z.string().max(2000).optional().nullable(),
  sign_in_method: z.string().max(100).optional(),
  sign_in_password: z.string().max(200).optional().nullable(),
  /**
   * Not in §3's payload (an addition; absent means true): false sends the template without its
   * data, so the frozen version and every clone of it have the sheets' columns and no row.
   */
  with_data: z.boolean().optional(),
});
export type SubmitForm = z.input<typeof SubmitForm>;
export const SubmitBody = z.object({ form: SubmitForm });
/** `warnings`: blocks naming a sheet or column the app's data lacks, in words (the submission is not refused). */
export const SubmitResponse = z.object({ reviewRequest: ReviewRequest, message: z.string(), warnings: z.array(z.string()).optional() });

/**
 * GET /api/multipage/marketplace/review-request/contents?app_id=… → what a submission of the app
 * would ship now: the sheets a guest of the app reads, each with the columns a guest reads and its
 * number of rows (templates/copy.ts shippedSheets). "Without its data" ships the same sheets and
 * columns with no row.
 */
export const TemplateContentsQuery = z.object({ app_id: z.string().min(1).max(64) });
export const TemplateContentsSheet = z.object({ title: z.string(), columns: z.array(z.string()), rows: z.number() });
export type TemplateContentsSheet = z.infer<typeof TemplateContentsSheet>;
export const TemplateContentsResponse = z.object({ sheets: z.array(TemplateContentsSheet) });

/** DELETE /api/multipage/marketplace/review-request with body { app_id } → { message }. */
export const CancelBody = z.object({ app_id: z.string().min(1).max(64) });
export const CancelResponse = z.object({ message: z.string() });

/**
 * GET /api/multipage/marketplace/check-stripe-submit-status?app_id=… → can_submit_paid of the app's
 * workspace (its owner or an editor); without app_id, of the caller's own workspace.
 */
export const StripeSubmitStatusQuery = z.object({ app_id: z.string().min(1).max(64).optional() });
export const StripeSubmitStatus = z.object({
  can_submit_paid: z.boolean(),
  /** Why not, in words for the owner (not connected, onboarding unfinished, payments off on this server). */
  reason: z.string().optional(),
});

/**
 * POST /api/upload-file (multipart; field `thumbnail` or `image`, one file per call): the stored
 * image reference. Errors are 400 { message, error } (the message says 'too big' for size).
 */
export const UploadFileResponse = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  field: z.enum(['thumbnail', 'image']),
});
export type UploadFileResponse = z.infer<typeof UploadFileResponse>;
