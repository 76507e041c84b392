/**
 * Plans (issue 18): what the free plan allows and what a paid one unlocks, in one place. The server
 * enforces these numbers (apps/routes, clones, uploads: `limitsOf`), the billing and redeem pages
 * show them, and docs/decisions (plans) explains the choice.
 *
 * - free: every workspace to start with; no embedding (shell §6), 25 apps, the server's
 *   UPLOAD_QUOTA_MB of files (1 GB by default).
 * - pro: the monthly subscription through Stripe Billing (or PLAN=pro on a self-hosted server):
 *   embedding, any number of apps, 50 GB of files.
 * - lifetime: lifetime-deal codes (AppSumo style). One code is a paid plan for good; up to three
 *   stack, each raising the limits (LIFETIME_TIERS).
 *
 * A workspace with both a subscription and codes gets the larger of each limit.
 */

export const PLAN_KINDS = ['free', 'pro', 'lifetime'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export interface PlanLimits {
  /** May apps be embedded on other sites (the Embed dialog). */
  embed: boolean;
  /** Apps (boards and multipage apps) one workspace may hold; null: no limit. */
  apps: number | null;
  /** Megabytes of uploaded files one workspace may store; null: the server's UPLOAD_QUOTA_MB. */
  uploadMb: number | null;
}

export const FREE_LIMITS: PlanLimits = { embed: false, apps: 25, uploadMb: null };
export const PRO_LIMITS: PlanLimits = { embed: true, apps: null, uploadMb: 50 * 1024 };

/** The most lifetime codes one workspace may stack. */
export const MAX_STACKED_CODES = 3;

/** What 1, 2 and 3 stacked lifetime codes give (index = codes - 1). */
export const LIFETIME_TIERS: readonly PlanLimits[] = [
  { embed: true, apps: 100, uploadMb: 10 * 1024 },
  { embed: true, apps: 250, uploadMb: 25 * 1024 },
  { embed: true, apps: null, uploadMb: 50 * 1024 },
];

/** The larger of two limits (null is no limit, so it wins). */
function larger(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.max(a, b);
}

/**
 * A workspace's limits from what it holds: an active subscription (or PLAN=pro) and the number
 * of lifetime codes redeemed. Free when it has neither.
 */
export function limitsOf(state: { pro: boolean; codes: number }): PlanLimits {
  const codes = Math.max(0, Math.min(MAX_STACKED_CODES, Math.floor(state.codes)));
  const tier = codes > 0 ? LIFETIME_TIERS[codes - 1]! : null;
  if (state.pro && tier) return { embed: true, apps: larger(PRO_LIMITS.apps, tier.apps), uploadMb: larger(PRO_LIMITS.uploadMb, tier.uploadMb) };
  return state.pro ? PRO_LIMITS : (tier ?? FREE_LIMITS);
}

/** Which plan a workspace is on (shown on the billing page). */
export function planKindOf(state: { pro: boolean; codes: number }): PlanKind {
  return state.pro ? 'pro' : state.codes > 0 ? 'lifetime' : 'free';
}

/** The upload quota in MB: the plan's, never less than the server's UPLOAD_QUOTA_MB. */
export function uploadQuotaMbOf(limits: PlanLimits, serverQuotaMb: number): number {
  return limits.uploadMb === null ? serverQuotaMb : Math.max(limits.uploadMb, serverQuotaMb);
}

export const PLAN_LABELS: Record<PlanKind, string> = { free: 'Free plan', pro: 'Pro plan', lifetime: 'Lifetime plan' };

/** "25 apps" / "Unlimited apps", "1 GB of files". */
export const appsText = (apps: number | null) => (apps === null ? 'Unlimited apps' : `${apps} apps`);
export const storageText = (mb: number) => (mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB of files` : `${Math.round(mb)} MB of files`);

/** Lifetime-deal codes: `SB-XXXX-XXXX-XXXX` of Crockford base 32 (no I, L, O, U): 60 random bits. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_PATTERN = /^SB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A code as typed: trimmed, upper case, spaces gone, the letters people confuse read as digits
 * (O → 0, I and L → 1), and the dashes put back when they were left out.
 */
export function normalizeCode(input: string): string {
  const bare = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const body = bare.length === 14 && bare.startsWith('SB') ? bare.slice(2) : bare;
  return body.length === 12 ? `SB-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}` : input.trim().toUpperCase();
}

export const CODE_LIMITS = {
  /** Codes one batch may generate. */
  batchMax: 1000,
  /** A batch's note (whom the codes are for). */
  noteMax: 200,
  /** Redemption attempts per owner account, and per IP address, per window (brute force). */
  redeemPerAccount: 10,
  redeemPerIp: 30,
  redeemWindowMinutes: 60,
  /** Admin list page size. */
  pageSize: 50,
} as const;

export const CODE_MESSAGES = {
  unknown: 'This code does not exist. Check it for typos: codes look like SB-XXXX-XXXX-XXXX.',
  used: 'This code has already been redeemed.',
  revoked: 'This code was revoked and can no longer be redeemed.',
  stackMax: `Your workspace already has ${MAX_STACKED_CODES} codes, the most that stack.`,
  tooMany: (wait: string) => `Too many attempts to redeem a code. Please wait ${wait} and try again.`,
  notFound: 'Code not found',
  alreadyRevoked: 'This code is already revoked.',
  batchSize: `Generate between 1 and ${CODE_LIMITS.batchMax} codes at a time.`,
} as const;

export const PLAN_MESSAGES = {
  /** Shell §8: the plan check failed (the editor's Embed, the billing page). */
  checkFailed: 'Failed to verify plan status',
  appLimit: (apps: number) => `Your plan allows ${apps} apps. Delete an app, or upgrade on the billing page to add more.`,
  alreadyPaid: 'Your workspace is already on the Pro plan.',
  selfHosted: 'Every workspace on this server has every feature (PLAN=pro): there is nothing to buy.',
  billingOff: 'Upgrades are not available on this server yet (no Stripe keys).',
  noCustomer: 'You have no subscription to manage yet.',
} as const;
