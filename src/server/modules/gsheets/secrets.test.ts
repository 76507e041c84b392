// Tokens at rest: encrypted with GOOGLE_TOKEN_KEY or a key generated once in DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../testing/server';
import { decryptToken, encryptToken, tokenKey } from './secrets';

const tempDir = tempDirs('sb-secrets-');

describe('token encryption', () => {
  it('round-trips, differs every time, and refuses another key or a damaged value', () => {
    const key = crypto.randomBytes(32);
    const a = encryptToken(key, '1//refresh-token');
    const b = encryptToken(key, '1//refresh-token');
    expect(a).not.toBe(b);
    expect(a).not.toContain('refresh');
    expect(decryptToken(key, a)).toBe('1//refresh-token');
    expect(decryptToken(crypto.randomBytes(32), a)).toBeNull();
    expect(decryptToken(key, `${a.slice(0, -4)}AAAA`)).toBeNull();
    expect(decryptToken(key, '1//plain-token')).toBeNull();
    expect(decryptToken(key, 'v1:')).toBeNull();
  });

  it('uses GOOGLE_TOKEN_KEY when set, else a key file made once in the data dir, readable by its owner only', () => {
    const given = crypto.randomBytes(32);
    expect(tokenKey({ googleTokenKey: given, dataDir: '/nonexistent' })).toBe(given);
    const dataDir = tempDir();
    const first = tokenKey({ googleTokenKey: null, dataDir });
    expect(first.length).toBe(32);
    const file = path.join(dataDir, 'google-token.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(tokenKey({ googleTokenKey: null, dataDir })).toEqual(first);
  });

  it('keeps a key file another server wrote first, and says what to do with a damaged one', () => {
    const dataDir = tempDir();
    const existing = crypto.randomBytes(32);
    fs.writeFileSync(path.join(dataDir, 'google-token.key'), existing.toString('hex'));
    expect(tokenKey({ googleTokenKey: null, dataDir })).toEqual(existing);
    const damaged = tempDir();
    fs.writeFileSync(path.join(damaged, 'google-token.key'), 'not a key');
    expect(() => tokenKey({ googleTokenKey: null, dataDir: damaged })).toThrow(/damaged.*GOOGLE_TOKEN_KEY/);
  });
});
