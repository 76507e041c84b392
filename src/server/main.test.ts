// `npm start` as a process: it migrates, listens, and on SIGTERM closes the database cleanly
// (SQLite folds the WAL back into the file and removes it only on a clean close).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_PG_URL, testDb } from './testing/app';
import { freePort } from './testing/ports';

const ROOT = path.resolve(import.meta.dirname, '../..');


/** On PostgreSQL the process gets a fresh schema of its own, dropped afterwards. */
async function withPgSchema<T>(run: (schema: string) => Promise<T>): Promise<T> {
  const schema = `t_main_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  try {
    return await run(schema);
  } finally {
    await admin(`DROP SCHEMA ${schema} CASCADE`);
  }
}

type How = 'node' | 'npm start';

describe('main.ts', () => {
  // `node --import tsx src/server/main.ts` is how the e2e harness starts it; `npm start` is how
  // people do, and the signal goes to npm, which must pass it on to the server (it used to reach
  // only npm's shell, leaving the server running with nobody to stop it).
  it.each<How>(['node', 'npm start'])('%s: serves, then on SIGTERM closes the database cleanly and exits 0', async (how) => {
    if (testDb() === 'postgres') await withPgSchema((schema) => serveAndStop(how, { DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: schema }));
    else await serveAndStop(how, { DATABASE_URL: '' });
  });
});

async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/blocks`);
    return true;
  } catch {
    return false;
  }
}

async function serveAndStop(how: How, dbEnv: Record<string, string>) {
  const sqlite = !dbEnv.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-main-'));
  const port = await freePort();
  const [command, args] = how === 'node' ? [process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')]] : ['npm', ['start']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', ...dbEnv, WEB_DIR: path.join(dataDir, 'web') },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that whatever it started can be cleaned up if the test fails.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/blocks`);
        up = res.status === 200;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    expect(up, output).toBe(true);
    // A write, so the WAL has something in it.
    const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Main', email: 'main@example.com', password: 'longenough' }),
    });
    expect(signup.status).toBe(201);
    if (sqlite) expect(fs.existsSync(path.join(dataDir, 'sheetboard.db-wal'))).toBe(true);
    else {
      // The account landed in the schema DATABASE_SCHEMA named, and no SQLite file was made.
      expect(fs.existsSync(path.join(dataDir, 'sheetboard.db'))).toBe(false);
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      const { rows } = await client.query(`SELECT email FROM ${dbEnv.DATABASE_SCHEMA}.users`);
      await client.end();
      expect(rows).toEqual([{ email: 'main@example.com' }]);
    }
    // Impatient process managers signal twice; the second must not cut the first close short.
    // Only the spawned process (npm, for `npm start`) is signalled.
    child.kill('SIGTERM');
    child.kill('SIGINT');
    expect(await exited, output).toBe(0);
    // Nothing is left serving on the port.
    expect(await answers(port)).toBe(false);
    // SQLite folds the WAL back on a clean close; PostgreSQL's pool must end for exit 0.
    if (sqlite) expect(fs.existsSync(path.join(dataDir, 'sheetboard.db-wal'))).toBe(false);
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
