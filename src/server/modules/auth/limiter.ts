// Failed sign-in attempts per (e-mail, IP): after MAX_FAILURES inside WINDOW_MS the pair is
// refused with 429 until the window ends, right password or not, so a password cannot be
// guessed at scrypt speed. The IP can be made up (TRUST_PROXY takes X-Forwarded-For as given),
// so an address also has a budget across all IPs, ten times larger: a spread-out guesser gets
// 100 tries per window, and the owner can still sign in with an e-mail link meanwhile.
// In memory, per process: enough for one server; a success clears the pair's count.

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_MAX_FAILURES_PER_EMAIL = 100;
export const LOGIN_WINDOW_MS = 15 * 60_000;
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
