// Start-up checks of the settings that name something outside the process: the database of
// DATABASE_URL answers, the bucket of S3_BUCKET exists and takes our key, Stripe accepts
// STRIPE_SECRET_KEY, Google knows the OAuth client of GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET. main.ts runs them before anything else starts, and a failure stops the start
// with one line naming the setting (exit 1), instead of a stack trace or a server that looks up
// and fails its first request. Formats (a bucket name, a service account key) are checked earlier,
// when the settings are read (config.ts).
import pg from 'pg';
import { isPostgres, type Config, type S3Settings } from '../config';
import { stripeClient } from './stripe';

/** A setting that is wrong: main.ts prints the message alone (it names the setting) and exits 1. */
export class SettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingError';
  }
}

/** The settings' own messages (config.ts) begin so; they are printed alone too. */
export function isSettingError(e: unknown): e is Error {
  return e instanceof SettingError || (e instanceof Error && /^Settings? [A-Z][A-Z0-9_]*/.test(e.message));
}

/** How long each outside service gets to answer. */
const CHECK_TIMEOUT_MS = 10_000;

function withTimeout<T>(what: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([what, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(late()), ms)))]).finally(() => clearTimeout(timer));
}

/** host:port of a connection string, without the user or password. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`;
  } catch {
    return 'the address given';
  }
}

function reason(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const byCode: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found (DNS)',
    ETIMEDOUT: 'timed out',
    EHOSTUNREACH: 'host unreachable',
    '28P01': 'password refused',
    '28000': 'the user may not connect',
    '3D000': 'the database does not exist',
  };
  return (err.code && byCode[err.code]) || err.message?.split('\n')[0] || String(e);
}

export async function checkDatabase(config: Config): Promise<void> {
  if (!isPostgres(config)) return;
  const url = config.databaseUrl!;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    if (config.pgSchema) {
      const found = await client.query('select 1 from information_schema.schemata where schema_name = $1', [config.pgSchema]);
      if (found.rowCount === 0) throw new SettingError(`Setting DATABASE_SCHEMA: the schema '${config.pgSchema}' does not exist in the database of DATABASE_URL (${where(url)}); create it first`);
    } else await client.query('select 1');
  } catch (e) {
    if (e instanceof SettingError) throw e;
    throw new SettingError(`Setting DATABASE_URL: PostgreSQL at ${where(url)} cannot be reached (${reason(e)})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkBucket(s3: S3Settings | null): Promise<void> {
  if (!s3) return;
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({ region: s3.region, endpoint: s3.endpoint ?? undefined, forcePathStyle: s3.forcePathStyle, credentials: s3.credentials ?? undefined, maxAttempts: 1 });
  const at = s3.endpoint ? ` at ${s3.endpoint}` : '';
  try {
    await withTimeout(client.send(new sdk.HeadBucketCommand({ Bucket: s3.bucket })), CHECK_TIMEOUT_MS, () => Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    const status = err.$metadata?.httpStatusCode;
    if (status === 404 || err.name === 'NotFound' || err.name === 'NoSuchBucket') throw new SettingError(`Setting S3_BUCKET: the bucket '${s3.bucket}' does not exist${at}; create it first`);
    if (status === 403 || status === 401)
      throw new SettingError(`Setting S3_BUCKET: the bucket '${s3.bucket}'${at} refuses the key (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY or the SDK's credentials)`);
    throw new SettingError(`Setting S3_BUCKET: the bucket '${s3.bucket}'${at} cannot be reached (${reason(e)})`);
  } finally {
    client.destroy();
  }
}

/** Stripe refuses a wrong or revoked key with an authentication error; other failures (Stripe unreachable) only warn. */
export async function checkStripe(config: Config, warn: (message: string) => void): Promise<void> {
  const stripe = stripeClient(config);
  if (!stripe) return;
  try {
    await withTimeout(stripe.balance.retrieve(), CHECK_TIMEOUT_MS, () => new Error('timed out'));
  } catch (e) {
    const type = (e as { type?: string }).type;
    if (type === 'StripeAuthenticationError' || type === 'StripePermissionError') throw new SettingError('Setting STRIPE_SECRET_KEY: Stripe refuses the key (wrong, revoked, or of another account); paste the secret key from the Stripe dashboard');
    warn(`Stripe could not be asked whether STRIPE_SECRET_KEY is right (${reason(e)}); starting anyway`);
  }
}

/** A Google OAuth client ID as the Google Cloud console shows it. */
const GOOGLE_CLIENT_ID = /^\d+-[a-z0-9]+\.apps\.googleusercontent\.com$/;
/** Its secret: GOCSPX-… (clients made since 2021), or the older 24 characters. */
const GOOGLE_CLIENT_SECRET = /^(GOCSPX-[A-Za-z0-9_-]{20,}|[A-Za-z0-9_-]{24})$/;

/** The form of GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (config.ts already refused one without the other). */
export function googleClientProblem(config: Pick<Config, 'googleClientId' | 'googleClientSecret'>): string | null {
  if (!config.googleClientId && !config.googleClientSecret) return null;
  if (!config.googleClientId || !config.googleClientSecret) return 'Settings GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both (connecting Google by OAuth) or neither';
  if (!GOOGLE_CLIENT_ID.test(config.googleClientId))
    return 'Setting GOOGLE_CLIENT_ID must be the client ID of a Google OAuth client (digits, a dash, then …apps.googleusercontent.com), copied from the Google Cloud console';
  if (!GOOGLE_CLIENT_SECRET.test(config.googleClientSecret))
    return 'Setting GOOGLE_CLIENT_SECRET must be the client secret of that Google OAuth client (GOCSPX-…), copied from the Google Cloud console';
  return null;
}

/**
 * Google's token endpoint judges the client before the code: a made-up code answers invalid_grant
 * for a client it knows, invalid_client for one it does not know or whose secret is wrong. Other
 * failures (Google unreachable) only warn.
 */
export async function checkGoogleClient(config: Config, warn: (message: string) => void): Promise<void> {
  const problem = googleClientProblem(config);
  if (problem) throw new SettingError(problem);
  if (!config.googleClientId || !config.googleClientSecret) return;
  let answer: { error?: string; error_description?: string };
  try {
    const res = await fetch(config.googleTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'sheetboard-start-up-check', client_id: config.googleClientId, client_secret: config.googleClientSecret }),
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    answer = (await res.json().catch(() => ({}))) as typeof answer;
  } catch (e) {
    warn(`Google could not be asked whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are right (${reason(e)}); starting anyway`);
    return;
  }
  if (answer.error !== 'invalid_client') return;
  if (/not found/i.test(answer.error_description ?? ''))
    throw new SettingError('Setting GOOGLE_CLIENT_ID: Google knows no OAuth client with this ID (deleted, or of another project); copy the client ID from the Google Cloud console');
  throw new SettingError('Setting GOOGLE_CLIENT_SECRET: Google refuses this secret for the OAuth client of GOOGLE_CLIENT_ID (wrong, or reset since); copy the client secret from the Google Cloud console');
}

/** Every check, one after the other (the first failure stops the start). */
export async function checkSettings(config: Config, warn: (message: string) => void): Promise<void> {
  if (config.stripeSecretKey && !/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(config.stripeSecretKey))
    throw new SettingError('Setting STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_…, or a restricted rk_… key)');
  const google = googleClientProblem(config);
  if (google) throw new SettingError(google);
  await checkDatabase(config);
  await checkBucket(config.s3);
  await checkStripe(config, warn);
  await checkGoogleClient(config, warn);
}
