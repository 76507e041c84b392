// The only SQL of template purchases (issue 15). A purchase is a record of money: it is never
// deleted, and only the signed Stripe webhooks move it to paid, refunded or disputed.
import type { Db } from '../../db';

export function purchasesRepo(db: Db) {
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
  };
}
