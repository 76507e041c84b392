// Helpers for files the blocks offer for download.
import { stripControlChars } from '../shared/rules/control-chars';

/** File name of a downloaded chart or table: the title, else the block kind. */
export function downloadName(title: unknown, fallback: string, ext: string): string {
  const base = stripControlChars((typeof title === 'string' ? title : '').trim()).replace(/[\\/:*?"<>|]+/g, '').replace(/\s+/g, ' ');
  return `${base || fallback}.${ext}`;
}

/** Hands a file to the browser's download (the object URL is released once the click has started it). */
export function saveFile(content: Blob, name: string) {
  const url = URL.createObjectURL(content);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
