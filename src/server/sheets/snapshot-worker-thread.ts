// The snapshot writer's thread: computing every column's ranks and order and the search text of
// a 1,000,000-row sheet, and writing some hundred megabytes, would hold the server's event loop for
// seconds; here it holds nothing but this thread. snapshot-file-writer.ts does it one column and
// one slice of rows at a time, so the thread's memory stays bounded (snapshot-writer.ts caps it).
import { parentPort } from 'node:worker_threads';
import type { SnapshotParts } from './sheet-snapshot';
import { writeSnapshotFiles } from './snapshot-file-writer';

export interface SnapshotJob {
  id: number;
  dir: string;
  parts: SnapshotParts;
}

export type SnapshotDone =
  | { id: number; ok: true; ranks: [string, Float64Array][]; orders: [string, Uint32Array][] }
  | { id: number; ok: false; error: string };

parentPort!.on('message', (job: SnapshotJob) => {
  let answer: SnapshotDone;
  const moved: ArrayBuffer[] = [];
  try {
    const { ranks, orders } = writeSnapshotFiles(job.dir, job.parts);
    for (const a of [...ranks.values(), ...orders.values()]) moved.push(a.buffer as ArrayBuffer);
    answer = { id: job.id, ok: true, ranks: [...ranks], orders: [...orders] };
  } catch (e) {
    answer = { id: job.id, ok: false, error: (e as Error).message };
  }
  parentPort!.postMessage(answer, [...new Set(moved)]);
});
