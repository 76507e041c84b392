// The admin session flag of shell §3 and §4, kept in SESSION storage (it dies with the tab): an
// authenticated flag and the time the server drops the session. It only decides whether to send
// the visitor to /admin-login straight away; the server's session cookie (GET /api/admin/session)
// is the real check, and a 401 there clears the flag too.

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

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const store = (): Store | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export function readAdminFlag(s: Store | null = store()): AdminSessionFlag | null {
  try {
    return parseAdminFlag(s?.getItem(ADMIN_SESSION_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeAdminFlag(expiresAt: string, s: Store | null = store()): void {
  try {
    s?.setItem(ADMIN_SESSION_KEY, JSON.stringify({ authenticated: true, expiresAt } satisfies AdminSessionFlag));
  } catch {
    // Storage full or blocked: the server's session still decides.
  }
}

/** On expiry, sign-out or a 401: both the flag and its expiry go (they are one entry). */
export function clearAdminFlag(s: Store | null = store()): void {
  try {
    s?.removeItem(ADMIN_SESSION_KEY);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/** Paths behind admin-auth: /dashboard/users (§2.2), and our choice, /admin and /admin_old. */
export function needsAdminSession(pathname: string): boolean {
  return ['/dashboard/users', '/admin_old', '/admin'].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** /admin-login?redirect=<the original full path with its query>. */
export function adminLoginUrl(original: { pathname: string; search?: string; hash?: string }): string {
  const full = `${original.pathname}${original.search ?? ''}${original.hash ?? ''}`;
  return `${ADMIN_LOGIN_PATH}?${new URLSearchParams({ redirect: full }).toString()}`;
}

/**
 * Where to go after signing in: the redirect when it is a path of this site (starts with one '/',
 * no scheme, no host, no backslash tricks, not the login page itself), else /admin.
 */
export function safeAdminRedirect(raw: string | null | undefined, origin: string = 'http://sheetboard.invalid'): string {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return ADMIN_HOME_PATH;
  // Control characters and spaces can make a browser read the path as something else.
  for (let i = 0; i < raw.length; i++) if (raw.charCodeAt(i) <= 0x20 || raw.charCodeAt(i) === 0x7f) return ADMIN_HOME_PATH;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return ADMIN_HOME_PATH;
  }
  if (url.origin !== new URL(origin).origin) return ADMIN_HOME_PATH;
  if (url.pathname === ADMIN_LOGIN_PATH) return ADMIN_HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
