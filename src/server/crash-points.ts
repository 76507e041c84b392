// Named points in the middle of work a kill -9 must not leave half done (imports, column
// rewrites, copies, uploads, snapshot files, Google pulls and pushes, files removed after a commit). Only the crash tests use them
// (src/server/modules/jobs/crash.test.ts): with TEST_PAUSE_AT naming a point, the server prints
// `crash-point <name>` on stdout when it gets there and never goes on, so the test kills it at
// exactly that moment instead of guessing with a sleep. Unset (always, outside those tests),
// crashPoint() is one comparison and returns at once. The variable is read here and nowhere else.
import { isMainThread } from 'node:worker_threads';

const PAUSE_AT = process.env.TEST_PAUSE_AT ?? '';

export type CrashPoint =
  | 'import-batch'
  | 'reimport-batch'
  | 'column-range'
  | 'upload-stored'
  | 'copy-file'
  | 'clone-copied'
  | 'files-removal'
  | 'google-pull-apply'
  | 'google-push-sent'
  | 'snapshot-write';

/** The line the server prints when it stops at `point`. */
export const crashPointLine = (point: CrashPoint) => `crash-point ${point}`;

/**
 * Stops here for good when TEST_PAUSE_AT names `point` (on the main thread: a promise that never
 * settles, so the server keeps answering other requests; on a worker thread, the thread waits).
 */
export async function crashPoint(point: CrashPoint): Promise<void> {
  if (PAUSE_AT !== point) return;
  process.stdout.write(`${crashPointLine(point)}\n`);
  await new Promise<never>(() => {});
}

/** crashPoint for synchronous code on a worker thread (the snapshot writer): blocks the thread. */
export function crashPointSync(point: CrashPoint): void {
  if (PAUSE_AT !== point) return;
  if (isMainThread) throw new Error(`crashPointSync('${point}') would stop the server's event loop`);
  process.stdout.write(`${crashPointLine(point)}\n`);
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}
