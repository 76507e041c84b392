// A review request as the API serves it (ReviewRequest of shared/api/marketplace.ts), for the
// owner's routes and the admin area alike: the stored row, the number of its version and its
// decisions. The rich description is cleaned again on the way out, whatever was stored.
import type { Selectable } from 'kysely';
import type { ReviewDecision, ReviewRequest } from '../../../shared/api/marketplace';
import { REVIEW_STATUSES } from '../../../shared/rules/marketplace';
import type { ReviewDecisionsTable, ReviewRequestsTable } from '../../db/schema';
import { parseJson } from '../../http';
import { cleanDescription } from '../../platform/sanitize';

/** A decision row (the columns the answer needs). */
type DecisionRow = Pick<Selectable<ReviewDecisionsTable>, 'id' | 'decision' | 'reason' | 'reviewer_name' | 'version_number' | 'decided_at'>;

export function decisionOut(d: DecisionRow): ReviewDecision {
  return {
    id: d.id,
    decision: d.decision === 'approved' ? 'approved' : 'rejected',
    reason: d.reason,
    reviewer_name: d.reviewer_name,
    version: Number(d.version_number),
    decided_at: d.decided_at,
  };
}

const statusOf = (s: string): ReviewRequest['status'] => REVIEW_STATUSES.find((x) => x === s) ?? 'pending';
const strings = (json: string) => parseJson<unknown[]>(json, []).filter((t): t is string => typeof t === 'string');

export function reviewRequestOut(row: Selectable<ReviewRequestsTable>, version: number, decisions: DecisionRow[]): ReviewRequest {
  return {
    id: row.id,
    app_id: row.app_id,
    status: statusOf(row.status),
    title: row.title,
    summary: row.summary,
    tags: strings(row.tags),
    // Cleaned again on the way out: a rule tightened since also covers what was stored before.
    description: cleanDescription(row.description),
    category: row.category,
    price: Number(row.price_cents) / 100,
    is_free: Number(row.is_free) === 1,
    thumbnail: row.thumbnail,
    thumbnail_bg_color: row.thumbnail_bg_color,
    additional_images: strings(row.additional_images),
    rejection_reason: row.rejection_reason,
    is_public: Number(row.is_public) === 1,
    sign_in_method: row.sign_in_method,
    // Rows written before 0025 read as 1 (its default).
    with_data: Number(row.with_data ?? 1) !== 0,
    version,
    submitted_at: row.submitted_at,
    updated_at: row.updated_at,
    decisions: decisions.map(decisionOut),
  };
}
