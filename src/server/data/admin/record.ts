// A review request as the admin area serves it (QueueItem of shared/api/admin.ts): the stored row,
// its decisions, its app and owner, and where the frozen version under review opens. The rich
// description is cleaned again on the way out, whatever was stored.
import type { QueueItem } from '../../../shared/api/admin';
import { reviewRequestOut } from '../marketplace/record';
import type { QueueRow, ReviewDecisionRow } from './repo';

/** One queue item; `decisions` are the request's own, newest first. */
export function queueItem(row: QueueRow, decisions: ReviewDecisionRow[]): QueueItem {
  return {
    ...reviewRequestOut(row, Number(row.version_number ?? 0), decisions),
    app_name: row.app_name ?? '',
    app_subdomain: row.app_subdomain ?? '',
    owner_name: row.owner_name ?? '',
    owner_email: row.owner_email ?? '',
    // The frozen copy opens on the base host under its own subdomain, read-only.
    preview_url: row.snapshot_subdomain ? `/${row.snapshot_subdomain}` : '',
    content_hash: row.content_hash ?? '',
  };
}
