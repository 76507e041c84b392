// One thing at a time per connected spreadsheet: a pull and a push of the same spreadsheet never
// overlap. A pull that read Google before a push wrote there, then applied after the push had
// cleared its queue, would put the old values back in the app until the next pull; a push that
// planned against a pull's half-applied rows could judge conflicts wrongly. In process (one
// server); more than one instance would take a database lock instead (issue 19).
import type { ServerContext } from '../../context';

const chains = new WeakMap<ServerContext, Map<string, Promise<unknown>>>();

/** Runs `fn` once everything queued before it for `key` has finished (whether it failed or not). */
export function exclusive<T>(ctx: ServerContext, key: string, fn: () => Promise<T>): Promise<T> {
  let m = chains.get(ctx);
  if (!m) chains.set(ctx, (m = new Map()));
  const before = m.get(key) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const tail = run.catch(() => undefined);
  m.set(key, tail);
  void tail.then(() => {
    if (m.get(key) === tail) m.delete(key);
  });
  return run;
}
