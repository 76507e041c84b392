import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPostgres, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);

describe('loadConfig', () => {
  it('defaults to SQLite on port 3000 under localhost:3000, free plan, 50 MB imports', () => {
    const c = load({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, baseHost: 'localhost:3000', plan: 'free', maxImportMb: 100, maxImportCells: 20_000_000 });
    expect(c.pgSchema).toBeUndefined();
    expect(isPostgres(c)).toBe(false);
  });

  it('without BASE_HOST, boards hang under localhost at the port served; BASE_HOST wins when set', () => {
    expect(load({ PORT: '3457' }).baseHost).toBe('localhost:3457');
    expect(load({ PORT: '3457' }).mailFrom).toBe('Sheetboard <no-reply@localhost>');
    expect(load({ PORT: '3457', BASE_HOST: 'boards.example.com' }).baseHost).toBe('boards.example.com');
  });

  it('switches to PostgreSQL for a postgres:// URL, in the schema DATABASE_SCHEMA names', () => {
    const c = load({ DATABASE_URL: 'postgres://u@h:5432/db', DATABASE_SCHEMA: 'tenant_a' });
    expect(isPostgres(c)).toBe(true);
    expect(c.pgSchema).toBe('tenant_a');
  });

  it.each([['Tenant'], ['a-b'], ['x; drop table users'], ['1abc']])('refuses DATABASE_SCHEMA %j', (schema) => {
    expect(() => load({ DATABASE_SCHEMA: schema })).toThrow(/DATABASE_SCHEMA/);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ MAX_IMPORT_MB: '-1' }, /MAX_IMPORT_MB/],
    [{ PLAN: 'gold' }, /PLAN/],
  ])('refuses bad settings %j with the setting named', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });

  it.each([
    [{}, false],
    [{ TRUST_PROXY: 'false' }, false],
    [{ TRUST_PROXY: 'true' }, true],
    [{ TRUST_PROXY: '127.0.0.1' }, ['127.0.0.1']],
    [{ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, fd00::/8' }, ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']],
  ])('TRUST_PROXY %j trusts %j (forwarded headers are off by default)', (env, expected) => {
    expect(load(env).trustProxy).toEqual(expected);
  });

  it.each([['yes'], ['10.0.0.0/33'], ['10.0.0.1,proxy.local'], ['999.1.1.1'], ['2'], [',']])('refuses TRUST_PROXY %j', (value) => {
    expect(() => load({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('DNS_SERVERS: the system resolver unless set; addresses with optional ports', () => {
    expect(load({}).dnsServers).toBeNull();
    expect(load({ DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1' }).dnsServers).toEqual(['127.0.0.1:5353', '1.1.1.1']);
    expect(() => load({ DNS_SERVERS: 'dns.example.com' })).toThrow(/DNS_SERVERS/);
  });

  describe('Google settings', () => {
    const pem = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const key = { type: 'service_account', client_email: 'sync@project.iam.gserviceaccount.com', private_key: pem };

    it("defaults: no OAuth client, no service account, Google's own endpoints, 300/60 requests a minute", () => {
      expect(load({})).toMatchObject({
        googleClientId: null,
        googleClientSecret: null,
        googleServiceAccount: null,
        googleApiUrl: null,
        googleOauthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        googleTokenUrl: 'https://oauth2.googleapis.com/token',
        googleQuotaPerMinute: 300,
        googleUserQuotaPerMinute: 60,
        googleTokenKey: null,
        googlePollSeconds: 30,
        googleIdlePollSeconds: 600,
        googleFullRefreshHours: 6,
        googleSyncTimer: true,
      });
    });

    it('reads the background sync intervals; 0 turns each off', () => {
      expect(load({ GOOGLE_POLL_SECONDS: '15', GOOGLE_IDLE_POLL_SECONDS: '300', GOOGLE_FULL_REFRESH_HOURS: '1.5' })).toMatchObject({ googlePollSeconds: 15, googleIdlePollSeconds: 300, googleFullRefreshHours: 1.5 });
      expect(load({ GOOGLE_POLL_SECONDS: '0', GOOGLE_IDLE_POLL_SECONDS: '0', GOOGLE_FULL_REFRESH_HOURS: '0' })).toMatchObject({ googlePollSeconds: 0, googleIdlePollSeconds: 0, googleFullRefreshHours: 0 });
      // With the loop off, an idle interval below the (unused) viewed one is no contradiction.
      expect(load({ GOOGLE_POLL_SECONDS: '0', GOOGLE_IDLE_POLL_SECONDS: '10' }).googleIdlePollSeconds).toBe(10);
    });

    it('reads the OAuth client, local endpoints, quotas and a token key', () => {
      const c = load({
        GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'shh',
        GOOGLE_API_URL: 'http://127.0.0.1:4010/',
        GOOGLE_OAUTH_URL: 'http://127.0.0.1:4010/o/oauth2/v2/auth',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:4010/token',
        GOOGLE_QUOTA_PER_MINUTE: '100',
        GOOGLE_USER_QUOTA_PER_MINUTE: '10',
        GOOGLE_TOKEN_KEY: 'ab'.repeat(32),
      });
      expect(c).toMatchObject({ googleClientId: 'id.apps.googleusercontent.com', googleClientSecret: 'shh', googleApiUrl: 'http://127.0.0.1:4010', googleTokenUrl: 'http://127.0.0.1:4010/token', googleQuotaPerMinute: 100, googleUserQuotaPerMinute: 10 });
      expect(c.googleTokenKey?.length).toBe(32);
      expect(load({ GOOGLE_TOKEN_KEY: crypto.randomBytes(32).toString('base64') }).googleTokenKey?.length).toBe(32);
    });

    it('reads a service account key given as JSON text or as the path of its file', () => {
      expect(load({ GOOGLE_SERVICE_ACCOUNT_KEY: JSON.stringify(key) }).googleServiceAccount).toEqual({ clientEmail: key.client_email, privateKey: pem });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-key-'));
      const file = path.join(dir, 'key.json');
      fs.writeFileSync(file, JSON.stringify(key));
      expect(load({ GOOGLE_SERVICE_ACCOUNT_KEY: file }).googleServiceAccount?.clientEmail).toBe(key.client_email);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it.each([
      [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/],
      [{ GOOGLE_CLIENT_SECRET: 'shh' }, /go together/],
      [{ GOOGLE_API_URL: 'ftp://x' }, /GOOGLE_API_URL/],
      [{ GOOGLE_API_URL: 'http://x/path' }, /without a path/],
      [{ GOOGLE_TOKEN_URL: 'token' }, /GOOGLE_TOKEN_URL/],
      [{ GOOGLE_OAUTH_URL: 'javascript:alert(1)' }, /GOOGLE_OAUTH_URL/],
      [{ GOOGLE_QUOTA_PER_MINUTE: '0' }, /GOOGLE_QUOTA_PER_MINUTE/],
      [{ GOOGLE_USER_QUOTA_PER_MINUTE: 'many' }, /GOOGLE_USER_QUOTA_PER_MINUTE/],
      [{ GOOGLE_TOKEN_KEY: 'short' }, /GOOGLE_TOKEN_KEY must be 32 bytes/],
      [{ GOOGLE_POLL_SECONDS: 'often' }, /GOOGLE_POLL_SECONDS must be 0 \(off\) or a number of seconds of at least 5/],
      [{ GOOGLE_POLL_SECONDS: '-30' }, /GOOGLE_POLL_SECONDS/],
      [{ GOOGLE_POLL_SECONDS: '1' }, /at least 5/],
      [{ GOOGLE_IDLE_POLL_SECONDS: 'Infinity' }, /GOOGLE_IDLE_POLL_SECONDS/],
      [{ GOOGLE_POLL_SECONDS: '60', GOOGLE_IDLE_POLL_SECONDS: '30' }, /GOOGLE_IDLE_POLL_SECONDS \(30\) must be at least GOOGLE_POLL_SECONDS \(60\)/],
      [{ GOOGLE_FULL_REFRESH_HOURS: '6h' }, /GOOGLE_FULL_REFRESH_HOURS must be 0 \(off\) or a number of hours/],
      [{ GOOGLE_FULL_REFRESH_HOURS: '0.01' }, /GOOGLE_FULL_REFRESH_HOURS/],
      [{ GOOGLE_SERVICE_ACCOUNT_KEY: '/no/such/key.json' }, /key file that cannot be read/],
      [{ GOOGLE_SERVICE_ACCOUNT_KEY: '{not json' }, /is not JSON/],
      [{ GOOGLE_SERVICE_ACCOUNT_KEY: '{"type":"authorized_user","client_email":"a","private_key":"b"}' }, /not a service account key/],
      [{ GOOGLE_SERVICE_ACCOUNT_KEY: '{"type":"service_account","client_email":"a@b","private_key":"nope"}' }, /not a valid PEM private key/],
    ])('refuses %j with the setting named and what to give', (env, message) => {
      expect(() => load(env)).toThrow(message);
    });
  });

  describe('live chat (CHATWOOT_URL, CHATWOOT_WEBSITE_TOKEN)', () => {
    it('is off by default and reads both settings together', () => {
      expect(load({})).toMatchObject({ chatwootUrl: null, chatwootWebsiteToken: null });
      expect(load({ CHATWOOT_URL: 'https://chat.example.com/', CHATWOOT_WEBSITE_TOKEN: 'aBc123_x' })).toMatchObject({
        chatwootUrl: 'https://chat.example.com',
        chatwootWebsiteToken: 'aBc123_x',
      });
    });

    it.each([
      [{ CHATWOOT_URL: 'https://chat.example.com' }, /CHATWOOT_URL and CHATWOOT_WEBSITE_TOKEN go together/],
      [{ CHATWOOT_WEBSITE_TOKEN: 'abc' }, /go together/],
      [{ CHATWOOT_URL: 'https://chat.example.com/path', CHATWOOT_WEBSITE_TOKEN: 'abc' }, /CHATWOOT_URL must be an http\(s\) address without a path/],
      [{ CHATWOOT_URL: 'javascript:alert(1)', CHATWOOT_WEBSITE_TOKEN: 'abc' }, /CHATWOOT_URL/],
      [{ CHATWOOT_URL: 'https://chat.example.com', CHATWOOT_WEBSITE_TOKEN: "a'; alert(1)" }, /CHATWOOT_WEBSITE_TOKEN must be the website token/],
    ])('refuses %j', (env, message) => {
      expect(() => load(env)).toThrow(message);
    });
  });
});

describe('object storage settings (S3_*)', () => {
  it('off without S3_BUCKET; on with it, region us-east-1 unless S3_REGION (or AWS_REGION), virtual-hosted unless S3_FORCE_PATH_STYLE', () => {
    expect(load({}).s3).toBeNull();
    expect(load({ S3_BUCKET: 'files' }).s3).toEqual({ bucket: 'files', region: 'us-east-1', endpoint: null, credentials: null, forcePathStyle: false, prefix: '' });
    expect(load({ S3_BUCKET: 'files', AWS_REGION: 'eu-west-3' }).s3?.region).toBe('eu-west-3');
    expect(
      load({
        S3_BUCKET: 'files',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/sheetboard/prod/',
      }).s3,
    ).toEqual({
      bucket: 'files',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      forcePathStyle: true,
      prefix: 'sheetboard/prod/',
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT needs S3_BUCKET/],
    [{ S3_BUCKET: 'Files_Upper' }, /S3_BUCKET/],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'http://h:9000/path' }, /S3_ENDPOINT/],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'only-the-id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    [{ S3_BUCKET: 'files', S3_PREFIX: 'a b' }, /S3_PREFIX/],
  ])('refuses %j with the setting named', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});
