// One thing at a time per connected spreadsheet: a pull and a push of the same spreadsheet never
// overlap. A pull that read Google before a push wrote there, then applied after the push had
// cleared its queue, would put the old values back in the app until the next pull; a push that
// planned against a pull's half-applied rows could judge conflicts wrongly. The lock is the
// server's cluster lock (cluster/locks.ts): in process on SQLite, a PostgreSQL advisory lock per
// spreadsheet when several instances share the database.
import type { ServerContext } from '../../platform/context';

/** Runs `fn` once everything queued before it for `key` has finished (whether it failed or not), on any instance. */
export function exclusive<T>(ctx: ServerContext, key: string, fn: () => Promise<T>): Promise<T> {
  return ctx.locks.exclusive(`gsheets:${key}`, fn);
}
