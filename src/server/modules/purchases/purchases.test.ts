// Buying paid templates (issue 15), on the test database, against a local server that speaks
// Stripe's HTTP API (testing/stripe.ts) through the official SDK: Buy opens a Checkout Session with
// the price, the provider's fee and the seller's connected account as the destination; only the
// signed webhook grants the purchase (once, whatever is redelivered), refunds and disputes take it
// back, a won dispute gives it back, an expired session grants nothing; the buyer alone reads their
// purchase; every refusal in words; and who may call each route.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { sendWebhook, startFakeStripe, stripeSettings, type FakeStripe } from '../../testing/stripe';
import { createTestApp, joinAsEditor, signInAdmin, signInAppUser, signUp, unexpectedAnswers, type RoleCall, type TestApp, type TestUser } from '../../testing/app';
import { stripeTestServer, stripeWebhooks, testServer } from '../../testing/server';
import { stripeOptions } from '../../platform/stripe';
import { purchasesRepo } from '../../data/purchases/repo';
import { feeOf } from './service';
import type { ListingFields } from '../../db/schema';

const WEBHOOK_SECRET = 'whsec_test_purchases_0123456789abcdef';
/** The platform's other endpoint (Connect events): the webhook takes either secret. */
const CONNECT_SECRET = 'whsec_test_connect_fedcba9876543210';
const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});
const id = (prefix: string) => `${prefix}${crypto.randomBytes(8).toString('hex')}`;

interface Listing {
  templateId: string;
  slug: string;
  title: string;
  versionId: string;
  subdomain: string;
  accountId: string | null;
}

async function workspaceIdOf(t: TestApp, user: TestUser): Promise<string> {
  return (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', user.id).executeTakeFirstOrThrow()).id;
}

/**
 * A listed template of `seller`'s: an app of theirs, its review request and approved version, and
 * the listing row the approval writes; with `account`, the seller's connected account on the fake
 * Stripe (charges enabled unless told otherwise).
 */
async function listTemplate(
  t: TestApp,
  seller: TestUser,
  options: { title: string; priceCents: number; stripe?: FakeStripe; chargesEnabled?: boolean },
): Promise<Listing> {
  const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(seller), payload: { name: options.title, kind: 'multipage', public: true } });
  expect(res.statusCode, res.body).toBe(201);
  const app = res.json().app as { id: string; subdomain: string };
  const workspaceId = await workspaceIdOf(t, seller);
  const at = new Date().toISOString();
  const requestId = id('rr');
  const versionId = id('tv');
  // What the seller typed, on the request and (as an approval copies it) on the listing.
  const listed: ListingFields = {
    title: options.title,
    summary: 'A template',
    tags: '[]',
    description: '<p>Good</p>',
    category: 'sales',
    price_cents: options.priceCents,
    is_free: options.priceCents === 0 ? 1 : 0,
    thumbnail: '/uploads/thumb.png',
    thumbnail_bg_color: '#ffffff',
    additional_images: '[]',
  };
  await t.ctx.db
    .insertInto('review_requests')
    .values({
      id: requestId,
      app_id: app.id,
      workspace_id: workspaceId,
      status: 'published',
      ...listed,
      rejection_reason: null,
      is_public: 1,
      sign_in_method: 'No sign in',
      version_id: versionId,
      published_version_id: null,
      submitted_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await t.ctx.db.insertInto('template_versions').values({ id: versionId, request_id: requestId, source_app_id: app.id, number: 1, content_hash: 'h', snapshot_app_id: app.id, created_at: at }).execute();
  await t.ctx.db.updateTable('review_requests').set({ published_version_id: versionId }).where('id', '=', requestId).execute();
  const slug = `${options.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${requestId.slice(-6)}`;
  await t.ctx.db
    .insertInto('marketplace_templates')
    .values({
      id: requestId,
      slug,
      workspace_id: workspaceId,
      seller_name: seller.name,
      kind: 'multipage',
      ...listed,
      search_text: options.title.toLowerCase(),
      version_id: versionId,
      version_number: 1,
      snapshot_app_id: app.id,
      published_at: at,
      updated_at: at,
    })
    .execute();
  let accountId: string | null = null;
  if (options.stripe) {
    const existing = await t.ctx.db.selectFrom('stripe_accounts').select('account_id').where('workspace_id', '=', workspaceId).executeTakeFirst();
    accountId = existing?.account_id ?? null;
    if (!accountId) {
      const client = new Stripe(options.stripe.secretKey, stripeOptions({ stripeApiUrl: options.stripe.url }));
      accountId = (await client.accounts.create({ type: 'express', email: seller.email })).id;
      const enabled = options.chargesEnabled === false ? 0 : 1;
      await t.ctx.db.insertInto('stripe_accounts').values({ workspace_id: workspaceId, account_id: accountId, charges_enabled: enabled, payouts_enabled: enabled, details_submitted: 1, updated_at: at }).execute();
    }
  }
  return { templateId: requestId, slug, title: options.title, versionId, subdomain: app.subdomain, accountId };
}

const checkoutUrl = (templateId: string) => `/api/multipage/marketplace/templates/${templateId}/checkout`;
const purchaseUrl = (sessionId: string) => `/api/multipage/marketplace/purchases/${sessionId}`;

describe('without STRIPE_SECRET_KEY', () => {
  const t = testServer();

  it('a paid template cannot be bought: payments are off, and nothing is stored', async () => {
    const seller = await signUp(t.app, 'Sid Seller');
    const buyer = await signUp(t.app, 'Bea Buyer');
    const paid = await listTemplate(t, seller, { title: 'Offline Sales', priceCents: 900 });
    const res = await t.app.inject({ method: 'POST', url: checkoutUrl(paid.templateId), headers: as(buyer) });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(TEMPLATE_MESSAGES.paymentsOff);
    expect(await t.ctx.db.selectFrom('template_purchases').selectAll().execute()).toEqual([]);
  });
});

describe('buying a paid template through Stripe Checkout', () => {
  const { stripe, t } = stripeTestServer({ stripeWebhookSecret: `${CONNECT_SECRET}, ${WEBHOOK_SECRET}`, marketplaceFeePercent: 12.5 });
  const hook = stripeWebhooks(t, stripe, WEBHOOK_SECRET);
  let seller: TestUser;
  let sellerEditor: TestUser;
  let paid: Listing;
  let free: Listing;

  beforeAll(async () => {
    seller = await signUp(t.app, 'Sally Seller');
    sellerEditor = await signUp(t.app, 'Ed Sellers-Editor');
    await joinAsEditor(t, seller, sellerEditor);
    paid = await listTemplate(t, seller, { title: 'Sales Pipeline Pro', priceCents: 1999, stripe });
    free = await listTemplate(t, seller, { title: 'Free Tracker', priceCents: 0, stripe });
  });

  const buy = async (user: TestUser, listing = paid) => {
    const res = await t.app.inject({ method: 'POST', url: checkoutUrl(listing.templateId), headers: as(user) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; session_id: string };
  };
  const purchase = async (sessionId: string) => t.ctx.db.selectFrom('template_purchases').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirstOrThrow();
  const status = async (user: TestUser, sessionId: string) => {
    const res = await t.app.inject({ method: 'GET', url: purchaseUrl(sessionId), headers: as(user) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().purchase as { status: string; amount: number; template: { id: string; name: string; slug: string; subdomain: string } | null };
  };
  const owns = (user: TestUser, listing = paid) => purchasesRepo(t.ctx.db).hasPaid(user.id, listing.templateId);

  it('Buy opens a Checkout Session with the price, the fee and the seller as the destination, and a pending purchase', async () => {
    const buyer = await signUp(t.app, 'Penny Payer');
    stripe.requests.length = 0;
    const { url, session_id } = await buy(buyer);
    expect(session_id).toMatch(/^cs_test_/);
    expect(url).toBe(`${stripe.url}/c/pay/${session_id}`);
    const sent = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(sent).toHaveLength(1);
    const row = await purchase(session_id);
    const fee = feeOf(1999, 12.5);
    expect(fee).toBe(250);
    expect(sent[0]!.body).toEqual({
      mode: 'payment',
      line_items: { '0': { quantity: '1', price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: 'Sales Pipeline Pro' } } } },
      payment_intent_data: { application_fee_amount: String(fee), transfer_data: { destination: paid.accountId }, metadata: { purchase_id: row.id, template_id: paid.templateId } },
      client_reference_id: row.id,
      metadata: { purchase_id: row.id, template_id: paid.templateId, buyer_user_id: buyer.id },
      customer_email: buyer.email,
      success_url: 'http://localhost:3000/payment_success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: `http://localhost:3000/payment_fail?template=${paid.slug}&session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(sent[0]!.headers['idempotency-key']).toMatch(/^sheetboard-checkout-[0-9a-f]{40}$/);
    expect(row).toMatchObject({
      template_id: paid.templateId,
      buyer_user_id: buyer.id,
      buyer_workspace_id: await workspaceIdOf(t, buyer),
      seller_workspace_id: await workspaceIdOf(t, seller),
      version_id: paid.versionId,
      amount_cents: 1999,
      fee_cents: fee,
      currency: 'usd',
      status: 'pending',
      payment_intent_id: null,
      paid_at: null,
    });
    expect(await status(buyer, session_id)).toEqual({ status: 'pending', amount: 19.99, template: { id: paid.templateId, name: paid.title, slug: paid.slug, subdomain: paid.subdomain } });
    expect(await owns(buyer)).toBe(false);
  });

  it('a second click while that page is open hands out the same session; a changed price closes it and opens a new one', async () => {
    const buyer = await signUp(t.app, 'Cliff Clicker');
    const first = await buy(buyer);
    stripe.requests.length = 0;
    const again = await buy(buyer);
    expect(again).toEqual(first);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${first.session_id}`]);
    expect(await t.ctx.db.selectFrom('template_purchases').select('id').where('buyer_user_id', '=', buyer.id).execute()).toHaveLength(1);

    const pricey = await listTemplate(t, seller, { title: 'Price Changer', priceCents: 500, stripe });
    const before = await buy(buyer, pricey);
    await t.ctx.db.updateTable('marketplace_templates').set({ price_cents: 700 }).where('id', '=', pricey.templateId).execute();
    stripe.requests.length = 0;
    const after = await buy(buyer, pricey);
    expect(after.session_id).not.toBe(before.session_id);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${before.session_id}`,
      `POST /v1/checkout/sessions/${before.session_id}/expire`,
      'POST /v1/checkout/sessions',
    ]);
    expect(stripe.checkoutSessions.get(before.session_id)!.status).toBe('expired');
    expect((await purchase(before.session_id)).status).toBe('expired');
    expect(await purchase(after.session_id)).toMatchObject({ status: 'pending', amount_cents: 700, fee_cents: feeOf(700, 12.5) });
  });

  it('the signed checkout.session.completed grants the purchase, once; the redirect alone grants nothing', async () => {
    const buyer = await signUp(t.app, 'Gus Granted');
    const { session_id } = await buy(buyer);
    // The buyer comes back to /payment_success before any webhook: still pending.
    expect((await status(buyer, session_id)).status).toBe('pending');
    const delivery = await stripe.completeCheckout(session_id);
    expect(delivery.status, delivery.body).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({ received: true });
    const row = await purchase(session_id);
    expect(row).toMatchObject({ status: 'paid', payment_intent_id: stripe.checkoutSessions.get(session_id)!.payment_intent });
    expect(row.paid_at).toBeTruthy();
    expect(await owns(buyer)).toBe(true);
    expect(await purchasesRepo(t.ctx.db).paidAmong(buyer.id, [paid.templateId, free.templateId])).toEqual(new Set([paid.templateId]));
    expect((await status(buyer, session_id)).status).toBe('paid');

    // Stripe delivers the same event again: acknowledged, nothing changes.
    const again = await sendWebhook(hook.url, delivery.event, WEBHOOK_SECRET);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
    expect(await purchase(session_id)).toEqual(row);

    // Bought: no second checkout.
    const res = await t.app.inject({ method: 'POST', url: checkoutUrl(paid.templateId), headers: as(buyer) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEMPLATE_MESSAGES.alreadyPurchased);
  });

  it('a tampered or unsigned event is refused with 400 and grants nothing', async () => {
    const buyer = await signUp(t.app, 'Tom Tamper');
    const { session_id } = await buy(buyer);
    const session = stripe.checkoutSessions.get(session_id)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' });
    const event = stripe.sessionEvent(session_id, 'checkout.session.completed');
    for (const attempt of [
      () => sendWebhook(hook.url, event, WEBHOOK_SECRET, { tamper: true }),
      () => sendWebhook(hook.url, event, 'whsec_not_the_endpoint_secret'),
      () => sendWebhook(hook.url, event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).message).toBe(STRIPE_MESSAGES.badSignature);
    }
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);
    expect((await purchase(session_id)).status).toBe('pending');
    expect(await owns(buyer)).toBe(false);
    expect(await t.ctx.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).execute()).toEqual([]);
    // The Connect endpoint's secret signs too (the platform's two endpoints share the URL).
    const viaConnect = await sendWebhook(hook.url, event, CONNECT_SECRET);
    expect(viaConnect.status).toBe(200);
    expect((await purchase(session_id)).status).toBe('paid');
  });

  it("an event whose amount or purchase does not match the session's purchase grants nothing", async () => {
    const buyer = await signUp(t.app, 'Mo Mismatch');
    const { session_id } = await buy(buyer);
    Object.assign(stripe.checkoutSessions.get(session_id)!, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_mismatch' });
    const cheap = stripe.sessionEvent(session_id, 'checkout.session.completed');
    (cheap.data.object as Stripe.Checkout.Session).amount_total = 1;
    expect((await sendWebhook(hook.url, cheap, WEBHOOK_SECRET)).status).toBe(200);
    const euros = stripe.sessionEvent(session_id, 'checkout.session.completed');
    (euros.data.object as Stripe.Checkout.Session).currency = 'eur';
    expect((await sendWebhook(hook.url, euros, WEBHOOK_SECRET)).status).toBe(200);
    const other = stripe.sessionEvent(session_id, 'checkout.session.completed');
    (other.data.object as Stripe.Checkout.Session).metadata = { purchase_id: 'pu_someone_else', template_id: paid.templateId };
    expect((await sendWebhook(hook.url, other, WEBHOOK_SECRET)).status).toBe(200);
    const connected = { ...stripe.sessionEvent(session_id, 'checkout.session.completed'), account: paid.accountId };
    expect((await sendWebhook(hook.url, connected, CONNECT_SECRET)).status).toBe(200);
    const unknown = stripe.sessionEvent(session_id, 'checkout.session.completed');
    (unknown.data.object as Stripe.Checkout.Session).id = 'cs_test_not_ours';
    expect((await sendWebhook(hook.url, unknown, WEBHOOK_SECRET)).status).toBe(200);
    expect((await purchase(session_id)).status).toBe('pending');
    // Paid later by a payment method that settles later: "completed" unpaid, then the success.
    const delayed = await stripe.completeCheckout(session_id, { payment_status: 'unpaid' });
    expect(delayed.status).toBe(200);
    expect((await purchase(session_id)).status).toBe('pending');
    stripe.checkoutSessions.get(session_id)!.payment_status = 'paid';
    const settled = await sendWebhook(hook.url, stripe.sessionEvent(session_id, 'checkout.session.async_payment_succeeded'), WEBHOOK_SECRET);
    expect(settled.status).toBe(200);
    expect((await purchase(session_id)).status).toBe('paid');
  });

  it('a full refund takes the purchase back, and a late "completed" does not give it back', async () => {
    const buyer = await signUp(t.app, 'Ray Refund');
    const { session_id } = await buy(buyer);
    expect((await stripe.completeCheckout(session_id)).status).toBe(200);
    expect(await owns(buyer)).toBe(true);
    const refunded = await stripe.refund(session_id);
    expect(refunded.status, refunded.body).toBe(200);
    expect((await purchase(session_id)).status).toBe('refunded');
    expect(await owns(buyer)).toBe(false);
    expect((await status(buyer, session_id)).status).toBe('refunded');
    // Out of order: another "completed" (a new event id) and a won dispute change nothing.
    expect((await sendWebhook(hook.url, stripe.sessionEvent(session_id, 'checkout.session.completed'), WEBHOOK_SECRET)).status).toBe(200);
    expect((await stripe.dispute(session_id, 'won')).status).toBe(200);
    expect((await purchase(session_id)).status).toBe('refunded');
    // A partial refund leaves a purchase standing.
    const other = await signUp(t.app, 'Pat Partial');
    const second = await buy(other);
    await stripe.completeCheckout(second.session_id);
    const partial = stripe.sessionEvent(second.session_id, 'charge.refunded');
    Object.assign(partial.data.object, { refunded: false, amount_refunded: 500 });
    expect((await sendWebhook(hook.url, partial, WEBHOOK_SECRET)).status).toBe(200);
    expect(await owns(other)).toBe(true);
    // After a refund the buyer may buy again: a new session.
    const rebuy = await buy(buyer);
    expect(rebuy.session_id).not.toBe(session_id);
  });

  it('a refund delivered before the "completed" (Stripe does not deliver in order) still wins', async () => {
    const buyer = await signUp(t.app, 'Oona Out-of-order');
    const { session_id } = await buy(buyer);
    // Paid on Stripe's side, its "completed" held back.
    const webhook = stripe.webhook;
    stripe.webhook = null;
    await expect(stripe.completeCheckout(session_id)).rejects.toThrow(/no webhook/);
    stripe.webhook = webhook;
    const completed = stripe.sessionEvent(session_id, 'checkout.session.completed');
    expect((await stripe.refund(session_id)).status).toBe(200);
    expect(await purchase(session_id)).toMatchObject({ status: 'refunded', payment_intent_id: stripe.checkoutSessions.get(session_id)!.payment_intent });
    expect((await sendWebhook(hook.url, completed, WEBHOOK_SECRET)).status).toBe(200);
    expect((await purchase(session_id)).status).toBe('refunded');
    expect(await owns(buyer)).toBe(false);
  });

  it('a pending session Stripe no longer knows is set aside, and Buy opens a new one', async () => {
    const buyer = await signUp(t.app, 'Gil Gone');
    const first = await buy(buyer);
    stripe.checkoutSessions.delete(first.session_id);
    const second = await buy(buyer);
    expect(second.session_id).not.toBe(first.session_id);
    expect((await purchase(first.session_id)).status).toBe('expired');
    expect((await purchase(second.session_id)).status).toBe('pending');
  });

  it('two clicks at once open one session and one purchase', async () => {
    const buyer = await signUp(t.app, 'Dot Double-click');
    const [a, b] = await Promise.all([buy(buyer), buy(buyer)]);
    expect(a).toEqual(b);
    expect(await t.ctx.db.selectFrom('template_purchases').select('id').where('buyer_user_id', '=', buyer.id).execute()).toHaveLength(1);
  });

  it('a dispute takes the purchase back; a won dispute gives it back; a lost one does not', async () => {
    const winner = await signUp(t.app, 'Dee Disputed');
    const won = await buy(winner);
    await stripe.completeCheckout(won.session_id);
    expect((await stripe.dispute(won.session_id)).status).toBe(200);
    expect((await purchase(won.session_id)).status).toBe('disputed');
    expect(await owns(winner)).toBe(false);
    expect((await stripe.dispute(won.session_id, 'won')).status).toBe(200);
    expect((await purchase(won.session_id)).status).toBe('paid');
    expect(await owns(winner)).toBe(true);

    const loser = await signUp(t.app, 'Lou Lost');
    const lost = await buy(loser);
    await stripe.completeCheckout(lost.session_id);
    await stripe.dispute(lost.session_id);
    expect((await stripe.dispute(lost.session_id, 'lost')).status).toBe(200);
    expect((await purchase(lost.session_id)).status).toBe('disputed');
    expect(await owns(loser)).toBe(false);
  });

  it('an expired session grants nothing, and Buy then opens a new one', async () => {
    const buyer = await signUp(t.app, 'Eve Expired');
    const first = await buy(buyer);
    expect((await stripe.expireCheckout(first.session_id)).status).toBe(200);
    expect((await purchase(first.session_id)).status).toBe('expired');
    // A "completed" for an expired session (it cannot happen, but out of order) grants nothing.
    Object.assign(stripe.checkoutSessions.get(first.session_id)!, { payment_status: 'paid', payment_intent: 'pi_late' });
    expect((await sendWebhook(hook.url, stripe.sessionEvent(first.session_id, 'checkout.session.completed'), WEBHOOK_SECRET)).status).toBe(200);
    expect((await purchase(first.session_id)).status).toBe('expired');
    expect(await owns(buyer)).toBe(false);
    const second = await buy(buyer);
    expect(second.session_id).not.toBe(first.session_id);
    // A failed delayed payment ends it the same way.
    await stripe.completeCheckout(second.session_id, { payment_status: 'unpaid' });
    expect((await sendWebhook(hook.url, stripe.sessionEvent(second.session_id, 'checkout.session.async_payment_failed'), WEBHOOK_SECRET)).status).toBe(200);
    expect((await purchase(second.session_id)).status).toBe('expired');
  });

  it("Stripe's page: Pay completes the session, the webhook grants it, and the browser goes to the success page; Cancel goes to the fail page", async () => {
    const buyer = await signUp(t.app, 'Bob Browser');
    const { url, session_id } = await buy(buyer);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain(`href="http://localhost:3000/payment_fail?template=${paid.slug}&amp;session_id=${session_id}"`);
    const paidRes = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paidRes.status).toBe(303);
    expect(paidRes.headers.get('location')).toBe(`http://localhost:3000/payment_success?session_id=${session_id}`);
    expect((await status(buyer, session_id)).status).toBe('paid');
    expect((await fetch(url)).status).toBe(404);
  });

  it('the buyer alone reads their purchase; an unlisted template is null', async () => {
    const buyer = await signUp(t.app, 'Olive Own');
    const stranger = await signUp(t.app, 'Stan Stranger');
    const delisted = await listTemplate(t, seller, { title: 'Soon Gone', priceCents: 300, stripe });
    const { session_id } = await buy(buyer, delisted);
    for (const [who, sid] of [
      [stranger, session_id],
      [seller, session_id],
      [buyer, 'cs_test_unknown'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: purchaseUrl(sid), headers: as(who) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TEMPLATE_MESSAGES.purchaseNotFound);
    }
    await t.ctx.db.deleteFrom('marketplace_templates').where('id', '=', delisted.templateId).execute();
    expect(await status(buyer, session_id)).toEqual({ status: 'pending', amount: 3, template: null });
    // And it can no longer be bought.
    const res = await t.app.inject({ method: 'POST', url: checkoutUrl(delisted.templateId), headers: as(buyer) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TEMPLATE_MESSAGES.notFound);
  });

  it('refusals, each in words: unknown, free, own, a seller who cannot be paid', async () => {
    const buyer = await signUp(t.app, 'Rita Refused');
    const refused = async (user: TestUser | undefined, templateId: string, code: number, message: string) => {
      const res = await t.app.inject({ method: 'POST', url: checkoutUrl(templateId), headers: as(user) });
      expect(res.statusCode, res.body).toBe(code);
      expect(res.json().message).toBe(message);
    };
    stripe.requests.length = 0;
    await refused(undefined, paid.templateId, 401, 'Please sign in');
    await refused(buyer, 'nosuchtemplate', 404, TEMPLATE_MESSAGES.notFound);
    await refused(buyer, free.templateId, 400, TEMPLATE_MESSAGES.freeNoCheckout);
    await refused(seller, paid.templateId, 409, TEMPLATE_MESSAGES.ownTemplate);
    await refused(sellerEditor, paid.templateId, 409, TEMPLATE_MESSAGES.ownTemplate);
    expect(stripe.requests).toEqual([]);

    const unpaidSeller = await signUp(t.app, 'Ned Not-Enabled');
    const notEnabled = await listTemplate(t, unpaidSeller, { title: 'Not Yet Payable', priceCents: 800, stripe, chargesEnabled: false });
    await refused(buyer, notEnabled.templateId, 409, TEMPLATE_MESSAGES.sellerCannotBePaid);
    const unconnected = await signUp(t.app, 'Una Unconnected');
    const noAccount = await listTemplate(t, unconnected, { title: 'No Account Yet', priceCents: 800 });
    await refused(buyer, noAccount.templateId, 409, TEMPLATE_MESSAGES.sellerCannotBePaid);
    expect(stripe.requests.filter((r) => r.path.startsWith('/v1/checkout'))).toEqual([]);
    expect(await t.ctx.db.selectFrom('template_purchases').select('id').where('buyer_user_id', '=', buyer.id).execute()).toEqual([]);
  });

  it('only a web address from Stripe is handed to the browser', async () => {
    const buyer = await signUp(t.app, 'Hank Hostile');
    stripe.checkoutUrl = 'javascript:alert(document.cookie)';
    try {
      const res = await t.app.inject({ method: 'POST', url: checkoutUrl(paid.templateId), headers: as(buyer) });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(STRIPE_MESSAGES.unreachable);
      expect(res.body).not.toContain('alert');
    } finally {
      stripe.checkoutUrl = null;
    }
  });

  it('each account has a budget of checkouts an hour', async () => {
    const eager = await signUp(t.app, 'Ike Impatient');
    for (let i = 0; i < TEMPLATE_LIMITS.checkoutsPerHour; i++)
      expect((await t.app.inject({ method: 'POST', url: checkoutUrl(free.templateId), headers: as(eager) })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: checkoutUrl(paid.templateId), headers: as(eager) });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many payment attempts in a short while\. Please wait \d+ minutes? and try again\.$/);
    // Another account is not held back.
    expect((await t.app.inject({ method: 'POST', url: checkoutUrl(free.templateId), headers: as(await signUp(t.app, 'Calm Carl')) })).statusCode).toBe(400);
  });
});

describe("the provider's fee", () => {
  it.each([
    [1999, 10, 200],
    [1999, 12.5, 250],
    [999, 15, 150],
    [100, 0, 0],
    [5000, 50, 2500],
  ])('%i cents at %d%% → %i cents', (price, percent, fee) => {
    expect(feeOf(price, percent)).toBe(fee);
  });

  it('at MARKETPLACE_FEE_PERCENT=0 the session carries no fee, and the whole price goes to the seller', async () => {
    const stripe = await startFakeStripe();
    const t = await createTestApp({ ...stripeSettings(stripe), marketplaceFeePercent: 0 });
    try {
      const seller = await signUp(t.app, 'Zed Zero-fee');
      const buyer = await signUp(t.app, 'Zoe Zero-fee');
      const listing = await listTemplate(t, seller, { title: 'No Fee', priceCents: 1200, stripe });
      const res = await t.app.inject({ method: 'POST', url: checkoutUrl(listing.templateId), headers: as(buyer) });
      expect(res.statusCode, res.body).toBe(200);
      const sent = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
      expect(sent.body.payment_intent_data).toEqual({ transfer_data: { destination: listing.accountId }, metadata: expect.any(Object) });
      expect(await t.ctx.db.selectFrom('template_purchases').select(['amount_cents', 'fee_cents']).executeTakeFirstOrThrow()).toEqual({ amount_cents: 1200, fee_cents: 0 });
    } finally {
      await t.close();
      await stripe.close();
    }
  });
});

describe('when Stripe cannot be reached', () => {
  it('the buyer is told in words, and no purchase is stored', async () => {
    const stripe = await startFakeStripe();
    const t = await createTestApp(stripeSettings(stripe));
    try {
      const seller = await signUp(t.app, 'Sue Seller');
      const buyer = await signUp(t.app, 'Dan Down');
      const listing = await listTemplate(t, seller, { title: 'Unreachable', priceCents: 400, stripe });
      await stripe.close();
      const res = await t.app.inject({ method: 'POST', url: checkoutUrl(listing.templateId), headers: as(buyer) });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(STRIPE_MESSAGES.unreachable);
      expect(await t.ctx.db.selectFrom('template_purchases').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

type Role = 'anonymous' | 'buyer' | 'seller' | 'seller editor' | 'other owner' | 'app user' | 'admin';
const ROLES: Role[] = ['anonymous', 'buyer', 'seller', 'seller editor', 'other owner', 'app user', 'admin'];

describe('who may call the purchase routes', () => {
  const { stripe, t } = stripeTestServer({ stripeWebhookSecret: WEBHOOK_SECRET });
  const cookies = {} as Record<Role, string | undefined>;
  let paid: Listing;
  let free: Listing;
  let sessionId: string;

  beforeAll(async () => {
    const seller = await signUp(t.app, 'Mia Matrix');
    const editor = await signUp(t.app, 'Eli Editor');
    const buyer = await signUp(t.app, 'Bo Buyer');
    const other = await signUp(t.app, 'Oscar Other');
    await joinAsEditor(t, seller, editor);
    paid = await listTemplate(t, seller, { title: 'Matrix Paid', priceCents: 1000, stripe });
    free = await listTemplate(t, seller, { title: 'Matrix Free', priceCents: 0, stripe });
    const opened = await t.app.inject({ method: 'POST', url: checkoutUrl(paid.templateId), headers: as(buyer) });
    expect(opened.statusCode, opened.body).toBe(200);
    sessionId = opened.json().session_id;
    // An app user of the seller's app (password sign-in), signed in to it.
    const appRes = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(seller), payload: { name: 'Members', kind: 'multipage', public: true } });
    const appId = appRes.json().app.id as string;
    expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(seller), payload: { sign_in_method: 'Use password set by user' } })).statusCode).toBe(200);
    const appUserCookie = await signInAppUser(t, appId, 'vera@example.com');
    const adminCookie = await signInAdmin(t);
    Object.assign(cookies, {
      anonymous: undefined,
      buyer: buyer.cookie,
      seller: seller.cookie,
      'seller editor': editor.cookie,
      'other owner': other.cookie,
      'app user': appUserCookie,
      admin: adminCookie,
    });
  });

  const ownerAccount = (role: Role) => ['buyer', 'seller', 'seller editor', 'other owner'].includes(role);
  const CALLS: RoleCall<Role>[] = [
    // A free template is refused for every owner account alike (no Stripe call): what differs is who gets that far.
    { name: 'checkout (free template)', method: 'POST', url: () => checkoutUrl(free.templateId), expected: (role) => (ownerAccount(role) ? 400 : 401) },
    {
      name: 'checkout (paid template)',
      method: 'POST',
      url: () => checkoutUrl(paid.templateId),
      expected: (role) => (role === 'buyer' || role === 'other owner' ? 200 : role === 'seller' || role === 'seller editor' ? 409 : 401),
    },
    { name: "the buyer's purchase", method: 'GET', url: () => purchaseUrl(sessionId), expected: (role) => (role === 'buyer' ? 200 : ownerAccount(role) ? 404 : 401) },
  ];

  it('every role × every route answers as the rules promise', async () => {
    expect(await unexpectedAnswers(t, CALLS, ROLES, cookies)).toEqual([]);
  });
});
