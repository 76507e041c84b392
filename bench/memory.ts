// Benchmark (issue 19, "server memory idle / with a 1M-row sheet in use"): the server's resident
// memory (VmRSS of /proc/PID/status, as bench/peers.ts and ../shared/peers read it).
//
//   npx tsx bench/memory.ts
//
// 1. Idle: the real server as a child process, started each way (MEMORY_HOW, default both):
//    `npm start`'s way (the server built to dist/server by scripts/build-server.mjs, then
//    `node dist/server/main.mjs`) and `node --import tsx src/server/main.ts` (TypeScript loaded as
//    it runs, as the tests and benchmarks start it). A fresh DATA_DIR each time (SQLite), an owner
//    signed up through the API, then MEMORY_IDLE_SECONDS (default 10) of nothing; RSS read then.
//    MEMORY_RUNS (default 3) runs each, the median reported.
// 2. A 1,000,000-row sheet (MEMORY_ROWS, default 1000000; 0 skips it), `npm start`'s way (MEMORY_BIG_HOW=tsx:
//    through tsx): the rows of
//    ../shared/peers/gen-rows.mjs imported as a CSV through POST /api/spreadsheets, then the queries
//    of bench/peers.ts (sort, filter, search) as a guest of a public board, RSS sampled every
//    200 ms: the peak during the import, during the first queries (the sheet read from the
//    database, its snapshot written), after a restart (read back from the snapshot) and during the
//    same queries again.
// Writes the memory section of bench/results.md. Every child process is stopped on exit.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machine } from './machine';
import { freePort, rssMb } from './procs';
import { writeSection } from './sections';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PEERS_DIR = path.resolve(ROOT, process.env.PEERS_DIR || '../shared/peers');
const HOW = (process.env.MEMORY_HOW || 'both').toLowerCase();
const RUNS = Number(process.env.MEMORY_RUNS || 3);
const IDLE_SECONDS = Number(process.env.MEMORY_IDLE_SECONDS || 10);
const ROWS = Number(process.env.MEMORY_ROWS ?? 1_000_000);
const WRITE = process.env.MEMORY_WRITE !== '0';
/** How the server runs for the big sheet (built: as `npm start` runs it). */
const BIG_HOW = (process.env.MEMORY_BIG_HOW || 'built') as How;

type How = 'built' | 'tsx';
const HOWS: How[] = HOW === 'both' ? ['built', 'tsx'] : [HOW as How];
if (!HOWS.every((h) => h === 'built' || h === 'tsx')) throw new Error(`MEMORY_HOW must be built, tsx or both, got '${HOW}'`);

const log = (...m: unknown[]) => console.error(`[memory ${new Date().toISOString().slice(11, 19)}]`, ...m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    for (const c of children) c.kill('SIGKILL');
    process.exit(130);
  });


class RssSampler {
  peak = 0;
  private timer: NodeJS.Timeout;
  constructor(private pid: number) {
    this.tick();
    this.timer = setInterval(() => this.tick(), 200);
  }
  private tick() {
    const m = rssMb(this.pid);
    if (m !== null && m > this.peak) this.peak = m;
  }
  stop(): number {
    clearInterval(this.timer);
    this.tick();
    return this.peak;
  }
}


interface Server {
  child: ChildProcess;
  base: string;
}

function buildServer(): void {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('scripts/build-server.mjs failed');
}

async function start(how: How, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const args = how === 'built' ? [...startFlags(), 'dist/server/main.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_HOST: `localhost:${port}`, SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited at start (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/blocks`, { signal: AbortSignal.timeout(2000) })).status === 200) return { child, base };
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error('the server did not start in 60 s');
}

/** The node flags `npm start` runs the built server with (package.json's start script). */
function startFlags(): string[] {
  const script = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const m = /exec node ((?:--\S+ )*)dist\/server\/main\.mjs/.exec(script);
  return m ? m[1]!.trim().split(/\s+/).filter(Boolean) : [];
}

async function stop(s: Server): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([exited, sleep(60_000)]);
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
}

async function signUp(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Owner', email: `memory-${Date.now()}@example.com`, password: 'benchmark-pass' }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function idle(how: How): Promise<{ median: number; runs: number[] }> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-memory-'));
    const s = await start(how, { DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web') });
    try {
      await signUp(s.base);
      await sleep(IDLE_SECONDS * 1000);
      runs.push(rssMb(s.child.pid!)!);
      log(`idle (${how}) run ${i + 1}: ${runs.at(-1)} MB`);
    } finally {
      await stop(s);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { median: median(runs), runs };
}

interface GenRows {
  COLUMNS: string[];
  iterRows: (n: number, seed?: number) => Iterable<Record<string, string | number>>;
  toCsvLine: (r: Record<string, string | number>) => string;
}

async function bigSheet(n: number): Promise<Record<string, number | string>> {
  const gen = (await import(pathToFileURL(path.join(PEERS_DIR, 'gen-rows.mjs')).href)) as GenRows;
  const chunks: Buffer[] = [Buffer.from(gen.COLUMNS.join(',') + '\n')];
  let buf = '';
  for (const r of gen.iterRows(n, 42)) {
    buf += gen.toCsvLine(r) + '\n';
    if (buf.length > 1 << 20) {
      chunks.push(Buffer.from(buf));
      buf = '';
    }
  }
  chunks.push(Buffer.from(buf));
  const csv = Buffer.concat(chunks);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-memory-'));
  const env = { DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), MAX_IMPORT_MB: String(Math.ceil(csv.length / 1048576) + 10), MAX_IMPORT_CELLS: '20000000' };
  const out: Record<string, number | string> = { rows: n, csv_mb: round(csv.length / 1048576) };
  let s: Server | null = await start(BIG_HOW, env);
  try {
    out.idle_before = rssMb(s.child.pid!)!;
    const cookie = await signUp(s.base);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), `memory-rows-${n}.csv`);
    let sampler = new RssSampler(s.child.pid!);
    const imp = await fetch(`${s.base}/api/spreadsheets`, { method: 'POST', headers: { cookie }, body: form, signal: AbortSignal.timeout(15 * 60_000) });
    out.peak_import = sampler.stop();
    if (imp.status !== 201) throw new Error(`import: ${imp.status} ${(await imp.text()).slice(0, 300)}`);
    const spreadsheet = ((await imp.json()) as { spreadsheet: { id: string; sheets: { title: string }[] } }).spreadsheet;
    const title = spreadsheet.sheets[0]!.title;
    const json = { cookie, 'content-type': 'application/json' };
    const app = ((await (await fetch(`${s.base}/api/apps`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Memory', kind: 'board', spreadsheetId: spreadsheet.id, public: true }) })).json()) as { app: { id: string; subdomain: string } }).app;
    const pages = (await (await fetch(`${s.base}/api/pages/${app.id}`, { headers: { cookie } })).json()) as { pages: { page_id: string }[] };
    await fetch(`${s.base}/api/blocks`, { method: 'POST', headers: json, body: JSON.stringify({ pageId: pages.pages[0]!.page_id, type: 'table', sheet_title: title }) });
    out.after_import = rssMb(s.child.pid!)!;
    const filter = (name: string, condition: string, value: string | number) => ({ name, active: true, condition, sheet_column: { sheet: title, column: name }, value });
    const queries: Record<string, string>[] = [
      { sort: 'Amount', dir: 'desc' },
      { sort: 'Date', dir: 'asc', filters: JSON.stringify([filter('City', '=', 'Paris'), filter('Amount', '>', 5000)]) },
      { filters: JSON.stringify([filter('Name', 'includes', 'mar')]) },
      { q: 'mar' },
      { sort: 'Name', dir: 'asc' },
      { sort: 'Email', dir: 'desc', q: 'lena' },
    ];
    const runQueries = async (server: Server) => {
      for (const q of queries) {
        const url = `${server.base}/api/board/${spreadsheet.id}/sheet/${encodeURIComponent(title)}?${new URLSearchParams({ board: app.subdomain, limit: '50', ...q })}`;
        const r = await fetch(url, { signal: AbortSignal.timeout(5 * 60_000) });
        if (r.status !== 200) throw new Error(`query ${JSON.stringify(q)}: ${r.status} ${(await r.text()).slice(0, 300)}`);
        await r.text();
      }
    };
    sampler = new RssSampler(s.child.pid!);
    await runQueries(s);
    // The snapshot is written on a thread after the first read: give it time, sampling.
    await sleep(Number(process.env.MEMORY_SETTLE_SECONDS || 30) * 1000);
    await runQueries(s);
    out.peak_queries_first = sampler.stop();
    out.after_queries_first = rssMb(s.child.pid!)!;
    await stop(s);
    s = await start(BIG_HOW, env);
    out.idle_after_restart = rssMb(s.child.pid!)!;
    sampler = new RssSampler(s.child.pid!);
    await runQueries(s);
    await runQueries(s);
    out.peak_queries_after_restart = sampler.stop();
    out.after_queries_after_restart = rssMb(s.child.pid!)!;
    return out;
  } finally {
    if (s) await stop(s);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (HOWS.includes('built') || (ROWS > 0 && BIG_HOW === 'built')) buildServer();
  const idleRuns: Partial<Record<How, { median: number; runs: number[] }>> = {};
  for (const how of HOWS) idleRuns[how] = await idle(how);
  const big = ROWS > 0 ? await bigSheet(ROWS) : null;
  if (big) log('1M sheet', big);
  const lines = [
    '## Server memory (issue 19: idle ≤ 150 MB; with a 1,000,000-row sheet in use: reported, bounded by SHEET_CACHE_MB)',
    '',
    ...machine(),
    `- RSS = VmRSS of /proc/PID/status of the server process (threads included). Fresh DATA_DIR (SQLite), default settings, LOG_LEVEL warn, SKIP_WEB_BUILD=1.`,
    '',
    '| work | target | RSS |',
    '|---|---|---|',
  ];
  if (idleRuns.built) lines.push(`| idle, signed up, \`npm start\` (built server: \`node ${[...startFlags(), 'dist/server/main.mjs'].join(' ')}\`), median of ${RUNS} (${idleRuns.built.runs.join(', ')}) | ≤ 150 MB | ${idleRuns.built.median} MB |`);
  if (idleRuns.tsx) lines.push(`| idle, signed up, \`node --import tsx src/server/main.ts\` (tests, benchmarks), median of ${RUNS} (${idleRuns.tsx.runs.join(', ')}) | – | ${idleRuns.tsx.median} MB |`);
  if (big) {
    const rows = Number(big.rows).toLocaleString('en');
    lines.push(
      `| ${rows} rows, server run ${BIG_HOW === 'built' ? 'as `npm start` runs it' : 'through tsx'} | | |`,
      `| ${rows} rows (${big.csv_mb} MB CSV): peak during the import | bounded | ${big.peak_import} MB |`,
      `| right after the import | – | ${big.after_import} MB |`,
      `| peak during the first queries (sheet read from the database, snapshot written) | bounded | ${big.peak_queries_first} MB |`,
      `| after them | – | ${big.after_queries_first} MB |`,
      `| right after a restart | ≤ 150 MB | ${big.idle_after_restart} MB |`,
      `| peak during the same queries after the restart (read from the snapshot) | bounded | ${big.peak_queries_after_restart} MB |`,
      `| after them | – | ${big.after_queries_after_restart} MB |`,
    );
  }
  const body = lines.join('\n');
  console.log(body);
  if (WRITE) writeSection('memory', body);
}

await main();
