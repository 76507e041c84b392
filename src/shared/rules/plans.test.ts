import { describe, expect, it } from 'vitest';
import { CODE_PATTERN, FREE_LIMITS, LIFETIME_TIERS, limitsOf, normalizeCode, planKindOf, PRO_LIMITS, uploadQuotaMbOf } from './plans';

describe('plan limits', () => {
  it.each([
    [{ pro: false, codes: 0 }, FREE_LIMITS, 'free'],
    [{ pro: true, codes: 0 }, PRO_LIMITS, 'pro'],
    [{ pro: false, codes: 1 }, LIFETIME_TIERS[0], 'lifetime'],
    [{ pro: false, codes: 2 }, LIFETIME_TIERS[1], 'lifetime'],
    [{ pro: false, codes: 3 }, LIFETIME_TIERS[2], 'lifetime'],
    // More than the stack allows counts as the top tier.
    [{ pro: false, codes: 7 }, LIFETIME_TIERS[2], 'lifetime'],
    // Both: the larger of each limit.
    [{ pro: true, codes: 1 }, { embed: true, apps: null, uploadMb: PRO_LIMITS.uploadMb }, 'pro'],
  ])('%j', (state, limits, kind) => {
    expect(limitsOf(state)).toEqual(limits);
    expect(planKindOf(state)).toBe(kind);
  });

  it('each stacked code raises every limit, and every paid plan beats the free one', () => {
    for (const tier of [...LIFETIME_TIERS, PRO_LIMITS]) {
      expect(tier.embed).toBe(true);
      expect(tier.apps === null || tier.apps > FREE_LIMITS.apps!).toBe(true);
    }
    for (let i = 1; i < LIFETIME_TIERS.length; i++) {
      const [a, b] = [LIFETIME_TIERS[i - 1]!, LIFETIME_TIERS[i]!];
      expect(b.apps === null || (a.apps !== null && b.apps > a.apps)).toBe(true);
      expect(b.uploadMb! > a.uploadMb!).toBe(true);
    }
  });

  it.each([
    [FREE_LIMITS, 1024, 1024],
    [PRO_LIMITS, 1024, 50 * 1024],
    // A server that allows more than the plan keeps its own setting.
    [LIFETIME_TIERS[0]!, 100_000, 100_000],
  ])('upload quota %#', (limits, server, expected) => {
    expect(uploadQuotaMbOf(limits, server)).toBe(expected);
  });
});

describe('codes as typed', () => {
  it.each([
    ['SB-7K2M-9QXD-4HFT', 'SB-7K2M-9QXD-4HFT'],
    ['  sb-7k2m-9qxd-4hft ', 'SB-7K2M-9QXD-4HFT'],
    ['sb 7k2m 9qxd 4hft', 'SB-7K2M-9QXD-4HFT'],
    ['7K2M9QXD4HFT', 'SB-7K2M-9QXD-4HFT'],
    // Letters people mistake for digits.
    ['SB-OOIL-9QXD-4HFT', 'SB-0011-9QXD-4HFT'],
    // A code whose body starts with SB, typed without the prefix.
    ['SB12-3456-7890', 'SB-SB12-3456-7890'],
  ])('%s', (typed, code) => {
    expect(normalizeCode(typed)).toBe(code);
    expect(CODE_PATTERN.test(code)).toBe(true);
  });

  it.each(['', 'hello', 'SB-7K2M-9QXD', 'SB-7K2M-9QXD-4HFT-XXXX', 'SB-UUUU-9QXD-4HFT'])('%s is not a code', (typed) => {
    expect(CODE_PATTERN.test(normalizeCode(typed))).toBe(false);
  });
});
