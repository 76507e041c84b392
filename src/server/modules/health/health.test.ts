import { afterEach, describe, expect, it } from 'vitest';
import { checkBucket, checkDatabase, checkGoogleClient, checkSettings, isSettingError } from '../../platform/checks';
import { loadConfig } from '../../config';
import { startFakeGoogle } from '../../testing/google';
import { Lifecycle } from '../../platform/lifecycle';
import { createTestApp, type TestApp } from '../../testing/app';
import { startFakeS3 } from '../../testing/s3';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
async function app(options: Parameters<typeof createTestApp>[1] = {}) {
  const t = await createTestApp({}, options);
  apps.push(t);
  return t;
}

describe('GET /healthz and GET /readyz', () => {
  it('answer the status alone, uncached, to anyone', async () => {
    const t = await app();
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect([live.statusCode, live.json(), live.headers['cache-control']]).toEqual([200, { status: 'ok' }, 'no-store']);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers: { host: 'some-board.localhost:3000' } });
    expect([ready.statusCode, ready.json(), ready.headers['cache-control']]).toEqual([200, { status: 'ready' }, 'no-store']);
  });

  it('readiness says "not ready" as soon as the server begins to stop; liveness stays ok', async () => {
    const t = await app();
    t.ctx.lifecycle.beginStop();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'not ready' }]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('readiness says "not ready" when the database does not answer, and "ready" again once it does', async () => {
    const t = await app();
    const db = t.ctx.db;
    // A database handle that fails every query, as an unreachable database does.
    (t.ctx as { db: unknown }).db = new Proxy(db, { get: (target, key) => (key === 'getExecutor' ? () => { throw new Error('connection refused'); } : Reflect.get(target, key)) });
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'not ready' }]);
    (t.ctx as { db: unknown }).db = db;
    await new Promise((r) => setTimeout(r, 1100)); // the last answer is kept a second
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('on PostgreSQL readiness waits for the cluster bus to listen', async () => {
    const t = await app({ postgres: true });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await t.ctx.bus.close();
    await new Promise((r) => setTimeout(r, 1100));
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });
});

describe('the lifecycle of background work', () => {
  const logged: string[] = [];
  const log = { info: (m: string) => logged.push(`info ${m}`), warn: (m: string) => logged.push(`warn ${m}`) };

  it('says how each tracked piece of work ended: finished, stopped at a safe point, or still running at the deadline', async () => {
    logged.length = 0;
    const life = new Lifecycle(log as never);
    let release!: () => void;
    const finishes = life.track('a pull', { atNextStart: 'pulled again' }, () => new Promise<string>((r) => (release = () => r('done'))));
    const stops = life.track('an import', { atNextStart: 'removed at the next start' }, (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))));
    const hangs = life.track('a copy', { atNextStart: 'rolled back' }, () => new Promise(() => undefined));
    expect(life.size).toBe(3);
    life.beginStop();
    expect(life.stopping).toBe(true);
    release();
    expect(await finishes).toBe('done');
    await expect(stops).rejects.toThrow('the server is stopping');
    expect(await life.settle(Date.now() + 50)).toEqual(['a copy']);
    expect(logged.sort()).toEqual([
      'info stopping: a pull finished',
      'info stopping: an import stopped; removed at the next start',
      'info stopping: waiting for a pull, an import, a copy',
      'warn stopping: a copy still running at the deadline; rolled back',
    ]);
    void hangs;
  });

  it('stopIfOverdue throws only once the deadline has passed', () => {
    const life = new Lifecycle(log as never);
    life.stopIfOverdue();
    life.beginStop();
    life.deadline = Date.now() + 60_000;
    life.stopIfOverdue();
    life.deadline = Date.now() - 1;
    expect(() => life.stopIfOverdue()).toThrow(/grace period is over/);
  });
});

describe('start-up checks (platform/checks.ts)', () => {
  it('an unreachable DATABASE_URL is named in one line', async () => {
    const t = await app();
    await expect(checkDatabase({ ...t.config, databaseUrl: 'postgres://someone:secret@127.0.0.1:1/x' })).rejects.toThrow(
      /^Setting DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/x cannot be reached \(connection refused\)$/,
    );
  });

  it('a bucket that does not exist, a key it refuses, and one that is fine', async () => {
    const s3 = await startFakeS3();
    try {
      await expect(checkBucket({ ...s3.settings, bucket: 'no-such-bucket' })).rejects.toThrow(`Setting S3_BUCKET: the bucket 'no-such-bucket' does not exist at ${s3.url}; create it first`);
      await expect(checkBucket({ ...s3.settings, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'wrong' } })).rejects.toThrow(/refuses the key/);
      await expect(checkBucket(s3.settings)).resolves.toBeUndefined();
    } finally {
      await s3.close();
    }
  });

  it('Google OAuth client settings: one without the other, malformed, unknown to Google, a wrong secret, and right', async () => {
    const t = await app();
    const google = await startFakeGoogle();
    const { clientId, clientSecret } = google.oauthClient;
    const warnings: string[] = [];
    const check = (id: string | null, secret: string | null) => checkGoogleClient({ ...t.config, googleClientId: id, googleClientSecret: secret, googleTokenUrl: google.tokenUrl }, (m) => warnings.push(m));
    try {
      // One of the pair: refused as the settings are read, in words main.ts prints alone.
      const alone = (() => {
        try {
          loadConfig({ GOOGLE_CLIENT_ID: clientId } as NodeJS.ProcessEnv);
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(isSettingError(alone)).toBe(true);
      expect((alone as Error).message).toBe('Settings GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both (connecting Google by OAuth) or neither');
      await expect(check(null, clientSecret)).rejects.toThrow('Settings GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
      // Malformed: named before anything is asked of Google (checkSettings checks forms first).
      const before = google.requests.length;
      await expect(check('my-client', clientSecret)).rejects.toThrow(/^Setting GOOGLE_CLIENT_ID must be the client ID of a Google OAuth client/);
      await expect(check(clientId, 'secret with spaces')).rejects.toThrow(/^Setting GOOGLE_CLIENT_SECRET must be the client secret/);
      await expect(checkSettings({ ...t.config, databaseUrl: 'postgres://x@127.0.0.1:1/x', googleClientId: 'my-client', googleClientSecret: clientSecret }, () => undefined)).rejects.toThrow(/^Setting GOOGLE_CLIENT_ID/);
      expect(google.requests.length).toBe(before);
      // Well formed, but Google does not take it.
      await expect(check(`1${clientId}`, clientSecret)).rejects.toThrow(/^Setting GOOGLE_CLIENT_ID: Google knows no OAuth client with this ID/);
      await expect(check(clientId, `GOCSPX-${'w'.repeat(28)}`)).rejects.toThrow(/^Setting GOOGLE_CLIENT_SECRET: Google refuses this secret/);
      // Right: Google refuses only the made-up code.
      await expect(check(clientId, clientSecret)).resolves.toBeUndefined();
      expect(warnings).toEqual([]);
    } finally {
      await google.close();
    }
    // Google unreachable: a warning, and the start goes on.
    await expect(checkGoogleClient({ ...t.config, googleClientId: clientId, googleClientSecret: clientSecret, googleTokenUrl: 'http://127.0.0.1:1/token' }, (m) => warnings.push(m))).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/^Google could not be asked whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are right/)]);
  });
});
