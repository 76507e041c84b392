// A local server that speaks the parts of Stripe's HTTP API Sheetboard uses (Connect onboarding),
// in Stripe's wire format, for tests: the server under test talks to it through the official SDK
// (STRIPE_API_URL → the SDK's host, port and protocol), not through a mock of the SDK. Requests
// are form-encoded with bracket notation (`metadata[workspace_id]=…`), authenticated with the
// secret key as a Bearer token, and answered with JSON objects carrying their `object` type, or
// Stripe's error shape `{ error: { type, message, code?, param? } }`. It also plays Stripe's side of
// webhooks: flip an account's state as if onboarding finished, then deliver a signed event.
// Checkout (issue 15): sessions are created and read as Stripe does, and the session's `url` is a
// page of this server with a Pay button (what a browser test clicks) and a Cancel link; paying
// completes the session, delivers the signed checkout.session.completed to `webhook`, and sends
// the browser on to the success_url. Tests also refund, dispute and expire sessions.
// Billing (issue 18): customers, prices, Checkout Sessions in subscription mode (paying one makes
// the subscription and its first invoice, and delivers checkout.session.completed,
// customer.subscription.created and invoice.paid), the customer portal (a page of this server
// with a Cancel button that cancels the subscription and delivers customer.subscription.deleted),
// the invoice list with hosted invoice pages and PDFs, and helpers that change a subscription or
// fail its renewal as Stripe would, each delivering its signed event.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { TestApp } from './app';

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

/** A Checkout Session as this server keeps it (the fields Sheetboard reads, in Stripe's shape). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  /** The customer it was opened for (subscription mode), and the subscription paying it made. */
  customer: string | null;
  subscription: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakePrice {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  unit_amount: number;
  recurring: { interval: string; interval_count: number } | null;
  product: string;
  type: 'recurring' | 'one_time';
  created: number;
  livemode: false;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: FakePrice; quantity: number; current_period_start: number; current_period_end: number }[] };
  latest_invoice: string | null;
  created: number;
  livemode: false;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  number: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  currency: string;
  hosted_invoice_url: string;
  invoice_pdf: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
  created: number;
  livemode: false;
}

/** What a session's payment needs beyond the session: the PaymentIntent's fee, destination and metadata, and its charge once paid. */
interface SessionPayment {
  applicationFee: number | null;
  destination: string | null;
  metadata: Record<string, string>;
  chargeId: string | null;
  refunded: boolean;
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
  /** The `url` the next Checkout Sessions carry instead of this server's pay page (null: the page again). */
  checkoutUrl: string | null;
  checkoutSessions: Map<string, FakeCheckoutSession>;
  /** Where Stripe's events about Checkout and charges are delivered, signed with `secret` (the app's webhook). */
  webhook: { url: string; secret: string } | null;
  /**
   * The buyer paid (or, with `payment_status: 'unpaid'`, chose a payment method that settles
   * later): the session completes and a signed checkout.session.completed goes to `webhook`.
   */
  completeCheckout(sessionId: string, options?: { payment_status?: 'paid' | 'unpaid' }): Promise<Delivery>;
  /** The session's 24 hours are up (or the platform closed it): checkout.session.expired. */
  expireCheckout(sessionId: string): Promise<Delivery>;
  /** The seller or platform refunded the whole payment: charge.refunded. */
  refund(sessionId: string): Promise<Delivery>;
  /** The buyer's bank opened a dispute (charge.dispute.created), or it closed (charge.dispute.closed). */
  dispute(sessionId: string, status?: 'needs_response' | 'won' | 'lost' | 'warning_closed'): Promise<Delivery>;
  /** An event as Stripe would deliver it about the session's current state, not sent (tests alter it). */
  sessionEvent(sessionId: string, type: string): Stripe.Event;
  customers: Map<string, FakeCustomer>;
  prices: Map<string, FakePrice>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  /** A recurring price, as the platform makes one in Stripe's dashboard (for STRIPE_PRO_PRICE_ID). */
  createPrice(unitAmount: number, interval?: string): FakePrice;
  /** Deletes a customer on Stripe's side. */
  deleteCustomer(id: string): void;
  /** The `url` the next billing portal sessions carry instead of this server's page (null: the page again). */
  portalUrl: string | null;
  /** Changes the subscription (status, cancel_at_period_end) and delivers customer.subscription.updated (or .deleted once canceled). */
  updateSubscription(id: string, patch: Partial<Pick<FakeSubscription, 'status' | 'cancel_at_period_end'>>): Promise<Delivery>;
  /** The renewal's charge is refused: an open invoice, invoice.payment_failed, then the subscription past_due. */
  failRenewal(id: string): Promise<Delivery[]>;
  /** An event as Stripe would deliver it about the subscription (customer.subscription.*) or an invoice (invoice.*), not sent. */
  billingEvent(type: string, objectId: string): Stripe.Event;
  /** Sends an event to the webhook, signed. */
  deliver(event: Stripe.Event): Promise<Delivery>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** A delivered event and the webhook's answer. */
export interface Delivery {
  event: Stripe.Event;
  status: number;
  body: string;
}

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

/** The object of `store` whose id a path names (URL-encoded), or Stripe's 404 naming what is missing and the parameter. */
function retrieve<T>(store: Map<string, T>, encodedId: string, what: string, param: string): T {
  const id = decodeURIComponent(encodedId);
  const found = store.get(id);
  if (!found) throw new StripeWireError(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param });
  return found;
}

function requireParam(body: Json, name: string): string {
  const v = body[name];
  if (typeof v !== 'string' || v === '') throw new StripeWireError(400, 'invalid_request_error', `Missing required param: ${name}.`, { code: 'parameter_missing', param: name });
  return v;
}

/** The settings that point a test server at `stripe` (its secret key and address). */
export function stripeSettings(stripe: Pick<FakeStripe, 'secretKey' | 'url'>) {
  return { stripeSecretKey: stripe.secretKey, stripeApiUrl: stripe.url };
}

/**
 * Puts the test server on a local port, so that Stripe's webhook deliveries (sendWebhook, or
 * `FakeStripe.webhook`) can reach it, and answers its webhook's URL.
 */
export async function listenForWebhooks(t: Pick<TestApp, 'app'>): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/stripe/webhook`;
}

export async function startFakeStripe(secretKey = `sk_test_${crypto.randomBytes(12).toString('hex')}`): Promise<FakeStripe> {
  const requests: ReceivedStripeRequest[] = [];
  const accounts = new Map<string, FakeAccount>();
  const checkoutSessions = new Map<string, FakeCheckoutSession>();
  const customers = new Map<string, FakeCustomer>();
  const prices = new Map<string, FakePrice>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const portalSessions = new Map<string, { customer: string; return_url: string }>();
  /** What a subscription-mode session becomes when paid: the price and the subscription's metadata. */
  const subscriptionPlans = new Map<string, { price: FakePrice; metadata: Record<string, string> }>();
  const payments = new Map<string, SessionPayment>();
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
    if (method === 'GET' && one) return { ...retrieve(accounts, one[1]!, 'account', 'account') };
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
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    const billing = billingRoute(method, path, body);
    if (billing) return billing;
    const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (session) {
      const found = retrieve(checkoutSessions, session[1]!, 'checkout.session', 'session');
      if (method === 'GET' && !session[2]) return { ...found };
      if (method === 'POST' && session[2]) {
        if (found.status !== 'open') throw new StripeWireError(400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.');
        Object.assign(found, { status: 'expired', url: null });
        return { ...found };
      }
    }
    throw new StripeWireError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
  const strings = (v: unknown): Record<string, string> => Object.fromEntries(Object.entries(obj(v)).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const int = (v: unknown, name: string): number => {
    if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new StripeWireError(400, 'invalid_request_error', `Invalid integer: ${String(v)}`, { param: name });
    return Number(v);
  };

  /** POST /v1/checkout/sessions, as far as a one-off payment with inline price data goes. */
  function createSession(body: Json): Json {
    const mode = requireParam(body, 'mode');
    const successUrl = requireParam(body, 'success_url');
    const cancelUrl = requireParam(body, 'cancel_url');
    const items = Object.values(obj(body.line_items)).map(obj);
    if (items.length === 0) throw new StripeWireError(400, 'invalid_request_error', 'You must provide at least one line item.', { param: 'line_items' });
    let total = 0;
    let currency = '';
    let recurringPrice: FakePrice | null = null;
    items.forEach((item, i) => {
      // A Price made before (line_items[i][price]) or one described inline (price_data).
      if (typeof item.price === 'string') {
        const known = prices.get(item.price);
        if (!known) throw new StripeWireError(400, 'invalid_request_error', `No such price: '${item.price}'`, { code: 'resource_missing', param: `line_items[${i}][price]` });
        currency = known.currency;
        total += known.unit_amount * int(item.quantity ?? '1', `line_items[${i}][quantity]`);
        if (known.recurring) recurringPrice = known;
        return;
      }
      const price = obj(item.price_data);
      currency = typeof price.currency === 'string' ? price.currency : '';
      if (!currency) throw new StripeWireError(400, 'invalid_request_error', 'Missing required param: line_items[0][price_data][currency].', { param: `line_items[${i}][price_data][currency]` });
      const amount = int(price.unit_amount, `line_items[${i}][price_data][unit_amount]`);
      total += amount * int(item.quantity ?? '1', `line_items[${i}][quantity]`);
      // Stripe's largest charge in dollars (and most currencies): 99,999,999 cents.
      if (total > 99_999_999) throw new StripeWireError(400, 'invalid_request_error', 'Amount must be no more than $999,999.99', { code: 'amount_too_large', param: `line_items[${i}][price_data][unit_amount]` });
      const recurring = obj(price.recurring);
      if (typeof recurring.interval === 'string') {
        recurringPrice = {
          id: randomId('price'),
          object: 'price',
          active: true,
          currency,
          unit_amount: amount,
          recurring: { interval: recurring.interval, interval_count: 1 },
          product: randomId('prod'),
          type: 'recurring',
          created: now(),
          livemode: false,
        };
        prices.set(recurringPrice.id, recurringPrice);
      }
    });
    const customer = typeof body.customer === 'string' ? body.customer : null;
    if (customer && !customers.has(customer)) throw new StripeWireError(400, 'invalid_request_error', `No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' });
    if (mode === 'subscription' && !recurringPrice)
      throw new StripeWireError(400, 'invalid_request_error', 'You must provide at least one recurring price in `subscription` mode when using prices.', { param: 'line_items' });
    if (mode === 'subscription' && body.payment_intent_data !== undefined)
      throw new StripeWireError(400, 'invalid_request_error', 'You can not pass `payment_intent_data` in `subscription` mode.', { param: 'payment_intent_data' });
    const intent = obj(body.payment_intent_data);
    const fee = intent.application_fee_amount === undefined ? null : int(intent.application_fee_amount, 'payment_intent_data[application_fee_amount]');
    const destination = typeof obj(intent.transfer_data).destination === 'string' ? (obj(intent.transfer_data).destination as string) : null;
    if (destination && !accounts.has(destination))
      throw new StripeWireError(400, 'invalid_request_error', `No such destination: '${destination}'`, { code: 'resource_missing', param: 'payment_intent_data[transfer_data][destination]' });
    const id = randomId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: fake.checkoutUrl ?? `${url}/c/pay/${id}`,
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
      customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
      metadata: strings(body.metadata),
      success_url: successUrl,
      cancel_url: cancelUrl,
      payment_intent: null,
      customer,
      subscription: null,
      created: now(),
      expires_at: typeof body.expires_at === 'string' ? int(body.expires_at, 'expires_at') : now() + 24 * 3600,
      livemode: false,
    };
    checkoutSessions.set(id, session);
    if (mode === 'subscription' && recurringPrice) subscriptionPlans.set(id, { price: recurringPrice, metadata: strings(obj(body.subscription_data).metadata) });
    payments.set(id, { applicationFee: fee, destination, metadata: strings(intent.metadata), chargeId: null, refunded: false });
    return { ...session };
  }

  /** Customers, prices, subscriptions, the customer portal and invoices (null: not one of these paths). */
  function billingRoute(method: string, path: string, body: Json): Json | null {
    if (method === 'POST' && path === '/v1/customers') {
      const customer: FakeCustomer = {
        id: randomId('cus'),
        object: 'customer',
        email: typeof body.email === 'string' ? body.email : null,
        name: typeof body.name === 'string' ? body.name : null,
        metadata: strings(body.metadata),
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { ...customer };
    }
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'GET' && customer) return { ...retrieve(customers, customer[1]!, 'customer', 'id') };
    const price = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (method === 'GET' && price) return { ...retrieve(prices, price[1]!, 'price', 'price') };
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sub) return structuredClone(retrieve(subscriptions, sub[1]!, 'subscription', 'id')) as unknown as Json;
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = requireParam(body, 'customer');
      if (!customers.has(id)) throw new StripeWireError(400, 'invalid_request_error', `No such customer: '${id}'`, { code: 'resource_missing', param: 'customer' });
      const returnUrl = typeof body.return_url === 'string' ? body.return_url : '';
      const sessionId = randomId('bps');
      portalSessions.set(sessionId, { customer: id, return_url: returnUrl });
      return { id: sessionId, object: 'billing_portal.session', customer: id, return_url: returnUrl || null, url: fake.portalUrl ?? `${url}/p/session/${sessionId}`, created: now(), livemode: false };
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const who = typeof body.customer === 'string' ? body.customer : null;
      const limit = typeof body.limit === 'string' ? int(body.limit, 'limit') : 10;
      if (limit < 1 || limit > 100) throw new StripeWireError(400, 'invalid_request_error', 'Invalid integer: limit must be between 1 and 100', { param: 'limit' });
      const data = [...invoices.values()].filter((i) => !who || i.customer === who).sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
      return { object: 'list', data: data.slice(0, limit).map((i) => ({ ...i })), has_more: data.length > limit, url: '/v1/invoices' };
    }
    return null;
  }

  /** The subscription a paid subscription-mode session makes, and its first invoice (paid). */
  function startSubscription(session: FakeCheckoutSession): FakeSubscription {
    const plan = subscriptionPlans.get(session.id)!;
    const start = now();
    const sub: FakeSubscription = {
      id: randomId('sub'),
      object: 'subscription',
      customer: session.customer ?? '',
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: { ...plan.metadata },
      items: { object: 'list', data: [{ id: randomId('si'), object: 'subscription_item', price: { ...plan.price }, quantity: 1, current_period_start: start, current_period_end: start + 30 * 24 * 3600 }] },
      latest_invoice: null,
      created: start,
      livemode: false,
    };
    subscriptions.set(sub.id, sub);
    sub.latest_invoice = newInvoice(sub, 'paid').id;
    return sub;
  }

  function newInvoice(sub: FakeSubscription, status: FakeInvoice['status']): FakeInvoice {
    const id = randomId('in');
    const amount = sub.items.data[0]!.price.unit_amount;
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      customer: sub.customer,
      number: `SBTEST-${String(invoices.size + 1).padStart(4, '0')}`,
      status,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: sub.items.data[0]!.price.currency,
      hosted_invoice_url: `${url}/i/${id}`,
      invoice_pdf: `${url}/i/${id}/pdf`,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
      created: now(),
      livemode: false,
    };
    invoices.set(id, invoice);
    return invoice;
  }

  /** The customer portal (GET /p/session/{id}) and its Cancel (POST /p/session/{id}/cancel); invoice pages (/i/{id}, /i/{id}/pdf). */
  async function billingPage(method: string, path: string, res: http.ServerResponse): Promise<boolean> {
    const portal = /^\/p\/session\/([^/]+)(\/cancel)?$/.exec(path);
    if (portal) {
      const session = portalSessions.get(decodeURIComponent(portal[1]!));
      if (!session) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>Billing</title><p>This portal session is no longer available.</p>');
        return true;
      }
      const active = [...subscriptions.values()].filter((s) => s.customer === session.customer && s.status !== 'canceled');
      if (method === 'POST' && portal[2]) {
        for (const sub of active) {
          const delivery = await fake.updateSubscription(sub.id, { status: 'canceled' });
          if (delivery.status !== 200) throw new Error(`the app refused customer.subscription.deleted: ${delivery.status} ${delivery.body}`);
        }
        res.writeHead(303, { location: session.return_url || url });
        res.end();
        return true;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><meta charset="utf-8"><title>Billing portal (test)</title></head><body><h1>Your subscription</h1>` +
          (active.length
            ? active.map((s) => `<p>${escape(s.items.data[0]!.price.currency.toUpperCase())} ${(s.items.data[0]!.price.unit_amount / 100).toFixed(2)} / ${escape(s.items.data[0]!.price.recurring?.interval ?? '')} (${escape(s.status)})</p>`).join('') +
              `<form method="post" action="/p/session/${encodeURIComponent(portal[1]!)}/cancel"><button type="submit">Cancel plan</button></form>`
            : '<p>No active subscription.</p>') +
          `<p><a href="${escape(session.return_url)}">Return</a></p></body></html>`,
      );
      return true;
    }
    const inv = /^\/i\/([^/]+)(\/pdf)?$/.exec(path);
    if (inv) {
      const invoice = invoices.get(decodeURIComponent(inv[1]!));
      if (!invoice) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('No such invoice');
        return true;
      }
      if (inv[2]) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(`%PDF-1.4\n% invoice ${invoice.number}\n%%EOF\n`);
      } else {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Invoice ${escape(invoice.number)}</title><h1>Invoice ${escape(invoice.number)}</h1><p>${escape(invoice.status)}</p>`);
      }
      return true;
    }
    return false;
  }

  const filled = (target: string, id: string) => target.replaceAll('{CHECKOUT_SESSION_ID}', id);
  const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

  /** The buyer's side: GET /c/pay/{id} shows the session with Pay and Cancel; POST /c/pay/{id} pays. */
  async function checkoutPage(method: string, path: string, res: http.ServerResponse): Promise<boolean> {
    const m = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (!m) return false;
    const session = checkoutSessions.get(decodeURIComponent(m[1]!));
    if (!session || session.status !== 'open') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Checkout</title><p>This checkout session is no longer available.</p>');
      return true;
    }
    if (method === 'POST') {
      const delivery = await fake.completeCheckout(session.id);
      if (delivery.status !== 200) throw new Error(`the app refused checkout.session.completed: ${delivery.status} ${delivery.body}`);
      // Subscription mode: Stripe then tells of the subscription and its first invoice.
      if (session.subscription) {
        for (const type of ['customer.subscription.created', 'invoice.paid']) {
          const sub = subscriptions.get(session.subscription)!;
          const next = await deliver(fake.billingEvent(type, type.startsWith('invoice.') ? sub.latest_invoice! : sub.id));
          if (next.status !== 200) throw new Error(`the app refused ${type}: ${next.status} ${next.body}`);
        }
      }
      res.writeHead(303, { location: filled(session.success_url, session.id) });
      res.end();
      return true;
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>Checkout (test)</title></head><body>` +
        `<h1>Pay ${escape(amount)}</h1><p>${escape(session.customer_email ?? '')}</p>` +
        `<form method="post" action="/c/pay/${encodeURIComponent(session.id)}"><button type="submit">Pay</button></form>` +
        `<p><a href="${escape(filled(session.cancel_url, session.id))}">Cancel</a></p></body></html>`,
    );
    return true;
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
      if (target.pathname.startsWith('/p/session/') || target.pathname.startsWith('/i/')) {
        billingPage(method, target.pathname, res).catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        });
        return;
      }
      if (target.pathname.startsWith('/c/pay/')) {
        checkoutPage(method, target.pathname, res).catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        });
        return;
      }
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
    checkoutUrl: null,
    checkoutSessions,
    webhook: null,
    async completeCheckout(sessionId, options = {}) {
      const session = sessionOf(sessionId);
      const payment = payments.get(sessionId)!;
      const paid = (options.payment_status ?? 'paid') === 'paid';
      if (session.mode === 'subscription') {
        Object.assign(session, { status: 'complete', url: null, payment_status: paid ? 'paid' : 'unpaid' });
        if (paid && !session.subscription) session.subscription = startSubscription(session).id;
        return deliver(fake.sessionEvent(sessionId, 'checkout.session.completed'));
      }
      Object.assign(session, { status: 'complete', url: null, payment_status: paid ? 'paid' : 'unpaid', payment_intent: session.payment_intent ?? randomId('pi') });
      if (paid) payment.chargeId ??= randomId('ch');
      return deliver(fake.sessionEvent(sessionId, 'checkout.session.completed'));
    },
    async expireCheckout(sessionId) {
      Object.assign(sessionOf(sessionId), { status: 'expired', url: null });
      return deliver(fake.sessionEvent(sessionId, 'checkout.session.expired'));
    },
    async refund(sessionId) {
      sessionOf(sessionId);
      payments.get(sessionId)!.refunded = true;
      return deliver(fake.sessionEvent(sessionId, 'charge.refunded'));
    },
    async dispute(sessionId, status = 'needs_response') {
      sessionOf(sessionId);
      const closed = status === 'won' || status === 'lost' || status === 'warning_closed';
      return deliver(fake.sessionEvent(sessionId, closed ? 'charge.dispute.closed' : 'charge.dispute.created'), status);
    },
    sessionEvent(sessionId, type) {
      const session = sessionOf(sessionId);
      const payment = payments.get(sessionId)!;
      let object: Json = { ...session };
      if (type.startsWith('charge.')) {
        if (!payment.chargeId || !session.payment_intent) throw new Error(`session ${sessionId} was not paid on the fake Stripe`);
        const charge = {
          id: payment.chargeId,
          object: 'charge',
          amount: session.amount_total,
          amount_captured: session.amount_total,
          amount_refunded: payment.refunded ? session.amount_total : 0,
          refunded: payment.refunded,
          currency: session.currency,
          paid: true,
          status: 'succeeded',
          payment_intent: session.payment_intent,
          application_fee_amount: payment.applicationFee,
          transfer_data: payment.destination ? { amount: null, destination: payment.destination } : null,
          metadata: { ...payment.metadata },
          created: session.created,
          livemode: false,
        };
        object = type.startsWith('charge.dispute.')
          ? { id: randomId('dp'), object: 'dispute', amount: session.amount_total, currency: session.currency, charge: charge.id, payment_intent: session.payment_intent, reason: 'fraudulent', status: 'needs_response', metadata: {}, created: now(), livemode: false }
          : charge;
      }
      return {
        id: randomId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      } as unknown as Stripe.Event;
    },
    customers,
    prices,
    subscriptions,
    invoices,
    portalUrl: null,
    createPrice(unitAmount, interval = 'month') {
      const price: FakePrice = {
        id: randomId('price'),
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: unitAmount,
        recurring: { interval, interval_count: 1 },
        product: randomId('prod'),
        type: 'recurring',
        created: now(),
        livemode: false,
      };
      prices.set(price.id, price);
      return { ...price };
    },
    deleteCustomer(id) {
      customers.delete(id);
    },
    async updateSubscription(id, patch) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id} on the fake Stripe`);
      Object.assign(sub, patch);
      if (sub.status === 'canceled') sub.canceled_at = now();
      return deliver(fake.billingEvent(sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', id));
    },
    async failRenewal(id) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id} on the fake Stripe`);
      const invoice = newInvoice(sub, 'open');
      sub.latest_invoice = invoice.id;
      const failed = await deliver(fake.billingEvent('invoice.payment_failed', invoice.id));
      return [failed, await fake.updateSubscription(id, { status: 'past_due' })];
    },
    billingEvent(type, objectId) {
      const object = type.startsWith('invoice.') ? invoices.get(objectId) : subscriptions.get(objectId);
      if (!object) throw new Error(`no ${type.startsWith('invoice.') ? 'invoice' : 'subscription'} ${objectId} on the fake Stripe`);
      return {
        id: randomId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        type,
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      } as unknown as Stripe.Event;
    },
    deliver: (event) => deliver(event),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  function sessionOf(id: string): FakeCheckoutSession {
    const session = checkoutSessions.get(id);
    if (!session) throw new Error(`no checkout session ${id} on the fake Stripe`);
    return session;
  }

  /** Sends the event to the configured webhook (a dispute's status set first). */
  async function deliver(event: Stripe.Event, disputeStatus?: string): Promise<Delivery> {
    if (!fake.webhook) throw new Error('the fake Stripe has no webhook to deliver to (set fake.webhook)');
    if (disputeStatus) (event.data.object as unknown as Json).status = disputeStatus;
    const answer = await sendWebhook(fake.webhook.url, event, fake.webhook.secret);
    return { event, ...answer };
  }

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
