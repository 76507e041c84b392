// A paid template at the highest price there is, through every real route on the way (hardening
// II, 4b): the owner's form refuses what Stripe could not charge (1e9, 1e300) and tenths of a cent
// (10.999) with the form's words, accepts 999,999.99, a reviewer approves it, and a buyer pays
// exactly 99,999,999 cents through the local Stripe server, which refuses one cent more as Stripe does.
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES } from '../../../shared/rules/marketplace';
import { addBlock, boardWithSheets, multipart, signInAdmin, signUp, type TestUser } from '../../testing/app';
import { listenForWebhooks, startFakeStripe } from '../../testing/stripe';
import { forTests, testServer } from '../../testing/server';
import { PNG } from '../../testing/fixtures';
import { stripeOptions } from '../../platform/stripe';

const WEBHOOK_SECRET = 'whsec_test_price_ceiling_0123456789';
const URL = '/api/multipage/marketplace/review-request';

const stripe = forTests(() => startFakeStripe());
const t = testServer(() => ({ stripeSecretKey: stripe.secretKey, stripeApiUrl: stripe.url, stripeWebhookSecret: WEBHOOK_SECRET, marketplaceFeePercent: 0 }));
let seller: TestUser;
let appId: string;

async function upload(field: 'thumbnail' | 'image'): Promise<string> {
  const m = multipart('shot.png', PNG, {}, field);
  const res = await t.app.inject({ method: 'POST', url: `/api/upload-file?app_id=${appId}`, payload: m.payload, headers: { ...m.headers, cookie: seller.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

beforeAll(async () => {
  stripe.webhook = { url: await listenForWebhooks(t), secret: WEBHOOK_SECRET };
  seller = await signUp(t.app, 'Pricey Seller');
  appId = (await boardWithSheets(t.app, seller, 'Big Ticket', [{ title: 'Deals', columns: ['Client', 'Value'], rows: [{ Client: 'Acme', Value: 1 }] }])).appId;
  await addBlock(t.app, seller, appId, { type: 'table', sheet_title: 'Deals', axis: [{ column: 'Client' }] });
  // The seller's connected account, able to take payments and be paid.
  const client = new Stripe(stripe.secretKey, stripeOptions({ stripeApiUrl: stripe.url }));
  const account = await client.accounts.create({ type: 'express', email: seller.email });
  const ws = await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', seller.id).executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('stripe_accounts')
    .values({ workspace_id: ws.id, account_id: account.id, charges_enabled: 1, payouts_enabled: 1, details_submitted: 1, updated_at: new Date().toISOString() })
    .execute();
  stripe.setAccount(account.id, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
});

describe('the highest price', () => {
  it('1e9, 1e300 and 10.999 are refused in words; 999,999.99 is listed and charged as 99,999,999 cents', async () => {
    const form = {
      app_id: appId,
      title: 'Big ticket deals',
      summary: 'Deals by client',
      tags: 'deals',
      description: '<p>Deals.</p>',
      category: 'sales-crm',
      is_free: false,
      thumbnail: await upload('thumbnail'),
      thumbnail_bg_color: '#ffffff',
      additional_images: [await upload('image')],
    };
    const submit = (price: unknown) => t.app.inject({ method: 'PUT', url: URL, headers: { cookie: seller.cookie }, payload: { form: { ...form, price } } });

    for (const price of [1e9, 1e300, 10.999, MARKETPLACE_LIMITS.maxPrice + 0.01]) {
      const res = await submit(price);
      expect(res.statusCode, `${price}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe('Enter a price up to USD 999,999.99 with at most two decimals');
      expect(res.json().message).toBe(MARKETPLACE_MESSAGES.priceTooHigh);
    }
    expect(await t.ctx.db.selectFrom('review_requests').select('id').where('app_id', '=', appId).execute()).toEqual([]);

    const res = await submit(999_999.99);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reviewRequest).toMatchObject({ is_free: false, price: 999_999.99 });
    const requestId = res.json().reviewRequest.id as string;
    const stored = await t.ctx.db.selectFrom('review_requests').select('price_cents').where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(Number(stored.price_cents)).toBe(99_999_999);

    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${requestId}/approve`, headers: { cookie: await signInAdmin(t) }, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const listing = (await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/templates/${requestId}` })).json().template;
    expect(listing).toMatchObject({ is_free: false, price: 999_999.99 });

    const buyer = await signUp(t.app, 'Big Spender');
    const checkout = await t.app.inject({ method: 'POST', url: `/api/multipage/marketplace/templates/${requestId}/checkout`, headers: { cookie: buyer.cookie } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { session_id } = checkout.json() as { session_id: string };
    expect(stripe.checkoutSessions.get(session_id)).toMatchObject({ amount_total: 99_999_999, currency: 'usd' });
    const delivery = await stripe.completeCheckout(session_id);
    expect(delivery.status, delivery.body).toBe(200);
    const bought = await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/purchases/${session_id}`, headers: { cookie: buyer.cookie } });
    expect(bought.json().purchase).toMatchObject({ status: 'paid', amount: 999_999.99 });
    const row = await t.ctx.db.selectFrom('template_purchases').select(['amount_cents', 'status']).where('checkout_session_id', '=', session_id).executeTakeFirstOrThrow();
    expect({ amount_cents: Number(row.amount_cents), status: row.status }).toEqual({ amount_cents: 99_999_999, status: 'paid' });

    // One cent more is past what Stripe charges (the local server refuses it as Stripe does).
    await expect(
      new Stripe(stripe.secretKey, stripeOptions({ stripeApiUrl: stripe.url })).checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 100_000_000, product_data: { name: 'Too much' } } }],
        success_url: 'http://localhost/ok',
        cancel_url: 'http://localhost/no',
      }),
    ).rejects.toMatchObject({ code: 'amount_too_large' });
  });
});
