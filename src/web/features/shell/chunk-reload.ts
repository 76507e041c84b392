// A failed code-chunk load (shell §4: after a deploy the old chunk names are gone) reloads the
// page once, at most once a minute: the time of the last such reload is kept in sessionStorage,
// so a chunk that keeps failing (the server is down) never loops.
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** Whether a reload may happen now, given the stored time of the last one. */
export function mayReload(now: number, last: string | null): boolean {
  if (last === null) return true;
  const at = Number(last);
  return !Number.isFinite(at) || now - at >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Browsers' words for a dynamic import that could not be fetched, and Vite's preload failures. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(message);
}

/** Reloads once if the last reload is a minute old or more; returns whether it did. */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now = Date.now(),
): boolean {
  let last: string | null = null;
  try {
    last = storage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    // Storage refused (privacy mode): reload anyway, the browser's own loop guard is the page load.
  }
  if (!mayReload(now, last)) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** Whether a chunk failure now would reload (the stored time is a minute old or more). */
export function chunkReloadDue(storage: Pick<Storage, 'getItem'> = sessionStorage, now = Date.now()): boolean {
  try {
    return mayReload(now, storage.getItem(CHUNK_RELOAD_KEY));
  } catch {
    return false;
  }
}
