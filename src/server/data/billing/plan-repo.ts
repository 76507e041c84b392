// The only SQL of plans (issue 18): workspaces' Stripe Billing customers and subscriptions,
// lifetime-deal codes, and the workspace's `is_free_plan` flag kept in step with them.
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { BillingSubscriptionsTable, LifetimeCodesTable } from '../../db/schema';

export type SubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type CodeRow = Selectable<LifetimeCodesTable>;

/** Stripe's statuses of a subscription that keep the paid plan (past_due: Stripe is still retrying the card). */
export const ACTIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;

export function planRepo(db: Db) {
  return {
    async workspaceFlag(workspaceId: string): Promise<{ is_free_plan: boolean; name: string } | undefined> {
      const row = await db.selectFrom('workspaces').select(['is_free_plan', 'name']).where('id', '=', workspaceId).executeTakeFirst();
      return row && { is_free_plan: Number(row.is_free_plan) === 1, name: row.name };
    },
    async hasActiveSubscription(workspaceId: string): Promise<boolean> {
      const row = await db
        .selectFrom('billing_subscriptions')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('status', 'in', [...ACTIVE_STATUSES])
        .executeTakeFirst();
      return !!row;
    },
    /** The subscription shown on the billing page: an active one first, else the latest. */
    latestSubscription(workspaceId: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy(sql`case when status in ('active', 'trialing', 'past_due') then 0 else 1 end`)
        .orderBy('updated_at', 'desc')
        .executeTakeFirst();
    },
    subscription(id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('billing_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /**
     * Stores what an event says of a subscription, unless the row holds a newer event's state
     * (Stripe does not deliver in order): true when it applied.
     */
    async upsertSubscription(row: SubscriptionRow): Promise<boolean> {
      const stored = await db.selectFrom('billing_subscriptions').select('event_at').where('id', '=', row.id).executeTakeFirst();
      if (!stored) {
        const r = await db.insertInto('billing_subscriptions').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
        return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
      }
      if (stored.event_at > row.event_at) return false;
      const { id, ...rest } = row;
      await db.updateTable('billing_subscriptions').set(rest).where('id', '=', id).execute();
      return true;
    },
    /** A subscription known only from its Checkout Session: stored when no event told of it yet. */
    async insertSubscriptionIfNew(row: SubscriptionRow): Promise<void> {
      await db.insertInto('billing_subscriptions').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
    },

    customerOf(workspaceId: string) {
      return db.selectFrom('billing_customers').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
    },
    byCustomer(customerId: string) {
      return db.selectFrom('billing_customers').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
    },
    /** False when the workspace has a customer already (a concurrent upgrade stored it first). */
    async insertCustomer(workspaceId: string, customerId: string, at: string): Promise<boolean> {
      const r = await db
        .insertInto('billing_customers')
        .values({ workspace_id: workspaceId, customer_id: customerId, last_invoice_status: null, last_invoice_at: null, created_at: at })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async deleteCustomer(workspaceId: string, customerId: string) {
      await db.deleteFrom('billing_customers').where('workspace_id', '=', workspaceId).where('customer_id', '=', customerId).execute();
    },
    /** The last invoice's outcome, unless a newer invoice event was stored. */
    async setInvoiceStatus(customerId: string, status: 'paid' | 'failed', eventAt: string) {
      await db
        .updateTable('billing_customers')
        .set({ last_invoice_status: status, last_invoice_at: eventAt })
        .where('customer_id', '=', customerId)
        .where((eb) => eb.or([eb('last_invoice_at', 'is', null), eb('last_invoice_at', '<=', eventAt)]))
        .execute();
    },

    /** The codes a workspace holds (redeemed, not revoked), oldest first. */
    codesOf(workspaceId: string) {
      return db
        .selectFrom('lifetime_codes')
        .select(['hint', 'redeemed_at'])
        .where('workspace_id', '=', workspaceId)
        .where('revoked_at', 'is', null)
        .where('redeemed_at', 'is not', null)
        .orderBy('redeemed_at')
        .execute();
    },
    async appCount(workspaceId: string): Promise<number> {
      const row = await db.selectFrom('apps').select((eb) => eb.fn.countAll<string | number>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async uploadBytes(workspaceId: string): Promise<number> {
      const row = await db.selectFrom('uploads').select((eb) => eb.fn.sum<string | number | null>('size').as('n')).where('workspace_id', '=', workspaceId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** Sets the spec's flag from what the workspace holds. */
    async setFree(workspaceId: string, free: boolean) {
      await db
        .updateTable('workspaces')
        .set({ is_free_plan: free ? 1 : 0 })
        .where('id', '=', workspaceId)
        .execute();
    },
  };
}

export function codesRepo(db: Db) {
  return {
    byHash(hash: string): Promise<CodeRow | undefined> {
      return db.selectFrom('lifetime_codes').selectAll().where('code_hash', '=', hash).executeTakeFirst();
    },
    byId(id: string): Promise<CodeRow | undefined> {
      return db.selectFrom('lifetime_codes').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertMany(rows: CodeRow[]) {
      // 200 at a time: PostgreSQL and SQLite cap the parameters of one statement.
      for (let i = 0; i < rows.length; i += 200) await db.insertInto('lifetime_codes').values(rows.slice(i, i + 200)).execute();
    },
    /** Redeems an unused code for the workspace; false when someone else redeemed or revoked it meanwhile. */
    async redeem(id: string, who: { workspace_id: string; user_id: string; email: string }, at: string): Promise<boolean> {
      const r = await db
        .updateTable('lifetime_codes')
        .set({ redeemed_at: at, workspace_id: who.workspace_id, redeemed_by: who.user_id, redeemed_email: who.email })
        .where('id', '=', id)
        .where('redeemed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async revoke(id: string, at: string): Promise<boolean> {
      const r = await db.updateTable('lifetime_codes').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async heldBy(workspaceId: string): Promise<number> {
      const row = await db
        .selectFrom('lifetime_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('revoked_at', 'is', null)
        .where('redeemed_at', 'is not', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async page(status: 'all' | 'unused' | 'redeemed' | 'revoked', offset: number, limit: number) {
      let q = db.selectFrom('lifetime_codes').leftJoin('workspaces', 'workspaces.id', 'lifetime_codes.workspace_id');
      if (status === 'revoked') q = q.where('lifetime_codes.revoked_at', 'is not', null);
      else if (status === 'redeemed') q = q.where('lifetime_codes.revoked_at', 'is', null).where('lifetime_codes.redeemed_at', 'is not', null);
      else if (status === 'unused') q = q.where('lifetime_codes.revoked_at', 'is', null).where('lifetime_codes.redeemed_at', 'is', null);
      const total = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
      const rows = await q
        .selectAll('lifetime_codes')
        .select('workspaces.name as workspace_name')
        .orderBy('lifetime_codes.created_at', 'desc')
        .orderBy('lifetime_codes.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows, total: Number(total?.n ?? 0) };
    },
    async counts() {
      const rows = await db
        .selectFrom('lifetime_codes')
        .select([
          sql<string | number>`sum(case when revoked_at is null and redeemed_at is null then 1 else 0 end)`.as('unused'),
          sql<string | number>`sum(case when revoked_at is null and redeemed_at is not null then 1 else 0 end)`.as('redeemed'),
          sql<string | number>`sum(case when revoked_at is not null then 1 else 0 end)`.as('revoked'),
        ])
        .executeTakeFirst();
      return { unused: Number(rows?.unused ?? 0), redeemed: Number(rows?.redeemed ?? 0), revoked: Number(rows?.revoked ?? 0) };
    },
    workspaceName(workspaceId: string) {
      return db.selectFrom('workspaces').select('name').where('id', '=', workspaceId).executeTakeFirst();
    },
  };
}
