// Shared set-up of the blog's server tests: a blog admin account of a role with a signed-in
// session, without going through invitations (accounts.test.ts tests those). The session row is
// what the sign-in writes, so every rule and service sees a real session.
import type { Db } from '../db';
import { newId, nowIso, randomToken, sha256 } from '../http';
import { BLOG_SESSION_MS, type BlogRole } from '../../shared/rules/blog';
import { BLOG_COOKIE } from '../identity/blog-session';

export interface TestBlogAdmin {
  id: string;
  name: string;
  email: string;
  role: BlogRole;
  /** `sb_blog=…`, ready for a `cookie` header. */
  cookie: string;
}

let counter = 0;

/**
 * An active blog admin (no password: it signs in only through this session) and a session that
 * began `ageMs` ago (default: now), so expiry can be tested without waiting 24 hours.
 */
export async function createBlogAdmin(db: Db, role: BlogRole, options: { name?: string; email?: string; ageMs?: number } = {}): Promise<TestBlogAdmin> {
  const n = ++counter;
  const id = newId();
  const name = options.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${n}`;
  const email = (options.email ?? `blog-${role}-${n}-${id.slice(0, 8)}@blog.example`).toLowerCase();
  await db.insertInto('blog_admins').values({ id, name, email, role, password_hash: null, avatar_media_id: null, last_login_at: null, created_at: nowIso() }).execute();
  const token = randomToken();
  const began = Date.now() - (options.ageMs ?? 0);
  await db
    .insertInto('blog_admin_sessions')
    .values({ id: sha256(token), blog_admin_id: id, created_at: new Date(began).toISOString(), expires_at: new Date(began + BLOG_SESSION_MS).toISOString() })
    .execute();
  return { id, name, email, role, cookie: `${BLOG_COOKIE}=${token}` };
}
