// Benchmark: does a big import hold other requests? Uploads a generated 1,000,000-row, 4-column
// CSV (~32 MB; 4 columns keep it under the 5,000,000-cell cap) to a real server on a real port
// while a second client, on its own thread, sends two unrelated GETs every 10 ms: one that
// touches no database (`/api/getENV/MAP_TILE_URL`) and one that does (another owner's
// `GET /api/spreadsheets`: session lookup + list). Each GET's latency is counted from the moment
// it was due, not from when it could be sent, so a stalled server is not hidden by a client
// that waited with it. Runs on SQLite and PostgreSQL (BENCH_DB=sqlite|postgres|both, default
// both; BENCH_ROWS) and writes its section of bench/results.md. Target: p99 < 50 ms.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { createTestApp, signUp } from '../src/server/testing/app';
import { rng } from '../samples/rng';
import { machine } from './machine';
import { writeSection } from './sections';
import { stats, type Stats } from './stats';

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const INTERVAL_MS = 10;
/** The GETs go on this long after the import answered (work it leaves behind shows here). */
const TAIL_MS = 3000;

const CITIES = ['New York', 'London', 'Berlin', 'Paris', 'Toronto', 'Sydney', 'Madrid', 'Amsterdam', 'Chicago', 'Austin', 'Lisbon', 'Dublin', 'Oslo', 'Rome', 'Tokyo'];

/**
 * The CSV as bytes, built 10,000 lines at a time: one array of a million strings would leave the
 * server's thread (this one) a major garbage collection to do in the middle of the measurement.
 */
export function generateCsv(rows: number): Buffer {
  const rand = rng(42);
  const parts = [Buffer.from('Order,Date,City,Amount\n')];
  for (let start = 0; start < rows; start += 10_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(rows, start + 10_000); i++) {
      const d = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 730) * 86400000).toISOString().slice(0, 10);
      lines.push(`ORD-${1000000 + i},${d},${CITIES[Math.floor(rand() * CITIES.length)]},${(rand() * 900 + 3).toFixed(2)}\n`);
    }
    parts.push(Buffer.from(lines.join('')));
  }
  return Buffer.concat(parts);
}

// The client runs on its own thread (plain JavaScript, so no loader is needed): the server's
// event loop stalling must not stall the clock that measures it.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const samples = [];
let stop = false;
function get(path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: workerData.port, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(path + ' answered ' + res.statusCode))));
    });
    req.on('error', reject);
  });
}
const targets = [
  { name: 'no-db', path: '/api/getENV/MAP_TILE_URL', headers: {} },
  { name: 'db', path: '/api/spreadsheets', headers: { cookie: workerData.cookie } },
];
let pending = 0;
const start = performance.timeOrigin + performance.now();
let n = 0;
function tick() {
  if (stop) return;
  const due = start + n * workerData.interval;
  const target = targets[n % targets.length];
  n++;
  pending++;
  get(target.path, target.headers)
    .then(() => samples.push({ target: target.name, at: due, ms: Math.max(0, performance.timeOrigin + performance.now() - due) }))
    .catch((e) => samples.push({ target: target.name, at: due, ms: 0, error: String(e) }))
    .finally(() => { pending--; maybeDone(); });
  const next = start + n * workerData.interval - (performance.timeOrigin + performance.now());
  setTimeout(tick, Math.max(0, next));
}
function maybeDone() {
  if (stop && pending === 0) { parentPort.postMessage(samples); agent.destroy(); }
}
parentPort.on('message', () => { stop = true; maybeDone(); });
tick();
`;

// The upload, from a thread of its own too: encoding and sending 32 MB is the client's work.
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const form = new FormData();
  form.append('file', new Blob([workerData.csv], { type: 'text/csv' }), 'orders-1m.csv');
  parentPort.postMessage({ type: 'start', at: performance.timeOrigin + performance.now() });
  const res = await fetch('http://127.0.0.1:' + workerData.port + '/api/spreadsheets', { method: 'POST', body: form, headers: { cookie: workerData.cookie } });
  const body = await res.text();
  parentPort.postMessage({ type: 'done', at: performance.timeOrigin + performance.now(), status: res.status, body });
})();
`;

function upload(port: number, cookie: string, csv: Buffer): Promise<{ from: number; importMs: number; status: number; body: string }> {
  const w = new Worker(UPLOADER, { eval: true, workerData: { port, cookie, csv } });
  let from = 0;
  return new Promise((resolve, reject) => {
    w.on('message', (m: { type: string; at: number; status: number; body: string }) => {
      if (m.type === 'start') from = m.at;
      else {
        resolve({ from, importMs: m.at - from, status: m.status, body: m.body });
        void w.terminate();
      }
    });
    w.once('error', reject);
  });
}



interface Result {
  db: string;
  csvMb: number;
  importMs: number;
  status: number;
  noDb: Stats;
  withDb: Stats;
  errors: number;
  /** Event-loop delay of the server's thread during the import (monitorEventLoopDelay). */
  loopP99: number;
  loopMax: number;
}


async function run(db: 'sqlite' | 'postgres', csv: Buffer): Promise<Result> {
  process.env.TEST_DB = db;
  const t = await createTestApp({ maxImportMb: 50 });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const uploader = await signUp(t.app, 'Bench', `bench-${Date.now()}@example.com`, 'benchmark-pass');
    const bystander = await signUp(t.app, 'Other', `other-${Date.now()}@example.com`, 'benchmark-pass');
    const client = new Worker(CLIENT, { eval: true, workerData: { port, cookie: bystander.cookie, interval: INTERVAL_MS } });
    const samples = new Promise<{ target: string; at: number; ms: number; error?: string }[]>((resolve, reject) => {
      client.once('message', resolve);
      client.once('error', reject);
    });
    await new Promise((r) => setTimeout(r, 1000)); // the client warms up its connections

    // The server's own event loop: how late its timers run (blocked by work on its thread).
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const { from, importMs, status, body } = await upload(port, uploader.cookie, csv);
    loop.disable();
    if (status !== 201) throw new Error(`import failed: ${status} ${body}`);
    const rowCount = (JSON.parse(body) as { spreadsheet: { sheets: { row_count: number }[] } }).spreadsheet.sheets[0]!.row_count;
    if (rowCount !== ROWS) throw new Error(`imported ${rowCount} rows, expected ${ROWS}`);
    await new Promise((r) => setTimeout(r, TAIL_MS));
    client.postMessage('stop');
    const all = (await samples).filter((s) => s.at >= from && s.at <= from + importMs + TAIL_MS);
    await client.terminate();
    const errors = all.filter((s) => s.error !== undefined);
    if (errors.length) console.error(`${errors.length} GETs failed, first: ${errors[0]!.error}`);
    const ok = all.filter((s) => s.error === undefined);
    return {
      db,
      csvMb: csv.length / 1024 / 1024,
      importMs,
      status,
      noDb: stats(ok.filter((s) => s.target === 'no-db').map((s) => s.ms)),
      withDb: stats(ok.filter((s) => s.target === 'db').map((s) => s.ms)),
      errors: errors.length,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
    };
  } finally {
    await t.close();
  }
}


/** The same script on main before imports moved off the event loop (commit d2060c6). */
const BEFORE = [
  'Before (main at d2060c6: parsed on the server\'s thread, all rows in one transaction; same script and machine, 2026-11-24, load average about 2):',
  '',
  '| DB | GET | Import | GETs | p50 | p95 | p99 | max | Server event-loop delay p99 / max |',
  '|---|---|---|---|---|---|---|---|---|',
  '| sqlite | no database | 4.98 s | 399 | 2273.1 ms | 5820.3 ms | 6096.7 ms | 6152.8 ms | 6157.2 ms / 6157.2 ms |',
  '| sqlite | with database | 4.98 s | 400 | 2252.1 ms | 5790.4 ms | 6071.0 ms | 6146.3 ms | 6157.2 ms / 6157.2 ms |',
  '| postgres | no database | 11.25 s | 712 | 1.7 ms | 1822.0 ms | 2242.4 ms | 2320.0 ms | 21.4 ms / 1964.0 ms |',
  '| postgres | with database | 11.25 s | 712 | 5.5 ms | 1916.2 ms | 2302.7 ms | 2366.2 ms | 21.4 ms / 1964.0 ms |',
];

const f = (ms: number) => `${ms.toFixed(1)} ms`;
const row = (r: Result, s: Stats, what: string) =>
  `| ${r.db} | ${what} | ${(r.importMs / 1000).toFixed(2)} s | ${s.n} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} | ${f(s.max)} | ${f(r.loopP99)} / ${f(r.loopMax)} |`;

async function main() {
  const which = (process.env.BENCH_DB || 'both').toLowerCase();
  const dbs = (which === 'both' ? ['sqlite', 'postgres'] : [which]) as ('sqlite' | 'postgres')[];
  console.log(`Generating ${ROWS.toLocaleString('en')} rows ...`);
  const csv = generateCsv(ROWS);
  const results: Result[] = [];
  for (const db of dbs) {
    console.log(`\n== ${db} ==`);
    const r = await run(db, csv);
    results.push(r);
    console.log(`import ${f(r.importMs)} (${r.csvMb.toFixed(1)} MB CSV); server event-loop delay p99 ${f(r.loopP99)}, max ${f(r.loopMax)}`);
    for (const [what, s] of [['no database', r.noDb], ['with database', r.withDb]] as const)
      console.log(`GET (${what}) during the import: n ${s.n}, p50 ${f(s.p50)}, p95 ${f(s.p95)}, p99 ${f(s.p99)}, max ${f(s.max)}`);
  }

  const lines = [
    '## A 1,000,000-row import does not hold other requests',
    '',
    `Run with \`npx tsx bench/import-stall.ts\` (\`BENCH_DB=sqlite|postgres|both\`, \`BENCH_ROWS\`). Generated on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    ...machine(),
    '',
    `- **Import**: \`POST /api/spreadsheets\` over HTTP on a real port with a ${ROWS.toLocaleString('en')}-row, 4-column CSV of ${results[0]!.csvMb.toFixed(1)} MB (4 columns: 4,000,004 cells, under the 5,000,000-cell cap), from the answer's first byte sent to its last byte received.`,
    `- **Unrelated GETs**: a client on another thread sends, every ${INTERVAL_MS} ms in turn, \`GET /api/getENV/MAP_TILE_URL\` (no database) and another owner's \`GET /api/spreadsheets\` (session lookup and list: the database). Latency is counted from when each request was due (open loop), so a stall counts for every request it delayed. Counted: requests due from the upload's start until ${TAIL_MS / 1000} s after its answer. Target p99 < 50 ms.`,
    "- **Server event-loop delay**: `monitorEventLoopDelay` on the server's thread during the import: how long its own work held it (the rest of a GET's time is the database and the machine's other work).",
    '',
    '| DB | GET | Import | GETs | p50 | p95 | p99 | max | Server event-loop delay p99 / max |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.flatMap((r) => [row(r, r.noDb, 'no database'), row(r, r.withDb, 'with database')]),
    '',
    ...BEFORE,
    '',
  ];
  writeSection('import-stall', lines.join('\n'));
  console.log('\nWrote the import-stall section of bench/results.md');
  const failed = results.filter((r) => r.noDb.p99 > 50 || r.withDb.p99 > 50 || r.errors > 0);
  if (failed.length) {
    console.error(`Target missed on: ${failed.map((r) => r.db).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1]?.endsWith('import-stall.ts')) void main();
