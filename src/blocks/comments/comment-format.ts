// Display helpers of the comments view (pure): when a comment was posted, in words, and the pages.

/** '2 minutes ago', 'yesterday', else 'Mar 5, 2024'. `now` is injected for tests. */
export function timeAgo(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} hour${h === 1 ? '' : 's'} ago`;
  const d = Math.round(h / 24);
  if (d === 1) return 'yesterday';
  if (d < 7) return `${d} days ago`;
  return new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Pages for `total` items by `limit`: the current page (1-based) and how many there are. */
export function pagesOf(offset: number, limit: number, total: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  return { page: Math.min(pages, Math.floor(offset / Math.max(1, limit)) + 1), pages };
}

/** Initials for the avatar ('Ann Lee' → 'AL'). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}
