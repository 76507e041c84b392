// The only SQL of template purchases (issue 15). A purchase is a record of money: it is never
// deleted, and only the signed Stripe webhooks move it to paid, refunded or disputed.
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { MarketplaceTemplatesTable, PurchaseStatus, TemplatePurchasesTable } from '../../db/schema';

export type PurchaseRow = Selectable<TemplatePurchasesTable>;
export type ListingRow = Pick<Selectable<MarketplaceTemplatesTable>, 'id' | 'slug' | 'title' | 'workspace_id' | 'price_cents' | 'is_free' | 'version_id'>;
/** A listing's public names, for a purchase's answer. */
export type ListingNames = { id: string; title: string; slug: string; subdomain: string };

export function purchasesRepo(db: Db) {
  /** The buyer's purchases of the template, latest first. */
  const purchasesOf = (userId: string, templateId: string) =>
    db.selectFrom('template_purchases').selectAll().where('buyer_user_id', '=', userId).where('template_id', '=', templateId).orderBy('created_at', 'desc');
  return {
    /** Whether the user holds a paid (not refunded, not disputed) purchase of the template. */
    async hasPaid(userId: string, templateId: string): Promise<boolean> {
      const r = await db
        .selectFrom('template_purchases')
        .select('id')
        .where('buyer_user_id', '=', userId)
        .where('template_id', '=', templateId)
        .where('status', '=', 'paid')
        .limit(1)
        .executeTakeFirst();
      return !!r;
    },
    /** Of `templateIds`, those the user holds a paid purchase of (one query for a listing page). */
    async paidAmong(userId: string, templateIds: readonly string[]): Promise<Set<string>> {
      if (templateIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('template_purchases')
        .select('template_id')
        .where('buyer_user_id', '=', userId)
        .where('template_id', 'in', [...templateIds])
        .where('status', '=', 'paid')
        .execute();
      return new Set(rows.map((r) => r.template_id));
    },
    /** The listed template a buyer asks to pay for (undefined: not listed). */
    listing(templateId: string): Promise<ListingRow | undefined> {
      return db
        .selectFrom('marketplace_templates')
        .select(['id', 'slug', 'title', 'workspace_id', 'price_cents', 'is_free', 'version_id'])
        .where('id', '=', templateId)
        .executeTakeFirst();
    },
    /** The listing's names and its version's subdomain (undefined: unlisted since). */
    async listingNames(templateId: string): Promise<ListingNames | undefined> {
      const r = await db
        .selectFrom('marketplace_templates as t')
        .innerJoin('apps as a', 'a.id', 't.snapshot_app_id')
        .select(['t.id', 't.title', 't.slug', 'a.subdomain'])
        .where('t.id', '=', templateId)
        .executeTakeFirst();
      return r ? { id: r.id, title: r.title, slug: r.slug, subdomain: r.subdomain } : undefined;
    },
    /** Whether the user is a joined editor of the workspace (a seller's editor buys nothing of it). */
    async editsWorkspace(userId: string, workspaceId: string): Promise<boolean> {
      const r = await db
        .selectFrom('workspace_editors')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .where('joined_at', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return !!r;
    },
    /** The buyer's latest pending purchase of the template (a checkout possibly still open). */
    latestPending(userId: string, templateId: string): Promise<PurchaseRow | undefined> {
      return purchasesOf(userId, templateId).where('status', '=', 'pending').limit(1).executeTakeFirst();
    },
    /** The buyer's latest settled (no longer pending) purchase of the template. */
    latestSettled(userId: string, templateId: string): Promise<PurchaseRow | undefined> {
      return purchasesOf(userId, templateId).where('status', '!=', 'pending').orderBy('id', 'desc').limit(1).executeTakeFirst();
    },
    async insert(row: PurchaseRow): Promise<void> {
      await db.insertInto('template_purchases').values(row).execute();
    },
    bySession(sessionId: string): Promise<PurchaseRow | undefined> {
      return db.selectFrom('template_purchases').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirst();
    },
    byId(id: string): Promise<PurchaseRow | undefined> {
      return db.selectFrom('template_purchases').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Purchases paid through a PaymentIntent (one, in practice). */
    byPaymentIntent(paymentIntentId: string): Promise<PurchaseRow[]> {
      return db.selectFrom('template_purchases').selectAll().where('payment_intent_id', '=', paymentIntentId).execute();
    },
    /**
     * Moves a purchase to `to` only from one of `from` (the state machine lives in the caller; the
     * condition makes a concurrent delivery harmless). True when it moved.
     */
    async transition(
      id: string,
      from: readonly PurchaseStatus[],
      to: PurchaseStatus,
      at: string,
      extra: { paid_at?: string; payment_intent_id?: string } = {},
    ): Promise<boolean> {
      const r = await db
        .updateTable('template_purchases')
        .set({ status: to, updated_at: at, ...extra })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
