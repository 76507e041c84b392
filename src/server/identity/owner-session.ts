// Who the owner-account caller of a request is: the `sb_session` cookie, or a personal API token
// (`Authorization: Bearer`, modules/developer), never `_id` or `_email` parameters. Kept apart
// from the sign-in service so the access policy can read it without importing sign-up (which
// seeds workspaces, apps and blocks).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '../../shared/api';
import type { TokenScope } from '../../shared/api/developer';
import type { ServerContext } from '../platform/context';
import { nowIso, sha256 } from '../http';
import { bearerToken } from '../platform/net/bearer';
import { setPrivateCookie } from '../platform/net/cookies';
import { tokensRepo } from '../data/developer/repo';
import { authRepo } from '../data/auth/repo';

export const SESSION_COOKIE = 'sb_session';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

export function publicUser(u: SessionUser): PublicUser {
  return { _id: u.id, name: u.name, email: u.email };
}

/** How stale a session's last-seen time may get before a request writes it again (one write per few minutes, not per request). */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

async function sessionUser(ctx: ServerContext, hash: string): Promise<SessionUser | null> {
  const now = nowIso();
  const row = await authRepo(ctx.db).userBySession(hash, now);
  if (!row) return null;
  if (!row.last_seen_at || Date.parse(now) - Date.parse(row.last_seen_at) > LAST_SEEN_EVERY_MS) await authRepo(ctx.db).touchSession(hash, now);
  return { id: row.id, name: row.name, email: row.email };
}

/** The API token a request was made with (access/enforce.ts holds it to its scope and routes). */
export interface TokenCredential {
  id: string;
  scope: TokenScope;
}

/**
 * How a request says who it is. `bearer`: it carried `Authorization: Bearer` (its cookies were
 * dropped, net/csrf.ts); then `token` is the valid token (null: unknown or revoked) and `user`
 * its owner. Without one, `user` is the session cookie's.
 */
export interface Credential {
  user: SessionUser | null;
  bearer: boolean;
  token: TokenCredential | null;
}

/** A token's last use is written at most this often (one conditional UPDATE per token per minute). */
export const LAST_USED_EVERY_MS = 60_000;

const credentialCache = new WeakMap<FastifyRequest, Promise<Credential>>();

async function resolveCredential(ctx: ServerContext, request: FastifyRequest): Promise<Credential> {
  const bearer = bearerToken(request.headers);
  if (bearer !== null) {
    const found = bearer ? await tokensRepo(ctx.db).byHash(sha256(bearer)) : null;
    if (!found) return { user: null, bearer: true, token: null };
    const now = Date.now();
    if (!found.last_used_at || Date.parse(found.last_used_at) <= now - LAST_USED_EVERY_MS)
      await tokensRepo(ctx.db).touch(found.token_id, new Date(now).toISOString(), new Date(now - LAST_USED_EVERY_MS).toISOString());
    return {
      user: { id: found.id, name: found.name, email: found.email },
      bearer: true,
      token: { id: found.token_id, scope: found.scope === 'read-write' ? 'read-write' : 'read' },
    };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  const user = cookie ? await sessionUser(ctx, sha256(cookie)) : null;
  return { user, bearer: false, token: null };
}

/** How the request identifies its owner account (session cookie or API token). Memoised per request. */
export function currentCredential(ctx: ServerContext, request: FastifyRequest): Promise<Credential> {
  let p = credentialCache.get(request);
  if (!p) {
    p = resolveCredential(ctx, request);
    credentialCache.set(request, p);
  }
  return p;
}

/** The signed-in owner of a request (its session cookie, or its valid API token), or null. */
export async function currentUser(ctx: ServerContext, request: FastifyRequest): Promise<SessionUser | null> {
  return (await currentCredential(ctx, request)).user;
}

/** Sets the owner's session cookie on the answer (sign-up, sign-in, a magic link, the plain form). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: { token: string; maxAge: number }) {
  setPrivateCookie(request, reply, SESSION_COOKIE, session.token, session.maxAge);
}
