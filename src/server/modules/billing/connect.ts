// Whether a seller may put a paid template on the marketplace (issue 14): this server has Stripe
// keys, and the workspace's connected account can take charges and receive payouts (as Stripe last
// reported it through the account.updated webhook or a check).
import type { ServerContext } from '../../context';

export interface PaidSubmitStatus {
  can_submit_paid: boolean;
  reason?: string;
}

export const PAID_REASONS = {
  off: 'Paid templates are not available on this server yet: submit it as a free template.',
  notConnected: 'Connect a Stripe account on the billing page to sell templates.',
  incomplete: 'Finish setting up your Stripe account on the billing page: it cannot take payments or receive payouts yet.',
} as const;

export function stripeConfigured(ctx: ServerContext): boolean {
  return !!ctx.config.stripeSecretKey;
}

export async function paidSubmitStatus(ctx: ServerContext, workspaceId: string): Promise<PaidSubmitStatus> {
  if (!stripeConfigured(ctx)) return { can_submit_paid: false, reason: PAID_REASONS.off };
  const account = await ctx.db.selectFrom('stripe_accounts').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
  if (!account) return { can_submit_paid: false, reason: PAID_REASONS.notConnected };
  if (!account.charges_enabled || !account.payouts_enabled) return { can_submit_paid: false, reason: PAID_REASONS.incomplete };
  return { can_submit_paid: true };
}
