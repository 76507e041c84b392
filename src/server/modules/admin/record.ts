// A review request as the admin area serves it (QueueItem of shared/api/admin.ts): the stored row,
// its decisions, its app and owner, and where the frozen version under review opens. The rich
// description is cleaned again on the way out, whatever was stored.
import type { QueueItem } from '../../../shared/api/admin';
import type { ReviewDecision } from '../../../shared/api/marketplace';
import { REVIEW_STATUSES } from '../../../shared/rules/marketplace';
import { parseJson } from '../../http';
import { cleanDescription } from '../marketplace/sanitize';
import type { QueueRow, ReviewDecisionRow } from './repo';

export function decisionOut(d: ReviewDecisionRow): ReviewDecision {
  return {
    id: d.id,
    decision: d.decision === 'approved' ? 'approved' : 'rejected',
    reason: d.reason,
    reviewer_name: d.reviewer_name,
    version: Number(d.version_number),
    decided_at: d.decided_at,
  };
}

const statusOf = (s: string): QueueItem['status'] => (REVIEW_STATUSES as readonly string[]).find((x) => x === s) as QueueItem['status'] | undefined ?? 'pending';

/** One queue item; `decisions` are the request's own, newest first. */
export function queueItem(row: QueueRow, decisions: ReviewDecisionRow[]): QueueItem {
  return {
    id: row.id,
    app_id: row.app_id,
    status: statusOf(row.status),
    title: row.title,
    summary: row.summary,
    tags: parseJson<string[]>(row.tags, []).filter((t) => typeof t === 'string'),
    description: cleanDescription(row.description),
    category: row.category,
    price: Number(row.price_cents) / 100,
    is_free: Number(row.is_free) === 1,
    thumbnail: row.thumbnail,
    thumbnail_bg_color: row.thumbnail_bg_color,
    additional_images: parseJson<string[]>(row.additional_images, []).filter((t) => typeof t === 'string'),
    rejection_reason: row.rejection_reason,
    is_public: Number(row.is_public) === 1,
    sign_in_method: row.sign_in_method,
    version: Number(row.version_number ?? 0),
    submitted_at: row.submitted_at,
    updated_at: row.updated_at,
    decisions: decisions.map(decisionOut),
    app_name: row.app_name ?? '',
    app_subdomain: row.app_subdomain ?? '',
    owner_name: row.owner_name ?? '',
    owner_email: row.owner_email ?? '',
    // The frozen copy opens on the base host under its own subdomain, read-only.
    preview_url: row.snapshot_subdomain ? `/${row.snapshot_subdomain}` : '',
    content_hash: row.content_hash ?? '',
  };
}
