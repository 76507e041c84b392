// scrypt with a random salt per password; parameters travel in the stored string so they can
// be raised later without breaking old hashes.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { COMMON_PASSWORD_MESSAGE } from '../../../shared/rules/passwords';
import { badRequest } from '../../errors';
import { isCommonPassword } from './common-passwords';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const PRODUCTION_N = 16384;
let N = PRODUCTION_N;
const R = 8;
const P = 1;
const KEYLEN = 64;

/**
 * Every new password passes here (owner sign-up, app users' registration, invitation and reset),
 * so this is where a common one is refused: 400 on the `password` field.
 */
export async function hashPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }]);
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, saltB64, keyB64] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

const dummyHash = () => `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEYLEN).toString('base64')}`;

/** A hash to compare against when the user does not exist, so timing does not reveal accounts. */
export let DUMMY_HASH = dummyHash();

/**
 * TESTS ONLY (src/server/testing/app.ts calls it; no setting or environment variable reaches
 * it): the scrypt cost N of new hashes, so that the server tests' thousands of sign-ups and
 * sign-ins do not spend most of their time hashing. Every hash carries its own N, so verifying
 * follows whatever a hash was made with. Nothing in the product calls this: the server always
 * hashes at N = 16384.
 */
export function setHashCostForTests(n: number): void {
  N = n;
  DUMMY_HASH = dummyHash();
}
