// What a stopped server left half done, found and removed (service.ts says how jobs are kept).
// Run once before the server answers (app.ts), then every half lease: a job whose lease runs out
// later (its server stopped a moment ago) is found by any server on the database. Idempotent, and
// safe with several servers on one PostgreSQL: files are removed first (removing a file twice is
// nothing), then one transaction claims the job (only one sweeper's update changes it) and
// removes its importing spreadsheet.
//
// The files of the server's own DATA_DIR (one per server, docs/decisions on several instances)
// are swept at start-up only, before anything of this process writes there: imports' uploads,
// files under a temporary name (storage.ts, sheet snapshots), and snapshots of sheets that no
// longer exist.
import fs from 'node:fs';
import path from 'node:path';
import type { ServerContext } from '../../platform/context';
import { uploadKey } from '../../platform/storage';
import { jobsRepo, type JobRow } from '../../data/jobs/repo';
import { spreadsheetsRepo } from '../../data/spreadsheets/repo';
import { googleSourcesRepo } from '../../data/gsheets/sources-repo';
import { parseJson } from '../../http';
import { derivedFileId, isRunningHere, PULL_CUT_OFF } from './service';

const BATCH = 100;

/** Sweeps the expired jobs; returns how many this server claimed. */
export async function sweepJobs(ctx: ServerContext, now = Date.now()): Promise<number> {
  let claimed = 0;
  for (;;) {
    const jobs = (await jobsRepo(ctx.db).expired(now, BATCH)).filter((j) => !isRunningHere(j.id));
    for (const job of jobs) if (await sweepJob(ctx, job, now)) claimed++;
    if (jobs.length < BATCH) return claimed;
  }
}

async function sweepJob(ctx: ServerContext, job: JobRow, now: number): Promise<boolean> {
  for (const key of parseJson<string[]>(job.files, [])) await ctx.files.delete(key);
  if (job.kind === 'copy')
    for (let n = 0; ; n++) {
      const key = uploadKey(derivedFileId(job.id, n));
      if (!(await ctx.files.head(key))) break;
      await ctx.files.delete(key);
    }
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const jobs = jobsRepo(trx);
    if (!(await jobs.interrupt(job.id, now))) return false;
    if (job.spreadsheet_id) await spreadsheetsRepo(trx).deleteIfImporting(job.spreadsheet_id);
    // A Google pull: its tabs committed one by one; the source says it was cut off, and the next sync pulls again.
    if (job.kind === 'pull' && job.spreadsheet_id) await googleSourcesRepo(trx).interruptedPull(job.spreadsheet_id, PULL_CUT_OFF);
    // Nobody to tell: nothing to keep.
    if (!job.user_id || !job.message) await jobs.delete(job.id);
    return true;
  });
  if (claimed) ctx.log.warn({ job: job.id, kind: job.kind }, 'an operation a stopped server left unfinished was removed');
  return claimed;
}

/** Removes what a stopped server left in its DATA_DIR; run before the server writes there. */
export async function sweepDataDir(ctx: ServerContext): Promise<number> {
  const dir = ctx.config.dataDir;
  let removed = 0;
  const rm = async (file: string) => {
    await fs.promises.rm(file, { force: true });
    removed++;
  };
  // Imports' uploads: only an import of this process reads them.
  for (const name of await names(path.join(dir, 'imports'))) await rm(path.join(dir, 'imports', name));
  // Files under a temporary name: storage.ts (`.{name}.{random}.tmp`) and snapshots (`{name}.{pid}.{time}.tmp`).
  for (const sub of ['uploads', 'blog-media', 'sheet-snapshots'])
    for (const name of await names(path.join(dir, sub))) if (name.endsWith('.tmp')) await rm(path.join(dir, sub, name));
  // Snapshots of sheets deleted since they were written (a stop between the delete and removeSnapshots).
  const snapshots = path.join(dir, 'sheet-snapshots');
  const files = (await names(snapshots)).map((name) => ({ name, m: /^([A-Za-z0-9_-]+)\.(\d+)\.(snap|text)$/.exec(name) })).filter((f) => f.m);
  const ids = [...new Set(files.map((f) => f.m![1]!))];
  const existing = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) for (const id of await spreadsheetsRepo(ctx.db).existingSheets(ids.slice(i, i + 500))) existing.add(id);
  for (const f of files) if (!existing.has(f.m![1]!)) await rm(path.join(snapshots, f.name));
  return removed;
}

async function names(dir: string): Promise<string[]> {
  try {
    return await fs.promises.readdir(dir);
  } catch {
    return [];
  }
}

/** The start-up sweep (before the server answers) and the one every half lease after it; stop() ends the timer. */
export async function startSweeping(ctx: ServerContext): Promise<{ stop(): void }> {
  await sweepDataDir(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'sweeping the data directory failed'));
  await sweepJobs(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'sweeping interrupted operations failed'));
  const timer = setInterval(() => {
    void sweepJobs(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'sweeping interrupted operations failed'));
  }, Math.max(100, (ctx.config.jobLeaseSeconds * 1000) / 2));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
