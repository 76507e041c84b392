import { describe, expect, it } from 'vitest';
import { backoffDelay, classifyError, parseRetryAfter, QuotaGate, SHEETS_LIMITS, TokenBucket, withRetries } from './quota';

describe('TokenBucket', () => {
  it.each([
    { name: 'a full bucket lets a burst through', capacity: 10, perMinute: 60, takes: [[10, 0]], waits: [0] },
    { name: 'then one token a second (60/min)', capacity: 10, perMinute: 60, takes: [[10, 0], [1, 0], [1, 0]], waits: [0, 1000, 2000] },
    { name: 'time refills it', capacity: 10, perMinute: 60, takes: [[10, 0], [3, 3000]], waits: [0, 0] },
    { name: 'never above capacity', capacity: 5, perMinute: 60, takes: [[5, 0], [5, 600_000], [1, 600_000]], waits: [0, 0, 1000] },
    { name: 'partial refill', capacity: 4, perMinute: 120, takes: [[4, 0], [2, 500]], waits: [0, 500] },
  ])('$name', ({ capacity, perMinute, takes, waits }) => {
    const b = new TokenBucket(capacity, perMinute, 0);
    expect(takes.map(([n, now]) => b.take(n!, now!))).toEqual(waits);
  });

  it('refuses more than it can ever hold, and nonsense limits', () => {
    expect(() => new TokenBucket(5, 60, 0).take(6, 0)).toThrow(RangeError);
    expect(() => new TokenBucket(0, 60, 0)).toThrow(RangeError);
    expect(() => new TokenBucket(5, 0, 0)).toThrow(RangeError);
  });
});

describe('QuotaGate', () => {
  it('a request waits for the fuller of the project and the user buckets', () => {
    const gate = new QuotaGate(0, { project: { capacity: 100, perMinute: 100 }, user: { capacity: 2, perMinute: 60 } });
    expect([gate.take('u1', 1, 0), gate.take('u1', 1, 0), gate.take('u1', 1, 0)]).toEqual([0, 0, 1000]);
    // Another user has a bucket of their own.
    expect(gate.take('u2', 1, 0)).toBe(0);
    // Idle users are forgotten once their bucket is full again.
    expect(gate.prune(0)).toBe(2);
    expect(gate.prune(10_000)).toBe(0);
  });

  it.each([
    { name: 'one user', users: 1, limit: 60 },
    { name: 'many users share the project quota', users: 20, limit: 300 },
  ])('the Sheets defaults never send more than the quota in any 60 s window ($name)', ({ users, limit }) => {
    const gate = new QuotaGate(0, SHEETS_LIMITS);
    // Every user sends as fast as the gate allows for ten minutes; each call is sent at its slot.
    const sent: number[] = [];
    const next = new Array<number>(users).fill(0);
    for (;;) {
      let u = 0;
      for (let i = 1; i < users; i++) if (next[i]! < next[u]!) u = i;
      const now = next[u]!;
      if (now > 600_000) break;
      const at = now + gate.take(`u${u}`, 1, now);
      sent.push(at);
      next[u] = at;
    }
    sent.sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < sent.length; i++) {
      while (sent[i]! - sent[j]! >= 60_000) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(limit);
    // …and uses most of it: 90% over ten minutes (the burst is the other tenth).
    expect(sent.filter((t) => t < 600_000).length).toBeGreaterThanOrEqual(limit * 10 * 0.9);
  });
});

describe('backoff', () => {
  it.each([
    { attempt: 0, random: 0.5, after: null, ms: 500 },
    { attempt: 1, random: 0.5, after: null, ms: 1000 },
    { attempt: 3, random: 0.999, after: null, ms: 7992 },
    { attempt: 10, random: 1, after: null, ms: 32_000 },
    { attempt: 50, random: 0.5, after: null, ms: 16_000 },
    { attempt: 0, random: 0, after: null, ms: 0 },
    { attempt: 0, random: 0.5, after: 5000, ms: 5000 },
    { attempt: 6, random: 0.5, after: 5000, ms: 16_000 },
    { attempt: 0, random: 0.5, after: 120_000, ms: 120_000 },
  ])('retry $attempt, random $random, Retry-After $after → $ms ms', ({ attempt, random, after, ms }) => {
    expect(backoffDelay(attempt, () => random, after)).toBe(ms);
  });

  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Wed, 21 Oct 2015 07:28:30 GMT', 30_000],
    ['Wed, 21 Oct 2015 07:27:00 GMT', 0],
    ['soon', null],
    ['-5', null],
    ['1.5', null],
    [null, null],
  ])('Retry-After %j is %j ms', (value, ms) => {
    expect(parseRetryAfter(value, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(ms);
  });
});

const httpError = (status: number, headers: Record<string, string> = {}, data?: unknown) => Object.assign(new Error(`HTTP ${status}`), { status, response: { status, headers: new Headers(headers), data } });

describe('classifyError', () => {
  it.each([
    { name: '429', error: httpError(429), retry: true },
    { name: '500', error: httpError(500), retry: true },
    { name: '502', error: httpError(502), retry: true },
    { name: '503', error: httpError(503), retry: true },
    { name: '504', error: httpError(504), retry: true },
    { name: '408', error: httpError(408), retry: true },
    { name: '400 (bad request: another try repeats it)', error: httpError(400), retry: false },
    { name: '401', error: httpError(401), retry: false },
    { name: '403 permission', error: httpError(403, {}, { error: { errors: [{ reason: 'forbidden' }] } }), retry: false },
    { name: '403 rate limit (Drive)', error: httpError(403, {}, { error: { errors: [{ reason: 'userRateLimitExceeded' }] } }), retry: true },
    { name: '404', error: httpError(404), retry: false },
    { name: 'connection reset', error: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), retry: true },
    { name: 'fetch failed with a cause', error: Object.assign(new TypeError('fetch failed'), { cause: { code: 'UND_ERR_SOCKET' } }), retry: true },
    { name: 'timeout', error: Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }), retry: true },
    { name: 'a name that does not resolve', error: Object.assign(new Error('nope'), { code: 'ENOTFOUND' }), retry: false },
    { name: 'invalid_grant', error: Object.assign(new Error('invalid_grant'), { response: { status: 400, data: { error: 'invalid_grant' } } }), retry: false },
    { name: 'a bug', error: new TypeError('x is undefined'), retry: false },
    { name: 'not an error', error: null, retry: false },
  ])('$name → retry: $retry', ({ error, retry }) => {
    expect(classifyError(error, 0).retry).toBe(retry);
  });

  it('reads Retry-After from a Headers object or a plain one', () => {
    expect(classifyError(httpError(429, { 'Retry-After': '7' }), 0)).toEqual({ retry: true, retryAfterMs: 7000, status: 429 });
    expect(classifyError({ response: { status: 503, headers: { 'retry-after': '2' } } }, 0).retryAfterMs).toBe(2000);
  });
});

describe('withRetries', () => {
  const run = async (outcomes: unknown[], maxAttempts = 5, maxWaitMs?: number) => {
    const slept: number[] = [];
    let calls = 0;
    const result = withRetries(
      async () => {
        const o = outcomes[calls++];
        if (o instanceof Error || (o && typeof o === 'object' && 'status' in o)) throw o;
        return o;
      },
      { sleep: async (ms) => void slept.push(ms), random: () => 0.5, now: () => 0, maxAttempts, ...(maxWaitMs !== undefined ? { maxWaitMs } : {}) },
    ).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    return { ...(await result), slept, calls: () => calls };
  };

  it.each([
    { name: 'succeeds at once', outcomes: ['ok'], value: 'ok', slept: [] },
    { name: 'through a 429 and a 503', outcomes: [httpError(429), httpError(503), 'ok'], value: 'ok', slept: [500, 1000] },
    { name: 'waits as long as Retry-After says', outcomes: [httpError(429, { 'retry-after': '3' }), 'ok'], value: 'ok', slept: [3000] },
  ])('$name', async ({ outcomes, value, slept }) => {
    const r = await run(outcomes);
    expect(r).toMatchObject({ value, slept });
  });

  it.each([
    { name: 'a failure not worth retrying is thrown at once', outcomes: [httpError(400), 'ok'], max: 5, maxWait: undefined, calls: 1, status: 400 },
    { name: 'attempts run out: the last error is thrown', outcomes: [httpError(500), httpError(502), httpError(503)], max: 3, maxWait: undefined, calls: 3, status: 503 },
    { name: 'a Retry-After past the longest wait ends the loop', outcomes: [httpError(429, { 'retry-after': '3600' }), 'ok'], max: 5, maxWait: 60_000, calls: 1, status: 429 },
  ])('$name', async ({ outcomes, max, maxWait, calls, status }) => {
    const r = await run(outcomes, max, maxWait);
    expect(r.calls()).toBe(calls);
    expect((r as { error?: { status?: number } }).error?.status).toBe(status);
  });
});
