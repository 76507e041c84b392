// Benchmark (issue 3, issue 19): a table's search + sort + page on a 1,000,000-row sheet, and
// concurrent form submits through POST /api/board/{id}/sheet/{title}/rows, on SQLite and
// PostgreSQL. Run: `npx tsx bench/rows.ts`. Settings (environment):
//   BENCH_DB=sqlite|postgres|both, BENCH_ROWS (sheet size), BENCH_QUERIES,
//   BENCH_PARTS=queries,submits (what to run; both by default),
//   BENCH_VIA=http|inject: submits over real HTTP/1.1 keep-alive connections from a worker thread
//     (default), or app.inject in the server's own thread,
//   BENCH_GUESTS (200), BENCH_BURSTS (5 bursts of one submit per guest), BENCH_RATE (paced load:
//   submits/s from all guests together, 1000) for BENCH_SECONDS (5),
//   BENCH_PROFILE=file.cpuprofile: a CPU profile of the server's thread during the submits.
// Every guest has its own address (X-Forwarded-For through a trusted proxy) and the default
// per-address write budget, as real visitors behind a load balancer. Writes its section of
// bench/results.md (between markers).
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { addWholeSheetTable } from './board';
import { writeSection } from './sections';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { newId, nowIso } from '../src/server/http';
import { storeSpreadsheet } from '../src/server/modules/spreadsheets/service';
import type { Cell } from '../src/server/sheets';
import { currentWorkspace } from '../src/server/identity/current-workspace';
import { loadConfig } from '../src/server/config';
import { createTestApp, signUp, type TestApp } from '../src/server/testing/app';
import { rng } from '../samples/rng';
import { pct } from './stats';
import { guestIp, runLoad, submitBody, type LoadOptions, type LoadResult } from './submit-load.mjs';

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES || 200);
const PARTS = new Set((process.env.BENCH_PARTS || 'queries,submits').split(',').map((p) => p.trim()));
const VIA = (process.env.BENCH_VIA || 'http') as 'http' | 'inject';
const GUESTS = Number(process.env.BENCH_GUESTS || 200);
const BURSTS = Number(process.env.BENCH_BURSTS || 5);
const RATE = Number(process.env.BENCH_RATE || 1000);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const SHEET = 'orders';
const COLUMNS = ['Order ID', 'Date', 'Customer', 'City', 'Quantity', 'Status'];
const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Lucas', 'Sophia', 'Mateo', 'Mia', 'Ethan', 'Amelia', 'Arjun', 'Chloe', 'Kenji', 'Fatima', 'Diego'];
const LAST = ['Johnson', 'Martin', 'Garcia', 'Muller', 'Rossi', 'Nguyen', 'Patel', 'Kim', 'Dubois', 'Silva', 'Andersen', 'Okafor', 'Tanaka'];
const CITIES = ['New York', 'London', 'Berlin', 'Paris', 'Toronto', 'Sydney', 'Madrid', 'Amsterdam', 'Chicago', 'Austin', 'Lisbon', 'Dublin', 'Oslo', 'Rome', 'Tokyo'];
const STATUSES = ['Delivered', 'Shipped', 'Processing', 'Cancelled', 'Refunded'];

function generate(rows: number): Cell[][] {
  const rand = rng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const out = new Array<Cell[]>(rows);
  for (let i = 0; i < rows; i++) {
    const d = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 730) * 86400000).toISOString().slice(0, 10);
    out[i] = [`ORD-${1_000_000 + i}`, d, `${pick(FIRST)} ${pick(LAST)}`, pick(CITIES), 1 + Math.floor(rand() * 9), pick(STATUSES)];
  }
  return out;
}

/** One load (submit-load.mjs) against the app: over HTTP from a worker thread, or app.inject here. */
async function load(t: TestApp, url: string, options: LoadOptions): Promise<LoadResult> {
  if (VIA === 'inject') {
    return runLoad(options, async (g: number, body: unknown) => {
      const r = await t.app.inject({ method: 'POST', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': guestIp(g) }, payload: body as Record<string, unknown> });
      return { status: r.statusCode, body: r.body };
    });
  }
  const address = t.app.server.address() as AddressInfo;
  const worker = new Worker(new URL('./submit-load.mjs', import.meta.url), { workerData: { url: `http://127.0.0.1:${address.port}${url}`, options } });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: LoadResult) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

interface Submits {
  rows: number;
  wallMs: number;
  rowsPerS: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  failures: string[];
}

function submitsOf(r: LoadResult): Submits {
  const l = [...r.latencies].sort((a, b) => a - b);
  const ok = r.statuses['201'] ?? 0;
  return { rows: ok, wallMs: r.wallMs, rowsPerS: (ok / r.wallMs) * 1000, p50: pct(l, 50), p99: pct(l, 99), max: l[l.length - 1] ?? NaN, failed: r.sent - ok, failures: r.failures };
}

interface Result {
  db: string;
  via: string;
  storeS: number;
  coldMs?: number;
  query?: { p50: number; p95: number; max: number };
  burst?: Submits;
  paced?: Submits;
  cpuMsPerRow?: number;
  lost?: number;
  duplicated?: number;
  afterAppendsMs?: number;
  reloads?: number;
}

async function run(db: 'sqlite' | 'postgres', data: Cell[][]): Promise<Result> {
  process.env.TEST_DB = db;
  // Production's per-address write budget (the test apps lift it), and a trusted proxy naming each guest's address.
  const defaults = loadConfig({ DATA_DIR: '/tmp/unused' } as NodeJS.ProcessEnv);
  const t = await createTestApp({ sheetCacheMb: 4096, trustProxy: true, rowWritesPerIp: defaults.rowWritesPerIp });
  try {
    if (VIA === 'http') await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signUp(t.app, 'Bench', `bench-rows-${Date.now()}@example.com`, 'benchmark-pass');
    const ws = await currentWorkspace(t.ctx, user);
    const s = performance.now();
    const spreadsheet = await storeSpreadsheet(t.ctx, ws.id, 'Orders 1M', [{ title: SHEET, columns: COLUMNS, rows: data }], 'json');
    const storeS = (performance.now() - s) / 1000;
    const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: user.cookie }, payload: { public: true, name: `Rows ${db}`, kind: 'board', spreadsheetId: spreadsheet.id } })).json().app;
    const pageId = await addWholeSheetTable(t, user.cookie, app.id, SHEET);
    const formId = newId();
    const axis = [
      { column: 'Order ID', type: 'text', regex_validation: '^WEB-[0-9]+$' },
      { column: 'Date', type: 'date' },
      { column: 'Customer', type: 'text' },
      { column: 'City', type: 'select', options: CITIES.join(', ') },
      { column: 'Quantity', type: 'number' },
    ];
    await t.ctx.db
      .insertInto('blocks')
      .values({ id: formId, page_id: pageId, position: 1, type: 'form', config: JSON.stringify({ section: '', sheet_title: SHEET, axis, actions: [] }), created_at: nowIso(), updated_at: nowIso() })
      .execute();
    const base = `/api/board/${spreadsheet.id}/sheet/${SHEET}`;
    const result: Result = { db, via: VIA, storeS };

    // Count loads from the database: appends must patch the cache, not make it reload.
    let reloads = 0;
    const cache = t.ctx.sheetCache;
    const get = cache.get.bind(cache);
    cache.get = (id, version, load) => get(id, version, () => (reloads++, load()));

    const query = async (qs: string) => {
      const st = performance.now();
      const r = await t.app.inject({ method: 'GET', url: `${base}?board=${app.subdomain}&limit=50&${qs}` });
      if (r.statusCode !== 200) throw new Error(`query failed ${r.statusCode} ${r.body}`);
      return performance.now() - st;
    };
    // Cold: the first query loads all rows from the database and builds the search text.
    result.coldMs = await query('q=paris&sort=Quantity&dir=desc');
    if (PARTS.has('queries')) {
      const rand = rng(99);
      const sorts = ['Date', 'Customer', 'City', 'Quantity', 'Order ID', 'Status'];
      // Build each sort order once (first sorts are measured by bench/import-and-query.ts).
      for (const c of sorts) await query(`sort=${encodeURIComponent(c)}`);
      const times: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const term = rand() < 0.5 ? CITIES[Math.floor(rand() * CITIES.length)]!.toLowerCase() : `ord-${1_000_000 + Math.floor(rand() * ROWS)}`;
        const sort = sorts[Math.floor(rand() * sorts.length)]!;
        const dir = rand() < 0.5 ? 'asc' : 'desc';
        times.push(await query(`q=${encodeURIComponent(term)}&sort=${encodeURIComponent(sort)}&dir=${dir}&offset=${Math.floor(rand() * 20) * 50}`));
      }
      times.sort((a, b) => a - b);
      result.query = { p50: pct(times, 50), p95: pct(times, 95), max: times[times.length - 1]! };
    }
    if (PARTS.has('submits')) {
      const reloadsBefore = reloads;
      const url = `${base}/rows?board=${app.subdomain}`;
      // One submit before measuring (a server that has served forms before): the guest 'warm-up' of index GUESTS.
      const warm = await t.app.inject({ method: 'POST', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': guestIp(GUESTS) }, payload: submitBody(formId, GUESTS, 0) });
      if (warm.statusCode !== 201) throw new Error(`the warm-up submit failed: ${warm.statusCode} ${warm.body}`);
      const options = { guests: GUESTS, rounds: BURSTS, rate: RATE, seconds: SECONDS, formId };
      const profile = process.env.BENCH_PROFILE ? new Session() : null;
      if (profile) {
        profile.connect();
        await profile.post('Profiler.enable');
        await profile.post('Profiler.start');
      }
      const cpu = process.cpuUsage();
      result.burst = submitsOf(await load(t, url, { ...options, mode: 'burst', first: 1 }));
      result.paced = submitsOf(await load(t, url, { ...options, mode: 'paced', first: 1 + BURSTS }));
      const used = process.cpuUsage(cpu);
      // CPU time of the whole process (server and, over HTTP, the sending worker) per row answered: steadier than times on a busy machine.
      result.cpuMsPerRow = (used.user + used.system) / 1000 / (result.burst.rows + result.paced.rows);
      if (profile) {
        const { profile: taken } = await profile.post('Profiler.stop');
        fs.writeFileSync(`${process.env.BENCH_PROFILE}.${db}.cpuprofile`, JSON.stringify(taken));
        profile.disconnect();
      }
      const answered = 1 + result.burst.rows + result.paced.rows;

      // Every 201 is in the database once; the cache holds every row.
      const sheet = await t.ctx.db.selectFrom('sheets').select(['id', 'row_count']).where('spreadsheet_id', '=', spreadsheet.id).executeTakeFirstOrThrow();
      const stored = await t.ctx.db.selectFrom('sheet_rows').select('data').where('sheet_id', '=', sheet.id).where('row_index', '>=', ROWS).execute();
      const names = new Set(stored.map((r) => JSON.parse(r.data)['Order ID'] as string));
      result.lost = answered - names.size;
      result.duplicated = stored.length - names.size;
      if (Number(sheet.row_count) !== ROWS + stored.length) throw new Error(`row_count ${sheet.row_count}, rows ${ROWS + stored.length}`);
      result.afterAppendsMs = await query('q=web customer&sort=Quantity&dir=desc');
      const check = await t.app.inject({ method: 'GET', url: `${base}?board=${app.subdomain}&q=web-&limit=1` });
      if (check.json().total !== stored.length) throw new Error(`the cache holds ${check.json().total} submitted rows, the database ${stored.length}`);
      result.reloads = reloads - reloadsBefore;
    }
    return result;
  } finally {
    await t.close();
  }
}

const f = (ms: number | undefined) => (ms === undefined ? '–' : `${ms.toFixed(1)} ms`);
const rate = (x: Submits | undefined) => (x ? x.rowsPerS.toFixed(0) : '–');

async function main() {
  const which = (process.env.BENCH_DB || 'both').toLowerCase();
  const dbs = (which === 'both' ? ['sqlite', 'postgres'] : [which]) as ('sqlite' | 'postgres')[];
  console.log(`Generating ${ROWS.toLocaleString('en')} rows ...`);
  const data = generate(ROWS);
  const results: Result[] = [];
  for (const db of dbs) {
    console.log(`\n== ${db} ==`);
    const r = await run(db, data);
    results.push(r);
    console.log(JSON.stringify(r, null, 1));
  }
  for (const r of results)
    if (r.burst && r.paced)
      console.log(
        `${r.db} via ${r.via}: burst ${rate(r.burst)} rows/s p50 ${f(r.burst.p50)} p99 ${f(r.burst.p99)} | paced ${rate(r.paced)} rows/s p50 ${f(r.paced.p50)} p99 ${f(r.paced.p99)} | lost ${r.lost} duplicated ${r.duplicated} failed ${r.burst.failed + r.paced.failed} | CPU ${r.cpuMsPerRow?.toFixed(2)} ms/row`,
      );
  if (!PARTS.has('queries') || !PARTS.has('submits')) return;
  const lines = [
    '## Rows: table queries on 1,000,000 rows and concurrent form submits',
    '',
    `Run with \`npx tsx bench/rows.ts\` (settings at the top of the script). Generated on ${new Date().toISOString().slice(0, 10)}, same machine as above (2 cores; load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}).`,
    '',
    `- The sheet: ${ROWS.toLocaleString('en')} rows × ${COLUMNS.length} columns, stored with the import's batched inserts (the HTTP import refuses more than 5,000,000 cells).`,
    '- **Cold query**: the first `q=paris&sort=Quantity&dir=desc&limit=50` as a guest: reads every row from the database, builds the search text, sorts.',
    `- **Table query**: ${QUERIES} guest requests after each column was sorted once: one search term (a city, or an order number no earlier query used), a random sort column and direction, a 50-row page at offset 0-950.`,
    `- **Form submits**: \`POST …/rows\` as ${GUESTS} guests through a form block (regex, date, select and number checks on every submit), onto the same sheet with its cache warm, ${VIA === 'http' ? 'over HTTP/1.1 keep-alive (one connection per guest, sent from a worker thread)' : 'through app.inject in the server thread (no sockets)'}; each guest has its own address (X-Forwarded-For from a trusted proxy) and production's per-address write budget. After one warm-up submit: **burst** = ${BURSTS} times, all ${GUESTS} guests submit at the same moment (rows/s over the bursts; latency from the burst's start); **paced** = the guests together send ${RATE} submits/s for ${SECONDS} s whatever the answers (latency from each submit's planned time). Lost rows = submits answered 201 whose row is not in the database; duplicated = extra copies; failed = answers other than 201. Reloads = times the sheet was read again from the database because of the writes (the cache is patched in place instead).`,
    '- **First query after submits**: a search + sort page right after the submits (the patched cache answers it).',
    '',
    '| DB | Cold query | Table query p50 | p95 | max | Burst rows/s | Burst p50 | Burst p99 | Paced rows/s | Paced p50 | Paced p99 | Lost | Duplicated | Failed | Reloads | First query after submits |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.db} | ${f(r.coldMs)} | ${f(r.query?.p50)} | ${f(r.query?.p95)} | ${f(r.query?.max)} | ${rate(r.burst)} | ${f(r.burst?.p50)} | ${f(r.burst?.p99)} | ${rate(r.paced)} | ${f(r.paced?.p50)} | ${f(r.paced?.p99)} | ${r.lost} | ${r.duplicated} | ${(r.burst?.failed ?? 0) + (r.paced?.failed ?? 0)} | ${r.reloads} | ${f(r.afterAppendsMs)} |`,
    ),
  ];
  writeSection('rows', lines.join('\n'));
  console.log('\nWrote the rows section of bench/results.md');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
