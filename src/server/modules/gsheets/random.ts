// Randomness for row ids written to Google (ids.ts takes it as a parameter to stay pure).
import crypto from 'node:crypto';

/** A uniform number in [0, 1) from the system's random source, drawn 48 bits at a time from a pooled buffer (a back-fill of 100,000 ids draws 1.6 million). */
let pool = Buffer.alloc(0);
let poolAt = 0;
export function cryptoRandom(): number {
  if (poolAt + 6 > pool.length) {
    pool = crypto.randomBytes(6 * 8192);
    poolAt = 0;
  }
  const n = pool.readUIntBE(poolAt, 6);
  poolAt += 6;
  return n / 2 ** 48;
}
