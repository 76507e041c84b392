// Benchmark (issue 19, "Done when"): NocoDB 0.262.5 and Sheetboard side by side, in one run, on the
// same machine, the same rows and the same three queries (../shared/peers/: README.md,
// nocodb-setup.sh, nocodb-bench.mjs, gen-rows.mjs; none of it is copied here, it is called by path).
//
//   npx tsx bench/peers.ts
//
// For each row count (BENCH_ROWS, default 100000,1000000):
//   1. NocoDB: installs it into PEER_DIR (default $TMPDIR/nocodb-peer) with the peers' setup script
//      when it is not there, starts it fresh (fresh.sh, NC_DISABLE_AUDIT=true unless
//      NOCODB_AUDIT=on), runs the peers' nocodb-bench.mjs (load through its API + the three queries,
//      20 warm-up + 200 timed each), then, on the table that run kept, the varied queries and the
//      first query after a restart, as for Sheetboard; stops it.
//   2. Sheetboard (BENCH_DB=sqlite|postgres|both, default both): starts the real server as a child
//      process as `npm start` runs it (`node dist/server/main.mjs`, built first; fresh DATA_DIR; on PostgreSQL a fresh
//      schema), signs an owner up, imports the same rows as a CSV through POST /api/spreadsheets
//      (multipart, the product's upload), makes a public board with a table of the sheet and
//      queries it as a guest through GET /api/board/{id}/sheet/{title}: the same three queries,
//      q=mar, a varied run (every request different), then the first query after a restart (one
//      restart per query), and the server's RSS (/proc, as nocodb-bench does).
// Writes the peers section of bench/results.md and appends the raw JSON lines to
// bench/peers-results.jsonl. Every loop is bounded; every child process is stopped on exit.
//
// Other settings: PEERS_DIR (default ../shared/peers from the repository root), NOCODB_PORT (8080),
// BENCH_NOCODB=run|reuse (reuse: take NocoDB's figures for each row count from the newest line of
// bench/peers-results.jsonl instead of running it), BENCH_WARMUP (20), BENCH_REQUESTS (200),
// BENCH_VARIED (200), BENCH_MAX_MINUTES (90, the whole run), BENCH_REPORT_ONLY=1 (write the section again
// from the newest run in bench/peers-results.jsonl, measuring nothing).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machine } from './machine';
import { dropSchema, freePort, freshSchema, rssMb } from './procs';
import { writeSection } from './sections';
import { stats, type Stats } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PEERS_DIR = path.resolve(ROOT, process.env.PEERS_DIR || '../shared/peers');
const PEER_DIR = path.resolve(process.env.PEER_DIR || path.join(os.tmpdir(), 'nocodb-peer'));
const NOCODB_VERSION = '0.262.5';
const NOCODB_PORT = Number(process.env.NOCODB_PORT || 8080);
const NOCODB_AUDIT = (process.env.NOCODB_AUDIT || 'off').toLowerCase() === 'on';
const NOCODB_MODE = (process.env.BENCH_NOCODB || 'run').toLowerCase();
const ROW_COUNTS = (process.env.BENCH_ROWS || '100000,1000000').split(',').map((s) => Number(s.trim()));
const WHICH_DB = (process.env.BENCH_DB || 'both').toLowerCase();
const DBS = (WHICH_DB === 'both' ? ['sqlite', 'postgres'] : [WHICH_DB]) as Db[];
const WARMUP = Number(process.env.BENCH_WARMUP || 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 200);
const VARIED = Number(process.env.BENCH_VARIED || 200);
const DEADLINE = Date.now() + Number(process.env.BENCH_MAX_MINUTES || 90) * 60_000;
const SEED = 42;
const PAGE = 50;
const TERM = 'mar';
const JSONL = path.join(import.meta.dirname, 'peers-results.jsonl');
const NOCODB_EMAIL = 'bench@example.com';
const NOCODB_PASSWORD = 'Bench-Passw0rd!';

type Db = 'sqlite' | 'postgres';
type Row = Record<string, unknown>;
interface GenRow {
  Name: string;
  City: string;
  Amount: number;
  Date: string;
  Email: string;
}
interface GenRows {
  COLUMNS: string[];
  iterRows: (n: number, seed?: number) => Iterable<GenRow>;
  toCsvLine: (r: GenRow) => string;
  prng: (seed: number) => () => number;
}

if (!ROW_COUNTS.every((n) => Number.isInteger(n) && n > 0)) throw new Error(`BENCH_ROWS must be whole numbers separated by commas, got '${process.env.BENCH_ROWS}'`);
if (!DBS.every((d) => d === 'sqlite' || d === 'postgres')) throw new Error(`BENCH_DB must be sqlite, postgres or both, got '${WHICH_DB}'`);
if (NOCODB_MODE !== 'run' && NOCODB_MODE !== 'reuse') throw new Error(`BENCH_NOCODB must be run or reuse, got '${NOCODB_MODE}'`);

const log = (...m: unknown[]) => console.error(`[peers ${new Date().toISOString().slice(11, 19)}]`, ...m);
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
function checkDeadline(what: string): void {
  if (Date.now() > DEADLINE) throw new Error(`BENCH_MAX_MINUTES exceeded before ${what}`);
}

// ---------------------------------------------------------------- child processes

/** Every process this run started and has not stopped yet (pid → what), killed on exit. */
const children = new Map<number, string>();
function killAll(): void {
  for (const [pid, what] of children) {
    try {
      process.kill(pid, 'SIGKILL');
      log(`killed ${what} (pid ${pid})`);
    } catch {
      /* already gone */
    }
  }
  children.clear();
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(sig, () => {
    log(`${sig}: stopping the servers`);
    killAll();
    process.exit(130);
  });

async function stopPid(pid: number, what: string, waitSeconds = 10): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    children.delete(pid);
    return;
  }
  for (let i = 0; i < waitSeconds * 10; i++) {
    await sleep(100);
    try {
      process.kill(pid, 0);
    } catch {
      children.delete(pid);
      return;
    }
  }
  log(`${what} (pid ${pid}) did not stop in ${waitSeconds} s: SIGKILL`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone */
  }
  children.delete(pid);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}


// ---------------------------------------------------------------- memory (/proc, as nocodb-bench.mjs)

class RssSampler {
  peak = 0;
  private timer: NodeJS.Timeout | null = null;
  constructor(private pid: number) {}
  start(): this {
    const tick = () => {
      const m = rssMb(this.pid);
      if (m !== null && m > this.peak) this.peak = m;
    };
    tick();
    this.timer = setInterval(tick, 200);
    return this;
  }
  stop(): number | null {
    if (this.timer) clearInterval(this.timer);
    const m = rssMb(this.pid);
    if (m !== null && m > this.peak) this.peak = m;
    return this.peak || null;
  }
}

// ---------------------------------------------------------------- HTTP (Node's fetch: one keep-alive connection when sequential)

interface Timed {
  status: number;
  text: string;
  ms: number;
}
async function timedFetch(url: string, init: RequestInit = {}, timeoutMs = 120_000): Promise<Timed> {
  const t0 = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - t0 };
}
async function jsonCall<T>(url: string, init: RequestInit = {}, timeoutMs?: number): Promise<T> {
  const r = await timedFetch(url, init, timeoutMs);
  if (r.status >= 300) throw new Error(`${init.method ?? 'GET'} ${url} → ${r.status}: ${r.text.slice(0, 300)}`);
  return JSON.parse(r.text) as T;
}

// ---------------------------------------------------------------- the rows and what the answers must be

interface Probe {
  name: string;
  label: string;
  expectTotal: number;
  /** Rows of a right answer, in order: every row passes the filter, the order holds. */
  check: (rows: Row[]) => boolean;
  sheetboard: string | null;
  nocodb: string | null;
}

interface VariedSpec {
  city?: string;
  minAmount?: number;
  frag?: string;
  sort: 'Amount' | 'Date';
  dir: 'asc' | 'desc';
}

interface Data {
  n: number;
  csv: Buffer<ArrayBuffer>;
  probes: Probe[];
  /** q=mar over every column (Sheetboard's search; NocoDB has no all-column search here). */
  search: Probe;
  varied: { spec: VariedSpec; probe: Probe }[];
  totals: { all: number; paris_gt5000: number; name_like_mar: number; q_mar: number; max_amount: number };
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(String(v)));
const str = (v: unknown) => String(v ?? '');
function ordered(rows: Row[], col: string, dir: 'asc' | 'desc'): boolean {
  const key = (r: Row) => (col === 'Amount' ? num(r[col]) : str(r[col]));
  return rows.every((r, i) => i === 0 || (dir === 'asc' ? key(rows[i - 1]!) <= key(r) : key(rows[i - 1]!) >= key(r)));
}

function matchesSpec(s: VariedSpec, r: { City: string; Amount: number; Name: string }): boolean {
  return (s.city === undefined || r.City === s.city) && (s.minAmount === undefined || r.Amount > s.minAmount) && (s.frag === undefined || r.Name.toLowerCase().includes(s.frag));
}

function boardFilter(column: string, condition: string, value: string | number) {
  return { name: column, active: true, condition, sheet_column: { sheet: '@SHEET@', column }, value };
}

function sheetboardQuery(params: Record<string, string>, filters: ReturnType<typeof boardFilter>[]): string {
  const qs = new URLSearchParams({ limit: String(PAGE), ...params });
  if (filters.length) qs.set('filters', JSON.stringify(filters));
  return qs.toString();
}

function nocoQuery(params: Record<string, string>): string {
  return new URLSearchParams({ limit: String(PAGE), offset: '0', ...params }).toString();
}

/** Varied queries: every one different (city, amount threshold, name fragment, sort), so no per-query cache answers twice. */
function variedSpecs(gen: GenRows, count: number): VariedSpec[] {
  const rnd = gen.prng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const names = new Set<string>();
  for (const r of gen.iterRows(2000, SEED)) for (const part of r.Name.toLowerCase().split(' ')) names.add(part);
  const words = [...names];
  const cities = [...new Set(Array.from(gen.iterRows(2000, SEED), (r) => r.City))];
  const seen = new Set<string>();
  const out: VariedSpec[] = [];
  for (let i = 0; i < count * 50 && out.length < count; i++) {
    const shape = 1 + Math.floor(rnd() * 7); // bit 1 city, bit 2 amount, bit 4 fragment
    const s: VariedSpec = { sort: pick(['Amount', 'Date'] as const), dir: pick(['asc', 'desc'] as const) };
    if (shape & 1) s.city = pick(cities);
    if (shape & 2) s.minAmount = Math.floor(rnd() * 9000);
    if (shape & 4) {
      const w = pick(words);
      const len = 2 + Math.floor(rnd() * 3);
      const at = Math.floor(rnd() * Math.max(1, w.length - len + 1));
      s.frag = w.slice(at, at + len);
    }
    const key = JSON.stringify(s);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}

async function loadGen(): Promise<GenRows> {
  const file = path.join(PEERS_DIR, 'gen-rows.mjs');
  if (!fs.existsSync(file)) throw new Error(`${file} not found: set PEERS_DIR to the peers folder (../shared/peers)`);
  return (await import(pathToFileURL(file).href)) as GenRows;
}

/** The CSV (header Name,City,Amount,Date,Email) and every expected total, in one pass over the generator. */
function buildData(gen: GenRows, n: number): Data {
  const specs = variedSpecs(gen, VARIED);
  const variedTotals = new Array<number>(specs.length).fill(0);
  let paris = 0;
  let like = 0;
  let q = 0;
  let maxAmount = -1;
  const chunks: Buffer[] = [Buffer.from(gen.COLUMNS.join(',') + '\n')];
  let buf = '';
  for (const r of gen.iterRows(n, SEED)) {
    if (r.City === 'Paris' && r.Amount > 5000) paris++;
    if (r.Name.toLowerCase().includes(TERM)) like++;
    if (gen.COLUMNS.some((c) => String(r[c as keyof GenRow]).toLowerCase().includes(TERM))) q++;
    if (r.Amount > maxAmount) maxAmount = r.Amount;
    for (let i = 0; i < specs.length; i++) if (matchesSpec(specs[i]!, r)) variedTotals[i]!++;
    buf += gen.toCsvLine(r) + '\n';
    if (buf.length > 1 << 20) {
      chunks.push(Buffer.from(buf));
      buf = '';
    }
  }
  chunks.push(Buffer.from(buf));
  const filters = {
    b: [boardFilter('City', '=', 'Paris'), boardFilter('Amount', '>', 5000)],
    c: [boardFilter('Name', 'includes', TERM)],
  };
  const probes: Probe[] = [
    {
      name: 'sort_amount_desc',
      label: '(a) sort Amount desc',
      expectTotal: n,
      check: (l) => ordered(l, 'Amount', 'desc') && (l.length === 0 || num(l[0]!.Amount) === maxAmount),
      sheetboard: sheetboardQuery({ sort: 'Amount', dir: 'desc' }, []),
      nocodb: nocoQuery({ sort: '-Amount' }),
    },
    {
      name: 'filter_paris_gt5000_by_date',
      label: '(b) City = Paris and Amount > 5000, by Date',
      expectTotal: paris,
      check: (l) => l.every((r) => r.City === 'Paris' && num(r.Amount) > 5000) && ordered(l, 'Date', 'asc'),
      sheetboard: sheetboardQuery({ sort: 'Date', dir: 'asc' }, filters.b),
      nocodb: nocoQuery({ where: '(City,eq,Paris)~and(Amount,gt,5000)', sort: 'Date' }),
    },
    {
      name: 'like_name',
      label: `(c) Name contains "${TERM}"`,
      expectTotal: like,
      check: (l) => l.every((r) => str(r.Name).toLowerCase().includes(TERM)),
      sheetboard: sheetboardQuery({}, filters.c),
      nocodb: nocoQuery({ where: `(Name,like,%${TERM}%)` }),
    },
  ];
  const search: Probe = {
    name: 'search_q_mar',
    label: `q=${TERM} (search in every column)`,
    expectTotal: q,
    check: (l) => l.every((r) => gen.COLUMNS.some((c) => str(r[c]).toLowerCase().includes(TERM))),
    sheetboard: sheetboardQuery({ q: TERM }, []),
    nocodb: null,
  };
  const varied = specs.map((spec, i) => {
    const f: ReturnType<typeof boardFilter>[] = [];
    const where: string[] = [];
    if (spec.city !== undefined) {
      f.push(boardFilter('City', '=', spec.city));
      where.push(`(City,eq,${spec.city})`);
    }
    if (spec.minAmount !== undefined) {
      f.push(boardFilter('Amount', '>', spec.minAmount));
      where.push(`(Amount,gt,${spec.minAmount})`);
    }
    if (spec.frag !== undefined) {
      f.push(boardFilter('Name', 'includes', spec.frag));
      where.push(`(Name,like,%${spec.frag}%)`);
    }
    const probe: Probe = {
      name: `varied_${i}`,
      label: JSON.stringify(spec),
      expectTotal: variedTotals[i]!,
      check: (l) => l.every((r) => matchesSpec(spec, { City: str(r.City), Amount: num(r.Amount), Name: str(r.Name) })) && ordered(l, spec.sort, spec.dir),
      sheetboard: sheetboardQuery({ sort: spec.sort, dir: spec.dir }, f),
      nocodb: nocoQuery({ where: where.join('~and'), sort: `${spec.dir === 'desc' ? '-' : ''}${spec.sort}` }),
    };
    return { spec, probe };
  });
  return { n, csv: Buffer.concat(chunks), probes, search, varied, totals: { all: n, paris_gt5000: paris, name_like_mar: like, q_mar: q, max_amount: maxAmount } };
}

// ---------------------------------------------------------------- timing the queries (either product)

interface Answer {
  rows: Row[];
  total: number | null;
}
interface ProbeResult extends Partial<Stats> {
  label: string;
  rows_returned: number;
  total_rows_reported: number | null;
  total_rows_expected: number;
  correct: boolean;
}
type Reader = (query: string) => Promise<{ ms: number; answer: Answer }>;

function verdict(p: Probe, a: Answer): Pick<ProbeResult, 'rows_returned' | 'total_rows_reported' | 'total_rows_expected' | 'correct'> {
  const wantLen = Math.min(PAGE, p.expectTotal);
  return { rows_returned: a.rows.length, total_rows_reported: a.total, total_rows_expected: p.expectTotal, correct: a.rows.length === wantLen && a.total === p.expectTotal && p.check(a.rows) };
}

/** WARMUP + REQUESTS sequential requests of one query; the answer of the first is checked. */
async function timeProbe(read: Reader, p: Probe, query: string): Promise<ProbeResult> {
  checkDeadline(p.name);
  const ms: number[] = [];
  let first: Answer | null = null;
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const r = await read(query);
    if (i === 0) first = r.answer;
    if (i >= WARMUP) ms.push(r.ms);
  }
  const v = verdict(p, first!);
  const s = stats(ms);
  const res = { label: p.label, ...roundStats(s), ...v };
  log(`  ${p.label}: p50 ${res.p50} ms, p95 ${res.p95} ms${v.correct ? '' : '  (ANSWER CHECK FAILED)'}`);
  return res;
}

/** Every varied query once, in order; every answer checked. */
async function timeVaried(read: Reader, data: Data, which: 'sheetboard' | 'nocodb') {
  checkDeadline('the varied queries');
  const ms: number[] = [];
  let wrong = 0;
  const wrongSamples: string[] = [];
  for (const { probe } of data.varied) {
    const r = await read(probe[which]!);
    ms.push(r.ms);
    const v = verdict(probe, r.answer);
    if (!v.correct) {
      wrong++;
      if (wrongSamples.length < 3) wrongSamples.push(`${probe.label}: ${v.rows_returned} rows, total ${v.total_rows_reported} (expected ${v.total_rows_expected})`);
    }
  }
  const res = { ...roundStats(stats(ms)), wrong, wrong_samples: wrongSamples };
  log(`  varied (${ms.length} different queries): p50 ${res.p50} ms, p95 ${res.p95} ms${wrong ? `  (${wrong} ANSWERS WRONG)` : ''}`);
  return res;
}

function roundStats(s: Stats) {
  return { n: s.n, p50: round(s.p50), p95: round(s.p95), p99: round(s.p99), max: round(s.max) };
}

// ---------------------------------------------------------------- NocoDB

function nocodbInstalled(): boolean {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(PEER_DIR, 'node_modules/nocodb/package.json'), 'utf8')) as { version?: string };
    return pkg.version === NOCODB_VERSION && fs.existsSync(path.join(PEER_DIR, 'fresh.sh')) && fs.existsSync(path.join(PEER_DIR, 'start.sh'));
  } catch {
    return false;
  }
}

function installNocodb(): number {
  if (nocodbInstalled()) return 0;
  log(`installing NocoDB ${NOCODB_VERSION} into ${PEER_DIR} with ${path.join(PEERS_DIR, 'nocodb-setup.sh')} (2-3 minutes)`);
  const t0 = performance.now();
  const r = spawnSync('bash', [path.join(PEERS_DIR, 'nocodb-setup.sh'), PEER_DIR], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 20 * 60_000 });
  if (r.status !== 0 || !nocodbInstalled()) throw new Error(`the NocoDB install failed (exit ${r.status ?? r.signal})`);
  return round((performance.now() - t0) / 1000, 1);
}

const nocoEnv = () => ({ ...process.env, PORT: String(NOCODB_PORT), ...(NOCODB_AUDIT ? {} : { NC_DISABLE_AUDIT: 'true' }) });
const nocoUrl = `http://127.0.0.1:${NOCODB_PORT}`;

function nocoPid(): number {
  const pid = Number(fs.readFileSync(path.join(PEER_DIR, 'server.pid'), 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error('no NocoDB pid in server.pid');
  return pid;
}

async function nocoFresh(): Promise<number> {
  if (!(await portFree(NOCODB_PORT))) throw new Error(`port ${NOCODB_PORT} is taken: stop what listens there or set NOCODB_PORT`);
  const r = spawnSync('bash', [path.join(PEER_DIR, 'fresh.sh')], { env: nocoEnv(), encoding: 'utf8', timeout: 3 * 60_000 });
  const pid = fs.existsSync(path.join(PEER_DIR, 'server.pid')) ? nocoPid() : 0;
  if (pid) children.set(pid, 'NocoDB');
  if (r.status !== 0) throw new Error(`NocoDB did not start: ${r.stdout}${r.stderr}\n${tail(path.join(PEER_DIR, 'server.log'))}`);
  log(r.stdout.trim());
  return pid;
}

/** Starts NocoDB again on its data (start.sh, as fresh.sh does but without wiping), waits for health. */
async function nocoRestart(): Promise<number> {
  await stopPid(nocoPid(), 'NocoDB');
  const out = fs.openSync(path.join(PEER_DIR, 'server.log'), 'a');
  const child = spawn(path.join(PEER_DIR, 'start.sh'), [], { env: nocoEnv(), stdio: ['ignore', out, out], detached: false });
  fs.closeSync(out);
  const pid = child.pid!;
  children.set(pid, 'NocoDB');
  fs.writeFileSync(path.join(PEER_DIR, 'server.pid'), `${pid}\n`);
  const t0 = performance.now();
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`NocoDB exited on restart:\n${tail(path.join(PEER_DIR, 'server.log'))}`);
    try {
      const r = await timedFetch(`${nocoUrl}/api/v1/health`, {}, 2000);
      if (r.status === 200) {
        log(`NocoDB restarted (pid ${pid}), healthy after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        return pid;
      }
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error('NocoDB did not become healthy after a restart');
}

function tail(file: string, n = 2000): string {
  try {
    const s = fs.readFileSync(file, 'utf8');
    return s.slice(-n);
  } catch {
    return '';
  }
}

interface NocoBenchLine {
  load?: { seconds: number; rows_per_s: number };
  queries?: Record<string, ProbeResult & { p50_ms: number; p95_ms: number; p99_ms: number; max_ms: number }>;
  rss_mb?: { idle_before: number | null; peak_during_load: number | null; peak_during_queries: number | null; end: number | null } | null;
  base_id: string;
  table_id: string;
  server?: { audit: boolean | null };
  [k: string]: unknown;
}

async function runNocodb(data: Data): Promise<Record<string, unknown>> {
  checkDeadline('NocoDB');
  log(`NocoDB ${NOCODB_VERSION}, ${data.n.toLocaleString('en')} rows, audit ${NOCODB_AUDIT ? 'on (default)' : 'off (NC_DISABLE_AUDIT=true)'}`);
  let pid = await nocoFresh();
  try {
    const bench = spawn(process.execPath, [path.join(PEERS_DIR, 'nocodb-bench.mjs'), nocoUrl, '--rows', String(data.n), '--seed', String(SEED), '--label', NOCODB_VERSION, '--keep', '--warmup', String(WARMUP), '--requests', String(REQUESTS), '--max-seconds', String(Math.max(60, Math.floor((DEADLINE - Date.now()) / 1000)))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.set(bench.pid!, 'nocodb-bench.mjs');
    let stdout = '';
    bench.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const code = await new Promise<number | null>((r) => bench.once('exit', r));
    children.delete(bench.pid!);
    if (code !== 0) throw new Error(`nocodb-bench.mjs failed (exit ${code})`);
    const line = JSON.parse(stdout.trim().split('\n').pop()!) as NocoBenchLine;

    // The same extra measurements as for Sheetboard, on the table the run kept.
    const token = (await jsonCall<{ token: string }>(`${nocoUrl}/api/v2/auth/user/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: NOCODB_EMAIL, password: NOCODB_PASSWORD }) })).token;
    const rec = `${nocoUrl}/api/v2/tables/${line.table_id}/records`;
    const read: Reader = async (query) => {
      const r = await timedFetch(`${rec}?${query}`, { headers: { 'xc-auth': token } });
      if (r.status !== 200) throw new Error(`NocoDB ${query} → ${r.status}: ${r.text.slice(0, 300)}`);
      const j = JSON.parse(r.text) as { list: Row[]; pageInfo?: { totalRows?: number } };
      return { ms: r.ms, answer: { rows: j.list, total: j.pageInfo?.totalRows ?? null } };
    };
    const sampler = new RssSampler(pid).start();
    const varied = await timeVaried(read, data, 'nocodb');
    const variedPeak = sampler.stop();
    const firstAfterRestart: Record<string, { ms: number; correct: boolean; idle_rss_mb: number | null }> = {};
    for (const p of data.probes) {
      checkDeadline('NocoDB restarts');
      pid = await nocoRestart();
      const idle = rssMb(pid);
      const r = await read(p.nocodb!);
      firstAfterRestart[p.name] = { ms: round(r.ms), correct: verdict(p, r.answer).correct, idle_rss_mb: idle };
      log(`  first ${p.label} after a restart: ${r.ms.toFixed(1)} ms`);
    }
    return { ...line, extra: { varied, rss_peak_during_varied: variedPeak, first_after_restart: firstAfterRestart } };
  } finally {
    try {
      await stopPid(nocoPid(), 'NocoDB');
    } catch (e) {
      log(`stopping NocoDB: ${(e as Error).message}`);
    }
    // Its 1M-row noco.db is large; fresh.sh wipes it anyway before the next run.
    fs.rmSync(path.join(PEER_DIR, 'data'), { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- Sheetboard

interface Ours {
  port: number;
  base: string;
  child: ChildProcess;
  logFile: string;
}

async function startOurs(env: Record<string, string>, logFile: string): Promise<Ours> {
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  // As `npm start` runs it: the server built to plain JavaScript (scripts/build-server.mjs).
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('building the server failed');
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_HOST: `localhost:${port}`, SKIP_WEB_BUILD: '1', ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  children.set(child.pid!, 'Sheetboard');
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`Sheetboard exited at start:\n${tail(logFile)}`);
    try {
      if ((await timedFetch(`${base}/api/blocks`, {}, 2000)).status === 200) {
        log(`Sheetboard up (pid ${child.pid}) after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        return { port, base, child, logFile };
      }
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`Sheetboard did not start:\n${tail(logFile)}`);
}

async function stopOurs(s: Ours): Promise<void> {
  // A graceful stop: the server writes the snapshots of sheets changed since their last one (up to 30 s).
  await stopPid(s.child.pid!, 'Sheetboard', 45);
}

async function runOurs(db: Db, data: Data): Promise<Record<string, unknown>> {
  checkDeadline(`Sheetboard on ${db}`);
  log(`Sheetboard on ${db}, ${data.n.toLocaleString('en')} rows`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-peers-'));
  const logFile = path.join(dataDir, 'server.log');
  let schema: string | null = null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MAX_IMPORT_MB: String(Math.max(50, Math.ceil(data.csv.length / 1024 / 1024) + 10)),
    MAX_IMPORT_CELLS: '20000000',
    WEB_DIR: path.join(dataDir, 'no-web'),
  };
  if (db === 'postgres') {
    const fresh = await freshSchema('peers');
    schema = fresh.schema;
    Object.assign(env, fresh.env);
  }
  let server: Ours | null = null;
  const result: Record<string, unknown> = { peer: 'sheetboard', db, rows: data.n, commit: gitHead(), started_at: new Date().toISOString() };
  try {
    server = await startOurs(env, logFile);
    const base = server.base;
    const rss: Record<string, number | null> = { idle_before: rssMb(server.child.pid!) };
    result.rss_mb = rss;

    // An owner, through the real API (without SMTP_URL the address counts as verified).
    const email = `peers-${Date.now()}@example.com`;
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench Owner', email, password: 'benchmark-pass' }) });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
    const cookie = (signup.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    const owner = { cookie };
    rss.idle_signed_up = rssMb(server.child.pid!);

    // The import: the CSV through the product's upload.
    const form = new FormData();
    form.append('file', new Blob([data.csv], { type: 'text/csv' }), `bench-rows-${data.n}.csv`);
    const sampler = new RssSampler(server.child.pid!).start();
    const imp = await timedFetch(`${base}/api/spreadsheets`, { method: 'POST', headers: owner, body: form }, 15 * 60_000);
    rss.peak_during_import = sampler.stop();
    result.import = { seconds: round(imp.ms / 1000, 2), csv_mb: round(data.csv.length / 1024 / 1024, 1), status: imp.status };
    if (imp.status !== 201) {
      const message = (() => {
        try {
          return (JSON.parse(imp.text) as { message?: string }).message ?? imp.text;
        } catch {
          return imp.text;
        }
      })();
      result.refused = `${imp.status}: ${message.slice(0, 300)}`;
      log(`  the import of ${data.n.toLocaleString('en')} rows was REFUSED (${result.refused}); no queries on ${db} at this size`);
      return result;
    }
    const spreadsheet = (JSON.parse(imp.text) as { spreadsheet: { id: string; sheets: { title: string; row_count: number }[] } }).spreadsheet;
    const sheet = spreadsheet.sheets[0]!;
    if (sheet.row_count !== data.n) throw new Error(`imported ${sheet.row_count} rows, expected ${data.n}`);
    log(`  import ${(imp.ms / 1000).toFixed(2)} s (${(data.csv.length / 1024 / 1024).toFixed(1)} MB CSV)`);

    // A public board with a table of the whole sheet (a table that names no column shows them all).
    const app = (await jsonCall<{ app: { id: string; subdomain: string } }>(`${base}/api/apps`, { method: 'POST', headers: { ...owner, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Peers ${db}`, kind: 'board', spreadsheetId: spreadsheet.id, public: true }) })).app;
    const pages = await jsonCall<{ pages: { page_id: string }[] }>(`${base}/api/pages/${app.id}`, { headers: owner });
    await jsonCall(`${base}/api/blocks`, { method: 'POST', headers: { ...owner, 'content-type': 'application/json' }, body: JSON.stringify({ pageId: pages.pages[0]!.page_id, type: 'table', sheet_title: sheet.title }) });

    // Guests (no cookie) read as the published board does.
    const sheetUrl = `/api/board/${spreadsheet.id}/sheet/${encodeURIComponent(sheet.title)}?board=${encodeURIComponent(app.subdomain)}&`;
    const fill = (q: string) => q.replace(/%40SHEET%40/g, encodeURIComponent(sheet.title));
    const reader = (b: string): Reader => async (query) => {
      const r = await timedFetch(`${b}${sheetUrl}${fill(query)}`);
      if (r.status !== 200) throw new Error(`Sheetboard ${decodeURIComponent(query)} → ${r.status}: ${r.text.slice(0, 300)}`);
      const j = JSON.parse(r.text) as { rows: Row[]; total: number };
      return { ms: r.ms, answer: { rows: j.rows, total: j.total } };
    };
    const read = reader(base);
    const first = await read(data.probes[0]!.sheetboard!);
    result.first_query_after_import_ms = round(first.ms);
    log(`  first query after the import: ${first.ms.toFixed(1)} ms`);

    const qSampler = new RssSampler(server.child.pid!).start();
    const queries: Record<string, ProbeResult> = {};
    for (const p of [...data.probes, data.search]) queries[p.name] = await timeProbe(read, p, p.sheetboard!);
    result.queries = queries;
    result.varied = await timeVaried(read, data, 'sheetboard');
    rss.peak_during_queries = qSampler.stop();
    rss.after_queries = rssMb(server.child.pid!);

    // The first query after a restart: one restart per query, same DATA_DIR / schema.
    const firstAfterRestart: Record<string, { ms: number; correct: boolean; idle_rss_mb: number | null }> = {};
    for (const p of data.probes) {
      checkDeadline('restarts');
      await stopOurs(server);
      server = null;
      server = await startOurs(env, logFile);
      const idle = rssMb(server.child.pid!);
      const r = await reader(server.base)(p.sheetboard!);
      firstAfterRestart[p.name] = { ms: round(r.ms), correct: verdict(p, r.answer).correct, idle_rss_mb: idle };
      log(`  first ${p.label} after a restart: ${r.ms.toFixed(1)} ms${firstAfterRestart[p.name]!.correct ? '' : ' (ANSWER CHECK FAILED)'}`);
    }
    result.first_after_restart = firstAfterRestart;
    rss.after_restart_and_query = rssMb(server.child.pid!);
    result.finished_at = new Date().toISOString();
    result.loadavg = os.loadavg().map((l) => round(l));
    return result;
  } finally {
    if (server) await stopOurs(server);
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

type Line = Record<string, unknown>;
const get = (o: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
const n2 = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function cell(v: number | null, unit: string, ok?: boolean): string {
  if (v === null) return '–';
  const s = unit === 's' ? `${v.toFixed(2)} s` : unit === 'MB' ? `${v.toFixed(0)} MB` : `${v.toFixed(1)} ms`;
  return ok === false ? `${s} ✗` : s;
}
function ratio(noco: number | null, ours: number | null): string {
  if (noco === null || ours === null || ours <= 0) return '–';
  const r = noco / ours;
  return `${r >= 10 ? r.toFixed(0) : r >= 1 ? r.toFixed(1) : r.toFixed(2)}×`;
}

interface Metric {
  work: string;
  target: string;
  unit: 's' | 'ms' | 'MB';
  noco: (l: Line | null) => number | null;
  ours: (l: Line | null) => number | null;
  /** Whether a measured value meets the target (for the ✓ / ✗). */
  meets?: (v: number) => boolean;
  nocoOk?: (l: Line | null) => boolean | undefined;
  oursOk?: (l: Line | null) => boolean | undefined;
}

function metrics(n: number): Metric[] {
  const big = n >= 1_000_000;
  const p95Target = big ? 30 : 5;
  const probeNames: [string, string][] = [
    ['sort_amount_desc', '(a) sort Amount desc'],
    ['filter_paris_gt5000_by_date', '(b) Paris & Amount > 5000, by Date'],
    ['like_name', '(c) Name contains "mar"'],
  ];
  const importTarget = n === 100_000 ? '≤ 1.5 s' : n === 1_000_000 ? '≤ 15 s' : '';
  const list: Metric[] = [
    {
      work: 'load / import (NocoDB: bulk insert through its API, 1,000 rows per request; Sheetboard: one CSV upload)',
      target: importTarget,
      unit: 's',
      noco: (l) => n2(get(l, 'load', 'seconds')),
      ours: (l) => n2(get(l, 'import', 'seconds')),
      meets: (v) => (n === 100_000 ? v <= 1.5 : n === 1_000_000 ? v <= 15 : true),
    },
  ];
  for (const [key, label] of probeNames) {
    for (const p of ['p50', 'p95'] as const)
      list.push({
        work: `${label}, ${p}`,
        target: p === 'p95' ? `≤ ${p95Target} ms` : '',
        unit: 'ms',
        noco: (l) => n2(get(l, 'queries', key, `${p}_ms`)),
        ours: (l) => n2(get(l, 'queries', key, p)),
        meets: p === 'p95' ? (v) => v <= p95Target : undefined,
        nocoOk: (l) => get(l, 'queries', key, 'correct') as boolean | undefined,
        oursOk: (l) => get(l, 'queries', key, 'correct') as boolean | undefined,
      });
  }
  for (const p of ['p50', 'p95'] as const)
    list.push({
      work: `varied: ${VARIED} different filters / thresholds / name fragments / sorts, ${p}`,
      target: p === 'p95' ? `≤ ${p95Target} ms` : '',
      unit: 'ms',
      noco: (l) => n2(get(l, 'extra', 'varied', p)),
      ours: (l) => n2(get(l, 'varied', p)),
      meets: p === 'p95' ? (v) => v <= p95Target : undefined,
      nocoOk: (l) => (l ? get(l, 'extra', 'varied', 'wrong') === 0 : undefined),
      oursOk: (l) => (l ? get(l, 'varied', 'wrong') === 0 : undefined),
    });
  list.push({
    work: 'q=mar (Sheetboard\'s search in every column; NocoDB has none to match), p95',
    target: `≤ ${p95Target} ms`,
    unit: 'ms',
    noco: () => null,
    ours: (l) => n2(get(l, 'queries', 'search_q_mar', 'p95')),
    meets: (v) => v <= p95Target,
    oursOk: (l) => get(l, 'queries', 'search_q_mar', 'correct') as boolean | undefined,
  });
  for (const [key, label] of probeNames)
    list.push({
      work: `first ${label} after a restart`,
      target: big ? '≤ 500 ms' : '',
      unit: 'ms',
      noco: (l) => n2(get(l, 'extra', 'first_after_restart', key, 'ms')),
      ours: (l) => n2(get(l, 'first_after_restart', key, 'ms')),
      meets: big ? (v) => v <= 500 : undefined,
      nocoOk: (l) => get(l, 'extra', 'first_after_restart', key, 'correct') as boolean | undefined,
      oursOk: (l) => get(l, 'first_after_restart', key, 'correct') as boolean | undefined,
    });
  list.push(
    {
      work: 'server RSS idle (started, signed up, nothing imported)',
      target: '≤ 150 MB',
      unit: 'MB',
      noco: (l) => n2(get(l, 'rss_mb', 'idle_before')),
      ours: (l) => n2(get(l, 'rss_mb', 'idle_signed_up')),
      meets: (v) => v <= 150,
    },
    {
      work: 'server RSS right after a restart, the sheet stored',
      target: '≤ 150 MB',
      unit: 'MB',
      noco: (l) => n2(get(l, 'extra', 'first_after_restart', 'sort_amount_desc', 'idle_rss_mb')),
      ours: (l) => n2(get(l, 'first_after_restart', 'sort_amount_desc', 'idle_rss_mb')),
      meets: (v) => v <= 150,
    },
    { work: 'server RSS peak during the load / import', target: 'report', unit: 'MB', noco: (l) => n2(get(l, 'rss_mb', 'peak_during_load')), ours: (l) => n2(get(l, 'rss_mb', 'peak_during_import')) },
    { work: 'server RSS peak during the queries', target: 'report', unit: 'MB', noco: (l) => n2(get(l, 'rss_mb', 'peak_during_queries')), ours: (l) => n2(get(l, 'rss_mb', 'peak_during_queries')) },
  );
  return list;
}

function table(n: number, noco: Line | null, ours: Partial<Record<Db, Line>>): string[] {
  const mark = (m: Metric, v: number | null) => (v === null || !m.meets ? '' : m.meets(v) ? ' ✓' : ' ✗');
  const out = [
    `| work | target (issue 19) | NocoDB ${NOCODB_VERSION} | Sheetboard (sqlite) | Sheetboard (postgres) | ratio NocoDB ÷ ours (sqlite / postgres) |`,
    '|---|---|---|---|---|---|',
  ];
  for (const m of metrics(n)) {
    const nv = m.noco(noco);
    // A refused import still has its idle and import memory figures; its time is no import time.
    const ov = (db: Db) => (ours[db] && !(ours[db]!.refused && m.unit === 's') ? m.ours(ours[db]!) : null);
    const oc = (db: Db) => {
      if (!ours[db]) return 'not run';
      if (ours[db]!.refused && m.unit === 's') return `refused after ${cell(n2(get(ours[db], 'import', 'seconds')), 's')}`;
      const v = ov(db);
      return cell(v, m.unit, m.oursOk?.(ours[db]!)) + mark(m, v);
    };
    out.push(`| ${m.work} | ${m.target} | ${noco ? cell(nv, m.unit, m.nocoOk?.(noco)) : 'not run'} | ${oc('sqlite')} | ${oc('postgres')} | ${ratio(nv, ov('sqlite'))} / ${ratio(nv, ov('postgres'))} |`);
  }
  return out;
}

function latestNocodb(n: number): Line | null {
  if (!fs.existsSync(JSONL)) return null;
  const lines = fs.readFileSync(JSONL, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
  return lines.reverse().find((l) => l.peer === 'nocodb' && get(l, 'params', 'rows') === n) ?? null;
}

function report(runs: { n: number; totals: Data['totals']; noco: Line | null; nocoNote: string; ours: Partial<Record<Db, Line>> }[], installS: number, runId: string): string {
  const lines = [
    '## Peers: NocoDB 0.262.5 and Sheetboard side by side (issue 19)',
    '',
    `Run with \`npx tsx bench/peers.ts\` (\`BENCH_ROWS=100000,1000000\`, \`BENCH_DB=sqlite|postgres|both\`, \`PEER_DIR\`, \`PEERS_DIR\`, \`NOCODB_AUDIT=off|on\`, \`BENCH_NOCODB=run|reuse\`). Run of ${runId.slice(0, 16).replace('T', ' ')} UTC; every product in the table ran in this one run, one after the other on the same machine, unless a cell says otherwise.`,
    '',
    '### Machine and versions',
    '',
    ...machine().map((l) => {
      const avg = runs.flatMap((r) => Object.values(r.ours)).map((o) => get(o, 'loadavg')).filter(Array.isArray).at(-1) as number[] | undefined;
      return avg && l.startsWith('- Load average') ? `- Load average at the end of the run: ${avg.join(', ')} (the machine is shared)` : l;
    }),
    `- NocoDB ${NOCODB_VERSION} from npm, installed and started exactly as ../shared/peers/ does (\`nocodb-setup.sh\` into \`${PEER_DIR.replace(os.tmpdir(), '$TMPDIR')}\`, outside the repository${installS ? `; the install took ${installS} s in this run` : ''}; \`fresh.sh\` before each row count), its default SQLite, audit ${NOCODB_AUDIT ? '**on** (the default)' : '**off** (`NC_DISABLE_AUDIT=true`, as the peers\' 1M run; the peers README\'s run4 vs run1 shows audit on costs about 1.7× on the load and nothing on the queries)'}, telemetry and error reports off, loopback only.`,
    `- Sheetboard's code at ${(get(Object.values(runs[0]?.ours ?? {})[0], 'commit') as string | undefined) ?? gitHead()}: the real server as \`npm start\` runs it (\`node dist/server/main.mjs\`, built by \`scripts/build-server.mjs\`; a child process, default settings, LOG_LEVEL info), a fresh DATA_DIR (SQLite) or a fresh schema of the local PostgreSQL, with MAX_IMPORT_MB raised to fit the CSV and MAX_IMPORT_CELLS=20000000.`,
    '- Client: this script, Node\'s fetch (one keep-alive connection, requests one at a time), on the same 2 cores as the server; only one server runs at a time.',
    '',
    '### What is measured',
    '',
    `- The same rows for both: \`gen-rows.mjs\` of ../shared/peers/, seed ${SEED}, columns Name, City, Amount, Date, Email. NocoDB gets them as JSON through its REST API (\`nocodb-bench.mjs\`: a table of typed columns, then 1,000 rows per POST); Sheetboard gets one CSV file through \`POST /api/spreadsheets\` (multipart, the upload the product's import uses). **The two loads differ in kind**: many API calls against one file upload; both are what a user of each product does to get the rows in.`,
    `- The three queries of the peers' benchmark, each ${WARMUP} warm-up + ${REQUESTS} timed sequential requests, latency from sending the request to the last byte of the answer (JSON parsing not timed), 50-row pages: (a) sort by Amount descending; (b) City = Paris and Amount > 5000, sorted by Date; (c) Name contains "mar" (NocoDB: \`where=(Name,like,%mar%)\`; Sheetboard: a board filter \`includes\`, like with like). Sheetboard is asked as a guest of a public board with a table of the sheet: \`GET /api/board/{spreadsheet}/sheet/{title}?board=…&filters=[…]&sort=…&dir=…&limit=50\`.`,
    '- Every answer is checked as `nocodb-bench.mjs` checks NocoDB\'s: 50 rows (or all if fewer), the order, the filter, and the total equal to the generator\'s count. A ✗ after a figure means the answer was wrong (or, in the target rows, that the target is missed).',
    `- **Varied**: ${VARIED} requests, each a different mix of City =, Amount > threshold and Name contains fragment, sorted by Amount or Date either way, every answer checked against the generator: repeated identical queries favour caches, these do not. Both products get the same ${VARIED}.`,
    '- **First query after a restart**: the server is stopped and started again on the same data (Sheetboard: the same DATA_DIR / schema; NocoDB: `start.sh` on the same noco.db), once per query, and the first request of that query is timed.',
    '- **RSS**: VmRSS of the server process from /proc, sampled every 200 ms (as `nocodb-bench.mjs` does). Sheetboard\'s idle figure is after sign-up with nothing imported; NocoDB\'s is after sign-up too (it also made its "Getting Started" base).',
    '- Ratio: NocoDB ÷ Sheetboard; above 1× Sheetboard is faster (or smaller).',
  ];
  for (const r of runs) {
    lines.push('', `### ${r.n.toLocaleString('en')} rows`, '');
    lines.push(`Expected answers from the generator: (a) total ${r.totals.all.toLocaleString('en')}, max Amount ${r.totals.max_amount}; (b) ${r.totals.paris_gt5000.toLocaleString('en')}; (c) ${r.totals.name_like_mar.toLocaleString('en')}; q=mar ${r.totals.q_mar.toLocaleString('en')}.${r.nocoNote ? ` ${r.nocoNote}` : ''}`, '');
    for (const db of DBS) {
      const o = r.ours[db];
      if (o?.refused) lines.push(`**Sheetboard (${db}) refused the ${r.n.toLocaleString('en')}-row import** after ${get(o, 'import', 'seconds') as number} s: ${o.refused as string}. No query could be timed at this size on ${db}.`, '');
    }
    lines.push(...table(r.n, r.noco, r.ours));
  }
  lines.push('', 'Raw JSON lines of every run (NocoDB\'s line as `nocodb-bench.mjs` printed it, plus `extra`): [bench/peers-results.jsonl](peers-results.jsonl).', '');
  return lines.join('\n');
}

function gitHead(): string {
  // The product's code: the last commit that changed src/ (bench and docs commits do not count).
  const r = spawnSync('git', ['log', '-1', '--format=%h %s', '--', 'src'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() ? ' with uncommitted changes in src/' : '';
  return r.status === 0 ? `\`${r.stdout.trim().slice(0, 80)}\`${dirty}` : 'this checkout';
}

// ---------------------------------------------------------------- main

/** BENCH_REPORT_ONLY=1: the section again from the newest run in bench/peers-results.jsonl, nothing measured. */
function reportOnly(): void {
  if (!fs.existsSync(JSONL)) throw new Error(`${JSONL} does not exist: run the benchmark first`);
  const lines = fs.readFileSync(JSONL, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
  const runId = lines.at(-1)?.run_id;
  const mine = lines.filter((l) => l.run_id === runId);
  const sizes = [...new Set(mine.map((l) => n2(l.rows) ?? n2(get(l, 'params', 'rows'))).filter((n): n is number => n !== null))];
  const runs: Parameters<typeof report>[0] = sizes.map((n) => {
    const noco = mine.find((l) => l.peer === 'nocodb' && get(l, 'params', 'rows') === n) ?? null;
    const ours: Partial<Record<Db, Line>> = {};
    for (const l of mine) if (l.peer === 'sheetboard' && l.rows === n) ours[l.db as Db] = l;
    const totals = (Object.values(ours)[0]?.totals ?? { all: n, paris_gt5000: NaN, name_like_mar: NaN, q_mar: NaN, max_amount: NaN }) as Data['totals'];
    return { n, totals, noco, nocoNote: '', ours };
  });
  const body = report(runs, n2(get(mine.find((l) => l.peer === 'nocodb'), 'extra', 'install_s')) ?? 0, String(runId));
  const hasLoad = mine.some((l) => Array.isArray(l.loadavg));
  writeSection('peers', hasLoad ? body : body.replace('### Machine and versions\n', '### Machine and versions\n\n(Written again from the JSON lines by BENCH_REPORT_ONLY=1; that run kept no load average, so the one below is of that moment, not of the run.)\n'));
  log(`wrote the peers section of bench/results.md from the run of ${String(runId)}`);
}

async function main(): Promise<void> {
  if (process.env.BENCH_REPORT_ONLY === '1') return reportOnly();
  const gen = await loadGen();
  const runId = new Date().toISOString();
  const installS = NOCODB_MODE === 'run' ? installNocodb() : 0;
  const runs: Parameters<typeof report>[0] = [];
  for (const n of ROW_COUNTS) {
    checkDeadline(`${n} rows`);
    log(`generating ${n.toLocaleString('en')} rows (seed ${SEED}) and the expected answers`);
    const data = buildData(gen, n);
    log(`  totals ${JSON.stringify(data.totals)}`);
    let noco: Line | null;
    let nocoNote = '';
    if (NOCODB_MODE === 'run') {
      noco = await runNocodb(data);
      noco = { ...noco, extra: { ...(noco.extra as object), install_s: installS }, run_id: runId };
      fs.appendFileSync(JSONL, JSON.stringify(noco) + '\n');
    } else {
      noco = latestNocodb(n);
      nocoNote = noco ? `NocoDB's column is from its run of ${String(noco.started_at).slice(0, 10)} (BENCH_NOCODB=reuse), not this run.` : 'NocoDB was not run (BENCH_NOCODB=reuse and no earlier line).';
    }
    const ours: Partial<Record<Db, Line>> = {};
    for (const db of DBS) {
      ours[db] = { ...(await runOurs(db, data)), run_id: runId, totals: data.totals };
      fs.appendFileSync(JSONL, JSON.stringify(ours[db]) + '\n');
    }
    runs.push({ n, totals: data.totals, noco, nocoNote, ours });
    writeSection('peers', report(runs, installS, runId));
    log(`wrote the peers section of bench/results.md (${runs.map((r) => r.n).join(', ')} rows so far)`);
  }
}

main().catch((e: unknown) => {
  log(`FAILED: ${(e as Error).stack ?? String(e)}`);
  killAll();
  process.exit(1);
});
