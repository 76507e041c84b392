// The one Stripe client of a server, from its settings: the platform's secret key, Stripe's API or
// the address STRIPE_API_URL names (tests and self-hosters point it elsewhere; the SDK takes it as
// host, port and protocol), a pinned API version so Stripe's answers keep the shape this code
// reads whatever the account's default version, two retries of failed calls (the SDK adds
// idempotency keys to retried POSTs) and a deadline, so an owner never waits on Stripe for long.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { STRIPE_MESSAGES } from '../../shared/rules/marketplace';
import type { Config } from '../config';
import type { ServerContext } from './context';
import { HttpError } from '../errors';

/** The API version the code was written against (the SDK's own pin for v23). */
export const STRIPE_API_VERSION = '2026-10-28.endive';
/** Deadline of one call to Stripe (each of the retries gets its own). */
export const STRIPE_TIMEOUT_MS = 15_000;

const clients = new WeakMap<Config, Stripe>();

const load = createRequire(import.meta.url);
let sdk: typeof Stripe | null = null;
/**
 * The SDK, loaded the first time Stripe is called (some 20 MB a server without STRIPE_SECRET_KEY
 * never needs); a synchronous require, so the callers stay as they were.
 */
export function stripeSdk(): typeof Stripe {
  sdk ??= load('stripe') as typeof Stripe;
  return sdk;
}

/** The SDK's options for a config: where to send calls, which version, how long to wait. */
export function stripeOptions(config: Pick<Config, 'stripeApiUrl'>): ConstructorParameters<typeof Stripe>[1] {
  const options: NonNullable<ConstructorParameters<typeof Stripe>[1]> = {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
    appInfo: { name: 'Sheetboard' },
  };
  if (config.stripeApiUrl) {
    const url = new URL(config.stripeApiUrl);
    options.host = url.hostname.replace(/^\[|\]$/g, '');
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  }
  return options;
}

/** The server's Stripe client, or null when it has no STRIPE_SECRET_KEY (paid templates are off). */
export function stripeClient(config: Config): Stripe | null {
  if (!config.stripeSecretKey) return null;
  let client = clients.get(config);
  if (!client) {
    const StripeSdk = stripeSdk();
    clients.set(config, (client = new StripeSdk(config.stripeSecretKey, stripeOptions(config))));
  }
  return client;
}

/** A failed call to Stripe, as the owner is told it (the details go to the log); other errors pass. */
export function stripeFailure(ctx: ServerContext, err: unknown, what: string): unknown {
  // Without the SDK loaded no call was made, so the error is not Stripe's.
  if (!sdk || !(err instanceof sdk.errors.StripeError)) return err;
  const e = err; // Its message and request id go to the log only: they may quote the key or ids.
  const misconfigured = e.type === 'StripeAuthenticationError' || e.type === 'StripePermissionError' || e.type === 'StripeInvalidRequestError';
  ctx.log[misconfigured ? 'error' : 'warn']({ stripeError: e.type, status: e.statusCode, requestId: e.requestId, message: e.message }, `Stripe ${what} failed`);
  return misconfigured ? new HttpError(503, STRIPE_MESSAGES.misconfigured, undefined, 'stripe_misconfigured') : new HttpError(502, STRIPE_MESSAGES.unreachable, undefined, 'stripe_unreachable');
}

export async function callStripe<T>(ctx: ServerContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw stripeFailure(ctx, err, what);
  }
}
