// What the benchmarks that start servers as child processes share: a free port, a process's
// resident memory (/proc, as ../shared/peers/nocodb-bench.mjs reads it), and a fresh PostgreSQL
// schema for a server to run in.
import fs from 'node:fs';
import pg from 'pg';
import { TEST_PG_URL } from '../src/server/testing/app';
export { freePort } from '../src/server/testing/ports';


/** VmRSS of a process in MB (one decimal), or null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

async function onTestDatabase(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_PG_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A new schema of the test database, named `{prefix}_{time}`, and the settings that put a server in it. */
export async function freshSchema(prefix: string): Promise<{ schema: string; env: { DATABASE_URL: string; DATABASE_SCHEMA: string } }> {
  const schema = `${prefix}_${Date.now().toString(36)}`;
  await onTestDatabase(`CREATE SCHEMA ${schema}`);
  return { schema, env: { DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: schema } };
}

export async function dropSchema(schema: string): Promise<void> {
  await onTestDatabase(`DROP SCHEMA ${schema} CASCADE`);
}
