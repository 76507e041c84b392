// The seller's payment account (Stripe Connect) as the billing page explains it: four states of
// GET /api/billing/connect, each with its words.
import type { ConnectStatus } from '../../../shared/api/admin';

export type ConnectState = 'off' | 'not-connected' | 'onboarding' | 'ready';

export function connectState(s: ConnectStatus): ConnectState {
  if (!s.configured) return 'off';
  if (!s.account) return 'not-connected';
  return s.account.charges_enabled && s.account.payouts_enabled ? 'ready' : 'onboarding';
}

export const CONNECT_TEXT: Record<ConnectState, { title: string; text: string }> = {
  off: {
    title: 'Paid templates are off',
    text: 'Selling templates is not available on this Sheetboard yet. You can still submit your apps as free templates.',
  },
  'not-connected': {
    title: 'No payment account yet',
    text: 'To sell templates, connect a Stripe account. Buyers pay by card and Stripe pays you out to your bank.',
  },
  onboarding: {
    title: 'Stripe setup not finished',
    text: 'Your Stripe account cannot take payments or pay you out yet. Continue the setup on Stripe to sell templates.',
  },
  ready: {
    title: 'Ready to sell',
    text: 'Your Stripe account takes card payments and pays you out. You can submit paid templates.',
  },
};

/** Stripe sends the seller back with ?stripe=return (done or left) or ?stripe=refresh (link expired). */
export function isStripeReturn(search: URLSearchParams): boolean {
  const v = search.get('stripe');
  return v === 'return' || v === 'refresh';
}

/**
 * The onboarding address our server got from Stripe (or from the stand-in STRIPE_API_URL points
 * at): followed only when it is an http(s) address, never a script link.
 */
export function isOnboardingUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
