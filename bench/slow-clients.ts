// Benchmark: 500 slow connections (a byte every few seconds) beside normal guests of a public
// board. The guests' p95 must stay within 1.5× of the same run without the slow connections.
//
//   npx tsx bench/slow-clients.ts
//
// 1. Starts the real server as `npm start` runs it (tests/e2e/processes.ts spawnServer, built),
//    on SQLite, with its default timeouts (HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS,
//    KEEP_ALIVE_TIMEOUT_SECONDS).
// 2. Signs an owner up, imports a 5,000-row CSV through the upload, makes a public board with a
//    table and a chart over it.
// 3. BENCH_GUESTS (20) guests, each on its own keep-alive connections, loop page loads: the board's
//    pages (`GET /api/pages/{app}`) and its data (`POST /v3/getSpreadsheetData`) at once, as the
//    viewer sends them; every answer's status is checked. BENCH_SECONDS (20) measured.
// 4. Then the same with BENCH_SLOW (500) slow connections held open all along: half send headers
//    a byte every BENCH_SLOW_EVERY_SECONDS (3) and never end them, half send complete headers of
//    a POST announcing a 100,000-byte body and then its body a byte at a time. A connection the
//    server closes is opened again at once (an attacker keeps the count up).
// 5. Reports both runs' page-load p50/p95/p99, the ratio of the p95s, how many slow connections
//    the server closed and after how long, the server's RSS and open file descriptors; writes the
//    slow-clients section of bench/results.md (BENCH_NO_SECTION=1: print only).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { spawnServer, type SpawnedServer } from '../tests/e2e/processes';
import { machine } from './machine';
import { rssMb } from './procs';
import { writeSection } from './sections';
import { stats, type Stats } from './stats';

const GUESTS = Number(process.env.BENCH_GUESTS || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const SLOW = Number(process.env.BENCH_SLOW || 500);
const EVERY_MS = Number(process.env.BENCH_SLOW_EVERY_SECONDS || 3) * 1000;
const ROWS = 5000;

const log = (...m: unknown[]) => console.error(`[slow-clients ${new Date().toISOString().slice(11, 19)}]`, ...m);
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function csv(n: number): Buffer {
  const lines = ['Order,Customer,City,Category,Amount'];
  const cities = ['Lyon', 'Oslo', 'Porto', 'Quito', 'Accra', 'Hanoi'];
  const cats = ['Books', 'Games', 'Tools', 'Food'];
  for (let i = 0; i < n; i++) lines.push(`ORD-${i + 1},Customer ${i % 700},${cities[i % cities.length]},${cats[(i * 7) % cats.length]},${((i * 37) % 1000) + 0.5}`);
  return Buffer.from(lines.join('\n') + '\n');
}

interface Board {
  appId: string;
  subdomain: string;
}

async function setUp(base: string): Promise<Board> {
  const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench Owner', email: `slow-${Date.now()}@example.com`, password: 'benchmark-pass' }) });
  if (signup.status !== 201) throw new Error(`signup → ${signup.status}: ${await signup.text()}`);
  const cookie = (signup.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${base}${url}`, { method, headers: { cookie, ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : isForm ? body : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(csv(ROWS))], { type: 'text/csv' }), 'Orders.csv');
  const { spreadsheet } = await call<{ spreadsheet: { id: string; sheets: { title: string }[] } }>('POST', '/api/spreadsheets', form);
  const title = spreadsheet.sheets[0]!.title;
  const { app } = await call<{ app: { id: string; subdomain: string } }>('POST', '/api/apps', { name: 'Slow clients', kind: 'board', spreadsheetId: spreadsheet.id, public: true });
  const pageId = (await call<{ pages: { page_id: string }[] }>('GET', `/api/pages/${app.id}`)).pages[0]!.page_id;
  await call('POST', '/api/blocks', { pageId, type: 'table', title: 'Orders', sheet_title: title, rows_per_page: 10 });
  await call('POST', '/api/blocks', { pageId, type: 'chart', title: 'By category', sheet_title: title, x_axis: 'Category', axis: [{ column: 'Amount', type: 'bar', duplicateXAxis: 'sum' }] });
  return { appId: app.id, subdomain: app.subdomain };
}

function request(agent: http.Agent, port: number, method: string, path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { host: `localhost:${port}`, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Page loads of `GUESTS` guests for `seconds`: each load's time in ms, and the failures. */
async function guests(port: number, board: Board, seconds: number): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const body = JSON.stringify({ board: board.subdomain, referer: '' });
  await Promise.all(
    Array.from({ length: GUESTS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const statuses = await Promise.all([request(agent, port, 'GET', `/api/pages/${board.appId}`), request(agent, port, 'POST', '/v3/getSpreadsheetData', body)]);
          if (statuses.some((s) => s !== 200)) errors++;
          else times.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
      agent.destroy();
    }),
  );
  return { times, errors };
}

/** SLOW connections kept open, each trickling a byte every EVERY_MS; reopened when closed. */
function slowClients(port: number) {
  let stopped = false;
  const lifetimes: number[] = [];
  let opened = 0;
  const sockets = new Set<net.Socket>();
  const open = (i: number) => {
    if (stopped) return;
    const socket = net.connect(port, '127.0.0.1');
    sockets.add(socket);
    opened++;
    const born = performance.now();
    let timer: NodeJS.Timeout | undefined;
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      // Half never finish their headers, half finish them and then never their body.
      socket.write(i % 2 === 0 ? `GET /api/blocks HTTP/1.1\r\nHost: localhost\r\nX-Slow: ` : `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"`);
      timer = setInterval(() => socket.write('a'), EVERY_MS + Math.floor(Math.random() * 500));
    });
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (stopped) return;
      lifetimes.push(performance.now() - born);
      setTimeout(() => open(i), 50);
    });
  };
  // Opened over two seconds, as a crowd arrives.
  for (let i = 0; i < SLOW; i++) setTimeout(() => open(i), Math.floor((i / SLOW) * 2000));
  return {
    open: () => sockets.size,
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
    report: () => ({ opened, closedByServer: lifetimes.length, lifetimes: stats(lifetimes) }),
  };
}

function fds(pid: number): number | null {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

const fmt = (s: Stats) => `${round(s.p50)} / ${round(s.p95)} / ${round(s.p99)} ms`;

async function main() {
  log('starting the server (built, SQLite)');
  const server: SpawnedServer = await spawnServer({ LOG_LEVEL: 'warn' }, { built: true });
  try {
    const board = await setUp(server.baseUrl);
    log(`board ready; warming up`);
    await guests(server.port, board, 3);
    const rss0 = rssMb(server.pid);
    const fd0 = fds(server.pid);
    log(`${GUESTS} guests alone for ${SECONDS} s`);
    const alone = await guests(server.port, board, SECONDS);
    const a = stats(alone.times);
    log(`alone: ${alone.times.length} page loads, p50/p95/p99 ${fmt(a)}, errors ${alone.errors}`);

    log(`opening ${SLOW} slow connections (a byte every ${EVERY_MS / 1000} s)`);
    const slow = slowClients(server.port);
    await sleep(3000);
    let peakOpen = slow.open();
    let peakFd = fds(server.pid) ?? 0;
    let peakRss = rssMb(server.pid) ?? 0;
    const sampler = setInterval(() => {
      peakOpen = Math.max(peakOpen, slow.open());
      peakFd = Math.max(peakFd, fds(server.pid) ?? 0);
      peakRss = Math.max(peakRss, rssMb(server.pid) ?? 0);
    }, 500);
    log(`${slow.open()} slow connections open; ${GUESTS} guests for ${SECONDS} s beside them`);
    const beside = await guests(server.port, board, SECONDS);
    clearInterval(sampler);
    const b = stats(beside.times);
    const report = slow.report();
    slow.stop();
    const ratio = b.p95 / a.p95;
    log(`beside: ${beside.times.length} page loads, p50/p95/p99 ${fmt(b)}, errors ${beside.errors}; p95 ratio ${round(ratio, 2)}`);
    log(`slow connections: ${report.opened} opened, ${report.closedByServer} closed by the server (after p50 ${round(report.lifetimes.p50 / 1000)} s)`);

    const lines = [
      '## Slow clients (500 connections trickling a byte every few seconds, beside guests)',
      '',
      `\`npx tsx bench/slow-clients.ts\` — the built server (as \`npm start\`), SQLite, default timeouts (headers 15 s, whole request 300 s, idle keep-alive 72 s). ${GUESTS} guests loop page loads of a public board (its pages and \`POST /v3/getSpreadsheetData\` at once, ${ROWS.toLocaleString('en')} rows, a table and a chart), ${SECONDS} s alone, then ${SECONDS} s beside ${SLOW} slow connections: half never finish their headers, half announce a 100,000-byte body and send it a byte at a time; each sends one byte every ${EVERY_MS / 1000} s, and one the server closes is opened again at once.`,
      '',
      ...machine(),
      '',
      '| Run | Page loads | p50 / p95 / p99 | Errors |',
      '|---|---:|---|---:|',
      `| Guests alone | ${alone.times.length} | ${fmt(a)} | ${alone.errors} |`,
      `| Beside ${SLOW} slow connections | ${beside.times.length} | ${fmt(b)} | ${beside.errors} |`,
      '',
      `- Guests' p95 beside the slow connections: **${round(ratio, 2)}×** the p95 alone (the goal: at most 1.5×) — ${ratio <= 1.5 ? 'met' : 'NOT met'}.`,
      `- Slow connections: ${report.opened} opened in all, at most ${peakOpen} open at once; the server closed ${report.closedByServer} of them (those that never finished their headers, at HEADERS_TIMEOUT_SECONDS: after ${round(report.lifetimes.p50 / 1000)} s at the median, ${round(report.lifetimes.max / 1000)} s at most); the slow bodies are within REQUEST_TIMEOUT_SECONDS for the whole run.`,
      `- Server: RSS ${rssMb0(rss0)} MB before, at most ${round(peakRss)} MB beside them; open file descriptors ${fd0 ?? 'n/a'} before, at most ${peakFd} beside them.`,
    ];
    console.log(lines.join('\n'));
    if (process.env.BENCH_NO_SECTION !== '1') {
      writeSection('slow-clients', lines.join('\n'));
      log('wrote the slow-clients section of bench/results.md');
    }
  } finally {
    await server.stop();
  }
}

const rssMb0 = (v: number | null) => (v === null ? 'n/a' : String(round(v)));

await main();
