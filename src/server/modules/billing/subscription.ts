// The Pro plan through Stripe Billing (issue 18). Upgrade is a Stripe Checkout Session in
// subscription mode for the workspace's Stripe customer (made once, its id stored); managing and
// cancelling is Stripe's customer portal; invoices are read from Stripe. Only the signed webhooks
// (customer.subscription.*, checkout.session.completed of mode subscription, invoice.paid /
// invoice.payment_failed) change the plan: the browser's return from Checkout never does.
import type Stripe from 'stripe';
import type { Invoice, PlanStatus } from '../../../shared/api/billing';
import { STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import { limitsOf, MAX_STACKED_CODES, PLAN_MESSAGES, planKindOf, uploadQuotaMbOf } from '../../../shared/rules/plans';
import type { ServerContext } from '../../platform/context';
import type { Db } from '../../db';
import { conflict, HttpError } from '../../errors';
import { nowIso, sha256 } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { currentWorkspace, ownCurrentWorkspace } from '../../identity/current-workspace';

/** Paying, the portal, invoices and codes are the workspace owner's, not an editor's. */
export const PLAN_OWNER_ONLY = 'Only the workspace’s owner manages its plan and billing. Switch to one of your workspaces first.';
import { ACTIVE_STATUSES, planRepo, type SubscriptionRow } from '../../data/billing/plan-repo';
import { planState, syncPlanFlag } from './plans';
import { callStripe, stripeClient, stripeFailure } from '../../platform/stripe';
import { assertVerifiedFor } from '../account/publishing';

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,90}$/;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9_]{1,90}$/;
const CURRENCY = 'usd';
/** How long the price read from Stripe (STRIPE_PRO_PRICE_ID) is kept before asking again. */
const PRICE_CACHE_MS = 10 * 60_000;

const priceCache = new WeakMap<object, { at: number; amount: number | null; currency: string; interval: string }>();

/** The events to enable on the platform's endpoint for plans ("Your account"). */
export const PLAN_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** Whether the verified event is about plans (a Checkout Session only in subscription mode: payment mode is a template purchase). */
export function isPlanEvent(event: Stripe.Event): boolean {
  if (event.type === 'checkout.session.completed') return (event.data.object as { mode?: string }).mode === 'subscription';
  return (PLAN_EVENTS as readonly string[]).includes(event.type);
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));
const iso = (seconds: number | null | undefined) => (typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : null);
const webUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);

function client(ctx: ServerContext): Stripe {
  const stripe = stripeClient(ctx.config);
  if (!stripe) throw conflict(PLAN_MESSAGES.billingOff);
  return stripe;
}

/** The price Upgrade shows: the configured Stripe Price (read from Stripe, cached), else PRO_PRICE_CENTS a month. */
async function proPrice(ctx: ServerContext): Promise<{ amount: number | null; currency: string; interval: string }> {
  const stripe = stripeClient(ctx.config);
  if (!ctx.config.stripeProPriceId || !stripe) return { amount: ctx.config.proPriceCents, currency: CURRENCY, interval: 'month' };
  const cached = priceCache.get(ctx.config);
  if (cached && Date.now() - cached.at < PRICE_CACHE_MS) return cached;
  try {
    const price = await stripe.prices.retrieve(ctx.config.stripeProPriceId);
    const read = { at: Date.now(), amount: price.unit_amount ?? null, currency: price.currency, interval: price.recurring?.interval ?? 'month' };
    priceCache.set(ctx.config, read);
    return read;
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'the Pro price could not be read from Stripe');
    return { amount: null, currency: CURRENCY, interval: 'month' };
  }
}

/** GET /api/billing/plan: the caller's workspace's plan, limits, usage, subscription and codes. */
export async function planStatus(ctx: ServerContext, user: SessionUser): Promise<PlanStatus> {
  const ws = await currentWorkspace(ctx, user);
  const repo = planRepo(ctx.db);
  const state = await planState(ctx, ctx.db, ws.id);
  const limits = limitsOf(state);
  const [apps, bytes, sub, customer, codes] = await Promise.all([
    repo.appCount(ws.id),
    repo.uploadBytes(ws.id),
    repo.latestSubscription(ws.id),
    repo.customerOf(ws.id),
    repo.codesOf(ws.id),
  ]);
  const selfHosted = ctx.config.plan === 'pro';
  const price = await proPrice(ctx);
  return {
    plan: planKindOf(state),
    is_free_plan: !state.pro && state.codes === 0,
    self_hosted: selfHosted,
    limits: { embed: limits.embed, apps: limits.apps, upload_mb: uploadQuotaMbOf(limits, ctx.config.uploadQuotaMb) },
    usage: { apps, upload_mb: Math.round((bytes / (1024 * 1024)) * 100) / 100 },
    upgrade: { available: !!stripeClient(ctx.config) && !selfHosted, amount_cents: price.amount, currency: price.currency, interval: price.interval },
    subscription: sub
      ? {
          status: sub.status,
          active: (ACTIVE_STATUSES as readonly string[]).includes(sub.status),
          cancel_at_period_end: Number(sub.cancel_at_period_end) === 1,
          current_period_end: sub.current_period_end,
          payment_failed: customer?.last_invoice_status === 'failed',
        }
      : null,
    has_customer: !!customer,
    codes: { count: codes.length, max: MAX_STACKED_CODES, redeemed: codes.map((c) => ({ hint: c.hint, redeemed_at: c.redeemed_at! })) },
  };
}

/** Whether Stripe answered that the customer does not exist (deleted, or keys of the other mode). */
function customerMissing(err: unknown): boolean {
  const e = err as { type?: string; code?: string };
  return e?.type === 'StripeInvalidRequestError' && e.code === 'resource_missing';
}

/** The workspace's Stripe customer, made once (an idempotency key of the workspace: two clicks, one customer). */
async function customerFor(ctx: ServerContext, stripe: Stripe, workspaceId: string, user: SessionUser, replacing = ''): Promise<string> {
  const repo = planRepo(ctx.db);
  const stored = await repo.customerOf(workspaceId);
  if (stored) return stored.customer_id;
  const customer = await callStripe(ctx, 'customer creation', () =>
    stripe.customers.create(
      { email: user.email, name: user.name, metadata: { workspace_id: workspaceId } },
      { idempotencyKey: `sheetboard-customer-${workspaceId}-${sha256(`${user.email}\n${replacing}`).slice(0, 16)}` },
    ),
  );
  if (!CUSTOMER_ID.test(customer.id)) throw new HttpError(502, STRIPE_MESSAGES.unreachable, undefined, 'stripe_unreachable');
  await repo.insertCustomer(workspaceId, customer.id, nowIso());
  return (await repo.customerOf(workspaceId))!.customer_id;
}

/**
 * POST /api/billing/plan/checkout: a Stripe Checkout Session in subscription mode for the Pro plan
 * (STRIPE_PRO_PRICE_ID, or PRO_PRICE_CENTS a month as inline price data). `baseUrl` is the web
 * app's configured address, where Stripe sends the owner back.
 */
export async function upgradeCheckout(ctx: ServerContext, user: SessionUser, baseUrl: string): Promise<{ url: string }> {
  if (ctx.config.plan === 'pro') throw conflict(PLAN_MESSAGES.selfHosted);
  const stripe = client(ctx);
  const ws = await ownCurrentWorkspace(ctx, user, PLAN_OWNER_ONLY);
  await assertVerifiedFor(ctx, user.id, 'buying');
  if (await planRepo(ctx.db).hasActiveSubscription(ws.id)) throw conflict(PLAN_MESSAGES.alreadyPaid);
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = ctx.config.stripeProPriceId
    ? { price: ctx.config.stripeProPriceId, quantity: 1 }
    : { quantity: 1, price_data: { currency: CURRENCY, unit_amount: ctx.config.proPriceCents, recurring: { interval: 'month' }, product_data: { name: 'Sheetboard Pro' } } };
  let customer = await customerFor(ctx, stripe, ws.id, user);
  for (let attempt = 0; ; attempt++) {
    try {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [lineItem],
        client_reference_id: ws.id,
        metadata: { workspace_id: ws.id, user_id: user.id },
        subscription_data: { metadata: { workspace_id: ws.id } },
        success_url: `${baseUrl}/dashboard/accountbilling?upgrade=done&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${baseUrl}/dashboard/accountbilling?upgrade=cancelled`,
      });
      const url = webUrl(session.url);
      if (!url) throw new HttpError(502, STRIPE_MESSAGES.unreachable, undefined, 'stripe_unreachable');
      return { url };
    } catch (err) {
      // The stored customer is gone on Stripe's side: forget it and make a new one (once).
      if (attempt === 0 && customerMissing(err)) {
        ctx.log.warn({ customer }, 'the Stripe customer no longer exists: making a new one');
        await planRepo(ctx.db).deleteCustomer(ws.id, customer);
        customer = await customerFor(ctx, stripe, ws.id, user, customer);
        continue;
      }
      throw stripeFailure(ctx, err, 'subscription checkout');
    }
  }
}

/** POST /api/billing/plan/portal: Stripe's customer portal (card, invoices, cancel), back to the billing page. */
export async function billingPortal(ctx: ServerContext, user: SessionUser, baseUrl: string): Promise<{ url: string }> {
  const stripe = client(ctx);
  const ws = await ownCurrentWorkspace(ctx, user, PLAN_OWNER_ONLY);
  const customer = await planRepo(ctx.db).customerOf(ws.id);
  if (!customer) throw conflict(PLAN_MESSAGES.noCustomer);
  const session = await callStripe(ctx, 'customer portal', () => stripe.billingPortal.sessions.create({ customer: customer.customer_id, return_url: `${baseUrl}/dashboard/accountbilling` }));
  const url = webUrl(session.url);
  if (!url) throw new HttpError(502, STRIPE_MESSAGES.unreachable, undefined, 'stripe_unreachable');
  return { url };
}

/** GET /api/billing/invoices: the workspace's invoices from Stripe, newest first (none before a customer exists). */
export async function invoices(ctx: ServerContext, user: SessionUser): Promise<{ invoices: Invoice[] }> {
  const ws = await ownCurrentWorkspace(ctx, user, PLAN_OWNER_ONLY);
  const customer = await planRepo(ctx.db).customerOf(ws.id);
  const stripe = stripeClient(ctx.config);
  if (!customer || !stripe) return { invoices: [] };
  const list = await callStripe(ctx, 'invoice list', () => stripe.invoices.list({ customer: customer.customer_id, limit: 24 }));
  return {
    invoices: list.data
      // Drafts are Stripe's working copies, not bills.
      .filter((i) => i.status !== 'draft')
      .map((i) => ({
        id: i.id ?? '',
        number: i.number ?? null,
        status: i.status ?? null,
        amount_cents: i.status === 'paid' ? i.amount_paid : i.amount_due,
        currency: i.currency,
        created: iso(i.created) ?? nowIso(),
        hosted_url: webUrl(i.hosted_invoice_url),
        pdf_url: webUrl(i.invoice_pdf),
      })),
  };
}

/** The period end of a subscription (on its items since Stripe's 2025-03-31 API; on the subscription before). */
function periodEnd(sub: Stripe.Subscription): string | null {
  const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
  return iso(item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end);
}

export type PlanEventOutcome = { workspace: string } | { ignored: string };

/**
 * Applies one verified plan event (billing/service.ts checked the signature and records the event
 * id in the same transaction `db` belongs to, so a redelivery does nothing). The workspace is the
 * one whose Stripe customer the event names; a customer this server did not make changes nothing.
 */
export async function applyPlanEvent(db: Db, ctx: Pick<ServerContext, 'log'>, event: Stripe.Event, at: string): Promise<PlanEventOutcome> {
  const repo = planRepo(db);
  const ignore = (why: string, level: 'info' | 'warn' | 'error' = 'warn'): PlanEventOutcome => {
    ctx.log[level]({ eventId: event.id, type: event.type }, `Stripe event ignored: ${why}`);
    return { ignored: why };
  };
  if (event.account) return ignore(`an event of the connected account ${event.account}`);
  const eventAt = new Date(event.created * 1000).toISOString();

  if (event.type.startsWith('customer.subscription.')) {
    const sub = event.data.object as Stripe.Subscription;
    const customerId = idOf(sub.customer);
    const customer = customerId ? await repo.byCustomer(customerId) : undefined;
    if (!customer) return ignore('no workspace has this customer');
    if (sub.metadata?.workspace_id && sub.metadata.workspace_id !== customer.workspace_id) return ignore(`the subscription names another workspace than its customer's`, 'error');
    if (!SUBSCRIPTION_ID.test(sub.id)) return ignore('not a subscription id', 'error');
    const stored = await repo.subscription(sub.id);
    if (stored && stored.workspace_id !== customer.workspace_id) return ignore('the subscription belongs to another workspace', 'error');
    const row: SubscriptionRow = {
      id: sub.id,
      workspace_id: customer.workspace_id,
      customer_id: customer.customer_id,
      status: event.type === 'customer.subscription.deleted' ? 'canceled' : String(sub.status),
      cancel_at_period_end: sub.cancel_at_period_end ? 1 : 0,
      current_period_end: periodEnd(sub),
      event_at: eventAt,
      updated_at: at,
    };
    // A deletion is final whatever arrives after it: an older "updated" never revives it.
    if (stored?.status === 'canceled' && row.status !== 'canceled') return ignore('the subscription was cancelled already', 'info');
    if (!(await repo.upsertSubscription(row))) return ignore('an older event than the stored state', 'info');
    await syncPlanFlag(db, customer.workspace_id);
    return { workspace: customer.workspace_id };
  }

  if (event.type === 'checkout.session.completed') {
    const session = event.data.object as Stripe.Checkout.Session;
    const customerId = idOf(session.customer);
    const subscriptionId = idOf(session.subscription);
    const customer = customerId ? await repo.byCustomer(customerId) : undefined;
    if (!customer) return ignore('no workspace has this customer');
    if (session.metadata?.workspace_id !== customer.workspace_id) return ignore(`the session's workspace does not match its customer's`, 'error');
    if (!subscriptionId || !SUBSCRIPTION_ID.test(subscriptionId)) return ignore('the session has no subscription', 'error');
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return ignore(`the session is ${session.payment_status}`, 'info');
    // The subscription's own events are the record; this only opens the plan when it comes first.
    await repo.insertSubscriptionIfNew({
      id: subscriptionId,
      workspace_id: customer.workspace_id,
      customer_id: customer.customer_id,
      status: 'active',
      cancel_at_period_end: 0,
      current_period_end: null,
      // Older than any event of the subscription itself, so the first of those always applies.
      event_at: new Date(0).toISOString(),
      updated_at: at,
    });
    await syncPlanFlag(db, customer.workspace_id);
    return { workspace: customer.workspace_id };
  }

  // invoice.paid / invoice.payment_failed: the page tells the owner when the card was refused.
  const invoice = event.data.object as Stripe.Invoice;
  const customerId = idOf(invoice.customer);
  const customer = customerId ? await repo.byCustomer(customerId) : undefined;
  if (!customer) return ignore('no workspace has this customer');
  await repo.setInvoiceStatus(customer.customer_id, event.type === 'invoice.paid' ? 'paid' : 'failed', eventAt);
  return { workspace: customer.workspace_id };
}
