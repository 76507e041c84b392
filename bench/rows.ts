// Benchmark (issue 3): a table's search + sort + page on a 1,000,000-row sheet, and 200
// concurrent form submits through POST /api/board/{id}/sheet/{title}/rows, on SQLite and
// PostgreSQL. Run: `npx tsx bench/rows.ts` (BENCH_DB=sqlite|postgres|both, BENCH_ROWS,
// BENCH_QUERIES, BENCH_APPENDS). Writes its section of bench/results.md (between markers).
import { addWholeSheetTable } from './board';
import { writeSection } from './sections';
import { performance } from 'node:perf_hooks';
import { newId, nowIso } from '../src/server/http';
import { storeSpreadsheet } from '../src/server/modules/spreadsheets/service';
import type { Cell } from '../src/server/modules/spreadsheets/import-file';
import { currentWorkspace } from '../src/server/modules/workspace/current';
import { createTestApp, signUp } from '../src/server/test-helpers';
import { rng } from '../samples/rng';
import { pct } from './stats';

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES || 200);
const APPENDS = Number(process.env.BENCH_APPENDS || 200);
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


interface Result {
  db: string;
  storeS: number;
  coldMs: number;
  query: { p50: number; p95: number; max: number };
  append: { wallMs: number; rowsPerS: number; p50: number; p99: number; lost: number; duplicated: number; failed: number };
  afterAppendsMs: number;
  reloads: number;
}

async function run(db: 'sqlite' | 'postgres', data: Cell[][]): Promise<Result> {
  process.env.TEST_DB = db;
  const t = await createTestApp({ sheetCacheMb: 4096 });
  try {
    const user = await signUp(t.app, 'Bench', `bench-rows-${Date.now()}@example.com`, 'benchmark-pass');
    const ws = await currentWorkspace(t.ctx, user);
    let s = performance.now();
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
    const coldMs = await query('q=paris&sort=Quantity&dir=desc');
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
    const reloadsBefore = reloads;

    // 200 guests submit the form at once.
    const latencies: number[] = [];
    s = performance.now();
    const results = await Promise.all(
      Array.from({ length: APPENDS }, async (_, i) => {
        const st = performance.now();
        const r = await t.app.inject({
          method: 'POST',
          url: `${base}/rows?board=${app.subdomain}`,
          payload: { blockId: formId, values: { 'Order ID': `WEB-${i}`, Date: '2025-06-01', Customer: `Web customer ${i}`, City: 'Oslo', Quantity: String(1 + (i % 9)) } },
        });
        latencies.push(performance.now() - st);
        return r;
      }),
    );
    const wallMs = performance.now() - s;
    latencies.sort((a, b) => a - b);
    const failed = results.filter((r) => r.statusCode !== 201).length;
    const sheet = await t.ctx.db.selectFrom('sheets').select(['id', 'row_count']).where('spreadsheet_id', '=', spreadsheet.id).executeTakeFirstOrThrow();
    const stored = await t.ctx.db.selectFrom('sheet_rows').select('data').where('sheet_id', '=', sheet.id).where('row_index', '>=', ROWS).execute();
    const names = new Set(stored.map((r) => JSON.parse(r.data)['Order ID'] as string));
    const lost = APPENDS - failed - names.size;
    const duplicated = stored.length - names.size;
    if (Number(sheet.row_count) !== ROWS + APPENDS - failed) throw new Error(`row_count ${sheet.row_count}`);
    const afterAppendsMs = await query('q=web customer&sort=Quantity&dir=desc');
    const check = await t.app.inject({ method: 'GET', url: `${base}?board=${app.subdomain}&q=web-&limit=1` });
    if (check.json().total !== APPENDS - failed) throw new Error(`the cache holds ${check.json().total} submitted rows`);
    return {
      db,
      storeS,
      coldMs,
      query: { p50: pct(times, 50), p95: pct(times, 95), max: times[times.length - 1]! },
      append: { wallMs, rowsPerS: (APPENDS / wallMs) * 1000, p50: pct(latencies, 50), p99: pct(latencies, 99), lost, duplicated, failed },
      afterAppendsMs,
      reloads: reloads - reloadsBefore,
    };
  } finally {
    await t.close();
  }
}

const f = (ms: number) => `${ms.toFixed(1)} ms`;

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
  const lines = [
    '<!-- rows:start (written by bench/rows.ts) -->',
    '## Rows: table queries on 1,000,000 rows and concurrent form submits',
    '',
    `Run with \`npx tsx bench/rows.ts\` (\`BENCH_DB\`, \`BENCH_ROWS\`, \`BENCH_QUERIES\`, \`BENCH_APPENDS\`). Generated on ${new Date().toISOString().slice(0, 10)}, same machine as above (shared, 2 cores; other helpers' work was running).`,
    '',
    `- The sheet: ${ROWS.toLocaleString('en')} rows × ${COLUMNS.length} columns, stored with the import's batched inserts (the HTTP import refuses more than 5,000,000 cells).`,
    '- **Cold query**: the first `q=paris&sort=Quantity&dir=desc&limit=50` as a guest: reads every row from the database, builds the search text, sorts.',
    `- **Table query**: ${QUERIES} guest requests after each column was sorted once: one search term (a city, or an order number no earlier query used), a random sort column and direction, a 50-row page at offset 0-950.`,
    `- **Form submits**: ${APPENDS} concurrent \`POST …/rows\` as guests through a form block (regex, date, select and number checks on every submit), onto the same 1,000,000-row sheet with its cache warm. Lost rows = submits answered 201 whose row is not in the database; duplicated = extra copies. Reloads = times the sheet was read again from the database because of the writes (the cache is patched in place instead).`,
    '- **First query after submits**: a search + sort page right after the submits (the patched cache answers it).',
    '',
    '| DB | Cold query | Table query p50 | p95 | max | Submits rows/s | Submit p50 | Submit p99 | Lost | Duplicated | Failed | Reloads | First query after submits |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.db} | ${f(r.coldMs)} | ${f(r.query.p50)} | ${f(r.query.p95)} | ${f(r.query.max)} | ${r.append.rowsPerS.toFixed(0)} | ${f(r.append.p50)} | ${f(r.append.p99)} | ${r.append.lost} | ${r.append.duplicated} | ${r.append.failed} | ${r.reloads} | ${f(r.afterAppendsMs)} |`,
    ),
    '',
    '<!-- rows:end -->',
  ];
  writeSection('rows', lines.filter((l) => !l.startsWith('<!-- rows:')).join('\n'));
  console.log('\nWrote the rows section of bench/results.md');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
