// Who a session cookie names, asked once per request: the access rule, the handler and the
// service all ask, and each asking must get the same answer for one database lookup. The cookie
// holds a random token; the database holds only its sha256, so the lookup is given the hash.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../platform/context';
import { sha256 } from '../http';

type LookUp<T, K> = (ctx: ServerContext, hash: string, key: K) => Promise<T | null>;

/**
 * The signed-in one of a request whose session is in the cookie `cookieOf(key)` (app users: one
 * cookie per app), looked up by `lookUp` at most once per request and key; null without the cookie.
 */
export function sessionPerKey<T, K extends string>(cookieOf: (key: K) => string, lookUp: LookUp<T, K>) {
  const cache = new WeakMap<FastifyRequest, Map<K, Promise<T | null>>>();
  return (ctx: ServerContext, request: FastifyRequest, key: K): Promise<T | null> => {
    let byKey = cache.get(request);
    if (!byKey) cache.set(request, (byKey = new Map()));
    let p = byKey.get(key);
    if (!p) {
      const token = request.cookies[cookieOf(key)];
      p = token ? lookUp(ctx, sha256(token), key) : Promise.resolve(null);
      byKey.set(key, p);
    }
    return p;
  };
}

/** The same for a session of one cookie `name` (admins, blog admins). */
export function sessionOfCookie<T>(name: string, lookUp: (ctx: ServerContext, hash: string) => Promise<T | null>) {
  const one = sessionPerKey<T, ''>(() => name, (ctx, hash) => lookUp(ctx, hash));
  return (ctx: ServerContext, request: FastifyRequest): Promise<T | null> => one(ctx, request, '');
}
