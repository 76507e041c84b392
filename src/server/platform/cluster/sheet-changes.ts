// The one way a change of a sheet's rows reaches the sheet caches: this instance's at once, the
// other instances' through the bus (cluster/bus.ts). Every writer calls sheetChanged after its
// commit (a group of appends: rowsChanged, one notification for the group); nothing else calls
// the cache's applyWrite or invalidate.
//
// A row write travels as its patch (the other instances patch their entry in place, as this one
// does: a form submit does not make a 1,000,000-row sheet be read again anywhere); a patch too
// large for a notification, and every other change (columns, imports, pulls, deletes), travels
// as "drop the sheet". Losing a message costs speed, not correctness: each read compares the
// entry's version with the sheet's in the database and reloads an older entry. Changes that keep
// the version are covered by emptying the cache after the listener reconnects.
import type { ServerContext } from '../context';
import type { RowPatch } from '../../sheets';
import type { ClusterMessage } from './bus';

/** A committed row write: the sheet's version after it, and the row change. */
export interface RowWrite {
  version: number;
  patch: RowPatch;
}

/**
 * After a commit: `write` is applied to the sheet's cache entry (here and on the other
 * instances); without it the sheet's entry is dropped everywhere. Never throws: a failed
 * notification is logged (the other instances then reload on their next read, by version).
 */
export function sheetChanged(ctx: ServerContext, sheetId: string, write?: RowWrite): void {
  if (write) ctx.sheetCache.applyWrite(sheetId, write.version, write.patch);
  else ctx.sheetCache.invalidate(sheetId);
  if (!ctx.bus.shared) return;
  const message: ClusterMessage = write ? { kind: 'row', sheetId, version: write.version, patch: write.patch } : { kind: 'sheet', sheetId };
  void ctx.bus
    .publish(message)
    .then((sent) => (sent ? true : ctx.bus.publish({ kind: 'sheet', sheetId })))
    .catch((err: unknown) => ctx.log.warn({ err, sheetId }, 'telling the other server instances about a sheet change failed'));
}

/**
 * After the commit of several row writes of one sheet (a group of appends), in version order:
 * each is applied to this instance's cache, and the other instances hear of them in as few
 * notifications as fit (one per group of form submits, not one per row). Never throws.
 */
export function rowsChanged(ctx: ServerContext, sheetId: string, writes: readonly RowWrite[]): void {
  if (writes.length === 1) return sheetChanged(ctx, sheetId, writes[0]);
  for (const w of writes) ctx.sheetCache.applyWrite(sheetId, w.version, w.patch);
  if (!ctx.bus.shared || writes.length === 0) return;
  void publishWrites(ctx, sheetId, writes).catch((err: unknown) => ctx.log.warn({ err, sheetId }, 'telling the other server instances about a sheet change failed'));
}

/** Sends the writes in one message, else in halves (in order); a single write too large drops the sheet instead. */
async function publishWrites(ctx: ServerContext, sheetId: string, writes: readonly RowWrite[]): Promise<void> {
  const message: ClusterMessage =
    writes.length === 1 ? { kind: 'row', sheetId, version: writes[0]!.version, patch: writes[0]!.patch } : { kind: 'rows', sheetId, writes: writes.map((w) => ({ version: w.version, patch: w.patch })) };
  if (await ctx.bus.publish(message)) return;
  if (writes.length === 1) {
    await ctx.bus.publish({ kind: 'sheet', sheetId });
    return;
  }
  const half = Math.ceil(writes.length / 2);
  await publishWrites(ctx, sheetId, writes.slice(0, half));
  await publishWrites(ctx, sheetId, writes.slice(half));
}

/** Applies another instance's change to this instance's cache (a kind it does not know drops the sheet). */
export function applyRemoteChange(ctx: ServerContext, message: ClusterMessage): void {
  if (message.kind === 'row') ctx.sheetCache.applyWrite(message.sheetId, message.version, message.patch);
  else if (message.kind === 'rows') for (const w of message.writes) ctx.sheetCache.applyWrite(message.sheetId, w.version, w.patch);
  else ctx.sheetCache.invalidate(message.sheetId);
}

/**
 * Listens to the other instances' sheet changes. After the listener reconnected, messages may
 * have been lost: the cache starts empty again.
 */
export function followSheetChanges(ctx: ServerContext): () => void {
  const stopMessages = ctx.bus.onMessage((m) => applyRemoteChange(ctx, m));
  const stopReconnects = ctx.bus.onReconnect(() => {
    ctx.log.warn('the listener of other server instances reconnected: the sheet cache starts empty');
    // Snapshot files stay: they are named by version, and every change that matters bumps it.
    ctx.sheetCache.clear();
  });
  return () => {
    stopMessages();
    stopReconnects();
  };
}
