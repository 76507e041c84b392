// Buying paid templates (issue 15). Thin: call the service. Stripe's webhook that grants
// purchases is billing's (POST /api/stripe/webhook, dispatching to purchases/webhook.ts).
import { CheckoutResponse, PurchaseParams, PurchaseResponse, TemplateIdParams } from '../../../shared/api/templates';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import type { ServerContext } from '../../platform/context';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import { signedInUser } from '../../access/enforce';
import { IpLimiter } from '../../platform/limits/limiter';
import { perAccount, type RateLimit } from '../../platform/limits/rate-limit';
import { checkout, purchaseOf } from './service';

export function purchaseRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Marketplace and templates';
  // Each attempt may open a Checkout Session on Stripe (the platform's rate limit, and a page of
  // Stripe's per click): a budget per buyer account, counted whatever the answer.
  const checkouts = perAccount(new IpLimiter(ctx.counters, 'purchases.checkouts', TEMPLATE_LIMITS.checkoutsPerHour, 3600_000));
  const checkoutLimit: RateLimit = { check: [checkouts], refusal: TEMPLATE_MESSAGES.tooManyCheckouts, count: [{ when: 'attempt', budgets: [checkouts] }] };

  // The buyer pays from their own account: 'signed-in' (an owner account; 401 without).
  app.post('/api/multipage/marketplace/templates/:id/checkout', { schema: { params: TemplateIdParams }, config: { access: 'signed-in', rateLimit: checkoutLimit, api: { tag, summary: "Buy a paid template: Stripe Checkout's page", response: CheckoutResponse } } }, async (request) => {
    const { id } = request.params;
    // Stripe sends the buyer back to the web app's configured host, never to a Host header's.
    return checkout(ctx, signedInUser(request), id, `${linkScheme(ctx.config, request)}://${ctx.config.baseHost}`);
  });

  // Only the buyer's own purchase (anyone else's is answered as unknown).
  app.get('/api/multipage/marketplace/purchases/:sessionId', { schema: { params: PurchaseParams }, config: { access: 'signed-in', api: { tag, summary: 'Your purchase, by its Stripe Checkout session', response: PurchaseResponse } } }, async (request) => {
    const { sessionId } = request.params;
    return purchaseOf(ctx, signedInUser(request), sessionId);
  });
}
