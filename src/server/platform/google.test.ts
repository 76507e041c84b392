// The pure parts of client.ts and the mode a connection's scopes amount to.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { consentUrl, GOOGLE_SCOPES, invalidGrant, oauthConfigured } from './google';
import { modeOf } from '../modules/gsheets/service';

const gaxiosLike = (message: string, data?: unknown) => Object.assign(new Error(message), { response: data === undefined ? undefined : { status: 400, data } });

describe('invalidGrant', () => {
  it.each([
    [gaxiosLike('invalid_grant', { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }), 'Google refused the connection: Token has been expired or revoked.'],
    [gaxiosLike('invalid_grant'), 'Google refused the connection (access was removed or has expired).'],
    [gaxiosLike('{"error":"invalid_grant","error_description":"reauth related error (invalid_rapt)"}'), 'Google refused the connection (access was removed or has expired).'],
    [gaxiosLike('x', { error: 'invalid_grant', error_description: 'y'.repeat(1000) }), `Google refused the connection: ${'y'.repeat(300)}`],
  ])('%s → reconnect needed', (e, reason) => {
    expect(invalidGrant(e)).toEqual({ reason });
  });

  it.each([
    [gaxiosLike('Request failed with status code 429', { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } })],
    [gaxiosLike('invalid_client', { error: 'invalid_client' })],
    [gaxiosLike('Requested entity was not found.')],
    ['invalid_grant'],
    [null],
  ])('%s is not a refused grant (retried or reported otherwise)', (e) => {
    expect(invalidGrant(e)).toBeNull();
  });
});

describe('consent URL and modes', () => {
  const config = loadConfig({ GOOGLE_CLIENT_ID: 'cid', GOOGLE_CLIENT_SECRET: 's', GOOGLE_OAUTH_URL: 'http://127.0.0.1:9/auth' } as NodeJS.ProcessEnv);

  it('goes to GOOGLE_OAUTH_URL with the mode’s scopes, offline access, forced consent and the state', async () => {
    expect(oauthConfigured(config)).toBe(true);
    expect(oauthConfigured(loadConfig({} as NodeJS.ProcessEnv))).toBe(false);
    const url = new URL(await consentUrl(config, { mode: 'file', state: 'st', redirectUri: 'https://x.example/api/google/callback' }));
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      access_type: 'offline',
      prompt: 'consent',
      state: 'st',
      client_id: 'cid',
      response_type: 'code',
      redirect_uri: 'https://x.example/api/google/callback',
      scope: 'https://www.googleapis.com/auth/drive.file openid email',
    });
  });

  it.each([
    [GOOGLE_SCOPES['read-write'].join(' '), 'read-write'],
    [`${GOOGLE_SCOPES['read-write'].join(' ')} openid email`, 'read-write'],
    [GOOGLE_SCOPES.read.join(' '), 'read'],
    // Only part of read-write granted (Google lets people untick a scope): reads at most.
    ['https://www.googleapis.com/auth/spreadsheets', 'read'],
    [GOOGLE_SCOPES.file.join(' '), 'file'],
    ['', 'file'],
  ] as const)('scopes %j amount to %s', (scope, mode) => {
    expect(modeOf({ kind: 'oauth', scope })).toBe(mode);
  });

  it('the service account reads and writes what is shared with it', () => {
    expect(modeOf({ kind: 'service_account', scope: '' })).toBe('read-write');
  });
});
