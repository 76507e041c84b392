// What Stripe's signed webhook events do to template purchases (billing/service.ts checks the
// signature, remembers the event id and calls applyPurchaseEvent inside the same transaction, so
// a redelivered event changes nothing). Only these events grant or take back a purchase; the
// buyer's redirect to /payment_success never does.
//
// The purchase's states move one way, each from a fixed set, so Stripe's deliveries in any order
// cannot undo a later fact: paid only from pending (a late "completed" never resurrects a refunded
// or disputed purchase), expired only from pending, refunded from anything but expired (and never
// left), disputed only from paid, and a dispute won (or an inquiry closed) back to paid only from
// disputed.
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db';
import type { PurchaseStatus } from '../../db/schema';
import { purchasesRepo, type PurchaseRow } from '../../data/purchases/repo';

/** The events to enable on the platform's webhook endpoint in Stripe's dashboard ("Your account"). */
export const PURCHASE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'checkout.session.async_payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;
export type PurchaseEventType = (typeof PURCHASE_EVENTS)[number];

export function isPurchaseEvent(type: string): type is PurchaseEventType {
  return (PURCHASE_EVENTS as readonly string[]).includes(type);
}

/** An id field Stripe sends either as the id or as the expanded object. */
const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** What one event did, for the log and the tests. */
export type PurchaseEventOutcome = { purchase: string; to: PurchaseStatus } | { ignored: string };

/**
 * Applies one verified event of PURCHASE_EVENTS to the purchase it concerns, on `db` (the
 * webhook's transaction). Events about payments this server did not start, or that do not match
 * the purchase they name, change nothing and are logged.
 */
export async function applyPurchaseEvent(db: Db, log: FastifyBaseLogger, event: Stripe.Event, at: string): Promise<PurchaseEventOutcome> {
  const repo = purchasesRepo(db);
  const type = event.type as PurchaseEventType;
  const ignore = (why: string, level: 'info' | 'warn' | 'error' = 'warn'): PurchaseEventOutcome => {
    log[level]({ eventId: event.id, type }, `Stripe event ignored: ${why}`);
    return { ignored: why };
  };
  const move = async (row: PurchaseRow, from: readonly PurchaseStatus[], to: PurchaseStatus, extra: { paid_at?: string; payment_intent_id?: string } = {}) =>
    (await repo.transition(row.id, from, to, at, extra)) ? { purchase: row.id, to } : ignore(`purchase ${row.id} is ${row.status}, not moved to ${to}`, 'info');

  // Destination charges raise their events on the platform; the same types from a connected
  // account (its own sales, on the Connect endpoint) are not about purchases made here.
  if (event.account) return ignore(`an event of the connected account ${event.account}`);

  if (type.startsWith('checkout.session.')) {
    const session = event.data.object as Stripe.Checkout.Session;
    const row = await repo.bySession(session.id);
    if (!row) return ignore('no purchase has this Checkout Session');
    // The session must be the one this server opened for this purchase.
    if (session.metadata?.purchase_id !== row.id || (session.client_reference_id != null && session.client_reference_id !== row.id))
      return ignore(`the session's purchase does not match ${row.id}`, 'error');
    if (type === 'checkout.session.expired' || type === 'checkout.session.async_payment_failed') return move(row, ['pending'], 'expired');
    if (session.payment_status !== 'paid') return ignore(`the session is ${session.payment_status ?? 'unknown'} (an asynchronous payment still on its way)`, 'info');
    if (session.amount_total !== row.amount_cents || (session.currency ?? '').toLowerCase() !== row.currency)
      return ignore(`paid ${session.amount_total} ${session.currency} for a purchase of ${row.amount_cents} ${row.currency}`, 'error');
    const intent = idOf(session.payment_intent);
    return move(row, ['pending'], 'paid', { paid_at: at, ...(intent ? { payment_intent_id: intent } : {}) });
  }

  if (type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    // A partial refund leaves the purchase standing (the seller gave some money back).
    if (!charge.refunded && charge.amount_refunded < charge.amount) return ignore('a partial refund', 'info');
    const intent = idOf(charge.payment_intent);
    let rows = intent ? await repo.byPaymentIntent(intent) : [];
    // A refund delivered before the session's "completed": the PaymentIntent's metadata names it.
    const named = charge.metadata?.purchase_id;
    if (rows.length === 0 && named) rows = [await repo.byId(named)].filter((r): r is PurchaseRow => !!r);
    if (rows.length === 0) return ignore('no purchase was paid with this charge');
    let last: PurchaseEventOutcome = { ignored: 'nothing to refund' };
    for (const row of rows) last = await move(row, ['pending', 'paid', 'disputed'], 'refunded', intent ? { payment_intent_id: intent } : {});
    return last;
  }

  // charge.dispute.created / charge.dispute.closed
  const dispute = event.data.object as Stripe.Dispute;
  const intent = idOf(dispute.payment_intent);
  const rows = intent ? await repo.byPaymentIntent(intent) : [];
  if (rows.length === 0) return ignore('no purchase was paid with the disputed charge');
  let last: PurchaseEventOutcome = { ignored: 'nothing to change' };
  for (const row of rows) {
    if (type === 'charge.dispute.created') last = await move(row, ['paid'], 'disputed');
    // Won, or an inquiry closed without a chargeback: the buyer keeps what they paid for.
    else if (dispute.status === 'won' || dispute.status === 'warning_closed') last = await move(row, ['disputed'], 'paid');
    else last = ignore(`the dispute closed as ${dispute.status}: the purchase stays disputed`, 'info');
  }
  return last;
}
