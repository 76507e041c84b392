// A local server that speaks the parts of Stripe's HTTP API Sheetboard uses (Connect onboarding),
// in Stripe's wire format, for tests: the server under test talks to it through the official SDK
// (STRIPE_API_URL → the SDK's host, port and protocol), not through a mock of the SDK. Requests
// are form-encoded with bracket notation (`metadata[workspace_id]=…`), authenticated with the
// secret key as a Bearer token, and answered with JSON objects carrying their `object` type, or
// Stripe's error shape `{ error: { type, message, code?, param? } }`. It also plays Stripe's side of
// webhooks: flip an account's state as if onboarding finished, then deliver a signed event.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  country: string;
  default_currency: string;
  metadata: Record<string, string>;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  created: number;
  livemode: false;
}

export interface ReceivedStripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body as Stripe reads it (bracket notation made nested). */
  body: Record<string, unknown>;
}

export interface FakeStripe {
  /** `http://127.0.0.1:{port}`, for STRIPE_API_URL. */
  url: string;
  /** The secret key it accepts. */
  secretKey: string;
  /** Every request that reached it, in order (empty it with `requests.length = 0`). */
  requests: ReceivedStripeRequest[];
  accounts: Map<string, FakeAccount>;
  /** Changes an account as Stripe would when its owner gets through onboarding; answers the account. */
  setAccount(id: string, state: Partial<Pick<FakeAccount, 'charges_enabled' | 'payouts_enabled' | 'details_submitted'>>): FakeAccount;
  /** Deletes an account on Stripe's side (a platform that removed it, or keys of another mode). */
  deleteAccount(id: string): void;
  /** The `url` the next account links carry instead of Stripe's (null: Stripe's again), to test what the server hands on. */
  linkUrl: string | null;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

class StripeWireError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; param?: string } = {},
  ) {
    super(message);
  }
}

/** `a[b][c]=v` and `a[0]=v` (the SDK's encoding) into nested objects; numeric keys stay keys. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = /^[^[]+/.exec(key)?.[0];
    if (!head) continue;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') return;
      if (i === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<string, unknown>;
      }
    });
  }
  return out;
}

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

function requireParam(body: Json, name: string): string {
  const v = body[name];
  if (typeof v !== 'string' || v === '') throw new StripeWireError(400, 'invalid_request_error', `Missing required param: ${name}.`, { code: 'parameter_missing', param: name });
  return v;
}

export async function startFakeStripe(secretKey = `sk_test_${crypto.randomBytes(12).toString('hex')}`): Promise<FakeStripe> {
  const requests: ReceivedStripeRequest[] = [];
  const accounts = new Map<string, FakeAccount>();
  /** Idempotency-Key → the answer first given (Stripe replays it for a repeated key). */
  const replays = new Map<string, { status: number; body: Json }>();
  let url = '';

  function route(method: string, path: string, body: Json): Json {
    if (method === 'POST' && path === '/v1/accounts') {
      const metadata = (typeof body.metadata === 'object' && body.metadata ? body.metadata : {}) as Record<string, string>;
      const requested = (typeof body.capabilities === 'object' && body.capabilities ? Object.keys(body.capabilities) : []) as string[];
      const account: FakeAccount = {
        id: randomId('acct'),
        object: 'account',
        type: typeof body.type === 'string' ? body.type : 'standard',
        email: typeof body.email === 'string' ? body.email : null,
        country: typeof body.country === 'string' ? body.country : 'US',
        default_currency: 'usd',
        metadata,
        capabilities: Object.fromEntries(requested.map((c) => [c, 'inactive' as const])),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        created: now(),
        livemode: false,
      };
      accounts.set(account.id, account);
      return { ...account };
    }
    const one = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const account = accounts.get(decodeURIComponent(one[1]!));
      if (!account) throw new StripeWireError(404, 'invalid_request_error', `No such account: '${decodeURIComponent(one[1]!)}'`, { code: 'resource_missing', param: 'account' });
      return { ...account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const id = requireParam(body, 'account');
      const type = requireParam(body, 'type');
      requireParam(body, 'refresh_url');
      requireParam(body, 'return_url');
      if (type !== 'account_onboarding' && type !== 'account_update')
        throw new StripeWireError(400, 'invalid_request_error', `Invalid type: must be one of account_onboarding or account_update`, { param: 'type' });
      if (!accounts.has(id)) throw new StripeWireError(400, 'invalid_request_error', `No such account: '${id}'`, { code: 'resource_missing', param: 'account' });
      return { object: 'account_link', created: now(), expires_at: now() + 300, url: fake.linkUrl ?? `${url}/setup/e/${id}/${crypto.randomBytes(9).toString('base64url')}` };
    }
    throw new StripeWireError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function answer(res: http.ServerResponse, status: number, body: Json, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req'), ...headers });
    res.end(JSON.stringify(body, null, 2));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const target = new URL(req.url ?? '/', 'http://stripe.invalid');
      const text = method === 'GET' ? target.searchParams.toString() : Buffer.concat(chunks).toString('utf8');
      const body = parseStripeForm(text);
      requests.push({ method, path: target.pathname, headers: req.headers, body });
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ')) {
        answer(res, 401, {
          error: {
            type: 'invalid_request_error',
            message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        });
        return;
      }
      const key = auth.slice('Bearer '.length);
      if (key !== secretKey) {
        answer(res, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` } });
        return;
      }
      const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replayKey = typeof idempotencyKey === 'string' ? `${target.pathname} ${idempotencyKey}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        answer(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
        return;
      }
      let status = 200;
      let out: Json;
      try {
        out = route(method, target.pathname, body);
      } catch (e) {
        if (!(e instanceof StripeWireError)) throw e;
        status = e.status;
        out = { error: { type: e.type, message: e.message, ...e.extra } };
      }
      if (replayKey && status < 500) replays.set(replayKey, { status, body: out });
      answer(res, status, out);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url,
    secretKey,
    linkUrl: null,
    requests,
    accounts,
    setAccount(id, state) {
      const account = accounts.get(id);
      if (!account) throw new Error(`no account ${id} on the fake Stripe`);
      Object.assign(account, state);
      const active = account.charges_enabled && account.payouts_enabled;
      for (const c of Object.keys(account.capabilities)) account.capabilities[c] = active ? 'active' : 'inactive';
      return { ...account };
    },
    deleteAccount(id) {
      accounts.delete(id);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** An `account.updated` event as Stripe delivers it to a Connect endpoint (a snapshot of the account). */
export function accountUpdatedEvent(account: FakeAccount, options: { id?: string; created?: number } = {}): Stripe.Event {
  return {
    id: options.id ?? randomId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? now(),
    type: 'account.updated',
    account: account.id,
    data: { object: { ...account }, previous_attributes: { charges_enabled: !account.charges_enabled } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  } as unknown as Stripe.Event;
}

/**
 * Delivers `event` to `url` as Stripe does: the JSON body and a `Stripe-Signature` header signed
 * with `secret` (the SDK's own generateTestHeaderString, the scheme constructEvent checks).
 * `timestamp` (seconds) signs as of another time; `tamper` changes the body after signing.
 */
export async function sendWebhook(
  url: string,
  event: unknown,
  secret: string,
  options: { timestamp?: number; tamper?: boolean } = {},
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}) });
  const sent = options.tamper ? payload.replace(/"charges_enabled": (true|false)/, (_m, v: string) => `"charges_enabled": ${v === 'true' ? 'false' : 'true'}`) + ' ' : payload;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    body: sent,
  });
  return { status: res.status, body: await res.text() };
}
