// 'Compose Email' sends real mail from our server on a click that anyone viewing a public board
// can make, so it is rationed: per block and IP, and per block across all IPs (one sender may
// have many addresses, so the IP alone is not enough). Fixed windows in memory, per process,
// like the sign-in limiter.

export const EMAILS_PER_BLOCK_AND_IP = 20;
export const EMAILS_PER_BLOCK = 100;
export const EMAIL_WINDOW_MS = 3600_000;
const MAX_KEYS = 100_000;

export class SendLimiter {
  private readonly windows = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly perIp = EMAILS_PER_BLOCK_AND_IP,
    private readonly perBlock = EMAILS_PER_BLOCK,
    private readonly windowMs = EMAIL_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private used(key: string, max: number): number {
    const w = this.windows.get(key);
    const now = this.now();
    if (!w || w.until <= now) return 0;
    return w.count >= max ? w.until - now : 0;
  }

  /** Milliseconds until a send is allowed (0: now). A 0 answer counts the send. */
  take(blockId: string, ip: string): number {
    const ipKey = `${blockId}\n${ip}`;
    const wait = Math.max(this.used(ipKey, this.perIp), this.used(blockId, this.perBlock));
    if (wait > 0) return wait;
    this.count(ipKey);
    this.count(blockId);
    return 0;
  }

  private count(key: string) {
    const now = this.now();
    const w = this.windows.get(key);
    if (w && w.until > now) w.count++;
    else {
      if (this.windows.size >= MAX_KEYS) for (const [k, v] of this.windows) if (v.until <= now) this.windows.delete(k);
      this.windows.set(key, { count: 1, until: now + this.windowMs });
    }
  }
}
