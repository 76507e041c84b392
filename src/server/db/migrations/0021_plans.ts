// Plans (issue 18): Stripe Billing customers and subscriptions of workspaces, and lifetime-deal
// codes. `workspaces.is_free_plan` stays the spec's flag; billing/plans.ts keeps it in step with
// what these tables hold (an active subscription or a redeemed code → paid).
import type { Kysely, Migration } from 'kysely';

export const plans: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('billing_customers')
      .addColumn('workspace_id', 'varchar(32)', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
      /** Stripe's customer id (cus_…). */
      .addColumn('customer_id', 'varchar(100)', (c) => c.notNull().unique())
      /** 'paid' | 'failed': the last invoice event Stripe sent; null before any. */
      .addColumn('last_invoice_status', 'varchar(20)')
      /** When Stripe created that event (ISO): an older one arriving late changes nothing. */
      .addColumn('last_invoice_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('billing_subscriptions')
      /** Stripe's subscription id (sub_…). */
      .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('customer_id', 'varchar(100)', (c) => c.notNull())
      /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
      .addColumn('status', 'varchar(30)', (c) => c.notNull())
      .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('current_period_end', 'varchar(30)')
      /** When Stripe created the event this row was last set from (ISO). */
      .addColumn('event_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('billing_subscriptions_workspace_idx').on('billing_subscriptions').column('workspace_id').execute();
    await db.schema
      .createTable('lifetime_codes')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      /** sha256 of the code: the code itself is shown once, when generated. */
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
      /** Its last four characters, to tell codes apart in lists. */
      .addColumn('hint', 'varchar(8)', (c) => c.notNull())
      .addColumn('batch_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      /** The provider admin who generated it (null once that admin is gone). */
      .addColumn('created_by', 'varchar(32)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('redeemed_at', 'varchar(30)')
      /** The workspace it raised, and the account that redeemed it; kept when they are deleted (null). */
      .addColumn('workspace_id', 'varchar(32)', (c) => c.references('workspaces.id').onDelete('set null'))
      .addColumn('redeemed_by', 'varchar(32)')
      .addColumn('redeemed_email', 'varchar(320)')
      .addColumn('revoked_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('lifetime_codes_workspace_idx').on('lifetime_codes').column('workspace_id').execute();
    await db.schema.createIndex('lifetime_codes_created_idx').on('lifetime_codes').columns(['created_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('lifetime_codes').execute();
    await db.schema.dropTable('billing_subscriptions').execute();
    await db.schema.dropTable('billing_customers').execute();
  },
};
