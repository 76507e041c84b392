// Marketplace, part 2 (issue 15): what visitors see and get. A published template is listed from
// its own row (written when a reviewer approves a version, so a later submission under review
// does not change what the marketplace shows); purchases are kept as records of money (no cascade
// from the template or the buyer); an app cloned from a template remembers where it came from.
import type { Kysely, Migration } from 'kysely';

export const templateMarket: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('marketplace_templates')
      /** The review request's id: one listing per submitted app. */
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey().references('review_requests.id').onDelete('cascade'))
      /** The name-to-slug rule of the title, unique (-2, -3... when taken); kept when the title changes. */
      .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
      /** The seller's workspace. */
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('seller_name', 'varchar(200)', (c) => c.notNull())
      /** 'board' | 'multipage' (the app's kind). */
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('summary', 'varchar(400)', (c) => c.notNull())
      /** JSON array of strings. */
      .addColumn('tags', 'text', (c) => c.notNull())
      /** Cleaned rich HTML (cleaned again when served). */
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(60)', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('is_free', 'integer', (c) => c.notNull())
      .addColumn('thumbnail', 'varchar(2000)', (c) => c.notNull())
      .addColumn('thumbnail_bg_color', 'varchar(20)', (c) => c.notNull())
      /** JSON array of image URLs. */
      .addColumn('additional_images', 'text', (c) => c.notNull())
      /** Lower-case title, summary, tags and category: what the listing's search looks in. */
      .addColumn('search_text', 'text', (c) => c.notNull())
      /** The approved version visitors preview and clone. */
      .addColumn('version_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('version_number', 'integer', (c) => c.notNull())
      .addColumn('snapshot_app_id', 'varchar(32)', (c) => c.notNull())
      /** First approval (the listing's "newest"). */
      .addColumn('published_at', 'varchar(30)', (c) => c.notNull())
      /** Latest approval. */
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('marketplace_templates_published_idx').on('marketplace_templates').columns(['published_at', 'id']).execute();
    await db.schema.createIndex('marketplace_templates_category_idx').on('marketplace_templates').columns(['category', 'published_at']).execute();
    await db.schema.createIndex('marketplace_templates_free_idx').on('marketplace_templates').columns(['is_free', 'published_at']).execute();
    await db.schema.createIndex('marketplace_templates_snapshot_idx').on('marketplace_templates').column('snapshot_app_id').execute();

    await db.schema
      .createTable('template_purchases')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      /** No foreign keys here: a record of money outlives the listing and the accounts. */
      .addColumn('template_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('buyer_user_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('buyer_workspace_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('seller_workspace_id', 'varchar(32)', (c) => c.notNull())
      /** The version published when the buyer paid. */
      .addColumn('version_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      /** The provider's application fee (MARKETPLACE_FEE_PERCENT of the amount). */
      .addColumn('fee_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(10)', (c) => c.notNull())
      /** 'pending' (checkout open) | 'paid' | 'refunded' | 'disputed' | 'expired'. */
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('checkout_session_id', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('payment_intent_id', 'varchar(200)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('paid_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('template_purchases_buyer_idx').on('template_purchases').columns(['buyer_user_id', 'template_id', 'status']).execute();
    await db.schema.createIndex('template_purchases_intent_idx').on('template_purchases').column('payment_intent_id').execute();

    await db.schema
      .createTable('app_origins')
      .addColumn('app_id', 'varchar(32)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      /** The template (marketplace_templates.id) and the version the app was cloned from. */
      .addColumn('template_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('version_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('version_number', 'integer', (c) => c.notNull())
      /** 1: with the sample data; 0: structure only. */
      .addColumn('with_rows', 'integer', (c) => c.notNull())
      .addColumn('cloned_by', 'varchar(32)', (c) => c.notNull())
      .addColumn('cloned_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('app_origins_template_idx').on('app_origins').column('template_id').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const t of ['app_origins', 'template_purchases', 'marketplace_templates']) await db.schema.dropTable(t).execute();
  },
};
