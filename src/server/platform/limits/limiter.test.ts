// The limiters over their counts in the test database (SQLite, or PostgreSQL with TEST_DB), on a
// clock the tests move.
import { describe, expect, it } from 'vitest';
import { dbCounters, type Counters } from '../cluster/counters';

import { IpLimiter, LoginLimiter, slowdownMs } from './limiter';
import { testServer } from '../../testing/server';

const t = testServer();

let made = 0;
/** Counts on the test database under a name of this test's own, on the clock `now`. */
function counters(now: () => number): { c: Counters; name: (n: string) => string } {
  const id = ++made;
  return { c: dbCounters(t.ctx.db, now), name: (n) => `test${id}.${n}` };
}

describe('LoginLimiter', () => {
  it('locks a pair after max failures until the window ends', async () => {
    let now = 0;
    const { c, name } = counters(() => now);
    const l = new LoginLimiter(c, name('logins'), 3, 100, 1000);
    for (let i = 0; i < 3; i++) {
      expect(await l.retryAfter('a@x.com', '1.1.1.1')).toBe(0);
      await l.fail('a@x.com', '1.1.1.1');
    }
    expect(await l.retryAfter('A@X.com', '1.1.1.1')).toBe(1000);
    expect(await l.retryAfter('a@x.com', '2.2.2.2')).toBe(0);
    now = 999;
    expect(await l.retryAfter('a@x.com', '1.1.1.1')).toBe(1);
    now = 1000;
    expect(await l.retryAfter('a@x.com', '1.1.1.1')).toBe(0);
  });

  it('caps one address across made-up IPs (X-Forwarded-For can be anything)', async () => {
    const now = 0;
    const { c, name } = counters(() => now);
    const l = new LoginLimiter(c, name('logins'), 3, 5, 1000);
    for (let i = 0; i < 5; i++) await l.fail('a@x.com', `10.0.0.${i}`);
    expect(await l.retryAfter('a@x.com', '10.0.0.99')).toBe(1000);
    expect(await l.retryAfter('b@x.com', '10.0.0.99')).toBe(0);
  });
});

describe('IpLimiter', () => {
  it('counts one IP whatever the address, until the window ends', async () => {
    let now = 0;
    const { c, name } = counters(() => now);
    const l = new IpLimiter(c, name('ips'), 3, 1000);
    for (let i = 0; i < 3; i++) {
      expect(await l.retryAfter('1.1.1.1')).toBe(0);
      await l.fail('1.1.1.1');
    }
    expect(await l.retryAfter('1.1.1.1')).toBe(1000);
    expect(await l.retryAfter('2.2.2.2')).toBe(0);
    now = 1000;
    expect(await l.retryAfter('1.1.1.1')).toBe(0);
  });
});

describe('slow-down', () => {
  it('nothing before the threshold, then the base doubling per failure up to 16 times the base', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => slowdownMs(n, 3, 500))).toEqual([0, 0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(slowdownMs(9, 3, 0)).toBe(0);
  });

  it('slows the failing pair only, and each IP after its own threshold', async () => {
    let now = 0;
    const { c, name } = counters(() => now);
    const l = new LoginLimiter(c, name('logins'), 10, 100, 1000);
    for (let i = 0; i < 4; i++) await l.fail('a@x.com', '1.1.1.1');
    expect(await l.delay('a@x.com', '1.1.1.1', 100)).toBe(200);
    expect(await l.delay('a@x.com', '2.2.2.2', 100)).toBe(0);
    await l.succeed('a@x.com', '1.1.1.1');
    expect(await l.delay('a@x.com', '1.1.1.1', 100)).toBe(0);
    const ip = new IpLimiter(c, name('ips'), 50, 1000);
    for (let i = 0; i < 9; i++) await ip.fail('1.1.1.1');
    expect(await ip.delay('1.1.1.1', 100)).toBe(0);
    await ip.fail('1.1.1.1');
    expect(await ip.delay('1.1.1.1', 100)).toBe(100);
    now = 1000;
    expect(await ip.delay('1.1.1.1', 100)).toBe(0);
  });

  it("a browser that signed in to an address passes the address's budget across IPs, not its own pair's", async () => {
    const now = 0;
    const { c, name } = counters(() => now);
    const l = new LoginLimiter(c, name('logins'), 3, 5, 1000);
    await l.succeed('a@x.com', '9.9.9.9', 'known-device');
    for (let i = 0; i < 5; i++) await l.fail('a@x.com', `10.0.0.${i}`);
    expect(await l.retryAfter('a@x.com', '10.0.0.99')).toBe(1000);
    expect(await l.retryAfter('a@x.com', '10.0.0.99', 'known-device')).toBe(0);
    expect(await l.retryAfter('a@x.com', '10.0.0.99', 'other-device')).toBe(1000);
    expect(await l.knows('b@x.com', 'known-device')).toBe(false);
    for (let i = 0; i < 3; i++) await l.fail('a@x.com', '10.0.0.99');
    expect(await l.retryAfter('a@x.com', '10.0.0.99', 'known-device')).toBe(1000);
  });
});

describe('counts in the database', () => {
  it('two limiters of one name are refused (they would share counts by accident)', () => {
    const { c, name } = counters(Date.now);
    new IpLimiter(c, name('twice'), 3);
    expect(() => new IpLimiter(c, name('twice'), 3)).toThrow(/Two rate limiters are named/);
  });

  it('two servers on one database count into the same window; the sweep removes ended windows only', async () => {
    let now = 5_000;
    const id = ++made;
    const one = new IpLimiter(dbCounters(t.ctx.db, () => now), `test${id}.shared`, 4, 1000);
    const two = new IpLimiter(dbCounters(t.ctx.db, () => now), `test${id}.shared`, 4, 1000);
    await Promise.all([one.fail('9.9.9.9'), two.fail('9.9.9.9'), one.fail('9.9.9.9')]);
    expect(await two.retryAfter('9.9.9.9')).toBe(0);
    await two.fail('9.9.9.9');
    expect(await one.retryAfter('9.9.9.9')).toBe(1000);
    await one.fail('8.8.8.8');
    now = 6_000;
    const swept = await dbCounters(t.ctx.db, () => now).sweep();
    expect(swept).toBeGreaterThanOrEqual(2);
    const left = await t.ctx.db.selectFrom('rate_counters').select('key').where('name', '=', `test${id}.shared`).execute();
    expect(left).toEqual([]);
    // A new window starts at 1 after the old one ended.
    await one.fail('9.9.9.9');
    expect(await one.delay('9.9.9.9', 100)).toBe(0);
    expect(await t.ctx.db.selectFrom('rate_counters').select(['hits']).where('name', '=', `test${id}.shared`).where('key', '=', '9.9.9.9').executeTakeFirstOrThrow()).toEqual({ hits: 1 });
  });
});
