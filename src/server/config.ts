// Every setting of the server, read once from the environment. Tests build a Config directly
// (see testing/app.ts), so nothing else reads process.env. The variables, their defaults and
// what they do are listed in settings.ts (docs/settings.md is generated from it); only those
// reach loadConfig.
import crypto from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { readSettings, type SettingsEnv } from './settings';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... selects PostgreSQL; anything else (or nothing) selects SQLite in dataDir. */
  databaseUrl: string | null;
  /**
   * PostgreSQL schema to use instead of the default search_path (DATABASE_SCHEMA: several
   * instances in one database; tests use a fresh one each). It must exist.
   */
  pgSchema?: string;
  /** Host (with port) boards hang under: `{subdomain}.{baseHost}`. */
  baseHost: string;
  /**
   * APP_ORIGINS: whether published apps are served from their own origin (`{subdomain}.{baseHost}`)
   * and the base host's `/{subdomain}` sends visitors there (false: `off`, or a BASE_HOST that is
   * an IP address, which has no subdomains).
   */
  appOrigins: boolean;
  /** `http` or `https`: the scheme of links the server writes (magic links, BOARD_BASE_URL). */
  publicScheme: string;
  maxImportMb: number;
  /**
   * MAX_IMPORT_CELLS: rows × columns one CSV import may hold (20,000,000). A CSV is read from disk
   * in batches, so this bounds the database's work, not the server's memory. XLSX files and JSON
   * bodies, which are held whole in memory, keep a lower cap of their own (5,000,000 or this,
   * whichever is lower).
   */
  maxImportCells: number;
  /**
   * How long an import's worker may take to read its file before it is stopped (5 minutes; a
   * 50 MB CSV takes seconds; not an environment setting, tests shorten it).
   */
  importReadTimeoutMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** `pro` puts new workspaces on a paid plan. */
  plan: 'free' | 'pro';
  sessionDays: number;
  /** Memory the sheet cache may hold (parsed rows, search text, sort orders). */
  sheetCacheMb: number;
  /** Memory the finished answers of sheet reads may use, kept by their ETag (net/answer-cache.ts; 0: off). */
  answerCacheMb: number;
  /**
   * SHEET_SNAPSHOT_MIN_ROWS: sheets of this many rows or more are also kept as snapshot files under
   * DATA_DIR/sheet-snapshots, so a restart reads them back in one pass (20,000; `off`: none).
   */
  sheetSnapshotMinRows: number;
  /** How long after a big sheet's last write its snapshot is written again (30 s; tests shorten it). */
  sheetSnapshotDelayMs: number;
  /** SHEET_SNAPSHOT_THREAD_MB: cap of the snapshot thread's JavaScript heap (256). */
  sheetSnapshotThreadMb: number;
  /** Directory of the built web app. */
  webDir: string;
  /** Directory of the bundled samples (spreadsheet, images). */
  samplesDir: string;
  /**
   * TRUST_PROXY: which peers may name the client in X-Forwarded-For / -Proto / -Host (Fastify's
   * trustProxy). Off by default: anyone can send those headers, and the per-IP limits count by
   * the address they name. `true` (every peer: only when nothing but the proxy can reach the
   * server), or proxy addresses / CIDR ranges separated by commas.
   */
  trustProxy: boolean | string[];
  logLevel: string;
  /** ALLOW_PRIVATE_ACTION_TARGETS: API-call actions may reach loopback/private/link-local addresses. */
  allowPrivateActionTargets: boolean;
  /** Deadline of an API-call action (10 s; not an environment setting, tests shorten it). */
  actionTimeoutMs: number;
  /**
   * First wait of the progressive slow-down of a client failing to sign in (platform/limits/limiter.ts:
   * doubled per further failure up to 16×; 500 ms; not an environment setting, tests shorten it).
   */
  authSlowdownMs: number;
  /**
   * DNS_SERVERS: name servers (`ip` or `ip:port`, comma-separated) that custom-domain checks ask;
   * null: the system's. Tests point it at a local server.
   */
  dnsServers: string[] | null;
  /** GEOCODER_URL: a service speaking the Nominatim search protocol (`off`: no lookups). */
  geocoderUrl: string | null;
  /** GEOCODER_KEY: sent as the `key` parameter (LocationIQ-style hosted Nominatim); never shown to browsers. */
  geocoderKey: string | null;
  /** GEOCODER_INTERVAL_MS: least time between two lookups (Nominatim's policy: one per second). */
  geocoderIntervalMs: number;
  /** GEOCODER_MAX_PER_REQUEST: new addresses one map request may queue; the rest wait for the next. */
  geocoderMaxPerRequest: number;
  /** How long a map request waits for its lookups before answering with the rest pending (tests lengthen it). */
  geocoderWaitMs: number;
  /** After a failed lookup, how long before the address is tried again (tests shorten it). */
  geocoderRetryMs: number;
  /** MAP_TILE_URL: Leaflet tile template; `{accessToken}` is filled from MAPS_ACCESS_TOKEN. */
  mapTileUrl: string;
  /** MAP_ATTRIBUTION: credit line under the map (HTML allowed: it comes from the operator). */
  mapAttribution: string;
  /** MAPS_ACCESS_TOKEN: public token of the tile provider (it reaches browsers). */
  mapsAccessToken: string;
  /** CHATWOOT_URL: origin of the Chatwoot server whose live-chat widget a few pages load (shell §9); null: no chat. */
  chatwootUrl: string | null;
  /** CHATWOOT_WEBSITE_TOKEN: the Chatwoot inbox's website token (public: it reaches browsers). */
  chatwootWebsiteToken: string | null;
  /** UPLOADS_PER_IP: uploads one client IP may send per window (POST /api/uploads, any caller). */
  uploadsPerIp: number;
  /** UPLOADS_PER_APP: files visitors may store through one app per window (editors of the app are not counted). */
  uploadsPerApp: number;
  /** UPLOADS_WINDOW_MINUTES: the window of both upload budgets. */
  uploadsWindowMinutes: number;
  /** UPLOAD_QUOTA_MB: bytes of uploaded files one workspace may store (visitors' and editors' alike). */
  uploadQuotaMb: number;
  /** UNATTACHED_UPLOAD_HOURS: a visitor's upload no saved row names is deleted after this long. */
  unattachedUploadHours: number;
  /** JOB_LEASE_SECONDS: an operation in progress whose server has not renewed it for this long was interrupted (modules/jobs). */
  jobLeaseSeconds: number;
  /** ROW_WRITES_PER_IP: row writes (form submits, adds, edits, deletes) one client IP may send through apps per window; owners and editors are not counted. */
  rowWritesPerIp: number;
  /** ROW_WRITES_WINDOW_MINUTES: the window of that budget. */
  rowWritesWindowMinutes: number;
  /** ADMIN_EMAIL / ADMIN_PASSWORD: the first provider admin, created at start-up when no admin exists. */
  adminEmail: string | null;
  adminPassword: string | null;
  /** ADMIN_SESSION_HOURS: how long an admin stays signed in (8). */
  adminSessionHours: number;
  /** STRIPE_SECRET_KEY: the platform's secret key (paid templates and Connect are off without it). */
  stripeSecretKey: string | null;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the webhook endpoint (whsec_...). */
  stripeWebhookSecret: string | null;
  /**
   * STRIPE_API_URL: where the Stripe SDK sends its calls (default Stripe's own API); tests point it
   * at a local server that speaks the same protocol.
   */
  stripeApiUrl: string | null;
  /** MARKETPLACE_FEE_PERCENT: the provider's share of each paid template sale, 0–50 (10). */
  marketplaceFeePercent: number;
  /** STRIPE_PRO_PRICE_ID: the recurring Stripe Price of the Pro plan (price_…); null: PRO_PRICE_CENTS a month. */
  stripeProPriceId: string | null;
  /** PRO_PRICE_CENTS: Pro's monthly price in USD cents when no STRIPE_PRO_PRICE_ID is set (1900). */
  proPriceCents: number;
  /**
   * GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: the OAuth web client owners connect their Google
   * account through (connecting by OAuth is off without them; both or neither).
   */
  googleClientId: string | null;
  googleClientSecret: string | null;
  /**
   * GOOGLE_SERVICE_ACCOUNT_KEY: a service account's JSON key, as text or as the path of the key
   * file; owners share their sheets with its e-mail. Checked at start-up.
   */
  googleServiceAccount: GoogleServiceAccount | null;
  /**
   * GOOGLE_API_URL: root URL of the Sheets and Drive APIs (null: Google's own, which differ per
   * API); tests point it at testing/google.ts.
   */
  googleApiUrl: string | null;
  /** GOOGLE_OAUTH_URL: Google's consent page. */
  googleOauthUrl: string;
  /** GOOGLE_TOKEN_URL: Google's token endpoint (code exchange, refresh, service account tokens). */
  googleTokenUrl: string;
  /** GOOGLE_QUOTA_PER_MINUTE: Sheets requests the whole server may send per minute (Google's per-project quota: 300). */
  googleQuotaPerMinute: number;
  /** GOOGLE_USER_QUOTA_PER_MINUTE: Sheets requests per minute per Google account (Google's per-user quota: 60). */
  googleUserQuotaPerMinute: number;
  /**
   * GOOGLE_TOKEN_KEY: 32 bytes (64 hex digits or base64) that encrypt stored Google tokens (null:
   * a key file generated in DATA_DIR; several servers sharing one database need the same key).
   */
  googleTokenKey: Buffer | null;
  /**
   * GOOGLE_POLL_SECONDS: how often a connected spreadsheet is checked for changes (its Drive
   * version) while an app over it or its data editor was viewed in the last 10 minutes (30).
   * 0 turns the background sync loop off altogether (no checks, no scheduled pushes).
   */
  googlePollSeconds: number;
  /** GOOGLE_IDLE_POLL_SECONDS: the same check when nobody looked at the spreadsheet lately (600; 0: only viewed ones are checked). */
  googleIdlePollSeconds: number;
  /** GOOGLE_FULL_REFRESH_HOURS: a full pull whatever the version, for formula results that change without an edit (6; 0: never). */
  googleFullRefreshHours: number;
  /**
   * Whether the background sync runs on its own timer (not an environment setting: tests turn it
   * off and call its ticks themselves, so no test gets a pull it did not ask for).
   */
  googleSyncTimer: boolean;
  /** SHUTDOWN_GRACE_SECONDS: after the listener closes, how long requests in flight and background work get to finish (10 s). */
  shutdownGraceMs: number;
  /** SHUTDOWN_DELAY_SECONDS: how long "not ready" is answered before the listener closes (0). */
  shutdownDelayMs: number;
  /** HEADERS_TIMEOUT_SECONDS: a request's headers must arrive within this (15 s). */
  headersTimeoutMs: number;
  /** REQUEST_TIMEOUT_SECONDS: a whole request, body included, must arrive within this (300 s). */
  requestTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_SECONDS: an idle keep-alive connection is closed after this (72 s). */
  keepAliveTimeoutMs: number;
  /**
   * S3_BUCKET and friends: uploaded files (uploads, blog media) in S3-compatible object storage
   * (uploads/storage.ts); null: on local disk under dataDir, as before.
   */
  s3: S3Settings | null;
}

/** What the server keeps of a service account's JSON key. */
export interface GoogleServiceAccount {
  clientEmail: string;
  privateKey: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function num(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Setting ${name} must be a positive number, got '${value}'`);
  return n;
}

function schemaName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  // It goes into the connection's search_path option, so only a plain identifier is accepted.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value))
    throw new Error(`Setting DATABASE_SCHEMA must be a lowercase identifier (letters, digits, _), got '${value}'`);
  return value;
}

function geocoderUrl(value: string | undefined): string | null {
  if (value === 'off') return null;
  const url = (value || 'https://nominatim.openstreetmap.org').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/i.test(url)) throw new Error(`Setting GEOCODER_URL must be an http(s) address or 'off', got '${value}'`);
  return url;
}

/** One trusted proxy: an IPv4 or IPv6 address, optionally with a /prefix (CIDR). */
function proxyAddress(entry: string): boolean {
  const [addr = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(addr);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function trustProxy(value: string | undefined): boolean | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  // Fastify 5 trusts no one for a hop count (it cannot tell a proxy from a client that sends
  // enough X-Forwarded-For entries itself), so a number would silently do nothing: say so.
  if (/^\d+$/.test(v))
    throw new Error(`Setting TRUST_PROXY cannot be a number of proxies ('${value}'): give the proxies' addresses or CIDR ranges, e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8`);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.find((s) => !proxyAddress(s));
  if (bad !== undefined || list.length === 0)
    throw new Error(`Setting TRUST_PROXY must be true, false, or proxy addresses/CIDR ranges separated by commas; '${bad ?? value}' is none of these`);
  return list;
}

function dnsServers(value: string | undefined): string[] | null {
  const list = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) return null;
  try {
    new Resolver().setServers(list); // the same parser the lookups use
  } catch {
    throw new Error(`Setting DNS_SERVERS must be IP addresses (optionally with :port) separated by commas, got '${value}'`);
  }
  return list;
}

function feePercent(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 50) throw new Error(`Setting MARKETPLACE_FEE_PERCENT must be a number from 0 to 50, got '${value}'`);
  return n;
}

function stripePriceId(value: string | undefined): string | null {
  if (!value) return null;
  const id = value.trim();
  if (!/^price_[A-Za-z0-9_]{1,200}$/.test(id)) throw new Error(`Setting STRIPE_PRO_PRICE_ID must be a Stripe price id (price_…), got '${value}'`);
  return id;
}

function proPriceCents(value: string | undefined): number {
  if (value === undefined || value === '') return 1900;
  if (!/^\d{1,7}$/.test(value.trim()) || Number(value) < 50) throw new Error(`Setting PRO_PRICE_CENTS must be a whole number of cents, at least 50, got '${value}'`);
  return Number(value);
}

function stripeApiUrl(value: string | undefined): string | null {
  if (!value) return null;
  const url = value.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/i.test(url)) throw new Error(`Setting STRIPE_API_URL must be an http(s) address without a path, got '${value}'`);
  return url;
}

function httpUrl(value: string | undefined, fallback: string, name: string): string {
  const url = (value || fallback).trim();
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/i.test(url)) throw new Error(`Setting ${name} must be an http(s) address, got '${value}'`);
  return url;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO, R2, ...); null: AWS's own for the region. */
  endpoint: string | null;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; null: the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_FORCE_PATH_STYLE: `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint host}/{key}`. */
  forcePathStyle: boolean;
  /** S3_PREFIX: put before every key ('' or ending in '/'), so several servers can share a bucket. */
  prefix: string;
}

/** Object storage is on when S3_BUCKET is set; every other S3_ setting is checked only then. */
function s3Settings(env: SettingsEnv): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE', 'S3_REGION'] as const).filter((k) => env[k]?.trim());
    if (stray.length) throw new Error(`Setting ${stray.join(', ')} needs S3_BUCKET: set the bucket to keep uploaded files in object storage, or remove ${stray.length > 1 ? 'them' : 'it'}`);
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`Setting S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes), got '${bucket}'`);
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '') || null;
  if (endpoint && !/^https?:\/\/[^/\s?#]+$/i.test(endpoint)) throw new Error(`Setting S3_ENDPOINT must be an http(s) address without a path, got '${env.S3_ENDPOINT}'`);
  const id = env.S3_ACCESS_KEY_ID?.trim() || null;
  const secret = env.S3_SECRET_ACCESS_KEY?.trim() || null;
  if (!id !== !secret) throw new Error('Settings S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the AWS SDK then finds credentials itself: AWS_ACCESS_KEY_ID, ~/.aws, an instance role)');
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (!['', 'true', 'false'].includes(pathStyle)) throw new Error(`Setting S3_FORCE_PATH_STYLE must be 'true' or 'false', got '${env.S3_FORCE_PATH_STYLE}'`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9!_.*'()/-]+$/.test(prefix)) throw new Error(`Setting S3_PREFIX may hold letters, digits, '/', '-', '_' and '.' only, got '${env.S3_PREFIX}'`);
  return {
    bucket,
    region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    endpoint,
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : null,
    forcePathStyle: pathStyle === 'true',
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** The live chat: CHATWOOT_URL (an origin) and CHATWOOT_WEBSITE_TOKEN go together. */
function chatwoot(url: string | undefined, token: string | undefined): { chatwootUrl: string | null; chatwootWebsiteToken: string | null } {
  const u = url?.trim().replace(/\/+$/, '') || null;
  const t = token?.trim() || null;
  if (!u !== !t) throw new Error('Settings CHATWOOT_URL and CHATWOOT_WEBSITE_TOKEN go together: set both (the live chat) or neither');
  if (u && !/^https?:\/\/[^/\s?#]+$/i.test(u)) throw new Error(`Setting CHATWOOT_URL must be an http(s) address without a path, got '${url}'`);
  if (t && !/^[A-Za-z0-9_-]{1,100}$/.test(t)) throw new Error('Setting CHATWOOT_WEBSITE_TOKEN must be the website token Chatwoot shows (letters and digits)');
  return { chatwootUrl: u, chatwootWebsiteToken: t };
}

function googleApiUrl(value: string | undefined): string | null {
  if (!value) return null;
  const url = value.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/i.test(url)) throw new Error(`Setting GOOGLE_API_URL must be an http(s) address without a path, got '${value}'`);
  return url;
}

function googleClient(id: string | undefined, secret: string | undefined): { googleClientId: string | null; googleClientSecret: string | null } {
  const i = id?.trim() || null;
  const s = secret?.trim() || null;
  if (!i !== !s) throw new Error('Settings GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both (connecting Google by OAuth) or neither');
  return { googleClientId: i, googleClientSecret: s };
}

/** A service account key: its JSON text, or the path of its file (a value not starting with '{'). */
function googleServiceAccount(value: string | undefined): GoogleServiceAccount | null {
  const v = value?.trim();
  if (!v) return null;
  const where = v.startsWith('{') ? 'the JSON text' : `the file '${v}'`;
  let text = v;
  if (!v.startsWith('{')) {
    try {
      text = fs.readFileSync(v, 'utf8');
    } catch (e) {
      throw new Error(`Setting GOOGLE_SERVICE_ACCOUNT_KEY names a key file that cannot be read ('${v}': ${(e as Error).message}); give the service account's JSON key or its path`);
    }
  }
  let key: unknown;
  try {
    key = JSON.parse(text);
  } catch {
    throw new Error(`Setting GOOGLE_SERVICE_ACCOUNT_KEY: ${where} is not JSON; give the service account's JSON key (as downloaded from Google Cloud) or its path`);
  }
  const k = (key ?? {}) as Record<string, unknown>;
  if (k.type !== 'service_account' || typeof k.client_email !== 'string' || typeof k.private_key !== 'string')
    throw new Error(`Setting GOOGLE_SERVICE_ACCOUNT_KEY: ${where} is not a service account key (it needs "type": "service_account", "client_email" and "private_key")`);
  try {
    crypto.createPrivateKey(k.private_key);
  } catch {
    throw new Error(`Setting GOOGLE_SERVICE_ACCOUNT_KEY: the private_key of ${where} is not a valid PEM private key`);
  }
  return { clientEmail: k.client_email, privateKey: k.private_key };
}

/** A number of seconds or hours that may be 0 (off); `least` is the smallest value other than 0. */
function offOrAtLeast(value: string | undefined, fallback: number, name: string, least: number, unit: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || (n !== 0 && n < least))
    throw new Error(`Setting ${name} must be 0 (off) or a number of ${unit} of at least ${least}, got '${value}'`);
  return n;
}

/** The background sync's intervals; an idle check more often than a viewed one makes no sense. */
function googlePolling(env: SettingsEnv): Pick<Config, 'googlePollSeconds' | 'googleIdlePollSeconds' | 'googleFullRefreshHours'> {
  const poll = offOrAtLeast(env.GOOGLE_POLL_SECONDS, 30, 'GOOGLE_POLL_SECONDS', 5, 'seconds');
  const idle = offOrAtLeast(env.GOOGLE_IDLE_POLL_SECONDS, 600, 'GOOGLE_IDLE_POLL_SECONDS', 5, 'seconds');
  const full = offOrAtLeast(env.GOOGLE_FULL_REFRESH_HOURS, 6, 'GOOGLE_FULL_REFRESH_HOURS', 0.25, 'hours');
  if (poll > 0 && idle > 0 && idle < poll)
    throw new Error(`Setting GOOGLE_IDLE_POLL_SECONDS (${idle}) must be at least GOOGLE_POLL_SECONDS (${poll}): spreadsheets nobody looks at are checked less often, not more`);
  return { googlePollSeconds: poll, googleIdlePollSeconds: idle, googleFullRefreshHours: full };
}

function googleTokenKey(value: string | undefined): Buffer | null {
  const v = value?.trim();
  if (!v) return null;
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== 32) throw new Error('Setting GOOGLE_TOKEN_KEY must be 32 bytes: 64 hex digits or 44 base64 characters (e.g. `openssl rand -hex 32`)');
  return key;
}

/** A number of seconds, 0 allowed when `zero` is true (off / at once). */
function seconds(value: string | undefined, fallback: number, name: string, zero = false): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (!zero && n === 0) || n > 86_400)
    throw new Error(`Setting ${name} must be a number of seconds${zero ? ' (0 or more)' : ' above 0'}, at most 86400, got '${value}'`);
  return n;
}

/** The HTTP server's limits on slow clients and how long a stop takes. */
function timeouts(env: SettingsEnv): Pick<Config, 'shutdownGraceMs' | 'shutdownDelayMs' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'> {
  const headers = seconds(env.HEADERS_TIMEOUT_SECONDS, 15, 'HEADERS_TIMEOUT_SECONDS');
  const request = seconds(env.REQUEST_TIMEOUT_SECONDS, 300, 'REQUEST_TIMEOUT_SECONDS');
  // Node refuses a headers timeout longer than the whole request's.
  if (headers > request) throw new Error(`Setting REQUEST_TIMEOUT_SECONDS (${request}) must be at least HEADERS_TIMEOUT_SECONDS (${headers}): the headers are part of the request`);
  return {
    shutdownGraceMs: seconds(env.SHUTDOWN_GRACE_SECONDS, 10, 'SHUTDOWN_GRACE_SECONDS', true) * 1000,
    shutdownDelayMs: seconds(env.SHUTDOWN_DELAY_SECONDS, 0, 'SHUTDOWN_DELAY_SECONDS', true) * 1000,
    headersTimeoutMs: headers * 1000,
    requestTimeoutMs: request * 1000,
    keepAliveTimeoutMs: seconds(env.KEEP_ALIVE_TIMEOUT_SECONDS, 72, 'KEEP_ALIVE_TIMEOUT_SECONDS') * 1000,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = readSettings(source);
  // Without BASE_HOST the app is reached on this machine at its own port.
  const baseHost = env.BASE_HOST || `localhost:${num(env.PORT, 3000, 'PORT')}`;
  const plan = (env.PLAN || 'free').toLowerCase();
  if (plan !== 'free' && plan !== 'pro') throw new Error(`Setting PLAN must be 'free' or 'pro', got '${env.PLAN}'`);
  return {
    port: num(env.PORT, 3000, 'PORT'),
    // '::' accepts IPv6 and IPv4 (localhost may resolve to ::1 or 127.0.0.1); main.ts falls back
    // to 0.0.0.0 where IPv6 is off.
    host: env.HOST || '::',
    dataDir: path.resolve(env.DATA_DIR || path.join(ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    pgSchema: schemaName(env.DATABASE_SCHEMA),
    baseHost,
    appOrigins: appOrigins(env.APP_ORIGINS, baseHost),
    publicScheme: env.PUBLIC_SCHEME || 'http',
    maxImportMb: num(env.MAX_IMPORT_MB, 100, 'MAX_IMPORT_MB'),
    maxImportCells: Math.floor(num(env.MAX_IMPORT_CELLS, 20_000_000, 'MAX_IMPORT_CELLS')),
    importReadTimeoutMs: 5 * 60_000,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || `Sheetboard <no-reply@${baseHost.split(':')[0]}>`,
    plan,
    sessionDays: num(env.SESSION_DAYS, 30, 'SESSION_DAYS'),
    sheetCacheMb: num(env.SHEET_CACHE_MB, 512, 'SHEET_CACHE_MB'),
    answerCacheMb: env.ANSWER_CACHE_MB?.trim() === '0' ? 0 : num(env.ANSWER_CACHE_MB, 32, 'ANSWER_CACHE_MB'),
    sheetSnapshotMinRows: env.SHEET_SNAPSHOT_MIN_ROWS?.trim().toLowerCase() === 'off' ? Number.POSITIVE_INFINITY : num(env.SHEET_SNAPSHOT_MIN_ROWS, 20_000, 'SHEET_SNAPSHOT_MIN_ROWS'),
    sheetSnapshotDelayMs: 30_000,
    sheetSnapshotThreadMb: num(env.SHEET_SNAPSHOT_THREAD_MB, 256, 'SHEET_SNAPSHOT_THREAD_MB'),
    webDir: path.resolve(env.WEB_DIR || path.join(ROOT, 'dist/web')),
    samplesDir: path.join(ROOT, 'samples'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    allowPrivateActionTargets: env.ALLOW_PRIVATE_ACTION_TARGETS === 'true',
    actionTimeoutMs: 10_000,
    authSlowdownMs: 500,
    dnsServers: dnsServers(env.DNS_SERVERS),
    geocoderUrl: geocoderUrl(env.GEOCODER_URL),
    geocoderKey: env.GEOCODER_KEY || null,
    geocoderIntervalMs: num(env.GEOCODER_INTERVAL_MS, 1000, 'GEOCODER_INTERVAL_MS'),
    geocoderMaxPerRequest: num(env.GEOCODER_MAX_PER_REQUEST, 50, 'GEOCODER_MAX_PER_REQUEST'),
    geocoderWaitMs: 2500,
    geocoderRetryMs: 10 * 60_000,
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: env.MAP_ATTRIBUTION ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    mapsAccessToken: env.MAPS_ACCESS_TOKEN || '',
    ...chatwoot(env.CHATWOOT_URL, env.CHATWOOT_WEBSITE_TOKEN),
    uploadsPerIp: num(env.UPLOADS_PER_IP, 20, 'UPLOADS_PER_IP'),
    uploadsPerApp: num(env.UPLOADS_PER_APP, 200, 'UPLOADS_PER_APP'),
    uploadsWindowMinutes: num(env.UPLOADS_WINDOW_MINUTES, 60, 'UPLOADS_WINDOW_MINUTES'),
    uploadQuotaMb: num(env.UPLOAD_QUOTA_MB, 1024, 'UPLOAD_QUOTA_MB'),
    unattachedUploadHours: num(env.UNATTACHED_UPLOAD_HOURS, 24, 'UNATTACHED_UPLOAD_HOURS'),
    jobLeaseSeconds: num(env.JOB_LEASE_SECONDS, 60, 'JOB_LEASE_SECONDS'),
    rowWritesPerIp: num(env.ROW_WRITES_PER_IP, 600, 'ROW_WRITES_PER_IP'),
    rowWritesWindowMinutes: num(env.ROW_WRITES_WINDOW_MINUTES, 10, 'ROW_WRITES_WINDOW_MINUTES'),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    adminSessionHours: num(env.ADMIN_SESSION_HOURS, 8, 'ADMIN_SESSION_HOURS'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiUrl: stripeApiUrl(env.STRIPE_API_URL),
    marketplaceFeePercent: feePercent(env.MARKETPLACE_FEE_PERCENT),
    stripeProPriceId: stripePriceId(env.STRIPE_PRO_PRICE_ID),
    proPriceCents: proPriceCents(env.PRO_PRICE_CENTS),
    ...googleClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
    googleServiceAccount: googleServiceAccount(env.GOOGLE_SERVICE_ACCOUNT_KEY),
    googleApiUrl: googleApiUrl(env.GOOGLE_API_URL),
    googleOauthUrl: httpUrl(env.GOOGLE_OAUTH_URL, 'https://accounts.google.com/o/oauth2/v2/auth', 'GOOGLE_OAUTH_URL'),
    googleTokenUrl: httpUrl(env.GOOGLE_TOKEN_URL, 'https://oauth2.googleapis.com/token', 'GOOGLE_TOKEN_URL'),
    googleQuotaPerMinute: num(env.GOOGLE_QUOTA_PER_MINUTE, 300, 'GOOGLE_QUOTA_PER_MINUTE'),
    googleUserQuotaPerMinute: num(env.GOOGLE_USER_QUOTA_PER_MINUTE, 60, 'GOOGLE_USER_QUOTA_PER_MINUTE'),
    googleTokenKey: googleTokenKey(env.GOOGLE_TOKEN_KEY),
    ...googlePolling(env),
    googleSyncTimer: true,
    s3: s3Settings(env),
    ...timeouts(env),
  };
}

/** APP_ORIGINS: `subdomains` (the default) or `off`; an IP address as the base host has no subdomains. */
function appOrigins(value: string | undefined, baseHost: string): boolean {
  const v = (value || 'subdomains').toLowerCase();
  if (v !== 'subdomains' && v !== 'off') throw new Error(`Setting APP_ORIGINS must be 'subdomains' or 'off', got '${value}'`);
  const hostname = baseHost.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return v === 'subdomains' && isIP(hostname) === 0;
}

/** The host name boards hang under, without the port. */
export function baseHostname(config: Config): string {
  return config.baseHost.split(':')[0]!.toLowerCase();
}

export function isPostgres(config: Config): boolean {
  return !!config.databaseUrl && /^postgres(ql)?:\/\//i.test(config.databaseUrl);
}
