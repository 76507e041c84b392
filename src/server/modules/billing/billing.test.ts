// Sellers' payment accounts through Stripe Connect, on the test database, against a local server
// that speaks Stripe's HTTP API (testing/stripe.ts) through the official SDK: a server without keys
// says paid templates are off; connecting creates one Express account per workspace and answers
// Stripe's onboarding link; a check after onboarding reads Stripe's state; the signed
// account.updated webhook opens paid templates, and nothing unsigned, altered, stale or repeated
// changes anything; and who may call each route (anonymous, owner, editor, other owner, app user,
// admin).
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_LIMITS, STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import { accountUpdatedEvent, sendWebhook, startFakeStripe } from '../../testing/stripe';
import { CALLER_ROLES, createTestApp, joinAsEditor, signedInCallers, signUp, unexpectedAnswers, type CallerRole, type RoleCall, type TestApp, type TestUser } from '../../testing/app';
import { stripeTestServer, stripeWebhooks, testServer, testUser } from '../../testing/server';
import { PAID_REASONS } from './connect';
import { STRIPE_API_VERSION, stripeOptions } from '../../platform/stripe';

const WEBHOOK_SECRET = 'whsec_test_sheetboard_0123456789abcdef';
const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});

async function workspaceIdOf(t: TestApp, user: TestUser): Promise<string> {
  return (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', user.id).executeTakeFirstOrThrow()).id;
}

async function accountRow(t: TestApp, user: TestUser) {
  return t.ctx.db.selectFrom('stripe_accounts').selectAll().where('workspace_id', '=', await workspaceIdOf(t, user)).executeTakeFirst();
}

async function newApp(t: TestApp, owner: TestUser, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name, kind: 'multipage', public: true } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().app.id as string;
}

describe("the SDK's options", () => {
  it.each([
    [null, {}],
    ['http://127.0.0.1:12111', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['https://stripe-proxy.example.com', { host: 'stripe-proxy.example.com', port: 443, protocol: 'https' }],
    ['http://[::1]:8420', { host: '::1', port: 8420, protocol: 'http' }],
  ])('STRIPE_API_URL %s', (url, where) => {
    const options = stripeOptions({ stripeApiUrl: url });
    expect(options).toMatchObject({ apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 2, timeout: 15_000, ...where });
    if (!url) expect(options).not.toHaveProperty('host');
  });
});

describe('without STRIPE_SECRET_KEY: paid templates are off', () => {
  const t = testServer();
  const owner = testUser(t, 'Nora No-keys');

  it('the status says not configured, connecting is refused with the reason, the webhook is unavailable', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/billing/connect', headers: as(owner) });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ configured: false, account: null, can_submit_paid: false });
    for (const url of ['/api/billing/connect', '/api/billing/connect/refresh']) {
      const res = await t.app.inject({ method: 'POST', url, headers: as(owner) });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(PAID_REASONS.off);
    }
    const check = await t.app.inject({ method: 'GET', url: '/api/multipage/marketplace/check-stripe-submit-status', headers: as(owner) });
    expect(check.json()).toEqual({ can_submit_paid: false, reason: PAID_REASONS.off });
    const hook = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
    expect(hook.statusCode).toBe(503);
    expect(hook.json().message).toBe(STRIPE_MESSAGES.webhookOff);
    expect(await t.ctx.db.selectFrom('stripe_accounts').selectAll().execute()).toEqual([]);
  });
});

describe('with Stripe (a local server speaking its API)', () => {
  const { stripe, t } = stripeTestServer({ stripeWebhookSecret: WEBHOOK_SECRET });
  const hook = stripeWebhooks(t);
  let owner: TestUser;
  let other: TestUser;
  let editor: TestUser;
  let ownerApp: string;
  let otherApp: string;

  beforeAll(async () => {
    owner = await signUp(t.app, 'Olga Owner');
    other = await signUp(t.app, 'Otto Other');
    editor = await signUp(t.app, 'Erin Editor');
    await joinAsEditor(t, owner, editor);
    ownerApp = await newApp(t, owner, 'Olga Templates');
    otherApp = await newApp(t, other, 'Otto Templates');
  });

  const check = async (user: TestUser, appId?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/check-stripe-submit-status${appId ? `?app_id=${appId}` : ''}`, headers: as(user) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { can_submit_paid: boolean; reason?: string };
  };

  it("the SDK's calls reach the local server through its host, port and protocol, in Stripe's wire format", async () => {
    const client = new Stripe(stripe.secretKey, stripeOptions({ stripeApiUrl: stripe.url }));
    stripe.requests.length = 0;
    const created = await client.accounts.create({ type: 'express', email: 'wire@example.com', metadata: { workspace_id: 'ws1' }, capabilities: { transfers: { requested: true } } });
    expect(created).toMatchObject({ object: 'account', type: 'express', email: 'wire@example.com', metadata: { workspace_id: 'ws1' }, charges_enabled: false });
    const req = stripe.requests[0]!;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/accounts', body: { type: 'express', metadata: { workspace_id: 'ws1' }, capabilities: { transfers: { requested: 'true' } } } });
    expect(req.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(req.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.headers['user-agent']).toMatch(/^Stripe\/v1 NodeBindings\//);
    expect((await client.accounts.retrieve(created.id)).id).toBe(created.id);
    // Stripe's error shape reaches the SDK as its typed errors.
    await expect(client.accounts.retrieve('acct_nope')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 });
    const wrongKey = new Stripe('sk_test_wrong_key_123456', stripeOptions({ stripeApiUrl: stripe.url }));
    await expect(wrongKey.accounts.retrieve(created.id)).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    stripe.deleteAccount(created.id);
  });

  it('before connecting: configured, no account, and a paid template is refused with the reason', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/billing/connect', headers: as(owner) });
    expect(status.json()).toEqual({ configured: true, account: null, can_submit_paid: false });
    expect(await check(owner)).toEqual({ can_submit_paid: false, reason: PAID_REASONS.notConnected });
  });

  it('connecting creates one Express account for the workspace and answers the onboarding link; a second click reuses it', async () => {
    stripe.requests.length = 0;
    const first = await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(owner) });
    expect(first.statusCode, first.body).toBe(200);
    const row = await accountRow(t, owner);
    expect(row).toMatchObject({ charges_enabled: 0, payouts_enabled: 0, details_submitted: 0 });
    expect(first.json().url).toMatch(new RegExp(`^${stripe.url}/setup/e/${row!.account_id}/`));
    const created = stripe.requests.filter((r) => r.path === '/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({ type: 'express', email: owner.email, metadata: { workspace_id: await workspaceIdOf(t, owner) } });
    expect(created[0]!.headers['idempotency-key']).toMatch(/^sheetboard-connect-/);
    const link = stripe.requests.find((r) => r.path === '/v1/account_links')!;
    expect(link.body).toEqual({
      account: row!.account_id,
      type: 'account_onboarding',
      refresh_url: 'http://localhost:3000/dashboard/accountbilling?stripe=refresh',
      return_url: 'http://localhost:3000/dashboard/accountbilling?stripe=return',
    });

    const second = await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(owner) });
    expect(second.statusCode).toBe(200);
    expect(second.json().url).not.toBe(first.json().url);
    expect(stripe.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);
    expect((await accountRow(t, owner))!.account_id).toBe(row!.account_id);

    const status = await t.app.inject({ method: 'GET', url: '/api/billing/connect', headers: as(owner) });
    expect(status.json()).toEqual({ configured: true, account: { id: row!.account_id, charges_enabled: false, payouts_enabled: false, details_submitted: false }, can_submit_paid: false });
    expect(await check(owner)).toEqual({ can_submit_paid: false, reason: PAID_REASONS.incomplete });
  });

  it('two clicks at once still make one account', async () => {
    const user = await signUp(t.app, 'Dora Double');
    const [a, b] = await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(user) })));
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const mine = [...stripe.accounts.values()].filter((acc) => acc.email === user.email);
    expect(mine).toHaveLength(1);
    expect((await accountRow(t, user))!.account_id).toBe(mine[0]!.id);
  });

  it("a check after onboarding reads Stripe's state and stores it", async () => {
    const row = (await accountRow(t, owner))!;
    stripe.setAccount(row.account_id, { details_submitted: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/connect/refresh', headers: as(owner) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ configured: true, account: { id: row.account_id, charges_enabled: false, payouts_enabled: false, details_submitted: true }, can_submit_paid: false });
    expect(await accountRow(t, owner)).toMatchObject({ details_submitted: 1, charges_enabled: 0 });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/accounts/${row.account_id}` });
  });

  it('refused webhooks change nothing: no signature, a tampered body, another secret, a stale timestamp', async () => {
    const row = (await accountRow(t, owner))!;
    const account = stripe.setAccount(row.account_id, { charges_enabled: true, payouts_enabled: true });
    const event = accountUpdatedEvent(account);
    const refused = [
      await sendWebhook(hook.url, event, WEBHOOK_SECRET, { tamper: true }),
      await sendWebhook(hook.url, event, 'whsec_someone_else_entirely'),
      await sendWebhook(hook.url, event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    const unsigned = await fetch(hook.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    refused.push({ status: unsigned.status, body: await unsigned.text() });
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body).message).toBe(STRIPE_MESSAGES.badSignature);
    }
    expect(await accountRow(t, owner)).toMatchObject({ charges_enabled: 0, payouts_enabled: 0 });
    expect(await t.ctx.db.selectFrom('stripe_events').selectAll().where('id', '=', event.id).execute()).toEqual([]);
    expect(await check(owner)).toEqual({ can_submit_paid: false, reason: PAID_REASONS.incomplete });
  });

  it('a signed account.updated with charges and payouts enabled opens paid templates (for the app of the workspace too)', async () => {
    const row = (await accountRow(t, owner))!;
    const account = stripe.accounts.get(row.account_id)!;
    const res = await sendWebhook(hook.url, accountUpdatedEvent(account), WEBHOOK_SECRET);
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: true });
    expect(await accountRow(t, owner)).toMatchObject({ charges_enabled: 1, payouts_enabled: 1, details_submitted: 1 });
    expect(await check(owner)).toEqual({ can_submit_paid: true });
    expect(await check(owner, ownerApp)).toEqual({ can_submit_paid: true });
    // The workspace's editor asks for the app's workspace, and for their own without app_id.
    expect(await check(editor, ownerApp)).toEqual({ can_submit_paid: true });
    expect(await check(editor)).toEqual({ can_submit_paid: false, reason: PAID_REASONS.notConnected });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/connect', headers: as(owner) })).json().can_submit_paid).toBe(true);
  });

  it('a repeated event is handled once; an older event delivered late changes nothing; other types are acknowledged', async () => {
    const row = (await accountRow(t, owner))!;
    const created = Math.floor(Date.now() / 1000) + 2;
    // Onboarding undone (Stripe asks for more details), then done again, both in the same second.
    const off = accountUpdatedEvent(stripe.setAccount(row.account_id, { charges_enabled: false }), { created });
    expect((await sendWebhook(hook.url, off, WEBHOOK_SECRET)).status).toBe(200);
    expect(await check(owner)).toEqual({ can_submit_paid: false, reason: PAID_REASONS.incomplete });
    const on = accountUpdatedEvent(stripe.setAccount(row.account_id, { charges_enabled: true }), { created });
    expect((await sendWebhook(hook.url, on, WEBHOOK_SECRET)).status).toBe(200);
    expect(await check(owner)).toEqual({ can_submit_paid: true });
    // Stripe delivers the first again: acknowledged, not applied.
    const again = await sendWebhook(hook.url, off, WEBHOOK_SECRET);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
    expect(await check(owner)).toEqual({ can_submit_paid: true });
    expect(await t.ctx.db.selectFrom('stripe_events').select('id').where('id', 'in', [off.id, on.id]).execute()).toHaveLength(2);
    // An event from an hour before, arriving now: remembered, but the newer state stays.
    const late = accountUpdatedEvent({ ...stripe.accounts.get(row.account_id)!, charges_enabled: false }, { created: created - 3600 });
    expect((await sendWebhook(hook.url, late, WEBHOOK_SECRET)).status).toBe(200);
    expect(await check(owner)).toEqual({ can_submit_paid: true });
    // A type this server does not handle, and an account that is not one of ours.
    const other = { ...accountUpdatedEvent(stripe.accounts.get(row.account_id)!), type: 'payout.paid' };
    const ignored = await sendWebhook(hook.url, other, WEBHOOK_SECRET);
    expect(ignored.status).toBe(200);
    expect(JSON.parse(ignored.body)).toEqual({ received: true, ignored: true });
    expect(await t.ctx.db.selectFrom('stripe_events').select('id').where('id', '=', other.id).execute()).toEqual([]);
    const stranger = accountUpdatedEvent({ ...stripe.accounts.get(row.account_id)!, id: 'acct_not_ours' });
    expect((await sendWebhook(hook.url, stranger, WEBHOOK_SECRET)).status).toBe(200);
    expect(await check(owner)).toEqual({ can_submit_paid: true });
  });

  it("the webhook's body is bounded", async () => {
    const big = JSON.stringify({ id: 'evt_big', pad: 'x'.repeat(STRIPE_LIMITS.webhookBodyMaxBytes) });
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: big });
    expect(res.statusCode).toBe(413);
  });

  it("an app_id of someone else's app is refused; an unknown one is 404, a malformed one 400", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/check-stripe-submit-status?app_id=${otherApp}`, headers: as(owner) });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('can_submit_paid');
    expect((await t.app.inject({ method: 'GET', url: '/api/multipage/marketplace/check-stripe-submit-status?app_id=nosuchapp', headers: as(owner) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/check-stripe-submit-status?app_id=${'x'.repeat(65)}`, headers: as(owner) })).statusCode).toBe(400);
  });

  it('an account Stripe no longer knows is forgotten by the check, and connecting makes a new one', async () => {
    const user = await signUp(t.app, 'Gina Gone');
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(user) })).statusCode).toBe(200);
    const gone = (await accountRow(t, user))!.account_id;
    stripe.deleteAccount(gone);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/billing/connect/refresh', headers: as(user) });
    expect(refreshed.json()).toEqual({ configured: true, account: null, can_submit_paid: false });
    expect(await accountRow(t, user)).toBeUndefined();
    // The same through the link: the stored account is gone when the link is asked for.
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(user) })).statusCode).toBe(200);
    const second = (await accountRow(t, user))!.account_id;
    expect(second).not.toBe(gone);
    stripe.deleteAccount(second);
    const link = await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(user) });
    expect(link.statusCode, link.body).toBe(200);
    const third = (await accountRow(t, user))!.account_id;
    expect(third).not.toBe(second);
    expect(link.json().url).toContain(`/setup/e/${third}/`);
  });

  it('only a web address from Stripe is handed to the browser', async () => {
    const user = await signUp(t.app, 'Hal Hostile');
    for (const hostile of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', '//evil.example/onboard']) {
      stripe.linkUrl = hostile;
      try {
        const res = await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(user) });
        expect(res.statusCode, hostile).toBe(502);
        expect(res.json().message).toBe(STRIPE_MESSAGES.unreachable);
        expect(res.body).not.toContain('alert');
      } finally {
        stripe.linkUrl = null;
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(user) })).json().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/setup\/e\/acct_/);
  });

  it('each owner has a budget of calls to Stripe', async () => {
    const user = await signUp(t.app, 'Ivy Impatient');
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(user) })).statusCode).toBe(200);
    for (let i = 1; i < STRIPE_LIMITS.connectCallsPerOwner; i++)
      expect((await t.app.inject({ method: 'POST', url: '/api/billing/connect/refresh', headers: as(user) })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/billing/connect/refresh', headers: as(user) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests to Stripe\. Please wait \d+ minutes? and try again\.$/);
    // Another owner is not held back.
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/connect/refresh', headers: as(other) })).statusCode).toBe(200);
  });
});

describe('when Stripe cannot be reached or refuses the keys', () => {
  it('the owner is told in words, and nothing is stored', async () => {
    const stripe = await startFakeStripe();
    const closedUrl = stripe.url;
    await stripe.close();
    const down = await createTestApp({ stripeSecretKey: 'sk_test_whatever', stripeApiUrl: closedUrl });
    try {
      const owner = await signUp(down.app, 'Una Unreachable');
      const res = await down.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(owner) });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(STRIPE_MESSAGES.unreachable);
      expect(await down.ctx.db.selectFrom('stripe_accounts').selectAll().execute()).toEqual([]);
    } finally {
      await down.close();
    }
    const live = await startFakeStripe();
    const wrong = await createTestApp({ stripeSecretKey: 'sk_test_not_the_platform_key', stripeApiUrl: live.url });
    try {
      const owner = await signUp(wrong.app, 'Walt Wrong-key');
      const res = await wrong.app.inject({ method: 'POST', url: '/api/billing/connect', headers: as(owner) });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(STRIPE_MESSAGES.misconfigured);
      expect(res.body).not.toContain('sk_test');
    } finally {
      await wrong.close();
      await live.close();
    }
  });
});

describe('who may call the billing routes', () => {
  const { stripe, t } = stripeTestServer({ stripeWebhookSecret: WEBHOOK_SECRET });
  let cookies: Record<CallerRole, string | undefined>;
  let appId: string;

  beforeAll(async () => {
    ({ cookies, appId } = await signedInCallers(t));
  });

  const signedIn = (role: CallerRole) => (['owner', 'workspace editor', 'other owner'].includes(role) ? 200 : 401);
  const CALLS: RoleCall<CallerRole>[] = [
    { name: 'connect status', method: 'GET', url: () => '/api/billing/connect', expected: signedIn },
    { name: 'connect link', method: 'POST', url: () => '/api/billing/connect', expected: signedIn },
    { name: 'connect refresh', method: 'POST', url: () => '/api/billing/connect/refresh', expected: signedIn },
    { name: 'paid status (own workspace)', method: 'GET', url: () => '/api/multipage/marketplace/check-stripe-submit-status', expected: signedIn },
    {
      name: "paid status (the owner's app)",
      method: 'GET',
      url: () => `/api/multipage/marketplace/check-stripe-submit-status?app_id=${appId}`,
      expected: (role) => (role === 'owner' || role === 'workspace editor' ? 200 : role === 'other owner' ? 403 : 401),
    },
    // Unsigned: refused whoever sends it (the signature is the only check).
    {
      name: 'webhook, unsigned',
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: async () => JSON.stringify(accountUpdatedEvent(await firstAccount())),
      expected: () => 400,
    },
  ];

  it('every role × every route answers as the rules promise', async () => {
    expect(await unexpectedAnswers(t, CALLS, CALLER_ROLES, cookies)).toEqual([]);
  });

  it('a signed webhook is taken from anyone who holds the signature, whatever cookies come with it', async () => {
    const account = await firstAccount();
    for (const role of CALLER_ROLES) {
      const signedEvent = accountUpdatedEvent(account);
      const payload = JSON.stringify(signedEvent);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const cookie = cookies[role];
      const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...(cookie ? { cookie } : {}) }, payload });
      expect(res.statusCode, `${role} ${res.body}`).toBe(200);
    }
  });

  /** An account of the fake Stripe (the matrix's owners connected theirs). */
  async function firstAccount() {
    const known = [...stripe.accounts.values()][0];
    if (known) return known;
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/connect', headers: { cookie: cookies.owner! } });
    expect(res.statusCode).toBe(200);
    return [...stripe.accounts.values()][0]!;
  }
});
