// A workspace's plan (issue 18): what it holds (an active Stripe subscription, lifetime codes,
// PLAN=pro on the server) and the limits that follow (shared/rules/plans.ts). Other modules ask
// here, through repos only: apps/routes and clones (the number of apps), uploads and clones (the
// upload quota), GET /api/board/workspace (is_free_plan).
import { limitsOf, PLAN_MESSAGES, planKindOf, uploadQuotaMbOf, type PlanLimits } from '../../../shared/rules/plans';
import type { Db } from '../../db';
import type { ServerContext } from '../../platform/context';
import { HttpError } from '../../errors';
import { codesRepo, planRepo } from '../../data/billing/plan-repo';

export interface PlanState {
  /** A paid plan without codes: an active subscription, PLAN=pro, or a workspace made paid otherwise (the marketplace's). */
  pro: boolean;
  /** Lifetime codes redeemed and not revoked. */
  codes: number;
  subscribed: boolean;
}

/** What the workspace holds now. */
export async function planState(ctx: Pick<ServerContext, 'config'>, db: Db, workspaceId: string): Promise<PlanState> {
  const repo = planRepo(db);
  const [flag, subscribed, codes] = await Promise.all([repo.workspaceFlag(workspaceId), repo.hasActiveSubscription(workspaceId), codesRepo(db).heldBy(workspaceId)]);
  // A paid flag with no code behind it: made paid when created under PLAN=pro, or by the provider.
  const paidOtherwise = !!flag && !flag.is_free_plan && codes === 0;
  return { pro: ctx.config.plan === 'pro' || subscribed || paidOtherwise, codes, subscribed };
}

export async function planLimits(ctx: Pick<ServerContext, 'config'>, db: Db, workspaceId: string): Promise<PlanLimits> {
  return limitsOf(await planState(ctx, db, workspaceId));
}

/** The spec's is_free_plan for GET /api/board/workspace: PLAN=pro makes every workspace paid. */
export function isFreePlan(ctx: Pick<ServerContext, 'config'>, storedFree: boolean): boolean {
  return ctx.config.plan !== 'pro' && storedFree;
}

/**
 * Sets the workspace's is_free_plan from what it holds now (after a webhook, a redemption, a
 * revocation): paid while it has an active subscription or a code. On `db` (the caller's transaction).
 */
export async function syncPlanFlag(db: Db, workspaceId: string): Promise<void> {
  const repo = planRepo(db);
  const paid = (await repo.hasActiveSubscription(workspaceId)) || (await codesRepo(db).heldBy(workspaceId)) > 0;
  await repo.setFree(workspaceId, !paid);
}

/** 403 when the workspace holds as many apps as its plan allows (creating and cloning apps). */
export async function assertAppRoom(ctx: Pick<ServerContext, 'config'>, db: Db, workspaceId: string): Promise<void> {
  const { apps } = await planLimits(ctx, db, workspaceId);
  if (apps === null) return;
  if ((await planRepo(db).appCount(workspaceId)) >= apps) throw new HttpError(403, PLAN_MESSAGES.appLimit(apps), undefined, 'plan_app_limit');
}

/** The workspace's upload quota in MB: its plan's, never less than UPLOAD_QUOTA_MB. */
export async function uploadQuotaMb(ctx: Pick<ServerContext, 'config'>, db: Db, workspaceId: string): Promise<number> {
  return uploadQuotaMbOf(await planLimits(ctx, db, workspaceId), ctx.config.uploadQuotaMb);
}

export { planKindOf };
