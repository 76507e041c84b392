// Hands snapshots to one worker thread, one at a time (snapshot-worker-thread.ts). The thread is
// started on the first write and ended when the server closes (or after a minute with no work).
import type { Worker } from 'node:worker_threads';
import { startThread } from '../../threads';
import { transferablesOf, type SnapshotParts } from './sheet-snapshot';
import type { SnapshotDone, SnapshotJob } from './snapshot-worker-thread';

const ENTRY = new URL('./snapshot-worker-thread.ts', import.meta.url);
const IDLE_MS = 60_000;

export interface SnapshotWritten {
  ranks: Map<string, Float64Array>;
  orders: Map<string, Uint32Array>;
}

export class SnapshotWriter {
  private worker: Worker | null = null;
  private nextId = 1;
  private waiting = new Map<number, { resolve: (w: SnapshotWritten) => void; reject: (e: Error) => void }>();
  private idle: NodeJS.Timeout | null = null;

  /** Writes the snapshot of `parts` under `dir` (the parts' buffers move to the thread). */
  write(dir: string, parts: SnapshotParts): Promise<SnapshotWritten> {
    const worker = this.start();
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const id = this.nextId++;
    const job: SnapshotJob = { id, dir, parts };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
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
    const w = startThread(ENTRY, {});
    w.unref();
    w.on('message', (m: SnapshotDone) => {
      const p = this.waiting.get(m.id);
      if (!p) return;
      this.waiting.delete(m.id);
      if (m.ok) p.resolve({ ranks: new Map(m.ranks), orders: new Map(m.orders) });
      else p.reject(new Error(m.error));
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
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`The snapshot writer stopped (${code})`)));
    this.worker = w;
    return w;
  }
}
