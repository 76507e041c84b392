// The crash tests' servers (modules/jobs/crash.test.ts): the real server as a child process
// (`node --import tsx src/server/main.ts`), started again and again on one DATA_DIR and one
// database (a SQLite file, or a PostgreSQL schema of its own), stopped with SIGKILL at a named
// point (TEST_PAUSE_AT, src/server/crash-points.ts), with a database handle for the checks.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../config';
import { openDb, type DbHandle } from '../db';
import type { CrashPoint } from '../crash-points';
import { TEST_PG_URL, testDb } from './app';
import { freePort } from './ports';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));


export interface CrashBed {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  /** The server's database, for the checks (opened once, beside the server). */
  db: DbHandle['db'];
  /** The running server's address (after start()). */
  url: string;
  /** Starts the server (stopped at `pauseAt` when given) and waits until it answers. */
  start(pauseAt?: CrashPoint): Promise<void>;
  /** Resolves once the server printed that it stopped at its point. */
  paused(): Promise<void>;
  /** SIGKILL, and waits for the process to be gone. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

export async function crashBed(env: Record<string, string> = {}): Promise<CrashBed> {
  const dialect = testDb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-crash-'));
  let schema: string | null = null;
  if (dialect === 'postgres') {
    schema = `c_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const dbEnv: Record<string, string> = schema ? { DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' };
  let child: ChildProcess | null = null;
  let output = '';
  let handle: DbHandle | null = null;
  let port = 0;
  const bed: CrashBed = {
    dialect,
    dataDir,
    get db() {
      if (!handle) throw new Error('start the server first (it makes the database)');
      return handle.db;
    },
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    async start(pauseAt) {
      port = await freePort();
      output = '';
      const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          BASE_HOST: `localhost:${port}`,
          SKIP_WEB_BUILD: '1',
          LOG_LEVEL: 'warn',
          ...dbEnv,
          ...env,
          TEST_PAUSE_AT: pauseAt ?? '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
        const up = await fetch(`${bed.url}/api/blocks`).then((r) => r.ok, () => false);
        if (up) break;
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      handle ??= openDb(loadConfig({ DATA_DIR: dataDir, ...dbEnv }));
    },
    async paused() {
      const deadline = Date.now() + 60_000;
      while (!output.includes('crash-point ')) {
        if (!child || child.exitCode !== null) throw new Error(`the server is not running:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the server never reached its crash point:\n${output}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async kill() {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await gone;
    },
    async close() {
      await bed.kill();
      await handle?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) {
        const client = new pg.Client({ connectionString: TEST_PG_URL });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      }
    },
  };
  return bed;
}
