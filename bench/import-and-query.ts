// Benchmark: import a generated 100,000-row CSV through the real HTTP route, then query
// /api/board/{id}/sheet/{title} with search + sort + a 50-row page. Runs on SQLite and
// PostgreSQL (BENCH_DB=sqlite|postgres|both, default both) and writes its section of bench/results.md.
// Targets: import < 10 s, warm query p95 < 50 ms.
import { execSync } from 'node:child_process';
import { addWholeSheetTable } from './board';
import { writeSection } from './sections';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { spreadsheetsRepo } from '../src/server/data/spreadsheets/repo';
import { createTestApp, multipart, signUp, TEST_PG_URL } from '../src/server/testing/app';
import { rng } from '../samples/rng';
import { pct } from './stats';

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const WARM_QUERIES = Number(process.env.BENCH_QUERIES || 500);
const SHEET = 'orders-100k';


const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Lucas', 'Sophia', 'Mateo', 'Mia', 'Ethan', 'Amelia', 'Arjun', 'Chloe', 'Kenji', 'Fatima', 'Diego', 'Hannah', 'Omar', 'Ingrid', 'Wei'];
const LAST = ['Johnson', 'Martin', 'Garcia', 'Muller', 'Rossi', 'Nguyen', 'Patel', 'Kim', 'Dubois', 'Silva', 'Andersen', 'Okafor', 'Tanaka', 'Novak', 'Hughes'];
const CITIES = ['New York', 'London', 'Berlin', 'Paris', 'Toronto', 'Sydney', 'Madrid', 'Amsterdam', 'Chicago', 'Austin', 'Lisbon', 'Dublin', 'Oslo', 'Rome', 'Tokyo'];
const CATEGORIES = ['Coffee', 'Tea', 'Equipment', 'Accessories', 'Snacks', 'Gifts'];
const PRODUCTS = ['Espresso Beans', 'House Blend', 'Decaf', 'Sencha', 'Earl Grey', 'Chai', 'Kettle', 'Grinder', 'French Press', 'Mug', 'Tumbler', 'Filters', 'Biscotti', 'Gift Card'];
const STATUSES = ['Delivered', 'Shipped', 'Processing', 'Cancelled', 'Refunded'];

export function generateCsv(rows: number): string {
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const lines = ['Order ID,Date,Customer,Email,City,Category,Product,Quantity,Amount,Status,Notes'];
  for (let i = 0; i < rows; i++) {
    const f = pick(FIRST);
    const l = pick(LAST);
    const d = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 730) * 86400000).toISOString().slice(0, 10);
    const q = 1 + Math.floor(rand() * 9);
    const amount = (q * (3 + rand() * 120)).toFixed(2);
    const note = rand() < 0.2 ? `"Gift wrap, deliver to ${pick(CITIES)}"` : '';
    lines.push(`ORD-${100000 + i},${d},${f} ${l},${f.toLowerCase()}.${l.toLowerCase()}${i % 997}@example.com,${pick(CITIES)},${pick(CATEGORIES)},${pick(PRODUCTS)},${q},${amount},${pick(STATUSES)},${note}`);
  }
  return lines.join('\n') + '\n';
}


interface Result {
  db: string;
  csvMb: number;
  importMs: number;
  afterImportMs: number;
  coldFirstMs: number;
  coldSorts: { column: string; ms: number }[];
  warm: { n: number; p50: number; p95: number; p99: number; max: number; mean: number };
  sample: string[];
}

async function run(db: 'sqlite' | 'postgres', csv: string): Promise<Result> {
  process.env.TEST_DB = db;
  const t = await createTestApp({ maxImportMb: 50 });
  try {
    const user = await signUp(t.app, 'Bench', `bench-${Date.now()}@example.com`, 'benchmark-pass');
    const { payload, headers } = multipart(`${SHEET}.csv`, csv);
    const t0 = performance.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/spreadsheets', payload, headers: { ...headers, cookie: user.cookie } });
    const importMs = performance.now() - t0;
    if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
    const spreadsheet = res.json().spreadsheet;
    if (spreadsheet.sheets[0].row_count !== ROWS) throw new Error(`imported ${spreadsheet.sheets[0].row_count} rows, expected ${ROWS}`);
    const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: user.cookie }, payload: { public: true, name: `Bench ${db}`, kind: 'board', spreadsheetId: spreadsheet.id } })).json().app;
    await addWholeSheetTable(t, user.cookie, app.id, SHEET);

    // Guests ask on behalf of the board, as the published viewer does.
    const query = async (qs: string) => {
      const s = performance.now();
      const r = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheet.id}/sheet/${SHEET}?board=${app.subdomain}&limit=50&${qs}` });
      const ms = performance.now() - s;
      if (r.statusCode !== 200) throw new Error(`query ${qs} failed: ${r.statusCode} ${r.body}`);
      const body = r.json();
      if (body.rows.length > 50) throw new Error('page larger than 50');
      return { ms, total: body.total as number };
    };

    // The import warms the cache from the rows it already holds; the first query waits for that.
    const afterImport = await query('q=paris&sort=Amount&dir=desc');
    // Cold, as after a restart: the request reads 100,000 rows from the database, builds the
    // search text and sorts.
    const sheet = await spreadsheetsRepo(t.ctx.db).sheetByTitle(spreadsheet.id, SHEET);
    t.ctx.sheetCache.invalidate(sheet!.id);
    const cold = await query('q=berlin&sort=Amount&dir=desc');
    const coldSorts: Result['coldSorts'] = [];
    for (const column of ['Date', 'Customer', 'City', 'Category', 'Quantity', 'Order ID']) {
      coldSorts.push({ column, ms: (await query(`sort=${encodeURIComponent(column)}&dir=asc`)).ms });
    }

    const rand = rng(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const terms = [...CITIES, ...CATEGORIES, ...PRODUCTS, ...LAST, 'gift', '2025-03', 'ord-1234', 'example.com', 'zzz-no-match'];
    const sorts = ['Amount', 'Date', 'Customer', 'City', 'Category', 'Quantity', 'Order ID'];
    const times: number[] = [];
    const sample: string[] = [];
    for (let i = 0; i < WARM_QUERIES; i++) {
      const nTerms = 1 + Math.floor(rand() * 3);
      // Half the terms are fresh (an order number or an e-mail fragment never asked before), so
      // the per-term search cache cannot answer them: they sweep the whole sheet.
      const term = () => (rand() < 0.5 ? pick(terms).toLowerCase() : rand() < 0.5 ? `ord-1${String(Math.floor(rand() * 100000)).padStart(5, '0')}` : `${pick(LAST).toLowerCase()}${Math.floor(rand() * 997)}@`);
      const q = Array.from({ length: nTerms }, term).join(', ');
      const qs = `q=${encodeURIComponent(q)}&sort=${encodeURIComponent(pick(sorts))}&dir=${pick(['asc', 'desc'])}&offset=${50 * Math.floor(rand() * 20)}`;
      const r = await query(qs);
      times.push(r.ms);
      if (i < 5) sample.push(`\`${decodeURIComponent(qs)}\` → total ${r.total}, ${r.ms.toFixed(1)} ms`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      db,
      csvMb: Buffer.byteLength(csv) / 1024 / 1024,
      importMs,
      afterImportMs: afterImport.ms,
      coldFirstMs: cold.ms,
      coldSorts,
      warm: {
        n: times.length,
        p50: pct(sorted, 50),
        p95: pct(sorted, 95),
        p99: pct(sorted, 99),
        max: sorted[sorted.length - 1]!,
        mean: times.reduce((a, b) => a + b, 0) / times.length,
      },
      sample,
    };
  } finally {
    await t.close();
  }
}

function machine(): string[] {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  let nproc = String(os.cpus().length);
  try {
    nproc = execSync('nproc').toString().trim();
  } catch {
    /* os.cpus is close enough */
  }
  let pgVersion = 'n/a';
  try {
    pgVersion = execSync(`psql "${TEST_PG_URL}" -Atc "show server_version"`, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    /* psql not installed */
  }
  return [
    `- CPU: ${cpu} (nproc ${nproc})`,
    `- RAM: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} ${os.arch()}`,
    `- Node: ${process.version}`,
    `- Load average at the end of the run: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (the machine is shared; other work running at the same time shows in the numbers)`,
    `- SQLite: better-sqlite3 (WAL, synchronous=NORMAL), file in a temp dir`,
    `- PostgreSQL: ${pgVersion} at ${TEST_PG_URL.replace(/:[^:@/]*@/, ':***@')} (local)`,
  ];
}

const f = (ms: number) => `${ms.toFixed(1)} ms`;

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
    console.log(`import ${f(r.importMs)} (${r.csvMb.toFixed(1)} MB CSV)`);
    console.log(`first query after import (cache warmed by the import) ${f(r.afterImportMs)}`);
    console.log(`cold query, empty cache (load + search + sort) ${f(r.coldFirstMs)}`);
    console.log(`first sort per column: ${r.coldSorts.map((s) => `${s.column} ${f(s.ms)}`).join(', ')}`);
    console.log(`warm ${r.warm.n} queries: p50 ${f(r.warm.p50)}, p95 ${f(r.warm.p95)}, p99 ${f(r.warm.p99)}, max ${f(r.warm.max)}`);
  }

  const lines = [
    '## Import and query a 100,000-row sheet',
    '',
    `Run with \`npm run bench\` (\`BENCH_DB=sqlite|postgres|both\`, \`BENCH_ROWS\`, \`BENCH_QUERIES\`). Generated on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '### Machine',
    '',
    ...machine(),
    '',
    '### What is measured',
    '',
    `- **Import**: \`POST /api/spreadsheets\` with a ${ROWS.toLocaleString('en')}-row, 11-column CSV as multipart (through Fastify's \`inject\`, so HTTP parsing, multipart, papaparse, typing and the batched inserts in one transaction are all included). Target < 10 s.`,
    '- **First query after import**: `GET /api/board/{id}/sheet/{title}?q=paris&sort=Amount&dir=desc&limit=50` as a guest of the board, right after the import (which fills the sheet cache from the rows it parsed; the query waits for that to finish).',
    '- **Cold query**: the same kind of query after the cache entry is dropped (as after a restart): reads every row from the database, builds the search text, sorts.',
    '- **First sort per column**: the first request sorting by each other column (builds and caches that sort order).',
    `- **Warm queries**: ${WARM_QUERIES} varied requests: 1-3 comma-separated search terms (half from a vocabulary of cities, categories, products, names, a date prefix and a no-match term; half fresh order numbers or e-mail fragments that no earlier query used, so the per-term search cache cannot answer them), a random sort column and direction, a random page offset 0-950, limit 50. Target p95 < 50 ms.`,
    '- Every request goes through Fastify (`inject`): query parsing, the board lookup, the one indexed sheet-version query, the cache, and JSON serialisation of the page.',
    '',
    '### Results',
    '',
    '| DB | Import | First query after import | Cold query | Warm p50 | Warm p95 | Warm p99 | Warm max |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.db} | ${(r.importMs / 1000).toFixed(2)} s | ${f(r.afterImportMs)} | ${f(r.coldFirstMs)} | ${f(r.warm.p50)} | ${f(r.warm.p95)} | ${f(r.warm.p99)} | ${f(r.warm.max)} |`),
    '',
    'First sort per column (ms):',
    '',
    `| DB | ${results[0]!.coldSorts.map((s) => s.column).join(' | ')} |`,
    `|---|${results[0]!.coldSorts.map(() => '---').join('|')}|`,
    ...results.map((r) => `| ${r.db} | ${r.coldSorts.map((s) => s.ms.toFixed(1)).join(' | ')} |`),
    '',
    'Sample warm queries:',
    '',
    ...results.flatMap((r) => [`- ${r.db}:`, ...r.sample.map((s) => `  - ${s}`)]),
    '',
  ];
  writeSection('import-and-query', lines.join('\n'));
  console.log('\nWrote the import-and-query section of bench/results.md');
  const failed = results.filter((r) => r.importMs > 10_000 || r.warm.p95 > 50);
  if (failed.length) {
    console.error(`Targets missed on: ${failed.map((r) => r.db).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1]?.endsWith("import-and-query.ts")) void main();
