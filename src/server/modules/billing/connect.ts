// Whether a seller may put a paid template on the marketplace (issue 14): this server has Stripe
// keys, and the workspace's connected account can take charges and receive payouts (as Stripe last
// reported it through the account.updated webhook or a check).
import { MARKETPLACE_MESSAGES } from '../../../shared/rules/marketplace';
import type { ServerContext } from '../../platform/context';
import { stripeRepo } from '../../data/billing/repo';

export interface PaidSubmitStatus {
  can_submit_paid: boolean;
  reason?: string;
}

export const PAID_REASONS = {
  off: MARKETPLACE_MESSAGES.paidOff,
  notConnected: 'Connect a Stripe account on the billing page to sell templates.',
  incomplete: 'Finish setting up your Stripe account on the billing page: it cannot take payments or receive payouts yet.',
} as const;

export function stripeConfigured(ctx: ServerContext): boolean {
  return !!ctx.config.stripeSecretKey;
}

export async function paidSubmitStatus(ctx: ServerContext, workspaceId: string): Promise<PaidSubmitStatus> {
  if (!stripeConfigured(ctx)) return { can_submit_paid: false, reason: PAID_REASONS.off };
  const account = await stripeRepo(ctx.db).accountOf(workspaceId);
  if (!account) return { can_submit_paid: false, reason: PAID_REASONS.notConnected };
  if (!Number(account.charges_enabled) || !Number(account.payouts_enabled)) return { can_submit_paid: false, reason: PAID_REASONS.incomplete };
  return { can_submit_paid: true };
}
