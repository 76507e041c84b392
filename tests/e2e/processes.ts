// The processes browser tests drive: the real server (as `npm start` runs it) and Chromium
// through playwright-core. Nothing here is mocked. global-setup.ts (outside the test workers: no
// `vitest` import here) starts the shared ones; harness.ts hands them, or a file's own, to a file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchOptions } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The settings of the shared server, on top of the defaults. Every browser test talks to it from
 * 127.0.0.1, so the per-IP upload and row-write budgets are out of reach (as createTestApp does
 * for the server tests; no browser test checks those limits), and API-call actions may reach a
 * test's own hook on 127.0.0.1 (table.test.ts).
 */
export const SHARED_SERVER_ENV: Readonly<Record<string, string>> = {
  ALLOW_PRIVATE_ACTION_TARGETS: 'true',
  UPLOADS_PER_IP: '10000',
  UPLOADS_PER_APP: '10000',
  ROW_WRITES_PER_IP: '1000000',
};

/** What global-setup hands to the test files (vitest's provide/inject). */
export interface SharedServerInfo {
  port: number;
  baseUrl: string;
  dataDir: string;
  /** The server's stdout and stderr, appended as it runs. */
  logFile: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** A started server process; `logs()` is what it printed so far. */
export interface SpawnedServer extends SharedServerInfo {
  /** The server's process id (benchmarks read its memory from /proc). */
  pid: number;
  logs: () => string;
  /** Resolves when the process exits by itself or by a signal a test sent (tests of stopping). */
  exited: () => Promise<{ code: number | null; signal: string | null }>;
  stop: () => Promise<void>;
}

/**
 * Spawns `node --import tsx src/server/main.ts` on a free port with a fresh data directory and
 * `env`, and waits until it answers. With `logFile` its output goes to that file (other processes
 * read it), otherwise it is kept in memory.
 */
export async function spawnServer(env: Record<string, string>, opts: { logFile?: string; nodeArgs?: string[]; built?: boolean } = {}): Promise<SpawnedServer> {
  // built: the server as `npm start` runs it (scripts/build-server.mjs, then dist/server/main.mjs),
  // for benchmarks that report what users run; tests run the sources through tsx.
  if (opts.built) {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the server failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sheetboard-e2e-'));
  const memory: string[] = [];
  const logFile = opts.logFile ?? '';
  const fd = logFile ? openSync(logFile, 'a') : null;
  const entry = opts.built ? ['dist/server/main.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_HOST: `localhost:${port}`,
      SKIP_WEB_BUILD: '1',
      DATABASE_URL: '',
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
      ...env,
    },
    stdio: fd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
  });
  if (fd !== null) closeSync(fd);
  child.stdout?.on('data', (d: Buffer) => memory.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => memory.push(d.toString()));
  const logs = () => (logFile ? readFileSync(logFile, 'utf8') : memory.join(''));
  const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const exited = () => exit;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${logs()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/blocks`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const output = logs();
      await stop();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, pid: child.pid!, baseUrl, dataDir, logFile, logs, exited, stop };
}

/** How Chromium is started, shared or not; a missing Chromium is an error, never a skip. */
export function chromiumOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium)`);
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Custom hosts of apps (a Publish URL naming another host) reach the test server.
      '--host-resolver-rules=MAP *.test 127.0.0.1',
    ],
  };
}
