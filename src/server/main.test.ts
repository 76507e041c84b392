// `npm start` as a process: it migrates, listens, and on SIGTERM closes the database cleanly
// (SQLite folds the WAL back into the file and removes it only on a clean close).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDb } from './test-helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

describe.runIf(testDb() === 'sqlite')('main.ts', () => {
  it('serves, then on SIGTERM closes the SQLite database cleanly and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', WEB_DIR: path.join(dataDir, 'web') },
      stdio: ['ignore', 'pipe', 'pipe'],
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
      expect(fs.existsSync(path.join(dataDir, 'sheetboard.db-wal'))).toBe(true);
      // Impatient process managers signal twice; the second must not cut the first close short.
      child.kill('SIGTERM');
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'sheetboard.db-wal'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
