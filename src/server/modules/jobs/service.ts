// Operations a kill -9 could cut in half, and the notices of those it did
// (docs/decisions/2026-11-29-work-a-crash-cannot-leave-half-done.md). An operation that writes
// outside one transaction, or writes files before the records that name them, first commits a
// job row naming what it is about to leave behind (an importing spreadsheet, storage keys, the
// seed of the ids of the files it copies), renews the row's lease while it runs, and deletes the
// row in the transaction of its last write. A row whose lease ran out is a stopped server's: the
// sweep (sweep.ts) removes what it names and keeps the row, marked 'interrupted', as the notice
// its owner reads on the dashboard until they dismiss it.
import crypto from 'node:crypto';
import type { Db } from '../../db';
import { newId, nowIso } from '../../http';
import { jobsRepo } from '../../data/jobs/repo';
import type { ServerContext } from '../../platform/context';

export type JobKind = 'import' | 'reimport' | 'column' | 'copy' | 'upload';

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

/** Commits the job row (before the operation writes anything) and renews it until end(). */
export async function startJob(ctx: ServerContext, spec: JobSpec): Promise<Job> {
  const id = newId();
  const lease = leaseMs(ctx);
  await jobsRepo(ctx.db).insert({
    id,
    kind: spec.kind,
    user_id: spec.userId ?? null,
    message: spec.message ?? null,
    spreadsheet_id: spec.spreadsheetId ?? null,
    files: JSON.stringify(spec.files ?? []),
    state: 'running',
    lease_until: Date.now() + lease,
    created_at: nowIso(),
  });
  running.add(id);
  const timer = setInterval(() => {
    jobsRepo(ctx.db)
      .renew(id, Date.now() + lease)
      .catch((err: unknown) => ctx.log.warn({ err }, 'renewing the lease of an operation failed'));
  }, Math.max(50, Math.floor(lease / 3)));
  timer.unref();
  let ended = false;
  return {
    id,
    async done(trx) {
      await jobsRepo(trx).delete(id);
    },
    async end() {
      if (ended) return;
      ended = true;
      clearInterval(timer);
      try {
        await jobsRepo(ctx.db).delete(id);
      } finally {
        running.delete(id);
      }
    },
    fileId: (n) => derivedFileId(id, n),
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

/** The notice of an import or a re-import cut off by a stop (the words). */
export const importInterrupted = (filename: string) => `The import of ${filename} was interrupted; nothing was changed. Try again.`;
