// Operations a kill -9 could cut in half, and the notices of those it did
// (docs/decisions/2026-11-29-work-a-crash-cannot-leave-half-done.md). An operation that writes
// outside one transaction, or writes files before the records that name them, first commits a
// job row naming what it is about to leave behind (an importing spreadsheet, storage keys, the
// seed of the ids of the files it copies), renews the row's lease while it runs, and deletes the
// row in the transaction of its last write. A row whose lease ran out is a stopped server's: the
// sweep (sweep.ts) removes what it names and keeps the row, marked 'interrupted', as the notice
// its owner reads on the dashboard until they dismiss it.
import crypto from 'node:crypto';
import { crashPoint } from '../../crash-points';
import type { Db } from '../../db';
import { newId, nowIso } from '../../http';
import { jobsRepo } from '../../data/jobs/repo';
import type { ServerContext } from '../../platform/context';

/**
 * What a job stands for. 'pull': a Google pull (the sweep says on its spreadsheet that it stopped,
 * and the next sync pulls again). 'removal': files whose records a committed transaction deleted,
 * removed after it (filesToRemove).
 */
export type JobKind = 'import' | 'reimport' | 'column' | 'copy' | 'upload' | 'pull' | 'removal';

export interface JobSpec {
  kind: JobKind;
  /** Who is told if it is interrupted (with `message`); none for a visitor's upload. */
  userId?: string | null;
  message?: string | null;
  /** A spreadsheet written batch by batch under source 'importing' (SQLite imports). */
  spreadsheetId?: string | null;
  /** Storage keys written before the records that name them. */
  files?: string[];
}

export interface Job {
  readonly id: string;
  /** Deletes the job in `trx`, the transaction of the operation's last write: it is then complete. */
  done(trx: Db): Promise<void>;
  /** Stops renewing the lease and deletes the job if done() has not (a failure that cleaned up after itself). */
  end(): Promise<void>;
  /** The id of the n-th file a copy writes (0, 1, 2, … with no gaps), derived from the job: the sweep finds them without a record. */
  fileId(n: number): string;
}

/** Jobs this process runs: never swept by it, whatever their lease says (a long SQLite transaction delays the renewal). */
const running = new Set<string>();

export function isRunningHere(id: string): boolean {
  return running.has(id);
}

/** The n-th copied file's id of a job: newId's shape (12 base64url characters). */
export function derivedFileId(jobId: string, n: number): string {
  return crypto.createHash('sha256').update(`${jobId}:${n}`).digest('base64url').slice(0, 12);
}

export const leaseMs = (ctx: ServerContext) => ctx.config.jobLeaseSeconds * 1000;

/** Renews job `id`'s lease every third of it until the returned stop() (the job runs in this process). */
function keepAlive(ctx: ServerContext, id: string): () => void {
  const lease = leaseMs(ctx);
  running.add(id);
  const timer = setInterval(() => {
    jobsRepo(ctx.db)
      .renew(id, Date.now() + lease)
      .catch((err: unknown) => ctx.log.warn({ err }, 'renewing the lease of an operation failed'));
  }, Math.max(50, Math.floor(lease / 3)));
  timer.unref();
  return () => {
    clearInterval(timer);
    running.delete(id);
  };
}

function jobRow(ctx: ServerContext, id: string, spec: JobSpec) {
  return {
    id,
    kind: spec.kind,
    user_id: spec.userId ?? null,
    message: spec.message ?? null,
    spreadsheet_id: spec.spreadsheetId ?? null,
    files: JSON.stringify(spec.files ?? []),
    state: 'running',
    lease_until: Date.now() + leaseMs(ctx),
    created_at: nowIso(),
  };
}

/** Commits the job row (before the operation writes anything) and renews it until end(). */
export async function startJob(ctx: ServerContext, spec: JobSpec): Promise<Job> {
  const id = newId();
  await jobsRepo(ctx.db).insert(jobRow(ctx, id, spec));
  const stop = keepAlive(ctx, id);
  let ended = false;
  return {
    id,
    async done(trx) {
      await jobsRepo(trx).delete(id);
    },
    async end() {
      if (ended) return;
      ended = true;
      try {
        await jobsRepo(ctx.db).delete(id);
      } finally {
        stop();
      }
    },
    fileId: (n) => derivedFileId(id, n),
  };
}

/**
 * Stored files (storage keys) whose records `trx` deletes, recorded in `trx` as a job with nobody
 * to tell: a server stopped between the commit and their removal leaves them to the sweep, which
 * removes them once the lease has run out. Call the returned function once `trx` has committed: it
 * removes the files, then the job, and never throws (a failure is left to the sweep). Nothing
 * to remove: nothing is written.
 */
export async function filesToRemove(ctx: ServerContext, trx: Db, keys: readonly string[]): Promise<() => Promise<void>> {
  if (keys.length === 0) return async () => {};
  const id = newId();
  await jobsRepo(trx).insert(jobRow(ctx, id, { kind: 'removal', files: [...keys] }));
  return async () => {
    const stop = keepAlive(ctx, id);
    try {
      await crashPoint('files-removal');
      for (const key of keys) await ctx.files.delete(key);
      await jobsRepo(ctx.db).delete(id);
    } catch (err) {
      // The records are gone already (committed): the sweep tries the files again once the lease runs out.
      ctx.log.warn({ err, job: id }, 'removing files after their records were deleted failed; the sweep tries again');
    } finally {
      stop();
    }
  };
}

/** Runs `work` under a job (startJob … end). */
export async function withJob<T>(ctx: ServerContext, spec: JobSpec, work: (job: Job) => Promise<T>): Promise<T> {
  const job = await startJob(ctx, spec);
  try {
    return await work(job);
  } finally {
    await job.end();
  }
}

/** The messages of the caller's interrupted operations (the dashboard shows them). */
export async function noticesOf(ctx: ServerContext, userId: string) {
  return (await jobsRepo(ctx.db).noticesOf(userId)).map((n) => ({ id: n.id, message: n.message ?? '', created_at: n.created_at }));
}

export async function dismissNotice(ctx: ServerContext, userId: string, id: string): Promise<boolean> {
  return jobsRepo(ctx.db).dismiss(userId, id);
}

/** What a Google source says after the sweep found its pull cut off (gsheets/pull.ts PULL_MESSAGES.interrupted). */
export const PULL_CUT_OFF = 'The last pull was cut off when the server stopped; each tab is either as it was or fully pulled. The next sync pulls the rest.';

/** The notice of a Google pull cut off by a stop (the spreadsheet's sync status says it too). */
export const pullInterrupted = (title: string) => `Pulling the spreadsheet '${title}' from Google was interrupted; each tab is either as it was or fully pulled. The next sync pulls the rest.`;

/** The notice of an import or a re-import cut off by a stop (the words). */
export const importInterrupted = (filename: string) => `The import of ${filename} was interrupted; nothing was changed. Try again.`;
