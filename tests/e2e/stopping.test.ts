// Stopping and starting the real server as `npm start` runs it (the built dist/server/main.mjs):
// SIGTERM with an unfinished request, a response stream the client does not read and an idle
// keep-alive connection open must end in exit 0 within the grace period; readiness turns "not
// ready" before the listener closes; a wrong setting stops the start in one line naming it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../src/server/testing/s3';
import { spawnServer } from './processes';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** A web folder of its own with a big asset: a response that cannot fit in the sockets' buffers. */
let webDir = '';
const BIG_ASSET = '/assets/big-0123abcd.js';

beforeAll(() => {
  webDir = mkdtempSync(join(tmpdir(), 'sheetboard-stop-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Sheetboard</title>');
  writeFileSync(join(webDir, BIG_ASSET), Buffer.alloc(64 * 1024 * 1024, 'x'));
});
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

/** A raw connection that sent `head` (and `body`); resolves once `ready` says what it read is enough. */
function hold(port: number, text: string, ready: (read: string) => boolean = () => true) {
  return new Promise<{ socket: net.Socket; closed: Promise<void>; read: () => string }>((resolve, reject) => {
    let read = '';
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(text);
      if (ready('')) resolve({ socket, closed, read: () => read });
    });
    socket.on('data', (d: Buffer) => {
      read += d.toString('latin1').slice(0, 2000);
      if (ready(read)) resolve({ socket, closed, read: () => read });
    });
    socket.once('close', () => reject(new Error(`closed before ready: ${read.slice(0, 200)}`)));
  });
}

/** A response the client stops reading after its first bytes: the server's write stays pending. */
async function stalledDownload(port: number) {
  const held = await hold(port, `GET ${BIG_ASSET} HTTP/1.1\r\nHost: localhost\r\n\r\n`, (read) => read.startsWith('HTTP/1.1 200'));
  held.socket.pause();
  return held;
}

/** A body announced at 1000 bytes of which 10 are sent. */
function unfinishedBody(port: number) {
  return hold(port, 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"');
}

async function status(url: string): Promise<number | 'refused'> {
  try {
    const res = await fetch(url, { headers: { connection: 'close' } });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'refused';
  }
}

describe('stopping (SIGTERM)', () => {
  it('with an unfinished body, a stalled download and an idle keep-alive connection open: every connection closed at the deadline, exit 0', async () => {
    const server = await spawnServer({ WEB_DIR: webDir, SHUTDOWN_GRACE_SECONDS: '3' }, { built: true });
    try {
      const body = await unfinishedBody(server.port);
      const download = await stalledDownload(server.port);
      const idle = await hold(server.port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n', (read) => read.includes('{"status":"ok"}'));
      expect(await status(`${server.baseUrl}/readyz`)).toBe(200);

      const exited = server.exited();
      const t0 = Date.now();
      process.kill(server.pid, 'SIGTERM');
      // The idle keep-alive connection closes at once; the other two are in flight.
      await idle.closed;
      expect(Date.now() - t0).toBeLessThan(2000);
      const { code } = await exited;
      const took = Date.now() - t0;
      expect(code).toBe(0);
      // It waited for the requests in flight, then closed them at the deadline (3 s), not later.
      expect(took).toBeGreaterThanOrEqual(2900);
      expect(took).toBeLessThan(3000 + 2500);
      // The paused download learns of the close once it reads again.
      download.socket.resume();
      await Promise.all([body.closed, download.closed]);
      const logs = server.logs();
      expect(logs).toContain('SIGTERM: stopping');
      expect(logs).toMatch(/closing the 2 connection\(s\) still open/);
      expect(logs).toContain('stopped in');
    } finally {
      await server.stop();
    }
  });

  it('without anything open it exits 0 at once', async () => {
    const server = await spawnServer({ WEB_DIR: webDir, SHUTDOWN_GRACE_SECONDS: '10' }, { built: true });
    try {
      const exited = server.exited();
      const t0 = Date.now();
      process.kill(server.pid, 'SIGTERM');
      expect((await exited).code).toBe(0);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      await server.stop();
    }
  });

  it('readiness answers "not ready" first, while the server still serves (SHUTDOWN_DELAY_SECONDS), then the listener closes', async () => {
    const server = await spawnServer({ WEB_DIR: webDir, SHUTDOWN_DELAY_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '2' }, { built: true });
    try {
      const body = await unfinishedBody(server.port);
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
      const exited = server.exited();
      const t0 = Date.now();
      process.kill(server.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      const notReady = await fetch(`${server.baseUrl}/readyz`, { headers: { connection: 'close' } });
      expect([notReady.status, await notReady.json(), notReady.headers.get('cache-control')]).toEqual([503, { status: 'not ready' }, 'no-store']);
      // Still alive and serving during the delay.
      expect(await status(`${server.baseUrl}/healthz`)).toBe(200);
      // After the delay no new connection is accepted.
      await new Promise((r) => setTimeout(r, Math.max(0, 2300 - (Date.now() - t0))));
      expect(await status(`${server.baseUrl}/healthz`)).toBe('refused');
      const { code } = await exited;
      expect(code).toBe(0);
      // Delay (2 s) + grace (2 s) for the unfinished body, and no more.
      expect(Date.now() - t0).toBeLessThan(4000 + 2500);
      await body.closed;
    } finally {
      await server.stop();
    }
  });
});

/** Runs the built server with `env` until it exits by itself (a failed start). */
function failedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sheetboard-start-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/server/main.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: '39917', DATA_DIR: dataDir, SKIP_WEB_BUILD: '1', WEB_DIR: webDir, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      rmSync(dataDir, { recursive: true, force: true });
      // The server's own line is the last one (the AWS SDK may warn about Node's version first).
      resolve({ code, stderr: stderr.trim().split('\n').at(-1) ?? '', stdout });
    });
  });
}

describe('a wrong setting stops the start in one line naming it', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3?.close());

  it('an unreachable DATABASE_URL', async () => {
    const t0 = Date.now();
    const { code, stderr } = await failedStart({ DATABASE_URL: 'postgres://127.0.0.1:1/x' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Sheetboard cannot start: Setting DATABASE_URL: PostgreSQL at 127.0.0.1:1/x cannot be reached (connection refused)');
    expect(Date.now() - t0).toBeLessThan(15_000);
  });

  it('an S3 bucket that does not exist', async () => {
    const { code, stderr } = await failedStart({
      S3_BUCKET: 'no-such-bucket',
      S3_ENDPOINT: s3.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_REGION: s3.region,
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Sheetboard cannot start: Setting S3_BUCKET: the bucket 'no-such-bucket' does not exist at ${s3.url}; create it first`);
  });

  it('an S3 key the bucket refuses', async () => {
    const { code, stderr } = await failedStart({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'not-the-secret',
      S3_REGION: s3.region,
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Sheetboard cannot start: Setting S3_BUCKET: the bucket 'sheetboard-test' at \S+ refuses the key/);
  });

  it('a Stripe key in the wrong form, and a setting of this issue out of range', async () => {
    const stripe = await failedStart({ STRIPE_SECRET_KEY: 'pk_test_123' });
    expect([stripe.code, stripe.stderr.trim()]).toEqual([1, 'Sheetboard cannot start: Setting STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_…, or a restricted rk_… key)']);
    const grace = await failedStart({ SHUTDOWN_GRACE_SECONDS: 'soon' });
    expect([grace.code, grace.stderr.trim()]).toEqual([1, "Sheetboard cannot start: Setting SHUTDOWN_GRACE_SECONDS must be a number of seconds (0 or more), at most 86400, got 'soon'"]);
  });
});
