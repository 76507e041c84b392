// A review request as the admin area serves it (QueueItem of shared/api/admin.ts): the stored row,
// its decisions, its app and owner, and where the frozen version under review opens. The rich
// description is cleaned again on the way out, whatever was stored.
import sanitizeHtml from 'sanitize-html';
import type { QueueItem } from '../../../shared/api/admin';
import type { ReviewDecision } from '../../../shared/api/marketplace';
import { REVIEW_STATUSES } from '../../../shared/rules/marketplace';
import { parseJson } from '../../http';
import type { QueueRow, ReviewDecisionRow } from './repo';

const COLOUR = [/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i];

/** What the marketplace editor's toolbar can make (shell §5): headings 1-3, marks, colours, lists, quotes, code, links, inline images. */
const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'span', 'mark', 'ol', 'ul', 'li', 'blockquote', 'pre', 'code', 'a', 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'], span: ['style'], mark: ['style'] },
  allowedStyles: { span: { color: COLOUR, 'background-color': COLOUR }, mark: { color: COLOUR, 'background-color': COLOUR } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

export function cleanDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_HTML);
}

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
