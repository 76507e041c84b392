// Staying inside Google's quotas, and getting through the errors they cause.
//
// - Token buckets: one for the project, one per user (Sheets: 300 and 60 requests per minute).
//   Google counts per minute; a bucket lets a burst of `capacity` through and then `perMinute`
//   more over the next minute, so the defaults keep capacity + perMinute at the quota: no 60 s
//   window ever sees more than the quota; a burst of a tenth keeps 90% of it for steady work.
//   (Google counts reads and writes separately: one gate for each is as safe as one for both.)
// - Backoff: exponential with full jitter (a random wait between 0 and base·2^attempt, capped),
//   never shorter than a Retry-After Google sent.
// - withRetries: the one retry loop. The Google clients retry by themselves unless told not to:
//   create them with `retry: false` so attempts are counted here only.
//
// Pure: time, sleeping and randomness are passed in.

export type Random = () => number;

/** A bucket of `capacity` tokens refilled at `perMinute` tokens a minute. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    readonly capacity: number,
    readonly perMinute: number,
    now: number,
  ) {
    if (!(capacity >= 1) || !(perMinute > 0)) throw new RangeError('A bucket needs a capacity of at least 1 and a positive refill');
    this.tokens = capacity;
    this.last = now;
  }

  private refill(now: number) {
    if (now > this.last) {
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.perMinute) / 60_000);
      this.last = now;
    }
  }

  /** Milliseconds until `n` tokens would be there (0: now), without taking them. */
  wait(n: number, now: number): number {
    this.refill(now);
    return this.tokens >= n ? 0 : Math.ceil(((n - this.tokens) * 60_000) / this.perMinute);
  }

  /**
   * Takes `n` tokens and says how long to wait before sending (0: now). The tokens are reserved at
   * once (the balance may go below zero), so callers queue in the order they asked.
   */
  take(n: number, now: number): number {
    if (n > this.capacity) throw new RangeError(`Cannot take ${n} tokens from a bucket of ${this.capacity}`);
    const wait = this.wait(n, now);
    this.tokens -= n;
    return wait;
  }

  /** True when the bucket is full again (an idle user's bucket can be forgotten). */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }
}

export interface BucketLimits {
  capacity: number;
  perMinute: number;
}

/** Sheets API quotas (300 per project, 60 per user, per minute) as bursts plus refills. */
export const SHEETS_LIMITS: { project: BucketLimits; user: BucketLimits } = {
  project: { capacity: 30, perMinute: 270 },
  user: { capacity: 6, perMinute: 54 },
};

/** The project's bucket and each user's: a request waits for both. */
export class QuotaGate {
  private readonly project: TokenBucket;
  private readonly users = new Map<string, TokenBucket>();

  constructor(
    now: number,
    private readonly limits: { project: BucketLimits; user: BucketLimits } = SHEETS_LIMITS,
  ) {
    this.project = new TokenBucket(limits.project.capacity, limits.project.perMinute, now);
  }

  /**
   * Takes `n` requests' worth from the project's bucket and `user`'s, and says how long to wait
   * (the longer of the two). `user` is whoever's token makes the calls (the connection's owner).
   */
  take(user: string, n: number, now: number): number {
    let bucket = this.users.get(user);
    if (!bucket) this.users.set(user, (bucket = new TokenBucket(this.limits.user.capacity, this.limits.user.perMinute, now)));
    if (n > bucket.capacity || n > this.project.capacity) throw new RangeError(`Cannot take ${n} requests at once`);
    return Math.max(this.project.take(n, now), bucket.take(n, now));
  }

  /** Forgets the buckets of users that are full again (they would start full anyway); returns how many stay. */
  prune(now: number): number {
    for (const [user, b] of this.users) if (b.full(now)) this.users.delete(user);
    return this.users.size;
  }
}

// ---------------------------------------------------------------------------------------------
// Backoff

export interface BackoffOptions {
  /** The first retry waits up to this long (ms). */
  baseMs?: number;
  /** No jittered wait is longer than this (ms). */
  capMs?: number;
}

export const BACKOFF = { baseMs: 1_000, capMs: 32_000 } as const;

/**
 * How long to wait before retry number `attempt` (0 for the first retry): full jitter,
 * random × min(cap, base × 2^attempt), and at least `retryAfterMs` when Google sent one.
 */
export function backoffDelay(attempt: number, random: Random, retryAfterMs: number | null = null, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? BACKOFF.baseMs;
  const cap = options.capMs ?? BACKOFF.capMs;
  const ceiling = Math.min(cap, base * 2 ** Math.min(attempt, 30));
  const jitter = Math.floor(Math.min(1, Math.max(0, random())) * ceiling);
  return retryAfterMs !== null && retryAfterMs > jitter ? retryAfterMs : jitter;
}

/** A Retry-After header value (seconds, or an HTTP date) → milliseconds from `now`, or null. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  if (!/[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

// ---------------------------------------------------------------------------------------------
// Which failures are worth another try

const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Errors of a connection that may work next time (not: a name that does not resolve at all). */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'TimeoutError', 'AbortError']);
/** Drive (and older Google APIs) answer rate limits with 403 and one of these reasons. */
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

export interface RetryVerdict {
  retry: boolean;
  /** The wait Google asked for (Retry-After), if any. */
  retryAfterMs: number | null;
  /** The HTTP status, when there was an answer. */
  status: number | null;
}

type Headerish = { get?(name: string): string | null } | Record<string, unknown> | undefined;

function header(headers: Headerish, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name);
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return Array.isArray(v) ? String(v[0]) : typeof v === 'string' ? v : null;
  return null;
}

function reasons(data: unknown): string[] {
  const error = (data as { error?: { errors?: { reason?: unknown }[]; status?: unknown } } | undefined)?.error;
  const out: string[] = [];
  if (error && Array.isArray(error.errors)) for (const e of error.errors) if (typeof e?.reason === 'string') out.push(e.reason);
  return out;
}

/**
 * Whether a failed call may succeed if tried again: 408, 429, 500, 502, 503, 504, a 403 rate
 * limit, and network errors (reset, refused, timed out…). Not: other 4xx (a bad request, a lost
 * permission, `invalid_grant`), which another try would only repeat. Reads gaxios errors (`status`,
 * `response.status`, `response.headers`, `code`, `cause.code`) and plain objects shaped like them.
 */
export function classifyError(error: unknown, now: number): RetryVerdict {
  const e = error as { status?: unknown; code?: unknown; cause?: { code?: unknown }; response?: { status?: unknown; headers?: Headerish; data?: unknown } } | null;
  const rawStatus = e?.response?.status ?? e?.status;
  const status = typeof rawStatus === 'number' ? rawStatus : null;
  if (status !== null) {
    const retryAfterMs = parseRetryAfter(header(e?.response?.headers, 'retry-after'), now);
    const retry = RETRY_STATUSES.has(status) || (status === 403 && reasons(e?.response?.data).some((r) => RATE_REASONS.has(r)));
    return { retry, retryAfterMs, status };
  }
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : null;
  return { retry: code !== null && NETWORK_CODES.has(code), retryAfterMs: null, status: null };
}

export interface RetryOptions {
  sleep: (ms: number) => Promise<void>;
  random: Random;
  now: () => number;
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** A wait longer than this (a far Retry-After) ends the loop: the next sync tries again. */
  maxWaitMs?: number;
  backoff?: BackoffOptions;
  /** Called before each wait (for logs and the sync's status). */
  onRetry?: (info: { attempt: number; waitMs: number; verdict: RetryVerdict; error: unknown }) => void;
}

/** Calls `fn` until it succeeds, a failure is not worth retrying, or attempts run out; throws the last error. */
export async function withRetries<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const maxWait = options.maxWaitMs ?? 5 * 60_000;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      const verdict = classifyError(error, options.now());
      if (!verdict.retry || attempt + 1 >= options.maxAttempts) throw error;
      const waitMs = backoffDelay(attempt, options.random, verdict.retryAfterMs, options.backoff);
      if (waitMs > maxWait) throw error;
      options.onRetry?.({ attempt, waitMs, verdict, error });
      await options.sleep(waitMs);
    }
  }
}
