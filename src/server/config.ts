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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const baseHost = env.BASE_HOST || 'localhost:3000';
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
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || `Sheetboard <no-reply@${baseHost.split(':')[0]}>`,
    plan,
    sessionDays: num(env.SESSION_DAYS, 30, 'SESSION_DAYS'),
    sheetCacheMb: num(env.SHEET_CACHE_MB, 512, 'SHEET_CACHE_MB'),
    webDir: path.resolve(env.WEB_DIR || path.join(ROOT, 'dist/web')),
    samplesDir: path.join(ROOT, 'samples'),
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY !== 'false' : true,
    logLevel: env.LOG_LEVEL || 'info',
  };
}

/** The host name boards hang under, without the port. */
export function baseHostname(config: Config): string {
  return config.baseHost.split(':')[0]!.toLowerCase();
}

export function isPostgres(config: Config): boolean {
  return !!config.databaseUrl && /^postgres(ql)?:\/\//i.test(config.databaseUrl);
}
