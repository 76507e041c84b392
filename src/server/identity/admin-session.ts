// Who the provider-admin caller of a request is: the `sb_admin` cookie only. Admin accounts are not
// owners: an owner's session never makes anyone an admin, nor the other way round. Kept apart from
// the sign-in service so the access policy can read it without importing the rest.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../platform/context';
import { nowIso, sha256 } from '../http';

export const ADMIN_COOKIE = 'sb_admin';

export interface AdminSession {
  id: string;
  name: string;
  email: string;
  /** When the server drops the session. */
  expiresAt: string;
}

const cache = new WeakMap<FastifyRequest, Promise<AdminSession | null>>();

/** The signed-in admin of a request, or null. Memoised per request. */
export function currentAdmin(ctx: ServerContext, request: FastifyRequest): Promise<AdminSession | null> {
  let p = cache.get(request);
  if (!p) {
    const token = request.cookies[ADMIN_COOKIE];
    p = token
      ? ctx.db
          .selectFrom('admin_sessions')
          .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
          .select(['admins.id', 'admins.name', 'admins.email', 'admin_sessions.expires_at'])
          .where('admin_sessions.id', '=', sha256(token))
          .where('admin_sessions.expires_at', '>', nowIso())
          .executeTakeFirst()
          .then((r) => (r ? { id: r.id, name: r.name, email: r.email, expiresAt: r.expires_at } : null))
      : Promise.resolve(null);
    cache.set(request, p);
  }
  return p;
}
