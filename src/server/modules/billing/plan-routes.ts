// Plans (issue 18): the owner's plan, Upgrade (Stripe Checkout, subscription mode), the customer
// portal, invoices and lifetime-deal codes; the provider admin's codes. Thin: call the service.
import type { FastifyRequest } from 'fastify';
import { AdminCodesQuery, AdminCodesResponse, BillingRedirect, GenerateCodesBody, GenerateCodesResponse, InvoicesResponse, PlanStatus, RedeemCodeBody, RevokeCodeResponse } from '../../../shared/api/billing';
import { ShortIdParams } from '../../../shared/api/params';
import { STRIPE_LIMITS, STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import { CODE_LIMITS, CODE_MESSAGES } from '../../../shared/rules/plans';
import type { ServerContext } from '../../platform/context';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import { signedInUser } from '../../access/enforce';
import { currentAdmin } from '../../identity/admin-session';
import { IpLimiter } from '../../platform/limits/limiter';
import { perAccount, perIp, type RateLimit } from '../../platform/limits/rate-limit';
import { generateCodes, listCodes, redeemCode, revokeCode } from './codes';
import { billingPortal, invoices, planStatus, upgradeCheckout } from './subscription';

export function planRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Billing';
  const baseUrl = (request: FastifyRequest) => `${linkScheme(ctx.config, request)}://${ctx.config.baseHost}`;
  // Each of these calls Stripe: a budget per owner account, as the Connect routes have.
  const stripeCalls = perAccount(new IpLimiter(ctx.counters, 'billing-plans.stripeCalls', STRIPE_LIMITS.connectCallsPerOwner, STRIPE_LIMITS.connectWindowMinutes * 60_000));
  const stripeLimit: RateLimit = { check: [stripeCalls], refusal: STRIPE_MESSAGES.tooManyCalls, count: [{ when: 'attempt', budgets: [stripeCalls] }] };

  app.get('/api/billing/plan', { config: { access: 'signed-in', api: { tag, summary: "Your workspace's plan, its limits and usage", response: PlanStatus } } }, async (request) => planStatus(ctx, signedInUser(request)));
  app.post('/api/billing/plan/checkout', { config: { access: 'signed-in', rateLimit: stripeLimit, api: { tag, summary: "Upgrade: Stripe Checkout's page for the subscription", response: BillingRedirect } } }, async (request) =>
    upgradeCheckout(ctx, signedInUser(request), baseUrl(request)),
  );
  app.post('/api/billing/plan/portal', { config: { access: 'signed-in', rateLimit: stripeLimit, api: { tag, summary: "Manage the subscription: Stripe's customer portal", response: BillingRedirect } } }, async (request) =>
    billingPortal(ctx, signedInUser(request), baseUrl(request)),
  );
  app.get('/api/billing/invoices', { config: { access: 'signed-in', rateLimit: stripeLimit, api: { tag, summary: "Your workspace's invoices, newest first", response: InvoicesResponse } } }, async (request) => invoices(ctx, signedInUser(request)));

  // Guessing codes: every refused attempt (unknown, used, revoked, stack full) counts per owner
  // account and per IP; a spent budget is 429 before the code is even looked at.
  const windowMs = CODE_LIMITS.redeemWindowMinutes * 60_000;
  const redeemByAccount = perAccount(new IpLimiter(ctx.counters, 'billing-plans.redeemByAccount', CODE_LIMITS.redeemPerAccount, windowMs));
  const redeemByIp = perIp(new IpLimiter(ctx.counters, 'billing-plans.redeemByIp', CODE_LIMITS.redeemPerIp, windowMs));
  const redeemLimit: RateLimit = {
    check: [redeemByAccount, redeemByIp],
    refusal: CODE_MESSAGES.tooMany,
    count: [
      { when: { status: 404 }, budgets: [redeemByAccount, redeemByIp] },
      { when: { status: 409 }, budgets: [redeemByAccount, redeemByIp] },
    ],
  };
  app.post('/api/billing/codes/redeem', { schema: { body: RedeemCodeBody }, config: { access: 'signed-in', rateLimit: redeemLimit, api: { tag, summary: 'Redeem a lifetime-deal code for your workspace', response: PlanStatus } } }, async (request) =>
    redeemCode(ctx, signedInUser(request), request.body.code),
  );

  // The provider's admin area: generate and revoke codes.
  app.get('/api/admin/codes', { schema: { querystring: AdminCodesQuery }, config: { access: 'admin', api: { tag: 'Admin', summary: 'Lifetime-deal codes, by status, a page at a time', response: AdminCodesResponse } } }, async (request) => {
    return listCodes(ctx, request.query.status, request.query.page);
  });
  app.post('/api/admin/codes', { schema: { body: GenerateCodesBody }, config: { access: 'admin', api: { tag: 'Admin', summary: 'Generate a batch of lifetime-deal codes (shown this once)', response: GenerateCodesResponse, status: 201 } } }, async (request, reply) => {
    const body = request.body;
    const admin = await currentAdmin(ctx, request);
    return reply.status(201).send(await generateCodes(ctx, admin?.id ?? null, body.count, body.note));
  });
  app.post('/api/admin/codes/:id/revoke', { schema: { params: ShortIdParams }, config: { access: 'admin', api: { tag: 'Admin', summary: 'Revoke a lifetime-deal code', response: RevokeCodeResponse } } }, async (request) =>
    revokeCode(ctx, request.params.id),
  );
}
