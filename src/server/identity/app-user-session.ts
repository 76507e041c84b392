// Who is signed in to an app as an app user: the app's own session cookie only (separate per app,
// so signing in to one app never signs you in to another). Used by the access rules of every
// app-scoped route (src/server/access).
import { appUserPermission, type SignedInAppUser } from '../../shared/api/app-users';
import type { ServerContext } from '../platform/context';
import { nowIso, parseJson } from '../http';
import { sessionPerKey } from './session-cookie';

/** The cookie of an app's app-user session; named per app, so sessions of two apps never mix. */
export const appSessionCookie = (appId: string) => `sb_app_${appId}`;

/** The app user signed in to `appId` on this request, or null. Memoised per request and app. */
export const signedInAppUser = sessionPerKey<SignedInAppUser, string>(appSessionCookie, lookUp);

async function lookUp(ctx: ServerContext, hash: string, appId: string): Promise<SignedInAppUser | null> {
  const row = await ctx.db
    .selectFrom('app_user_sessions')
    .innerJoin('app_users', 'app_users.id', 'app_user_sessions.app_user_id')
    .select(['app_users.id', 'app_users.name', 'app_users.email', 'app_users.permissions', 'app_users.groups'])
    .where('app_user_sessions.id', '=', hash)
    .where('app_user_sessions.app_id', '=', appId)
    .where('app_users.app_id', '=', appId)
    .where('app_user_sessions.expires_at', '>', nowIso())
    .executeTakeFirst();
  return row ? appUserIdentity(row) : null;
}

/** An app user's stored record as the identity the rules read (their groups parsed). */
export function appUserIdentity(row: { id: string; name: string; email: string; permissions: string; groups: string }): SignedInAppUser {
  const groups = parseJson<unknown>(row.groups, []);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    permissions: appUserPermission(row.permissions),
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}
