import { describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES } from '../../../shared/api/templates';
import { MAX_POLLS, nextPoll, PAYMENT_TEXTS, paymentView, POLL_INTERVAL_MS, POLL_LIMIT_MS } from './purchase-state';

describe('the payment-success page while the webhook is awaited', () => {
  it('polls every 1.5 s for about a minute', () => {
    expect(POLL_INTERVAL_MS).toBe(1500);
    expect(MAX_POLLS * POLL_INTERVAL_MS).toBeGreaterThanOrEqual(POLL_LIMIT_MS);
    expect((MAX_POLLS - 1) * POLL_INTERVAL_MS).toBeLessThan(POLL_LIMIT_MS);
  });

  it.each([
    ['pending', 1, 'confirming', POLL_INTERVAL_MS],
    ['pending', MAX_POLLS - 1, 'confirming', POLL_INTERVAL_MS],
    ['pending', MAX_POLLS, 'timeout', false],
    ['paid', 1, 'paid', false],
    ['refunded', 3, 'refunded', false],
    ['disputed', 3, 'disputed', false],
    ['expired', MAX_POLLS + 5, 'expired', false],
  ] as const)('%s after %d answers → %s, next poll %s', (status, polls, view, next) => {
    expect(paymentView(status, polls)).toBe(view);
    expect(nextPoll(status, polls)).toBe(next);
  });

  it('does not poll before a first answer (an error is shown with a retry instead)', () => {
    expect(nextPoll(undefined, 0)).toBe(false);
  });

  it('has words for every view', () => {
    for (const s of [...PURCHASE_STATUSES.filter((x) => x !== 'pending'), 'confirming', 'timeout'] as const) {
      expect(PAYMENT_TEXTS[s].title.length).toBeGreaterThan(0);
      expect(PAYMENT_TEXTS[s].text.length).toBeGreaterThan(0);
    }
    expect(PAYMENT_TEXTS.confirming.title).toBe('Confirming your payment...');
    expect(PAYMENT_TEXTS.timeout.text).toMatch(/as soon as Stripe confirms/);
  });
});
