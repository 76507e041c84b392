// 'Compose Email' sends real mail from our server on a click that anyone viewing a public board
// can make, so it is rationed: per block and IP, and per block across all IPs (one sender may
// have many addresses, so the IP alone is not enough). Windows start at a key's first send; the
// counts live in the database (cluster/counters.ts), like the sign-in limiter's, so every server
// instance counts the same sends.
import type { Counters } from '../../platform/cluster/counters';
import { CountingLimiter } from '../../platform/limits/limiter';

export const EMAILS_PER_BLOCK_AND_IP = 20;
export const EMAILS_PER_BLOCK = 100;
export const EMAIL_WINDOW_MS = 3600_000;

export class SendLimiter extends CountingLimiter {
  constructor(
    counters: Counters,
    name: string,
    private readonly perIp = EMAILS_PER_BLOCK_AND_IP,
    private readonly perBlock = EMAILS_PER_BLOCK,
    private readonly windowMs = EMAIL_WINDOW_MS,
  ) {
    super(counters, name);
  }

  /**
   * Milliseconds until a send is allowed (0: now). A 0 answer counts the send. Two instances
   * answering at the same moment may both let the last send of a window through (the check and
   * the count are two statements); the count itself never loses a send.
   */
  async take(blockId: string, ip: string): Promise<number> {
    const ipKey = `${blockId}\n${ip}`;
    const counts = await this.counters.getMany(this.name, [ipKey, blockId]);
    const refused = Math.max(this.wait(counts.get(ipKey), this.perIp), this.wait(counts.get(blockId), this.perBlock));
    if (refused > 0) return refused;
    await Promise.all([this.counters.hit(this.name, ipKey, this.windowMs), this.counters.hit(this.name, blockId, this.windowMs)]);
    return 0;
  }
}
