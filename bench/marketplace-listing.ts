// Benchmark (issue 15, "Done when"): the marketplace listing with 10,000 published templates, on
// SQLite and PostgreSQL. GET /api/multipage/marketplace/templates through Fastify (inject) as a
// signed-in buyer (so isPurchased's one query a page is included), for a few typical queries:
// the default page, a category, free only, a search, and page 200.
// Run: `npx tsx bench/marketplace-listing.ts` (BENCH_DB=sqlite|postgres|both, BENCH_TEMPLATES,
// BENCH_QUERIES). Writes its section of bench/results.md (between markers).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { rng } from '../samples/rng';
import { MARKETPLACE_CATEGORIES } from '../src/shared/rules/marketplace';
import { TEMPLATE_LIMITS } from '../src/shared/rules/templates';
import { seedTemplates, type SeedTemplate } from '../src/server/testing/storefront-seed';
import { createTestApp, signUp } from '../src/server/testing/app';
import { writeSection } from './sections';
import { stats } from './stats';

const TEMPLATES = Number(process.env.BENCH_TEMPLATES || 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES || 200);
const WORDS = ['sales', 'orders', 'inventory', 'crm', 'bakery', 'school', 'events', 'budget', 'tasks', 'hiring', 'rentals', 'fitness', 'recipes', 'clinic', 'library'];

function generate(n: number): SeedTemplate[] {
  const rand = rng(15);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  return Array.from({ length: n }, (_, i) => ({
    title: `${pick(WORDS)} ${pick(WORDS)} template ${i}`,
    summary: `A ${pick(WORDS)} board for ${pick(WORDS)} with ${pick(WORDS)} and ${pick(WORDS)}`,
    tags: [pick(WORDS), pick(WORDS)],
    category: pick(MARKETPLACE_CATEGORIES).value,
    price_cents: rand() < 0.5 ? 0 : 500 + Math.floor(rand() * 5000),
    kind: rand() < 0.3 ? 'board' : 'multipage',
    published_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
  }));
}

const CASES: { name: string; query: string }[] = [
  { name: 'default (newest, page 1)', query: '' },
  { name: 'category', query: '?category=sales-crm' },
  { name: 'free only', query: '?price=free' },
  { name: 'search', query: '?q=bakery' },
  { name: 'search + category + paid', query: '?q=school&category=education-training&price=paid' },
  { name: 'page 200', query: '?page=200' },
  { name: 'price low to high', query: '?sort=price_low&price=paid' },
];

interface Row {
  db: string;
  seedS: number;
  results: { name: string; query: string; total: number; p50: number; p95: number; max: number }[];
}

async function run(db: 'sqlite' | 'postgres', data: SeedTemplate[]): Promise<Row> {
  process.env.TEST_DB = db;
  const t = await createTestApp();
  try {
    const seller = await signUp(t.app, 'Bench Seller', `bench-seller-${Date.now()}@example.com`, 'benchmark-pass');
    const buyer = await signUp(t.app, 'Bench Buyer', `bench-buyer-${Date.now()}@example.com`, 'benchmark-pass');
    const ws = await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', seller.id).executeTakeFirstOrThrow();
    const snap = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: seller.cookie }, payload: { name: 'Bench snapshot', kind: 'multipage' } })).json().app.id as string;
    let s = performance.now();
    const ids = await seedTemplates(t.ctx.db, ws.id, snap, data, 'bench');
    // The buyer holds 200 paid purchases (isPurchased has something to find).
    const now = new Date().toISOString();
    const paid = ids.filter((_, i) => data[i]!.price_cents).slice(0, 200);
    await t.ctx.db
      .insertInto('template_purchases')
      .values(paid.map((id, i) => ({ id: `bp${i}`, template_id: id, buyer_user_id: buyer.id, buyer_workspace_id: 'w', seller_workspace_id: ws.id, version_id: 'v', amount_cents: 500, fee_cents: 50, currency: 'usd', status: 'paid' as const, checkout_session_id: `cs_bench_${i}`, payment_intent_id: null, created_at: now, updated_at: now, paid_at: now })))
      .execute();
    // What autovacuum (PostgreSQL) or the next ANALYZE would do after a bulk change of this size:
    // the planner then knows the tables' sizes.
    await sql`ANALYZE`.execute(t.ctx.db);
    const seedS = (performance.now() - s) / 1000;
    const results: Row['results'] = [];
    for (const c of CASES) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < QUERIES; i++) {
        s = performance.now();
        const res = await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/templates${c.query}`, headers: { cookie: buyer.cookie } });
        times.push(performance.now() - s);
        if (res.statusCode !== 200) throw new Error(`${c.query} → ${res.statusCode}: ${res.body.slice(0, 200)}`);
        total = res.json().total;
      }
      const st = stats(times);
      results.push({ name: c.name, query: c.query || '(none)', total, p50: st.p50, p95: st.p95, max: st.max });
      console.log(db, c.name, `total ${total}`, `p50 ${st.p50.toFixed(1)} ms`, `p95 ${st.p95.toFixed(1)} ms`);
    }
    return { db, seedS, results };
  } finally {
    await t.close();
  }
}

async function main() {
  const which = process.env.BENCH_DB || 'both';
  const dbs = (which === 'both' ? ['sqlite', 'postgres'] : [which]) as ('sqlite' | 'postgres')[];
  const data = generate(TEMPLATES);
  const rows: Row[] = [];
  for (const db of dbs) rows.push(await run(db, data));
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  const table = [
    '| DB | Query | Parameters | Total | p50 | p95 | max |',
    '|---|---|---|---|---|---|---|',
    ...rows.flatMap((r) => r.results.map((x) => `| ${r.db} | ${x.name} | \`${x.query}\` | ${x.total} | ${f(x.p50)} | ${f(x.p95)} | ${f(x.max)} |`)),
  ].join('\n');
  const body = `## Marketplace listing with ${TEMPLATES.toLocaleString('en-US')} templates

Run with \`npx tsx bench/marketplace-listing.ts\` (\`BENCH_DB=sqlite|postgres|both\`, \`BENCH_TEMPLATES\`, \`BENCH_QUERIES\`). Generated on ${new Date().toISOString().slice(0, 10)}; ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average at the end ${os.loadavg().map((x) => x.toFixed(2)).join(', ')} (the machine is shared).

- ${TEMPLATES.toLocaleString('en-US')} listed templates written straight into \`marketplace_templates\` (each with its source app and review request), seeded titles, summaries, tags, categories, half paid, 30% boards, then \`ANALYZE\` (as autovacuum would after such a bulk change); ${rows.map((r) => `${r.db} ${r.seedS.toFixed(1)} s`).join(', ')} to write.
- Each query ${QUERIES} times, one after another, through Fastify (\`inject\`) as a signed-in buyer holding 200 paid purchases: the query's zod parsing, the session, the page (${TEMPLATE_LIMITS.pageSize} templates, joined to their snapshot app for the subdomain), the total (a second COUNT query), isPurchased (one query for the page's paid templates) and the JSON.

${table}
`;
  writeSection('marketplace-listing', body);
  console.log(body);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
