// Sellers' payment accounts (Stripe Connect) and Stripe's webhook. Thin: call the service.
import { z } from 'zod';
import { ConnectLinkResponse, ConnectStatus } from '../../../shared/api/admin';
import { StripeSubmitStatusQuery } from '../../../shared/api/marketplace';
import { STRIPE_LIMITS, STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import type { ServerContext } from '../../platform/context';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import { signedInUser } from '../../access/enforce';
import { appInQueryOrOwn } from '../../access/resources';
import { IpLimiter } from '../../platform/limits/limiter';
import { perAccount, type RateLimit } from '../../platform/limits/rate-limit';
import { currentWorkspace } from '../../identity/current-workspace';
import { paidSubmitStatus } from './connect';
import { connectLink, connectStatus, handleWebhook, refreshAccount } from './service';

export function billingRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Billing';
  // Each of these calls Stripe: an owner clicking on and on (or a script with their session) spends
  // the platform's Stripe rate limit, so they share a budget per owner account.
  const stripeCalls = perAccount(new IpLimiter(ctx.counters, 'billing.stripeCalls', STRIPE_LIMITS.connectCallsPerOwner, STRIPE_LIMITS.connectWindowMinutes * 60_000));
  const connectLimit: RateLimit = { check: [stripeCalls], refusal: STRIPE_MESSAGES.tooManyCalls, count: [{ when: 'attempt', budgets: [stripeCalls] }] };

  // The caller's own workspace (an editor of another workspace connects their own, not its owner's).
  app.get('/api/billing/connect', { config: { access: 'signed-in', api: { tag, summary: "Your workspace's payment account (Stripe Connect), as Stripe last reported it", response: ConnectStatus } } }, async (request) => connectStatus(ctx, signedInUser(request)));

  app.post('/api/billing/connect', { config: { access: 'signed-in', rateLimit: connectLimit, api: { tag, summary: "Stripe's onboarding link for your payment account (made first if needed)", response: ConnectLinkResponse } } }, async (request) =>
    connectLink(ctx, signedInUser(request), `${linkScheme(ctx.config, request)}://${ctx.config.baseHost}`),
  );

  app.post('/api/billing/connect/refresh', { config: { access: 'signed-in', rateLimit: connectLimit, api: { tag, summary: 'Read your payment account from Stripe again', response: ConnectStatus } } }, async (request) =>
    refreshAccount(ctx, signedInUser(request)),
  );

  // With app_id: the app's workspace, for its owner or an editor of it (the marketplace form of
  // that app); without: the caller's own workspace.
  app.get(
    '/api/multipage/marketplace/check-stripe-submit-status',
    // Session only (no `tokens`): tokens are not for billing.
    { schema: { querystring: StripeSubmitStatusQuery }, config: { access: 'owner', resource: appInQueryOrOwn(StripeSubmitStatusQuery, (q) => q.app_id, "no app_id: the caller's own workspace"), api: { tag: 'Billing', summary: 'Whether your payment account can take payments for a paid template' } } },
    async (request) => {
      // The resolver read app_id with the contract (a bad one is its 400; an unknown app 404).
      const workspaceId = request.access.app?.workspaceId ?? (await currentWorkspace(ctx, signedInUser(request))).id;
      return paidSubmitStatus(ctx, workspaceId);
    },
  );


  // Stripe's webhook gets a scope of its own: its body is kept as the exact bytes received (the
  // signature is computed over them; parsed and re-serialised JSON would not match), up to 1 MB.
  app.register(async (scope: ApiServer) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: STRIPE_LIMITS.webhookBodyMaxBytes }, (_request, body, done) => done(null, body));
    // 'public': Stripe calls it with no session, from addresses we do not know. The Stripe-Signature
    // header is the check: an HMAC of the body and its timestamp under STRIPE_WEBHOOK_SECRET, which
    // only Stripe and this server hold; the service refuses anything unsigned, altered or stale
    // before it reads a field.
    // Its body is Stripe's event as raw bytes, read by the service once the signature holds: no
    // schema. In the reference for completeness: Stripe calls it, not a script.
    scope.post('/api/stripe/webhook', { bodyLimit: STRIPE_LIMITS.webhookBodyMaxBytes, config: { access: 'public', api: { tag: 'Billing', summary: "Stripe's events (signed by Stripe; the body is Stripe's event as sent)", response: z.object({ received: z.literal(true), duplicate: z.literal(true).optional(), ignored: z.literal(true).optional() }) } } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return handleWebhook(ctx, raw, typeof signature === 'string' ? signature : undefined);
    });
  });
}
