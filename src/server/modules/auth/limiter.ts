// Failed sign-in attempts per (e-mail, IP): after MAX_FAILURES inside WINDOW_MS the pair is
// refused with 429 until the window ends, right password or not, so a password cannot be
// guessed at scrypt speed. Before that, a failing client slows down: from its SLOWDOWN_AFTER-th
// failure each of its attempts waits (base, 2×, 4×... up to 16× the base) before it is answered.
// The IP is the connection's (or, behind the proxies TRUST_PROXY names, the one they forward), but
// a guesser can still spread over many real addresses, so an address also has a budget across
// all IPs, ten times larger: a spread-out guesser gets 100 tries per window. That
// budget does not lock out the real user from elsewhere: a browser that signed in to the address
// before carries a device cookie (DEVICE_COOKIE) that passes it; only its own pair's count and its
// IP's apply to it. Owners can also sign in with an e-mail link, app users reset their password.
// In memory, per process: enough for one server; a success clears the pair's count.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_MAX_FAILURES_PER_EMAIL = 100;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins (any e-mail, bad tokens, taken addresses at sign-up) one IP may have per window. */
export const LOGIN_MAX_FAILURES_PER_IP = 50;
/** E-mails (sign-in links, password resets) one IP may ask for per window. */
export const MAILS_PER_IP = 20;
/** Invitation e-mails (app users, workspace editors: each its own budget) one owner account may have sent per hour. */
export const INVITATIONS_PER_OWNER = 100;
export const INVITATIONS_WINDOW_MS = 60 * 60_000;
/** Failures of one (e-mail, IP) pair before its attempts are slowed down. */
export const SLOWDOWN_AFTER = 3;
/** Failures of one IP (any e-mail) before its attempts are slowed down (an office shares an IP). */
export const SLOWDOWN_AFTER_PER_IP = 10;
/** The slow-down doubles per failure up to 2^SLOWDOWN_STEPS times the base. */
const SLOWDOWN_STEPS = 4;
/** Bound on remembered pairs, so a flood of made-up addresses cannot grow the map forever. */
const MAX_KEYS = 100_000;
/** The cookie naming a browser that signed in before (a random id, remembered per address). */
export const DEVICE_COOKIE = 'sb_device';
const DEVICE_COOKIE_DAYS = 365;
const DEVICES_PER_ADDRESS = 20;

/**
 * How long an attempt waits after `failures` failures: nothing before `after`, then `baseMs`,
 * doubling with each further failure up to 16 × `baseMs`.
 */
export function slowdownMs(failures: number, after: number, baseMs: number): number {
  if (failures < after || baseMs <= 0) return 0;
  return baseMs * 2 ** Math.min(failures - after, SLOWDOWN_STEPS);
}

/** Waits `ms` (the slow-down of a failing client). */
export function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; until: number }>();
  /** Browsers (DEVICE_COOKIE ids) that signed in to an address, newest last. */
  private readonly devices = new Map<string, string[]>();

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

  /** Live failures counted under `key`. */
  private countOf(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    if (entry.until <= this.now()) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count;
  }

  private wait(key: string, max: number): number {
    if (this.countOf(key) < max) return 0;
    return this.failures.get(key)!.until - this.now();
  }

  /**
   * Milliseconds until the pair may try again, or 0 when it may try now. A browser that signed in
   * to the address before (`device`) is not held by the address's budget across IPs.
   */
  retryAfter(email: string, ip: string, device?: string): number {
    const pair = this.wait(this.key(email, ip), this.max);
    return this.knows(email, device) ? pair : Math.max(pair, this.wait(this.emailKey(email), this.maxPerEmail));
  }

  /** Live failures of the pair. */
  failuresOf(email: string, ip: string): number {
    return this.countOf(this.key(email, ip));
  }

  /** How long the pair's next attempt waits before it is answered (progressive slow-down). */
  delay(email: string, ip: string, baseMs: number): number {
    return slowdownMs(this.failuresOf(email, ip), SLOWDOWN_AFTER, baseMs);
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
      if (this.failures.size >= MAX_KEYS) this.prune(this.failures, now);
      this.failures.set(key, { count: 1, until: now + this.windowMs });
    }
  }

  /** A successful sign-in: the pair's count is cleared and the browser remembered for the address. */
  succeed(email: string, ip: string, device?: string) {
    this.failures.delete(this.key(email, ip));
    if (!device) return;
    const key = this.emailKey(email);
    const known = (this.devices.get(key) ?? []).filter((d) => d !== device);
    known.push(device);
    this.devices.delete(key);
    if (this.devices.size >= MAX_KEYS) this.devices.delete(this.devices.keys().next().value!);
    this.devices.set(key, known.slice(-DEVICES_PER_ADDRESS));
  }

  /** Whether `device` signed in to the address before. */
  knows(email: string, device: string | undefined): boolean {
    return !!device && (this.devices.get(this.emailKey(email))?.includes(device) ?? false);
  }

  private prune(map: Map<string, { until: number }>, now: number) {
    for (const [k, v] of map) if (v.until <= now) map.delete(k);
    // Still full of live entries: forget the oldest (Map keeps insertion order).
    for (const k of map.keys()) {
      if (map.size < MAX_KEYS) break;
      map.delete(k);
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

  /** How long the IP's next attempt waits before it is answered (progressive slow-down). */
  delay(ip: string, baseMs: number): number {
    // The inner limiter's pair count is the IP's count.
    return slowdownMs(this.inner.failuresOf(ip, ''), SLOWDOWN_AFTER_PER_IP, baseMs);
  }

  fail(ip: string) {
    this.inner.fail(ip, '');
  }
}

/**
 * The browser's device id (DEVICE_COOKIE), set when it has none, so that a sign-in made now is
 * remembered for the address (LoginLimiter.succeed).
 */
export function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  const given = request.cookies[DEVICE_COOKIE];
  if (given && /^[A-Za-z0-9_-]{22}$/.test(given)) return given;
  const id = crypto.randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/', maxAge: DEVICE_COOKIE_DAYS * 86_400 });
  return id;
}

/** The 429 of a refused attempt: `Retry-After` in seconds, the wait in whole minutes for `message`. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number, message: (wait: string) => string): HttpError {
  const minutes = Math.ceil(waitMs / 60_000);
  reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
  return new HttpError(429, message(`${minutes} minute${minutes === 1 ? '' : 's'}`), undefined, 'too_many_attempts');
}
