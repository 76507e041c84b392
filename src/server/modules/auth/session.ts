// Who the owner-account caller of a request is: the `sb_session` cookie only (never `_id` or
// `_email` parameters). Kept apart from the sign-in service so the access policy can read it
// without importing sign-up (which seeds workspaces, apps and blocks).
import type { FastifyRequest } from 'fastify';
import type { PublicUser } from '../../../shared/api';
import type { ServerContext } from '../../context';
import { nowIso, sha256 } from '../../http';
import { authRepo } from './repo';

export const SESSION_COOKIE = 'sb_session';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

export function publicUser(u: SessionUser): PublicUser {
  return { _id: u.id, name: u.name, email: u.email };
}

const userCache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
/** How stale a session's last-seen time may get before a request writes it again (one write per few minutes, not per request). */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

async function sessionUser(ctx: ServerContext, hash: string): Promise<SessionUser | null> {
  const now = nowIso();
  const row = await authRepo(ctx.db).userBySession(hash, now);
  if (!row) return null;
  if (!row.last_seen_at || Date.parse(now) - Date.parse(row.last_seen_at) > LAST_SEEN_EVERY_MS) await authRepo(ctx.db).touchSession(hash, now);
  return { id: row.id, name: row.name, email: row.email };
}

/** The signed-in user of a request (from the session cookie only), or null. Memoised per request. */
export function currentUser(ctx: ServerContext, request: FastifyRequest): Promise<SessionUser | null> {
  let p = userCache.get(request);
  if (!p) {
    const token = request.cookies[SESSION_COOKIE];
    p = token ? sessionUser(ctx, sha256(token)) : Promise.resolve(null);
    userCache.set(request, p);
  }
  return p;
}
