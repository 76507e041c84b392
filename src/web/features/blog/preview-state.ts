// What the preview banner says about a post that is not live: scheduled for a time still to come,
// or not published yet (a draft, whose published_at is null). The contract gives a preview only
// `published_at`, which for a scheduled post is the time it goes live.
import { formatInstant } from '../../lib/dates';

export type PreviewKind = 'live' | 'scheduled' | 'draft';

export function previewKind(preview: boolean, publishedAt: string | null, now: number = Date.now()): PreviewKind {
  const at = publishedAt ? new Date(publishedAt).getTime() : NaN;
  if (!Number.isNaN(at) && at > now) return 'scheduled';
  return preview ? 'draft' : 'live';
}

export function previewBannerText(kind: PreviewKind, publishedAt: string | null): string {
  if (kind === 'scheduled') return `Preview — this post is scheduled for ${formatInstant(publishedAt)}`;
  if (kind === 'draft') return 'Preview — this post is not published yet';
  return 'This post is published: everyone can read it.';
}

/** The preview list's word for a post. */
export function previewStatusLabel(publishedAt: string | null, now: number = Date.now()): string {
  return previewKind(true, publishedAt, now) === 'scheduled' ? 'Scheduled' : 'Draft';
}
