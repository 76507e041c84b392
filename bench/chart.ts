// Benchmark (issue 3): a chart of a 1,000,000-row sheet, grouped on the server by
// GET /api/board/{id}/sheet/{title}/chart, on SQLite and PostgreSQL: time of the first request
// (sheet read from the database), of each chart's first aggregation (sheet cached), of a repeat
// (result cache), and the points and bytes sent. Run: `npx tsx bench/chart.ts`
// (BENCH_DB=sqlite|postgres|both, BENCH_ROWS, BENCH_POINTS). Writes its section of bench/results.md.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Cell } from '../src/server/sheets';
import { storeSpreadsheet } from '../src/server/modules/spreadsheets/service';
import { currentWorkspace } from '../src/server/identity/current-workspace';
import { createTestApp, signUp } from '../src/server/testing/app';
import { rng } from '../samples/rng';
import { answerCacheOf } from '../src/server/modules/spreadsheets/sheet-etag';
import { addWholeSheetTable } from './board';
import { writeSection } from './sections';

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
/** An 800 px wide chart asks for 4 points per px. */
const POINTS = Number(process.env.BENCH_POINTS || 3200);
const SHEET = 'orders';
const COLUMNS = ['Order ID', 'Seq', 'Date', 'City', 'Quantity', 'Amount'];
const CITIES = ['New York', 'London', 'Berlin', 'Paris', 'Toronto', 'Sydney', 'Madrid', 'Amsterdam', 'Chicago', 'Austin', 'Lisbon', 'Dublin', 'Oslo', 'Rome', 'Tokyo'];

function generate(rows: number): Cell[][] {
  const rand = rng(11);
  const out = new Array<Cell[]>(rows);
  for (let i = 0; i < rows; i++) {
    const d = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 730) * 86400000).toISOString().slice(0, 10);
    const q = 1 + Math.floor(rand() * 9);
    // Amounts as people type them in a sheet: text with a thousands separator half of the time.
    const amount = Math.round((q * (5 + rand() * 200) + Math.sin(i / 5000) * 50) * 100) / 100;
    out[i] = [`ORD-${1_000_000 + i}`, i, d, CITIES[Math.floor(rand() * CITIES.length)]!, q, i % 2 ? amount.toLocaleString('en-US') : amount];
  }
  return out;
}

interface Scenario {
  name: string;
  chart: object;
  filters?: object[];
}

const SCENARIOS: Scenario[] = [
  { name: 'bar: Amount by City (15 groups)', chart: { x_axis: 'City', axes: [{ column: 'Amount', type: 'bar' }, { column: 'Quantity', type: 'bar', duplicateXAxis: 'average' }] } },
  { name: 'line: Amount by Date (730 days)', chart: { x_axis: 'Date', axes: [{ column: 'Amount', type: 'line' }] } },
  { name: 'bar: Amount by Date, 200 points', chart: { x_axis: 'Date', axes: [{ column: 'Amount', type: 'bar' }] }, },
  { name: 'line: Amount by Seq (1,000,000 x values, LTTB)', chart: { x_axis: 'Seq', axes: [{ column: 'Amount', type: 'line' }] } },
  { name: 'pie: Amount by Order ID (1,000,000 slices → top + Other)', chart: { x_axis: 'Order ID', axes: [{ column: 'Amount', type: 'pie' }] } },
  { name: 'scatter: Amount against Seq (1,000,000 points, LTTB)', chart: { x_axis: 'Seq', axes: [{ column: 'Amount', type: 'scatter' }] } },
  {
    name: 'line: Amount by Date, board filter City = Paris',
    chart: { x_axis: 'Date', axes: [{ column: 'Amount', type: 'line' }] },
    filters: [{ name: 'City', active: true, condition: '=', sheet_column: { sheet: SHEET, column: 'City' }, value: 'Paris' }],
  },
];

interface Row {
  name: string;
  firstMs: number;
  keptMs: number;
  cachedMs: number;
  points: number;
  groups: number;
  totalRows: number;
  kb: number;
}

interface Result {
  db: string;
  storeS: number;
  coldMs: number;
  rows: Row[];
}

async function run(db: 'sqlite' | 'postgres', data: Cell[][]): Promise<Result> {
  process.env.TEST_DB = db;
  const t = await createTestApp({ sheetCacheMb: 4096 });
  try {
    const user = await signUp(t.app, 'Bench', `bench-chart-${Date.now()}@example.com`, 'benchmark-pass');
    const ws = await currentWorkspace(t.ctx, user);
    let s = performance.now();
    const spreadsheet = await storeSpreadsheet(t.ctx, ws.id, 'Orders 1M', [{ title: SHEET, columns: COLUMNS, rows: data }], 'json');
    const storeS = (performance.now() - s) / 1000;
    const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: user.cookie }, payload: { public: true, name: `Chart ${db}`, kind: 'board', spreadsheetId: spreadsheet.id } })).json().app;
    await addWholeSheetTable(t, user.cookie, app.id, SHEET);
    const base = `/api/board/${spreadsheet.id}/sheet/${SHEET}/chart?board=${app.subdomain}`;
    const ask = async (sc: Scenario, points = POINTS) => {
      const st = performance.now();
      const filters = sc.filters ? `&filters=${encodeURIComponent(JSON.stringify(sc.filters))}` : '';
      const r = await t.app.inject({ method: 'GET', url: `${base}&points=${points}&chart=${encodeURIComponent(JSON.stringify(sc.chart))}${filters}` });
      const ms = performance.now() - st;
      if (r.statusCode !== 200) throw new Error(`chart failed ${r.statusCode} ${r.body}`);
      const body = r.json() as { points: number; groups: number; total_rows: number; cached: boolean; labels: string[]; xy?: unknown[][] };
      const sent = body.xy ? Math.max(...body.xy.map((x) => x.length)) : body.labels.length;
      if (sent > points || body.points !== sent) throw new Error(`${sc.name}: ${sent} points sent for ${points}`);
      return { ms, body, bytes: r.rawPayload.length };
    };

    // Cold: the first chart request reads the 1,000,000 rows from the database into the cache.
    s = performance.now();
    await ask({ name: 'cold', chart: { x_axis: 'City', axes: [{ column: 'Quantity', type: 'bar' }] } });
    const coldMs = performance.now() - s;
    const rows: Row[] = [];
    for (const sc of SCENARIOS) {
      const points = sc.name.includes('200 points') ? 200 : POINTS;
      const first = await ask(sc, points);
      if (first.body.cached) throw new Error(`${sc.name}: first request served from the cache`);
      // A repeat is the kept answer (same ETag: the same bytes, no pass and no serialisation).
      const kept = await ask(sc, points);
      if (JSON.stringify(kept.body) !== JSON.stringify(first.body)) throw new Error(`${sc.name}: the repeat answered differently`);
      // Without the kept answers (another query string, the same chart): the chart's result cache.
      answerCacheOf(t.ctx).clear();
      const again = await ask(sc, points);
      if (!again.body.cached) throw new Error(`${sc.name}: repeat not cached`);
      rows.push({ name: sc.name, firstMs: first.ms, keptMs: kept.ms, cachedMs: again.ms, points: first.body.points, groups: first.body.groups, totalRows: first.body.total_rows, kb: first.bytes / 1024 });
      console.log(sc.name, Math.round(first.ms), 'ms first,', kept.ms.toFixed(1), 'ms kept answer,', again.ms.toFixed(1), 'ms result cache,', first.body.points, 'points of', first.body.groups);
    }
    return { db, storeS, coldMs, rows };
  } finally {
    await t.close();
  }
}

const f = (ms: number) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString('en')} ms`);
const n = (v: number) => v.toLocaleString('en');

async function main() {
  const which = (process.env.BENCH_DB || 'both').toLowerCase();
  const dbs = (which === 'both' ? ['sqlite', 'postgres'] : [which]) as ('sqlite' | 'postgres')[];
  console.log(`Generating ${n(ROWS)} rows ...`);
  const data = generate(ROWS);
  const results: Result[] = [];
  for (const db of dbs) {
    console.log(`\n== ${db} ==`);
    results.push(await run(db, data));
  }
  const lines = [
    '## Chart: server aggregation of a 1,000,000-row sheet',
    '',
    `Run with \`npx tsx bench/chart.ts\` (\`BENCH_DB\`, \`BENCH_ROWS\`, \`BENCH_POINTS\`). Generated on ${new Date().toISOString().slice(0, 10)} on the 2-core machine (load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}).`,
    '',
    `- The sheet: ${n(ROWS)} rows × ${COLUMNS.length} columns (Order ID unique text, Seq 0…n−1, Date over 730 days, 15 cities, Quantity 1–9, Amount half numbers and half text like "1,234.5").`,
    `- Each request is \`GET …/sheet/orders/chart\` as a guest of the public board, with \`points=${POINTS}\` (an 800 px chart) unless said otherwise. **Sheet load** is the first chart request (Quantity by City): it reads every row from the database into the sheet cache, then aggregates. **First** is a chart's first aggregation on the cached sheet (one pass over the rows); **Repeat (kept answer)** the same request again (the answer kept by its ETag: no pass, no serialisation); **result cache** the same chart once the kept answers are cleared (the chart's result cache: no pass). **Points** = values per series sent (never above \`points\`); **groups** = distinct x values (scatter: points) before reduction; **KB** = answer size.`,
    '- Seq and Order ID run in sheet order, so grouping them skips the label map (rows in x order are a new group or the last one). A sheet whose 1,000,000 distinct x values are shuffled needs the map: before that shortcut these two charts took 1.2–2.2 s on the first request here.',
    '',
  ];
  for (const r of results) {
    lines.push(`### ${r.db}`, '', `Stored in ${r.storeS.toFixed(1)} s; sheet load + first chart: ${f(r.coldMs)}.`, '');
    lines.push('| Chart | First | Repeat (kept answer) | Result cache | Rows after filters | Groups | Points sent | KB |', '|---|---|---|---|---|---|---|---|');
    for (const row of r.rows) lines.push(`| ${row.name} | ${f(row.firstMs)} | ${f(row.keptMs)} | ${f(row.cachedMs)} | ${n(row.totalRows)} | ${n(row.groups)} | ${n(row.points)} | ${row.kb.toFixed(1)} |`);
    lines.push('');
  }
  writeSection('chart', lines.join('\n'));
  console.log('\nWrote the chart section of bench/results.md');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
