// The SQL of marketplace review requests (one per app; no row is the status "none").
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ReviewRequestsTable } from '../../db/schema';

export type ReviewRequestRow = Selectable<ReviewRequestsTable>;

/** What a submission writes (the rest is set when the row is made, or by reviewers). */
export type SubmissionFields = Pick<
  ReviewRequestRow,
  | 'title'
  | 'summary'
  | 'tags'
  | 'description'
  | 'category'
  | 'price_cents'
  | 'is_free'
  | 'thumbnail'
  | 'thumbnail_bg_color'
  | 'additional_images'
  | 'is_public'
  | 'sign_in_method'
  | 'with_data'
  | 'submitted_at'
  | 'updated_at'
>;

export function reviewRequestsRepo(db: Db) {
  return {
    byApp(appId: string) {
      return db.selectFrom('review_requests').selectAll().where('app_id', '=', appId).executeTakeFirst();
    },
    async insert(row: ReviewRequestRow) {
      await db.insertInto('review_requests').values(row).execute();
    },
    /**
     * A resubmission (from rejected) or an update (from published): back to pending, with the new
     * form fields; published_version_id is kept. A racing one finds it pending already. True when moved.
     */
    async resubmit(id: string, fields: SubmissionFields): Promise<boolean> {
      const r = await db
        .updateTable('review_requests')
        .set({ ...fields, status: 'pending', rejection_reason: null })
        .where('id', '=', id)
        .where('status', 'in', ['rejected', 'published'])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async setVersion(id: string, versionId: string) {
      await db.updateTable('review_requests').set({ version_id: versionId }).where('id', '=', id).execute();
    },
    /** Deletes the request if it is still in one of `statuses` and never had a version published; true when deleted. */
    async deleteIn(id: string, statuses: string[]): Promise<boolean> {
      const r = await db.deleteFrom('review_requests').where('id', '=', id).where('status', 'in', statuses).where('published_version_id', 'is', null).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    async versionNumber(versionId: string | null): Promise<number> {
      if (!versionId) return 0;
      const r = await db.selectFrom('template_versions').select('number').where('id', '=', versionId).executeTakeFirst();
      return r ? Number(r.number) : 0;
    },
    decisions(requestId: string) {
      return db
        .selectFrom('review_decisions')
        .select(['id', 'decision', 'reason', 'reviewer_name', 'version_number', 'decided_at'])
        .where('request_id', '=', requestId)
        // Newest first, as the admin area lists them.
        .orderBy('decided_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    uploads(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('uploads').select(['id', 'workspace_id', 'app_id', 'type', 'size']).where('id', 'in', ids).execute();
    },
  };
}
