// Google tokens are encrypted at rest (AES-256-GCM): a copy of the database (a backup, a dump
// handed to support) does not hand out access to owners' Google Drives. The key is GOOGLE_TOKEN_KEY,
// or else a random key generated once in DATA_DIR (`google-token.key`, readable by the server's
// user only). Several servers sharing one PostgreSQL database must share GOOGLE_TOKEN_KEY.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

const PREFIX = 'v1:';
const keys = new Map<string, Buffer>();

/** The key of this server (cached per data dir; created on first use when no setting gives one). */
export function tokenKey(config: Pick<Config, 'googleTokenKey' | 'dataDir'>): Buffer {
  if (config.googleTokenKey) return config.googleTokenKey;
  const file = path.join(config.dataDir, 'google-token.key');
  const cached = keys.get(file);
  if (cached) return cached;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': two servers starting at once do not each write their own key.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`The Google token key file ${file} is damaged (it must hold 64 hex digits); set GOOGLE_TOKEN_KEY or delete the file and reconnect Google`);
  keys.set(file, key);
  return key;
}

export function encryptToken(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** null when the text was not encrypted with this key (another server's key, a damaged value). */
export function decryptToken(key: Buffer, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  if (raw.length < 28) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
