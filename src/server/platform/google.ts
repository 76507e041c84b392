// The official Google clients, built from settings: Sheets v4 and Drive v3 at GOOGLE_API_URL, the
// OAuth2 client at GOOGLE_OAUTH_URL / GOOGLE_TOKEN_URL (google-auth-library 10's `endpoints`), the
// service account's JWT client at GOOGLE_TOKEN_URL (its token URL is fixed inside the library: the
// request is redirected by an interceptor on the client's own transporter). Tests point all of them
// at testing/google.ts. No SQL here: tokens are persisted through a TokenStore the service gives.
// The libraries are loaded on first use (some 10 MB a server that never talks to Google need not hold).
import type { drive_v3 } from '@googleapis/drive';
import type { sheets_v4 } from '@googleapis/sheets';
import type { Credentials, OAuth2Client } from 'google-auth-library';
import type { Config } from '../config';
import type { GoogleConnectMode } from '../db/schema';

const SCOPE = 'https://www.googleapis.com/auth/';

interface GoogleLibraries {
  auth: typeof import('google-auth-library');
  drive: typeof import('@googleapis/drive').drive;
  sheets: typeof import('@googleapis/sheets').sheets;
}
let libraries: Promise<GoogleLibraries> | null = null;

/** The Google libraries, imported the first time they are needed. */
function google(): Promise<GoogleLibraries> {
  libraries ??= Promise.all([import('google-auth-library'), import('@googleapis/drive'), import('@googleapis/sheets')]).then(([auth, d, s]) => ({ auth, drive: d.drive, sheets: s.sheets }));
  return libraries;
}

/**
 * What each way of connecting asks Google for. `file`: only the files the owner opens with this
 * app (`drive.file`, Google's least-privilege scope); `read` / `read-write`: every spreadsheet of
 * the account, and Drive metadata for the file's version (change polling).
 */
export const GOOGLE_SCOPES: Record<GoogleConnectMode, readonly string[]> = {
  file: [`${SCOPE}drive.file`],
  read: [`${SCOPE}spreadsheets.readonly`, `${SCOPE}drive.metadata.readonly`],
  'read-write': [`${SCOPE}spreadsheets`, `${SCOPE}drive.metadata.readonly`],
};

/** Asked along with the mode's scopes: the account's e-mail (in the ID token), shown to the owner. */
const IDENTITY_SCOPES = ['openid', 'email'];

/** The service account reads and writes the sheets shared with it. */
export const SERVICE_ACCOUNT_SCOPES: readonly string[] = [`${SCOPE}spreadsheets`, `${SCOPE}drive.metadata.readonly`];

/** Tokens are refreshed this long before they expire (a sync never starts on a token about to lapse). */
export const REFRESH_BEFORE_MS = 5 * 60_000;

/** Google's token endpoint as the libraries have it built in (the JWT client cannot be told another). */
const BUILT_IN_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export function oauthConfigured(config: Config): boolean {
  return !!config.googleClientId && !!config.googleClientSecret;
}

export async function oauthClient(config: Config, redirectUri?: string): Promise<OAuth2Client> {
  if (!config.googleClientId || !config.googleClientSecret) throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set');
  const { OAuth2Client } = (await google()).auth;
  return new OAuth2Client({
    clientId: config.googleClientId,
    clientSecret: config.googleClientSecret,
    redirectUri,
    endpoints: { oauth2AuthBaseUrl: config.googleOauthUrl, oauth2TokenUrl: config.googleTokenUrl },
    eagerRefreshThresholdMillis: REFRESH_BEFORE_MS,
  });
}

/** Google's consent page for `mode`: offline access (a refresh token), consent asked every time (so one is always given). */
export async function consentUrl(config: Config, options: { mode: GoogleConnectMode; state: string; redirectUri: string }): Promise<string> {
  return (await oauthClient(config, options.redirectUri)).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: false,
    scope: [...GOOGLE_SCOPES[options.mode], ...IDENTITY_SCOPES],
    state: options.state,
  });
}

export interface GoogleTokens {
  accessToken: string;
  /** Absent when Google's answer omits it (a refresh usually does): keep the one stored. */
  refreshToken: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number | null;
}

export interface ExchangedCode extends GoogleTokens {
  scope: string;
  email: string | null;
}

/**
 * The e-mail in an ID token received straight from Google's token endpoint over TLS (OpenID
 * Connect core §3.1.3.7 lets a client skip the signature check then); null when there is none.
 */
function emailOf(idToken: string | null | undefined): string | null {
  const payload = idToken?.split('.')[1];
  if (!payload || payload.length > 8000) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' && claims.email.length <= 320 ? claims.email : null;
  } catch {
    return null;
  }
}

function tokensOf(c: Credentials): GoogleTokens {
  return { accessToken: c.access_token ?? '', refreshToken: c.refresh_token || null, expiresAt: typeof c.expiry_date === 'number' ? c.expiry_date : null };
}

/** Exchanges the consent's code for tokens (and the account's e-mail). */
export async function exchangeCode(config: Config, code: string, redirectUri: string, mode: GoogleConnectMode): Promise<ExchangedCode> {
  const { tokens } = await (await oauthClient(config, redirectUri)).getToken({ code, redirect_uri: redirectUri });
  if (!tokens.access_token) throw new Error('Google answered the code exchange without an access token');
  return { ...tokensOf(tokens), scope: tokens.scope || GOOGLE_SCOPES[mode].join(' '), email: emailOf(tokens.id_token) };
}

/** Where a connection's tokens live (the service's repo); the client calls it when Google answers. */
export interface TokenStore {
  /** A refreshed access token; `refreshToken` only when Google sent a new one. */
  save(tokens: GoogleTokens): Promise<void>;
}

/** A connection's credentials as stored (decrypted). */
export type ConnectionCredentials =
  | { kind: 'oauth'; accessToken: string | null; refreshToken: string | null; expiresAt: number | null }
  | { kind: 'service_account' };

export interface GoogleAuth {
  auth: OAuth2Client;
  /** Resolves once every token Google handed out so far is stored (call before answering). */
  settled(): Promise<void>;
}

/** The authorised client of a connection: refreshes before expiry and persists what Google answers. */
export async function connectionAuth(config: Config, credentials: ConnectionCredentials, store: TokenStore): Promise<GoogleAuth> {
  const pending: Promise<void>[] = [];
  const { JWT } = (await google()).auth;
  if (credentials.kind === 'service_account') {
    const account = config.googleServiceAccount;
    if (!account) throw new Error('GOOGLE_SERVICE_ACCOUNT_KEY is not set');
    const jwt = new JWT({ email: account.clientEmail, key: account.privateKey, scopes: [...SERVICE_ACCOUNT_SCOPES], eagerRefreshThresholdMillis: REFRESH_BEFORE_MS });
    if (config.googleTokenUrl !== BUILT_IN_TOKEN_URL) {
      const target = config.googleTokenUrl;
      jwt.transporter.interceptors.request.add({
        resolved: async (options) => (String(options.url) === BUILT_IN_TOKEN_URL ? { ...options, url: new URL(target) } : options),
      });
    }
    return { auth: jwt, settled: async () => {} };
  }
  const client = await oauthClient(config);
  client.setCredentials({
    access_token: credentials.accessToken,
    refresh_token: credentials.refreshToken,
    expiry_date: credentials.expiresAt,
  });
  // Emitted on every refresh with Google's answer as sent: without a refresh_token when Google
  // kept the old one (the store then keeps it too).
  client.on('tokens', (tokens: Credentials) => {
    if (!tokens.access_token) return;
    pending.push(store.save(tokensOf(tokens)));
  });
  return {
    auth: client,
    settled: async () => {
      while (pending.length > 0) await pending.shift();
    },
  };
}

function rootUrl(config: Config): { rootUrl?: string } {
  return config.googleApiUrl ? { rootUrl: `${config.googleApiUrl}/` } : {};
}

// googleapis-common carries its own copy of google-auth-library (10.5 beside our 10.9): the two
// OAuth2Client classes differ in private fields only, and the API clients call just `request`,
// `getRequestHeaders` and `getUniverseDomain` on it (googleapis-common/apirequest.js).
export async function sheetsApi(config: Config, auth: OAuth2Client): Promise<sheets_v4.Sheets> {
  const { sheets } = await google();
  return sheets({ version: 'v4', auth: auth as unknown as sheets_v4.Options['auth'], ...rootUrl(config) });
}

export async function driveApi(config: Config, auth: OAuth2Client): Promise<drive_v3.Drive> {
  const { drive } = await google();
  return drive({ version: 'v3', auth: auth as unknown as drive_v3.Options['auth'], ...rootUrl(config) });
}

/**
 * Google refused the refresh token (revoked, expired, the password changed): the owner must
 * consent again. Gaxios names the OAuth error in the message and keeps Google's answer.
 */
export function invalidGrant(e: unknown): { reason: string } | null {
  if (!(e instanceof Error)) return null;
  const data = (e as { response?: { data?: unknown } }).response?.data;
  const body = (typeof data === 'object' && data !== null ? data : {}) as { error?: unknown; error_description?: unknown };
  if (body.error !== 'invalid_grant' && !/^invalid_grant\b/.test(e.message) && !e.message.includes('"error":"invalid_grant"')) return null;
  const why = typeof body.error_description === 'string' ? body.error_description.slice(0, 300) : '';
  return { reason: why ? `Google refused the connection: ${why}` : 'Google refused the connection (access was removed or has expired).' };
}
