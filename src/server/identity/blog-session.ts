// Who the blog admin of a request is: the `sb_blog` cookie only (issue 17). Blog admins are their
// own accounts: an owner's or a provider admin's session never makes anyone a blog admin. A
// session lasts 24 hours from its sign-in (shell §4), whatever happens in between. Kept apart
// from the sign-in service so the access rules can read it without importing the rest.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../platform/context';
import { nowIso } from '../http';
import { BLOG_MESSAGES, type BlogRole } from '../../shared/rules/blog';
import { unauthorized } from '../errors';
import { sessionOfCookie } from './session-cookie';

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

/** The signed-in blog admin of a request, or null. Memoised per request. */
export const currentBlogAdmin = sessionOfCookie(BLOG_COOKIE, async (ctx, hash): Promise<BlogAdminSession | null> => {
  const r = await ctx.db
    .selectFrom('blog_admin_sessions')
    .innerJoin('blog_admins', 'blog_admins.id', 'blog_admin_sessions.blog_admin_id')
    .select(['blog_admins.id', 'blog_admins.name', 'blog_admins.email', 'blog_admins.role', 'blog_admin_sessions.created_at', 'blog_admin_sessions.expires_at'])
    .where('blog_admin_sessions.id', '=', hash)
    .where('blog_admin_sessions.expires_at', '>', nowIso())
    .executeTakeFirst();
  return r ? { id: r.id, name: r.name, email: r.email, role: r.role as BlogRole, loginTime: r.created_at, expiresAt: r.expires_at } : null;
});

/** The signed-in blog admin of a 'blog-admin' or 'blog-editor' route (its rule let only them through). */
export async function signedInBlogAdmin(ctx: ServerContext, request: FastifyRequest): Promise<BlogAdminSession> {
  const found = await currentBlogAdmin(ctx, request);
  if (!found) throw unauthorized(BLOG_MESSAGES.signIn);
  return found;
}
