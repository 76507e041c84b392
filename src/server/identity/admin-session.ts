// Who the provider-admin caller of a request is: the `sb_admin` cookie only. Admin accounts are not
// owners: an owner's session never makes anyone an admin, nor the other way round. Kept apart from
// the sign-in service so the access policy can read it without importing the rest.
import { nowIso } from '../http';
import { sessionOfCookie } from './session-cookie';

export const ADMIN_COOKIE = 'sb_admin';

export interface AdminSession {
  id: string;
  name: string;
  email: string;
  /** When the server drops the session. */
  expiresAt: string;
}

/** The signed-in admin of a request, or null. Memoised per request. */
export const currentAdmin = sessionOfCookie(ADMIN_COOKIE, async (ctx, hash): Promise<AdminSession | null> => {
  const r = await ctx.db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .select(['admins.id', 'admins.name', 'admins.email', 'admin_sessions.expires_at'])
    .where('admin_sessions.id', '=', hash)
    .where('admin_sessions.expires_at', '>', nowIso())
    .executeTakeFirst();
  return r ? { id: r.id, name: r.name, email: r.email, expiresAt: r.expires_at } : null;
});
