// Benchmark (issue 34): what a row rule costs. One sheet of 1,000,000 orders among 1,000 app
// users, two apps over it with the same table: one without a rule, one with "Email is the
// signed-in user's e-mail". The same app user asks both the same sheet reads (first page, sorted,
// searched, filtered, a later page) through GET /api/board/{id}/sheet/{title}; kept answers are
// off (ANSWER_CACHE_MB=0), so every request runs the query. The rule compiles into the same column
// mask board filters use: the goal is a rule-limited p95 within 1.5× of the same query without.
// Run: `npx tsx bench/row-rules.ts` (BENCH_DB=sqlite|postgres|both, BENCH_ROWS, BENCH_REPEATS).
// Writes its section of bench/results.md only for a full run (1,000,000 rows) or BENCH_WRITE=1.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Cell } from '../src/server/sheets';
import { storeSpreadsheet } from '../src/server/modules/spreadsheets/service';
import { currentWorkspace } from '../src/server/identity/current-workspace';
import { createTestApp, signInAppUser, signUp } from '../src/server/testing/app';
import { rng } from '../samples/rng';
import { addWholeSheetTable } from './board';
import { writeSection } from './sections';
import { stats } from './stats';

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const REPEATS = Number(process.env.BENCH_REPEATS || 40);
const USERS = 1000;
const SHEET = 'orders';
const COLUMNS = ['Order ID', 'Email', 'City', 'Amount'];
const CITIES = ['New York', 'London', 'Berlin', 'Paris', 'Toronto', 'Sydney', 'Madrid', 'Amsterdam', 'Chicago', 'Austin'];
const ME = 'rep-7@example.com';

function generate(rows: number): Cell[][] {
  const rand = rng(34);
  const out = new Array<Cell[]>(rows);
  for (let i = 0; i < rows; i++) out[i] = [`ORD-${1_000_000 + i}`, `rep-${Math.floor(rand() * USERS)}@example.com`, CITIES[Math.floor(rand() * CITIES.length)]!, Math.round(rand() * 100_000) / 100];
  return out;
}

const QUERIES: { name: string; query: string }[] = [
  { name: 'first page (50 rows)', query: 'limit=50' },
  { name: 'sorted by Amount, descending', query: 'limit=50&sort=-Amount' },
  { name: "search 'Paris'", query: 'limit=50&q=Paris' },
  {
    name: 'board filter City = Paris',
    query: `limit=50&filters=${encodeURIComponent(JSON.stringify([{ name: 'City', active: true, condition: '=', sheet_column: { sheet: SHEET, column: 'City' }, value: 'Paris' }]))}`,
  },
  { name: 'page 5 (offset 200)', query: 'limit=50&offset=200' },
];

interface Line {
  name: string;
  without: number;
  withRule: number;
  totalWithout: number;
  totalWith: number;
}

async function run(db: 'sqlite' | 'postgres', data: Cell[][]): Promise<Line[]> {
  process.env.TEST_DB = db;
  const t = await createTestApp({ sheetCacheMb: 4096, answerCacheMb: 0 });
  try {
    const owner = await signUp(t.app, 'Bench', `bench-rules-${Date.now()}@example.com`, 'benchmark-pass');
    const headers = { cookie: owner.cookie };
    const ws = await currentWorkspace(t.ctx, owner);
    const spreadsheet = await storeSpreadsheet(t.ctx, ws.id, 'Orders', [{ title: SHEET, columns: COLUMNS, rows: data }], 'json');
    const appWith = async (name: string, rule: boolean) => {
      const app = (await t.app.inject({ method: 'POST', url: '/api/apps', headers, payload: { public: true, name, kind: 'board', spreadsheetId: spreadsheet.id } })).json().app as { id: string };
      await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers, payload: { sign_in_method: 'Use password set by user' } });
      await addWholeSheetTable(t, owner.cookie, app.id, SHEET);
      if (rule) {
        const put = await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}/row-rules`, headers, payload: { rules: [{ sheet: SHEET, column: 'Email', match: 'equals', value: 'user_email' }] } });
        if (put.statusCode !== 200) throw new Error(`setting the rule failed: ${put.statusCode} ${put.body}`);
      }
      return { id: app.id, cookie: await signInAppUser(t, app.id, ME, 'read') };
    };
    const plain = await appWith('Without a rule', false);
    const ruled = await appWith('With a rule', true);
    const ask = async (app: { id: string; cookie: string }, query: string) => {
      const s = performance.now();
      const r = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheet.id}/sheet/${SHEET}?board=${app.id}&${query}`, headers: { cookie: app.cookie } });
      const ms = performance.now() - s;
      if (r.statusCode !== 200) throw new Error(`read failed ${r.statusCode} ${r.body}`);
      return { ms, total: (r.json() as { total: number }).total };
    };
    // The first read loads the sheet into the cache (the same for both apps).
    await ask(plain, 'limit=1');
    const lines: Line[] = [];
    for (const q of QUERIES) {
      const a: number[] = [];
      const b: number[] = [];
      let totalWithout = 0;
      let totalWith = 0;
      // Interleaved, so both see the same machine load; the first of each builds its masks.
      for (let i = 0; i < REPEATS; i++) {
        const x = await ask(plain, q.query);
        const y = await ask(ruled, q.query);
        a.push(x.ms);
        b.push(y.ms);
        totalWithout = x.total;
        totalWith = y.total;
      }
      const line = { name: q.name, without: stats(a).p95, withRule: stats(b).p95, totalWithout, totalWith };
      if (totalWith > totalWithout) throw new Error(`${q.name}: the rule gave more rows than no rule`);
      console.log(`${q.name}: p95 ${line.without.toFixed(1)} ms without, ${line.withRule.toFixed(1)} ms with the rule (${totalWithout} vs ${totalWith} rows)`);
      lines.push(line);
    }
    return lines;
  } finally {
    await t.close();
  }
}

async function main() {
  const which = (process.env.BENCH_DB || 'both').toLowerCase();
  const dbs = (which === 'both' ? ['sqlite', 'postgres'] : [which]) as ('sqlite' | 'postgres')[];
  console.log(`Generating ${ROWS.toLocaleString('en')} rows ...`);
  const data = generate(ROWS);
  const sections: string[] = [];
  for (const db of dbs) {
    console.log(`\n== ${db} ==`);
    const lines = await run(db, data);
    sections.push(
      `### ${db}`,
      '',
      '| Query | p95 without a rule | p95 with the rule | ratio | rows without / with |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...lines.map((l) => `| ${l.name} | ${l.without.toFixed(1)} ms | ${l.withRule.toFixed(1)} ms | ${(l.withRule / l.without).toFixed(2)}× | ${l.totalWithout.toLocaleString('en')} / ${l.totalWith.toLocaleString('en')} |`),
      '',
    );
  }
  if (ROWS < 1_000_000 && process.env.BENCH_WRITE !== '1') return console.log('\nA small run: bench/results.md left as it is.');
  writeSection(
    'row-rules',
    [
      `## Row rules: a rule-limited sheet read against the same read without a rule (${ROWS.toLocaleString('en')} rows, ${USERS} app users)`,
      '',
      `Run with \`npx tsx bench/row-rules.ts\` (\`BENCH_DB\`, \`BENCH_ROWS\`, \`BENCH_REPEATS\`=${REPEATS}). Generated on ${new Date().toISOString().slice(0, 10)} (load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}). Kept answers off: every request runs the query. Goal: with the rule, p95 within 1.5× of without.`,
      '',
      ...sections,
    ].join('\n'),
  );
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
