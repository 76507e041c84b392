// Entry of an import worker thread. Plain JavaScript so that Node runs it whatever started the
// server (tsx for `npm start`, vitest, the benchmarks); it loads the TypeScript worker through
// tsx's API, as `npm start` loads the server.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
