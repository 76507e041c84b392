import { describe, expect, it } from 'vitest';
import { IpLimiter, LoginLimiter } from './limiter';

describe('LoginLimiter', () => {
  it('locks a pair after max failures until the window ends', () => {
    let now = 0;
    const l = new LoginLimiter(3, 100, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(l.retryAfter('a@x.com', '1.1.1.1')).toBe(0);
      l.fail('a@x.com', '1.1.1.1');
    }
    expect(l.retryAfter('A@X.com', '1.1.1.1')).toBe(1000);
    expect(l.retryAfter('a@x.com', '2.2.2.2')).toBe(0);
    now = 999;
    expect(l.retryAfter('a@x.com', '1.1.1.1')).toBe(1);
    now = 1000;
    expect(l.retryAfter('a@x.com', '1.1.1.1')).toBe(0);
  });

  it('caps one address across made-up IPs (X-Forwarded-For can be anything)', () => {
    const now = 0;
    const l = new LoginLimiter(3, 5, 1000, () => now);
    for (let i = 0; i < 5; i++) l.fail('a@x.com', `10.0.0.${i}`);
    expect(l.retryAfter('a@x.com', '10.0.0.99')).toBe(1000);
    expect(l.retryAfter('b@x.com', '10.0.0.99')).toBe(0);
  });
});

describe('IpLimiter', () => {
  it('counts one IP whatever the address, until the window ends', () => {
    let now = 0;
    const l = new IpLimiter(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(l.retryAfter('1.1.1.1')).toBe(0);
      l.fail('1.1.1.1');
    }
    expect(l.retryAfter('1.1.1.1')).toBe(1000);
    expect(l.retryAfter('2.2.2.2')).toBe(0);
    now = 1000;
    expect(l.retryAfter('1.1.1.1')).toBe(0);
  });
});
