// Route middleware (shell §2.2): guards are registered here BY NAME and routes name the ones they
// need (router.tsx: <RouteMiddleware use={['admin-auth']} />). Adding a guard (blog-admin-auth
// comes with the blog) is one entry of MIDDLEWARE. A route naming an unknown one gets status 500
// 'Unknown middleware'.
import type { ComponentType, ReactNode } from 'react';
import { ApiError } from '../lib/api';

/** A guard renders its children when the visitor may pass, else a redirect (or a waiting screen). */
export type Guard = ComponentType<{ children: ReactNode }>;

export const UNKNOWN_MIDDLEWARE = 'Unknown middleware';

export type Resolved = { ok: true; guards: Guard[] } | { ok: false; error: ApiError };

/** The guards of the names in order, or the 500 error for the first unknown name. */
export function resolveMiddleware(names: readonly string[], registry: Readonly<Record<string, Guard>>): Resolved {
  const guards: Guard[] = [];
  for (const name of names) {
    if (!Object.hasOwn(registry, name)) return { ok: false, error: new ApiError(UNKNOWN_MIDDLEWARE, 500) };
    guards.push(registry[name]!);
  }
  return { ok: true, guards };
}
