// The admin session flag of shell §3 and §4, kept in SESSION storage (it dies with the tab): an
// authenticated flag and the time the server drops the session. It only decides whether to send
// the visitor to /admin-login straight away; the server's session cookie (GET /api/admin/session)
// is the real check, and a 401 there clears the flag too.
import { loginUrlFor, readStored, removeStored, sameSitePath, writeStored, type SessionStore } from './admin-area-session';

/** The session storage key. Its value: {"authenticated":true,"expiresAt":"<ISO time>"}. */
export const ADMIN_SESSION_KEY = 'admin_session';
export const ADMIN_LOGIN_PATH = '/admin-login';
export const ADMIN_HOME_PATH = '/admin';

export interface AdminSessionFlag {
  authenticated: boolean;
  /** ISO time. */
  expiresAt: string;
}

/** Reads a stored flag; anything unreadable is no flag. */
export function parseAdminFlag(raw: string | null): AdminSessionFlag | null {
  if (!raw || raw.length > 1000) return null;
  try {
    const v = JSON.parse(raw) as Partial<AdminSessionFlag> | null;
    if (!v || typeof v !== 'object' || typeof v.authenticated !== 'boolean' || typeof v.expiresAt !== 'string') return null;
    return { authenticated: v.authenticated, expiresAt: v.expiresAt };
  } catch {
    return null;
  }
}

/** §4: valid while the flag is true and the expiry is not past. */
export function isAdminFlagValid(flag: AdminSessionFlag | null, now: number = Date.now()): flag is AdminSessionFlag {
  if (!flag || flag.authenticated !== true) return false;
  const end = Date.parse(flag.expiresAt);
  return Number.isFinite(end) && end > now;
}

/** Milliseconds left, 0 when not valid. */
export function adminFlagRemaining(flag: AdminSessionFlag | null, now: number = Date.now()): number {
  return isAdminFlagValid(flag, now) ? Date.parse(flag.expiresAt) - now : 0;
}

const store = (): SessionStore | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export function readAdminFlag(s: SessionStore | null = store()): AdminSessionFlag | null {
  return parseAdminFlag(readStored(ADMIN_SESSION_KEY, s));
}

export function writeAdminFlag(expiresAt: string, s: SessionStore | null = store()): void {
  writeStored(ADMIN_SESSION_KEY, JSON.stringify({ authenticated: true, expiresAt } satisfies AdminSessionFlag), s);
}

/** On expiry, sign-out or a 401: both the flag and its expiry go (they are one entry). */
export function clearAdminFlag(s: SessionStore | null = store()): void {
  removeStored(ADMIN_SESSION_KEY, s);
}

/** Paths behind admin-auth: /dashboard/users (§2.2), and our choice, /admin and /admin_old. */
export function needsAdminSession(pathname: string): boolean {
  return ['/dashboard/users', '/admin_old', '/admin'].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** /admin-login?redirect=<the original full path with its query>. */
export function adminLoginUrl(original: { pathname: string; search?: string; hash?: string }): string {
  return loginUrlFor(ADMIN_LOGIN_PATH, original);
}

/** Where to go after signing in: the redirect when it is a path of this site, not the login page itself, else /admin. */
export function safeAdminRedirect(raw: string | null | undefined, origin: string = 'http://sheetboard.invalid'): string {
  const url = sameSitePath(raw, origin);
  if (!url || url.pathname === ADMIN_LOGIN_PATH) return ADMIN_HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
