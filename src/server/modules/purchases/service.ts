// Buying a paid template (issue 15): a Stripe Checkout Session with the price, the provider's
// application fee (MARKETPLACE_FEE_PERCENT) and the seller's connected account as the destination
// of the rest; a pending purchase row records it. Only the signed webhook (webhook.ts) turns it
// into a paid purchase; the buyer's return to /payment_success only reads its status.
import type Stripe from 'stripe';
import type { CheckoutResponse, PurchaseResponse } from '../../../shared/api/templates';
import { STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { nowIso, sha256 } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { stripeRepo } from '../../data/billing/repo';
import { callStripe, stripeClient, stripeFailure } from '../../platform/stripe';
import { workspaceRepo } from '../../data/workspace/repo';
import { ownCurrentWorkspace } from '../../identity/current-workspace';
import { purchasesRepo, type PurchaseRow } from '../../data/purchases/repo';
import { assertVerifiedFor } from '../account/publishing';

/** Stripe's Checkout Session ids. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,190}$/;
/** An open session is handed out again only while it has this long left to live. */
const REUSE_MARGIN_S = 10 * 60;
export const PURCHASE_CURRENCY = 'usd';

/** The provider's fee of a sale in cents (MARKETPLACE_FEE_PERCENT of the price, rounded). */
export function feeOf(priceCents: number, percent: number): number {
  return Math.round((priceCents * percent) / 100);
}

/** The session's Stripe-hosted page, if it is one the browser may be sent to. */
function payUrl(session: Stripe.Checkout.Session): string {
  if (!session.url || !/^https?:\/\//i.test(session.url) || !SESSION_ID.test(session.id))
    throw new HttpError(502, STRIPE_MESSAGES.unreachable, undefined, 'stripe_unreachable');
  return session.url;
}

/**
 * POST /api/multipage/marketplace/templates/:id/checkout: a Checkout Session for the caller to pay
 * for the template. `baseUrl` is the web app's own address (the configured host), where Stripe
 * sends the buyer back to /payment_success or /payment_fail.
 */
export async function checkout(ctx: ServerContext, user: SessionUser, templateId: string, baseUrl: string): Promise<CheckoutResponse> {
  await assertVerifiedFor(ctx, user.id, 'buying');
  const repo = purchasesRepo(ctx.db);
  const listing = await repo.listing(templateId);
  if (!listing) throw notFound(TEMPLATE_MESSAGES.notFound);
  if (Number(listing.is_free) === 1 || listing.price_cents <= 0) throw badRequest(TEMPLATE_MESSAGES.freeNoCheckout);
  // Any workspace of the buyer's own (they may hold several), or one they edit.
  const ws = await ownCurrentWorkspace(ctx, user, 'Templates go into a workspace of your own. Switch to one of your workspaces first.');
  if ((await workspaceRepo(ctx.db).byId(listing.workspace_id))?.owner_id === user.id || (await repo.editsWorkspace(user.id, listing.workspace_id))) throw conflict(TEMPLATE_MESSAGES.ownTemplate);
  if (await repo.hasPaid(user.id, listing.id)) throw conflict(TEMPLATE_MESSAGES.alreadyPurchased);
  const stripe = stripeClient(ctx.config);
  if (!stripe) throw new HttpError(503, TEMPLATE_MESSAGES.paymentsOff, undefined, 'payments_off');
  const seller = await stripeRepo(ctx.db).accountOf(listing.workspace_id);
  if (!seller || Number(seller.charges_enabled) !== 1) throw conflict(TEMPLATE_MESSAGES.sellerCannotBePaid);

  // The buyer clicked Buy before and that page of Stripe's is still open: the same session again,
  // unless the price or version changed since (then it is closed, so no one pays twice).
  const pending = await repo.latestPending(user.id, listing.id);
  if (pending) {
    const reused = await reuseOrClose(ctx, stripe, pending, listing.price_cents, listing.version_id);
    if (reused) return reused;
  }

  const at = nowIso();
  const fee = feeOf(listing.price_cents, ctx.config.marketplaceFeePercent);
  // Two clicks at once send the same key and the same parameters (the purchase id is derived from
  // them too), so Stripe answers both with one session, whichever stores its row first; the key
  // changes once that purchase is settled (expired, refunded), so buying again opens a new one.
  const previous = (await repo.latestSettled(user.id, listing.id))?.id ?? '';
  // Everything the session is made of, so a repeated key always comes with the same parameters.
  const key = sha256(['checkout', user.id, user.email, baseUrl, listing.id, listing.version_id, listing.title, listing.slug, listing.price_cents, fee, seller.account_id, previous].join('\n'));
  const purchaseId = `pu${key.slice(0, 24)}`;
  const session = await callStripe(ctx, 'checkout session', () =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: PURCHASE_CURRENCY, unit_amount: listing.price_cents, product_data: { name: listing.title } } }],
        payment_intent_data: {
          // No fee at MARKETPLACE_FEE_PERCENT=0 (Stripe wants a positive amount when one is given).
          ...(fee > 0 ? { application_fee_amount: fee } : {}),
          transfer_data: { destination: seller.account_id },
          // Charges and refunds carry it too (a refund that arrives before the session's completion).
          metadata: { purchase_id: purchaseId, template_id: listing.id },
        },
        client_reference_id: purchaseId,
        metadata: { purchase_id: purchaseId, template_id: listing.id, buyer_user_id: user.id },
        customer_email: user.email,
        success_url: `${baseUrl}/payment_success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${baseUrl}/payment_fail?template=${encodeURIComponent(listing.slug)}&session_id={CHECKOUT_SESSION_ID}`,
      },
      { idempotencyKey: `sheetboard-checkout-${key.slice(0, 40)}` },
    ),
  );
  const url = payUrl(session);
  const row: PurchaseRow = {
    id: purchaseId,
    template_id: listing.id,
    buyer_user_id: user.id,
    buyer_workspace_id: ws.id,
    seller_workspace_id: listing.workspace_id,
    version_id: listing.version_id,
    amount_cents: listing.price_cents,
    fee_cents: fee,
    currency: PURCHASE_CURRENCY,
    status: 'pending',
    checkout_session_id: session.id,
    payment_intent_id: null,
    created_at: at,
    updated_at: at,
    paid_at: null,
  };
  try {
    await repo.insert(row);
  } catch (err) {
    // The concurrent click stored the same session first: hand out that one.
    const stored = await repo.bySession(session.id);
    if (!stored || stored.buyer_user_id !== user.id) throw err;
  }
  return { url, session_id: session.id };
}

/** Whether Stripe answered that the session does not exist (keys of another mode, or a test clock gone). */
function sessionMissing(err: unknown): boolean {
  const e = err as { type?: string; code?: string };
  return e?.type === 'StripeInvalidRequestError' && e.code === 'resource_missing';
}

/** The session as Stripe has it now (null: Stripe no longer knows it). */
async function sessionNow(ctx: ServerContext, stripe: Stripe, sessionId: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await stripe.checkout.sessions.retrieve(sessionId);
  } catch (err) {
    if (sessionMissing(err)) return null;
    throw stripeFailure(ctx, err, 'checkout session check');
  }
}

/** The pending purchase's session if it is still open and still right; else closes it. */
async function reuseOrClose(ctx: ServerContext, stripe: Stripe, pending: PurchaseRow, priceCents: number, versionId: string): Promise<CheckoutResponse | null> {
  const repo = purchasesRepo(ctx.db);
  let session = await sessionNow(ctx, stripe, pending.checkout_session_id);
  if (session?.status === 'open') {
    const fresh = session.expires_at - Math.floor(Date.now() / 1000) > REUSE_MARGIN_S;
    if (fresh && pending.amount_cents === priceCents && pending.version_id === versionId) return { url: payUrl(session), session_id: session.id };
    try {
      session = await stripe.checkout.sessions.expire(session.id);
    } catch (err) {
      // Paid or expired in the meantime: Stripe refuses to close it; read what it became.
      if (!(err instanceof Error && (err as { type?: string }).type === 'StripeInvalidRequestError')) throw stripeFailure(ctx, err, 'checkout session close');
      session = await sessionNow(ctx, stripe, session.id);
      if (session?.status === 'open') throw stripeFailure(ctx, err, 'checkout session close');
    }
  }
  // Paid, the webhook not here yet: it will grant the purchase.
  if (session?.status === 'complete') throw conflict(TEMPLATE_MESSAGES.alreadyPurchased);
  // Closed now or before (its checkout.session.expired may still be on its way), or unknown to Stripe.
  await repo.transition(pending.id, ['pending'], 'expired', nowIso());
  return null;
}

/** GET /api/multipage/marketplace/purchases/:sessionId: the caller's own purchase (404 for anyone else's). */
export async function purchaseOf(ctx: ServerContext, user: SessionUser, sessionId: string): Promise<PurchaseResponse> {
  const repo = purchasesRepo(ctx.db);
  const row = await repo.bySession(sessionId);
  if (!row || row.buyer_user_id !== user.id) throw notFound(TEMPLATE_MESSAGES.purchaseNotFound);
  const names = await repo.listingNames(row.template_id);
  return {
    purchase: {
      status: row.status,
      amount: row.amount_cents / 100,
      template: names ? { id: names.id, name: names.title, slug: names.slug, subdomain: names.subdomain } : null,
    },
  };
}
