// Publishing waits for a proved address (issue 18): making an app public (creating it public, or
// PUT /api/apps/{id} with public: true) and submitting it to the marketplace are refused while the
// workspace owner's e-mail address is unverified. Everything else (building, previewing) is open.
// Reads through the repo only, so the apps and marketplace routes can ask it without a cycle.
import type { ServerContext } from '../../platform/context';
import { HttpError } from '../../errors';
import { ACCOUNT_MESSAGES, EMAIL_UNVERIFIED } from '../../../shared/api/account';
import { accountRepo } from '../../data/account/repo';

/** Throws 403 `email_unverified` unless the owner of the workspace has verified the address. */
export async function assertMayPublish(ctx: ServerContext, workspaceId: string, callerId: string | undefined): Promise<void> {
  const owner = await accountRepo(ctx.db).workspaceOwnerVerified(workspaceId);
  if (!owner || owner.verified) return;
  throw new HttpError(403, owner.ownerId === callerId ? ACCOUNT_MESSAGES.unverifiedOwner : ACCOUNT_MESSAGES.unverifiedWorkspace, undefined, EMAIL_UNVERIFIED);
}
