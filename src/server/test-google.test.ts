// The local Google (test-google.ts) through the official clients, unchanged: google-auth-library's
// OAuth2Client and JWT, @googleapis/sheets and @googleapis/drive. Not database-bound: it runs in
// both server projects alike. The API clients retry 429 and 5xx on their own by default (gaxios:
// 3 retries, GET/PUT/HEAD/OPTIONS/DELETE only); tests that look at a single answer build them with
// `retry: false`, and one test watches the client's own retry go through.
import { JWT, OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GOOGLE_TOKEN_URL, pointJwtAt, SCOPES, startFakeGoogle, type FakeGoogle } from './test-google.js';

let google: FakeGoogle;
const REDIRECT = 'http://127.0.0.1:9/api/gsheets/oauth/callback';

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => {
  await google.close();
});
beforeEach(() => {
  google.consent = { user: 'owner@example.com', deny: false };
  google.requests.length = 0;
  google.resetCounts();
});

function oauthClient(): OAuth2Client {
  return new OAuth2Client({
    clientId: google.oauthClient.clientId,
    clientSecret: google.oauthClient.clientSecret,
    redirectUri: REDIRECT,
    endpoints: { oauth2AuthBaseUrl: google.authUrl, oauth2TokenUrl: google.tokenUrl, oauth2RevokeUrl: google.revokeUrl },
  });
}

/** Follows the consent URL as the browser would: the 302's Location back to our redirect URI. */
async function consent(authUrl: string): Promise<URL> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function connect(client: OAuth2Client, scope: string[] = [SCOPES.spreadsheets, SCOPES.driveReadonly], extra: { prompt?: string } = {}) {
  const back = await consent(client.generateAuthUrl({ access_type: 'offline', scope, state: 'st-1', ...extra }));
  return client.getToken(back.searchParams.get('code')!);
}

describe('OAuth', () => {
  it('consents with a code and state, exchanges it once, refresh token only on the first offline consent', async () => {
    google.consent.user = 'first@example.com';
    const client = oauthClient();
    const back = await consent(client.generateAuthUrl({ access_type: 'offline', scope: [SCOPES.spreadsheets, 'openid', 'email'], state: 'xyz' }));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code')!;
    const { tokens } = await client.getToken(code);
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\//);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.scope).toContain(SCOPES.spreadsheets);
    expect(tokens.expiry_date).toBeGreaterThan(Date.now() + 3500_000);
    const idClaims = JSON.parse(Buffer.from(tokens.id_token!.split('.')[1]!, 'base64url').toString('utf8')) as { email: string; aud: string };
    expect(idClaims).toMatchObject({ email: 'first@example.com', aud: google.oauthClient.clientId });
    // A code is good once.
    await expect(client.getToken(code)).rejects.toMatchObject({ status: 400, response: { data: { error: 'invalid_grant' } } });
    // Consenting again: no new refresh token, unless prompt=consent.
    expect((await connect(oauthClient(), [SCOPES.spreadsheets])).tokens.refresh_token).toBeUndefined();
    expect((await connect(oauthClient(), [SCOPES.spreadsheets], { prompt: 'consent' })).tokens.refresh_token).toMatch(/^1\/\//);
  });

  it('answers access_denied when the person refuses, and rejects an unknown redirect URI', async () => {
    google.consent.deny = true;
    const back = await consent(oauthClient().generateAuthUrl({ access_type: 'offline', scope: [SCOPES.spreadsheets], state: 's' }));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s');
    expect(back.searchParams.has('code')).toBe(false);
    google.oauthClient.redirectUris = ['https://sheetboard.example/cb'];
    try {
      const res = await fetch(oauthClient().generateAuthUrl({ scope: [SCOPES.spreadsheets] }), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('redirect_uri_mismatch');
    } finally {
      google.oauthClient.redirectUris = [];
    }
  });

  it('refreshes without a new refresh token (the client keeps its own), and a revoked one is invalid_grant', async () => {
    google.consent.user = 'refresh@example.com';
    const client = oauthClient();
    const { tokens } = await connect(client);
    client.setCredentials(tokens);
    const refreshed = await client.refreshAccessToken();
    expect(refreshed.credentials.access_token).not.toBe(tokens.access_token);
    expect(refreshed.credentials.refresh_token).toBe(tokens.refresh_token);
    const tokenAnswer = google.requests.filter((r) => r.kind === 'oauth.token').at(-1)!;
    expect(tokenAnswer.body).toMatchObject({ grant_type: 'refresh_token' });
    google.revokeRefreshToken(tokens.refresh_token!);
    await expect(client.refreshAccessToken()).rejects.toMatchObject({ response: { status: 400, data: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } } });
  });

  it('rejects a wrong client secret and an unknown grant type', async () => {
    const bad = new OAuth2Client({ clientId: google.oauthClient.clientId, clientSecret: 'nope', redirectUri: REDIRECT, endpoints: { oauth2TokenUrl: google.tokenUrl } });
    await expect(bad.getToken('4/whatever')).rejects.toMatchObject({ response: { status: 401, data: { error: 'invalid_client' } } });
    const res = await fetch(google.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type: password' });
  });

  it('gives a service account a token for a JWT signed with its key, and refuses a key it does not know', async () => {
    const key = google.addServiceAccount('robot@sheetboard-test.iam.gserviceaccount.com');
    const jwt = new JWT({ email: key.client_email, key: key.private_key, scopes: [SCOPES.spreadsheets] });
    pointJwtAt(jwt, google.tokenUrl);
    const { token } = await jwt.getAccessToken();
    expect(token).toMatch(/^ya29\./);
    const sent = google.requests.find((r) => r.kind === 'oauth.token')!;
    expect(sent.body).toMatchObject({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' });
    const userinfo = await fetch(`${google.url}/oauth2/v3/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    expect(await userinfo.json()).toMatchObject({ email: key.client_email });

    const stranger = google.addServiceAccount();
    const forged = new JWT({ email: key.client_email, key: stranger.private_key, scopes: [SCOPES.spreadsheets] });
    pointJwtAt(forged, google.tokenUrl);
    await expect(forged.getAccessToken()).rejects.toMatchObject({ response: { status: 400, data: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } } });
    expect(GOOGLE_TOKEN_URL).toBe('https://oauth2.googleapis.com/token');
  });

  it('answers an unknown or expired bearer with 401 UNAUTHENTICATED, and the OAuth client refreshes and retries', async () => {
    const res = await fetch(`${google.url}/v4/spreadsheets/some-id`, { headers: { authorization: 'Bearer ya29.unknown' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    expect(await res.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError' }] } });
    const bare = await fetch(`${google.url}/v4/spreadsheets/some-id`);
    expect(bare.status).toBe(401);

    google.consent.user = 'expiry@example.com';
    // The client believes its token good for an hour; Google says it is not. Without
    // forceRefreshOnFailure an OAuth2Client that knows an expiry_date hands the 401 on...
    const { tokens } = await connect(oauthClient());
    const plain = oauthClient();
    plain.setCredentials({ ...tokens, expiry_date: Date.now() + 3600_000 });
    google.expireAccessTokens();
    await expect(plain.request({ url: `${google.url}/oauth2/v3/userinfo` })).rejects.toMatchObject({ status: 401 });
    // ...with it, the client refreshes once and retries.
    const client = new OAuth2Client({
      clientId: google.oauthClient.clientId,
      clientSecret: google.oauthClient.clientSecret,
      endpoints: { oauth2TokenUrl: google.tokenUrl },
      forceRefreshOnFailure: true,
    });
    client.setCredentials({ ...tokens, expiry_date: Date.now() + 3600_000 });
    google.requests.length = 0;
    const me = await client.request<{ email: string }>({ url: `${google.url}/oauth2/v3/userinfo` });
    expect(me.data.email).toBe('expiry@example.com');
    expect(google.requests.map((r) => `${r.kind} ${r.status}`)).toEqual(['oauth.userinfo 401', 'oauth.token 200', 'oauth.userinfo 200']);
  });
});
