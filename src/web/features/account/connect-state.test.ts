import { describe, expect, it } from 'vitest';
import { CONNECT_TEXT, connectState, isOnboardingUrl, isStripeReturn } from './connect-state';

const account = (charges: boolean, payouts: boolean) => ({ id: 'acct_1', charges_enabled: charges, payouts_enabled: payouts, details_submitted: charges });

describe('the payment account state', () => {
  it('reads the four states of GET /api/billing/connect', () => {
    expect(connectState({ configured: false, account: null, can_submit_paid: false })).toBe('off');
    expect(connectState({ configured: true, account: null, can_submit_paid: false })).toBe('not-connected');
    expect(connectState({ configured: true, account: account(false, false), can_submit_paid: false })).toBe('onboarding');
    expect(connectState({ configured: true, account: account(true, false), can_submit_paid: false })).toBe('onboarding');
    expect(connectState({ configured: true, account: account(true, true), can_submit_paid: true })).toBe('ready');
  });

  it('says paid templates are off when this server has no Stripe keys', () => {
    expect(CONNECT_TEXT.off.title).toBe('Paid templates are off');
  });

  it('knows a return from Stripe', () => {
    expect(isStripeReturn(new URLSearchParams('stripe=return'))).toBe(true);
    expect(isStripeReturn(new URLSearchParams('stripe=refresh'))).toBe(true);
    expect(isStripeReturn(new URLSearchParams('stripe=other'))).toBe(false);
    expect(isStripeReturn(new URLSearchParams(''))).toBe(false);
  });

  it('follows only http(s) onboarding addresses', () => {
    expect(isOnboardingUrl('https://connect.stripe.com/setup/s/abc')).toBe(true);
    expect(isOnboardingUrl('http://127.0.0.1:12111/setup')).toBe(true);
    expect(isOnboardingUrl('javascript:alert(1)')).toBe(false);
    expect(isOnboardingUrl('/dashboard')).toBe(false);
  });
});
