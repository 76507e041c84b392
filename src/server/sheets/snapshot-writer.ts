// Hands snapshots to one worker thread, one at a time (snapshot-worker-thread.ts). The thread is
// started on the first write and ended a few seconds after its last one (and when the server
// closes): an idle server holds no thread. Its JavaScript heap is capped (SHEET_SNAPSHOT_THREAD_MB);
// a sheet that would need more gets no snapshot (a warning says so) and is read from the database
// after a restart, as before snapshots. The arrays it is handed move to it and back, and are
// counted by the sheet cache.
import fs from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../threads';
import { transferablesOf, type SnapshotParts } from './sheet-snapshot';
import type { SnapshotDone, SnapshotJob } from './snapshot-worker-thread';

const ENTRY = new URL('./snapshot-worker-thread.ts', import.meta.url);
/** How long the thread waits for another snapshot before it ends. */
const IDLE_MS = 5_000;
/** Default cap of the thread's JavaScript heap, in MB (a 1,000,000-row sheet needs about 100). */
export const DEFAULT_THREAD_MB = 256;

export interface SnapshotWritten {
  ranks: Map<string, Float64Array>;
  orders: Map<string, Uint32Array>;
}

export class SnapshotWriter {
  private worker: Worker | null = null;
  private nextId = 1;
  private waiting = new Map<number, { resolve: (w: SnapshotWritten) => void; reject: (e: Error) => void }>();
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly threadMb = DEFAULT_THREAD_MB) {}

  /** Writes the snapshot of `parts` under `dir` (the parts' buffers move to the thread). */
  write(dir: string, parts: SnapshotParts): Promise<SnapshotWritten> {
    const worker = this.start();
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const id = this.nextId++;
    const job: SnapshotJob = { id, dir, parts };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {
        resolve,
        reject: (e) => {
          removeTemporaryFiles(dir, parts.sheetId, parts.version);
          reject(e);
        },
      });
      worker.postMessage(job, transferablesOf(parts));
    });
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
    for (const p of this.waiting.values()) p.reject(new Error('The server is closing'));
    this.waiting.clear();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = startThread(ENTRY, {
      resourceLimits: { maxOldGenerationSizeMb: this.threadMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(this.threadMb / 8))) },
    });
    w.unref();
    w.on('message', (m: SnapshotDone) => {
      const p = this.waiting.get(m.id);
      if (!p) return;
      this.waiting.delete(m.id);
      if (m.ok) p.resolve({ ranks: new Map(m.ranks), orders: new Map(m.orders) });
      else p.reject(new Error(m.error));
      if (this.idle) clearTimeout(this.idle);
      if (this.waiting.size === 0) {
        this.idle = setTimeout(() => void this.close(), IDLE_MS);
        this.idle.unref();
      }
    });
    const fail = (e: Error) => {
      if (this.worker === w) this.worker = null;
      for (const p of this.waiting.values()) p.reject(e);
      this.waiting.clear();
    };
    w.on('error', (e) => {
      // Past its heap cap: the thread is gone, and with it the snapshot it was writing.
      fail((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`The snapshot needs more than SHEET_SNAPSHOT_THREAD_MB=${this.threadMb} MB`) : e);
    });
    w.on('exit', (code) => fail(new Error(`The snapshot writer stopped (${code})`)));
    this.worker = w;
    return w;
  }
}

/** What a thread that stopped part-way leaves: `{file}.{pid}.{time}.tmp` of that version. */
function removeTemporaryFiles(dir: string, sheetId: string, version: number): void {
  const prefix = `${sheetId}.${version}.`;
  fs.readdir(dir, (err, names) => {
    if (err) return;
    for (const f of names) if (f.startsWith(prefix) && f.endsWith('.tmp')) fs.rm(`${dir}/${f}`, { force: true }, () => {});
  });
}
