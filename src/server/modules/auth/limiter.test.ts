import { describe, expect, it } from 'vitest';
import { IpLimiter, LoginLimiter, slowdownMs } from './limiter';

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

describe('slow-down', () => {
  it('nothing before the threshold, then the base doubling per failure up to 16 times the base', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => slowdownMs(n, 3, 500))).toEqual([0, 0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(slowdownMs(9, 3, 0)).toBe(0);
  });

  it('slows the failing pair only, and each IP after its own threshold', () => {
    let now = 0;
    const l = new LoginLimiter(10, 100, 1000, () => now);
    for (let i = 0; i < 4; i++) l.fail('a@x.com', '1.1.1.1');
    expect(l.delay('a@x.com', '1.1.1.1', 100)).toBe(200);
    expect(l.delay('a@x.com', '2.2.2.2', 100)).toBe(0);
    l.succeed('a@x.com', '1.1.1.1');
    expect(l.delay('a@x.com', '1.1.1.1', 100)).toBe(0);
    const ip = new IpLimiter(50, 1000, () => now);
    for (let i = 0; i < 9; i++) ip.fail('1.1.1.1');
    expect(ip.delay('1.1.1.1', 100)).toBe(0);
    ip.fail('1.1.1.1');
    expect(ip.delay('1.1.1.1', 100)).toBe(100);
    now = 1000;
    expect(ip.delay('1.1.1.1', 100)).toBe(0);
  });

  it("a browser that signed in to an address passes the address's budget across IPs, not its own pair's", () => {
    const now = 0;
    const l = new LoginLimiter(3, 5, 1000, () => now);
    l.succeed('a@x.com', '9.9.9.9', 'known-device');
    for (let i = 0; i < 5; i++) l.fail('a@x.com', `10.0.0.${i}`);
    expect(l.retryAfter('a@x.com', '10.0.0.99')).toBe(1000);
    expect(l.retryAfter('a@x.com', '10.0.0.99', 'known-device')).toBe(0);
    expect(l.retryAfter('a@x.com', '10.0.0.99', 'other-device')).toBe(1000);
    expect(l.knows('b@x.com', 'known-device')).toBe(false);
    for (let i = 0; i < 3; i++) l.fail('a@x.com', '10.0.0.99');
    expect(l.retryAfter('a@x.com', '10.0.0.99', 'known-device')).toBe(1000);
  });
});
