// Helpers for files the blocks offer for download.

/** File name of a downloaded chart or table: the title, else the block kind. */
export function downloadName(title: unknown, fallback: string, ext: string): string {
  const base = (typeof title === 'string' ? title : '').trim().replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '').replace(/\s+/g, ' ');
  return `${base || fallback}.${ext}`;
}
