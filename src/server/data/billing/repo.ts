// The only SQL of billing: sellers' connected accounts (one per workspace) and the webhook events
// already handled. Booleans are stored 0/1 on both databases.
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { StripeAccountsTable } from '../../db/schema';

export type StripeAccountRow = Selectable<StripeAccountsTable>;

/** What Stripe says of an account, as far as selling templates needs it. */
export interface AccountState {
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
}

const bits = (s: AccountState) => ({
  charges_enabled: s.charges_enabled ? 1 : 0,
  payouts_enabled: s.payouts_enabled ? 1 : 0,
  details_submitted: s.details_submitted ? 1 : 0,
});

export function stripeRepo(db: Db) {
  return {
    accountOf(workspaceId: string): Promise<StripeAccountRow | undefined> {
      return db.selectFrom('stripe_accounts').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
    },
    /** Stores the workspace's new account; false when it already has one (a concurrent connect won). */
    async insertAccount(workspaceId: string, accountId: string, state: AccountState, at: string): Promise<boolean> {
      const r = await db
        .insertInto('stripe_accounts')
        .values({ workspace_id: workspaceId, account_id: accountId, ...bits(state), updated_at: at })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** The state read from Stripe just now (a check after onboarding). */
    async setState(accountId: string, state: AccountState, at: string) {
      await db.updateTable('stripe_accounts').set({ ...bits(state), updated_at: at }).where('account_id', '=', accountId).execute();
    },
    /**
     * The state an event reported as of `before` (its creation second plus one): an event older
     * than what is stored (Stripe does not deliver in order) changes nothing. True when it applied.
     */
    async setStateUnlessNewer(accountId: string, state: AccountState, eventAt: string, before: string): Promise<boolean> {
      const r = await db
        .updateTable('stripe_accounts')
        .set({ ...bits(state), updated_at: eventAt })
        .where('account_id', '=', accountId)
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async deleteAccount(workspaceId: string, accountId: string) {
      await db.deleteFrom('stripe_accounts').where('workspace_id', '=', workspaceId).where('account_id', '=', accountId).execute();
    },
    /** Remembers a handled event; false when it was handled before (a redelivery). */
    async recordEvent(id: string, type: string, at: string): Promise<boolean> {
      const r = await db.insertInto('stripe_events').values({ id, type, received_at: at }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** Forgets events received before `before` (Stripe stops redelivering after three days). */
    async pruneEvents(before: string) {
      await db.deleteFrom('stripe_events').where('received_at', '<', before).execute();
    },
  };
}
