// Marketplace, part 1 (issue 14): the provider's admin accounts and their sessions (separate from
// owners), review requests (one per app), the frozen template versions a submission makes, every
// reviewer decision, and the sellers' Stripe Connect accounts.
import type { Kysely, Migration } from 'kysely';

export const marketplace: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admins')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      /** Lower-case. */
      .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('admin_sessions')
      /** sha256 of the cookie's token. */
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('admin_id', 'varchar(32)', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_sessions_admin_idx').on('admin_sessions').column('admin_id').execute();

    await db.schema
      .createTable('review_requests')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().unique().references('apps.id').onDelete('cascade'))
      .addColumn('workspace_id', 'varchar(32)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      /** 'pending' | 'published' | 'rejected' (no row: none). */
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('summary', 'varchar(400)', (c) => c.notNull())
      /** JSON array of strings. */
      .addColumn('tags', 'text', (c) => c.notNull())
      /** Cleaned rich HTML. */
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(60)', (c) => c.notNull())
      /** US cents (0 for a free template). */
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('is_free', 'integer', (c) => c.notNull())
      .addColumn('thumbnail', 'varchar(2000)', (c) => c.notNull())
      .addColumn('thumbnail_bg_color', 'varchar(20)', (c) => c.notNull())
      /** JSON array of image URLs. */
      .addColumn('additional_images', 'text', (c) => c.notNull())
      .addColumn('rejection_reason', 'text')
      .addColumn('is_public', 'integer', (c) => c.notNull())
      .addColumn('sign_in_method', 'varchar(50)', (c) => c.notNull())
      /** The version under review, or published. */
      .addColumn('version_id', 'varchar(32)')
      /** The version visitors get (set on approval; kept while a newer one is reviewed). */
      .addColumn('published_version_id', 'varchar(32)')
      .addColumn('submitted_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('review_requests_status_idx').on('review_requests').columns(['status', 'submitted_at']).execute();

    await db.schema
      .createTable('template_versions')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('request_id', 'varchar(32)', (c) => c.notNull().references('review_requests.id').onDelete('cascade'))
      /** The app it was taken from (it may be deleted later; the version stays). */
      .addColumn('source_app_id', 'varchar(32)', (c) => c.notNull())
      /** 1, 2, ... per request. */
      .addColumn('number', 'integer', (c) => c.notNull())
      /** sha256 (hex) of the snapshot's canonical JSON. */
      .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
      /**
       * The frozen copy: an app (with its pages, blocks and copies of the sheets it uses) in the
       * provider's marketplace workspace, never edited; previews read it, clones copy it.
       */
      .addColumn('snapshot_app_id', 'varchar(32)', (c) => c.references('apps.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('template_versions_request_idx').on('template_versions').columns(['request_id', 'number']).unique().execute();

    await db.schema
      .createTable('review_decisions')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('request_id', 'varchar(32)', (c) => c.notNull().references('review_requests.id').onDelete('cascade'))
      .addColumn('version_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('version_number', 'integer', (c) => c.notNull())
      /** Kept even if the admin account is deleted later. */
      .addColumn('admin_id', 'varchar(32)')
      .addColumn('reviewer_name', 'varchar(200)', (c) => c.notNull())
      /** 'approved' | 'rejected'. */
      .addColumn('decision', 'varchar(20)', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('decided_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('review_decisions_request_idx').on('review_decisions').columns(['request_id', 'decided_at']).execute();

    await db.schema
      .createTable('stripe_accounts')
      .addColumn('workspace_id', 'varchar(32)', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
      .addColumn('account_id', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('charges_enabled', 'integer', (c) => c.notNull())
      .addColumn('payouts_enabled', 'integer', (c) => c.notNull())
      .addColumn('details_submitted', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    /** Webhook events already handled (Stripe may deliver one more than once). */
    await db.schema
      .createTable('stripe_events')
      .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('type', 'varchar(100)', (c) => c.notNull())
      .addColumn('received_at', 'varchar(30)', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const t of ['stripe_events', 'stripe_accounts', 'review_decisions', 'template_versions', 'review_requests', 'admin_sessions', 'admins'])
      await db.schema.dropTable(t).execute();
  },
};
