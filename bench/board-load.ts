// Benchmark (issue 19): "100 concurrent guests on an 8-block board: ≥ 500 page loads/s of its API
// calls, p95 < 100 ms". Asserts nothing about timing; every answer is checked.
//
//   npx tsx bench/board-load.ts
//
// 1. Starts the real server as `npm start` runs it (tests/e2e/processes.ts spawnServer, built:
//    `node dist/server/main.mjs`, a fresh DATA_DIR; on PostgreSQL a fresh schema) with the built web app.
// 2. Signs an owner up, imports an Orders sheet (BENCH_ROWS rows, default 20,000) as a CSV through
//    the product's upload (POST /api/spreadsheets, multipart), adds a 200-row Places sheet through
//    the re-import upload (a sheet only the file has is added), and makes a public board of 8 data
//    blocks: table, chart, scorecard, list, grid and data list over Orders; calendar, image gallery
//    and map over Places (the kinds that read every row of a sheet get the small one, as a
//    person would build it).
// 3. Opens the board once in headless Chromium as a fresh guest and records every /api/ call the
//    page makes (method, path and query string exactly as sent, body, Host): that list, not a
//    hand-written one, is one "page load". So a change of the viewer's calls changes the benchmark.
// 4. BENCH_GUESTS (100) guests, each with its own keep-alive connections (6 per guest, as a
//    browser opens per host), loop page loads: every call of the list at once, as the browser
//    sends them, then the next load. BENCH_WARMUP_SECONDS (5) of warm-up, then BENCH_SECONDS (20)
//    measured. Each answer is checked: the status the browser got (200; the guest's /api/auth is
//    a 401) and the same body as the reference answer (taken before the run and checked for
//    content: 8 blocks, rows, series...).
// 5. Reports page loads/s, p50/p95/p99 of a page load, each call's p50/p95 and size, errors and the
//    server's RSS; writes the board-load section of bench/results.md.
//
// Settings: BENCH_DB=sqlite|postgres|both (default both), BENCH_ROWS, BENCH_GUESTS, BENCH_SECONDS,
// BENCH_WARMUP_SECONDS, BENCH_WEB_DIR (reuse a build of the web app), BENCH_NO_SECTION=1 (print,
// do not write results.md), BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
// to profile the server under the load), BENCH_SERVER_ENV (JSON of extra server settings).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumOptions, spawnServer, type SpawnedServer } from '../tests/e2e/processes';
import { machine } from './machine';
import { dropSchema, freshSchema, rssMb } from './procs';
import { writeSection } from './sections';
import { stats } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WHICH_DB = (process.env.BENCH_DB || 'both').toLowerCase();
const DBS = (WHICH_DB === 'both' ? ['sqlite', 'postgres'] : [WHICH_DB]) as Db[];
const ROWS = Number(process.env.BENCH_ROWS || 20_000);
const GUESTS = Number(process.env.BENCH_GUESTS || 100);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 5);
const PLACES = 200;
const SOCKETS_PER_GUEST = 6;
type Db = 'sqlite' | 'postgres';

if (!DBS.every((d) => d === 'sqlite' || d === 'postgres')) throw new Error(`BENCH_DB must be sqlite, postgres or both, got '${WHICH_DB}'`);
if (![ROWS, GUESTS, SECONDS].every((n) => Number.isInteger(n) && n > 0)) throw new Error('BENCH_ROWS, BENCH_GUESTS and BENCH_SECONDS must be whole numbers');

const log = (...m: unknown[]) => console.error(`[board-load ${new Date().toISOString().slice(11, 19)}]`, ...m);
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/** CPU time the process has used (user + system), in ms, from /proc (null elsewhere). */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the rows (deterministic)

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const FIRST = ['Ada', 'Grace', 'Alan', 'Marie', 'Linus', 'Margaret', 'Tim', 'Barbara', 'Dennis', 'Frances', 'Ken', 'Radia', 'Edsger', 'Hedy', 'John', 'Karen'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Curie', 'Torvalds', 'Hamilton', 'Berners-Lee', 'Liskov', 'Ritchie', 'Allen', 'Thompson', 'Perlman', 'Dijkstra', 'Lamarr', 'Backus', 'Jones'];
const CITIES = ['Paris', 'London', 'Berlin', 'Madrid', 'Rome', 'Lisbon', 'Vienna', 'Prague', 'Dublin', 'Oslo', 'Warsaw', 'Athens'];
const CATEGORIES = ['Mugs', 'Plates', 'Bowls', 'Vases', 'Teapots', 'Cups'];
const STATUSES = ['New', 'Paid', 'Shipped', 'Delivered', 'Returned'];
const csvCell = (v: string | number) => (typeof v === 'number' || !/[",\n]/.test(v) ? String(v) : `"${v.replace(/"/g, '""')}"`);

function ordersCsv(n: number): Buffer {
  const rnd = prng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const lines = ['Order,Customer,Email,City,Category,Status,Amount,Quantity,Date'];
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < n; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const date = new Date(start + Math.floor(rnd() * 730) * 86_400_000).toISOString().slice(0, 10);
    lines.push([`ORD-${String(i + 1).padStart(7, '0')}`, `${first} ${last}`, `${first}.${last}${i}@example.com`.toLowerCase(), pick(CITIES), pick(CATEGORIES), pick(STATUSES), round(5 + rnd() * 995, 2), 1 + Math.floor(rnd() * 9), date].map(csvCell).join(','));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

function placesCsv(n: number, base: string): Buffer {
  const rnd = prng(7);
  const lines = ['Name,Description,Address,Image,Latitude,Longitude,Date'];
  for (let i = 0; i < n; i++) {
    const city = CITIES[i % CITIES.length]!;
    const date = new Date(Date.UTC(2026, 10, 1) + Math.floor(rnd() * 60) * 86_400_000).toISOString().slice(0, 10);
    lines.push([`Shop ${i + 1}`, `Our ${city} shop number ${i + 1}, open every day.`, `${i + 1} Main Street, ${city}`, `${base}/samples/images/ceramic-mug.svg`, round(40 + rnd() * 15, 5), round(-5 + rnd() * 25, 5), date].map(csvCell).join(','));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

// ---------------------------------------------------------------- setting the board up (the owner, through the API)

interface Board {
  appId: string;
  subdomain: string;
  spreadsheetId: string;
  url: string;
  blocks: string[];
}

async function setUp(server: SpawnedServer): Promise<Board> {
  const base = server.baseUrl;
  const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench Owner', email: `board-load-${Date.now()}@example.com`, password: 'benchmark-pass' }) });
  if (signup.status !== 201) throw new Error(`signup → ${signup.status}: ${await signup.text()}`);
  const cookie = (signup.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${base}${url}`, { method, headers: { cookie, ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : isForm ? body : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const upload = (name: string, csv: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), name);
    return form;
  };
  const t0 = performance.now();
  const { spreadsheet } = await call<{ spreadsheet: { id: string; sheets: { title: string; row_count: number }[] } }>('POST', '/api/spreadsheets', upload('Orders.csv', ordersCsv(ROWS)));
  const orders = spreadsheet.sheets[0]!;
  if (orders.row_count !== ROWS) throw new Error(`imported ${orders.row_count} rows, expected ${ROWS}`);
  log(`imported ${ROWS.toLocaleString('en')} rows as '${orders.title}' in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  const re = upload('Places.csv', placesCsv(PLACES, base));
  const again = await call<{ spreadsheet?: { sheets: { title: string; row_count: number }[] } }>('POST', `/api/spreadsheets/${spreadsheet.id}/reimport?mode=append`, re);
  const places = (again.spreadsheet?.sheets ?? (await call<{ spreadsheet: { sheets: { title: string; row_count: number }[] } }>('GET', `/api/spreadsheets/${spreadsheet.id}`)).spreadsheet.sheets).find((s) => s.title !== orders.title);
  if (!places || places.row_count !== PLACES) throw new Error(`the Places sheet was not added: ${JSON.stringify(again).slice(0, 300)}`);

  const { app } = await call<{ app: { id: string; subdomain: string } }>('POST', '/api/apps', { name: 'Board load', kind: 'board', spreadsheetId: spreadsheet.id, public: true });
  const pageId = (await call<{ pages: { page_id: string }[] }>('GET', `/api/pages/${app.id}`)).pages[0]!.page_id;
  const O = orders.title;
  const P = places.title;
  const blocks: Record<string, unknown>[] = [
    { type: 'scorecard', title: 'Key numbers', axis: [{ source: { sheet: O, column: 'Amount' }, label: 'Revenue', function: 'sum', symbol: '$' }, { source: { sheet: O, column: 'Quantity' }, label: 'Items sold', function: 'sum' }] },
    { type: 'chart', title: 'Revenue by category', sheet_title: O, x_axis: 'Category', axis: [{ column: 'Amount', type: 'bar', duplicateXAxis: 'sum' }] },
    { type: 'table', title: 'Orders', sheet_title: O, rows_per_page: 10 },
    { type: 'list', title: 'Latest orders', sheet_title: O, axis: [{ column: 'Order' }, { column: 'Customer' }, { column: 'Amount' }] },
    { type: 'grid', title: 'Orders by card', sheet_title: O, axis: [{ column: 'Customer' }, { column: 'City' }, { column: 'Status' }] },
    { type: 'calendar', title: 'Openings', sheet_title: P, start_time_column: 'Date', event_title_column: 'Name' },
    { type: 'image_gallery', title: 'Shops', sheet_title: P, image_column: 'Image', caption_column: 'Name' },
    { type: 'map', title: 'Where we are', sheet_title: P, axis: [{ title: 'Name', description: 'Description', address: 'Address', image: 'Image', latitude: 'Latitude', longitude: 'Longitude' }] },
  ];
  for (const b of blocks) await call('POST', '/api/blocks', { pageId, ...b });
  const page = (await call<{ pages: { blocks: { type: string }[] }[] }>('GET', `/api/pages/${app.id}`)).pages[0]!;
  return { appId: app.id, subdomain: app.subdomain, spreadsheetId: spreadsheet.id, url: `http://${app.subdomain}.localhost:${server.port}/`, blocks: page.blocks.map((b) => b.type) };
}

// ---------------------------------------------------------------- what the browser asks for

interface Call {
  method: string;
  /** Path and query string, exactly as the page sent them. */
  path: string;
  host: string;
  headers: Record<string, string>;
  body: string | null;
  /** The status the browser got. */
  status: number;
}

async function buildWeb(): Promise<string> {
  const given = process.env.BENCH_WEB_DIR;
  const dir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-board-load-web-'));
  if (!given || !fs.existsSync(path.join(dir, 'index.html'))) {
    log(`building the web app into ${dir}`);
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  }
  return dir;
}

/** One visit of a fresh guest in Chromium: every /api/ request the board's page makes, in order. */
async function capture(board: Board): Promise<Call[]> {
  const browser = await chromium.launch(chromiumOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const calls: Call[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (req) => {
      const u = new URL(req.url());
      if (!u.pathname.startsWith('/api/') && !u.pathname.startsWith('/v3/')) return;
      pending.push(
        (async () => {
          const res = await req.response();
          const all = await req.allHeaders();
          const keep = ['accept', 'accept-encoding', 'accept-language', 'content-type', 'user-agent'];
          calls.push({ method: req.method(), path: u.pathname + u.search, host: u.host, headers: Object.fromEntries(keep.filter((k) => all[k]).map((k) => [k, all[k]!])), body: req.postData(), status: res?.status() ?? 0 });
        })(),
      );
    });
    await page.goto(board.url, { waitUntil: 'networkidle' });
    // Every block on screen with content (charts ask once they know their width).
    await page.waitForFunction((n) => document.querySelectorAll('article[data-testid^="block-"]').length >= n, board.blocks.length, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await sleep(1500);
    await Promise.all(pending);
    const errors = await page.locator('[data-testid="block-error"]').count();
    if (errors > 0) throw new Error(`${errors} block(s) of the board show a data error in Chromium`);
    await context.close();
    return calls;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- replaying page loads

interface Answer {
  status: number;
  body: Buffer;
  encoding: string;
}

function send(agent: http.Agent, port: number, c: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...c.headers, host: c.host };
    if (c.body !== null) headers['content-length'] = String(Buffer.byteLength(c.body));
    const req = http.request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(c.body ?? undefined);
  });
}

const label = (c: Call) => `${c.method} ${decodeURIComponent(c.path.split('?')[0]!)}${c.path.includes('chart=') ? ' (chart)' : c.path.includes('fields=') ? ` (fields=${new URLSearchParams(c.path.split('?')[1]).get('fields')})` : c.path.includes('limit=') ? ` (limit=${new URLSearchParams(c.path.split('?')[1]).get('limit')})` : ''}`;

/** What a right answer must hold, checked once on the reference answers (decompressed, parsed). */
function checkContent(c: Call, json: unknown, board: Board): string | null {
  const o = (json ?? {}) as Record<string, unknown>;
  const p = c.path.split('?')[0]!;
  if (p === '/api/board/update-metadata') return (o.app_id ?? (o.state as Record<string, unknown> | undefined)?.app_id ?? JSON.stringify(o).includes(board.appId)) ? null : 'no board state';
  if (p.startsWith('/api/pages/')) return Array.isArray(o.pages) && (o.pages as { blocks: unknown[] }[])[0]?.blocks.length === board.blocks.length ? null : 'not the 8 blocks';
  if (/\/sheet\/[^/]+\/chart$/.test(p)) return JSON.stringify(o).length > 50 && !('message' in o) ? null : 'no series';
  if (/\/sheet\/[^/]+\/geo$/.test(p)) return JSON.stringify(o).length > 50 ? null : 'no places';
  if (/^\/api\/board\/[^/]+\/sheet\/[^/]+$/.test(p)) return Array.isArray(o.rows) && o.rows.length > 0 && typeof o.total === 'number' ? null : 'no rows';
  return null;
}

async function decode(a: Answer): Promise<unknown> {
  const zlib = await import('node:zlib');
  const raw = a.encoding === 'br' ? zlib.brotliDecompressSync(a.body) : a.encoding === 'gzip' ? zlib.gunzipSync(a.body) : a.encoding === 'zstd' ? null : a.body;
  if (raw === null) throw new Error('zstd answers are not decoded here');
  const text = raw.toString('utf8');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

interface LoadResult {
  seconds: number;
  loads: number;
  loadsPerS: number;
  load: ReturnType<typeof stats>;
  perCall: { label: string; status: number; bytes: number; p50: number; p95: number; p99: number }[];
  errors: number;
  errorSamples: string[];
  rssIdle: number | null;
  rssPeak: number | null;
  rssEnd: number | null;
  /** The server's CPU time (user + system) per page load in the measured window: less moved by a busy machine than the rates. */
  cpuMsPerLoad: number | null;
}

async function run(server: SpawnedServer, calls: Call[], board: Board): Promise<LoadResult> {
  // The reference answers, and their content checked.
  const refAgent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_GUEST });
  const ref: Answer[] = [];
  for (const c of calls) {
    const a = await send(refAgent, server.port, c);
    if (a.status !== c.status) throw new Error(`${label(c)} → ${a.status}, the browser got ${c.status}: ${a.body.toString().slice(0, 200)}`);
    if (a.status === 200) {
      const wrong = checkContent(c, await decode(a), board);
      if (wrong) throw new Error(`${label(c)}: ${wrong}`);
    }
    ref.push(a);
  }
  refAgent.destroy();

  const rssIdle = rssMb(server.pid);
  let rssPeak = rssIdle ?? 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid) ?? 0)), 200);
  const loadMs: number[] = [];
  const callMs: number[][] = calls.map(() => []);
  let errors = 0;
  let cpuAtWarmEnd: number | null = null;
  let cpuAtEnd: number | null = null;
  const errorSamples: string[] = [];
  const fail = (m: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(m);
  };
  const t0 = performance.now();
  const warmEnd = t0 + WARMUP_SECONDS * 1000;
  const end = warmEnd + SECONDS * 1000;
  const guest = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_GUEST });
    try {
      while (performance.now() < end) {
        const start = performance.now();
        await Promise.all(
          calls.map(async (c, i) => {
            const s = performance.now();
            try {
              const a = await send(agent, server.port, c);
              const done = performance.now();
              if (done >= warmEnd && done <= end) callMs[i]!.push(done - s);
              const r = ref[i]!;
              if (a.status !== r.status) fail(`${label(c)} → ${a.status}: ${a.body.toString().slice(0, 160)}`);
              else if (a.encoding !== r.encoding || a.body.length !== r.body.length || !a.body.subarray(0, 64).equals(r.body.subarray(0, 64))) fail(`${label(c)}: a different answer (${a.body.length} bytes ${a.encoding}, reference ${r.body.length} ${r.encoding})`);
            } catch (e) {
              fail(`${label(c)}: ${(e as Error).message}`);
            }
          }),
        );
        // A page load counts when it ends inside the measured window (throughput and latency alike).
        const done = performance.now();
        if (done >= warmEnd && done <= end) loadMs.push(done - start);
      }
    } finally {
      agent.destroy();
    }
  };
  const cpuMarks = [setTimeout(() => (cpuAtWarmEnd = cpuMs(server.pid)), warmEnd - t0), setTimeout(() => (cpuAtEnd = cpuMs(server.pid)), end - t0)];
  await Promise.all(Array.from({ length: GUESTS }, guest));
  cpuMarks.forEach(clearTimeout);
  const seconds = SECONDS;
  clearInterval(rssTimer);
  const rssEnd = rssMb(server.pid);
  return {
    seconds: round(seconds, 2),
    loads: loadMs.length,
    loadsPerS: round(loadMs.length / seconds),
    load: stats(loadMs),
    perCall: calls.map((c, i) => {
      const s = stats(callMs[i]!);
      return { label: label(c), status: ref[i]!.status, bytes: ref[i]!.body.length, p50: round(s.p50), p95: round(s.p95), p99: round(s.p99) };
    }),
    errors,
    errorSamples,
    rssIdle,
    rssPeak: rssPeak || null,
    rssEnd,
    cpuMsPerLoad: cpuAtWarmEnd !== null && cpuAtEnd !== null && loadMs.length > 0 ? round((cpuAtEnd - cpuAtWarmEnd) / loadMs.length, 2) : null,
  };
}

// ---------------------------------------------------------------- main

async function oneDb(db: Db, webDir: string): Promise<{ db: Db; board: Board; calls: Call[]; result: LoadResult }> {
  let schema: string | null = null;
  const env: Record<string, string> = { WEB_DIR: webDir, MAX_IMPORT_CELLS: '20000000', MAX_IMPORT_MB: '200', ...(JSON.parse(process.env.BENCH_SERVER_ENV || '{}') as Record<string, string>) };
  if (db === 'postgres') {
    const fresh = await freshSchema('board_load');
    schema = fresh.schema;
    Object.assign(env, fresh.env);
  }
  const server = await spawnServer(env, { built: true, nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS || '').split(' ').filter(Boolean) });
  log(`${db}: server up on port ${server.port} (pid ${server.pid})`);
  try {
    const board = await setUp(server);
    log(`${db}: board ${board.url} with ${board.blocks.join(', ')}`);
    const calls = await capture(board);
    log(`${db}: one page load in Chromium = ${calls.length} API calls:\n  ${calls.map((c) => `${c.status} ${c.method} ${c.path}`).join('\n  ')}`);
    log(`${db}: ${GUESTS} guests, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s`);
    const result = await run(server, calls, board);
    log(`${db}: ${result.loadsPerS} page loads/s, p50 ${round(result.load.p50)} ms, p95 ${round(result.load.p95)} ms, p99 ${round(result.load.p99)} ms, errors ${result.errors}, server CPU ${result.cpuMsPerLoad} ms per page load, RSS peak ${result.rssPeak} MB`);
    for (const c of result.perCall) log(`  ${c.label}: p50 ${c.p50} ms, p95 ${c.p95} ms, ${c.bytes} bytes`);
    for (const e of result.errorSamples) log(`  error: ${e}`);
    return { db, board, calls, result };
  } finally {
    await server.stop();
    if (schema) await dropSchema(schema);
  }
}

function gitHead(): string {
  try {
    const dirty = execSync('git status --porcelain -- src', { cwd: ROOT }).toString().trim() ? ' with uncommitted changes in src/' : '';
    return `\`${execSync('git log -1 --format="%h %s" -- src', { cwd: ROOT }).toString().trim().slice(0, 80)}\`${dirty}`;
  } catch {
    return 'this checkout';
  }
}

function report(runs: Awaited<ReturnType<typeof oneDb>>[]): string {
  const ok = (r: LoadResult) => r.loadsPerS >= 500 && r.load.p95 < 100 && r.errors === 0;
  const first = runs[0]!;
  const lines = [
    '## Board load: 100 concurrent guests on an 8-block board (issue 19)',
    '',
    `Run with \`npx tsx bench/board-load.ts\` (BENCH_DB, BENCH_ROWS, BENCH_GUESTS, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_WEB_DIR). Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, code at ${gitHead()}.`,
    '',
    ...machine(),
    `- Server: the real one as \`npm start\` runs it (\`node dist/server/main.mjs\`, built by \`scripts/build-server.mjs\`; default settings), a fresh DATA_DIR or PostgreSQL schema; the client (this script, Node's http with keep-alive) shares the same cores.`,
    '',
    `The board: ${first.board.blocks.join(', ')}. Orders: ${ROWS.toLocaleString('en')} rows (9 columns) imported as a CSV through the upload; Places: ${PLACES} rows (the calendar, gallery and map, which read every row of their sheet). A public board, read by guests without an account.`,
    '',
    `One **page load** is every API call the board's page made in Chromium for a fresh guest (recorded, then replayed with the same method, path, query string, body, Host and Accept-Encoding): ${first.calls.length} calls, sent at once as the browser does, each guest on its own keep-alive connections (${SOCKETS_PER_GUEST}, as a browser per host), no browser cache (no If-None-Match: every load is a first visit). ${GUESTS} guests loop page loads for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up. Every answer is checked: the status the browser got and the same body as the reference answer (whose content was checked: the board, its 8 blocks, rows, series).`,
    '',
    '| database | page loads/s (target ≥ 500) | page load p50 | p95 (target < 100 ms) | p99 | page loads | errors | server CPU per page load | server RSS idle / peak / end |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map(({ db, result: r }) => `| ${db} | **${r.loadsPerS}**${r.loadsPerS >= 500 ? ' ✓' : ' ✗'} | ${round(r.load.p50)} ms | **${round(r.load.p95)} ms**${r.load.p95 < 100 ? ' ✓' : ' ✗'} | ${round(r.load.p99)} ms | ${r.loads.toLocaleString('en')} | ${r.errors}${r.errors ? ' ✗' : ''} | ${r.cpuMsPerLoad ?? '–'} ms | ${r.rssIdle ?? '–'} / ${r.rssPeak ?? '–'} / ${r.rssEnd ?? '–'} MB |`),
    '',
    `"Server CPU per page load": the server process's CPU time (user + system, /proc) over the measured window divided by the page loads in it: ${'what a page load costs the server, less moved by other work on the machine than the rates (one Node process serving 500 page loads/s on one core needs it under 2 ms)'}.`,
    '',
    `Target ${runs.every((r) => ok(r.result)) ? '**met**' : '**not met**'} (${runs.map((r) => `${r.db}: ${ok(r.result) ? 'met' : 'missed'}`).join(', ')}).`,
    '',
    'Each call of a page load (the first database\'s run; latency inside a page load, from sending to the last byte):',
    '',
    `| call | status | answer bytes (as sent, compressed) | ${runs.map((r) => `${r.db} p50 / p95`).join(' | ')} |`,
    `|---|---|---|${runs.map(() => '---').join('|')}|`,
    ...first.result.perCall.map((c, i) => `| \`${c.label.replace(/\|/g, '\\|')}\` | ${c.status} | ${c.bytes.toLocaleString('en')} | ${runs.map((r) => `${r.result.perCall[i]?.p50 ?? '–'} / ${r.result.perCall[i]?.p95 ?? '–'} ms`).join(' | ')} |`),
    '',
    '<details><summary>The calls exactly as the page sent them</summary>',
    '',
    ...first.calls.map((c) => `- \`${c.method} ${c.path.replace(/`/g, '%60')}\``),
    '',
    '</details>',
  ];
  for (const r of runs) if (r.result.errorSamples.length) lines.push('', `Errors on ${r.db}: ${r.result.errorSamples.join('; ')}`);
  return lines.join('\n');
}

async function main() {
  const webDir = await buildWeb();
  const runs: Awaited<ReturnType<typeof oneDb>>[] = [];
  try {
    for (const db of DBS) runs.push(await oneDb(db, webDir));
  } finally {
    if (!process.env.BENCH_WEB_DIR) fs.rmSync(webDir, { recursive: true, force: true });
  }
  const body = report(runs);
  if (process.env.BENCH_NO_SECTION !== '1') writeSection('board-load', body);
  console.log(body);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
