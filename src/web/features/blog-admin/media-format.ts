// Words for the media library: file sizes, dimensions, and the absolute address "Copy URL" gives.

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'N/A';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}

export function formatDimensions(width: number, height: number): string {
  return width > 0 && height > 0 ? `${width} × ${height} px` : 'N/A';
}

/** The image's address as anyone can open it: a path of this site made absolute. */
export function absoluteMediaUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** The address a post's <img> uses (served publicly): never the file's bytes inline. */
export function mediaSrc(id: string): string {
  return `/api/blog/media/${encodeURIComponent(id)}`;
}

/** A file name without its extension, as a first alternative text. */
export function altFromName(name: string): string {
  return name.replace(/\.[a-z0-9]{2,5}$/i, '').replace(/[-_]+/g, ' ').trim();
}
