// Failed sign-in attempts per (e-mail, IP): after MAX_FAILURES inside WINDOW_MS the pair is
// refused with 429 until the window ends, right password or not, so a password cannot be
// guessed at scrypt speed. The IP can be made up (TRUST_PROXY takes X-Forwarded-For as given),
// so an address also has a budget across all IPs, ten times larger: a spread-out guesser gets
// 100 tries per window, and the owner can still sign in with an e-mail link meanwhile.
// In memory, per process: enough for one server; a success clears the pair's count.
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../errors';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_MAX_FAILURES_PER_EMAIL = 100;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins (any e-mail, bad tokens, taken addresses at sign-up) one IP may have per window. */
export const LOGIN_MAX_FAILURES_PER_IP = 50;
/** E-mails (sign-in links, password resets) one IP may ask for per window. */
export const MAILS_PER_IP = 20;
/** Bound on remembered pairs, so a flood of made-up addresses cannot grow the map forever. */
const MAX_KEYS = 100_000;

export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly max = LOGIN_MAX_FAILURES,
    private readonly maxPerEmail = LOGIN_MAX_FAILURES_PER_EMAIL,
    private readonly windowMs = LOGIN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private key(email: string, ip: string) {
    return `${email.toLowerCase()}\n${ip}`;
  }

  private emailKey(email: string) {
    return email.toLowerCase();
  }

  private wait(key: string, max: number): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const left = entry.until - this.now();
    if (left <= 0) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= max ? left : 0;
  }

  /** Milliseconds until the pair may try again, or 0 when it may try now. */
  retryAfter(email: string, ip: string): number {
    return Math.max(this.wait(this.key(email, ip), this.max), this.wait(this.emailKey(email), this.maxPerEmail));
  }

  fail(email: string, ip: string) {
    this.count(this.key(email, ip));
    this.count(this.emailKey(email));
  }

  private count(key: string) {
    const now = this.now();
    const entry = this.failures.get(key);
    if (entry && entry.until > now) entry.count++;
    else {
      if (this.failures.size >= MAX_KEYS) this.prune(now);
      this.failures.set(key, { count: 1, until: now + this.windowMs });
    }
  }

  succeed(email: string, ip: string) {
    this.failures.delete(this.key(email, ip));
  }

  private prune(now: number) {
    for (const [k, v] of this.failures) if (v.until <= now) this.failures.delete(k);
    // Still full of live entries: forget the oldest (Map keeps insertion order).
    for (const k of this.failures.keys()) {
      if (this.failures.size < MAX_KEYS) break;
      this.failures.delete(k);
    }
  }
}

/**
 * Attempts per client IP alone, whatever the e-mail: a LoginLimiter with the IP in the e-mail's
 * place (both of its counts are then per IP). Catches one client trying many addresses, or
 * many tokens, or asking for many e-mails.
 */
export class IpLimiter {
  private readonly inner: LoginLimiter;

  constructor(max: number, windowMs = LOGIN_WINDOW_MS, now: () => number = Date.now) {
    this.inner = new LoginLimiter(max, max, windowMs, now);
  }

  /** Milliseconds until the IP may try again, or 0. */
  retryAfter(ip: string): number {
    return this.inner.retryAfter(ip, '');
  }

  fail(ip: string) {
    this.inner.fail(ip, '');
  }
}

/** The 429 of a refused attempt: `Retry-After` in seconds, the wait in whole minutes for `message`. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number, message: (wait: string) => string): HttpError {
  const minutes = Math.ceil(waitMs / 60_000);
  reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
  return new HttpError(429, message(`${minutes} minute${minutes === 1 ? '' : 's'}`), undefined, 'too_many_attempts');
}
