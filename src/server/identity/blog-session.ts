// Who the blog admin of a request is: the `sb_blog` cookie only (issue 17). Blog admins are their
// own accounts: an owner's or a provider admin's session never makes anyone a blog admin. A
// session lasts 24 hours from its sign-in (shell §4), whatever happens in between. Kept apart
// from the sign-in service so the access rules can read it without importing the rest.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../platform/context';
import { nowIso, sha256 } from '../http';
import { BLOG_MESSAGES, type BlogRole } from '../../shared/rules/blog';
import { unauthorized } from '../errors';

export const BLOG_COOKIE = 'sb_blog';

export interface BlogAdminSession {
  id: string;
  name: string;
  email: string;
  role: BlogRole;
  /** When the session began (the loginTime of shell §3). */
  loginTime: string;
  /** When the server drops it: loginTime + 24 hours. */
  expiresAt: string;
}

const cache = new WeakMap<FastifyRequest, Promise<BlogAdminSession | null>>();

/** The signed-in blog admin of a request, or null. Memoised per request. */
export function currentBlogAdmin(ctx: ServerContext, request: FastifyRequest): Promise<BlogAdminSession | null> {
  let p = cache.get(request);
  if (!p) {
    const token = request.cookies[BLOG_COOKIE];
    p = token
      ? ctx.db
          .selectFrom('blog_admin_sessions')
          .innerJoin('blog_admins', 'blog_admins.id', 'blog_admin_sessions.blog_admin_id')
          .select(['blog_admins.id', 'blog_admins.name', 'blog_admins.email', 'blog_admins.role', 'blog_admin_sessions.created_at', 'blog_admin_sessions.expires_at'])
          .where('blog_admin_sessions.id', '=', sha256(token))
          .where('blog_admin_sessions.expires_at', '>', nowIso())
          .executeTakeFirst()
          .then((r) =>
            r ? { id: r.id, name: r.name, email: r.email, role: r.role as BlogRole, loginTime: r.created_at, expiresAt: r.expires_at } : null,
          )
      : Promise.resolve(null);
    cache.set(request, p);
  }
  return p;
}

/** The signed-in blog admin of a 'blog-admin' or 'blog-editor' route (its rule let only them through). */
export async function signedInBlogAdmin(ctx: ServerContext, request: FastifyRequest): Promise<BlogAdminSession> {
  const found = await currentBlogAdmin(ctx, request);
  if (!found) throw unauthorized(BLOG_MESSAGES.signIn);
  return found;
}
