// The provider's admin area (issue 14): admin accounts are separate from owners (their own table,
// session and cookie). Reviewers read the queue and approve or reject a template version; the
// user list shows the product's owners. None of this is reachable with an owner's or an app
// user's session.
import { z } from 'zod';
import { REVIEW_STATUSES } from '../rules/marketplace';
import { ReviewDecision, ReviewRequest } from './marketplace';

export const AdminAccount = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AdminAccount = z.infer<typeof AdminAccount>;

/** POST /api/admin/login (rate-limited like owners' sign-in) → the account and when its session ends. */
export const AdminLoginBody = z.object({ email: z.string().max(320), password: z.string().max(200) });
export const AdminSessionResponse = z.object({
  admin: AdminAccount,
  /** ISO time the server drops the session; the browser keeps it in session storage (§3). */
  expires_at: z.string(),
});
export type AdminSessionResponse = z.infer<typeof AdminSessionResponse>;
/** GET /api/admin/session → AdminSessionResponse, 401 without. POST /api/admin/logout → 204. */

/** One request of the queue, with what a reviewer needs to decide. */
export const QueueItem = ReviewRequest.extend({
  app_name: z.string(),
  app_subdomain: z.string(),
  owner_name: z.string(),
  owner_email: z.string(),
  /** Where the frozen version under review can be opened (read-only, as visitors will see it). */
  preview_url: z.string(),
  /** The version's content hash (sha256 of its snapshot). */
  content_hash: z.string(),
});
export type QueueItem = z.infer<typeof QueueItem>;

/**
 * GET /api/admin/review-requests?status=pending|published|rejected|all&page= → requests, pending
 * first and oldest first (then the decided, newest decision first), 20 a page, and the total.
 */
export const QueueQuery = z.object({ status: z.enum([...REVIEW_STATUSES, 'all']).default('all'), page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const QueueResponse = z.object({ requests: z.array(QueueItem), total: z.number(), page: z.number(), page_size: z.number() });
/** GET /api/admin/review-requests/:id → { request }. */
export const QueueItemResponse = z.object({ request: QueueItem });

/** POST /api/admin/review-requests/:id/approve → { request } (publishes the version under review). */
/** POST /api/admin/review-requests/:id/reject { reason } → { request }; the reason is required. */
export const RejectBody = z.object({ reason: z.string().max(2000) });

/** GET /api/admin/decisions → every decision ever taken, newest first (/admin_old). */
export const DecisionHistoryItem = ReviewDecision.extend({
  request_id: z.string(),
  title: z.string(),
  app_name: z.string(),
  /** The reviewer's account (null once that account is deleted; reviewer_name stays). */
  admin_id: z.string().nullable(),
});
export const DecisionHistoryResponse = z.object({ decisions: z.array(DecisionHistoryItem) });

/** GET /api/admin/users?search=&page= → the product's owners, newest first, 50 a page. */
export const AdminUsersQuery = z.object({ search: z.string().max(200).optional(), page: z.coerce.number().int().min(1).default(1) });
export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_free_plan: z.boolean(),
  apps: z.number(),
  created_at: z.string(),
});
export const AdminUsersResponse = z.object({ users: z.array(AdminUser), total: z.number(), page: z.number(), page_size: z.number() });

// ---- Sellers' payment account (Stripe Connect), on /dashboard/accountbilling ----
/** GET /api/billing/connect → the workspace's connected account as Stripe last reported it. */
export const ConnectStatus = z.object({
  /** False when this server has no Stripe keys: paid templates are off. */
  configured: z.boolean(),
  account: z
    .object({ id: z.string(), charges_enabled: z.boolean(), payouts_enabled: z.boolean(), details_submitted: z.boolean() })
    .nullable(),
  can_submit_paid: z.boolean(),
});
export type ConnectStatus = z.infer<typeof ConnectStatus>;
/** POST /api/billing/connect → { url }: Stripe's onboarding (an account link); creates the account first if needed. */
export const ConnectLinkResponse = z.object({ url: z.string() });
/**
 * POST /api/billing/connect/refresh → ConnectStatus: reads the account from Stripe again (call it
 * when the owner is back on /dashboard/accountbilling?stripe=return or ?stripe=refresh; the
 * account.updated webhook does the same later anyway). 409 with the reason when Stripe is off; 502
 * or 503 with a message when Stripe cannot be asked; 429 past 30 calls in 10 minutes.
 */
