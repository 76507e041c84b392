// Plans, Stripe Billing and lifetime-deal codes (issue 18). The owner's side: the plan and its
// limits, Upgrade (Stripe Checkout in subscription mode), Manage (Stripe's customer portal), the
// invoices, and redeeming a code. The provider admin's side: generating and revoking codes.
import { z } from 'zod';
import { CODE_LIMITS, CODE_MESSAGES, PLAN_KINDS } from '../rules/plans';

const Limits = z.object({ embed: z.boolean(), apps: z.number().nullable(), upload_mb: z.number() });

/** GET /api/billing/plan (signed in): the caller's workspace's plan. */
export const PlanStatus = z.object({
  plan: z.enum(PLAN_KINDS),
  is_free_plan: z.boolean(),
  /** PLAN=pro on this server: every workspace has everything, nothing to buy. */
  self_hosted: z.boolean(),
  limits: Limits,
  usage: z.object({ apps: z.number(), upload_mb: z.number() }),
  /** Whether Upgrade works on this server (Stripe keys), and the price it shows. */
  upgrade: z.object({ available: z.boolean(), amount_cents: z.number().nullable(), currency: z.string(), interval: z.string() }),
  subscription: z
    .object({
      status: z.string(),
      active: z.boolean(),
      cancel_at_period_end: z.boolean(),
      /** ISO time the paid period ends (renews or stops). */
      current_period_end: z.string().nullable(),
      /** The last invoice could not be paid (Stripe retries; the card needs updating). */
      payment_failed: z.boolean(),
    })
    .nullable(),
  /** A Stripe customer exists: 'Manage subscription' and the invoices can be shown. */
  has_customer: z.boolean(),
  codes: z.object({
    count: z.number(),
    max: z.number(),
    /** The workspace's redeemed codes, by their last four characters. */
    redeemed: z.array(z.object({ hint: z.string(), redeemed_at: z.string() })),
  }),
});
export type PlanStatus = z.infer<typeof PlanStatus>;

/** POST /api/billing/plan/checkout and /api/billing/plan/portal: Stripe's page to send the browser to. */
export const BillingRedirect = z.object({ url: z.string() });

export const Invoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  amount_cents: z.number(),
  currency: z.string(),
  created: z.string(),
  hosted_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;
/** GET /api/billing/invoices: the workspace's invoices from Stripe, newest first (at most 24). */
export const InvoicesResponse = z.object({ invoices: z.array(Invoice) });

/** POST /api/billing/codes/redeem {code} → PlanStatus; 404 unknown, 409 used/revoked/stack full, 429 too many tries. */
export const RedeemCodeBody = z.object({ code: z.string({ error: CODE_MESSAGES.unknown }).max(64, CODE_MESSAGES.unknown) });

export const CODE_STATUSES = ['unused', 'redeemed', 'revoked'] as const;
export const AdminCode = z.object({
  id: z.string(),
  hint: z.string(),
  batch_id: z.string(),
  note: z.string(),
  created_at: z.string(),
  status: z.enum(CODE_STATUSES),
  redeemed_at: z.string().nullable(),
  redeemed_email: z.string().nullable(),
  workspace_name: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type AdminCode = z.infer<typeof AdminCode>;

/** GET /api/admin/codes?status=&page= */
export const AdminCodesQuery = z.object({
  status: z.enum(['all', ...CODE_STATUSES]).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const AdminCodesResponse = z.object({
  codes: z.array(AdminCode),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  counts: z.object({ unused: z.number(), redeemed: z.number(), revoked: z.number() }),
});

/** POST /api/admin/codes {count, note} → 201: the new codes, shown this once. */
export const GenerateCodesBody = z.object({
  count: z.number({ error: CODE_MESSAGES.batchSize }).int(CODE_MESSAGES.batchSize).min(1, CODE_MESSAGES.batchSize).max(CODE_LIMITS.batchMax, CODE_MESSAGES.batchSize),
  note: z.string().max(CODE_LIMITS.noteMax, `The note can be at most ${CODE_LIMITS.noteMax} characters`).default(''),
});
export const GenerateCodesResponse = z.object({ batch_id: z.string(), codes: z.array(z.string()) });

/** POST /api/admin/codes/{id}/revoke → the code as it is now. */
export const RevokeCodeResponse = z.object({ code: AdminCode });
