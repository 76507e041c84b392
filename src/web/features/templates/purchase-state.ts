// /payment_success?session_id=: what the page shows while it asks for the purchase. Coming back
// from Stripe proves nothing: the purchase is granted only by Stripe's signed webhook, so the page
// polls GET /api/multipage/marketplace/purchases/:sessionId while it is 'pending', every
// POLL_INTERVAL_MS for at most POLL_LIMIT_MS, then says it is still being confirmed.
import type { PurchaseStatus } from '../../../shared/api/templates';

export const POLL_INTERVAL_MS = 1500;
export const POLL_LIMIT_MS = 60_000;
/** Answers asked for in one round of polling (one round: the first visit, or each 'Check again'). */
export const MAX_POLLS = Math.ceil(POLL_LIMIT_MS / POLL_INTERVAL_MS);

export type PaymentView = 'confirming' | 'timeout' | Exclude<PurchaseStatus, 'pending'>;

/** The view for the latest status after `polls` answers in this round. */
export function paymentView(status: PurchaseStatus, polls: number): PaymentView {
  if (status !== 'pending') return status;
  return polls >= MAX_POLLS ? 'timeout' : 'confirming';
}

/** The poll interval TanStack Query should use next: polling stops once the status is settled or the round is over. */
export function nextPoll(status: PurchaseStatus | undefined, polls: number): number | false {
  if (status === undefined) return false;
  return paymentView(status, polls) === 'confirming' ? POLL_INTERVAL_MS : false;
}

export const PAYMENT_TEXTS: Record<PaymentView, { title: string; text: string }> = {
  confirming: {
    title: 'Confirming your payment...',
    text: 'Stripe is confirming your payment with us. This usually takes a few seconds; please keep this page open.',
  },
  paid: {
    title: 'Payment successful',
    text: 'Thank you! The template is yours: make your own copy of it now, or any time later from its page.',
  },
  timeout: {
    title: 'Your payment is still being confirmed',
    text: 'This is taking longer than usual. You will get access as soon as Stripe confirms the payment; you can check again now or come back to the template later.',
  },
  refunded: {
    title: 'This payment was refunded',
    text: 'The money went back to your card, so the template is no longer yours to use. You can buy it again from its page.',
  },
  disputed: {
    title: 'This payment is disputed',
    text: 'The payment was disputed with your bank, so access to the template is paused while the dispute is open.',
  },
  expired: {
    title: 'The payment was not completed',
    text: 'The checkout expired before the payment went through. Nothing was charged; you can try again from the template’s page.',
  },
};

export const PAYMENT_FAIL_TEXT = {
  title: 'Payment cancelled',
  text: 'The payment was cancelled or did not go through, and nothing was charged. You can try again whenever you like.',
} as const;
