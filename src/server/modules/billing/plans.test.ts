// Plans (issue 18), on the test database, against the local Stripe-protocol server through the
// official SDK: the free plan's limits; PLAN=pro; Upgrade (a Checkout Session in subscription mode
// for the workspace's one customer), paying it (signed webhooks open the plan), the customer portal
// (cancelling closes it), invoices from Stripe, refused and repeated webhooks; lifetime codes
// (generate, one use, stacking, refusals, revocation, brute-force budgets); the app limit; and who
// may call every new route.
import { beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import { CODE_LIMITS, CODE_MESSAGES, CODE_PATTERN, FREE_LIMITS, LIFETIME_TIERS, PLAN_MESSAGES, PRO_LIMITS } from '../../../shared/rules/plans';
import { sendWebhook, stripeSettings } from '../../testing/stripe';
import { CALLER_ROLES, createTestApp, signedInCallers, signInAdmin, signUp, unexpectedAnswers, type CallerRole, type RoleCall, type TestApp, type TestUser } from '../../testing/app';
import { stripeTestServer, stripeWebhooks, testServer, testUser } from '../../testing/server';

const WEBHOOK_SECRET = 'whsec_test_plans_0123456789abcdef';
const as = (u?: TestUser | string) => (u ? { cookie: typeof u === 'string' ? u : u.cookie } : {});

async function workspaceIdOf(t: TestApp, user: TestUser): Promise<string> {
  return (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', user.id).executeTakeFirstOrThrow()).id;
}

async function plan(t: TestApp, user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/billing/plan', headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function isFree(t: TestApp, user: TestUser): Promise<boolean> {
  return (await t.app.inject({ method: 'GET', url: '/api/board/workspace', headers: as(user) })).json().is_free_plan;
}

describe('without Stripe keys', () => {
  const t = testServer();
  const owner = testUser(t, 'Fay Free');

  it('a new workspace is on the free plan with its limits; Upgrade and the portal say why they are off; no invoices', async () => {
    const p = await plan(t, owner);
    expect(p).toMatchObject({
      plan: 'free',
      is_free_plan: true,
      self_hosted: false,
      limits: { embed: false, apps: FREE_LIMITS.apps, upload_mb: t.ctx.config.uploadQuotaMb },
      usage: { apps: 1 },
      upgrade: { available: false, amount_cents: 1900, currency: 'usd', interval: 'month' },
      subscription: null,
      has_customer: false,
      codes: { count: 0, max: 3, redeemed: [] },
    });
    expect(await isFree(t, owner)).toBe(true);
    for (const url of ['/api/billing/plan/checkout', '/api/billing/plan/portal']) {
      const res = await t.app.inject({ method: 'POST', url, headers: as(owner) });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(PLAN_MESSAGES.billingOff);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: as(owner) })).json()).toEqual({ invoices: [] });
  });

  it(`the free plan holds ${FREE_LIMITS.apps} apps; the next is refused in words, and a lifetime code makes room`, async () => {
    const user = await signUp(t.app, 'Max Many');
    // The example board is the first.
    for (let i = 2; i <= FREE_LIMITS.apps!; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(user), payload: { name: `App ${i}`, kind: 'board' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(user), payload: { name: 'One too many', kind: 'board' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PLAN_MESSAGES.appLimit(FREE_LIMITS.apps!));
    const admin = await signInAdmin(t);
    const [code] = (await t.app.inject({ method: 'POST', url: '/api/admin/codes', headers: as(admin), payload: { count: 1 } })).json().codes as string[];
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/codes/redeem', headers: as(user), payload: { code } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(user), payload: { name: 'Now there is room', kind: 'board' } })).statusCode).toBe(201);
  });
});

describe('PLAN=pro (self-hosted, everything unlocked)', () => {
  it('every workspace is paid, with no Stripe and nothing to buy', async () => {
    const t = await createTestApp({ plan: 'pro' });
    try {
      const owner = await signUp(t.app, 'Sam Selfhost');
      // Even one stored as free (made before PLAN=pro was set).
      await t.ctx.db.updateTable('workspaces').set({ is_free_plan: 1 }).where('owner_id', '=', owner.id).execute();
      expect(await isFree(t, owner)).toBe(false);
      expect(await plan(t, owner)).toMatchObject({ plan: 'pro', is_free_plan: false, self_hosted: true, limits: { embed: true, apps: null }, upgrade: { available: false } });
      const res = await t.app.inject({ method: 'POST', url: '/api/billing/plan/checkout', headers: as(owner) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PLAN_MESSAGES.selfHosted);
    } finally {
      await t.close();
    }
  });
});

describe('the Pro plan through Stripe Billing (a local server speaking its API)', () => {
  const { stripe, t } = stripeTestServer({ stripeWebhookSecret: WEBHOOK_SECRET });
  const hook = stripeWebhooks(t, stripe, WEBHOOK_SECRET);
  const owner = testUser(t, 'Paula Pro');

  const checkout = async (user: TestUser) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/plan/checkout', headers: as(user) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  };
  const sessionOf = (url: string) => stripe.checkoutSessions.get(decodeURIComponent(url.split('/').pop()!))!;
  /** Pays on the local Checkout page, as the owner's browser would: Stripe delivers the events. */
  const pay = async (url: string) => {
    const res = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(res.status, await res.clone().text()).toBe(303);
    return res.headers.get('location')!;
  };
  const subscriptionOf = async (user: TestUser) =>
    t.ctx.db.selectFrom('billing_subscriptions').selectAll().where('workspace_id', '=', await workspaceIdOf(t, user)).orderBy('updated_at', 'desc').executeTakeFirst();

  it('Upgrade opens a Checkout Session in subscription mode for the workspace, with one Stripe customer for every click', async () => {
    expect(await plan(t, owner)).toMatchObject({ plan: 'free', upgrade: { available: true, amount_cents: 1900 } });
    stripe.requests.length = 0;
    const url = await checkout(owner);
    expect(url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const ws = await workspaceIdOf(t, owner);
    const created = stripe.requests.filter((r) => r.path === '/v1/customers');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toEqual({ email: owner.email, name: owner.name, metadata: { workspace_id: ws } });
    expect(created[0]!.headers['idempotency-key']).toMatch(/^sheetboard-customer-/);
    const customer = (await t.ctx.db.selectFrom('billing_customers').selectAll().where('workspace_id', '=', ws).executeTakeFirstOrThrow()).customer_id;
    const session = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(session.body).toEqual({
      mode: 'subscription',
      customer,
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '1900', recurring: { interval: 'month' }, product_data: { name: 'Sheetboard Pro' } } } },
      client_reference_id: ws,
      metadata: { workspace_id: ws, user_id: owner.id },
      subscription_data: { metadata: { workspace_id: ws } },
      success_url: 'http://localhost:3000/dashboard/accountbilling?upgrade=done&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/dashboard/accountbilling?upgrade=cancelled',
    });
    await checkout(owner);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(2);
    // Only the webhook opens the plan: the session exists, nothing is paid yet.
    expect(await isFree(t, owner)).toBe(true);
    expect(await plan(t, owner)).toMatchObject({ plan: 'free', has_customer: true, subscription: null });
  });

  it('before paying there is nothing to manage... then paying makes the workspace Pro through the signed webhooks', async () => {
    const url = await checkout(owner);
    const back = await pay(url);
    expect(back).toBe(`http://localhost:3000/dashboard/accountbilling?upgrade=done&session_id=${sessionOf(url).id}`);
    expect(await isFree(t, owner)).toBe(false);
    const p = await plan(t, owner);
    expect(p).toMatchObject({
      plan: 'pro',
      is_free_plan: false,
      limits: { embed: true, apps: null, upload_mb: PRO_LIMITS.uploadMb },
      subscription: { status: 'active', active: true, cancel_at_period_end: false, payment_failed: false },
      has_customer: true,
    });
    expect(Date.parse(p.subscription.current_period_end)).toBeGreaterThan(Date.now() + 20 * 24 * 3600_000);
    // Already Pro: no second subscription.
    const again = await t.app.inject({ method: 'POST', url: '/api/billing/plan/checkout', headers: as(owner) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PLAN_MESSAGES.alreadyPaid);
  });

  it("the invoices come from Stripe with links to Stripe's hosted invoice and its PDF", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: as(owner) });
    expect(res.statusCode, res.body).toBe(200);
    const { invoices } = res.json();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amount_cents: 1900, currency: 'usd', number: expect.stringMatching(/^SBTEST-/) });
    expect(invoices[0].hosted_url).toMatch(new RegExp(`^${stripe.url}/i/in_`));
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/invoices', body: { customer: expect.stringMatching(/^cus_/), limit: '24' } });
    const pdf = await fetch(invoices[0].pdf_url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // Another owner sees none of them.
    const other = await signUp(t.app, 'Nils Nosy');
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: as(other) })).json()).toEqual({ invoices: [] });
  });

  it('a refused renewal is told (Stripe keeps trying: still Pro); unpaid at last makes the workspace free', async () => {
    const sub = (await subscriptionOf(owner))!;
    const [failed, pastDue] = await stripe.failRenewal(sub.id);
    expect([failed!.status, pastDue!.status]).toEqual([200, 200]);
    expect(await plan(t, owner)).toMatchObject({ plan: 'pro', subscription: { status: 'past_due', active: true, payment_failed: true } });
    expect((await stripe.updateSubscription(sub.id, { status: 'unpaid' })).status).toBe(200);
    expect(await isFree(t, owner)).toBe(true);
    expect((await stripe.updateSubscription(sub.id, { status: 'active' })).status).toBe(200);
    // The card works again: the next invoice.paid clears the warning.
    const invoice = [...stripe.invoices.values()].find((i) => i.status === 'open')!;
    invoice.status = 'paid';
    expect((await stripe.deliver(stripe.billingEvent('invoice.paid', invoice.id))).status).toBe(200);
    expect(await plan(t, owner)).toMatchObject({ plan: 'pro', subscription: { status: 'active', payment_failed: false } });
  });

  it('refused webhooks change nothing: another secret, a stale timestamp, a tampered body', async () => {
    const sub = (await subscriptionOf(owner))!;
    const event = stripe.billingEvent('customer.subscription.deleted', sub.id);
    const refused = [
      await sendWebhook(hook.url, event, 'whsec_not_ours_at_all'),
      await sendWebhook(hook.url, event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    const payload = JSON.stringify(event);
    const { default: Stripe } = await import('stripe');
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(hook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload.replace('"active"', '"canceled"') });
    refused.push({ status: tampered.status, body: await tampered.text() });
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body).message).toBe(STRIPE_MESSAGES.badSignature);
    }
    expect(await isFree(t, owner)).toBe(false);
    expect(await t.ctx.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).execute()).toEqual([]);
  });

  it("the customer portal: Stripe's page for the workspace's customer; cancelling there makes the workspace free; a repeat or a late older event changes nothing", async () => {
    stripe.requests.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/plan/portal', headers: as(owner) });
    expect(res.statusCode, res.body).toBe(200);
    const portal = res.json().url as string;
    expect(portal).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`));
    const customer = (await t.ctx.db.selectFrom('billing_customers').select('customer_id').where('workspace_id', '=', await workspaceIdOf(t, owner)).executeTakeFirstOrThrow()).customer_id;
    expect(stripe.requests.at(-1)).toMatchObject({ path: '/v1/billing_portal/sessions', body: { customer, return_url: 'http://localhost:3000/dashboard/accountbilling' } });
    const before = (await subscriptionOf(owner))!;
    const stale = stripe.billingEvent('customer.subscription.updated', before.id);
    // Cancel in the portal: customer.subscription.deleted.
    const cancelled = await fetch(`${portal}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://localhost:3000/dashboard/accountbilling');
    expect(await isFree(t, owner)).toBe(true);
    expect(await plan(t, owner)).toMatchObject({ plan: 'free', subscription: { status: 'canceled', active: false } });
    // The same deletion again: a duplicate.
    const deleted = stripe.billingEvent('customer.subscription.deleted', before.id);
    expect((await stripe.deliver(deleted)).status).toBe(200);
    const repeat = await stripe.deliver(deleted);
    expect(JSON.parse(repeat.body)).toEqual({ received: true, duplicate: true });
    // An "active" snapshot from before the cancellation, delivered late: still free.
    expect((await stripe.deliver(stale)).status).toBe(200);
    expect(await isFree(t, owner)).toBe(true);
    // Upgrading again makes a new subscription for the same customer.
    await pay(await checkout(owner));
    expect(await isFree(t, owner)).toBe(false);
    expect(await t.ctx.db.selectFrom('billing_subscriptions').select('id').where('workspace_id', '=', await workspaceIdOf(t, owner)).execute()).toHaveLength(2);
  });

  it("events about customers this server did not make, or that name another workspace, change nothing", async () => {
    const stranger = await signUp(t.app, 'Sid Stranger');
    const sub = (await subscriptionOf(owner))!;
    const event = stripe.billingEvent('customer.subscription.updated', sub.id);
    (event.data.object as unknown as { customer: string }).customer = 'cus_unknown123';
    expect(JSON.parse((await stripe.deliver(event)).body)).toEqual({ received: true });
    const forged = stripe.billingEvent('customer.subscription.updated', sub.id);
    (forged.data.object as unknown as { metadata: Record<string, string> }).metadata = { workspace_id: await workspaceIdOf(t, stranger) };
    expect((await stripe.deliver(forged)).status).toBe(200);
    expect(await isFree(t, stranger)).toBe(true);
    expect(await isFree(t, owner)).toBe(false);
  });

  it('with STRIPE_PRO_PRICE_ID: the configured Price is sold and its amount shown', async () => {
    const price = stripe.createPrice(2900);
    const priced = await createTestApp({ ...stripeSettings(stripe), stripeWebhookSecret: WEBHOOK_SECRET, stripeProPriceId: price.id });
    try {
      const user = await signUp(priced.app, 'Pia Priced');
      const p = (await priced.app.inject({ method: 'GET', url: '/api/billing/plan', headers: as(user) })).json();
      expect(p.upgrade).toEqual({ available: true, amount_cents: 2900, currency: 'usd', interval: 'month' });
      stripe.requests.length = 0;
      const res = await priced.app.inject({ method: 'POST', url: '/api/billing/plan/checkout', headers: as(user) });
      expect(res.statusCode, res.body).toBe(200);
      expect(stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!.body.line_items).toEqual({ 0: { price: price.id, quantity: '1' } });
    } finally {
      await priced.close();
    }
  });

  it('a customer Stripe no longer knows is replaced; only a web address from Stripe reaches the browser', async () => {
    const user = await signUp(t.app, 'Gus Gone');
    await checkout(user);
    const first = (await t.ctx.db.selectFrom('billing_customers').select('customer_id').where('workspace_id', '=', await workspaceIdOf(t, user)).executeTakeFirstOrThrow()).customer_id;
    stripe.deleteCustomer(first);
    await checkout(user);
    const second = (await t.ctx.db.selectFrom('billing_customers').select('customer_id').where('workspace_id', '=', await workspaceIdOf(t, user)).executeTakeFirstOrThrow()).customer_id;
    expect(second).not.toBe(first);
    stripe.portalUrl = 'javascript:alert(document.cookie)';
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/billing/plan/portal', headers: as(user) });
      expect(res.statusCode).toBe(502);
      expect(res.body).not.toContain('alert');
    } finally {
      stripe.portalUrl = null;
    }
  });
});

describe('lifetime-deal codes', () => {
  const t = testServer();
  let admin: string;
  beforeAll(async () => {
    admin = await signInAdmin(t);
  });

  const generate = async (count: number, note = '') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/codes', headers: as(admin), payload: { count, note } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { batch_id: string; codes: string[] };
  };
  const redeem = (user: TestUser, code: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/billing/codes/redeem', headers: { ...as(user), ...headers }, payload: { code } });
  const list = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/admin/codes${query}`, headers: as(admin) })).json();

  it('an admin generates a batch: distinct codes in the published format, shown once (only a hash is stored)', async () => {
    const { codes, batch_id } = await generate(25, 'AppSumo launch');
    expect(new Set(codes).size).toBe(25);
    for (const c of codes) expect(c).toMatch(CODE_PATTERN);
    const stored = await t.ctx.db.selectFrom('lifetime_codes').selectAll().where('batch_id', '=', batch_id).execute();
    expect(stored).toHaveLength(25);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!);
    const page = await list('?status=unused');
    expect(page.counts.unused).toBeGreaterThanOrEqual(25);
    expect(page.codes[0]).toMatchObject({ batch_id, note: 'AppSumo launch', status: 'unused', redeemed_at: null });
    for (const bad of [{ count: 0 }, { count: CODE_LIMITS.batchMax + 1 }, { count: 'ten' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/codes', headers: as(admin), payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CODE_MESSAGES.batchSize);
    }
  });

  it('a code is used once: the lifetime plan for the workspace that redeems it; typed loosely it still works; a second owner hears it is used', async () => {
    const [code] = (await generate(1)).codes;
    const lena = await signUp(t.app, 'Lena Lifetime');
    const loose = code!.toLowerCase().replace(/-/g, ' ');
    const res = await redeem(lena, loose);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'lifetime', is_free_plan: false, limits: { embed: true, apps: LIFETIME_TIERS[0]!.apps, upload_mb: LIFETIME_TIERS[0]!.uploadMb }, codes: { count: 1, redeemed: [{ hint: code!.slice(-4) }] } });
    expect(await isFree(t, lena)).toBe(false);
    const again = await redeem(lena, code!);
    expect([again.statusCode, again.json().message]).toEqual([409, CODE_MESSAGES.used]);
    const other = await signUp(t.app, 'Olli Other');
    const taken = await redeem(other, code!);
    expect([taken.statusCode, taken.json().message]).toEqual([409, CODE_MESSAGES.used]);
    expect(await isFree(t, other)).toBe(true);
    const row = (await list('?status=redeemed')).codes.find((c: { hint: string }) => c.hint === code!.slice(-4));
    expect(row).toMatchObject({ status: 'redeemed', redeemed_email: lena.email, workspace_name: "Lena Lifetime's workspace" });
  });

  it('codes stack up to three, each raising the limits; the fourth is refused', async () => {
    const codes = (await generate(4)).codes;
    const sara = await signUp(t.app, 'Sara Stack');
    for (let i = 0; i < 3; i++) {
      const res = await redeem(sara, codes[i]!);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().limits).toMatchObject({ apps: LIFETIME_TIERS[i]!.apps, upload_mb: LIFETIME_TIERS[i]!.uploadMb });
      expect(res.json().codes.count).toBe(i + 1);
    }
    const fourth = await redeem(sara, codes[3]!);
    expect([fourth.statusCode, fourth.json().message]).toEqual([409, CODE_MESSAGES.stackMax]);
    // The fourth stays unused, for someone else.
    const rolf = await signUp(t.app, 'Rolf Rest');
    expect((await redeem(rolf, codes[3]!)).statusCode).toBe(200);
  });

  it("unknown and revoked codes are refused in words; revoking a redeemed code takes its tier away, the last one the paid plan", async () => {
    const uma = await signUp(t.app, 'Uma Unknown');
    for (const typed of ['SB-0000-0000-0000', 'not a code at all', '']) {
      const res = await redeem(uma, typed);
      expect([res.statusCode, res.json().message]).toEqual([404, CODE_MESSAGES.unknown]);
    }
    const [unused, first, second] = (await generate(3)).codes;
    const id = async (code: string) => (await list()).codes.find((c: { hint: string; batch_id: string }) => c.hint === code.slice(-4)).id as string;
    const revoked = await t.app.inject({ method: 'POST', url: `/api/admin/codes/${await id(unused!)}/revoke`, headers: as(admin) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().code.status).toBe('revoked');
    const refused = await redeem(uma, unused!);
    expect([refused.statusCode, refused.json().message]).toEqual([409, CODE_MESSAGES.revoked]);
    const twice = await t.app.inject({ method: 'POST', url: `/api/admin/codes/${await id(unused!)}/revoke`, headers: as(admin) });
    expect([twice.statusCode, twice.json().message]).toEqual([409, CODE_MESSAGES.alreadyRevoked]);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/codes/nosuchcode/revoke', headers: as(admin) })).statusCode).toBe(404);

    const vic = await signUp(t.app, 'Vic Revoked');
    expect((await redeem(vic, first!)).statusCode).toBe(200);
    expect((await redeem(vic, second!)).json().limits.apps).toBe(LIFETIME_TIERS[1]!.apps);
    await t.app.inject({ method: 'POST', url: `/api/admin/codes/${await id(second!)}/revoke`, headers: as(admin) });
    expect(await plan(t, vic)).toMatchObject({ plan: 'lifetime', limits: { apps: LIFETIME_TIERS[0]!.apps }, codes: { count: 1 } });
    await t.app.inject({ method: 'POST', url: `/api/admin/codes/${await id(first!)}/revoke`, headers: as(admin) });
    expect(await plan(t, vic)).toMatchObject({ plan: 'free', is_free_plan: true, codes: { count: 0 } });
    expect(await isFree(t, vic)).toBe(true);
  });

  it('guessing is bounded: refused attempts count per account and per IP; a spent budget refuses even a good code', async () => {
    const [good] = (await generate(1)).codes;
    const gus = await signUp(t.app, 'Gus Guesser');
    for (let i = 0; i < CODE_LIMITS.redeemPerAccount; i++) expect((await redeem(gus, `SB-AAAA-AAAA-${String(1000 + i)}`)).statusCode).toBe(404);
    const spent = await redeem(gus, good!);
    expect(spent.statusCode).toBe(429);
    expect(spent.json().message).toMatch(/^Too many attempts to redeem a code\. Please wait \d+ minutes? and try again\.$/);
    // Per IP, across accounts: fresh accounts from one address run out together.
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const address = await createTestApp({ trustProxy: true });
    try {
      let refused = 0;
      for (let a = 0; a * CODE_LIMITS.redeemPerAccount < CODE_LIMITS.redeemPerIp; a++) {
        const user = await signUp(address.app, `Ivo ${a}`);
        for (let i = 0; i < CODE_LIMITS.redeemPerAccount; i++) {
          const res = await address.app.inject({ method: 'POST', url: '/api/billing/codes/redeem', headers: { ...as(user), ...ip }, payload: { code: `SB-BBBB-BBBB-${1000 + i}` } });
          if (res.statusCode === 429) refused++;
        }
      }
      expect(refused).toBe(0);
      const fresh = await signUp(address.app, 'Ivo Fresh');
      const res = await address.app.inject({ method: 'POST', url: '/api/billing/codes/redeem', headers: { ...as(fresh), ...ip }, payload: { code: 'SB-CCCC-CCCC-CCCC' } });
      expect(res.statusCode).toBe(429);
    } finally {
      await address.close();
    }
  });
});

describe('who may call the plan routes', () => {
  const { t } = stripeTestServer({ stripeWebhookSecret: WEBHOOK_SECRET });
  let cookies: Record<CallerRole, string | undefined>;

  beforeAll(async () => {
    ({ cookies } = await signedInCallers(t));
  });

  // Owners' routes act on the caller's own workspace: any signed-in owner account (an editor of
  // another workspace included, for their own), 401 for the rest. The portal needs a customer (409
  // before one), the redeem a code (404 for an unknown one).
  const owners = (ok: number) => (role: CallerRole) => (['owner', 'workspace editor', 'other owner'].includes(role) ? ok : 401);
  const admins = (ok: number) => (role: CallerRole) => (role === 'admin' ? ok : 401);
  const CALLS: RoleCall<CallerRole>[] = [
    { name: 'plan', method: 'GET', url: '/api/billing/plan', expected: owners(200) },
    { name: 'checkout', method: 'POST', url: '/api/billing/plan/checkout', expected: owners(200) },
    { name: 'portal', method: 'POST', url: '/api/billing/plan/portal', expected: owners(200) },
    { name: 'invoices', method: 'GET', url: '/api/billing/invoices', expected: owners(200) },
    { name: 'redeem', method: 'POST', url: '/api/billing/codes/redeem', payload: { code: 'SB-ZZZZ-ZZZZ-ZZZZ' }, expected: owners(404) },
    { name: 'admin codes', method: 'GET', url: '/api/admin/codes', expected: admins(200) },
    { name: 'admin generate', method: 'POST', url: '/api/admin/codes', payload: { count: 1 }, expected: admins(201) },
    { name: 'admin revoke', method: 'POST', url: '/api/admin/codes/nosuchcode/revoke', expected: admins(404) },
  ];

  it('every role × every route answers as the rules promise', async () => {
    expect(await unexpectedAnswers(t, CALLS, CALLER_ROLES, cookies)).toEqual([]);
  });
});
