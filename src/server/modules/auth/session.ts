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

/** The signed-in user of a request (from the session cookie only), or null. Memoised per request. */
export function currentUser(ctx: ServerContext, request: FastifyRequest): Promise<SessionUser | null> {
  let p = userCache.get(request);
  if (!p) {
    const token = request.cookies[SESSION_COOKIE];
    p = token ? authRepo(ctx.db).userBySession(sha256(token), nowIso()).then((u) => u ?? null) : Promise.resolve(null);
    userCache.set(request, p);
  }
  return p;
}
