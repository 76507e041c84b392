// Plans (issue 18): the owner's plan, Upgrade (Stripe Checkout, subscription mode), the customer
// portal, invoices and lifetime-deal codes; the provider admin's codes. Thin: parse, call the service.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminCodesQuery, GenerateCodesBody, RedeemCodeBody } from '../../../shared/api/billing';
import { ShortIdParams } from '../../../shared/api/params';
import { STRIPE_LIMITS, STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import { CODE_LIMITS, CODE_MESSAGES } from '../../../shared/rules/plans';
import type { ServerContext } from '../../context';
import { linkScheme, parse } from '../../http';
import { signedInUser } from '../access/enforce';
import { currentAdmin } from '../admin/session';
import { IpLimiter } from '../auth/limiter';
import { perAccount, perIp, type RateLimit } from '../auth/rate-limit';
import { generateCodes, listCodes, redeemCode, revokeCode } from './codes';
import { billingPortal, invoices, planStatus, upgradeCheckout } from './subscription';

export function planRoutes(app: FastifyInstance, ctx: ServerContext) {
  const baseUrl = (request: FastifyRequest) => `${linkScheme(ctx.config, request)}://${ctx.config.baseHost}`;
  // Each of these calls Stripe: a budget per owner account, as the Connect routes have.
  const stripeCalls = perAccount(new IpLimiter(ctx.counters, 'billing-plans.stripeCalls', STRIPE_LIMITS.connectCallsPerOwner, STRIPE_LIMITS.connectWindowMinutes * 60_000));
  const stripeLimit: RateLimit = { check: [stripeCalls], refusal: STRIPE_MESSAGES.tooManyCalls, count: [{ when: 'attempt', budgets: [stripeCalls] }] };

  app.get('/api/billing/plan', { config: { access: 'signed-in' } }, async (request) => planStatus(ctx, signedInUser(request)));
  app.post('/api/billing/plan/checkout', { config: { access: 'signed-in', rateLimit: stripeLimit } }, async (request) =>
    upgradeCheckout(ctx, signedInUser(request), baseUrl(request)),
  );
  app.post('/api/billing/plan/portal', { config: { access: 'signed-in', rateLimit: stripeLimit } }, async (request) =>
    billingPortal(ctx, signedInUser(request), baseUrl(request)),
  );
  app.get('/api/billing/invoices', { config: { access: 'signed-in', rateLimit: stripeLimit } }, async (request) => invoices(ctx, signedInUser(request)));

  // Guessing codes: every refused attempt (unknown, used, revoked, stack full) counts per owner
  // account and per IP; a spent budget is 429 before the code is even looked at.
  const windowMs = CODE_LIMITS.redeemWindowMinutes * 60_000;
  const redeemByAccount = perAccount(new IpLimiter(ctx.counters, 'billing-plans.redeemByAccount', CODE_LIMITS.redeemPerAccount, windowMs));
  const redeemByIp = perIp(new IpLimiter(ctx.counters, 'billing-plans.redeemByIp', CODE_LIMITS.redeemPerIp, windowMs));
  const redeemLimit: RateLimit = {
    body: RedeemCodeBody,
    check: [redeemByAccount, redeemByIp],
    refusal: CODE_MESSAGES.tooMany,
    count: [
      { when: { status: 404 }, budgets: [redeemByAccount, redeemByIp] },
      { when: { status: 409 }, budgets: [redeemByAccount, redeemByIp] },
    ],
  };
  app.post('/api/billing/codes/redeem', { config: { access: 'signed-in', rateLimit: redeemLimit } }, async (request) =>
    redeemCode(ctx, signedInUser(request), parse(RedeemCodeBody, request.body).code),
  );

  // The provider's admin area: generate and revoke codes.
  app.get('/api/admin/codes', { config: { access: 'admin' } }, async (request) => {
    const q = parse(AdminCodesQuery, request.query);
    return listCodes(ctx, q.status, q.page);
  });
  app.post('/api/admin/codes', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parse(GenerateCodesBody, request.body);
    const admin = await currentAdmin(ctx, request);
    return reply.status(201).send(await generateCodes(ctx, admin?.id ?? null, body.count, body.note));
  });
  app.post('/api/admin/codes/:id/revoke', { config: { access: 'admin' } }, async (request) => revokeCode(ctx, parse(ShortIdParams, request.params).id));
}
