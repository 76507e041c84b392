// The stored blog admin user of shell §3 ({ role, loginTime }, plus name and e-mail for the top
// bar), kept in LOCAL storage so every tab of the area shares it, and the blog-admin-auth guard's
// decision (shell §2.2, §4). The server's session (GET /api/blog-admin/session, cookie sb_blog) is
// the real check; the stored user only decides where to send the visitor before it answers.
import type { BlogSessionResponse } from '../../shared/api/blog';
import { BLOG_ADMIN_STORAGE_KEY, BLOG_ROLES, BLOG_SESSION_MS, blogPathAllowed, type BlogRole } from '../../shared/rules/blog';
import { loginUrlFor, readStored, removeStored, sameSitePath, writeStored, type SessionStore } from './admin-area-session';

export const BLOG_LOGIN_PATH = '/blog-admin/login';
export const BLOG_HOME_PATH = '/blog-admin';

export interface StoredBlogAdmin {
  role: BlogRole;
  /** ISO instant of the sign-in. */
  loginTime: string;
  name?: string;
  email?: string;
}

/** A clock difference between the browser and the server this large makes a stored time unreadable. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** Reads the stored user; anything unreadable (bad JSON, wrong shape, unknown role, bad time) is null. */
export function parseBlogAdmin(raw: string | null): StoredBlogAdmin | null {
  if (!raw || raw.length > 2000) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown> | null;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    if (typeof v.role !== 'string' || !(BLOG_ROLES as readonly string[]).includes(v.role)) return null;
    if (typeof v.loginTime !== 'string' || !Number.isFinite(Date.parse(v.loginTime))) return null;
    const out: StoredBlogAdmin = { role: v.role as BlogRole, loginTime: v.loginTime };
    if (typeof v.name === 'string') out.name = v.name;
    if (typeof v.email === 'string') out.email = v.email;
    return out;
  } catch {
    return null;
  }
}

/** Milliseconds left of the 24-hour session from loginTime; 0 when over (or the time is from the future). */
export function blogSessionRemaining(user: StoredBlogAdmin, now: number = Date.now()): number {
  const start = Date.parse(user.loginTime);
  if (!Number.isFinite(start) || start > now + FUTURE_SKEW_MS) return 0;
  return Math.max(0, start + BLOG_SESSION_MS - now);
}

export type BlogGuardDecision =
  | { kind: 'pass'; user: StoredBlogAdmin; remaining: number }
  /** To the login; `drop` says the stored entry must be removed first. */
  | { kind: 'sign-in'; drop: boolean; reason: 'missing' | 'unreadable' | 'expired'; to: string }
  /** An author on a page only editors open. */
  | { kind: 'home'; to: string };

/** Shell §2.2 for one visit: the stored value as it is in storage, the page asked for, the time. */
export function decideBlogAdmin(
  raw: string | null,
  location: { pathname: string; search?: string; hash?: string },
  now: number = Date.now(),
): BlogGuardDecision {
  const to = blogLoginUrl(location);
  if (raw === null) return { kind: 'sign-in', drop: false, reason: 'missing', to };
  const user = parseBlogAdmin(raw);
  if (!user) return { kind: 'sign-in', drop: true, reason: 'unreadable', to };
  const remaining = blogSessionRemaining(user, now);
  if (remaining <= 0) return { kind: 'sign-in', drop: true, reason: 'expired', to };
  if (!blogPathAllowed(user.role, location.pathname)) return { kind: 'home', to: BLOG_HOME_PATH };
  return { kind: 'pass', user, remaining };
}

/** /blog-admin/login?redirect=<the original path with its query>. */
export function blogLoginUrl(original: { pathname: string; search?: string; hash?: string }): string {
  return loginUrlFor(BLOG_LOGIN_PATH, original);
}

/**
 * Where to go after signing in: the redirect when it is a page of the blog admin area (no other
 * site, no other part of this one, not the login itself), else /blog-admin.
 */
export function safeBlogRedirect(raw: string | null | undefined, origin: string = 'http://sheetboard.invalid'): string {
  const url = sameSitePath(raw, origin);
  if (!url) return BLOG_HOME_PATH;
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== BLOG_HOME_PATH && !path.startsWith(`${BLOG_HOME_PATH}/`)) return BLOG_HOME_PATH;
  if (path === BLOG_LOGIN_PATH) return BLOG_HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The stored shape of the server's session answer (its role replaces a stored one that changed). */
export function storedFromSession(res: Pick<BlogSessionResponse, 'user' | 'login_time'>): StoredBlogAdmin {
  return { role: res.user.role, loginTime: res.login_time, name: res.user.name, email: res.user.email };
}

const store = (): SessionStore | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readBlogAdminRaw(s: SessionStore | null = store()): string | null {
  return readStored(BLOG_ADMIN_STORAGE_KEY, s);
}

export function readBlogAdmin(s: SessionStore | null = store()): StoredBlogAdmin | null {
  return parseBlogAdmin(readBlogAdminRaw(s));
}

/** Writes the user; returns the stored text (what the guard compares). */
export function writeBlogAdmin(user: StoredBlogAdmin, s: SessionStore | null = store()): string {
  const raw = JSON.stringify(user);
  writeStored(BLOG_ADMIN_STORAGE_KEY, raw, s);
  return raw;
}

export function clearBlogAdmin(s: SessionStore | null = store()): void {
  removeStored(BLOG_ADMIN_STORAGE_KEY, s);
}
