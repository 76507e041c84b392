// Rate limits declared beside a route's access rule (`config.rateLimit`), run by hooks that app.ts
// attaches to the route: a preValidation hook (after the access rule) refuses a spent budget with 429 and
// Retry-After and slows a failing client down; an onError hook counts the failures the route names;
// a preSerialization hook counts successes (and clears a sign-in pair's failures) before the
// answer's cookies are written. The handlers hold no limiter and count nothing themselves.
//
// A budget is one of the limiters of limiter.ts with the key it counts by (the IP, an address
// and IP pair, the owner account); the limiter instances live per server, in the route module
// that declares them, and keep their counts in the database (cluster/counters.ts) so that every
// instance of the server counts the same attempts: hence the promises.
import type { FastifyReply, FastifyRequest, onErrorAsyncHookHandler, preSerializationAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { ServerContext } from '../context';
import type { z } from 'zod';
import { HttpError } from '../../errors';
import { parseInput } from '../../routing/input';
import { DEVICE_COOKIE, deviceOf, type IpLimiter, type LoginLimiter, pause, tooManyAttempts } from './limiter';

/** One limiter and the key a request counts under. */
export interface Budget {
  retryAfter(request: FastifyRequest): Promise<number>;
  delay(request: FastifyRequest, baseMs: number): Promise<number>;
  fail(request: FastifyRequest): Promise<void>;
  /** A success forgets the key's failures (sign-in pairs only) and remembers the browser. */
  succeed?(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** When a request counts against budgets. */
export type CountWhen =
  /** Every request that reaches the handler (sent mails, whatever the outcome). */
  | 'attempt'
  /** A successful answer (below 400). */
  | 'success'
  /** An error answer with this status (and code, when given). */
  | { status: number; code?: string };

export interface RateLimit {
  /** Budgets checked before the handler: the longest wait of a spent one answers 429. */
  check: Budget[];
  /** The 429's message, given the wait in whole minutes ("3 minutes"). */
  refusal: (wait: string) => string;
  /** Budgets whose failing clients wait before they are answered (the longest delay). */
  slowDown?: Budget[];
  count: { when: CountWhen; budgets: Budget[] }[];
  /** On success: forget these budgets' failures of the key (a right password clears its pair). */
  clearOnSuccess?: Budget[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's rate limits (platform/limits/rate-limit.ts), checked after its access rule. */
    rateLimit?: RateLimit;
  }
}

/** A budget per client IP. */
export function perIp(limiter: IpLimiter): Budget {
  return {
    retryAfter: (request) => limiter.retryAfter(request.ip),
    delay: (request, baseMs) => limiter.delay(request.ip, baseMs),
    fail: (request) => limiter.fail(request.ip),
  };
}

/** A budget per signed-in owner account (the access rule resolved it). */
export function perAccount(limiter: IpLimiter): Budget {
  const key = (request: FastifyRequest) => request.access.user?.id ?? '';
  return {
    retryAfter: async (request) => (key(request) ? limiter.retryAfter(key(request)) : 0),
    delay: async () => 0,
    fail: async (request) => {
      if (key(request)) await limiter.fail(key(request));
    },
  };
}

/**
 * A budget per key that only the handler learns (uploads: the app the multipart fields name).
 * Until `keyOf` answers a key nothing is refused or counted, so the route checks it itself once
 * it knows the key (`retryAfter`), and counts it on success.
 */
export function perKey(limiter: IpLimiter, keyOf: (request: FastifyRequest) => string): Budget {
  return {
    retryAfter: async (request) => (keyOf(request) ? limiter.retryAfter(keyOf(request)) : 0),
    delay: async () => 0,
    fail: async (request) => {
      if (keyOf(request)) await limiter.fail(keyOf(request));
    },
  };
}

/**
 * The request's body as the rate limit parsed it with the route's `schema.body`: its hooks run
 * before Fastify's validation step puts the parsed body in `request.body`, so a budget that
 * counts by a field of the body (an address) reads it here, the same value before and after.
 */
const limitedBodies = new WeakMap<FastifyRequest, unknown>();
export function limitedBody<T>(request: FastifyRequest): T {
  return (limitedBodies.has(request) ? limitedBodies.get(request) : request.body) as T;
}

/**
 * A budget per (address, IP) pair and per address across IPs. `addressOf` reads the address from
 * the parsed body (`limitedBody`: a bad body is the route's own 400). With `device`, the browser's
 * sb_device cookie lets a browser that signed in to the address before past the per-address
 * budget, and a success remembers it.
 */
export function perAddress(limiter: LoginLimiter, addressOf: (request: FastifyRequest) => string, options: { device: boolean }): Budget {
  return {
    retryAfter: (request) => limiter.retryAfter(addressOf(request), request.ip, options.device ? request.cookies[DEVICE_COOKIE] : undefined),
    delay: (request, baseMs) => limiter.delay(addressOf(request), request.ip, baseMs),
    fail: (request) => limiter.fail(addressOf(request), request.ip),
    succeed: (request, reply) => limiter.succeed(addressOf(request), request.ip, options.device ? deviceOf(request, reply) : undefined),
  };
}

const matches = (when: CountWhen, error: unknown) =>
  typeof when === 'object' && error instanceof HttpError && error.status === when.status && (when.code === undefined || error.code === when.code);

/** The hooks of a route declaring `limit` (app.ts adds them after the access check). */
export function rateLimitHooks(ctx: ServerContext, limit: RateLimit, body?: z.ZodType): {
  preValidation: preValidationAsyncHookHandler;
  onError: onErrorAsyncHookHandler;
  preSerialization: preSerializationAsyncHookHandler<unknown>;
} {
  const attempts = limit.count.filter((c) => c.when === 'attempt').flatMap((c) => c.budgets);
  const successes = limit.count.filter((c) => c.when === 'success').flatMap((c) => c.budgets);
  return {
    preValidation: async (request, reply) => {
      // The route's body schema: a bad body is its 400 before anything is checked or counted.
      if (body) {
        const parsed = parseInput(body, request.body, 'body');
        if ('error' in parsed) throw parsed.error;
        limitedBodies.set(request, parsed.value);
      }
      const wait = Math.max(0, ...(await Promise.all(limit.check.map((b) => b.retryAfter(request)))));
      if (wait > 0) throw tooManyAttempts(reply, wait, limit.refusal);
      await Promise.all(attempts.map((b) => b.fail(request)));
      const slow = limit.slowDown ?? [];
      if (slow.length) await pause(Math.max(...(await Promise.all(slow.map((b) => b.delay(request, ctx.config.authSlowdownMs))))));
    },
    onError: async (request, _reply, error) => {
      const failed = limit.count.filter((c) => matches(c.when, error)).flatMap((c) => c.budgets);
      await Promise.all(failed.map((b) => b.fail(request)));
    },
    preSerialization: async (request, reply, payload) => {
      if (reply.statusCode < 400) {
        for (const b of limit.clearOnSuccess ?? []) await b.succeed?.(request, reply);
        await Promise.all(successes.map((b) => b.fail(request)));
      }
      return payload;
    },
  };
}
