// What the two staff areas' stored sessions share (admin-session.ts: a flag in session storage;
// blog-admin-session.ts: the user in local storage): storage that may be blocked or full, the way
// to the area's login with the page to come back to, the check of that page, and the timer that
// ends a session while a page is open.
import { useEffect, useEffectEvent } from 'react';

export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage that throws (blocked, full) acts as empty: the server's session still decides. */
export function readStored(key: string, s: SessionStore | null): string | null {
  try {
    return s?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string, s: SessionStore | null): void {
  try {
    s?.setItem(key, value);
  } catch {
    // Storage full or blocked: the server's session still decides.
  }
}

export function removeStored(key: string, s: SessionStore | null): void {
  try {
    s?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/** {loginPath}?redirect=<the original full path with its query and hash>. */
export function loginUrlFor(loginPath: string, original: { pathname: string; search?: string; hash?: string }): string {
  const full = `${original.pathname}${original.search ?? ''}${original.hash ?? ''}`;
  return `${loginPath}?${new URLSearchParams({ redirect: full }).toString()}`;
}

/**
 * A redirect read as a path of this site: it starts with one '/', has no scheme, no host, no
 * backslash tricks, no control characters or spaces (they can make a browser read the path as
 * something else) and stays on `origin`. Anything else is null.
 */
export function sameSitePath(raw: string | null | undefined, origin: string): URL | null {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  for (let i = 0; i < raw.length; i++) if (raw.charCodeAt(i) <= 0x20 || raw.charCodeAt(i) === 0x7f) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  return url.origin === new URL(origin).origin ? url : null;
}

/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMEOUT = 2_147_483_647;

/**
 * Calls `end` when the session named by `key` (its expiry or sign-in time) runs out, `remaining`
 * ms after the key is set. The time left is read once per key: re-arming on every render would
 * push the end away.
 */
export function useSessionEnd(key: string | null, remaining: number, end: () => void): void {
  const onEnd = useEffectEvent(end);
  const left = useEffectEvent(() => remaining);
  useEffect(() => {
    if (!key) return;
    const t = setTimeout(() => onEnd(), Math.min(left(), MAX_TIMEOUT));
    return () => clearTimeout(t);
  }, [key]);
}
