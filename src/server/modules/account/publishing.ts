// What waits for a proved address (issue 18, hardening II). Publishing: making an app public
// (creating it public, or PUT /api/apps/{id} with public: true) and submitting it to the
// marketplace are refused while the workspace owner's e-mail address is unverified. The account's
// own things of value wait too (assertVerifiedFor): API tokens, inviting workspace editors, buying
// (a plan, a template, a lifetime code) and connecting a payment account. Building, importing,
// previewing stay open. So an unverified account holds nothing its address's owner would lose, or
// inherit from someone else, when that owner proves the address (docs/decisions/2026-11-29-taking-an-account-back.md).
// Without SMTP_URL sign-ups count as verified, so none of this applies there.
// Reads through the repo only, so the apps, marketplace, developer, workspace, billing and
// purchases modules can ask it without a cycle.
import type { ServerContext } from '../../platform/context';
import { HttpError, notFound } from '../../errors';
import { ACCOUNT_MESSAGES, EMAIL_UNVERIFIED, type VerifiedFor } from '../../../shared/api/account';
import { accountRepo } from '../../data/account/repo';

/** Throws 403 `email_unverified` unless the owner of the workspace has verified the address. */
export async function assertMayPublish(ctx: ServerContext, workspaceId: string, callerId: string | undefined): Promise<void> {
  const owner = await accountRepo(ctx.db).workspaceOwnerVerified(workspaceId);
  if (!owner || owner.verified) return;
  throw new HttpError(403, owner.ownerId === callerId ? ACCOUNT_MESSAGES.unverifiedOwner : ACCOUNT_MESSAGES.unverifiedWorkspace, undefined, EMAIL_UNVERIFIED);
}

/** Throws 403 `email_unverified`, in words naming what waits, unless the account has verified its address. */
export async function assertVerifiedFor(ctx: ServerContext, userId: string, what: VerifiedFor): Promise<void> {
  const row = await accountRepo(ctx.db).user(userId);
  if (!row) throw notFound('Account not found');
  if (row.email_verified_at == null) throw new HttpError(403, ACCOUNT_MESSAGES.unverifiedFor[what], undefined, EMAIL_UNVERIFIED);
}
