// Every setting of the server, read once from the environment. Tests build a Config directly
// (see test-helpers.ts), so nothing else reads process.env.
import path from 'node:path';

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
  /** `http` or `https`: the scheme of links the server writes (magic links, BOARD_BASE_URL). */
  publicScheme: string;
  maxImportMb: number;
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
  /** Directory of the built web app. */
  webDir: string;
  /** Directory of the bundled samples (spreadsheet, images). */
  samplesDir: string;
  trustProxy: boolean;
  logLevel: string;
  /** ALLOW_PRIVATE_ACTION_TARGETS: API-call actions may reach loopback/private/link-local addresses. */
  allowPrivateActionTargets: boolean;
  /** Deadline of an API-call action (10 s; not an environment setting, tests shorten it). */
  actionTimeoutMs: number;
  /**
   * First wait of the progressive slow-down of a client failing to sign in (auth/limiter.ts:
   * doubled per further failure up to 16×; 500 ms; not an environment setting, tests shorten it).
   */
  authSlowdownMs: number;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
    publicScheme: env.PUBLIC_SCHEME || 'http',
    maxImportMb: num(env.MAX_IMPORT_MB, 50, 'MAX_IMPORT_MB'),
    importReadTimeoutMs: 5 * 60_000,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || `Sheetboard <no-reply@${baseHost.split(':')[0]}>`,
    plan,
    sessionDays: num(env.SESSION_DAYS, 30, 'SESSION_DAYS'),
    sheetCacheMb: num(env.SHEET_CACHE_MB, 512, 'SHEET_CACHE_MB'),
    webDir: path.resolve(env.WEB_DIR || path.join(ROOT, 'dist/web')),
    samplesDir: path.join(ROOT, 'samples'),
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY !== 'false' : true,
    logLevel: env.LOG_LEVEL || 'info',
    allowPrivateActionTargets: env.ALLOW_PRIVATE_ACTION_TARGETS === 'true',
    actionTimeoutMs: 10_000,
    authSlowdownMs: 500,
    geocoderUrl: geocoderUrl(env.GEOCODER_URL),
    geocoderKey: env.GEOCODER_KEY || null,
    geocoderIntervalMs: num(env.GEOCODER_INTERVAL_MS, 1000, 'GEOCODER_INTERVAL_MS'),
    geocoderMaxPerRequest: num(env.GEOCODER_MAX_PER_REQUEST, 50, 'GEOCODER_MAX_PER_REQUEST'),
    geocoderWaitMs: 2500,
    geocoderRetryMs: 10 * 60_000,
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: env.MAP_ATTRIBUTION ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    mapsAccessToken: env.MAPS_ACCESS_TOKEN || '',
  };
}

/** The host name boards hang under, without the port. */
export function baseHostname(config: Config): string {
  return config.baseHost.split(':')[0]!.toLowerCase();
}

export function isPostgres(config: Config): boolean {
  return !!config.databaseUrl && /^postgres(ql)?:\/\//i.test(config.databaseUrl);
}
