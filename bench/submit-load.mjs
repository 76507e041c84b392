// The load of bench/rows.ts's form submits: `guests` visitors, each with its own address
// (X-Forwarded-For, the server trusting its proxy) and, over HTTP, its own keep-alive connection.
//
// - burst: every guest submits once at the same moment; `rounds` bursts one after the other.
// - paced: the guests together send `rate` submits a second for `seconds` (guest g sends at
//   g/rate + k*guests/rate), whatever the answers; each latency counts from the planned send time,
//   so a server falling behind shows in the latencies (no coordinated omission).
//
// Plain JavaScript: it runs in a worker thread (HTTP: its own event loop, not the server's) or in
// the server's thread (inject). Answers { latencies, statuses, bodies of failures, wallMs, sent }.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** The address of guest g (10.x.y.z). */
export const guestIp = (g) => `10.${(g >> 16) & 255}.${(g >> 8) & 255}.${g & 255}`;

/** The body of guest g's k-th submit. */
export function submitBody(formId, g, k) {
  const n = g * 10_000 + k;
  return { blockId: formId, values: { 'Order ID': `WEB-${n}`, Date: '2025-06-01', Customer: `Web customer ${n}`, City: 'Oslo', Quantity: String(1 + (n % 9)) } };
}

/**
 * Runs the load; `send(g, body)` answers { status, body } (body only needed when not 201).
 * @param {{ mode: 'burst' | 'paced', first: number, guests: number, rounds: number, rate: number, seconds: number, formId: string }} o
 * @param {(g: number, body: unknown) => Promise<{ status: number, body: string }>} send
 */
export async function runLoad(o, send) {
  const latencies = [];
  const statuses = {};
  const failures = [];
  let sent = 0;
  const one = async (g, k, planned) => {
    sent++;
    const r = await send(g, submitBody(o.formId, g, k)).catch((e) => ({ status: 0, body: String(e) }));
    latencies.push(performance.now() - planned);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status !== 201 && failures.length < 5) failures.push(`${r.status} ${r.body.slice(0, 300)}`);
  };
  const start = performance.now();
  if (o.mode === 'burst') {
    for (let k = 0; k < o.rounds; k++) {
      const at = performance.now();
      await Promise.all(Array.from({ length: o.guests }, (_, g) => one(g, o.first + k, at)));
    }
  } else {
    const gap = 1000 / o.rate;
    const each = Math.max(1, Math.round((o.rate * o.seconds) / o.guests));
    await Promise.all(
      Array.from({ length: o.guests }, async (_, g) => {
        const pending = [];
        for (let k = 0; k < each; k++) {
          const planned = start + (g + k * o.guests) * gap;
          const wait = planned - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          pending.push(one(g, o.first + k, planned));
        }
        await Promise.all(pending);
      }),
    );
  }
  return { latencies, statuses, failures, wallMs: performance.now() - start, sent };
}

/** Sends over HTTP/1.1 keep-alive: one connection per guest (an agent per guest). */
function httpSender(url) {
  const target = new URL(url);
  const agents = new Map();
  return (g, body) =>
    new Promise((resolve, reject) => {
      let agent = agents.get(g);
      if (!agent) agents.set(g, (agent = new http.Agent({ keepAlive: true, maxSockets: 1 })));
      const payload = JSON.stringify(body);
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-forwarded-for': guestIp(g) } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

if (parentPort && workerData?.url) {
  const send = httpSender(workerData.url);
  const result = await runLoad(workerData.options, send);
  parentPort.postMessage(result);
}
