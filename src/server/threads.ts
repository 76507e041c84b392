// Starting a worker thread whose code is a TypeScript file of the server. From the sources (tsx,
// Vitest) the thread loads it through the boot file, which brings tsx's loader along; in the built
// server (dist/server, scripts/build-server.mjs) each thread's code is a bundle of its own beside
// main.mjs, run as plain JavaScript: no loader, no transpiling, less memory per thread.
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Whether this code runs from the built server (a bundle) rather than from its sources. */
export const BUILT = import.meta.url.endsWith('.mjs');

const BOOT = new URL('./sheets/import-worker-boot.mjs', import.meta.url);

/**
 * A worker running `entry` (a `.ts` file's URL); `workerData.entry` is set to it. No inherited
 * execArgv: the boot file brings its own loader, under tsx and Vitest alike.
 */
export function startThread(entry: URL, options: WorkerOptions & { workerData?: Record<string, unknown> }): Worker {
  const workerData = { ...options.workerData, entry: entry.href };
  if (BUILT) return new Worker(new URL(`./${path.basename(entry.pathname, '.ts')}.mjs`, import.meta.url), { ...options, workerData, execArgv: [] });
  return new Worker(BOOT, { ...options, workerData, execArgv: [] });
}
