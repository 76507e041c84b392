// The machine a benchmark ran on, as the lines that head its section of results.md.
import { execSync } from 'node:child_process';
import os from 'node:os';
import { TEST_PG_URL } from '../src/server/testing/app';

export function machine(): string[] {
  let pgVersion = 'n/a';
  try {
    pgVersion = execSync(`psql "${TEST_PG_URL}" -Atc "show server_version"`, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    /* psql not installed */
  }
  return [
    `- CPU: ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores), RAM ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}`,
    `- Load average at the end of the run: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (the machine is shared)`,
    `- SQLite: better-sqlite3 (WAL, synchronous=NORMAL), file in a temp dir; PostgreSQL ${pgVersion} (local)`,
  ];
}
