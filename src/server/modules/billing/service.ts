// Sellers' payment accounts through Stripe Connect (issue 14). A workspace gets one Express
// connected account: Stripe hosts its onboarding and its dashboard, keeps the identity and bank
// checks, and the platform can later route a template's sale to it with a fee. (Standard accounts
// would make every seller open and run a full Stripe account of their own and settle disputes
// themselves: too much for spreadsheet people selling a template.) Sheetboard stores only the
// account id and the three flags that decide whether paid templates may be submitted; Stripe tells
// them through the account.updated webhook, or when the owner comes back from onboarding.
import type Stripe from 'stripe';
import type { ConnectStatus } from '../../../shared/api/admin';
import { STRIPE_MESSAGES } from '../../../shared/rules/marketplace';
import type { ServerContext } from '../../platform/context';
import { badRequest, conflict, HttpError } from '../../errors';
import { nowIso, sha256 } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { applyPurchaseEvent, isPurchaseEvent } from '../purchases/webhook';
import { currentWorkspace, ownCurrentWorkspace } from '../../identity/current-workspace';

/** Only a workspace's owner connects (or refreshes) the account its templates are paid into. */
const CONNECT_OWNER_ONLY = 'Only the owner of this workspace can connect its payments account. Switch to one of your own workspaces.';
import { PAID_REASONS, paidSubmitStatus } from './connect';
import { stripeRepo, type AccountState, type StripeAccountRow } from '../../data/billing/repo';
import { applyPlanEvent, isPlanEvent } from './subscription';
import { callStripe, stripeClient, stripeFailure, stripeSdk } from '../../platform/stripe';
import { assertVerifiedFor } from '../account/publishing';

/** Stripe's account ids (the column holds 100 characters). */
const ACCOUNT_ID = /^acct_[A-Za-z0-9]{1,90}$/;
/** How long handled webhook events are remembered (Stripe redelivers for up to three days). */
const EVENTS_KEPT_MS = 30 * 24 * 3600_000;

const stateOf = (a: Pick<Stripe.Account, 'charges_enabled' | 'payouts_enabled' | 'details_submitted'>): AccountState => ({
  charges_enabled: !!a.charges_enabled,
  payouts_enabled: !!a.payouts_enabled,
  details_submitted: !!a.details_submitted,
});

function accountView(row: StripeAccountRow): NonNullable<ConnectStatus['account']> {
  return {
    id: row.account_id,
    charges_enabled: Number(row.charges_enabled) === 1,
    payouts_enabled: Number(row.payouts_enabled) === 1,
    details_submitted: Number(row.details_submitted) === 1,
  };
}

function client(ctx: ServerContext): Stripe {
  const stripe = stripeClient(ctx.config);
  if (!stripe) throw conflict(PAID_REASONS.off);
  return stripe;
}

/** Whether Stripe answered that the account does not exist (deleted, or keys of the other mode). */
function accountMissing(err: unknown): boolean {
  const e = err as { type?: string; code?: string; param?: string };
  return e?.type === 'StripeInvalidRequestError' && e.code === 'resource_missing' && (e.param === 'account' || e.param === undefined);
}

/** The caller's own workspace's account, as Stripe last reported it (GET /api/billing/connect). */
export async function connectStatus(ctx: ServerContext, user: SessionUser): Promise<ConnectStatus> {
  const ws = await currentWorkspace(ctx, user);
  const row = await stripeRepo(ctx.db).accountOf(ws.id);
  const { can_submit_paid } = await paidSubmitStatus(ctx, ws.id);
  return { configured: !!stripeClient(ctx.config), account: row ? accountView(row) : null, can_submit_paid };
}

/**
 * An onboarding link of Stripe for the caller's workspace (POST /api/billing/connect), creating
 * its connected account first if it has none. Two clicks at once create one account: the call
 * carries an idempotency key of the workspace (Stripe answers a repeat with the same account for
 * 24 hours) and the table keeps one account per workspace.
 */
export async function connectLink(ctx: ServerContext, user: SessionUser, baseUrl: string): Promise<{ url: string }> {
  const stripe = client(ctx);
  const ws = await ownCurrentWorkspace(ctx, user, CONNECT_OWNER_ONLY);
  await assertVerifiedFor(ctx, user.id, 'payouts');
  const repo = stripeRepo(ctx.db);
  let row = await repo.accountOf(ws.id);
  let replacing: string | undefined;
  for (let attempt = 0; ; attempt++) {
    if (!row) row = await createAccount(ctx, stripe, ws.id, user.email, replacing);
    const accountId = row.account_id;
    try {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: `${baseUrl}/dashboard/accountbilling?stripe=refresh`,
        return_url: `${baseUrl}/dashboard/accountbilling?stripe=return`,
      });
      // The browser is sent there: only ever a web address.
      if (!/^https?:\/\//i.test(link.url)) throw new HttpError(502, STRIPE_MESSAGES.unreachable, undefined, 'stripe_unreachable');
      return { url: link.url };
    } catch (err) {
      // The stored account is gone on Stripe's side: forget it and connect a new one (once).
      if (attempt === 0 && accountMissing(err)) {
        ctx.log.warn({ accountId }, 'the connected account no longer exists on Stripe: connecting a new one');
        await repo.deleteAccount(ws.id, accountId);
        row = undefined;
        replacing = accountId;
        continue;
      }
      throw stripeFailure(ctx, err, 'account link');
    }
  }
}

/**
 * A new connected account for the workspace. The idempotency key names the workspace, the e-mail
 * and the account it replaces: a repeat within Stripe's 24 hours gets the same account back, and
 * a replacement for one Stripe lost is a new one (a replay would answer the lost account again).
 */
async function createAccount(ctx: ServerContext, stripe: Stripe, workspaceId: string, email: string, replacing?: string): Promise<StripeAccountRow> {
  const account = await callStripe(ctx, 'account creation', () =>
    stripe.accounts.create(
      {
        type: 'express',
        email,
        metadata: { workspace_id: workspaceId },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      },
      { idempotencyKey: `sheetboard-connect-${workspaceId}-${sha256(`${email}\n${replacing ?? ''}`).slice(0, 16)}` },
    ),
  );
  // The id is stored and shown on the billing page: only ever one of Stripe's account ids.
  if (!ACCOUNT_ID.test(account.id)) throw new HttpError(502, STRIPE_MESSAGES.unreachable, undefined, 'stripe_unreachable');
  const repo = stripeRepo(ctx.db);
  await repo.insertAccount(workspaceId, account.id, stateOf(account), nowIso());
  const row = await repo.accountOf(workspaceId);
  if (!row) throw new HttpError(500, 'The Stripe account could not be saved');
  return row;
}

/**
 * Reads the caller's account from Stripe again (POST /api/billing/connect/refresh: the owner is
 * back from onboarding, before any webhook arrived) and stores its flags. An account Stripe no
 * longer knows is forgotten, so the owner can connect again.
 */
export async function refreshAccount(ctx: ServerContext, user: SessionUser): Promise<ConnectStatus> {
  const stripe = client(ctx);
  const ws = await ownCurrentWorkspace(ctx, user, CONNECT_OWNER_ONLY);
  const repo = stripeRepo(ctx.db);
  const row = await repo.accountOf(ws.id);
  if (row) {
    try {
      const account = await stripe.accounts.retrieve(row.account_id);
      await repo.setState(row.account_id, stateOf(account), nowIso());
    } catch (err) {
      if (!accountMissing(err)) throw stripeFailure(ctx, err, 'account check');
      ctx.log.warn({ accountId: row.account_id }, 'the connected account no longer exists on Stripe: forgotten');
      await repo.deleteAccount(ws.id, row.account_id);
    }
  }
  return connectStatus(ctx, user);
}

/**
 * The webhook's endpoint secrets, or 503 when this server has none. STRIPE_WEBHOOK_SECRET may name
 * several, separated by commas: Stripe signs the events of connected accounts (account.updated)
 * and the platform's own events (Checkout, charges, disputes) on two endpoints with a secret each,
 * both pointing at the one URL.
 */
function webhookSecrets(ctx: ServerContext): string[] {
  const secrets = (ctx.config.stripeWebhookSecret ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0) throw new HttpError(503, STRIPE_MESSAGES.webhookOff, undefined, 'stripe_webhook_off');
  return secrets;
}

/** The event, if one of the secrets signed these bytes (the SDK's check, 300 s tolerance). */
function verifiedEvent(raw: Buffer, signature: string | undefined, secrets: string[]): Stripe.Event {
  if (signature)
    for (const secret of secrets) {
      try {
        // Verifying needs no API key: the SDK's static helper.
        return stripeSdk().webhooks.constructEvent(raw, signature, secret);
      } catch {
        // Not this endpoint's secret (or not signed at all): try the next.
      }
    }
  throw badRequest(STRIPE_MESSAGES.badSignature);
}

/**
 * One delivery of Stripe's webhook (POST /api/stripe/webhook): the signature is checked on the
 * exact bytes received (400 and nothing changes when it is missing, wrong or older than the SDK's
 * five minutes). account.updated stores the account's flags; the plan events (subscription.ts)
 * set the workspace's plan; the purchase events
 * (purchases/webhook.ts) grant, expire, refund and dispute template purchases. Every handled event
 * is remembered in the same transaction as its change, so a redelivery does nothing again; other
 * types are acknowledged and ignored.
 */
export async function handleWebhook(ctx: ServerContext, raw: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true; ignored?: true }> {
  const event = verifiedEvent(raw, signature, webhookSecrets(ctx));
  // Plans (issue 18): subscriptions, their invoices, and Checkout Sessions of mode subscription.
  const plan = isPlanEvent(event);
  if (event.type !== 'account.updated' && !plan && !isPurchaseEvent(event.type)) return { received: true, ignored: true };
  const at = nowIso();
  const applied = await ctx.db.transaction().execute(async (trx) => {
    const repo = stripeRepo(trx);
    if (!(await repo.recordEvent(event.id, event.type, at))) return false;
    if (event.type === 'account.updated') {
      const account = event.data.object;
      const eventAt = new Date(event.created * 1000).toISOString();
      const before = new Date((event.created + 1) * 1000).toISOString();
      await repo.setStateUnlessNewer(account.id, stateOf(account), eventAt, before);
    } else if (plan) await applyPlanEvent(trx, ctx, event, at);
    else await applyPurchaseEvent(trx, ctx.log, event, at);
    return true;
  });
  if (!applied) return { received: true, duplicate: true };
  await stripeRepo(ctx.db)
    .pruneEvents(new Date(Date.now() - EVENTS_KEPT_MS).toISOString())
    .catch((err) => ctx.log.warn({ err }, 'pruning old Stripe events failed'));
  return { received: true };
}
