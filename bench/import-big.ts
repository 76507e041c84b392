// Benchmark (issue 19): a 1,000,000-row, 5-column CSV (68 MB; bench/gen-rows.mjs rows, seed 42,
// the rows of the NocoDB peer benchmark) uploaded through POST /api/spreadsheets on a real port,
// streamed from disk by the client, on SQLite and PostgreSQL. Reports the time to the answer and
// the server's peak memory (the process's peak RSS, reset right before the upload: the server,
// its import worker and this small client share the process). Writes its section of
// bench/results.md. Run: `npx tsx bench/import-big.ts` (BENCH_DB=sqlite|postgres|both, BENCH_ROWS).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestApp, signUp } from '../src/server/testing/app';
import { machine } from './machine';
import { writeSection } from './sections';

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const SEED = 42;

/** Peak RSS since the last reset (Linux: /proc/self/status VmHWM), in MB. */
function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
function resetPeakRss(): void {
  // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0+).
  fs.writeFileSync('/proc/self/clear_refs', '5');
}

/** POSTs the file as multipart/form-data, streamed from disk; resolves with status and body. */
function upload(port: number, cookie: string, file: string, filename: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/spreadsheets', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const rs = fs.createReadStream(file);
    rs.on('error', reject);
    rs.on('end', () => req.end(tail));
    rs.pipe(req, { end: false });
  });
}

interface Result {
  db: string;
  seconds: number;
  baseMb: number;
  peakMb: number;
  rows: number;
}

async function run(db: 'sqlite' | 'postgres', file: string): Promise<Result> {
  process.env.TEST_DB = db;
  const t = await createTestApp();
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const user = await signUp(t.app, 'Bench', `bench-big-${Date.now()}@example.com`, 'benchmark-pass');
    global.gc?.();
    const baseMb = process.memoryUsage().rss / 1024 / 1024;
    resetPeakRss();
    const t0 = performance.now();
    const res = await upload(port, user.cookie, file, 'people-1m.csv');
    const seconds = (performance.now() - t0) / 1000;
    const peakMb = peakRssMb();
    if (res.status !== 201) throw new Error(`import failed: ${res.status} ${res.body.slice(0, 300)}`);
    const spreadsheet = JSON.parse(res.body).spreadsheet;
    const sheet = await t.ctx.db.selectFrom('sheets').select(['id', 'row_count']).where('spreadsheet_id', '=', spreadsheet.id).executeTakeFirstOrThrow();
    const stored = await t.ctx.db.selectFrom('sheet_rows').select((eb) => eb.fn.countAll<number>().as('n')).where('sheet_id', '=', sheet.id).executeTakeFirstOrThrow();
    if (Number(stored.n) !== ROWS || Number(sheet.row_count) !== ROWS) throw new Error(`stored ${stored.n} rows (row_count ${sheet.row_count}), expected ${ROWS}`);
    return { db, seconds, baseMb, peakMb, rows: Number(stored.n) };
  } finally {
    await t.close();
  }
}

async function main() {
  const which = (process.env.BENCH_DB || 'both').toLowerCase();
  const dbs = (which === 'both' ? ['sqlite', 'postgres'] : [which]) as ('sqlite' | 'postgres')[];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-big-'));
  const file = path.join(dir, 'people.csv');
  try {
    // Written by a child process, so this process never holds the file.
    fs.writeFileSync(file, execFileSync(process.execPath, [path.join(import.meta.dirname, 'gen-rows.mjs'), String(ROWS), String(SEED)], { maxBuffer: 1 << 30 }));
    const mb = fs.statSync(file).size / 1024 / 1024;
    console.log(`${ROWS.toLocaleString('en')} rows, ${mb.toFixed(1)} MB`);
    const results: Result[] = [];
    for (const db of dbs) {
      const r = await run(db, file);
      results.push(r);
      console.log(`${db}: ${r.seconds.toFixed(2)} s, RSS ${r.baseMb.toFixed(0)} MB before, peak ${r.peakMb.toFixed(0)} MB`);
    }
    writeSection(
      'import-big',
      [
        `## Import a ${ROWS.toLocaleString('en')}-row, 5-column CSV (${mb.toFixed(0)} MB)`,
        '',
        `Run with \`npx tsx bench/import-big.ts\` (\`BENCH_DB\`, \`BENCH_ROWS\`). Generated on ${new Date().toISOString().slice(0, 10)}.`,
        '',
        ...machine(),
        '',
        `- The file: \`bench/gen-rows.mjs ${ROWS} ${SEED}\` (Name, City, Amount, Date, Email; the NocoDB peer benchmark's rows), uploaded as multipart to \`POST /api/spreadsheets\` on a real port, streamed from disk by a client in the same process.`,
        '- **Time**: from the first byte sent to the 201 answer (upload saved to a temp file, read twice by the import worker, rows stored in batches, the spreadsheet listed). Target ≤ 15 s.',
        "- **Peak RSS**: the process's peak resident memory during the import (VmHWM, reset just before the upload), next to its RSS before. The server, the import worker thread and the client share the process.",
        '',
        '| DB | Rows | Time | RSS before | Peak RSS during the import |',
        '|---|---|---|---|---|',
        ...results.map((r) => `| ${r.db} | ${r.rows.toLocaleString('en')} | ${r.seconds.toFixed(2)} s | ${r.baseMb.toFixed(0)} MB | ${r.peakMb.toFixed(0)} MB |`),
      ].join('\n'),
    );
    console.log('Wrote the import-big section of bench/results.md');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
