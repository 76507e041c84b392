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
// The counts live in the database (cluster/counters.ts), so every server instance on one
// PostgreSQL counts the same failures; a success clears the pair's count.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Count, Counters } from '../cluster/counters';
import { HttpError } from '../../errors';
import { setPrivateCookie } from '../net/cookies';

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
/** The cookie naming a browser that signed in before (a random id, remembered per address). */
export const DEVICE_COOKIE = 'sb_device';
const DEVICE_COOKIE_DAYS = 365;

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

/**
 * A limiter's place in the shared counts (cluster/counters.ts): its own name there, claimed once
 * (unique per server: Counters.claim), and the wait a key's count imposes.
 */
export abstract class CountingLimiter {
  protected readonly name: string;

  constructor(
    protected readonly counters: Counters,
    name: string,
  ) {
    this.name = counters.claim(name);
  }

  /** Milliseconds until a key with `count` may go again under `max` hits a window (0: now). */
  protected wait(count: Count | null | undefined, max: number): number {
    return count && count.hits >= max ? Math.max(0, count.until - this.counters.now()) : 0;
  }
}

export class LoginLimiter extends CountingLimiter {
  constructor(
    counters: Counters,
    name: string,
    private readonly max = LOGIN_MAX_FAILURES,
    private readonly maxPerEmail = LOGIN_MAX_FAILURES_PER_EMAIL,
    private readonly windowMs = LOGIN_WINDOW_MS,
  ) {
    super(counters, name);
  }

  private pairKey(email: string, ip: string) {
    return `p:${email.toLowerCase()}\n${ip}`;
  }

  private emailKey(email: string) {
    return `a:${email.toLowerCase()}`;
  }

  private deviceKey(email: string, device: string) {
    return `d:${email.toLowerCase()}\n${device}`;
  }

  /**
   * Milliseconds until the pair may try again, or 0 when it may try now. A browser that signed in
   * to the address before (`device`) is not held by the address's budget across IPs.
   */
  async retryAfter(email: string, ip: string, device?: string): Promise<number> {
    const pair = this.pairKey(email, ip);
    const address = this.emailKey(email);
    const known = device ? this.deviceKey(email, device) : null;
    const counts = await this.counters.getMany(this.name, known ? [pair, address, known] : [pair, address]);
    const pairWait = this.wait(counts.get(pair), this.max);
    return known && counts.has(known) ? pairWait : Math.max(pairWait, this.wait(counts.get(address), this.maxPerEmail));
  }

  /** Live failures of the pair. */
  async failuresOf(email: string, ip: string): Promise<number> {
    return (await this.counters.get(this.name, this.pairKey(email, ip)))?.hits ?? 0;
  }

  /** How long the pair's next attempt waits before it is answered (progressive slow-down). */
  async delay(email: string, ip: string, baseMs: number): Promise<number> {
    return slowdownMs(await this.failuresOf(email, ip), SLOWDOWN_AFTER, baseMs);
  }

  async fail(email: string, ip: string): Promise<void> {
    await Promise.all([this.counters.hit(this.name, this.pairKey(email, ip), this.windowMs), this.counters.hit(this.name, this.emailKey(email), this.windowMs)]);
  }

  /** A successful sign-in: the pair's count is cleared and the browser remembered for the address. */
  async succeed(email: string, ip: string, device?: string): Promise<void> {
    await this.counters.clear(this.name, this.pairKey(email, ip));
    // A device's row is its memory: its window is the cookie's lifetime, renewed by each sign-in.
    if (device) {
      const key = this.deviceKey(email, device);
      await this.counters.clear(this.name, key);
      await this.counters.hit(this.name, key, DEVICE_COOKIE_DAYS * 86_400_000);
    }
  }

  /** Whether `device` signed in to the address before. */
  async knows(email: string, device: string | undefined): Promise<boolean> {
    return !!device && (await this.counters.get(this.name, this.deviceKey(email, device))) !== null;
  }
}

/**
 * Attempts per key alone (a client IP, an owner account, an app): catches one client trying many
 * addresses, or many tokens, or asking for many e-mails.
 */
export class IpLimiter extends CountingLimiter {
  constructor(
    counters: Counters,
    name: string,
    private readonly max: number,
    private readonly windowMs = LOGIN_WINDOW_MS,
  ) {
    super(counters, name);
  }

  /** Milliseconds until the key may try again, or 0. */
  async retryAfter(key: string): Promise<number> {
    return this.wait(await this.counters.get(this.name, key), this.max);
  }

  /** How long the key's next attempt waits before it is answered (progressive slow-down). */
  async delay(key: string, baseMs: number): Promise<number> {
    return slowdownMs((await this.counters.get(this.name, key))?.hits ?? 0, SLOWDOWN_AFTER_PER_IP, baseMs);
  }

  async fail(key: string): Promise<void> {
    await this.counters.hit(this.name, key, this.windowMs);
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
  setPrivateCookie(request, reply, DEVICE_COOKIE, id, DEVICE_COOKIE_DAYS * 86_400);
  return id;
}

/** The 429 of a refused attempt: `Retry-After` in seconds, the wait in whole minutes for `message`. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number, message: (wait: string) => string): HttpError {
  const minutes = Math.ceil(waitMs / 60_000);
  reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
  return new HttpError(429, message(`${minutes} minute${minutes === 1 ? '' : 's'}`), undefined, 'too_many_attempts');
}
